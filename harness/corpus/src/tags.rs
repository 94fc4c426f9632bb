//! The closed vocabulary of tags a case may carry. A tag says what a case is about so that
//! cases can be found and counted by topic; the list is printed in `corpus/README.md` (a test
//! keeps the two in step).

/// Every tag with a one-line meaning, in the order the README prints them.
pub const TAGS: &[(&str, &str)] = &[
    // What each side does, as a whole.
    ("长将", "a side checks on every move"),
    ("长杀", "a side threatens mate on every move"),
    ("长捉", "a side chases on every move"),
    (
        "长打",
        "a side attacks (checks, mate threats, chases) on every move",
    ),
    ("一将一捉", "a side alternates check and chase"),
    ("一将一杀", "a side alternates check and mate threat"),
    ("一杀一捉", "a side alternates mate threat and chase"),
    ("一将一闲", "a side alternates check and an idle move"),
    ("一捉一闲", "a side alternates chase and an idle move"),
    ("长兑", "a side offers an exchange on every move"),
    ("长献", "a side offers a piece on every move"),
    ("长拦", "a side blocks on every move"),
    ("长跟", "a side follows on every move"),
    ("双方长打", "both sides attack on every move"),
    ("多点长打", "a side attacks several targets in turn"),
    // What makes a move a chase, or not.
    (
        "联合捉",
        "several pieces together win a piece (joint chase)",
    ),
    ("捉车", "a rook is the target"),
    ("捉无根子", "an unprotected piece is the target"),
    (
        "捉少根子",
        "a piece with fewer protectors than attackers is the target",
    ),
    ("从捉到捉", "a chase carried over from the previous move"),
    ("兵卒", "pawns: attacks by or on pawns"),
    ("帅将", "kings: attacks by the king"),
    ("断根", "a move cuts a protection"),
    ("暗根", "a hidden protection (revealed by a move)"),
    (
        "假根",
        "a false protection (the protector cannot take back)",
    ),
    ("抽将", "a discovered check that wins material"),
    (
        "完整交换",
        "a complete exchange decides whether material is won",
    ),
    ("应将", "a move that answers a check"),
    // Combined natures.
    ("兑兼捉", "an exchange offer that also chases"),
    ("献兼捉", "a piece offer that also chases"),
    ("兑兼杀", "an exchange offer that also threatens mate"),
    // How the verdict is reached.
    ("守和要点", "defending a drawing point"),
    ("从重", "the heavier offence decides"),
    ("外来点", "a point outside the cycle (an external factor)"),
    ("九回合", "the nine-round rule"),
    (
        "无着可变",
        "the side that must change has no other move and loses",
    ),
    // About the record itself.
    ("勘误", "a published answer is in doubt (candidate erratum)"),
    ("复原局面", "the position was reconstructed from the text"),
    ("排局", "a composed problem"),
];

/// A tag from [`TAGS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(transparent)]
pub struct Tag(&'static str);

impl Tag {
    pub fn from_name(name: &str) -> Option<Tag> {
        TAGS.iter().find(|(t, _)| *t == name).map(|(t, _)| Tag(t))
    }

    pub const fn name(self) -> &'static str {
        self.0
    }
}

impl std::fmt::Display for Tag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

/// The tag names, for messages that list what was expected.
pub fn names() -> String {
    TAGS.iter().map(|(t, _)| *t).collect::<Vec<_>>().join(" ")
}

/// The tag list as `corpus/README.md` prints it.
pub fn markdown_table() -> String {
    let mut s = String::from("| tag | meaning |\n|---|---|\n");
    for (t, m) in TAGS {
        s.push_str(&format!("| {t} | {m} |\n"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for (t, _) in TAGS {
            assert!(seen.insert(t), "{t} twice");
        }
        assert_eq!(Tag::from_name("长将").map(Tag::name), Some("长将"));
        assert_eq!(Tag::from_name("长吃"), None);
    }
}

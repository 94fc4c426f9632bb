//! From labels to each side's class and the verdict (24.9–24.14, 25, 26.9).
//!
//! A side whose every move checks plays 长将; a side whose every move is 将, 杀 or 捉 plays a
//! forbidden cycle (禁止着法); one idle move makes the cycle allowed (允许着法). Forbidden cycles
//! come in two weights (26.9.2, 26.9.3): chasing a rook or a rootless piece with a single
//! piece, checks and mate threats are the heavier; a cycle with a joint chase (联合捉) or a
//! chase of a short-rooted piece (少根子) is the lighter. The matrix (checked against every
//! published verdict of the 2011 book):
//!
//! | red \ black | allowed | 长将 | heavy | light |
//! |---|---|---|---|---|
//! | allowed | draw | black changes | black changes | black changes |
//! | 长将 | red changes | draw | red changes | red changes |
//! | heavy | red changes | black changes | draw | red changes |
//! | light | red changes | black changes | black changes | draw |
//!
//! The side that must change and cannot (no other legal move at any of its turns) loses (图6).

use crate::rules::rulebook::{Perpetual, RuleBook};
use crate::rules::verdict::{SideClass, Verdict};
use crate::rules::Threat as Found;
use crate::rules::{ChaseKind, Label, Rootedness};
use crate::{Color, Move, Position};

/// One side's plies in the judged sequence.
pub(crate) struct SidePlies<'a> {
    pub labels: Vec<Label>,
    pub chases: Vec<&'a [Found]>,
    /// The opponent's move after each ply (round the cycle after the last), which moves a
    /// chased piece on; `None` where there is none.
    pub replies: Vec<Option<Move>>,
    /// The positions before and after each reply (the second where the side moves again);
    /// `None` where there is no reply.
    pub around_replies: Vec<Option<(&'a Position, &'a Position)>>,
}

/// The class of one side's cycle.
pub(crate) fn classify_side(side: &SidePlies<'_>, book: &RuleBook) -> SideClass {
    if book.adjudication.perpetual == Perpetual::OneKind {
        return one_kind(side);
    }
    let doubt_is_idle = book.adjudication.doubt_is_idle;
    let idle = |l: &Label| !l.is_attack() && (*l != Label::Undetermined || doubt_is_idle);
    if side.labels.is_empty() || side.labels.iter().any(idle) {
        return SideClass::Allowed;
    }
    // Only an idle move makes a cycle allowed; whether the undetermined one is, is unknown.
    if side.labels.contains(&Label::Undetermined) {
        return SideClass::Undetermined;
    }
    // The 排局 draft forbids only 二打 or more: a single attack is not a forbidden cycle.
    if side.labels.len() < book.adjudication.least_attacks {
        return SideClass::Allowed;
    }
    if side.labels.iter().all(|&l| l == Label::Check) {
        return SideClass::LongCheck;
    }
    // A ply is named by its biggest threat (the most valuable target; between equals, the
    // heavier kind): 参考图14's rook chased jointly outweighs a pawn picked up on the way, 图25's
    // rook chased by one horse outweighs a cannon won jointly. The side is the lighter kind if
    // one of its chasing plies is.
    let light = side.labels.iter().zip(&side.chases).any(|(&l, chases)| {
        let soft =
            |f: &Found| f.kind == ChaseKind::Joint || f.rootedness == Rootedness::ShortRooted;
        l == Label::Chase
            && chases
                .iter()
                .max_by_key(|f| (f.target_worth(), !soft(f)))
                .is_some_and(soft)
    });
    if light {
        SideClass::ForbiddenSoft
    } else {
        SideClass::ForbiddenHard
    }
}

/// The Asian rules' classes: every move a check is perpetual check; every move a chase, with
/// one piece chased on every one of them (followed as it moves), is perpetual chase (rule 32:
/// chasing different pieces in turn is allowed); anything else is allowed.
fn one_kind(side: &SidePlies<'_>) -> SideClass {
    if side.labels.is_empty() {
        return SideClass::Allowed;
    }
    if side.labels.iter().all(|&l| l == Label::Check) {
        return SideClass::LongCheck;
    }
    if !every_move_chases(side) {
        return SideClass::Allowed;
    }
    if side.labels.contains(&Label::Undetermined) {
        return SideClass::Undetermined;
    }
    // One and the same piece chased throughout is perpetual chase, whatever the piece and
    // whatever chases it: a horse or cannon after a rook (rule 15) is no heavier than the
    // rook's side chasing back, so a rook and a horse chasing each other draw (§2.4: equal
    // violations draw).
    if chased_throughout(side, true).is_empty() {
        SideClass::Allowed
    } else {
        SideClass::ForbiddenHard
    }
}

/// Whether every move of the side chases (or may: undetermined). An answer to check is no
/// exception: it must chase too (a rook that answers a cannon's check by stepping back next to
/// it attacks the cannon it may take, AXF 427), as in Fairy-Stockfish, where the chased pieces
/// of every move of the loop are intersected.
fn every_move_chases(side: &SidePlies<'_>) -> bool {
    let chasing = |l: &Label| matches!(l, Label::Chase | Label::Undetermined);
    side.labels.iter().all(chasing)
}

/// The pieces chased on every ply of the side, each as the squares it stands on after each of
/// the side's plies (indexed as the plies are), followed through the opponent's answers; only
/// new attacks count, not those kept up. The chased piece must answer every chase (§2.2: a
/// piece that neither moves away nor is got out of the attack is not chased perpetually, the
/// appendix's "Example of Non-Perpetual Chase").
///
/// The side's moves are a cycle, not a window with a first and a last move: a piece is followed
/// once round it, back to the ply it started from, so the pieces found, and the class, are the
/// same whichever ply of the cycle the record ends on.
pub(crate) fn chased_throughout(side: &SidePlies<'_>, answered: bool) -> Vec<Vec<crate::Square>> {
    let m = side.labels.len();
    let targets = |k: usize| -> Vec<crate::Square> {
        side.chases[k]
            .iter()
            .filter(|f| !f.standing)
            .map(|f| f.target.square)
            .collect()
    };
    let follow = |sq: crate::Square, k: usize| match side.replies[k] {
        Some(r) if r.from == sq => r.to,
        _ => sq,
    };
    if m == 0 {
        return Vec::new();
    }
    targets(0)
        .into_iter()
        .filter_map(|first| {
            let mut path = Vec::with_capacity(m);
            let mut sq = first;
            for k in 0..m {
                path.push(sq);
                if answered && ignored(side, k, sq) {
                    return None;
                }
                sq = follow(sq, k);
                if !targets((k + 1) % m).contains(&sq) {
                    return None;
                }
            }
            (sq == first).then_some(path)
        })
        .collect()
}

/// Why a side that chased on every move is allowed under the Asian rules, in the book's
/// terms: no one piece was chased throughout (rule 32), or the piece chased never answered.
pub(crate) fn why_allowed(
    side: &SidePlies<'_>,
    book: &RuleBook,
    class: SideClass,
) -> Option<&'static str> {
    // An allowed side whose every move chases has no undetermined move (that side would be
    // undetermined).
    if book.adjudication.perpetual != Perpetual::OneKind
        || class != SideClass::Allowed
        || !every_move_chases(side)
    {
        return None;
    }
    Some(if chased_throughout(side, false).is_empty() {
        "所捉不是同一子"
    } else {
        "被捉之子不应"
    })
}

/// Whether the opponent's reply to ply `k` leaves every new attack of that ply on `target`
/// standing: the target, which had a move, did not move, no attacker was taken, and each can
/// still take it.
fn ignored(side: &SidePlies<'_>, k: usize, target: crate::Square) -> bool {
    let (Some(reply), Some((before, after))) = (side.replies[k], side.around_replies[k]) else {
        return false;
    };
    let attacks: Vec<&Found> = side.chases[k]
        .iter()
        .filter(|f| !f.standing && f.target.square == target)
        .collect();
    // A piece with no move at all cannot run: standing still is no choice of its side.
    if attacks.is_empty()
        || reply.from == target
        || !before.legal_moves().iter().any(|m| m.from == target)
    {
        return false;
    }
    let legal = after.legal_moves();
    attacks.iter().all(|f| {
        reply.to != f.attacker.square && legal.contains(&Move::new(f.attacker.square, target))
    })
}

/// Which side must change, by the matrix above (or the simpler rules of the 排局 draft and
/// of 附录一, where forbidden cycles are not weighed against each other).
pub(crate) fn culprit(book: &RuleBook, red: SideClass, black: SideClass) -> Option<Color> {
    use SideClass::*;
    let weigh = book.adjudication.weighing.is_some();
    let (red, black) = if weigh {
        (red, black)
    } else {
        let flat = |c| if c == ForbiddenSoft { ForbiddenHard } else { c };
        (flat(red), flat(black))
    };
    match (red, black) {
        (Undetermined, _) | (_, Undetermined) => None,
        (Allowed, Allowed) => None,
        (Allowed, _) => Some(Color::Black),
        (_, Allowed) => Some(Color::Red),
        (LongCheck, LongCheck) => None,
        (LongCheck, _) => Some(Color::Red),
        (_, LongCheck) => Some(Color::Black),
        (ForbiddenHard, ForbiddenHard) | (ForbiddenSoft, ForbiddenSoft) => None,
        (ForbiddenHard, ForbiddenSoft) => Some(Color::Red),
        (ForbiddenSoft, ForbiddenHard) => Some(Color::Black),
    }
}

/// Whether `color` could play anything but the sequence's move at one of its turns.
pub(crate) fn can_deviate(positions: &[Position], moves: &[Move], color: Color) -> bool {
    positions
        .iter()
        .zip(moves)
        .filter(|(p, _)| p.turn() == color)
        .any(|(p, &m)| p.legal_moves().iter().any(|&l| l != m))
}

/// The verdict for the two classes.
pub(crate) fn verdict(
    book: &RuleBook,
    red: SideClass,
    black: SideClass,
    positions: &[Position],
    moves: &[Move],
) -> Verdict {
    if red == SideClass::Undetermined || black == SideClass::Undetermined {
        return Verdict::Undetermined;
    }
    match culprit(book, red, black) {
        None => Verdict::Draw,
        Some(c) => {
            let stuck = !can_deviate(positions, moves, c);
            match (c, stuck) {
                (Color::Red, false) => Verdict::RedMustChange,
                (Color::Red, true) => Verdict::RedLoses,
                (Color::Black, false) => Verdict::BlackMustChange,
                (Color::Black, true) => Verdict::BlackLoses,
            }
        }
    }
}

const DIGITS: [&str; 10] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// A count in Chinese numerals, as a referee writes it before a label: 两 for two, 十二, 二十,
/// 一百零五 (one style however long the game).
fn count_cn(n: usize) -> String {
    if n == 2 {
        return "两".to_string();
    }
    let units = [(1000, "千"), (100, "百"), (10, "十")];
    if n >= 10_000 {
        return n.to_string();
    }
    let mut out = String::new();
    let mut rest = n;
    let mut gap = false;
    for (size, name) in units {
        let d = rest / size;
        rest %= size;
        if d > 0 {
            if gap {
                out.push_str(DIGITS[0]);
                gap = false;
            }
            // 十二, not 一十二, when the count begins with the tens.
            if !(size == 10 && d == 1 && out.is_empty()) {
                out.push_str(DIGITS[d]);
            }
            out.push_str(name);
        } else if !out.is_empty() {
            gap = true;
        }
    }
    if rest > 0 {
        if gap {
            out.push_str(DIGITS[0]);
        }
        out.push_str(DIGITS[rest]);
    }
    if out.is_empty() {
        out.push_str(DIGITS[0]);
    }
    out
}

/// A referee's summary of one side's moves: 长捉, 一将一闲, 两闲, 一将两闲 …
pub(crate) fn summary(labels: &[Label]) -> String {
    let Some(&first) = labels.first() else {
        return String::new();
    };
    // 长 is a repeated attack: a single move is 一将, 一杀 or 一捉.
    if labels.len() > 1 && labels.iter().all(|&l| l == first) {
        return match first {
            Label::Idle => format!("{}闲", count_cn(labels.len())),
            l => format!("长{}", l.chinese()),
        };
    }
    let mut order: Vec<(Label, usize)> = Vec::new();
    for &l in labels {
        match order.iter_mut().find(|(k, _)| *k == l) {
            Some((_, n)) => *n += 1,
            None => order.push((l, 1)),
        }
    }
    order
        .into_iter()
        .map(|(l, n)| {
            let n = if n == 1 {
                "一".to_string()
            } else {
                count_cn(n)
            };
            format!("{n}{}", l.chinese())
        })
        .collect()
}

/// The verdict's reason, in the book's words, with the clauses it rests on.
pub(crate) fn reason(
    book: &RuleBook,
    red: (SideClass, &str),
    black: (SideClass, &str),
    verdict: Verdict,
) -> String {
    let side = |name: &str, (class, summary): (SideClass, &str)| {
        format!("{name}{summary}，为{}", book.class_name(class))
    };
    let a = &book.adjudication;
    let (general, long_check, one_forbidden) = (a.general, a.long_check, a.one_forbidden);
    let ground = match verdict {
        Verdict::Undetermined => {
            "有着法因搜索超出预算未能确定性质，而裁决取决于它；可提高预算后重判".to_string()
        }
        Verdict::Draw => match (red.0, black.0) {
            (SideClass::Allowed, SideClass::Allowed) => format!("双方均为允许着法（{general}）"),
            (SideClass::LongCheck, SideClass::LongCheck) => format!("双方均为长将（{general}）"),
            _ => match a.weighing {
                Some(w) => format!("双方均为禁止着法且轻重相当（{general}、{}）", w.clause),
                None => format!("双方均为禁止着法（{general}）"),
            },
        },
        _ => {
            let (c, o) = match verdict.culprit() {
                Some(Color::Red) => (red.0, black.0),
                _ => (black.0, red.0),
            };
            match (c, o) {
                (SideClass::LongCheck, _) => format!("单方面长将不允许（{long_check}）"),
                (_, SideClass::Allowed) => {
                    format!("禁止着法对允许着法，禁止的一方变着（{one_forbidden}）")
                }
                (SideClass::ForbiddenHard, SideClass::ForbiddenSoft) => match a.weighing {
                    Some(w) => format!("{}（{}）", w.heavier_changes, w.single_against_joint),
                    None => format!("由重的一方变着（{general}）"),
                },
                _ => format!(
                    "禁止着法对长将以外的着法，按 {} 由重的一方变着",
                    a.weighing.map_or(general, |w| w.clause)
                ),
            }
        }
    };
    format!(
        "{}；{}。{}。{}。",
        side("红方", red),
        side("黑方", black),
        ground,
        verdict.chinese()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_books_do_not_weigh_forbidden_cycles() {
        use SideClass::*;
        for book in [RuleBook::paiju(), RuleBook::cxa2011_mass()] {
            assert_eq!(culprit(&book, ForbiddenHard, ForbiddenSoft), None);
            assert_eq!(culprit(&book, ForbiddenSoft, Allowed), Some(Color::Red));
            assert_eq!(culprit(&book, LongCheck, ForbiddenHard), Some(Color::Red));
            assert_eq!(culprit(&book, LongCheck, LongCheck), None);
        }
        let one_attack = SidePlies {
            labels: vec![Label::Chase],
            chases: vec![&[]],
            replies: vec![None],
            around_replies: vec![None],
        };
        assert_eq!(
            classify_side(&one_attack, &RuleBook::paiju()),
            SideClass::Allowed
        );
        assert_eq!(
            classify_side(&one_attack, &RuleBook::cxa2011()),
            SideClass::ForbiddenHard
        );
    }

    #[test]
    fn summaries_read_like_the_book() {
        use Label::*;
        assert_eq!(summary(&[Chase, Chase]), "长捉");
        assert_eq!(summary(&[Check, Idle]), "一将一闲");
        assert_eq!(summary(&[Idle, Idle]), "两闲");
        assert_eq!(summary(&[Check, Idle, Idle]), "一将两闲");
        assert_eq!(summary(&[Exchange, Exchange, Exchange]), "长兑");
        assert_eq!(summary(&[MateThreat]), "一杀");
        assert_eq!(summary(&[Idle]), "一闲");
        let long: Vec<Label> = [vec![Idle; 62], vec![Chase; 14], vec![Check; 6]].concat();
        assert_eq!(summary(&long), "六十二闲十四捉六将");
        let cn: Vec<String> = [10, 12, 20, 21, 100, 105, 110, 1002].map(count_cn).to_vec();
        assert_eq!(
            cn,
            [
                "十",
                "十二",
                "二十",
                "二十一",
                "一百",
                "一百零五",
                "一百一十",
                "一千零二"
            ]
        );
    }

    #[test]
    fn the_matrix_names_the_heavier_side() {
        use SideClass::*;
        let book = RuleBook::cxa2011();
        let culprit = |r, b| culprit(&book, r, b);
        assert_eq!(culprit(Allowed, Allowed), None);
        assert_eq!(culprit(ForbiddenHard, Allowed), Some(Color::Red));
        assert_eq!(culprit(LongCheck, ForbiddenHard), Some(Color::Red));
        assert_eq!(culprit(ForbiddenHard, ForbiddenHard), None);
        assert_eq!(culprit(ForbiddenHard, ForbiddenSoft), Some(Color::Red));
        assert_eq!(culprit(ForbiddenSoft, ForbiddenHard), Some(Color::Black));
        assert_eq!(culprit(LongCheck, LongCheck), None);
    }
}

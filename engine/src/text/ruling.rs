//! A ruling's sentences: the summary of a side's moves (长捉, 一将一闲), the note on the cycle
//! (where it is, how it was found), the verdict's reason with its clauses.

use crate::rules::{Cycle, CycleRule, Ground, Label, Ruling, SideRuling, WhyAllowed};

const DIGITS: [&str; 10] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// A count in Chinese numerals, as a referee writes it before a label: 两 for two, 十二, 二十,
/// 一百零五 (one style however long the game).
pub fn count(n: usize) -> String {
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
pub fn summary(labels: &[Label]) -> String {
    let Some(&first) = labels.first() else {
        return String::new();
    };
    // 长 is a repeated attack: a single move is 一将, 一杀 or 一捉.
    if labels.len() > 1 && labels.iter().all(|&l| l == first) {
        return match first {
            Label::Idle => format!("{}闲", count(labels.len())),
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
            let n = if n == 1 { "一".to_string() } else { count(n) };
            format!("{n}{}", l.chinese())
        })
        .collect()
}

/// Why a side whose every move attacks is allowed, in the Asian rules' terms.
pub const fn why_allowed(why: WhyAllowed) -> &'static str {
    match why {
        WhyAllowed::NotOnePiece => "所捉不是同一子",
        WhyAllowed::Unanswered => "被捉之子不应",
    }
}

/// A side's moves as a referee summarises them, with why they are allowed where every move
/// attacks: 长捉但所捉不是同一子.
pub fn side_summary(side: &SideRuling) -> String {
    let s = summary(&side.labels);
    match side.why_allowed {
        Some(why) => format!("{s}但{}", why_allowed(why)),
        None => s,
    }
}

/// The note on a cycle: where it is, how often its position occurred, how it was entered, and
/// whether a referee would accept a claim yet; or the nine rounds.
pub fn cycle_note(c: &Cycle) -> String {
    let plies = c.start + c.len;
    if let CycleRule::NineRounds { attacker } = c.rule {
        return format!(
            "{}方在三个以上交叉点连续以犯禁着法交替长打达九个回合（第{}–{}着），未形成三次重复，按待判局面裁决",
            attacker.chinese(),
            c.start + 1,
            plies
        );
    }
    let mut note = format!(
        "第{}–{}着为循环（{}着一循环），循环局面已出现{}次",
        c.start + 1,
        plies,
        c.len,
        c.occurrences
    );
    if c.shortest != c.len {
        note.push_str(&format!(
            "（其间第{}着后局面亦同：经不同的循环重复，全部判入）",
            plies - c.shortest
        ));
    } else if c.entry > 0 {
        note.push_str(&format!(
            "（第{}着从循环之外进入，即外来点，其后的局面计入重复次数）",
            c.entry
        ));
    }
    if c.occurrences < 3 {
        note.push_str("；不足三次重复，按循环着法裁决");
    }
    if c.start > 0 {
        note.push_str(&format!("；此前{}着不在所判循环之内", c.start));
    }
    note
}

/// What a verdict rests on, with its clauses.
pub fn ground(g: Ground) -> String {
    match g {
        Ground::Undetermined { .. } => {
            "有着法因搜索超出预算未能确定性质，而裁决取决于它；可提高预算后重判".to_string()
        }
        Ground::BothAllowed { general } => format!("双方均为允许着法（{general}）"),
        Ground::BothLongCheck { general } => format!("双方均为长将（{general}）"),
        Ground::BothForbidden {
            general,
            weighing: Some(w),
        } => format!("双方均为禁止着法且轻重相当（{general}、{w}）"),
        Ground::BothForbidden { general, .. } => format!("双方均为禁止着法（{general}）"),
        Ground::OneSidedLongCheck { clause } => format!("单方面长将不允许（{clause}）"),
        Ground::ForbiddenAgainstAllowed { clause } => {
            format!("禁止着法对允许着法，禁止的一方变着（{clause}）")
        }
        Ground::SingleAgainstJoint { changes, clause } => format!("{changes}（{clause}）"),
        Ground::Heavier { general } => format!("由重的一方变着（{general}）"),
        Ground::ForbiddenAgainstForbidden { clause } => {
            format!("禁止着法对长将以外的着法，按 {clause} 由重的一方变着")
        }
        Ground::Unruled { positions, plies } => format!(
            "本局各循环段的搜索已用尽预算（共 {} 个局面或 {plies} 着，MAX_GAME_WORK / MAX_GAME_PLIES），此段未判",
            thousands(positions)
        ),
    }
}

/// A number with its thousands marked: 1,500,000.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The verdict's reason, in the book's words, with the clauses it rests on and the plies
/// judged where they are not all the moves.
pub fn reason(r: &Ruling) -> String {
    let (Some(c), Some(g)) = (&r.cycle, r.ground) else {
        return match r.ground {
            Some(g @ Ground::Unruled { .. }) => format!("{}。", ground(g)),
            _ => "着法末尾没有重复出现的局面，也不合九个回合的规定，不是待判局面。".to_string(),
        };
    };
    let side =
        |name: &str, s: &SideRuling| format!("{name}{}，为{}", side_summary(s), s.class_chinese);
    let mut reason = format!(
        "{}；{}。{}。{}。",
        side("红方", &c.red),
        side("黑方", &c.black),
        ground(g),
        r.verdict.chinese()
    );
    let (first, n) = (c.start + 1, c.start + c.len);
    match c.rule {
        CycleRule::NineRounds { .. } => {
            reason.push_str(&format!("（按九个回合的规定裁决第{first}–{n}着）"))
        }
        CycleRule::Repetition { .. } if c.start > 0 => {
            reason.push_str(&format!("（所判循环为第{first}–{n}着）"))
        }
        CycleRule::Repetition { .. } => {}
    }
    reason
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let cn: Vec<String> = [10, 12, 20, 21, 100, 105, 110, 1002].map(count).to_vec();
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

    /// The sentence of a ground cites the clause the verdict rests on (what `qili moves`
    /// reports as the clause beside the reason).
    #[test]
    fn every_ground_cites_its_clause() {
        for g in [
            Ground::BothAllowed { general: "25" },
            Ground::BothLongCheck { general: "25" },
            Ground::BothForbidden {
                general: "25",
                weighing: Some("26.9"),
            },
            Ground::BothForbidden {
                general: "排局规则第四章",
                weighing: None,
            },
            Ground::OneSidedLongCheck {
                clause: "24.9、25"
            },
            Ground::ForbiddenAgainstAllowed {
                clause: "24.13、25",
            },
            Ground::SingleAgainstJoint {
                changes: "前者变着",
                clause: "26.9.2、26.9.3",
            },
            Ground::Heavier { general: "25" },
            Ground::ForbiddenAgainstForbidden { clause: "26.9" },
        ] {
            assert!(ground(g).contains(g.clause()), "{g:?}: {}", ground(g));
        }
        assert_eq!(thousands(1_500_000), "1,500,000");
        assert_eq!(thousands(999), "999");
    }
}

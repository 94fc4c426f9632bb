//! How each side's cycle is classed and what the referee rules.

use std::fmt;

use crate::Color;

/// The result a referee announces when neither side changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Verdict {
    /// 不变作和.
    Draw,
    /// 红方变着，不变作负.
    RedMustChange,
    /// 黑方变着，不变作负.
    BlackMustChange,
    /// The side that must change has no other legal move: it loses (图6).
    RedLoses,
    BlackLoses,
    /// The moves do not repeat: the 棋例 do not apply.
    NoRepetition,
    /// A search ran out of budget on a ply the verdict depends on: the engine cannot rule.
    /// Never a published verdict.
    Undetermined,
}

impl Verdict {
    pub const ALL: [Verdict; 7] = [
        Verdict::Draw,
        Verdict::RedMustChange,
        Verdict::BlackMustChange,
        Verdict::RedLoses,
        Verdict::BlackLoses,
        Verdict::NoRepetition,
        Verdict::Undetermined,
    ];

    /// The verdicts a rule book publishes (all but [`Verdict::Undetermined`]).
    pub const PUBLISHED: [Verdict; 6] = [
        Verdict::Draw,
        Verdict::RedMustChange,
        Verdict::BlackMustChange,
        Verdict::RedLoses,
        Verdict::BlackLoses,
        Verdict::NoRepetition,
    ];

    /// The machine name used in the corpus and JSON (`red_must_change` …).
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Draw => "draw",
            Verdict::RedMustChange => "red_must_change",
            Verdict::BlackMustChange => "black_must_change",
            Verdict::RedLoses => "red_loses",
            Verdict::BlackLoses => "black_loses",
            Verdict::NoRepetition => "no_repetition",
            Verdict::Undetermined => "undetermined",
        }
    }

    pub fn from_name(s: &str) -> Option<Verdict> {
        Verdict::ALL.into_iter().find(|v| v.name() == s)
    }

    /// Read a verdict written in the book's words, either script (红方变着，不变作负, 紅方作負,
    /// 双方不变作和, 不适用棋例 …): for telling a user which name to write.
    pub fn from_chinese(text: &str) -> Option<Verdict> {
        let t: String = text
            .chars()
            .map(|c| match c {
                '紅' => '红',
                '變' => '变',
                '負' => '负',
                '雙' => '双',
                '著' => '着',
                '適' => '适',
                c => c,
            })
            .collect();
        let must = t.contains("变着") || t.contains("不变作负");
        Some(match (t.contains('红'), t.contains('黑')) {
            (true, false) if must => Verdict::RedMustChange,
            (true, false) if t.contains('负') => Verdict::RedLoses,
            (false, true) if must => Verdict::BlackMustChange,
            (false, true) if t.contains('负') => Verdict::BlackLoses,
            _ if t.contains("作和") || t.trim() == "和" || t.contains("和棋") => Verdict::Draw,
            _ if t.contains("不适用棋例") || t.contains("未形成循环") => {
                Verdict::NoRepetition
            }
            _ => return None,
        })
    }

    /// The verdict in the rule book's words.
    pub const fn chinese(self) -> &'static str {
        match self {
            Verdict::Draw => "双方不变作和",
            Verdict::RedMustChange => "红方变着，不变作负",
            Verdict::BlackMustChange => "黑方变着，不变作负",
            Verdict::RedLoses => "红方作负",
            Verdict::BlackLoses => "黑方作负",
            Verdict::NoRepetition => "未形成循环重复，不适用棋例",
            Verdict::Undetermined => "无法裁决（搜索超出预算）",
        }
    }

    /// The side that must change (or loses), if any.
    pub const fn culprit(self) -> Option<Color> {
        match self {
            Verdict::RedMustChange | Verdict::RedLoses => Some(Color::Red),
            Verdict::BlackMustChange | Verdict::BlackLoses => Some(Color::Black),
            _ => None,
        }
    }

    /// The same verdict with red and black swapped (for the colour-swap symmetry).
    pub const fn swap_colors(self) -> Verdict {
        match self {
            Verdict::RedMustChange => Verdict::BlackMustChange,
            Verdict::BlackMustChange => Verdict::RedMustChange,
            Verdict::RedLoses => Verdict::BlackLoses,
            Verdict::BlackLoses => Verdict::RedLoses,
            v => v,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How one side's moves in the cycle are classed (24.13, 24.14, 26.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SideClass {
    /// 允许着法: at least one idle move.
    Allowed,
    /// 长将: every move checks.
    LongCheck,
    /// 禁止着法 whose every attack is a check, a mate threat, or a single-piece chase of a rook
    /// or of a rootless piece (the heavier kind, 26.9.2–26.9.3).
    ForbiddenHard,
    /// 禁止着法 with at least one joint chase or chase of a short-rooted piece (the lighter kind).
    ForbiddenSoft,
    /// Every ply that was determined attacks, and at least one could not be determined within
    /// the budget: the class depends on it.
    Undetermined,
}

impl SideClass {
    pub const fn name(self) -> &'static str {
        match self {
            SideClass::Allowed => "allowed",
            SideClass::LongCheck => "long_check",
            SideClass::ForbiddenHard => "forbidden",
            SideClass::ForbiddenSoft => "forbidden_joint",
            SideClass::Undetermined => "undetermined",
        }
    }

    pub const fn chinese(self) -> &'static str {
        match self {
            SideClass::Allowed => "允许着法",
            SideClass::LongCheck => "禁止着法",
            SideClass::ForbiddenHard => "禁止着法",
            SideClass::ForbiddenSoft => "禁止着法（含联合捉或捉少根子）",
            SideClass::Undetermined => "未定（有着法性质未能确定）",
        }
    }

    pub const fn is_forbidden(self) -> bool {
        !matches!(self, SideClass::Allowed | SideClass::Undetermined)
    }
}

/// What a verdict rests on, with the clauses the rule book cites for it (rendered as the
/// ruling's reason by `text::ruling`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Ground {
    /// A ply the verdict depends on could not be settled within the budget.
    Undetermined { general: &'static str },
    /// Both sides play allowed cycles: a draw.
    BothAllowed { general: &'static str },
    /// Both sides check perpetually: a draw.
    BothLongCheck { general: &'static str },
    /// Both sides forbidden, of equal weight where the book weighs them (`weighing`, its
    /// clause): a draw.
    BothForbidden {
        general: &'static str,
        weighing: Option<&'static str>,
    },
    /// One-sided 长将 must change.
    OneSidedLongCheck { clause: &'static str },
    /// Forbidden against allowed: the forbidden side changes.
    ForbiddenAgainstAllowed { clause: &'static str },
    /// The single-piece chase of a rook or rootless piece against the joint or short-rooted
    /// one (26.9.2, 26.9.3): `changes` is why, in the book's words.
    SingleAgainstJoint {
        changes: &'static str,
        clause: &'static str,
    },
    /// The heavier side changes, by the book's general clause.
    Heavier { general: &'static str },
    /// Forbidden against a forbidden cycle other than 长将: the heavier side changes.
    ForbiddenAgainstForbidden { clause: &'static str },
    /// Not judged: the caller's work over a whole game (`positions` searched or `plies`
    /// labelled, as a scan bounds a game's episodes) was spent before this stretch.
    Unruled { positions: u64, plies: u64 },
}

impl Ground {
    /// The clause the verdict rests on: the book's general clause for a draw or an
    /// undetermined verdict, else the one the ground names.
    pub const fn clause(self) -> &'static str {
        match self {
            Ground::Undetermined { general }
            | Ground::BothAllowed { general }
            | Ground::BothLongCheck { general }
            | Ground::BothForbidden { general, .. }
            | Ground::Heavier { general } => general,
            Ground::OneSidedLongCheck { clause }
            | Ground::ForbiddenAgainstAllowed { clause }
            | Ground::SingleAgainstJoint { clause, .. }
            | Ground::ForbiddenAgainstForbidden { clause } => clause,
            Ground::Unruled { .. } => "",
        }
    }
}

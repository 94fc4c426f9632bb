//! The rule books qili can rule by. What differs between them is data (this struct) and a few
//! small strategy points; the mechanisms are shared.

use std::fmt;

/// Which rule book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleBookId {
    /// 中国象棋协会《象棋竞赛规则》2011, 第六章 棋例 (final edition).
    Cxa2011,
}

impl RuleBookId {
    pub const ALL: [RuleBookId; 1] = [RuleBookId::Cxa2011];

    pub const fn name(self) -> &'static str {
        match self {
            RuleBookId::Cxa2011 => "cxa2011",
        }
    }

    pub fn from_name(s: &str) -> Option<RuleBookId> {
        RuleBookId::ALL.into_iter().find(|r| r.name() == s)
    }
}

impl fmt::Display for RuleBookId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Limits on the searches inside a ruling. When one runs out the label is `Undetermined`
/// with the reason, never a hang.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budgets {
    /// Most positions all searches of one ply may visit together.
    pub nodes: u32,
    /// Most checking moves in a mating line (杀).
    pub mate_checks: u32,
    /// Most checking moves in a mate that makes a capture no gain (得子后立即被将死).
    pub refute_checks: u32,
    /// Most plies in a winning line (checks, captures and answers).
    pub gain_plies: u32,
}

impl Default for Budgets {
    fn default() -> Self {
        Budgets {
            nodes: 2_000_000,
            mate_checks: 9,
            refute_checks: 4,
            gain_plies: 14,
        }
    }
}

/// How a pawn's own chase is treated (26.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PawnChase {
    /// Always permitted: idle (2011).
    AlwaysIdle,
    /// Idle, but a chase when both sides attack on every move (1999 wording, 排局).
    CountsInMutualAttack,
}

/// A rule book: its identity, a description, and the values of its strategy points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleBook {
    pub id: RuleBookId,
    /// One line for `qili rules`.
    pub description: &'static str,
    pub budgets: Budgets,
    /// A king move that answers check is idle even if it sets up a chase or a mate (26.1.2).
    pub king_answer_is_idle: bool,
    /// A move that is 兑 or 献 and also threatens mate or a chase takes the heavier label
    /// (从重; 2011 参考图23, 24, 26, 图20). The 排局 draft says it never does.
    pub offers_upgrade: bool,
    pub pawn_chase: PawnChase,
}

impl RuleBook {
    pub fn cxa2011() -> RuleBook {
        RuleBook {
            id: RuleBookId::Cxa2011,
            description: "中国象棋协会《象棋竞赛规则》2011 第六章 棋例 (final edition)",
            budgets: Budgets::default(),
            king_answer_is_idle: true,
            offers_upgrade: true,
            pawn_chase: PawnChase::AlwaysIdle,
        }
    }

    /// The search limits the budgets imply.
    pub(crate) fn search_limits(&self) -> crate::analysis::search::Limits {
        crate::analysis::search::Limits {
            free_defender: false,
            mate_checks: self.budgets.mate_checks,
            refute_checks: self.budgets.refute_checks,
            gain_plies: self.budgets.gain_plies,
        }
    }

    pub fn get(id: RuleBookId) -> RuleBook {
        match id {
            RuleBookId::Cxa2011 => RuleBook::cxa2011(),
        }
    }

    pub fn by_name(name: &str) -> Option<RuleBook> {
        RuleBookId::from_name(name).map(RuleBook::get)
    }

    pub fn all() -> Vec<RuleBook> {
        RuleBookId::ALL.into_iter().map(RuleBook::get).collect()
    }
}

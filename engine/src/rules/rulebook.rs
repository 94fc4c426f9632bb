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
    /// Most positions the mate-by-checks search (杀) may visit for one question.
    pub mate_nodes: u32,
    /// Most checking moves in a mating line.
    pub mate_checks: u32,
    /// Most positions a material search (捉: checks and exchanges) may visit for one question.
    pub gain_nodes: u32,
    /// Most plies in a winning line (checks, captures and answers).
    pub gain_plies: u32,
}

impl Default for Budgets {
    fn default() -> Self {
        Budgets {
            mate_nodes: 200_000,
            mate_checks: 9,
            gain_nodes: 200_000,
            gain_plies: 12,
        }
    }
}

/// A rule book: its identity, a description, and the values of its strategy points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleBook {
    pub id: RuleBookId,
    /// One line for `qili rules`.
    pub description: &'static str,
    pub budgets: Budgets,
}

impl RuleBook {
    pub fn cxa2011() -> RuleBook {
        RuleBook {
            id: RuleBookId::Cxa2011,
            description: "中国象棋协会《象棋竞赛规则》2011 第六章 棋例 (final edition)",
            budgets: Budgets::default(),
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

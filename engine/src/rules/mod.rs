//! Rulings on repeated moves (棋例): per-ply labels with evidence, each side's class and the
//! verdict, under a chosen rule book.

mod label;
mod rulebook;
mod verdict;

use std::fmt;

pub use label::{ChaseKind, Evidence, Label, Placed, PlyRuling, Rootedness, Threat};
pub use rulebook::{Budgets, RuleBook, RuleBookId};
pub use verdict::{SideClass, Verdict};

use crate::{Color, Move, MoveError, Position};

/// The repeating part of the sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cycle {
    /// Index (0-based) of the first ply of the cycle in the sequence given.
    pub start: usize,
    /// Plies in one period.
    pub period: usize,
    /// How many times the start position of the cycle occurred (3 = a threefold repetition).
    pub occurrences: usize,
    /// Whether the last position of the sequence equals the position where the cycle starts.
    pub exact: bool,
    /// In Chinese: how the cycle was found (exact repetition, or the pattern the book judges).
    pub note: String,
}

/// One side's moves in the cycle, as a whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideRuling {
    pub color: Color,
    pub class: SideClass,
    /// 长捉, 一将一闲, 长兑 … as a referee summarises it.
    pub summary: String,
}

/// Everything qili says about a sequence of moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    pub book: RuleBookId,
    pub plies: Vec<PlyRuling>,
    /// `None` when nothing repeats.
    pub cycle: Option<Cycle>,
    pub red: SideRuling,
    pub black: SideRuling,
    pub verdict: Verdict,
    /// The verdict's reason, in Chinese, with its clause.
    pub reason: String,
}

impl Ruling {
    pub fn side(&self, color: Color) -> &SideRuling {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }
}

/// Why a sequence could not be judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JudgeError {
    /// The move at this 1-based ply is not legal.
    IllegalMove {
        ply: usize,
        mv: Move,
        error: MoveError,
    },
    /// Nothing to judge.
    NoMoves,
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JudgeError::IllegalMove { ply, mv, error } => write!(f, "ply {ply} ({mv}): {error}"),
            JudgeError::NoMoves => write!(f, "no moves to judge"),
        }
    }
}

impl std::error::Error for JudgeError {}

/// Judge a sequence of moves played from `start` under `book`.
pub fn judge(start: &Position, moves: &[Move], book: &RuleBook) -> Result<Ruling, JudgeError> {
    if moves.is_empty() {
        return Err(JudgeError::NoMoves);
    }
    let mut pos = start.clone();
    let mut plies = Vec::with_capacity(moves.len());
    for (i, &m) in moves.iter().enumerate() {
        pos.check_move(m).map_err(|error| JudgeError::IllegalMove {
            ply: i + 1,
            mv: m,
            error,
        })?;
        plies.push(PlyRuling {
            ply: i + 1,
            side: pos.turn(),
            mv: m,
            chinese: crate::notation::chinese::write(&pos, m),
            label: Label::Undetermined,
            evidence: Evidence {
                clause: "",
                text: "（尚未实现）".to_string(),
                ..Evidence::default()
            },
        });
        pos.play_unchecked(m);
    }
    let side = |color| SideRuling {
        color,
        class: SideClass::Allowed,
        summary: String::new(),
    };
    Ok(Ruling {
        book: book.id,
        plies,
        cycle: None,
        red: side(Color::Red),
        black: side(Color::Black),
        verdict: Verdict::NoRepetition,
        reason: String::new(),
    })
}

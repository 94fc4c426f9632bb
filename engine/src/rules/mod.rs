//! Rulings on repeated moves (棋例): per-ply labels with evidence, each side's class and the
//! verdict, under a chosen rule book.

mod adjudicate;
mod classify;
mod cycle;
mod idle;
mod label;
mod rulebook;
mod threats;
mod verdict;

use std::fmt;

pub use label::{ChaseKind, Evidence, Label, Placed, PlyRuling, Rootedness, Threat};
pub use rulebook::{
    Adjudication, Budgets, ChaseTargets, ExchangeKinds, PawnChase, RuleBook, RuleBookId,
};
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

/// Label every ply; returns the rulings, the chases of each ply and whether a ply is idle only
/// as a pawn's own chase.
fn label_all(
    classifier: &mut classify::Classifier<'_>,
    positions: &[Position],
    moves: &[Move],
) -> (Vec<PlyRuling>, Vec<Vec<threats::Found>>, Vec<bool>) {
    let book = classifier.book;
    let mut plies = Vec::with_capacity(moves.len());
    let mut chases = Vec::with_capacity(moves.len());
    let mut pawn_exempt = Vec::with_capacity(moves.len());
    for (i, &m) in moves.iter().enumerate() {
        let pos = &positions[i];
        let previous = (i > 0).then(|| (&positions[i - 1], moves[i - 1]));
        classifier.searcher.budget = crate::analysis::budget::Budget::new(book.budgets.nodes);
        let c = classifier.classify(pos, m, previous);
        let (label, evidence) = if classifier.searcher.budget.exhausted() {
            (
                Label::Undetermined,
                Evidence {
                    clause: c.evidence.clause,
                    text: format!(
                        "搜索超出预算（{} 个局面），无法确定着法性质；已得结论：{}（{}）",
                        book.budgets.nodes,
                        c.label.chinese(),
                        c.evidence.text
                    ),
                    threats: c.evidence.threats,
                    line: c.evidence.line,
                },
            )
        } else {
            (c.label, c.evidence)
        };
        plies.push(PlyRuling {
            ply: i + 1,
            side: pos.turn(),
            mv: m,
            chinese: crate::notation::chinese::write(pos, m),
            label,
            evidence,
        });
        chases.push(c.threats);
        pawn_exempt.push(c.pawn_exempt);
    }
    (plies, chases, pawn_exempt)
}

/// Judge a sequence of moves played from `start` under `book`.
pub fn judge(start: &Position, moves: &[Move], book: &RuleBook) -> Result<Ruling, JudgeError> {
    if moves.is_empty() {
        return Err(JudgeError::NoMoves);
    }
    let mut positions = Vec::with_capacity(moves.len() + 1);
    positions.push(start.clone());
    for (i, &m) in moves.iter().enumerate() {
        let pos = &positions[i];
        pos.check_move(m).map_err(|error| JudgeError::IllegalMove {
            ply: i + 1,
            mv: m,
            error,
        })?;
        let next = pos.after(m);
        positions.push(next);
    }
    let cycle = cycle::find(&positions, moves);

    let mut classifier = classify::Classifier::new(book);
    let (mut plies, mut chases, pawn_exempt) = label_all(&mut classifier, &positions, moves);
    // Older books (1999, 排局): a pawn's own chase counts when both sides attack on every move.
    if book.pawn_chase == PawnChase::CountsInMutualAttack
        && pawn_exempt.iter().any(|&e| e)
        && plies
            .iter()
            .zip(&pawn_exempt)
            .all(|(p, &e)| p.label.is_attack() || e)
    {
        classifier.mutual_attack = true;
        (plies, chases, _) = label_all(&mut classifier, &positions, moves);
    }

    let side = |color: Color| {
        let idx: Vec<usize> = (0..moves.len())
            .filter(|&i| positions[i].turn() == color)
            .collect();
        let sp = adjudicate::SidePlies {
            labels: idx.iter().map(|&i| plies[i].label).collect(),
            chases: idx.iter().map(|&i| chases[i].as_slice()).collect(),
        };
        let class = adjudicate::classify_side(&sp, book);
        SideRuling {
            color,
            class,
            summary: adjudicate::summary(&sp.labels),
        }
    };
    let red = side(Color::Red);
    let black = side(Color::Black);
    let (verdict, reason) = match &cycle {
        None => (
            Verdict::NoRepetition,
            "着法未形成循环重复，不适用棋例（各着性质仅供参考）。".to_string(),
        ),
        Some(c) => {
            let v = adjudicate::verdict(book, red.class, black.class, &positions, moves);
            let mut r = adjudicate::reason(
                book,
                (red.class, &red.summary),
                (black.class, &black.summary),
                v,
            );
            if !c.exact || c.start > 0 {
                r.push_str(&format!("（{}）", c.note));
            }
            (v, r)
        }
    };
    Ok(Ruling {
        book: book.id,
        plies,
        cycle,
        red,
        black,
        verdict,
        reason,
    })
}

#[cfg(test)]
mod tests;

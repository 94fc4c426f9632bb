//! Rulings on repeated moves (棋例): per-ply labels with evidence, each side's class and the
//! verdict, under a chosen rule book.

mod adjudicate;
mod branch;
mod classify;
mod cycle;
mod detect;
mod finding;
mod freed;
mod idle;
mod label;
mod limit;
mod memo;
mod new_attacks;
mod new_threats;
mod next_moves;
mod rulebook;
#[cfg(feature = "serde")]
mod serialize;
mod threats;
mod verdict;
mod work;

use std::fmt;

pub use crate::analysis::roots::Rootedness;
pub use crate::text::ply::describe;
pub use branch::Branch;
pub use cycle::Judged;
pub use finding::{Also, Chase, Finding, OwnChase, OwnChaser, Spent};
pub use label::{ChaseKind, Evidence, Kept, Label, Placed, PlyRuling, Threat};
pub use limit::{DrawClaim, NaturalLimit};
pub(crate) use memo::LabelMemo;
pub use next_moves::{next_move, next_moves, Completion, Consequence, NextMove};
pub use rulebook::{
    Adjudication, Budgets, ChaseTargets, ChaseTest, Clause, ExchangeKinds, LabelClauses, PawnChase,
    RuleBook, RuleBookId, UnknownRuleBook, Weighing,
};
pub use verdict::{SideClass, Verdict};
pub use work::Work;

use rustc_hash::FxHashMap;

use crate::analysis::budget::{Exhausted, CACHE_BYTES};
use crate::{Color, Move, MoveError, Position};

/// Most plies one [`judge`] call takes. A ply's searches are bounded (the rule book's budgets,
/// and [`MEMORY_CEILING`]), so a ruling costs at most this many of them; a real game is a few
/// hundred plies.
pub const MAX_PLIES: usize = 2_000;

/// Most bytes a [`judge`] call allocates at once, whatever the position and moves (up to
/// [`MAX_PLIES`]): each ply's searches start with empty caches and stop (未定, with the reason)
/// when these hold their share.
pub const MEMORY_CEILING: usize = 256 << 20;

/// Which rule makes the sequence a case for the 棋例 (see the `cycle` module).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CycleRule {
    /// 循环重复: the position after the last move stood `period` plies earlier.
    Repetition { period: usize },
    /// 九个回合: one side's last nine moves are forbidden attacks alternating on three or more
    /// points, without a threefold repetition.
    NineRounds { attacker: Color },
}

impl CycleRule {
    /// `repetition` or `nine_rounds`, as JSON writes it.
    pub const fn name(self) -> &'static str {
        match self {
            CycleRule::Repetition { .. } => "repetition",
            CycleRule::NineRounds { .. } => "nine_rounds",
        }
    }
}

/// The plies judged, at the end of the sequence, and each side's moves in them as a whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cycle {
    /// Index (0-based) of the first judged ply in the sequence given; the judged plies run to
    /// the end of the sequence.
    pub start: usize,
    /// How many plies are judged: the period of a repetition (which may go round different
    /// loops through its position: see [`Judged`]), eighteen for nine rounds.
    pub len: usize,
    pub rule: CycleRule,
    /// How many times the position after the last move occurred in the whole sequence (the
    /// same placement, the same side to move, whatever loop brought it back; 3 = a threefold
    /// repetition); 1 when the nine-round rule applies without a repetition.
    pub occurrences: usize,
    /// In Chinese: where the cycle is and how it was found.
    pub note: String,
    pub red: SideRuling,
    pub black: SideRuling,
}

impl Cycle {
    /// Whether the ply at this 0-based index is one of the judged plies.
    pub fn contains(&self, index: usize) -> bool {
        (self.start..self.start + self.len).contains(&index)
    }

    /// The period, for a repetition.
    pub fn period(&self) -> Option<usize> {
        match self.rule {
            CycleRule::Repetition { period } => Some(period),
            CycleRule::NineRounds { .. } => None,
        }
    }

    pub fn side(&self, color: Color) -> &SideRuling {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }
}

/// One side's moves in the cycle, as a whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideRuling {
    pub color: Color,
    pub class: SideClass,
    /// The class in the rule book's words.
    pub class_chinese: &'static str,
    /// 长捉, 一将一闲, 长兑 … as a referee summarises it.
    pub summary: String,
}

/// Which plies a ruling labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The plies of the judged cycle only (none when nothing repeats): all a verdict needs,
    /// and what keeps a whole game cheap to judge.
    Cycle,
    /// Every ply given; those outside the cycle are labelled for showing, and are not judged.
    AllPlies,
}

/// Everything qili says about a sequence of moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    pub book: RuleBookId,
    /// The plies labelled, in order (see [`Scope`]); each says whether it was judged.
    pub plies: Vec<PlyRuling>,
    /// The cycle judged; `None` when nothing repeats at the end.
    pub cycle: Option<Cycle>,
    pub verdict: Verdict,
    /// The verdict's reason, in Chinese, with its clause.
    pub reason: String,
    /// The natural move limit reached at the end of the moves, where the rule book has one: a
    /// draw a player may claim, whatever the repetition.
    pub draw_claim: Option<DrawClaim>,
}

impl Ruling {
    /// One side's moves in the judged cycle, if there is one.
    pub fn side(&self, color: Color) -> Option<&SideRuling> {
        self.cycle.as_ref().map(|c| c.side(color))
    }

    /// The ruling on the ply at this 1-based number, if it was labelled.
    pub fn ply(&self, ply: usize) -> Option<&PlyRuling> {
        self.plies.iter().find(|p| p.ply == ply)
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
    /// More plies than one ruling takes ([`MAX_PLIES`]).
    TooManyPlies { given: usize, limit: usize },
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JudgeError::IllegalMove { ply, mv, error } => write!(f, "ply {ply} ({mv}): {error}"),
            JudgeError::NoMoves => write!(f, "no moves to judge"),
            JudgeError::TooManyPlies { given, limit } => {
                write!(f, "{given} plies given; a ruling takes at most {limit}")
            }
        }
    }
}

impl std::error::Error for JudgeError {}

/// One ply labelled, with what the adjudication needs besides the label.
#[derive(Clone)]
pub(crate) struct Labelled {
    ruling: PlyRuling,
    chases: Vec<Threat>,
    pawn_exempt: bool,
}

/// Labels plies on demand, each once: a whole game is judged by its last few plies. Each ply
/// is labelled on its own (nothing its searches remember carries over), so its label depends
/// only on its position, its move, the predecessor given and the rule book; the labels are
/// kept in the [`Work`] the call shares with others, so that a ply played again (a repetition
/// plays the same plies again, a game's episodes overlap) is labelled once.
struct Labeller<'a, 'w> {
    classifier: classify::Classifier<'a>,
    positions: &'a [Position],
    moves: &'a [Move],
    /// By ply index and the index of the ply taken as its predecessor.
    done: FxHashMap<(usize, Option<usize>), Labelled>,
    work: &'w mut Work,
}

impl<'a> Labeller<'a, '_> {
    /// The ply at `i`, labelled with the ply at `prev` as the opponent's last move (跟 asks
    /// what the piece followed just did).
    fn label(&mut self, i: usize, prev: Option<usize>) -> &Labelled {
        if !self.done.contains_key(&(i, prev)) {
            let (positions, moves) = (self.positions, self.moves);
            let placing = |p: &Position| (p.board().clone(), p.turn());
            let (board, turn) = placing(&positions[i]);
            let key = (
                board,
                turn,
                moves[i],
                prev.map(|j| {
                    let (b, t) = placing(&positions[j]);
                    (b, t, moves[j])
                }),
                self.classifier.mutual_attack,
            );
            let l = match self.work.get(&key) {
                Some(first) => {
                    let mut l = first.clone();
                    l.ruling.ply = i + 1;
                    l
                }
                None => {
                    let l = self.classify(i, prev);
                    self.work.keep(key, l.clone());
                    l
                }
            };
            self.done.insert((i, prev), l);
        }
        &self.done[&(i, prev)]
    }

    fn classify(&mut self, i: usize, prev: Option<usize>) -> Labelled {
        let book = self.classifier.book;
        let (pos, m) = (&self.positions[i], self.moves[i]);
        let previous = prev.map(|j| (&self.positions[j], self.moves[j]));
        let nodes = self.work.ply_budget(book.budgets.nodes);
        self.classifier.start_ply(nodes);
        let c = self.classifier.classify(pos, m, previous);
        self.work.spend(self.classifier.spent());
        let clause = book.clause(c.finding.branch());
        let finding = if let Some(why) = self.classifier.exhaustion() {
            let spent = match why {
                Exhausted::Nodes if nodes < book.budgets.nodes => Spent::Shared(self.work.budget()),
                Exhausted::Nodes => Spent::Nodes(book.budgets.nodes),
                Exhausted::Memory => Spent::CacheMib(CACHE_BYTES >> 20),
            };
            Finding::Budget {
                spent,
                so_far: Box::new(c.finding),
            }
        } else {
            c.finding
        };
        let label = finding.label();
        let evidence = Evidence {
            finding,
            clause,
            before: pos.clone(),
            mv: m,
        };
        Labelled {
            ruling: PlyRuling {
                ply: i + 1,
                side: pos.turn(),
                mv: m,
                chinese: crate::notation::chinese::write(pos, m),
                label,
                evidence,
                judged: false,
            },
            chases: c.threats,
            pawn_exempt: c.pawn_exempt,
        }
    }

    /// `color`'s moves among the plies `range` as a whole, each labelled with the ply `prev_of`
    /// gives as its predecessor.
    fn side(
        &mut self,
        color: Color,
        range: std::ops::Range<usize>,
        prev_of: impl Fn(usize) -> Option<usize>,
        cyclic: bool,
    ) -> SideRuling {
        let book = self.classifier.book;
        let mut labels = Vec::new();
        let mut chases: Vec<Vec<Threat>> = Vec::new();
        let mut replies = Vec::new();
        let mut around_replies = Vec::new();
        let (start, end) = (range.start, range.end);
        for i in range.filter(|&i| self.positions[i].turn() == color) {
            let l = self.label(i, prev_of(i));
            labels.push(l.ruling.label);
            chases.push(l.chases.clone());
            // The opponent's answer: the next ply, or round the cycle its first.
            let j = if i + 1 < end {
                Some(i + 1)
            } else {
                cyclic.then_some(start)
            };
            let j = j.filter(|&j| j != i);
            replies.push(j.map(|j| self.moves[j]));
            around_replies.push(j.map(|j| (&self.positions[j], &self.positions[j + 1])));
        }
        let sp = adjudicate::SidePlies {
            labels,
            chases: chases.iter().map(Vec::as_slice).collect(),
            replies,
            around_replies,
        };
        let class = adjudicate::classify_side(&sp, book);
        SideRuling {
            color,
            class,
            class_chinese: book.class_name(class),
            summary: match adjudicate::why_allowed(&sp, book, class) {
                Some(why) => format!("{}但{why}", adjudicate::summary(&sp.labels)),
                None => adjudicate::summary(&sp.labels),
            },
        }
    }

    /// Whether `attacker`'s last nine moves are all forbidden attacks (labelled from the last
    /// back, stopping at the first that is not).
    fn attacks_nine_rounds(&mut self, attacker: Color) -> bool {
        let n = self.moves.len();
        let mine: Vec<usize> = (n - 2 * cycle::NINE_ROUNDS..n)
            .rev()
            .filter(|&i| self.positions[i].turn() == attacker)
            .collect();
        mine.into_iter()
            .all(|i| self.label(i, i.checked_sub(1)).ruling.label.is_attack())
    }
}

/// Judge a game (or any sequence of moves) played from `start` under `book`: find the cycle
/// repeating at its end and rule it, labelling only the judged plies.
pub fn judge(start: &Position, moves: &[Move], book: &RuleBook) -> Result<Ruling, JudgeError> {
    judge_with(start, moves, book, Scope::Cycle)
}

/// [`judge`], labelling the plies `scope` asks for.
pub fn judge_with(
    start: &Position,
    moves: &[Move],
    book: &RuleBook,
    scope: Scope,
) -> Result<Ruling, JudgeError> {
    judge_in(start, moves, book, scope, &mut Work::new(book.budgets.call))
}

/// [`judge_with`], its searches drawing on `work` (shared with other calls: a game's episodes,
/// a case's rule books), and the plies it labels kept there for them.
pub fn judge_in(
    start: &Position,
    moves: &[Move],
    book: &RuleBook,
    scope: Scope,
    work: &mut Work,
) -> Result<Ruling, JudgeError> {
    if moves.is_empty() {
        return Err(JudgeError::NoMoves);
    }
    if moves.len() > MAX_PLIES {
        return Err(JudgeError::TooManyPlies {
            given: moves.len(),
            limit: MAX_PLIES,
        });
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
    let n = moves.len();
    let draw_claim = book
        .natural_limit
        .as_ref()
        .and_then(|limit| limit::claim(limit, &positions, moves));
    work.start(book);
    let mut labeller = Labeller {
        classifier: classify::Classifier::new(book),
        positions: &positions,
        moves,
        done: FxHashMap::default(),
        work,
    };

    // What is judged: a threefold repetition; else nine rounds of alternating long attack;
    // else a repetition seen twice (the book's figures print one period).
    // The rule book says how many occurrences make a case, and whether nine rounds do.
    let repetition = cycle::repetition(&positions, book.cycle.judged)
        .filter(|r| r.occurrences >= book.cycle.least_occurrences);
    let threefold = repetition.filter(|r| r.occurrences >= 3);
    let nine_rounds = if threefold.is_some() || !book.cycle.nine_rounds {
        None
    } else {
        cycle::nine_round_candidates(&positions, moves)
            .into_iter()
            .find(|&c| labeller.attacks_nine_rounds(c))
    };
    // The judged plies, each with the ply taken as its predecessor: in a repetition the first
    // ply follows the cycle's last (what precedes it when the cycle goes round), so the ruling
    // of a cycle does not depend on how the game came to it.
    let judged: Option<(usize, usize, CycleRule, usize, String)> = match (nine_rounds, repetition) {
        (Some(attacker), _) => Some((
            n - 2 * cycle::NINE_ROUNDS,
            2 * cycle::NINE_ROUNDS,
            CycleRule::NineRounds { attacker },
            repetition.map_or(1, |r| r.occurrences),
            cycle::nine_round_note(attacker, n),
        )),
        (None, Some(r)) => Some((
            r.start,
            r.period,
            CycleRule::Repetition { period: r.period },
            r.occurrences,
            cycle::repetition_note(&r, n),
        )),
        (None, None) => None,
    };
    let span: Option<(usize, bool)> = judged
        .as_ref()
        .map(|(s, _, rule, _, _)| (*s, matches!(rule, CycleRule::Repetition { .. })));
    let prev_of = move |i: usize| -> Option<usize> {
        match span {
            Some((s, true)) if i == s => Some(n - 1),
            _ => i.checked_sub(1),
        }
    };
    let in_cycle = move |i: usize| span.is_some_and(|(s, _)| i >= s);
    let wanted: Vec<usize> = match scope {
        Scope::AllPlies => (0..n).collect(),
        Scope::Cycle => (0..n).filter(|&i| in_cycle(i)).collect(),
    };

    // Older books (1999, 排局): a pawn's own chase counts when both sides attack on every move
    // of the cycle.
    if book.pawn_chase == PawnChase::CountsInMutualAttack {
        let cycle: Vec<usize> = (0..n).filter(|&i| in_cycle(i)).collect();
        let mut any_exempt = false;
        let mut all_attack = !cycle.is_empty();
        for &i in &cycle {
            let l = labeller.label(i, prev_of(i));
            any_exempt |= l.pawn_exempt;
            all_attack &= l.ruling.label.is_attack() || l.pawn_exempt;
        }
        if any_exempt && all_attack {
            labeller.classifier.mutual_attack = true;
            labeller.done.clear();
        }
    }

    // The judged plies first: what a shared budget leaves short is then a ply shown, not one
    // the verdict rests on.
    for i in (0..n).filter(|&i| in_cycle(i)) {
        labeller.label(i, prev_of(i));
    }
    let mut plies = Vec::with_capacity(wanted.len());
    for &i in &wanted {
        let mut p = labeller.label(i, prev_of(i)).ruling.clone();
        p.judged = in_cycle(i);
        plies.push(p);
    }

    let Some((start_ply, len, rule, occurrences, note)) = judged else {
        return Ok(Ruling {
            book: book.id,
            plies,
            cycle: None,
            verdict: Verdict::NoRepetition,
            reason: "着法末尾没有重复出现的局面，也不合九个回合的规定，不是待判局面。".to_string(),
            draw_claim,
        });
    };
    let cyclic = matches!(rule, CycleRule::Repetition { .. });
    let red = labeller.side(Color::Red, start_ply..n, prev_of, cyclic);
    let black = labeller.side(Color::Black, start_ply..n, prev_of, cyclic);
    let verdict = adjudicate::verdict(
        book,
        red.class,
        black.class,
        &positions[start_ply..],
        &moves[start_ply..],
    );
    let mut reason = adjudicate::reason(
        book,
        (red.class, &red.summary),
        (black.class, &black.summary),
        verdict,
    );
    match rule {
        CycleRule::NineRounds { .. } => reason.push_str(&format!(
            "（按九个回合的规定裁决第{}–{n}着）",
            start_ply + 1
        )),
        CycleRule::Repetition { .. } if start_ply > 0 => {
            reason.push_str(&format!("（所判循环为第{}–{n}着）", start_ply + 1))
        }
        CycleRule::Repetition { .. } => {}
    }
    Ok(Ruling {
        book: book.id,
        plies,
        cycle: Some(Cycle {
            start: start_ply,
            len,
            rule,
            occurrences,
            note,
            red,
            black,
        }),
        verdict,
        reason,
        draw_claim,
    })
}

/// Each side's class over all the plies given, as if they were the judged cycle: for tests of
/// the weighing on a ply or two that do not repeat.
#[cfg(test)]
pub(crate) fn classes_of_all(start: &Position, moves: &[Move], book: &RuleBook) -> [SideClass; 2] {
    let mut positions = vec![start.clone()];
    for &m in moves {
        let next = positions.last().expect("start").after(m);
        positions.push(next);
    }
    let mut work = Work::new(book.budgets.call);
    let mut labeller = Labeller {
        classifier: classify::Classifier::new(book),
        positions: &positions,
        moves,
        done: FxHashMap::default(),
        work: &mut work,
    };
    Color::ALL.map(|color| {
        labeller
            .side(color, 0..moves.len(), |i: usize| i.checked_sub(1), true)
            .class
    })
}

#[cfg(test)]
mod axf_tests;
#[cfg(test)]
mod tests;

//! The tours a cycle is made of: each side's moves as a closed walk of its pieces (a move and
//! its return, a rook or cannon round three points of a line, a piece round four points, two
//! pieces out and back), interleaved and checked to come back after one period and at no ply
//! before; and the there-and-backs whose one side attacks on both its moves.

use qili::{Move, Piece, Position, Role};

use super::generate::Shape;
use super::tactics::{attacking, victims, weight};

/// Every there-and-back `[a, b, a', b']` from `pos` (none taking, the position back at its
/// end and at no ply before) whose side `attacker` (0: the side to move, 1: the other) makes
/// an [`attacking`] move both times, each with whether it is a strong one: both moves check,
/// or the piece attacked first runs and is attacked again where it went (a chased piece that
/// does not move is no perpetual chase, so strong trips make the violations).
pub(super) fn attacking_trips(pos: &Position, attacker: usize) -> Vec<([Move; 4], bool)> {
    let quiet = |p: &Position, m: Move| {
        p.piece_at(m.to).is_none() && p.piece_at(m.from).is_some_and(|pc| reversible(pc, m))
    };
    let mut out = Vec::new();
    for a in pos.legal_moves() {
        if !quiet(pos, a) || (attacker == 0 && !attacking(pos, a, false)) {
            continue;
        }
        let p1 = pos.after(a);
        let hit_by_a = if attacker == 0 {
            victims(pos, &p1, a)
        } else {
            Vec::new()
        };
        for b in p1.legal_moves() {
            if !quiet(&p1, b) || (attacker == 1 && !attacking(&p1, b, false)) {
                continue;
            }
            let p2 = p1.after(b);
            let back_a = Move::new(a.to, a.from);
            if !p2.is_legal(back_a) || (attacker == 0 && !attacking(&p2, back_a, false)) {
                continue;
            }
            let p3 = p2.after(back_a);
            let back_b = Move::new(b.to, b.from);
            if !p3.is_legal(back_b) || (attacker == 1 && !attacking(&p3, back_b, false)) {
                continue;
            }
            if p2.hash() == pos.hash() || p3.hash() == p1.hash() || p3.hash() == pos.hash() {
                continue;
            }
            let strong = if attacker == 0 {
                (p1.in_check() && p3.in_check())
                    || hit_by_a.contains(&b.from) && victims(&p2, &p3, back_a).contains(&b.to)
            } else {
                (p2.in_check() && p3.after(back_b).in_check())
                    || victims(&p1, &p2, b).contains(&a.to)
                        && victims(&p3, &p3.after(back_b), back_b).contains(&a.from)
            };
            out.push(([a, b, back_a, back_b], strong));
        }
    }
    out
}

/// One step of a side's tour.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// Any move that can be taken back.
    Free,
    /// A move of the piece step `j` moved, on from where it went: along the same line
    /// (`line`), not back to where it came from, and (`closes`) to a point from which it can
    /// reach the tour's start in one move.
    On { j: usize, line: bool, closes: bool },
    /// Another piece than step `j`'s, or the same one to another point.
    Other { j: usize, same_piece: bool },
    /// Step `j`'s move taken back.
    Back(usize),
    /// The piece of steps `first`… back to where it stood before step `first`.
    Close { first: usize, last: usize },
}

fn steps(shape: Shape) -> Vec<Step> {
    use Step::*;
    match shape {
        Shape::ThereAndBack => vec![Free, Back(0)],
        Shape::Triangle => vec![
            Free,
            On {
                j: 0,
                line: true,
                closes: true,
            },
            Close { first: 0, last: 1 },
        ],
        Shape::TwoTrips => vec![
            Free,
            Back(0),
            Other {
                j: 0,
                same_piece: true,
            },
            Back(2),
        ],
        Shape::Interleaved => vec![
            Free,
            Other {
                j: 0,
                same_piece: false,
            },
            Back(0),
            Back(1),
        ],
        Shape::Tour => vec![
            Free,
            On {
                j: 0,
                line: false,
                closes: false,
            },
            On {
                j: 1,
                line: false,
                closes: true,
            },
            Close { first: 0, last: 2 },
        ],
    }
}

/// The two tours interleaved from `pos`, the side to move first: one period, every move
/// legal and none taking, the position back at its end and at no ply before.
pub(super) fn build(
    pos: &Position,
    shapes: [Shape; 2],
    rng: &mut fastrand::Rng,
) -> Option<Vec<Move>> {
    let plans = [steps(shapes[0]), steps(shapes[1])];
    if plans[0].len() != plans[1].len() {
        return None;
    }
    let k = plans[0].len();
    let mut chosen: [Vec<Move>; 2] = [Vec::with_capacity(k), Vec::with_capacity(k)];
    let mut cur = pos.clone();
    let mut seen = vec![pos.hash()];
    let mut cycle = Vec::with_capacity(2 * k);
    for i in 0..2 * k {
        let side = i % 2;
        let step = plans[side][i / 2];
        let mine = &chosen[side];
        let m = match step {
            Step::Back(j) => Some(Move::new(mine[j].to, mine[j].from)),
            Step::Close { first, last } => Some(Move::new(mine[last].to, mine[first].from)),
            _ => {
                let candidates: Vec<Move> = cur
                    .legal_moves()
                    .into_iter()
                    .filter(|&m| fits(&cur, m, step, mine))
                    .collect();
                pick(&cur, &candidates, rng)
            }
        }?;
        if !cur.is_legal(m) || cur.piece_at(m.to).is_some() {
            return None;
        }
        cur = cur.after(m);
        chosen[side].push(m);
        cycle.push(m);
        if i + 1 < 2 * k {
            if seen.contains(&cur.hash()) {
                return None;
            }
            seen.push(cur.hash());
        }
    }
    (cur.board() == pos.board() && cur.turn() == pos.turn()).then_some(cycle)
}

/// Whether `m` may be the tour's `step`, after the side's moves `mine` so far.
fn fits(pos: &Position, m: Move, step: Step, mine: &[Move]) -> bool {
    let Some(piece) = pos.piece_at(m.from) else {
        return false;
    };
    if pos.piece_at(m.to).is_some() || !reversible(piece, m) {
        return false;
    }
    match step {
        Step::Free => true,
        Step::On { j, line, closes } => {
            let prev = mine[j];
            if m.from != prev.to || m.to == prev.from || mine.iter().any(|p| p.from == m.to) {
                return false;
            }
            if line {
                let same_file = prev.from.file() == prev.to.file();
                let along = if same_file {
                    m.to.file() == m.from.file()
                } else {
                    m.to.rank() == m.from.rank()
                };
                if !along || !matches!(piece.role, Role::Rook | Role::Cannon) {
                    return false;
                }
            }
            !closes || {
                let origin = mine[0].from;
                pos.after(m).pseudo_targets(m.to).contains(&origin)
                    || matches!(piece.role, Role::Rook | Role::Cannon)
                        && (m.to.file() == origin.file() || m.to.rank() == origin.rank())
            }
        }
        Step::Other { j, same_piece } => {
            let prev = mine[j];
            if m == prev {
                return false;
            }
            same_piece || m.from != prev.from
        }
        Step::Back(_) | Step::Close { .. } => false,
    }
}

/// Whether the piece could step back from `m.to` to `m.from` by its geometry: every move but
/// a pawn's forward step.
fn reversible(piece: Piece, m: Move) -> bool {
    piece.role != Role::Pawn || m.from.rank() == m.to.rank()
}

/// One of `candidates`, drawn with the weights of [`weight`].
fn pick(pos: &Position, candidates: &[Move], rng: &mut fastrand::Rng) -> Option<Move> {
    if candidates.is_empty() {
        return None;
    }
    let weights: Vec<u32> = candidates.iter().map(|&m| weight(pos, m)).collect();
    let total: u32 = weights.iter().sum();
    let mut r = rng.u32(..total);
    for (&m, &w) in candidates.iter().zip(&weights) {
        if r < w {
            return Some(m);
        }
        r -= w;
    }
    candidates.last().copied()
}

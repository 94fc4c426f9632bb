//! A model of Fairy-Stockfish's repetition rule as its maintainers describe it (research
//! digest §2, ../shared/rules/prior-art.md; not its code): after every move, the squares the
//! mover newly chases; at the repetition, perpetual check first, then the chased sets
//! intersected round the cycle, each victim followed as it moves; a one-sided chase loses.
//!
//! It only explains: the verdict that counts is Fairy-Stockfish's own. Where the model gives
//! Fairy-Stockfish's verdict on a cycle, it names the moves and the piece Fairy-Stockfish
//! counts, which qili's facts are then read against; where it does not, the disagreement is
//! classed without it. What the model holds, from the description:
//!
//! - a new attack is one by the moved piece from where it lands (a rook or cannon not on the
//!   line it moved along), or one another piece makes because the move opened its line (a
//!   horse's leg, an elephant's eye, a rook's or cannon's line through the square left) or
//!   gave a cannon its screen;
//! - its victim is not a king or an uncrossed pawn; it has no real protector (none that may
//!   legally take back once it is taken), or it is a rook attacked by a horse or cannon, or a
//!   rook, cannon or horse attacked by an advisor or elephant;
//! - the attacker is no king and no pawn (their chases are permitted); whether its capture
//!   would be legal is not asked (a piece pinned to its king attacks too);
//! - a piece of the victim's own kind that it may take back offers an exchange (rule 24);
//! - checks do not cancel chases.

use qili::{Color, Move, Position, Role, Square};

/// One new attack as the model counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attack {
    pub attacker: Square,
    pub victim: Square,
    /// The moved piece attacks from where it landed (else the move opened another's line).
    pub direct: bool,
}

/// How a side's moves come out in the model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideModel {
    /// Every move checks.
    pub perpetual_check: bool,
    /// The victims chased on every move, each as its square after each of the side's moves.
    pub chased: Vec<Vec<Square>>,
    /// The new attacks of each of the side's moves, in order.
    pub attacks: Vec<Vec<Attack>>,
}

/// The model's ruling of one cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    /// By the colour of the side: red, black.
    pub sides: [SideModel; 2],
    /// The side at fault, if any.
    pub culprit: Option<Color>,
}

/// Whether `a` attacks `b` along the line (file or rank) that the move `m` went along.
fn on_line_of(m: Move, victim: Square) -> bool {
    if m.from.file() == m.to.file() {
        victim.file() == m.to.file()
    } else {
        victim.rank() == m.to.rank()
    }
}

/// The position after the mover (who just played, so not to move in `after`) takes on
/// `victim` with the piece on `attacker`, the victim's side to move; `None` if the capture
/// would leave the mover's king attacked. A move that checks is read the same way: checks do
/// not cancel chases, so the capture is judged as if the check were not there.
fn taken(after: &Position, attacker: Square, victim: Square) -> Option<Position> {
    let mover = !after.turn();
    let mut p = after.clone();
    p.play_unchecked(Move::new(attacker, victim));
    if p.is_king_attacked(mover) {
        return None;
    }
    p.with_turn(!mover)
}

/// The new attacks of `m`, played in `before`.
pub fn new_attacks(before: &Position, m: Move) -> Vec<Attack> {
    let us = before.turn();
    let them = !us;
    let after = before.after(m);
    let Some(moved) = before.piece_at(m.from) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (sq, victim) in after.board().pieces() {
        if victim.color != them || victim.role == Role::King {
            continue;
        }
        if victim.role == Role::Pawn && !sq.across_river_for(them) {
            continue;
        }
        let then = before.attackers(sq, us);
        for a in after.attackers(sq, us) {
            let Some(attacker) = after.piece_at(a) else {
                continue;
            };
            if matches!(attacker.role, Role::King | Role::Pawn) {
                continue;
            }
            let direct = a == m.to;
            let new = if direct {
                !(matches!(moved.role, Role::Rook | Role::Cannon) && on_line_of(m, sq))
            } else {
                !then.contains(&a) && opened(before, m, a, sq)
            };
            if !new {
                continue;
            }
            // Fairy-Stockfish reads attacks by the pieces' moves, not whether the capture is
            // legal: a piece pinned to its king attacks too. Its protection is read on the
            // board after the capture: a recapture that is legal (or, after a capture that
            // would expose the capturer's king, any that the pieces' moves allow).
            let protectors = match taken(&after, a, sq) {
                Some(recapture) => !recapture.takers(sq).is_empty(),
                None => {
                    let mut p = after.clone();
                    p.play_unchecked(Move::new(a, sq));
                    !p.attackers(sq, them).is_empty()
                }
            };
            let heavier = match victim.role {
                Role::Rook => matches!(
                    attacker.role,
                    Role::Horse | Role::Cannon | Role::Advisor | Role::Elephant
                ),
                Role::Cannon | Role::Horse => {
                    matches!(attacker.role, Role::Advisor | Role::Elephant)
                }
                _ => false,
            };
            // Rule 24: pieces of one kind that can take each other offer an exchange.
            let mutual = attacker.role == victim.role && after.is_legal(Move::new(sq, a));
            if !mutual && (heavier || !protectors) {
                out.push(Attack {
                    attacker: a,
                    victim: sq,
                    direct,
                });
            }
        }
    }
    out
}

/// Whether the attack of `a` on `victim` is opened by the move: the square left is the horse's
/// leg, the elephant's eye, or on the rook's or cannon's line between them; or the moved piece
/// lands between a cannon and its victim, as its screen.
fn opened(before: &Position, m: Move, a: Square, victim: Square) -> bool {
    let Some(piece) = before.piece_at(a) else {
        return false;
    };
    let (af, ar) = (i32::from(a.file().index()), i32::from(a.rank().index()));
    let (vf, vr) = (
        i32::from(victim.file().index()),
        i32::from(victim.rank().index()),
    );
    let (lf, lr) = (
        i32::from(m.from.file().index()),
        i32::from(m.from.rank().index()),
    );
    match piece.role {
        Role::Horse => {
            // The leg: one step from the horse towards the long side of its jump.
            let (df, dr) = (vf - af, vr - ar);
            let leg = if df.abs() == 2 {
                (af + df / 2, ar)
            } else {
                (af, ar + dr / 2)
            };
            leg == (lf, lr)
        }
        Role::Elephant => ((af + vf) / 2, (ar + vr) / 2) == (lf, lr),
        Role::Rook | Role::Cannon => {
            let between = |(f, r): (i32, i32)| {
                if af == vf && f == af {
                    (ar.min(vr) + 1..ar.max(vr)).contains(&r)
                } else if ar == vr && r == ar {
                    (af.min(vf) + 1..af.max(vf)).contains(&f)
                } else {
                    false
                }
            };
            let landed = (
                i32::from(m.to.file().index()),
                i32::from(m.to.rank().index()),
            );
            between((lf, lr)) || piece.role == Role::Cannon && between(landed)
        }
        _ => false,
    }
}

/// The model on a cycle from `start` (one period of `cycle`).
pub fn rule(start: &Position, cycle: &[Move]) -> Model {
    let mut positions = vec![start.clone()];
    for &m in cycle {
        let next = positions.last().expect("start").after(m);
        positions.push(next);
    }
    let n = cycle.len();
    let side = |color: Color| -> SideModel {
        let mine: Vec<usize> = (0..n).filter(|&i| positions[i].turn() == color).collect();
        let attacks: Vec<Vec<Attack>> = mine
            .iter()
            .map(|&i| new_attacks(&positions[i], cycle[i]))
            .collect();
        let perpetual_check = mine.iter().all(|&i| positions[i + 1].in_check());
        let chased = chased_round(&attacks, &mine, cycle, &vec![false; mine.len()]);
        SideModel {
            perpetual_check,
            chased,
            attacks,
        }
    };
    let sides = [side(Color::Red), side(Color::Black)];
    let culprit = match (sides[0].perpetual_check, sides[1].perpetual_check) {
        (true, false) => Some(Color::Red),
        (false, true) => Some(Color::Black),
        (true, true) => None,
        (false, false) => match (sides[0].chased.is_empty(), sides[1].chased.is_empty()) {
            (false, true) => Some(Color::Red),
            (true, false) => Some(Color::Black),
            _ => None,
        },
    };
    Model { sides, culprit }
}

/// The victims chased on every one of a side's moves (`mine`: their indices in the cycle,
/// `attacks`: each one's new attacks), each followed through the opponent's replies; a move
/// marked in `exempt` need not chase (qili's reading of a forced answer to check).
pub fn chased_round(
    attacks: &[Vec<Attack>],
    mine: &[usize],
    cycle: &[Move],
    exempt: &[bool],
) -> Vec<Vec<Square>> {
    let n = cycle.len();
    let Some(k0) = (0..mine.len()).find(|&k| !exempt[k]) else {
        return Vec::new();
    };
    let mut out: Vec<Vec<Square>> = Vec::new();
    for a in &attacks[k0] {
        // Where the victim stands after each of the side's moves, starting from move k0.
        let mut path = vec![a.victim; mine.len()];
        let mut v = a.victim;
        let mut ok = true;
        for step in 0..mine.len() {
            let k = (k0 + step) % mine.len();
            if !exempt[k] && !attacks[k].iter().any(|b| b.victim == v) {
                ok = false;
                break;
            }
            path[k] = v;
            let r = cycle[(mine[k] + 1) % n];
            if r.from == v {
                v = r.to;
            }
            // Round the cycle, the victim must come back to where it was.
            if step + 1 == mine.len() && v != a.victim {
                ok = false;
            }
        }
        if ok && !out.contains(&path) {
            out.push(path);
        }
    }
    out
}

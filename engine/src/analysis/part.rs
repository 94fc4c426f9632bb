//! Taking part (参与): what a piece of the attacker does in a line that takes a target, from
//! making the capture to backing it up or holding a guard of it in place.

use crate::analysis::pins::holds_target;
use crate::analysis::roots::holds_guard;
use crate::analysis::Taking;
use crate::{Position, Role, Square};

/// Whether the piece standing on `sq` takes part in winning the target: it takes it, it is
/// the screen of the cannon that takes, it guards the capturer or the screen, it backs the
/// capture up (attacks the square once the target is taken), or it holds the target or a guard
/// of it in place ([`holds_target`], [`holds_guard`]).
pub(crate) fn participates(pos: &Position, t: Taking<'_>, sq: Square) -> bool {
    let p = Part::of(pos, t, sq);
    p.takes
        || p.screen
        || p.guard
        || p.backer
        || holds_guard(pos, t, sq)
        || holds_target(pos, t, sq)
}

/// Whether the piece on `sq` backs the capture up: once the target is taken, it could take
/// back on that square (and it is not the piece that took).
pub(crate) fn backs_up(pos: &Position, t: Taking<'_>, sq: Square) -> bool {
    Part::of(pos, t, sq).backer
}

/// Whether the piece on `sq` is needed for the capture itself: it moves in the line up to the
/// capture (it takes, or checks), it is the capturing cannon's screen, or it holds the target
/// or a guard of it in place. A piece that only guards the capturer or backs the capture up
/// is not: with the mover moving again, nothing takes the capturer first. Losing a needed
/// piece is what a threat costs (see `freed`).
pub(crate) fn needed_for(pos: &Position, t: Taking<'_>, sq: Square) -> bool {
    let p = Part::of(pos, t, sq);
    p.moved || p.takes || p.screen || holds_guard(pos, t, sq) || holds_target(pos, t, sq)
}

/// What the attacker's piece on a square does in a threat's line up to and at its capture.
#[derive(Clone, Copy, Debug, Default)]
struct Part {
    /// It moves before the capture (a check, a capture on the way).
    moved: bool,
    /// It makes the capture.
    takes: bool,
    /// It is the screen of the cannon that takes.
    screen: bool,
    /// It guards the capturer or that screen: what keeps the attack from being parried by
    /// taking an attacker (参考图15, 39).
    guard: bool,
    /// It could take back on the square once the target is taken.
    backer: bool,
}

impl Part {
    fn of(pos: &Position, t: Taking<'_>, sq: Square) -> Part {
        let attacker = pos.turn();
        let mut part = Part::default();
        let mut p = pos.clone();
        let mut at = sq;
        for &m in &t.line[..t.index] {
            if m.from == at {
                at = m.to;
                part.moved = true;
            } else if m.to == at {
                return Part::default();
            }
            p.play_unchecked(m);
        }
        let Some(take) = t.take() else {
            return Part::default();
        };
        if take.from == at {
            part.takes = true;
            return part;
        }
        let screens: Vec<Square> = if p.piece_at(take.from).map(|x| x.role) == Some(Role::Cannon) {
            between(take.from, take.to)
                .into_iter()
                .filter(|&s| p.piece_at(s).is_some())
                .collect()
        } else {
            Vec::new()
        };
        part.screen = screens.contains(&at);
        let guards = |s: Square| {
            p.piece_at(s).is_some_and(|x| x.color == attacker)
                && p.attackers(s, attacker).contains(&at)
        };
        part.guard = guards(take.from) || screens.iter().any(|&s| guards(s));
        p.play_unchecked(take);
        part.backer = p.attackers(take.to, attacker).contains(&at);
        part
    }
}

/// The squares strictly between two squares on one file or rank.
fn between(a: Square, b: Square) -> Vec<Square> {
    let (af, ar) = (a.file().index() as i32, a.rank().index() as i32);
    let (bf, br) = (b.file().index() as i32, b.rank().index() as i32);
    if af != bf && ar != br {
        return Vec::new();
    }
    let (df, dr) = ((bf - af).signum(), (br - ar).signum());
    let steps = (bf - af).abs().max((br - ar).abs());
    (1..steps)
        .filter_map(|k| Square::from_coords(af + df * k, ar + dr * k))
        .collect()
}

//! What stood before a move: the other side's captures, and those a capture lays open.

use super::cache::List;
use super::{Searcher, Terms};
use crate::position::Wanted;
use crate::{Move, Position, Square};

impl Searcher {
    /// The captures the other side could make here if it were its turn (what stood before a
    /// move of the side to move).
    pub fn standing(&mut self, pos: &Position) -> Vec<Move> {
        self.caches.lists.get(pos, List::Standing)
    }

    /// The defender's captures that the capture `m` of the side to move lays open: the pieces
    /// it stops guarding that the defender already attacks.
    pub fn laid_open_by(&self, pos: &Position, m: Move) -> Vec<Move> {
        let standing = standing_captures(pos);
        let guarded = guarded_by(pos, m.from, &standing);
        let after = pos.after(m);
        match abandoned(&after, m.to, &standing, guarded) {
            Some(rest) => standing.into_iter().filter(|d| !rest.contains(d)).collect(),
            None => Vec::new(),
        }
    }
}

/// See [`guarded_by`]; nothing when laid-open captures are not counted.
pub(super) fn laid_open_guard(
    terms: &Terms,
    pos: &Position,
    from: Square,
    standing: &[Move],
) -> u64 {
    if terms.laid_open.is_some() {
        guarded_by(pos, from, standing)
    } else {
        0
    }
}

/// Whether the capture `m` of the side to move wins material by itself: it takes material that
/// nothing can take back, or a piece worth more than the capturer. (`pos` is left as it was.)
pub(super) fn wins_by_itself(pos: &mut Position, m: Move) -> bool {
    use crate::analysis::material::{is_material, piece_value};
    let (Some(victim), Some(capturer)) = (pos.piece_at(m.to), pos.piece_at(m.from)) else {
        return false;
    };
    if !is_material(victim, m.to) {
        return false;
    }
    let worth = |p: crate::Piece| piece_value(p.role).unwrap_or(1);
    if capturer.role != crate::Role::King && worth(victim) > worth(capturer) {
        return true;
    }
    let undo = pos.play_unchecked(m);
    let safe = pos.takers(m.to).is_empty();
    pos.undo(m, undo);
    safe
}

/// Which of the `standing` captures take a piece guarded by the piece on `from` (as a bit
/// set over `standing`): if that piece moves off, those captures may be laid open.
pub(super) fn guarded_by(pos: &Position, from: Square, standing: &[Move]) -> u64 {
    let Some(guard) = pos.piece_at(from) else {
        return 0;
    };
    standing.iter().take(64).enumerate().fold(0, |set, (i, d)| {
        if pos.attackers(d.to, guard.color).contains(&from) {
            set | 1 << i
        } else {
            set
        }
    })
}

/// After the guard of [`guarded_by`] moved to `to`: the standing captures minus those on the
/// pieces it no longer guards, or `None` if it left none. Taking a piece whose guard has just
/// stepped away to capture is an answer the capture itself laid open (参考图16), not a threat
/// the defender had anyway.
#[inline]
pub(super) fn abandoned(
    pos: &Position,
    to: Square,
    standing: &[Move],
    guarded: u64,
) -> Option<Vec<Move>> {
    // Asked of every move searched, and almost always with nothing guarded.
    if guarded == 0 {
        return None;
    }
    unguarded(pos, to, standing, guarded)
}

/// [`abandoned`] when the guard guarded something.
fn unguarded(pos: &Position, to: Square, standing: &[Move], guarded: u64) -> Option<Vec<Move>> {
    let guard = pos.piece_at(to)?;
    let left = |i: usize| {
        guarded & 1 << i != 0 && !pos.attackers(standing[i].to, guard.color).contains(&to)
    };
    if !(0..standing.len().min(64)).any(left) {
        return None;
    }
    Some(
        standing
            .iter()
            .enumerate()
            .filter(|&(i, _)| !(i < 64 && left(i)))
            .map(|(_, &d)| d)
            .collect(),
    )
}

/// The captures the other side could make here if it were its turn.
pub(super) fn standing_captures(pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    standing_captures_into(pos, &mut out);
    out
}

/// [`standing_captures`], added to `out` (in the generator's order).
pub(super) fn standing_captures_into(pos: &Position, out: &mut Vec<Move>) {
    if let Some(p) = pos.with_turn(!pos.turn()) {
        p.collect_moves(Wanted::Captures, out);
    }
}

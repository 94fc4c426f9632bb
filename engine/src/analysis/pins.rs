//! Pins that hold a piece in place (不能离线): a target that may step to no empty point, and the
//! piece of the attacker that holds it.

use crate::analysis::Taking;
use crate::{Move, Position, Role, Square};

/// Whether the defender's piece on `sq` cannot leave (不能离线) in `pos` (the attacker to
/// move): were it the defender's turn, it could step to empty points but may step to none,
/// pinned to its king. (Only a pin: that every way out would lose is the defender's look
/// ahead, and with the mover moving again the target does not get to leave; counting it
/// makes an evasion that covers a square a chase, which the final edition corrected in
/// 参考图37.)
pub(crate) fn cannot_leave(pos: &Position, sq: Square) -> bool {
    let Some(p) = pos.with_turn(!pos.turn()) else {
        return false;
    };
    let steps: Vec<Square> = p
        .pseudo_targets(sq)
        .into_iter()
        .filter(|&t| p.piece_at(t).is_none())
        .collect();
    !steps.is_empty() && steps.iter().all(|&t| !p.is_legal(Move::new(sq, t)))
}

/// Whether the attacker's piece on `sq` holds the target in place: the target cannot leave
/// ([`cannot_leave`]), and could without `sq` (不能离线, 参考图49: the horse pins the cannon
/// to its king).
pub(crate) fn holds_target(pos: &Position, t: Taking<'_>, sq: Square) -> bool {
    cannot_leave(pos, t.target) && bare(pos, t, sq).is_some_and(|b| !cannot_leave(&b, t.target))
}

/// `pos` without the piece on `sq`, if that is still a legal position.
fn without(pos: &Position, sq: Square) -> Option<Position> {
    let mut board = pos.board().clone();
    board.set(sq, None)?;
    Position::new(
        crate::Setup::new(board, pos.turn()),
        crate::SetupMode::Composed,
    )
    .ok()
}

/// `pos` without the attacker's piece on `sq`, when that leaves the attacker's own king
/// covered (a piece that only shields its king holds nothing) and the position legal.
pub(crate) fn bare(pos: &Position, t: Taking<'_>, sq: Square) -> Option<Position> {
    if pos
        .piece_at(sq)
        .is_none_or(|p| p.color != pos.turn() || p.role == Role::King)
        || t.line.first().is_some_and(|m| m.from == sq)
    {
        return None;
    }
    without(pos, sq).filter(|b| b.with_turn(!b.turn()).is_some())
}

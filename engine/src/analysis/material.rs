//! 子力 and 子力价值 (1999 25.3, carried into 2011): what counts as material and when a line of
//! captures wins some.
//!
//! Material is 车 马 炮 士 相 and a pawn that has crossed the river; the king and an uncrossed
//! pawn are not. Values: 车 = two of 马/炮, 马 = 炮, 士 = 相. A crossed pawn floats: one pawn
//! for several pieces, or one piece for several pawns, is no gain — but it stays below a rook,
//! so giving a pawn to win a rook does win material (2011 trial 26.6; 图24, 参考图29).

use crate::{Piece, Role, Square};

/// Value of a rook in the units below; the pawn's float stops short of it.
pub const ROOK: i32 = 10;

/// The value of a non-pawn piece, or `None` for pawns and the king.
pub const fn piece_value(role: Role) -> Option<i32> {
    match role {
        Role::Rook => Some(ROOK),
        Role::Horse | Role::Cannon => Some(5),
        Role::Advisor | Role::Elephant => Some(2),
        Role::King | Role::Pawn => None,
    }
}

/// Whether a piece standing on `sq` is material (子力): everything but the king and a pawn
/// still on its own half.
pub fn is_material(piece: Piece, sq: Square) -> bool {
    match piece.role {
        Role::King => false,
        Role::Pawn => sq.across_river_for(piece.color),
        _ => true,
    }
}

/// What a piece standing on `sq` is worth as material (a crossed pawn 1, the king and an
/// uncrossed pawn nothing).
pub fn worth(piece: Piece, sq: Square) -> i32 {
    match piece_value(piece.role) {
        Some(v) => v,
        None if is_material(piece, sq) => 1,
        None => 0,
    }
}

/// What one side has won and lost in a line, from that side's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ledger {
    /// Value of non-pawn pieces won minus lost.
    pub pieces: i32,
    /// Crossed pawns won minus lost.
    pub pawns: i32,
}

impl Ledger {
    /// Record the capture of `piece` standing on `sq`; `by_us` says which side took it.
    pub fn capture(self, piece: Piece, sq: Square, by_us: bool) -> Ledger {
        let sign = if by_us { 1 } else { -1 };
        let mut l = self;
        match piece_value(piece.role) {
            Some(v) => l.pieces += sign * v,
            None if piece.role == Role::Pawn && sq.across_river_for(piece.color) => l.pawns += sign,
            None => {}
        }
        l
    }

    /// The other side's view of the same line.
    #[cfg(test)]
    pub fn flip(self) -> Ledger {
        Ledger {
            pieces: -self.pieces,
            pawns: -self.pawns,
        }
    }

    /// A score that orders outcomes: positive is a gain, zero is even, negative is a loss.
    /// Pieces dominate pawns; a pawn/piece trade short of a rook is even (the float).
    pub fn score(self) -> i32 {
        let Ledger { pieces, pawns } = self;
        let floats = (pieces > 0 && pawns < 0 && pieces < ROOK)
            || (pieces < 0 && pawns > 0 && -pieces < ROOK);
        if floats {
            0
        } else {
            pieces * 16 + pawns
        }
    }

    #[cfg(test)]
    pub fn is_gain(self) -> bool {
        self.score() > 0
    }

    pub fn is_loss(self) -> bool {
        self.score() < 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(pieces: i32, pawns: i32) -> Ledger {
        Ledger { pieces, pawns }
    }

    #[test]
    fn the_crossed_pawn_floats_below_a_rook() {
        assert!(l(5, 0).is_gain(), "a horse for nothing");
        assert!(!l(5, -1).is_gain(), "a pawn for a horse is even (图24)");
        assert!(
            !l(7, -1).is_gain(),
            "a pawn for advisor and cannon is even (参考图33)"
        );
        assert!(l(ROOK, -1).is_gain(), "a pawn for a rook wins (参考图29)");
        assert!(
            !l(-5, 2).is_gain() && !l(-5, 2).is_loss(),
            "a piece for two pawns is no gain"
        );
        assert!(l(0, 1).is_gain(), "an even trade and a pawn more (图4)");
        assert!(!l(0, 0).is_gain());
        assert!(l(-ROOK, 1).is_loss());
        assert!(l(5, -1).flip().score() == 0);
    }
}

//! An unvalidated position as parsed from text: placement, side to move and the counters FEN
//! carries. [`crate::Position::new`] turns it into a legal position or lists every reason it is not.

use crate::{Board, Color};

/// A position as written, not yet checked.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    pub board: Board,
    pub turn: Color,
    /// Plies since the last capture (FEN's fifth field; 0 when absent).
    pub halfmoves: u32,
    /// The move number (FEN's sixth field; 1 when absent).
    pub fullmoves: u32,
}

impl Setup {
    pub fn new(board: Board, turn: Color) -> Setup {
        Setup {
            board,
            turn,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The standard opening position, red to move.
    pub fn start() -> Setup {
        Setup::new(Board::start(), Color::Red)
    }

    /// The same position seen from the other side: rotated by 180°, colours swapped, the other
    /// side to move. Rulings must not change under it (except that red and black trade places).
    pub fn rotated_swapped(&self) -> Setup {
        Setup {
            board: self.board.rotated_swapped(),
            turn: !self.turn,
            ..*self
        }
    }

    /// The same position mirrored left to right (files a↔i).
    pub fn mirrored(&self) -> Setup {
        Setup {
            board: self.board.mirrored(),
            ..self.clone()
        }
    }
}

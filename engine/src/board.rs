//! Piece placement only: which piece stands on each of the 90 points.

use std::fmt;
use std::ops::Index;

use crate::{Color, Piece, Role, Square};

/// The placement of pieces, nothing else (no side to move, no validity).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    squares: [Option<Piece>; 90],
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    pub const fn empty() -> Board {
        Board {
            squares: [None; 90],
        }
    }

    #[inline]
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// Put a piece on a square (or clear it), returning what stood there.
    #[inline]
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) -> Option<Piece> {
        std::mem::replace(&mut self.squares[sq.index()], piece)
    }

    /// Every occupied square with its piece, rank 0 first, then by file.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(move |sq| self.get(sq).map(|p| (sq, p)))
    }

    /// Squares holding the given piece.
    pub fn squares_of(&self, piece: Piece) -> impl Iterator<Item = Square> + '_ {
        self.pieces()
            .filter(move |&(_, p)| p == piece)
            .map(|(sq, _)| sq)
    }

    pub fn count(&self, piece: Piece) -> usize {
        self.squares_of(piece).count()
    }

    /// The board turned by 180° with the colours swapped: the same position seen from the
    /// other side (red's pieces become black's on the rotated squares).
    pub fn rotated_swapped(&self) -> Board {
        let mut b = Board::empty();
        for (sq, p) in self.pieces() {
            b.set(sq.rotate(), Some(Piece::new(!p.color, p.role)));
        }
        b
    }

    /// The board mirrored left to right (files a↔i).
    pub fn mirrored(&self) -> Board {
        let mut b = Board::empty();
        for (sq, p) in self.pieces() {
            b.set(sq.mirror(), Some(p));
        }
        b
    }

    /// The standard starting placement.
    pub fn start() -> Board {
        let mut b = Board::empty();
        let back = [
            Role::Rook,
            Role::Horse,
            Role::Elephant,
            Role::Advisor,
            Role::King,
            Role::Advisor,
            Role::Elephant,
            Role::Horse,
            Role::Rook,
        ];
        for (f, &role) in back.iter().enumerate() {
            let f = f as i32;
            b.set(sq(f, 0), Some(Piece::new(Color::Red, role)));
            b.set(sq(f, 9), Some(Piece::new(Color::Black, role)));
        }
        for f in [1, 7] {
            b.set(sq(f, 2), Some(Piece::new(Color::Red, Role::Cannon)));
            b.set(sq(f, 7), Some(Piece::new(Color::Black, Role::Cannon)));
        }
        for f in [0, 2, 4, 6, 8] {
            b.set(sq(f, 3), Some(Piece::new(Color::Red, Role::Pawn)));
            b.set(sq(f, 6), Some(Piece::new(Color::Black, Role::Pawn)));
        }
        b
    }
}

fn sq(f: i32, r: i32) -> Square {
    Square::from_coords(f, r).expect("start squares are on the board")
}

impl Index<Square> for Board {
    type Output = Option<Piece>;
    #[inline]
    fn index(&self, sq: Square) -> &Option<Piece> {
        &self.squares[sq.index()]
    }
}

impl fmt::Debug for Board {
    /// A picture with black at the top, as diagrams print it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in (0..10).rev() {
            for file in 0..9 {
                let s = Square::from_coords(file, r).expect("on board");
                let c = self.get(s).map_or('.', |p| p.fen_char());
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

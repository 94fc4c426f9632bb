//! The two sides. Red moves first and sits on ranks 0–4 (ICCS); black on ranks 5–9.

use std::fmt;
use std::ops::Not;

/// A side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Red,
    Black,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// 0 for red, 1 for black: an index into per-side tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `红` or `黑`, as referees write it.
    pub const fn chinese(self) -> &'static str {
        match self {
            Color::Red => "红",
            Color::Black => "黑",
        }
    }

    /// `red` or `black`, as machine-readable output writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }

    /// The FEN side-to-move letter (`w` for red, as UCCI and Pikafish write it).
    pub const fn fen_char(self) -> char {
        match self {
            Color::Red => 'w',
            Color::Black => 'b',
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

//! A piece: a role on a side.

use std::fmt;

use crate::{Color, Role};

/// A role belonging to one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// Index 0..14 for tables (red roles first).
    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * 7 + self.role.index()
    }

    /// FEN letter: upper case for red, lower case for black.
    pub const fn fen_char(self) -> char {
        let c = self.role.letter();
        match self.color {
            Color::Red => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    pub const fn from_fen_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        match Role::from_letter(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }

    /// The simplified character as printed on the piece (帅 将 仕 士 相 象 马 车 炮 兵 卒).
    pub const fn chinese(self) -> char {
        self.role.chinese(self.color)
    }

    /// 红车, 黑马 …: how an explanation names a piece.
    pub fn name_cn(self) -> String {
        format!("{}{}", self.color.chinese(), self.chinese())
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}

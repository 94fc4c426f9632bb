//! Files, ranks and the 90 points of the board, in ICCS coordinates: files `a`–`i` from red's
//! left, ranks `0`–`9` from red's side (as UCCI and Pikafish write them).

use std::fmt;

use crate::Color;

/// A file (vertical line), 0 = `a` (red's left, red's file 九) to 8 = `i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

/// A rank (horizontal line), 0 = red's back rank to 9 = black's back rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

/// One of the 90 points, `rank * 9 + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl File {
    pub const COUNT: usize = 9;

    pub const fn new(index: u8) -> Option<File> {
        if index < 9 {
            Some(File(index))
        } else {
            None
        }
    }

    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    pub fn all() -> impl DoubleEndedIterator<Item = File> {
        (0..9).map(File)
    }

    pub const fn from_char(c: char) -> Option<File> {
        match c.to_ascii_lowercase() {
            c @ 'a'..='i' => Some(File(c as u8 - b'a')),
            _ => None,
        }
    }

    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }

    /// The file number a side uses in Chinese notation: 1 is the file on that side's right.
    /// Red's 一 is file `i`, black's 1 is file `a`.
    pub const fn number_for(self, color: Color) -> u8 {
        match color {
            Color::Red => 9 - self.0,
            Color::Black => self.0 + 1,
        }
    }

    /// The file a side calls `number` (1–9).
    pub const fn from_number(number: u8, color: Color) -> Option<File> {
        if number < 1 || number > 9 {
            return None;
        }
        Some(match color {
            Color::Red => File(9 - number),
            Color::Black => File(number - 1),
        })
    }

    /// The mirror file (a↔i).
    pub const fn flip(self) -> File {
        File(8 - self.0)
    }
}

impl Rank {
    pub const COUNT: usize = 10;

    pub const fn new(index: u8) -> Option<Rank> {
        if index < 10 {
            Some(Rank(index))
        } else {
            None
        }
    }

    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    pub fn all() -> impl DoubleEndedIterator<Item = Rank> {
        (0..10).map(Rank)
    }

    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '0'..='9' => Some(Rank(c as u8 - b'0')),
            _ => None,
        }
    }

    pub const fn char(self) -> char {
        (b'0' + self.0) as char
    }

    /// The mirror rank (0↔9).
    pub const fn flip(self) -> Rank {
        Rank(9 - self.0)
    }

    /// How far this rank is from a side's back rank (0 = the back rank).
    pub const fn relative_to(self, color: Color) -> u8 {
        match color {
            Color::Red => self.0,
            Color::Black => 9 - self.0,
        }
    }
}

impl Square {
    pub const COUNT: usize = 90;

    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square(rank.0 * 9 + file.0)
    }

    /// From an index 0..90.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 90 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// From an index the caller knows is below 90.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: usize) -> Square {
        debug_assert!(index < 90);
        Square(index as u8)
    }

    /// From file and rank numbers, if both are on the board.
    #[inline]
    pub const fn from_coords(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
            Some(Square((rank * 9 + file) as u8))
        } else {
            None
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn file(self) -> File {
        File(self.0 % 9)
    }

    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 / 9)
    }

    pub fn all() -> impl DoubleEndedIterator<Item = Square> {
        (0..90).map(Square)
    }

    /// Parse `e2`, `E2`.
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = File::from_char(chars.next()?)?;
        let rank = Rank::from_char(chars.next()?)?;
        if chars.next().is_some() {
            return None;
        }
        Some(Square::new(file, rank))
    }

    /// The square seen by the other side: rotated by 180° (a0 ↔ i9).
    pub const fn rotate(self) -> Square {
        Square(89 - self.0)
    }

    /// The square mirrored left to right (a ↔ i).
    pub const fn mirror(self) -> Square {
        Square::new(self.file().flip(), self.rank())
    }

    /// On the given side's half of the board (before the river for its pawns).
    pub const fn on_side_of(self, color: Color) -> bool {
        match color {
            Color::Red => self.0 < 45,
            Color::Black => self.0 >= 45,
        }
    }

    /// Inside the given side's palace (files d–f, three ranks from its back rank).
    pub const fn in_palace_of(self, color: Color) -> bool {
        let f = self.0 % 9;
        let r = self.0 / 9;
        let rr = match color {
            Color::Red => r,
            Color::Black => 9 - r,
        };
        f >= 3 && f <= 5 && rr <= 2
    }

    /// A point an advisor of this side can stand on (the palace's corners and centre).
    pub const fn advisor_point_of(self, color: Color) -> bool {
        let f = self.0 % 9;
        let r = self.0 / 9;
        let rr = match color {
            Color::Red => r,
            Color::Black => 9 - r,
        };
        matches!((f, rr), (3, 0) | (5, 0) | (4, 1) | (3, 2) | (5, 2))
    }

    /// A point an elephant of this side can stand on (seven points on its own half).
    pub const fn elephant_point_of(self, color: Color) -> bool {
        let f = self.0 % 9;
        let r = self.0 / 9;
        let rr = match color {
            Color::Red => r,
            Color::Black => 9 - r,
        };
        matches!(
            (f, rr),
            (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4)
        )
    }

    /// A point a pawn of this side can ever stand on: on or beyond its starting rank, and on
    /// its own half only on the five starting files (it moves straight ahead until it crosses).
    pub const fn pawn_point_of(self, color: Color) -> bool {
        let f = self.0 % 9;
        let r = self.0 / 9;
        let rr = match color {
            Color::Red => r,
            Color::Black => 9 - r,
        };
        if rr < 3 {
            false
        } else if rr <= 4 {
            f % 2 == 0
        } else {
            true
        }
    }

    /// Whether a pawn of this side on this square has crossed the river (and so counts as 子力).
    pub const fn across_river_for(self, color: Color) -> bool {
        !self.on_side_of(color)
    }
}

/// A text that is no point of the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}: not a point, expected a file a–i and a rank 0–9 such as e2")]
pub struct SquareError(pub String);

impl std::str::FromStr for Square {
    type Err = SquareError;

    /// ```
    /// use qili_core::Square;
    /// let e2: Square = "e2".parse().unwrap();
    /// assert_eq!(e2.to_string(), "e2");
    /// assert!("j2".parse::<Square>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Square::parse(s).ok_or_else(|| SquareError(s.to_string()))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
            assert_eq!(sq.rotate().rotate(), sq);
            assert_eq!(sq.mirror().mirror(), sq);
        }
        assert_eq!(Square::parse("e0").unwrap().index(), 4);
        assert_eq!(Square::parse("i9").unwrap().index(), 89);
        assert_eq!(Square::parse("j1"), None);
    }

    #[test]
    fn file_numbers_follow_each_sides_right_hand() {
        let a = File::from_char('a').unwrap();
        assert_eq!(a.number_for(Color::Red), 9);
        assert_eq!(a.number_for(Color::Black), 1);
        assert_eq!(File::from_number(1, Color::Red), File::from_char('i'));
        assert_eq!(File::from_number(0, Color::Red), None);
    }

    #[test]
    fn special_points() {
        let count = |f: fn(Square, Color) -> bool, c| Square::all().filter(|&s| f(s, c)).count();
        for c in Color::ALL {
            assert_eq!(count(Square::in_palace_of, c), 9);
            assert_eq!(count(Square::advisor_point_of, c), 5);
            assert_eq!(count(Square::elephant_point_of, c), 7);
            assert_eq!(count(Square::pawn_point_of, c), 10 + 45);
        }
    }
}

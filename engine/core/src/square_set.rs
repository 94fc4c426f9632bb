//! A set of the 90 points, one bit per [`Square`] (bit = square index): what the board keeps
//! of each side and role, the geometry tables' rays and zones, and the squares a legality or
//! check test looks at.

use std::fmt;
use std::iter::FusedIterator;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Sub, SubAssign};

use crate::Square;

/// A set of points of the board. The bits above the 90 points are always clear, so the set
/// counts and iterates only squares; the operators are the bit operations, and `a - b` is
/// the points of `a` not in `b`.
///
/// ```
/// use qili_core::{Square, SquareSet};
///
/// let e0 = Square::parse("e0").unwrap();
/// let e9 = Square::parse("e9").unwrap();
/// let kings = SquareSet::from(e0) | SquareSet::from(e9);
/// assert!(kings.contains(e0));
/// assert_eq!(kings.len(), 2);
/// assert_eq!(kings.into_iter().collect::<Vec<_>>(), [e0, e9]);
/// assert_eq!((kings - SquareSet::from(e0)).first(), Some(e9));
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(u128);

impl SquareSet {
    /// No point.
    pub const EMPTY: SquareSet = SquareSet(0);
    /// All 90 points.
    pub const FULL: SquareSet = SquareSet((1 << 90) - 1);

    /// The set whose bit `i` stands for the square of index `i`; bits 90 and above are
    /// dropped.
    #[inline]
    pub const fn from_bits(bits: u128) -> SquareSet {
        SquareSet(bits & SquareSet::FULL.0)
    }

    /// The set as bits by square index.
    #[inline]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set of one square.
    #[inline]
    pub const fn from_square(sq: Square) -> SquareSet {
        SquareSet(one_bit(sq.index()))
    }

    /// This set and `sq`.
    #[inline]
    pub const fn with(self, sq: Square) -> SquareSet {
        SquareSet(self.0 | one_bit(sq.index()))
    }

    /// A test of one 64-bit half, cheaper than a 128-bit shift.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        let i = sq.index();
        let half = if i < 64 {
            self.0 as u64
        } else {
            (self.0 >> 64) as u64
        };
        half >> (i & 63) & 1 != 0
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the two sets share a point.
    #[inline]
    pub const fn intersects(self, other: SquareSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The number of points.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The point of lowest index (rank 0 first, then by file), if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        (self.0 != 0).then(|| Square::from_index_unchecked(self.0.trailing_zeros() as usize))
    }

    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= one_bit(sq.index());
    }

    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !one_bit(sq.index());
    }
}

/// The bit of point `i`, made from a 64-bit shift: cheaper than a 128-bit one.
#[inline]
const fn one_bit(i: usize) -> u128 {
    let half = (1u64 << (i & 63)) as u128;
    if i < 64 {
        half
    } else {
        half << 64
    }
}

impl From<Square> for SquareSet {
    #[inline]
    fn from(sq: Square) -> SquareSet {
        SquareSet::from_square(sq)
    }
}

macro_rules! set_op {
    ($op:ident, $f:ident, $assign:ident, $af:ident, $e:tt) => {
        impl $op for SquareSet {
            type Output = SquareSet;
            #[inline]
            fn $f(self, other: SquareSet) -> SquareSet {
                SquareSet(self.0 $e other.0)
            }
        }
        impl $assign for SquareSet {
            #[inline]
            fn $af(&mut self, other: SquareSet) {
                *self = *self $e other;
            }
        }
    };
}

set_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for SquareSet {
    type Output = SquareSet;
    /// The points of `self` that are not in `other`.
    #[inline]
    fn sub(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & !other.0)
    }
}

impl SubAssign for SquareSet {
    #[inline]
    fn sub_assign(&mut self, other: SquareSet) {
        *self = *self - other;
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        iter.into_iter().fold(SquareSet::EMPTY, SquareSet::with)
    }
}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = Squares;
    #[inline]
    fn into_iter(self) -> Squares {
        Squares(self.0)
    }
}

/// The squares of a [`SquareSet`], lowest index first (rank 0 first, then by file: the
/// order of [`Square::all`]).
#[derive(Clone, Debug)]
pub struct Squares(u128);

impl Iterator for Squares {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Square::from_index_unchecked(i))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}
impl FusedIterator for Squares {}

/// The squares by name: `{a0, e4}`.
impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, sq) in self.into_iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{sq}")?;
        }
        f.write_str("}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_are_the_bit_operations() {
        let a: SquareSet = ["a0", "e4", "i9"]
            .map(|s| Square::parse(s).unwrap())
            .into_iter()
            .collect();
        let b = SquareSet::from(Square::parse("e4").unwrap());
        assert_eq!(a.len(), 3);
        assert_eq!((a & b), b);
        assert_eq!((a - b).len(), 2);
        assert!(!(a - b).intersects(b));
        assert_eq!((a ^ b) | b, a);
        assert_eq!(SquareSet::FULL.len(), 90);
        assert_eq!(
            SquareSet::FULL.into_iter().collect::<Vec<_>>(),
            Square::all().collect::<Vec<_>>()
        );
        assert_eq!(SquareSet::from_bits(u128::MAX), SquareSet::FULL);
        assert_eq!(SquareSet::EMPTY.first(), None);
        let mut c = SquareSet::EMPTY;
        c.insert(Square::parse("i9").unwrap());
        c.remove(Square::parse("i9").unwrap());
        assert!(c.is_empty());
        assert_eq!(format!("{b:?}"), "{e4}");
    }
}

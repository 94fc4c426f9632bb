//! A move: from one point to another. What it captures is a property of the position.

use std::fmt;

use crate::Square;

/// A move from one point to another, written in ICCS as `h2e2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The same move on the board turned by 180°.
    pub const fn rotate(self) -> Move {
        Move::new(self.from.rotate(), self.to.rotate())
    }

    /// The same move on the board mirrored left to right.
    pub const fn mirror(self) -> Move {
        Move::new(self.from.mirror(), self.to.mirror())
    }
}

impl fmt::Display for Move {
    /// ICCS in lower case, as UCCI engines write it: `h2e2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl std::str::FromStr for Move {
    type Err = crate::notation::iccs::IccsError;

    /// ICCS: `h2e2`, `H2E2`, `h2-e2`. The move is not checked against a position.
    ///
    /// ```
    /// use qili_core::Move;
    /// let m: Move = "h2e2".parse().unwrap();
    /// assert_eq!(m.to_string(), "h2e2");
    /// assert!("炮二平五".parse::<Move>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::notation::iccs::parse(s)
    }
}

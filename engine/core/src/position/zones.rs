//! The points around each point as one-bit sets: lines, horse legs and squares.

use crate::{Square, SquareSet};

/// A square as a one-bit set of the 90 points.
#[inline]
pub(super) fn bit(s: Square) -> SquareSet {
    SquareSet::from_square(s)
}

/// Every line through a king, as a `dirs` mask of [`Position::attacked_after_move`].
pub(super) const ALL_LINES: u8 = 0b1111;

/// The lines through the king on `k` (as a `dirs` mask) on which `a` or `b` lies: the only
/// lines a move between them can open or close.
#[inline]
pub(super) fn lines_through(k: Square, a: Square, b: Square) -> u8 {
    let dir_to = |s: Square| -> u8 {
        if s.file() == k.file() {
            if s.rank() > k.rank() {
                0b0001
            } else {
                0b0010
            }
        } else if s.rank() == k.rank() {
            if s.file() > k.file() {
                0b0100
            } else {
                0b1000
            }
        } else {
            0
        }
    };
    dir_to(a) | dir_to(b)
}

#[inline(always)]
pub(super) fn sq(i: u8) -> Square {
    Square::from_index_unchecked(i as usize)
}

/// The squares of one kind around each of the 90 points: on its file and rank, its diagonal
/// neighbours (horse legs), the points a horse jumps to, the points an elephant flies to.
pub(super) struct ZoneTable(pub(super) [SquareSet; 90]);

/// Which squares a [`ZoneTable`] lists.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Zone {
    Lines,
    Legs,
    Horses,
    Elephants,
}

/// For each point, the squares of kind `zone` around it, by their (file, rank) offset.
pub(super) const fn zone_table(zone: Zone) -> ZoneTable {
    let mut t = [SquareSet::EMPTY; 90];
    let mut k = 0usize;
    while k < 90 {
        let mut s = 0usize;
        while s < 90 {
            let df = (k % 9).abs_diff(s % 9);
            let dr = (k / 9).abs_diff(s / 9);
            let near = match zone {
                Zone::Lines => df == 0 || dr == 0,
                Zone::Legs => df == 1 && dr == 1,
                Zone::Horses => (df == 1 && dr == 2) || (df == 2 && dr == 1),
                Zone::Elephants => df == 2 && dr == 2,
            };
            if near {
                t[k] = SquareSet::from_bits(t[k].bits() | 1 << s);
            }
            s += 1;
        }
        k += 1;
    }
    ZoneTable(t)
}

pub(super) static ON_LINES: ZoneTable = zone_table(Zone::Lines);

pub(super) static LEGS: ZoneTable = zone_table(Zone::Legs);

pub(super) static HORSE_SQUARES: ZoneTable = zone_table(Zone::Horses);

pub(super) static ELEPHANT_SQUARES: ZoneTable = zone_table(Zone::Elephants);

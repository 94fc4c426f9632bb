//! Per-role move geometry, computed once at compile time: horse legs, elephant eyes, palace
//! steps, pawn steps and the four rook/cannon rays. Everything that depends on other pieces
//! (blocked legs, cannon screens, the flying general) is decided by the caller with the board.

use crate::{Color, Square, SquareSet};

/// The four orthogonal directions as index steps: up the files (+9), down (−9), right (+1), left (−1).
pub(crate) const DIRECTIONS: [i8; 4] = [9, -9, 1, -1];

/// A jump with a blocking point: the horse's leg (蹩马腿) or the elephant's eye (塞象眼).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Jump {
    pub to: u8,
    pub block: u8,
}

/// Up to eight jumps from one square.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Jumps {
    pub len: u8,
    pub list: [Jump; 8],
}

impl Jumps {
    const EMPTY: Jumps = Jumps {
        len: 0,
        list: [Jump { to: 0, block: 0 }; 8],
    };

    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Jump> + '_ {
        self.list[..self.len as usize].iter().copied()
    }

    const fn push(mut self, to: u8, block: u8) -> Jumps {
        self.list[self.len as usize] = Jump { to, block };
        self.len += 1;
        self
    }
}

/// Plain steps (king, advisor, pawn): up to four targets.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Steps {
    pub len: u8,
    pub list: [u8; 4],
}

impl Steps {
    const EMPTY: Steps = Steps {
        len: 0,
        list: [0; 4],
    };

    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        self.list[..self.len as usize].iter().copied()
    }

    const fn push(mut self, to: u8) -> Steps {
        self.list[self.len as usize] = to;
        self.len += 1;
        self
    }
}

const fn coords(sq: usize) -> (i32, i32) {
    ((sq % 9) as i32, (sq / 9) as i32)
}

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 9 && r >= 0 && r < 10
}

const fn idx(f: i32, r: i32) -> u8 {
    (r * 9 + f) as u8
}

const fn same_half(a: i32, b: i32) -> bool {
    (a < 5) == (b < 5)
}

const fn in_palace(f: i32, r: i32) -> bool {
    f >= 3 && f <= 5 && (r <= 2 || r >= 7)
}

const fn build_horse() -> [Jumps; 90] {
    let mut t = [Jumps::EMPTY; 90];
    // (df, dr) of the jump, and of the leg.
    const J: [(i32, i32, i32, i32); 8] = [
        (1, 2, 0, 1),
        (-1, 2, 0, 1),
        (1, -2, 0, -1),
        (-1, -2, 0, -1),
        (2, 1, 1, 0),
        (2, -1, 1, 0),
        (-2, 1, -1, 0),
        (-2, -1, -1, 0),
    ];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = coords(sq);
        let mut i = 0;
        while i < 8 {
            let (df, dr, lf, lr) = J[i];
            if on_board(f + df, r + dr) {
                t[sq] = t[sq].push(idx(f + df, r + dr), idx(f + lf, r + lr));
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

/// For each target square, the squares a horse may attack it from, with the leg it needs empty.
const fn build_horse_reverse(horse: &[Jumps; 90]) -> [Jumps; 90] {
    let mut t = [Jumps::EMPTY; 90];
    let mut from = 0;
    while from < 90 {
        let j = horse[from];
        let mut i = 0;
        while i < j.len as usize {
            let to = j.list[i].to as usize;
            t[to] = t[to].push(from as u8, j.list[i].block);
            i += 1;
        }
        from += 1;
    }
    t
}

const fn build_elephant() -> [Jumps; 90] {
    let mut t = [Jumps::EMPTY; 90];
    const J: [(i32, i32); 4] = [(2, 2), (2, -2), (-2, 2), (-2, -2)];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = coords(sq);
        let mut i = 0;
        while i < 4 {
            let (df, dr) = J[i];
            if on_board(f + df, r + dr) && same_half(r, r + dr) {
                t[sq] = t[sq].push(idx(f + df, r + dr), idx(f + df / 2, r + dr / 2));
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

const fn build_advisor() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    const J: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = coords(sq);
        if in_palace(f, r) {
            let mut i = 0;
            while i < 4 {
                let (df, dr) = J[i];
                if on_board(f + df, r + dr) && in_palace(f + df, r + dr) && same_half(r, r + dr) {
                    t[sq] = t[sq].push(idx(f + df, r + dr));
                }
                i += 1;
            }
        }
        sq += 1;
    }
    t
}

const fn build_king() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    const J: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = coords(sq);
        if in_palace(f, r) {
            let mut i = 0;
            while i < 4 {
                let (df, dr) = J[i];
                if on_board(f + df, r + dr) && in_palace(f + df, r + dr) && same_half(r, r + dr) {
                    t[sq] = t[sq].push(idx(f + df, r + dr));
                }
                i += 1;
            }
        }
        sq += 1;
    }
    t
}

const fn build_pawn(red: bool) -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let fwd = if red { 1 } else { -1 };
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = coords(sq);
        if on_board(f, r + fwd) {
            t[sq] = t[sq].push(idx(f, r + fwd));
        }
        let crossed = if red { r >= 5 } else { r <= 4 };
        if crossed {
            if f > 0 {
                t[sq] = t[sq].push(idx(f - 1, r));
            }
            if f < 8 {
                t[sq] = t[sq].push(idx(f + 1, r));
            }
        }
        sq += 1;
    }
    t
}

/// Squares from which a pawn of the given side attacks the target.
const fn build_pawn_reverse(pawn: &[Steps; 90]) -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut from = 0;
    while from < 90 {
        let s = pawn[from];
        let mut i = 0;
        while i < s.len as usize {
            let to = s.list[i] as usize;
            t[to] = t[to].push(from as u8);
            i += 1;
        }
        from += 1;
    }
    t
}

const fn build_ray_len() -> [[u8; 4]; 90] {
    let mut t = [[0u8; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = coords(sq);
        t[sq] = [(9 - r) as u8, r as u8, (8 - f) as u8, f as u8];
        sq += 1;
    }
    t
}

pub(crate) static HORSE: [Jumps; 90] = build_horse();
pub(crate) static HORSE_FROM: [Jumps; 90] = build_horse_reverse(&HORSE);
pub(crate) static ELEPHANT: [Jumps; 90] = build_elephant();
pub(crate) static ADVISOR: [Steps; 90] = build_advisor();
pub(crate) static KING: [Steps; 90] = build_king();
pub(crate) static PAWN: [[Steps; 90]; 2] = [build_pawn(true), build_pawn(false)];
pub(crate) static PAWN_FROM: [[Steps; 90]; 2] =
    [build_pawn_reverse(&PAWN[0]), build_pawn_reverse(&PAWN[1])];
/// How many steps there are from a square to the edge in each of [`DIRECTIONS`].
pub(crate) static RAY_LEN: [[u8; 4]; 90] = build_ray_len();

/// For each square and each of [`DIRECTIONS`], the squares along that ray (the square
/// itself excluded) as a set of bits by square index.
const fn build_rays() -> [[SquareSet; 4]; 90] {
    let mut t = [[SquareSet::EMPTY; 4]; 90];
    const D: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = coords(sq);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = D[d];
            let (mut ff, mut rr) = (f + df, r + dr);
            while on_board(ff, rr) {
                t[sq][d] = SquareSet::from_bits(t[sq][d].bits() | 1 << idx(ff, rr));
                ff += df;
                rr += dr;
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// The squares along each ray of each square (see [`build_rays`]).
pub(crate) static RAYS: [[SquareSet; 4]; 90] = build_rays();

/// The squares strictly between `from` and `to`, which lies in direction `dir` of `from`.
#[inline]
pub(crate) fn between(from: Square, to: Square, dir: usize) -> SquareSet {
    RAYS[from.index()][dir] - RAYS[to.index()][dir] - SquareSet::from(to)
}

/// The squares along one direction from `sq`, nearest first.
#[inline]
pub(crate) fn ray(sq: Square, dir: usize) -> impl Iterator<Item = Square> {
    let start = sq.index() as i32;
    let step = DIRECTIONS[dir] as i32;
    (1..=RAY_LEN[sq.index()][dir] as i32)
        .map(move |k| Square::from_index_unchecked((start + k * step) as usize))
}

/// The pawn step table of one side.
#[inline]
pub(crate) fn pawn_steps(color: Color, sq: Square) -> &'static Steps {
    &PAWN[color.index()][sq.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes_match_the_geometry() {
        let e5 = Square::parse("e5").unwrap().index();
        assert_eq!(HORSE[e5].len, 8);
        assert_eq!(HORSE[0].len, 2);
        let e2 = Square::parse("e2").unwrap().index();
        assert_eq!(ELEPHANT[e2].len, 4);
        let c4 = Square::parse("c4").unwrap().index();
        assert_eq!(
            ELEPHANT[c4].len, 2,
            "an elephant on c4 cannot cross the river"
        );
        assert_eq!(ADVISOR[Square::parse("e1").unwrap().index()].len, 4);
        assert_eq!(ADVISOR[Square::parse("d0").unwrap().index()].len, 1);
        assert_eq!(KING[Square::parse("e8").unwrap().index()].len, 4);
        assert_eq!(PAWN[0][Square::parse("e3").unwrap().index()].len, 1);
        assert_eq!(PAWN[0][Square::parse("e5").unwrap().index()].len, 3);
        assert_eq!(PAWN[1][Square::parse("e4").unwrap().index()].len, 3);
        assert_eq!(PAWN[0][Square::parse("a9").unwrap().index()].len, 1);
        let sum: usize = HORSE_FROM.iter().map(|j| j.len as usize).sum();
        let sum2: usize = HORSE.iter().map(|j| j.len as usize).sum();
        assert_eq!(sum, sum2);
    }

    /// The ray sets are the squares [`ray`] walks.
    #[test]
    fn ray_sets_are_the_ray_walks() {
        for sq in Square::all() {
            for (dir, &set) in RAYS[sq.index()].iter().enumerate() {
                let walked: SquareSet = ray(sq, dir).collect();
                assert_eq!(set, walked);
            }
        }
    }

    #[test]
    fn rays_stop_at_the_edge() {
        let a0 = Square::parse("a0").unwrap();
        assert_eq!(ray(a0, 0).count(), 9);
        assert_eq!(ray(a0, 1).count(), 0);
        assert_eq!(ray(a0, 2).last(), Square::parse("i0"));
        assert_eq!(ray(a0, 3).count(), 0);
    }
}

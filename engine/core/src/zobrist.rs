//! Zobrist keys for recognising repeated positions. Fixed pseudo-random constants (splitmix64),
//! so a hash is stable across runs and machines.

use crate::{Color, Piece, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn build() -> ([[u64; 90]; 14], u64) {
    let mut t = [[0u64; 90]; 14];
    let mut state = 0x5149_4C49_2011_u64; // "QILI" 2011
    let mut p = 0;
    while p < 14 {
        let mut s = 0;
        while s < 90 {
            let (ns, v) = splitmix(state);
            state = ns;
            t[p][s] = v;
            s += 1;
        }
        p += 1;
    }
    let (_, side) = splitmix(state);
    (t, side)
}

static KEYS: ([[u64; 90]; 14], u64) = build();

/// The key of a piece on a square.
#[inline]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.0[piece.index()][sq.index()]
}

/// The key toggled when black is to move.
#[inline]
pub fn side_key(turn: Color) -> u64 {
    match turn {
        Color::Red => 0,
        Color::Black => KEYS.1,
    }
}

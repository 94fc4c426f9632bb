//! What the fuzz targets share: a fixed set of positions to read moves in.

use qili::notation::fen;
use qili::{Position, SetupMode};

/// Positions the move parsers and the judge are fuzzed against, each with the mode it needs.
pub const FENS: &[(&str, SetupMode)] = &[
    // The start position.
    (
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        SetupMode::Standard,
    ),
    // After 炮二平五: black to move, so black's digits and 将/卒 are the right side.
    (
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b",
        SetupMode::Standard,
    ),
    // CXA 2011 图2, a middlegame.
    (
        "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w",
        SetupMode::Standard,
    ),
    // CXA 2011 图17: two red rooks on one file (前车/后车, +R/-R).
    (
        "1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w",
        SetupMode::Standard,
    ),
    // Composed: four pawns on file e and two on file c (前兵, 二兵, 前兵七, 1P, +P7).
    ("3k5/4P4/4P4/2P1P4/2P1P4/9/9/9/9/4K4 w", SetupMode::Composed),
];

/// The positions of [`FENS`], parsed.
pub fn positions() -> Vec<Position> {
    FENS.iter()
        .map(|&(text, mode)| fen::parse(text, mode).expect("the fuzz positions are legal"))
        .collect()
}

//! Helpers shared by the engine's integration tests.

#![allow(dead_code)]

use qili::notation::fen;
use qili::{Position, SetupMode};

/// The positions of `perft.txt`: the start position and the middlegames of the perft suite.
pub fn perft_positions() -> Vec<Position> {
    include_str!("../perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| fen::parse(l.split(';').next()?, SetupMode::Standard).ok())
        .collect()
}

//! Helpers shared by the core's integration tests (and the engine's, which include this file).

#![allow(dead_code)]

use qili_core::notation::fen;
use qili_core::{Position, SetupMode};

/// The positions of `perft.txt`: the start position and the middlegames of the perft suite.
pub fn perft_positions() -> Vec<Position> {
    include_str!("../perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| fen::parse(l.split(';').next()?, SetupMode::Standard).ok())
        .collect()
}

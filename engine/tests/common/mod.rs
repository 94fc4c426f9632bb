//! Helpers shared by the engine's integration tests.

#![allow(dead_code)]

pub mod shared;

use std::path::{Path, PathBuf};

use qili::notation::fen;
use qili::{Move, Position, SetupMode};

/// The committed game records, `games/records` (README.md there says what each is).
pub fn game_records() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../games/records")
}

/// The positions of `perft.txt`: the start position and the middlegames of the perft suite.
pub fn perft_positions() -> Vec<Position> {
    include_str!("../perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| fen::parse(l.split(';').next()?, SetupMode::Standard).ok())
        .collect()
}

/// A game from `start` by the choices, never returning to a position it had (so every ply's
/// predecessor is the ply before it); it stops early when every move would repeat one, or the
/// side to move has none.
pub fn fresh_game(start: &Position, choices: &[u16]) -> Vec<Move> {
    let mut pos = start.clone();
    let mut seen = vec![pos.hash()];
    let mut moves = Vec::new();
    for &c in choices {
        let fresh: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| !seen.contains(&pos.after(m).hash()))
            .collect();
        if fresh.is_empty() {
            break;
        }
        let m = fresh[c as usize % fresh.len()];
        pos.play_unchecked(m);
        seen.push(pos.hash());
        moves.push(m);
    }
    moves
}

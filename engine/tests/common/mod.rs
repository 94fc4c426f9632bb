//! Helpers shared by the engine's integration tests.

#![allow(dead_code)]

pub mod shared;

// The perft positions are the core's (`engine/core/tests/perft.txt`).
#[path = "../../core/tests/common/mod.rs"]
mod positions;
pub use positions::perft_positions;

use qili::{Move, Position};

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

//! Perft: the count of legal move paths, the move generator's test and benchmark.

use super::Position;
use crate::Move;

impl Position {
    /// Count leaf nodes of the legal move tree to `depth` (bulk-counted at the last ply).
    pub fn perft(&self, depth: u32) -> u64 {
        let mut bufs: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(128)).collect();
        let mut pos = self.clone();
        perft_inner(&mut pos, depth, &mut bufs)
    }
}

pub(super) fn perft_inner(pos: &mut Position, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (head, tail) = bufs.split_first_mut().expect("one buffer per ply");
    pos.legal_moves_into(head);
    if depth == 1 {
        return head.len() as u64;
    }
    let mut n = 0;
    for &m in head.iter() {
        let u = pos.play_unchecked(m);
        n += perft_inner(pos, depth - 1, tail);
        pos.undo(m, u);
    }
    n
}

//! A line that takes a target: what roots, pins and taking part are asked about.

use crate::{Move, Position, Square};

/// A winning line and its capture of the target, the attacker (the side to move in the
/// position it is read in) moving first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Taking<'a> {
    /// The line, starting with the attacker's first move.
    pub line: &'a [Move],
    /// Index in `line` of the move that takes the target.
    pub index: usize,
    /// Where the target stands.
    pub target: Square,
}

impl Taking<'_> {
    /// The capture of the target.
    pub fn take(&self) -> Option<Move> {
        self.line.get(self.index).copied()
    }

    /// `pos` after the line up to and with the capture.
    pub fn taken(&self, pos: &Position) -> Position {
        let mut p = pos.clone();
        for &m in &self.line[..=self.index] {
            p.play_unchecked(m);
        }
        p
    }
}

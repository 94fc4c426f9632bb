//! The main line of a mate by checks the search has proved: drawn once, at the depth found.
//!
//! The searches of `mate.rs` only tell whether a mate within so many checks exists (and keep
//! what they learn); the line shown is then walked here over what they proved: the
//! attacker's first check in the canonical order that mates within the checks left, and the
//! defender's longest defence, the first in the canonical order among equally long ones (the
//! line a referee would check). The line is a function of the position and the checks left
//! alone, so it does not depend on the order in which the searches tried the moves.

use super::cache::List;
use super::Searcher;
use crate::{Move, Position};

impl Searcher {
    /// The line of a mate within `checks` checks, the attacker to move (one the search has
    /// proved): its first check in the canonical order that mates, then the defence.
    pub(super) fn attack_line(
        &mut self,
        pos: &mut Position,
        checks: u32,
        avoid: Option<Move>,
    ) -> Vec<Move> {
        if checks == 0 || !self.take() {
            return Vec::new();
        }
        for i in self.caches.lists.range(pos, List::Checks) {
            let m = self.caches.lists.moves[i];
            if avoid == Some(m) {
                continue;
            }
            let u = pos.play_unchecked(m);
            let line = self
                .mate_defend(pos, checks - 1, avoid)
                .then(|| self.defend_line(pos, checks - 1, avoid));
            pos.undo(m, u);
            if let Some(rest) = line {
                let mut out = Vec::with_capacity(rest.len() + 1);
                out.push(m);
                out.extend(rest);
                return out;
            }
            if self.exhausted() {
                break;
            }
        }
        Vec::new()
    }

    /// The defence against a mate within `checks` more checks, the defender to move and in
    /// check (one the search has proved): the answer with the longest line, the first in the
    /// canonical order among equally long ones, and that line.
    pub(super) fn defend_line(
        &mut self,
        pos: &mut Position,
        checks: u32,
        avoid: Option<Move>,
    ) -> Vec<Move> {
        if checks == 0 {
            return Vec::new();
        }
        let mut main: Vec<Move> = Vec::new();
        for i in self.caches.lists.range(pos, List::Legal) {
            let a = self.caches.lists.moves[i];
            let u = pos.play_unchecked(a);
            let sub = self.attack_line(pos, checks, avoid);
            pos.undo(a, u);
            if sub.len() + 1 > main.len() {
                main.clear();
                main.push(a);
                main.extend(sub);
            }
        }
        main
    }
}

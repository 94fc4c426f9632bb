//! The order a segment node's children are tried in: the answers to check the most promising
//! first, weighed only as far as they are tried; otherwise the canonical order.

use super::cache::{List, MoveLists};
use crate::Position;

/// The order a node's children are tried in, as indices into [`MoveLists::moves`] with each
/// one's canonical index: the answers to check as [`Answers`] puts them, or the moves in their
/// canonical order, then (if they may) the quiet checks after the captures.
pub(super) struct ChildOrder {
    moves: std::ops::Range<usize>,
    ordered: Option<Answers>,
    quiet: bool,
    tried: usize,
    /// Where the canonical index of a move in `moves` starts (the quiet checks follow the
    /// captures).
    start: usize,
    offset: usize,
}

impl ChildOrder {
    pub(super) fn new(
        moves: std::ops::Range<usize>,
        ordered: Option<Answers>,
        quiet: bool,
    ) -> ChildOrder {
        ChildOrder {
            start: moves.start,
            moves,
            ordered,
            quiet,
            tried: 0,
            offset: 0,
        }
    }

    /// The room of the answers' keys, to be taken again by the next node (see
    /// [`Caches::spare_keys`](super::cache::Caches::spare_keys)).
    pub(super) fn into_keys(self) -> Option<Vec<(usize, usize)>> {
        self.ordered.map(|o| o.keyed)
    }

    /// Whether the answers were reordered.
    pub(super) fn reordered(&self) -> bool {
        self.ordered.is_some()
    }

    /// The next child: its index in `lists.moves` and its canonical index.
    pub(super) fn next(
        &mut self,
        lists: &mut MoveLists,
        pos: &mut Position,
    ) -> Option<(usize, usize)> {
        loop {
            let next = match &mut self.ordered {
                Some(o) => o.get(lists, pos, self.tried),
                None => self.moves.next(),
            };
            self.tried += 1;
            let Some(i) = next else {
                if self.quiet {
                    self.quiet = false;
                    self.offset += self.moves.end - self.start;
                    self.moves = lists.range(pos, List::QuietChecks);
                    self.start = self.moves.start;
                    continue;
                }
                return None;
            };
            return Some((i, self.offset + i - self.start));
        }
    }
}

/// The answers to check, the most promising first: one that takes, then one that checks back,
/// then the fewer checks it leaves the other side the sooner, a check that also takes counting
/// as several (the usual order of mate solvers: an answer that leaves the opponent little to do
/// most often holds; one that lets it take with check seldom does). Only how soon a search ends
/// depends on it: every caller settles equal outcomes in the canonical order, whatever order
/// the moves were tried in. Worked out as far as they are tried: the answers that take, then
/// those that check back, each in the canonical order, then the others by the checks they
/// leave, which are weighed only when the first of them is reached. A stable sort by the cheap keys and then one of the rest by their
/// weight is the stable sort by the whole key, so the order is the same.
pub(super) struct Answers {
    /// The answers' keys (`DEFERRED` until weighed) and indices into [`MoveLists::moves`].
    keyed: Vec<(usize, usize)>,
    /// Where the answers that neither take nor check start in `keyed`.
    quiet: usize,
    /// Whether those have been weighed and sorted.
    weighed: bool,
}

/// The key of an answer whose checks are to be weighed when it is reached.
const DEFERRED: usize = usize::MAX;

impl Answers {
    pub(super) fn new(
        lists: &MoveLists,
        pos: &mut Position,
        range: std::ops::Range<usize>,
        mut keyed: Vec<(usize, usize)>,
    ) -> Answers {
        keyed.clear();
        for i in range {
            let m = lists.moves[i];
            let u = pos.play_unchecked(m);
            let key = if u.captured().is_some() {
                0
            } else if pos.in_check() {
                1
            } else {
                lists
                    .known(pos, List::Checks)
                    .map_or(DEFERRED, |checks| 2 + checks.len())
            };
            pos.undo(m, u);
            keyed.push((key, i));
        }
        keyed.sort_by_key(|&(key, _)| key.min(2));
        let quiet = keyed.partition_point(|&(key, _)| key < 2);
        Answers {
            weighed: quiet == keyed.len(),
            keyed,
            quiet,
        }
    }

    /// The index of the `k`-th answer to try, if there are so many.
    fn get(&mut self, lists: &mut MoveLists, pos: &mut Position, k: usize) -> Option<usize> {
        if k >= self.quiet && !self.weighed {
            self.weighed = true;
            for (key, i) in &mut self.keyed[self.quiet..] {
                if *key == DEFERRED {
                    let m = lists.moves[*i];
                    let u = pos.play_unchecked(m);
                    *key = 2 + lists.weighed_checks(pos) as usize;
                    pos.undo(m, u);
                }
            }
            self.keyed[self.quiet..].sort_by_key(|&(key, _)| key);
        }
        self.keyed.get(k).map(|&(_, i)| i)
    }
}

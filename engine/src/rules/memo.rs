//! The plies a [`crate::Game`] has had labelled, kept with it: the closing moves of several
//! cycles (and the next query after the next move) judge the same plies of the history again,
//! and a ply's label depends only on its position, its move, its predecessor and the rule
//! book (the key [`Work`] keeps labels under), so each is labelled once. Every judge call
//! still gets the whole call budget of its book, as [`super::judge`] gives it, so a ruling is
//! the one `judge` gives.

use std::sync::Mutex;

use super::{judge_in, JudgeError, Label, RuleBook, Ruling, Scope, Work};
use crate::{Move, Position};

/// Most labels kept: beyond, the memo starts again (a game server's game is a few hundred
/// plies, each with a few predecessors seen).
const MOST_LABELS: usize = 4096;

/// The labels kept with a game. Taken out while a call judges, so the lock is held only to
/// take and put back (another thread judging the same game meanwhile starts afresh).
#[derive(Default)]
pub(crate) struct LabelMemo {
    kept: Mutex<Option<(RuleBook, Work)>>,
}

impl LabelMemo {
    /// [`super::judge`]'s ruling on `moves` from `start` under `book`, drawing on the labels
    /// kept.
    pub(crate) fn judge(
        &self,
        start: &Position,
        moves: &[Move],
        book: &RuleBook,
    ) -> Result<Ruling, JudgeError> {
        let taken = self.lock().take();
        let kept = taken
            .filter(|(b, _)| b == book)
            .map(|(_, w)| w)
            .and_then(|mut w| w.renew(MOST_LABELS).then_some(w));
        let mut work = kept.unwrap_or_else(|| Work::new(book.budgets.call));
        let ruling = judge_in(start, moves, book, Scope::Cycle, &mut work);
        // A ply left undetermined may have run out of what the call had left: with a whole
        // budget it might not, so it is not kept for another call.
        let undetermined = ruling.as_ref().map_or(true, |r| {
            r.plies.iter().any(|p| p.label == Label::Undetermined)
        });
        if !undetermined {
            *self.lock() = Some((book.clone(), work));
        }
        ruling
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<(RuleBook, Work)>> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A copy of a game starts with no labels of its own (they would be found again).
impl Clone for LabelMemo {
    fn clone(&self) -> LabelMemo {
        LabelMemo::default()
    }
}

impl std::fmt::Debug for LabelMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LabelMemo")
    }
}

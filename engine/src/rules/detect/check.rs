//! 将 (`24.1.check`): the move leaves the opponent's king attacked, or the kings facing.

use crate::rules::classify::Classifier;
use crate::rules::detect::Ply;
use crate::rules::{Finding, Placed};

pub(crate) fn detect(_: &mut Classifier<'_>, ply: &Ply<'_>) -> Option<Finding> {
    let after = &ply.after;
    if !after.in_check() {
        return None;
    }
    let checkers = after
        .checkers(ply.mover)
        .into_iter()
        .filter_map(|s| after.piece_at(s).map(|p| Placed::new(p, s)))
        .collect();
    Some(Finding::Check {
        king: !ply.mover,
        checkers,
    })
}

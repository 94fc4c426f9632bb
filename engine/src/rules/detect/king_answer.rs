//! `26.1.2.king-answer`: a king move that answers check is idle, whatever it sets up.

use crate::rules::classify::Classifier;
use crate::rules::detect::Ply;
use crate::rules::Finding;
use crate::Role;

pub(crate) fn detect(c: &mut Classifier<'_>, ply: &Ply<'_>) -> Option<Finding> {
    (ply.before.in_check() && ply.moved.role == Role::King && c.book.king_answer_is_idle)
        .then_some(Finding::KingAnswer { king: ply.mover })
}

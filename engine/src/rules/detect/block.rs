//! 拦 (`24.6.block`): the moved piece stands on the first move of a mating line the opponent
//! had before the move, and does not attack.

use crate::rules::classify::{placed, Classifier};
use crate::rules::detect::{Ply, Read};
use crate::rules::idle as kinds;
use crate::rules::Finding;

pub(crate) fn detect(c: &mut Classifier<'_>, ply: &Ply<'_>, _: &Read) -> Option<Finding> {
    let blocked = kinds::block(&mut c.searcher, ply.before, ply.mv, &ply.after)?;
    let threatening = ply
        .before
        .with_turn(!ply.mover)
        .expect("checked in block()");
    Some(Finding::Block {
        blocker: ply.placed_moved(),
        blocked: placed(&threatening, blocked.from),
        threat: blocked,
    })
}

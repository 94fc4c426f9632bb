//! 跟 (`24.7.follow`): the moved piece makes the opponent's last step, watches that guarded
//! piece again and pins it.

use crate::rules::classify::{placed, Classifier};
use crate::rules::detect::{Ply, Read};
use crate::rules::idle as kinds;
use crate::rules::Finding;

pub(crate) fn detect(_: &mut Classifier<'_>, ply: &Ply<'_>, _: &Read) -> Option<Finding> {
    let watched = kinds::follow(ply.previous, ply.mv, &ply.after)?;
    Some(Finding::Follow {
        follower: ply.placed_moved(),
        followed: placed(&ply.after, watched),
    })
}

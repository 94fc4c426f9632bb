//! 献 (`24.5.offer`): the moved piece may be taken with a gain, the taker not mated at once.

use crate::rules::classify::{placed, Classifier};
use crate::rules::detect::{Ply, Read};
use crate::rules::Finding;

pub(crate) fn detect(_: &mut Classifier<'_>, ply: &Ply<'_>, r: &Read) -> Option<Finding> {
    let take = r.sacrifice?;
    Some(Finding::Offer {
        offered: ply.placed_moved(),
        taker: placed(&ply.after, take.from),
    })
}

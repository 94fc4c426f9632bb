//! 兑 (`24.4.exchange`): the move offers a piece for one of the same kind, taken evenly.

use crate::rules::classify::{placed, Classifier};
use crate::rules::detect::{Ply, Read};
use crate::rules::Finding;

pub(crate) fn detect(_: &mut Classifier<'_>, ply: &Ply<'_>, r: &Read) -> Option<Finding> {
    let o = r.offers.first()?;
    Some(Finding::Exchange {
        offered: placed(&ply.after, o.offered),
        partner: placed(&ply.after, o.partner),
    })
}

//! 闲 (`24.8.idle`): none of the natures before it; it names every move left.

use crate::rules::classify::Classifier;
use crate::rules::detect::{Ply, Read};
use crate::rules::Finding;

pub(crate) fn detect(_: &mut Classifier<'_>, _: &Ply<'_>, _: &Read) -> Option<Finding> {
    Some(Finding::Idle)
}

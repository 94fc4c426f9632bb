//! `24.8.chase-to-chase` (从捉到捉): the move's threats all stood before it and pay no more now.

use crate::rules::classify::Classifier;
use crate::rules::detect::{Ply, Read};
use crate::rules::Finding;

pub(crate) fn detect(_: &mut Classifier<'_>, _: &Ply<'_>, r: &Read) -> Option<Finding> {
    let (capturer, target) = r.stood?;
    Some(Finding::ChaseToChase { capturer, target })
}

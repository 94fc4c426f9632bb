//! 捉 (`24.3.direct`, `joint`, `by-checks`, `by-exchange`, `freed`, `holds`): the move makes a
//! new threat to win material that the rule book counts as a chase.

use crate::rules::classify::Classifier;
use crate::rules::detect::{Ply, Read};
use crate::rules::{Chase, Finding, Threat};

/// A chase is weighed (26.9) by all it attacks after the move: the new threats make the move
/// 捉, and the ones it keeps up count too (参考图39: red's new chases of a horse and an elephant
/// go with the rook it keeps chasing jointly).
pub(crate) fn detect(c: &mut Classifier<'_>, _: &Ply<'_>, r: &Read) -> Option<Finding> {
    if r.chases.is_empty() || !r.upgrade {
        return None;
    }
    let kept: Vec<Threat> = r
        .continuing
        .iter()
        .filter(|f| !c.exempt(f))
        .map(|f| Threat {
            standing: true,
            ..f.clone()
        })
        .collect();
    Some(Finding::chase(Chase {
        threats: r.chases.clone(),
        kept,
        also: r.also,
    }))
}

//! The CXA books' adjudication (24.9–24.14, 25, 26.9): a side with no idle move plays a
//! forbidden cycle (禁止着法), of the heavier kind or the lighter (26.9.2, 26.9.3), weighed
//! where the book weighs them, by the matrix in [`super`].

use super::{ranked, Adjudicate, SidePlies};
use crate::rules::rulebook::Adjudication;
use crate::rules::verdict::SideClass;
use crate::rules::Threat as Found;
use crate::rules::{ChaseKind, Label, Rootedness};
use crate::Color;

/// The CXA matrix and weighing, with the book's settings.
pub(crate) struct CxaMatrix<'a>(pub &'a Adjudication);

impl Adjudicate for CxaMatrix<'_> {
    fn class(&self, side: &SidePlies<'_>) -> SideClass {
        class(side, self.0)
    }

    fn culprit(&self, red: SideClass, black: SideClass) -> Option<Color> {
        ranked(red, black, self.0.weighing.is_some())
    }
}

/// The class of one side's cycle: 长将, or forbidden of the heavier or the lighter kind, or
/// allowed with one idle move.
fn class(side: &SidePlies<'_>, a: &Adjudication) -> SideClass {
    let doubt_is_idle = a.doubt_is_idle;
    let idle = |l: &Label| !l.is_attack() && (*l != Label::Undetermined || doubt_is_idle);
    if side.labels.is_empty() || side.labels.iter().any(idle) {
        return SideClass::Allowed;
    }
    // Only an idle move makes a cycle allowed; whether the undetermined one is, is unknown.
    if side.labels.contains(&Label::Undetermined) {
        return SideClass::Undetermined;
    }
    // The 排局 draft forbids only 二打 or more: a single attack is not a forbidden cycle.
    if side.labels.len() < a.least_attacks {
        return SideClass::Allowed;
    }
    if side.labels.iter().all(|&l| l == Label::Check) {
        return SideClass::LongCheck;
    }
    // A ply is named by its biggest threat (the most valuable target; between equals, the
    // heavier kind): 参考图14's rook chased jointly outweighs a pawn picked up on the way, 图25's
    // rook chased by one horse outweighs a cannon won jointly. The side is the lighter kind if
    // one of its chasing plies is.
    let light = side.labels.iter().zip(&side.chases).any(|(&l, chases)| {
        let soft =
            |f: &Found| f.kind == ChaseKind::Joint || f.rootedness == Rootedness::ShortRooted;
        l == Label::Chase
            && chases
                .iter()
                .max_by_key(|f| (f.target_worth(), !soft(f)))
                .is_some_and(soft)
    });
    if light {
        SideClass::ForbiddenSoft
    } else {
        SideClass::ForbiddenHard
    }
}

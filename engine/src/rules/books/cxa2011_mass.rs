//! 附录一《象棋群体比赛简明规定》 of the 2011 book: grass-roots events (seed 004, digest §3.2).
//! The book's definitions of a move; a simpler weighing.

use super::{cxa2011, Entry};
use crate::rules::rulebook::{Adjudication, Perpetual, RuleBook, RuleBookId};

pub(crate) const ID: RuleBookId = RuleBookId::new("cxa2011-mass");
pub(crate) const ENTRY: Entry = Entry { id: ID, book };

/// How the sides are weighed: no 26.9 weighing, and a doubtful move counts as idle (疑案从无).
pub(crate) const ADJUDICATION: Adjudication = Adjudication {
    perpetual: Perpetual::AnyAttack,
    least_attacks: 1,
    weighing: None,
    doubt_is_idle: true,
    general: "附录一第五条",
    long_check: "附录一第五条2(1)",
    one_forbidden: "附录一第五条2(3)",
};

pub(crate) fn book() -> RuleBook {
    RuleBook {
        id: ID,
        title: "《象棋竞赛规则》2011 群众性比赛",
        description: "《象棋竞赛规则》2011 附录一 象棋群体比赛简明规定 (grass-roots events)",
        differences: vec![
            "one-sided 长将 must change at its next move; both sides forbidden: draw, whatever the kinds of chase (no 26.9 weighing)",
            "a move the searches cannot settle counts as idle (疑案从无)",
        ],
        adjudication: ADJUDICATION,
        ..cxa2011::book()
    }
}

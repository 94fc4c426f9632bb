//! The branches of the ruling model (docs/ruling-model.md): every label qili gives is decided
//! by exactly one of them, and the evidence names it, so that a referee can look the rule up
//! and a maintainer can count what each rule decides across the corpus.

use std::fmt;

use crate::rules::Label;

/// One branch of the ruling model: a rule stated once, in terms of its clause.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Branch {
    /// 24.1: the move attacks the opponent's king (or the kings face each other).
    Check,
    /// 26.1.2: a king's move that answers check is idle, whatever it sets up.
    KingAnswer,
    /// 24.2: moving again, the mover mates by a check or a series of checks.
    Mate,
    /// 24.4 with 24.2: an exchange only seems offered; taking gets the taker mated at once.
    MatedExchange,
    /// 24.3 (a): moving again, one piece takes a piece not adequately guarded.
    ChaseDirect,
    /// 24.3 (b): several pieces take it together (联合吃子).
    ChaseJoint,
    /// 24.3 (c): a check or a series of checks wins it.
    ChaseByChecks,
    /// 24.3 (d): a complete exchange comes out ahead.
    ChaseByExchange,
    /// 24.3, new: a threat that stood but did not pay pays after the move (the move removed
    /// its cost).
    ChaseFreed,
    /// 24.3, new: the moved piece holds the target in place (不能离线): it takes part now.
    ChaseHolds,
    /// 24.4: an offer to exchange pieces of the same kind, taken without loss.
    Exchange,
    /// 24.5: a piece offered, taken without loss.
    Offer,
    /// 24.6: the move blocks a mating line without attacking.
    Block,
    /// 24.7: the move follows a guarded piece and pins it again without attacking.
    Follow,
    /// 24.8: none of the above.
    #[default]
    Idle,
    /// 24.8 (从捉到捉): the only threats after the move stood before it.
    ChaseToChase,
    /// 26.1: the king's own chase is permitted (idle).
    KingOwn,
    /// 26.1: a pawn's own chase is permitted (idle).
    PawnOwn,
    /// 26.2: the side holding a draw with a single attacking piece chases an advisor or an
    /// elephant only incidentally (idle).
    KeyPoint,
    /// The searches ran out of their budget: undetermined.
    Budget,
}

impl Branch {
    pub const ALL: [Branch; 20] = [
        Branch::Check,
        Branch::KingAnswer,
        Branch::Mate,
        Branch::MatedExchange,
        Branch::ChaseDirect,
        Branch::ChaseJoint,
        Branch::ChaseByChecks,
        Branch::ChaseByExchange,
        Branch::ChaseFreed,
        Branch::ChaseHolds,
        Branch::Exchange,
        Branch::Offer,
        Branch::Block,
        Branch::Follow,
        Branch::Idle,
        Branch::ChaseToChase,
        Branch::KingOwn,
        Branch::PawnOwn,
        Branch::KeyPoint,
        Branch::Budget,
    ];

    /// The stable id the evidence, the JSON and the model document use.
    pub const fn id(self) -> &'static str {
        match self {
            Branch::Check => "24.1.check",
            Branch::KingAnswer => "26.1.2.king-answer",
            Branch::Mate => "24.2.mate",
            Branch::MatedExchange => "24.4.mated-exchange",
            Branch::ChaseDirect => "24.3.direct",
            Branch::ChaseJoint => "24.3.joint",
            Branch::ChaseByChecks => "24.3.by-checks",
            Branch::ChaseByExchange => "24.3.by-exchange",
            Branch::ChaseFreed => "24.3.freed",
            Branch::ChaseHolds => "24.3.holds",
            Branch::Exchange => "24.4.exchange",
            Branch::Offer => "24.5.offer",
            Branch::Block => "24.6.block",
            Branch::Follow => "24.7.follow",
            Branch::Idle => "24.8.idle",
            Branch::ChaseToChase => "24.8.chase-to-chase",
            Branch::KingOwn => "26.1.king-own",
            Branch::PawnOwn => "26.1.pawn-own",
            Branch::KeyPoint => "26.2.key-point",
            Branch::Budget => "budget",
        }
    }

    pub fn from_id(id: &str) -> Option<Branch> {
        Branch::ALL.into_iter().find(|b| b.id() == id)
    }

    /// The label this branch gives.
    pub const fn label(self) -> Label {
        match self {
            Branch::Check => Label::Check,
            Branch::Mate | Branch::MatedExchange => Label::MateThreat,
            Branch::ChaseDirect
            | Branch::ChaseJoint
            | Branch::ChaseByChecks
            | Branch::ChaseByExchange
            | Branch::ChaseFreed
            | Branch::ChaseHolds => Label::Chase,
            Branch::Exchange => Label::Exchange,
            Branch::Offer => Label::Offer,
            Branch::Block => Label::Block,
            Branch::Follow => Label::Follow,
            Branch::KingAnswer
            | Branch::Idle
            | Branch::ChaseToChase
            | Branch::KingOwn
            | Branch::PawnOwn
            | Branch::KeyPoint => Label::Idle,
            Branch::Budget => Label::Undetermined,
        }
    }
}

impl fmt::Display for Branch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_read_back() {
        for b in Branch::ALL {
            assert_eq!(Branch::from_id(b.id()), Some(b));
            // An id begins with (one of) its clauses in the 2011 book, whose numbering the
            // model uses.
            if b != Branch::Budget {
                assert!(
                    crate::rules::RuleBook::cxa2011()
                        .clause(b)
                        .as_str()
                        .split('、')
                        .any(|c| b.id().starts_with(&format!("{c}."))),
                    "{b}"
                );
            }
        }
        let mut ids: Vec<&str> = Branch::ALL.iter().map(|b| b.id()).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), Branch::ALL.len());
    }
}

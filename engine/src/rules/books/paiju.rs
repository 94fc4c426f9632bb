//! 《中国象棋排局规则》 draft (凌云子, 2008): composed problems (排局; seed 000, digest §3.1).

use super::{cxa2011, Entry};
use crate::rules::rulebook::{
    Adjudication, ChaseTargets, ExchangeKinds, LabelClauses, PawnChase, Perpetual, RuleBook,
    RuleBookId,
};
use crate::rules::Branch;

pub(crate) const ID: RuleBookId = RuleBookId::new("paiju");
pub(crate) const ENTRY: Entry = Entry { id: ID, book };

/// How the sides are weighed: 二打, 多打 (a single attack is allowed); both forbidden draw.
pub(crate) const ADJUDICATION: Adjudication = Adjudication {
    perpetual: Perpetual::AnyAttack,
    least_attacks: 2,
    weighing: None,
    doubt_is_idle: false,
    general: "排局规则第四章",
    long_check: "排局规则第四章第2条",
    one_forbidden: "排局规则第四章第3条",
};

/// The draft's 棋例细则 (digest §3.1): 2 defines 将, 3 杀 and 捉, 4 who is forbidden (where a
/// single 闲 makes a side allowed), 5 the rest (兑 献 拦 跟, the pawn's and the king's own
/// chases, the key point). It has no clause of its own for a king answering check, nor for
/// 从捉到捉 beyond 5's "must arise from the move just played".
pub(crate) const CLAUSES: LabelClauses = &[
    (Branch::Check, "排局细则第2条"),
    (Branch::KingAnswer, "排局细则第5条"),
    (Branch::Mate, "排局细则第3条"),
    (Branch::MatedExchange, "排局细则第5条、第3条"),
    (Branch::ChaseDirect, "排局细则第3条"),
    (Branch::ChaseJoint, "排局细则第3条"),
    (Branch::ChaseByChecks, "排局细则第3条"),
    (Branch::ChaseByExchange, "排局细则第3条"),
    (Branch::ChaseFreed, "排局细则第3条"),
    (Branch::ChaseHolds, "排局细则第3条"),
    (Branch::Exchange, "排局细则第5条"),
    (Branch::Offer, "排局细则第5条"),
    (Branch::Block, "排局细则第5条"),
    (Branch::Follow, "排局细则第5条"),
    (Branch::Idle, "排局细则第4条"),
    (Branch::ChaseToChase, "排局细则第5条"),
    (Branch::KingOwn, "排局细则第5条"),
    (Branch::PawnOwn, "排局细则第5条"),
    (Branch::KeyPoint, "排局细则第5条"),
];

pub(crate) fn book() -> RuleBook {
    RuleBook {
        id: ID,
        title: "排局规则",
        description: "《中国象棋排局规则》网络试行版初稿 (凌云子 2008): composed problems",
        differences: vec![
            "捉 targets rootless pieces only (false and short roots count as rootless); a protected rook attacked by a horse is not chased",
            "兑 pairs equal values of any kind; 献 is a rootless piece offered to a piece of its own kind",
            "a move that is 兑 or 献 is never upgraded to 杀 or 捉",
            "a pawn's own chase is idle, but a chase when both sides attack on every move (相互长打)",
            "a side is forbidden only with no idle move and two or more attacks (二打, 多打); one-sided 长将 loses; both forbidden: draw (no 26.9 weighing)",
            "positions may hold more pieces than the standard set, kings excepted",
        ],
        // What a move is.
        offers_upgrade: false,
        pawn_chase: PawnChase::CountsInMutualAttack,
        chase_targets: ChaseTargets::RootlessOnly,
        exchange_kinds: ExchangeKinds::EqualValue,
        offer_same_kind_only: true,
        // How the sides are weighed, and the clauses cited.
        adjudication: ADJUDICATION,
        clauses: CLAUSES,
        setup: crate::SetupMode::Composed,
        ..cxa2011::book()
    }
}

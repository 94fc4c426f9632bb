//! 中国象棋协会《象棋竞赛规则》2011, 第六章 棋例 (final edition): the reference book, whose
//! settings the others start from.

use super::Entry;
use crate::rules::rulebook::{
    Adjudication, Budgets, ChaseTargets, ChaseTest, ChaseWays, CycleRules, ExchangeKinds,
    LabelClauses, PawnChase, Perpetual, RuleBook, RuleBookId, Weighing,
};
use crate::rules::{Branch, Judged};

pub(crate) const ID: RuleBookId = RuleBookId::new("cxa2011");
pub(crate) const ENTRY: Entry = Entry { id: ID, book };

/// What makes a move a chase: every way of winning material of 24.3.
pub(crate) const CHASE_WAYS: ChaseWays = ChaseWays {
    outnumbering: true,
    by_checks: true,
    by_exchange: true,
    mate_first: true,
    mutual_chase: true,
    freed: true,
};

/// How a cycle is found: ruled from its second occurrence (the figures print one period),
/// nine rounds of alternating long attack too.
pub(crate) const CYCLE: CycleRules = CycleRules {
    least_occurrences: 2,
    nine_rounds: true,
    judged: Judged::RepeatingCycle,
};

/// How the sides are weighed: 25 and the 26.9 weighing of two forbidden cycles.
pub(crate) const ADJUDICATION: Adjudication = Adjudication {
    perpetual: Perpetual::AnyAttack,
    least_attacks: 1,
    weighing: Some(Weighing {
        clause: "26.9",
        single_against_joint: "26.9.2、26.9.3",
        lighter: "禁止着法（含联合捉或捉少根子）",
        heavier_changes: "单子长捉车或无根子，对方为联合捉或捉少根子，前者变着",
    }),
    doubt_is_idle: false,
    general: "25",
    long_check: "24.9、25",
    one_forbidden: "24.13、25",
};

/// The 2011 book's numbering, which its trial edition and its 附录一 share (the 附录一 uses the
/// book's definitions).
pub(crate) const CLAUSES: LabelClauses = &[
    (Branch::Check, "24.1"),
    (Branch::KingAnswer, "26.1.2"),
    (Branch::Mate, "24.2"),
    (Branch::MatedExchange, "24.4、24.2"),
    (Branch::ChaseDirect, "24.3"),
    (Branch::ChaseJoint, "24.3"),
    (Branch::ChaseByChecks, "24.3"),
    (Branch::ChaseByExchange, "24.3"),
    (Branch::ChaseFreed, "24.3"),
    (Branch::ChaseHolds, "24.3"),
    (Branch::Exchange, "24.4"),
    (Branch::Offer, "24.5"),
    (Branch::Block, "24.6"),
    (Branch::Follow, "24.7"),
    (Branch::Idle, "24.8"),
    (Branch::ChaseToChase, "24.8"),
    (Branch::KingOwn, "26.1"),
    (Branch::PawnOwn, "26.1"),
    (Branch::KeyPoint, "26.2"),
];

pub(crate) fn book() -> RuleBook {
    RuleBook {
        id: ID,
        title: "《象棋竞赛规则》2011（正式版）",
        description: "中国象棋协会《象棋竞赛规则》2011 第六章 棋例 (final edition)",
        differences: Vec::new(),
        budgets: Budgets::default(),
        // What a move is.
        king_answer_is_idle: true,
        key_point: true,
        chase_test: ChaseTest::Gain,
        offers_upgrade: true,
        pawn_chase: PawnChase::AlwaysIdle,
        chase_targets: ChaseTargets::Winnable,
        single_check_wins: true,
        exchange_kinds: ExchangeKinds::SameKind,
        offer_same_kind_only: false,
        chase_ways: CHASE_WAYS,
        // How a cycle is found.
        cycle: CYCLE,
        // The digest states no natural limit for the CXA books (§1).
        natural_limit: None,
        // How the sides are weighed, and the clauses cited.
        adjudication: ADJUDICATION,
        clauses: CLAUSES,
        setup: crate::SetupMode::Standard,
    }
}

//! The rule books qili can rule by. What differs between them is data (this struct) and a few
//! small strategy points; the mechanisms are shared.

use std::fmt;

use crate::rules::Branch;

/// A clause of a rule book that a label rests on, as the evidence cites it (`24.3`,
/// `排局细则第3条` …).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Clause(pub &'static str);

impl Clause {
    pub const fn as_str(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl PartialEq<&str> for Clause {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

/// Which rule book. Also the edition a published answer belongs to: every edition the corpus
/// holds is ruled under its own book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum RuleBookId {
    /// 中国象棋协会《象棋竞赛规则》2011, 第六章 棋例 (final edition).
    Cxa2011,
    /// The same book's trial edition (2011 试行), used for about three years before it.
    Cxa2011Trial,
    /// 《中国象棋排局规则》 draft (凌云子, 2008): composed problems (排局).
    Paiju,
    /// 附录一《象棋群体比赛简明规定》 of the 2011 book: grass-roots events.
    Cxa2011Mass,
}

impl RuleBookId {
    pub const ALL: [RuleBookId; 4] = [
        RuleBookId::Cxa2011,
        RuleBookId::Cxa2011Trial,
        RuleBookId::Paiju,
        RuleBookId::Cxa2011Mass,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            RuleBookId::Cxa2011 => "cxa2011",
            RuleBookId::Cxa2011Trial => "cxa2011-trial",
            RuleBookId::Paiju => "paiju",
            RuleBookId::Cxa2011Mass => "cxa2011-mass",
        }
    }

    pub fn from_name(s: &str) -> Option<RuleBookId> {
        RuleBookId::ALL.into_iter().find(|r| r.name() == s)
    }

    /// The names, for messages that list what was expected.
    pub fn names() -> String {
        RuleBookId::ALL.map(RuleBookId::name).join(", ")
    }

    /// The book's title in Chinese, for reports.
    pub const fn chinese(self) -> &'static str {
        match self {
            RuleBookId::Cxa2011 => "《象棋竞赛规则》2011（正式版）",
            RuleBookId::Cxa2011Trial => "《象棋竞赛规则》2011（试行版）",
            RuleBookId::Paiju => "排局规则",
            RuleBookId::Cxa2011Mass => "《象棋竞赛规则》2011 群众性比赛",
        }
    }
}

impl fmt::Display for RuleBookId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for RuleBookId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// A rule book's name that is none of qili's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule book `{0}` (expected one of: {names})", names = RuleBookId::names())]
pub struct UnknownRuleBook(pub String);

impl std::str::FromStr for RuleBookId {
    type Err = UnknownRuleBook;

    /// ```
    /// use qili::rules::RuleBookId;
    /// assert_eq!("cxa2011-trial".parse(), Ok(RuleBookId::Cxa2011Trial));
    /// assert!("cxa2012".parse::<RuleBookId>().unwrap_err().to_string().contains("cxa2011"));
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        RuleBookId::from_name(s).ok_or_else(|| UnknownRuleBook(s.to_string()))
    }
}

/// Limits on the searches inside a ruling. When one runs out the label is `Undetermined`
/// with the reason, never a hang.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budgets {
    /// Most positions all searches of one ply may visit together.
    pub nodes: u32,
    /// Most checking moves in a mating line (杀).
    pub mate_checks: u32,
    /// Most checking moves in a mate that makes a capture no gain (得子后立即被将死).
    pub refute_checks: u32,
    /// Most plies in a winning line (checks, captures and answers). The longest line the
    /// sources publish as a 捉 (《棋例的新变革》图3: nine attacking moves and their answers)
    /// must fit.
    pub gain_plies: u32,
}

impl Default for Budgets {
    fn default() -> Self {
        Budgets {
            nodes: 1_000_000,
            mate_checks: 9,
            refute_checks: 4,
            gain_plies: 18,
        }
    }
}

/// How a pawn's own chase is treated (26.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PawnChase {
    /// Always permitted: idle (2011).
    AlwaysIdle,
    /// Idle, but a chase when both sides attack on every move (1999 wording, 排局).
    CountsInMutualAttack,
}

/// Which pieces a chase may target (24.3, 24.15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChaseTargets {
    /// A piece that can be won: rootless, short-rooted, or worth more than what takes it (a
    /// 车 attacked by a 马 or 炮) — 2011.
    Winnable,
    /// Only rootless pieces (false and short roots count as rootless) — 1999 and the 排局 draft.
    RootlessOnly,
}

/// What an exchange offer (兑) may pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExchangeKinds {
    /// Pieces of the same kind only (2011 final, 24.4).
    SameKind,
    /// Any two pieces of equal value (马 and 炮, 士 and 相): 2011 trial, 1999, 排局.
    EqualValue,
}

/// How the two sides' classes give the verdict: the settings of the book's 25 and 26.9 (or
/// their counterparts), read by the adjudication.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Adjudication {
    /// Attacking plies a side needs to play a forbidden cycle: one (2011), or two (the 排局
    /// draft: 二打, 多打; a single attack is allowed).
    pub least_attacks: usize,
    /// Both sides forbidden: whether the kinds of chase are weighed (2011 26.9.2, 26.9.3: a
    /// single-piece chase of a rook or rootless piece changes against a joint chase or a chase
    /// of a short-rooted piece). Without it, both forbidden is a draw.
    pub weighing: Option<Weighing>,
    /// A ply the searches cannot settle counts as idle (疑案从无, 附录一) instead of leaving
    /// its side, and the verdict, undetermined.
    pub doubt_is_idle: bool,
    /// The clauses a verdict's reason cites.
    pub general: &'static str,
    /// One-sided 长将 must change.
    pub long_check: &'static str,
    /// Forbidden against allowed: the forbidden side changes.
    pub one_forbidden: &'static str,
}

/// The weighing of two forbidden cycles (2011 26.9), with the clauses it cites.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Weighing {
    /// The weighing as a whole (equal weights draw; cited after the general clause).
    pub clause: &'static str,
    /// The single-piece chase against the joint or short-rooted one.
    pub single_against_joint: &'static str,
}

/// The clause each branch of the ruling model cites under a rule book, for every branch but
/// the budget's.
pub type LabelClauses = &'static [(Branch, &'static str)];

/// The 2011 book's numbering, which its trial edition and its 附录一 share (the 附录一 uses the
/// book's definitions).
const CXA2011_CLAUSES: LabelClauses = &[
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

/// The 排局 draft's 棋例细则 (digest §3.1): 2 defines 将, 3 杀 and 捉, 4 who is forbidden (where a
/// single 闲 makes a side allowed), 5 the rest (兑 献 拦 跟, the pawn's and the king's own
/// chases, the key point). It has no clause of its own for a king answering check, nor for
/// 从捉到捉 beyond 5's "must arise from the move just played".
const PAIJU_CLAUSES: LabelClauses = &[
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

const CXA2011_ADJUDICATION: Adjudication = Adjudication {
    least_attacks: 1,
    weighing: Some(Weighing {
        clause: "26.9",
        single_against_joint: "26.9.2、26.9.3",
    }),
    doubt_is_idle: false,
    general: "25",
    long_check: "24.9、25",
    one_forbidden: "24.13、25",
};

/// A rule book: its identity, a description, and the values of its strategy points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleBook {
    pub id: RuleBookId,
    /// One line for `qili rules`.
    pub description: &'static str,
    /// How it differs from cxa2011, one item per difference (empty for cxa2011 itself).
    pub differences: Vec<&'static str>,
    pub budgets: Budgets,
    /// A king move that answers check is idle even if it sets up a chase or a mate (26.1.2).
    pub king_answer_is_idle: bool,
    /// A move that is 兑 or 献 and also threatens mate or a chase takes the heavier label
    /// (从重; 2011 参考图23, 24, 26, 图20). The 排局 draft says it never does.
    pub offers_upgrade: bool,
    pub pawn_chase: PawnChase,
    pub chase_targets: ChaseTargets,
    /// Winning material by a single check counts as 捉 (2011 final: 将军或连续将军得子). The
    /// trial edition named only a series of checks, and 抽吃子 (a discovered attack).
    pub single_check_wins: bool,
    pub exchange_kinds: ExchangeKinds,
    /// 献 needs a taker of the same kind (1999, 排局: 同兵种子吃掉此子).
    pub offer_same_kind_only: bool,
    pub adjudication: Adjudication,
    /// The clause each label cites.
    pub clauses: LabelClauses,
    /// How positions are checked: composed problems may have more pieces than the set.
    pub setup: crate::SetupMode,
}

impl RuleBook {
    pub fn cxa2011() -> RuleBook {
        RuleBook {
            id: RuleBookId::Cxa2011,
            description: "中国象棋协会《象棋竞赛规则》2011 第六章 棋例 (final edition)",
            differences: Vec::new(),
            budgets: Budgets::default(),
            king_answer_is_idle: true,
            offers_upgrade: true,
            pawn_chase: PawnChase::AlwaysIdle,
            chase_targets: ChaseTargets::Winnable,
            single_check_wins: true,
            exchange_kinds: ExchangeKinds::SameKind,
            offer_same_kind_only: false,
            adjudication: CXA2011_ADJUDICATION,
            clauses: CXA2011_CLAUSES,
            setup: crate::SetupMode::Standard,
        }
    }

    /// The 2011 trial edition (seed 001: its 24.3 and 24.4; digest §1.7).
    pub fn cxa2011_trial() -> RuleBook {
        RuleBook {
            id: RuleBookId::Cxa2011Trial,
            description: "《象棋竞赛规则》2011 试行版 (trial edition, before the final of 2011)",
            differences: vec![
                "24.3 捉: winning material by a series of checks or by a discovered attack (抽吃子) counts; a single check that wins material does not (the final added 将军得子 and dropped 抽吃子 as covered)",
                "24.4 兑: pieces of different kinds but equal value (马 and 炮) may be exchanged (the final: same kind only)",
            ],
            single_check_wins: false,
            exchange_kinds: ExchangeKinds::EqualValue,
            ..RuleBook::cxa2011()
        }
    }

    /// The 排局 draft (seed 000, digest §3.1).
    pub fn paiju() -> RuleBook {
        RuleBook {
            id: RuleBookId::Paiju,
            description: "《中国象棋排局规则》网络试行版初稿 (凌云子 2008): composed problems",
            differences: vec![
                "捉 targets rootless pieces only (false and short roots count as rootless); a protected rook attacked by a horse is not chased",
                "兑 pairs equal values of any kind; 献 is a rootless piece offered to a piece of its own kind",
                "a move that is 兑 or 献 is never upgraded to 杀 or 捉",
                "a pawn's own chase is idle, but a chase when both sides attack on every move (相互长打)",
                "a side is forbidden only with no idle move and two or more attacks (二打, 多打); one-sided 长将 loses; both forbidden: draw (no 26.9 weighing)",
                "positions may hold more pieces than the standard set, kings excepted",
            ],
            offers_upgrade: false,
            pawn_chase: PawnChase::CountsInMutualAttack,
            chase_targets: ChaseTargets::RootlessOnly,
            exchange_kinds: ExchangeKinds::EqualValue,
            offer_same_kind_only: true,
            adjudication: Adjudication {
                least_attacks: 2,
                weighing: None,
                doubt_is_idle: false,
                general: "排局规则第四章",
                long_check: "排局规则第四章第2条",
                one_forbidden: "排局规则第四章第3条",
            },
            clauses: PAIJU_CLAUSES,
            setup: crate::SetupMode::Composed,
            ..RuleBook::cxa2011()
        }
    }

    /// 附录一《象棋群体比赛简明规定》 (seed 004, digest §3.2).
    pub fn cxa2011_mass() -> RuleBook {
        RuleBook {
            id: RuleBookId::Cxa2011Mass,
            description: "《象棋竞赛规则》2011 附录一 象棋群体比赛简明规定 (grass-roots events)",
            differences: vec![
                "one-sided 长将 must change at its next move; both sides forbidden: draw, whatever the kinds of chase (no 26.9 weighing)",
                "a move the searches cannot settle counts as idle (疑案从无)",
            ],
            adjudication: Adjudication {
                least_attacks: 1,
                weighing: None,
                doubt_is_idle: true,
                general: "附录一第五条",
                long_check: "附录一第五条2(1)",
                one_forbidden: "附录一第五条2(3)",
            },
            ..RuleBook::cxa2011()
        }
    }

    pub fn get(id: RuleBookId) -> RuleBook {
        match id {
            RuleBookId::Cxa2011 => RuleBook::cxa2011(),
            RuleBookId::Cxa2011Trial => RuleBook::cxa2011_trial(),
            RuleBookId::Paiju => RuleBook::paiju(),
            RuleBookId::Cxa2011Mass => RuleBook::cxa2011_mass(),
        }
    }

    pub fn by_name(name: &str) -> Option<RuleBook> {
        RuleBookId::from_name(name).map(RuleBook::get)
    }

    pub fn all() -> Vec<RuleBook> {
        RuleBookId::ALL.into_iter().map(RuleBook::get).collect()
    }

    /// The clause `branch` cites under this book (empty for the budget's, which is no rule).
    pub fn clause(&self, branch: Branch) -> Clause {
        Clause(
            self.clauses
                .iter()
                .find(|(b, _)| *b == branch)
                .map_or("", |(_, c)| c),
        )
    }

    /// The search limits the budgets imply.
    pub(crate) fn search_limits(&self) -> crate::analysis::search::Limits {
        crate::analysis::search::Limits {
            mate_checks: self.budgets.mate_checks,
            refute_checks: self.budgets.refute_checks,
            gain_plies: self.budgets.gain_plies,
        }
    }
}

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
    /// 亚洲象棋联合会《象棋比赛规例》(4th revision), the text of the World Xiangqi Federation's 2018
    /// rules: the Asian rules most software follows.
    Axf,
}

impl RuleBookId {
    pub const ALL: [RuleBookId; 5] = [
        RuleBookId::Cxa2011,
        RuleBookId::Cxa2011Trial,
        RuleBookId::Paiju,
        RuleBookId::Cxa2011Mass,
        RuleBookId::Axf,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            RuleBookId::Cxa2011 => "cxa2011",
            RuleBookId::Cxa2011Trial => "cxa2011-trial",
            RuleBookId::Paiju => "paiju",
            RuleBookId::Cxa2011Mass => "cxa2011-mass",
            RuleBookId::Axf => "axf",
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
            RuleBookId::Axf => "亚洲象棋联合会《象棋比赛规例》（世界象棋联合会 2018）",
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
    /// Most positions the searches of one [`crate::rules::judge_with`] call may visit
    /// together, over all the plies it labels; a caller that judges more at once shares one
    /// [`crate::rules::Work`] between its calls instead.
    pub call: u64,
    /// Most checking moves in a mating line (杀).
    pub mate_checks: u32,
    /// Checking moves in a mate that makes a capture no gain (得子后立即被将死): one, the
    /// opponent's next move (立即, 下一着不予考虑); not a budget but the clause's reading, kept
    /// here with the other search depths. A mate threat that stood before the capture refutes
    /// it to `mate_checks`.
    pub refute_checks: u32,
    /// Most plies in a winning line (checks, captures and answers). The longest line the
    /// sources publish as a 捉 (《棋例的新变革》图3: nine attacking moves and their answers)
    /// must fit.
    pub gain_plies: u32,
}

impl Default for Budgets {
    fn default() -> Self {
        Budgets {
            nodes: 200_000,
            call: 500_000,
            mate_checks: 9,
            refute_checks: 1,
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

/// Which of 24.3's ways of winning material a book counts as a chase. The CXA books count all
/// four; the Asian rules count only a capture the target cannot escape by its protection (a
/// piece without a real root, or a rook taken by a horse or cannon). Under
/// [`ChaseTest::Attack`] the chase is one capture by definition, and only `mate_first` and
/// `mutual_chase` are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChaseWays {
    /// Several pieces outnumbering the target's protectors (联合捉 of a 少根子). The AXF's rule
    /// 35: two or more pieces attacking a protected piece is no chase.
    pub outnumbering: bool,
    /// Winning material by a check or a series of checks (将军得子). AXF 97–98: a threat to
    /// capture that works only after a check is no chase.
    pub by_checks: bool,
    /// Coming out ahead after a complete exchange (完整交换).
    pub by_exchange: bool,
    /// A move that threatens mate and also chases is 杀 (从重, CXA) — or 捉 (AXF, where mate
    /// threats are allowed and chases are not: the chase is what the move is judged by).
    pub mate_first: bool,
    /// Attacking a piece of the same kind that can take back on the spot is a chase (CXA: unless
    /// it is an even exchange, 24.4). The AXF's rule 24: same-type pieces that can capture each
    /// other offer an exchange or a sacrifice, never a chase; only one that cannot take back (a
    /// blocked horse, a pinned cannon) is chased.
    pub mutual_chase: bool,
    /// An attack that stood before the move but did not pay, and pays now, is a new chase
    /// (CXA 24.3 with 从捉到捉: 参考图16, 34, 49). The AXF judges the attack itself: one that
    /// already existed never counts (a target that lost its protection is a new target set).
    pub freed: bool,
}

/// What a chase (捉) is found as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChaseTest {
    /// The CXA books (24.3): a move after which the mover, moving again, wins material in one
    /// segment (searched: captures, checks, exchanges), new against the threats before the
    /// move (从捉到捉: the same capturer's, the target sets, what they were worth).
    Gain,
    /// The Asian rules (digest §2.2): an attack the move makes — one capture, next move, of a
    /// piece without a real root (at the moment of capture no piece may legally take back, and
    /// the capture is no mate) or of a greater piece by a lesser one (a rook by a horse or
    /// cannon, rule 15) — that did not stand before the move: the capturer could not already
    /// take the target from where it stood, as unprotected, before the move or before the
    /// opponent's last move (an attack the opponent interrupted and the move restores). What
    /// the capture is worth after the recapture, or through a counter-capture elsewhere, does
    /// not count: the AXF judges the attack and the root, not a line.
    Attack,
}

/// What makes a side's cycle forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Perpetual {
    /// The CXA books: no idle move at all (every move is 将, 杀 or 捉), counted with
    /// [`Adjudication::least_attacks`].
    AnyAttack,
    /// The AXF: every move checks (perpetual check), or every move chases and one and the same
    /// piece is chased throughout, followed as it moves (perpetual chase). Anything else is
    /// allowed: mate threats, one check one chase, chasing different pieces in turn.
    OneKind,
}

/// When a repetition is a case for the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CycleRules {
    /// How many times the cycle's position must have occurred. The CXA figures print one period
    /// and are ruled at its second occurrence (a referee at the third: both are accepted); the
    /// AXF rules apply when the position occurs three times.
    pub least_occurrences: usize,
    /// The nine-round rule of the CXA referees (九个回合) applies.
    pub nine_rounds: bool,
    /// Which plies a repetition's ruling judges.
    pub judged: crate::rules::Judged,
}

/// How the two sides' classes give the verdict: the settings of the book's 25 and 26.9 (or
/// their counterparts), read by the adjudication.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Adjudication {
    /// What makes a cycle forbidden.
    pub perpetual: Perpetual,
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
    /// What the lighter forbidden cycle is, in the book's terms.
    pub lighter: &'static str,
    /// Why the heavier side changes, in the book's terms (the clause follows).
    pub heavier_changes: &'static str,
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

/// The Asian rules as the digest numbers them (Eric Wu's translation): general principles 1–12,
/// detail rules 15–40; the terms (将, 捉, 闲) are the book's definitions.
const AXF_CLAUSES: LabelClauses = &[
    (Branch::Check, "AXF术语“将”"),
    (Branch::KingAnswer, "AXF术语“闲”"),
    (Branch::Mate, "AXF总则9"),
    (Branch::MatedExchange, "AXF总则9"),
    (Branch::ChaseDirect, "AXF术语“捉”"),
    (Branch::ChaseJoint, "AXF术语“捉”、真根假根"),
    (Branch::ChaseByChecks, "AXF术语“捉”"),
    (Branch::ChaseByExchange, "AXF术语“捉”"),
    (Branch::ChaseFreed, "AXF术语“捉”"),
    (Branch::ChaseHolds, "AXF细则19"),
    (Branch::Exchange, "AXF细则24"),
    (Branch::Offer, "AXF细则40"),
    (Branch::Block, "AXF术语“闲”"),
    (Branch::Follow, "AXF术语“闲”"),
    (Branch::Idle, "AXF术语“闲”"),
    (Branch::ChaseToChase, "AXF术语“捉”"),
    (Branch::KingOwn, "AXF细则28"),
    (Branch::PawnOwn, "AXF细则29"),
    (Branch::KeyPoint, "AXF术语“闲”"),
];

const CXA2011_ADJUDICATION: Adjudication = Adjudication {
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
    /// The side holding a draw with a single attacking piece chases an advisor or an elephant
    /// only incidentally (26.2 守和要点). The Asian rules have no such clause: an unprotected
    /// advisor or elephant is chased like any piece (digest §2.2's targets).
    pub key_point: bool,
    /// A move that is 兑 or 献 and also threatens mate or a chase takes the heavier label
    /// (从重; 2011 参考图23, 24, 26, 图20). The 排局 draft says it never does.
    pub offers_upgrade: bool,
    pub pawn_chase: PawnChase,
    pub chase_targets: ChaseTargets,
    /// Winning material by a single check counts as 捉 (2011 final: 将军或连续将军得子). The
    /// trial edition named only a series of checks, and 抽吃子 (a discovered attack).
    pub single_check_wins: bool,
    pub exchange_kinds: ExchangeKinds,
    /// Which ways of winning material are chases.
    pub chase_ways: ChaseWays,
    /// What a chase is found as.
    pub chase_test: ChaseTest,
    /// When a repetition is judged.
    pub cycle: CycleRules,
    /// The natural move limit, where the book has one.
    pub natural_limit: Option<crate::rules::NaturalLimit>,
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
            key_point: true,
            chase_test: ChaseTest::Gain,
            offers_upgrade: true,
            pawn_chase: PawnChase::AlwaysIdle,
            chase_targets: ChaseTargets::Winnable,
            single_check_wins: true,
            exchange_kinds: ExchangeKinds::SameKind,
            offer_same_kind_only: false,
            adjudication: CXA2011_ADJUDICATION,
            clauses: CXA2011_CLAUSES,
            chase_ways: ChaseWays {
                outnumbering: true,
                by_checks: true,
                by_exchange: true,
                mate_first: true,
                mutual_chase: true,
                freed: true,
            },
            cycle: CycleRules {
                least_occurrences: 2,
                nine_rounds: true,
                judged: crate::rules::Judged::RepeatingCycle,
            },
            // The digest states no natural limit for the CXA books (§1).
            natural_limit: None,
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
                perpetual: Perpetual::AnyAttack,
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
                perpetual: Perpetual::AnyAttack,
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

    /// The Asian rules (digest §2): chases only of pieces without a real root or of a rook by a
    /// horse or cannon, judged when a position occurs three times; perpetual check, then
    /// perpetual chase of one piece, is what loses.
    pub fn axf() -> RuleBook {
        RuleBook {
            id: RuleBookId::Axf,
            description: "亚洲象棋联合会《象棋比赛规例》第四次修订（世界象棋联合会 2018 年规则）",
            differences: vec![
                "捉: an attack the move makes, one capture next move of a piece without a real root (no piece may legally take back at the moment of capture) or of a greater piece by a lesser one (a rook by a horse or cannon) even when protected; an attack that stood before the move is no new chase; what a line of captures wins does not count (not by checks, not through an exchange, not by several pieces outnumbering a protected piece, rule 35)",
                "a mate threat is allowed (general principle 9); a move that both threatens mate and chases is judged as the chase; a protected piece taken with mate is a mate threat, not a chase",
                "forbidden only perpetual check (every move checks) and perpetual chase (every move chases, one and the same piece throughout, rule 32, which answers every chase, §2.2): one check one chase, chasing different pieces in turn, a piece left standing under attack, mate threats are allowed",
                "perpetual check outranks perpetual chase; the side with the higher violation must change (the book: loses if it does not), equal violations draw; no 26.9 weighing",
                "the rules apply when the position has occurred three times, counted by position over the whole game; what is judged is every move since its third last occurrence; no nine-round rule",
                "no 26.2 key point: a lone attacker chases an unprotected advisor or elephant like any piece",
                "natural move limit: after 60 rounds without a capture, a player who gave at most 10 checks in them may claim a draw (reported beside the ruling)",
            ],
            chase_test: ChaseTest::Attack,
            key_point: false,
            chase_ways: ChaseWays {
                outnumbering: false,
                by_checks: false,
                by_exchange: false,
                mate_first: false,
                mutual_chase: false,
                freed: false,
            },
            cycle: CycleRules {
                least_occurrences: 3,
                nine_rounds: false,
                judged: crate::rules::Judged::SinceThirdOccurrence,
            },
            // Digest §2.3: a draw may be claimed after 60 rounds without a capture by a player
            // who gave at most 10 checks in them.
            natural_limit: Some(crate::rules::NaturalLimit {
                rounds: 60,
                checks: 10,
                clause: "AXF自然限着",
            }),
            adjudication: Adjudication {
                perpetual: Perpetual::OneKind,
                least_attacks: 1,
                weighing: None,
                doubt_is_idle: false,
                general: "AXF总则5",
                long_check: "AXF总则6",
                one_forbidden: "AXF总则3",
            },
            clauses: AXF_CLAUSES,
            ..RuleBook::cxa2011()
        }
    }

    pub fn get(id: RuleBookId) -> RuleBook {
        match id {
            RuleBookId::Cxa2011 => RuleBook::cxa2011(),
            RuleBookId::Cxa2011Trial => RuleBook::cxa2011_trial(),
            RuleBookId::Paiju => RuleBook::paiju(),
            RuleBookId::Cxa2011Mass => RuleBook::cxa2011_mass(),
            RuleBookId::Axf => RuleBook::axf(),
        }
    }

    pub fn by_name(name: &str) -> Option<RuleBook> {
        RuleBookId::from_name(name).map(RuleBook::get)
    }

    pub fn all() -> Vec<RuleBook> {
        RuleBookId::ALL.into_iter().map(RuleBook::get).collect()
    }

    /// A side's class in the book's words (the lighter forbidden cycle is the book's own).
    pub fn class_name(&self, class: crate::rules::SideClass) -> &'static str {
        match (class, self.adjudication.weighing) {
            (crate::rules::SideClass::ForbiddenSoft, Some(w)) => w.lighter,
            _ => class.chinese(),
        }
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

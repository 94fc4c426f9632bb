//! 亚洲象棋联合会《象棋比赛规例》(4th revision), the text of the World Xiangqi Federation's 2018
//! rules: the Asian rules most software follows (digest §2). Chases only of pieces without a
//! real root or of a rook by a horse or cannon, judged when a position occurs three times;
//! perpetual check, then perpetual chase of one piece, is what loses.

use super::{cxa2011, Entry};
use crate::rules::rulebook::{
    Adjudication, ChaseTest, ChaseWays, CycleRules, LabelClauses, Perpetual, RuleBook, RuleBookId,
};
use crate::rules::{Branch, Judged, NaturalLimit};

pub(crate) const ID: RuleBookId = RuleBookId::new("axf");
pub(crate) const ENTRY: Entry = Entry { id: ID, book };

/// What makes a move a chase: one capture, next move, that the target cannot escape by its
/// protection; none of 24.3's lines.
pub(crate) const CHASE_WAYS: ChaseWays = ChaseWays {
    outnumbering: false,
    by_checks: false,
    by_exchange: false,
    mate_first: false,
    mutual_chase: false,
    freed: false,
};

/// How a cycle is found: a position occurring three times, every move since its third last
/// occurrence judged; no nine-round rule.
pub(crate) const CYCLE: CycleRules = CycleRules {
    least_occurrences: 3,
    nine_rounds: false,
    judged: Judged::SinceThirdOccurrence,
};

/// Digest §2.3: a draw may be claimed after 60 rounds without a capture by a player who gave at
/// most 10 checks in them.
pub(crate) const NATURAL_LIMIT: NaturalLimit = NaturalLimit {
    rounds: 60,
    checks: 10,
    clause: "AXF自然限着",
};

/// How the sides are weighed: perpetual check, then perpetual chase of one piece (the Asian
/// reading, [`Perpetual::OneKind`]); no 26.9 weighing.
pub(crate) const ADJUDICATION: Adjudication = Adjudication {
    perpetual: Perpetual::OneKind,
    least_attacks: 1,
    weighing: None,
    doubt_is_idle: false,
    general: "AXF总则5",
    long_check: "AXF总则6",
    one_forbidden: "AXF总则3",
};

/// The Asian rules as the digest numbers them (Eric Wu's translation): general principles 1–12,
/// detail rules 15–40; the terms (将, 捉, 闲) are the book's definitions.
pub(crate) const CLAUSES: LabelClauses = &[
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

pub(crate) fn book() -> RuleBook {
    RuleBook {
        id: ID,
        title: "亚洲象棋联合会《象棋比赛规例》（世界象棋联合会 2018）",
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
        // What a move is.
        chase_test: ChaseTest::Attack,
        key_point: false,
        chase_ways: CHASE_WAYS,
        // How a cycle is found.
        cycle: CYCLE,
        natural_limit: Some(NATURAL_LIMIT),
        // How the sides are weighed, and the clauses cited.
        adjudication: ADJUDICATION,
        clauses: CLAUSES,
        ..cxa2011::book()
    }
}

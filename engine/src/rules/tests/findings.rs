//! A nature of a move is one detector, one [`Finding`] variant, its sentence and its clause
//! rows: every variant has a branch id of its own, a sentence, and a clause in every rule book.
//! A new variant fails to build here until it is given all three (the match has no wildcard).

use super::*;
use crate::rules::{
    describe, Also, Branch, Chase, Finding, OwnChase, OwnChaser, Placed, Spent, Threat,
};
use crate::{Piece, Role, Square};

/// The variant's place in the model's list of branches: an exhaustive match, so that a new
/// variant is listed here (and in [`examples`]) before anything builds.
fn index(f: &Finding) -> usize {
    match f {
        Finding::Check { .. } => 0,
        Finding::KingAnswer { .. } => 1,
        Finding::Mate { .. } => 2,
        Finding::MatedExchange { .. } => 3,
        Finding::ChaseDirect(_) => 4,
        Finding::ChaseJoint(_) => 5,
        Finding::ChaseByChecks(_) => 6,
        Finding::ChaseByExchange(_) => 7,
        Finding::ChaseFreed(_) => 8,
        Finding::ChaseHolds(_) => 9,
        Finding::Exchange { .. } => 10,
        Finding::Offer { .. } => 11,
        Finding::Block { .. } => 12,
        Finding::Follow { .. } => 13,
        Finding::Idle => 14,
        Finding::ChaseToChase { .. } => 15,
        Finding::KingOwn(_) => 16,
        Finding::PawnOwn(_) => 17,
        Finding::KeyPoint { .. } => 18,
        Finding::Budget { .. } => 19,
    }
}

fn at(color: Color, role: Role, square: &str) -> Placed {
    Placed::new(
        Piece { color, role },
        square.parse::<Square>().expect("a square"),
    )
}

/// One finding of each variant, on the pieces of the opening position, in the model's order.
fn examples() -> Vec<Finding> {
    let (rook, horse) = pieces();
    let threat = threat(rook, horse);
    let mut all = attacks(rook, horse);
    all.extend(chases(&threat));
    all.extend(idle(rook, horse));
    all.extend(the_rest(&threat));
    all
}

/// The red rook and the black horse every example is about.
fn pieces() -> (Placed, Placed) {
    (
        at(Color::Red, Role::Rook, "a0"),
        at(Color::Black, Role::Horse, "b9"),
    )
}

/// The rook's plain threat on the rootless horse, the one the chases carry.
fn threat(rook: Placed, horse: Placed) -> Threat {
    Threat {
        kind: ChaseKind::Direct,
        attacker: rook,
        attackers: vec![rook],
        target: horse,
        rootedness: Rootedness::Rootless,
        line: Vec::new(),
        held_by: None,
        kept: None,
        freed: None,
        capture_index: 0,
        finisher: rook.piece,
        checks: 0,
        discovered: false,
        shared: false,
        standing: false,
        finish_checks: false,
    }
}

/// The attacks on the king: check, its answer, the mate threat and the mated exchange.
fn attacks(rook: Placed, horse: Placed) -> Vec<Finding> {
    vec![
        Finding::Check {
            king: Color::Black,
            checkers: vec![rook],
        },
        Finding::KingAnswer { king: Color::Red },
        Finding::Mate {
            line: Vec::new(),
            also: Also::Offer,
        },
        Finding::MatedExchange {
            offered: rook,
            partner: horse,
            line: Vec::new(),
        },
    ]
}

/// The chase of each kind, all on the same threat.
fn chases(threat: &Threat) -> Vec<Finding> {
    let chase = || Chase {
        threats: vec![threat.clone()],
        kept: Vec::new(),
        also: Also::Nothing,
    };
    vec![
        Finding::ChaseDirect(chase()),
        Finding::ChaseJoint(chase()),
        Finding::ChaseByChecks(chase()),
        Finding::ChaseByExchange(chase()),
        Finding::ChaseFreed(chase()),
        Finding::ChaseHolds(chase()),
    ]
}

/// The idle kinds (兑 献 拦 跟 and plain 闲) and 从捉到捉, a capture that stood before the move.
fn idle(rook: Placed, horse: Placed) -> Vec<Finding> {
    vec![
        Finding::Exchange {
            offered: rook,
            partner: horse,
        },
        Finding::Offer {
            offered: rook,
            taker: horse,
        },
        Finding::Block {
            blocker: rook,
            blocked: horse,
            threat: iccs::parse("h7e7").expect("ICCS"),
        },
        Finding::Follow {
            follower: rook,
            followed: horse,
        },
        Finding::Idle,
        Finding::ChaseToChase {
            capturer: rook,
            target: horse,
        },
    ]
}

/// Chases left idle as the king's or a pawn's own, the key point and a search out of budget.
fn the_rest(threat: &Threat) -> Vec<Finding> {
    let own = || OwnChase {
        by: OwnChaser::Capturer,
        threat: threat.clone(),
    };
    vec![
        Finding::KingOwn(own()),
        Finding::PawnOwn(own()),
        Finding::KeyPoint {
            side: Color::Red,
            threat: threat.clone(),
        },
        Finding::Budget {
            spent: Spent::Nodes(1),
            so_far: Box::new(Finding::Idle),
        },
    ]
}

#[test]
fn every_finding_has_a_branch_id_a_sentence_and_a_clause_in_every_book() {
    let start = fen::parse(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        SetupMode::Standard,
    )
    .expect("the opening position");
    let mv = iccs::parse("h2e2").expect("ICCS");
    let examples = examples();
    let mut seen: Vec<usize> = examples.iter().map(index).collect();
    seen.sort();
    assert_eq!(seen, (0..Branch::ALL.len()).collect::<Vec<_>>());
    for f in &examples {
        let branch = f.branch();
        assert_eq!(Branch::ALL[index(f)], branch, "{f:?}");
        assert_eq!(Branch::from_id(branch.id()), Some(branch));
        assert_eq!(f.label(), branch.label());
        assert!(!describe(f, &start, mv).is_empty(), "{branch}: no sentence");
        // The budget is no rule: its evidence cites the clause of what was found so far.
        if branch != Branch::Budget {
            for book in RuleBook::all() {
                let clause = book.clause(branch);
                assert!(
                    !clause.as_str().is_empty(),
                    "{branch}: no clause in {:?}",
                    book.id
                );
            }
        }
    }
}

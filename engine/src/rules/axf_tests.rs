//! The Asian rules' mechanisms (`RuleBook::axf`), each on a small position of qili's own, beside
//! the 2011 book's ruling of the same moves where the two differ (digest §2.5).

use crate::notation::{fen, iccs};
use crate::rules::{judge, judge_with, Label, RuleBook, Ruling, Scope, SideClass, Verdict};
use crate::{Move, SetupMode};

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|m| iccs::parse(m).expect("test move is ICCS"))
        .collect()
}

fn under(book: &RuleBook, position: &str, text: &str) -> Ruling {
    let pos = fen::parse(position, SetupMode::Standard).expect("test position is legal");
    judge_with(&pos, &moves(text), book, Scope::AllPlies).expect("test moves are legal")
}

fn label(book: &RuleBook, position: &str, text: &str, ply: usize) -> Label {
    under(book, position, text).plies[ply - 1].label
}

/// The AXF rules apply when the position has occurred three times: one period played once more
/// than the book prints is no case yet; the third occurrence is. The CXA figures are ruled at
/// the second.
#[test]
fn the_asian_rules_apply_at_the_third_occurrence() {
    let pos = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w";
    let once = "f0e0 e8f8 e0f0 f8e8";
    let axf = RuleBook::axf();
    let start = fen::parse(pos, SetupMode::Standard).unwrap();
    assert_eq!(
        judge(&start, &moves(once), &axf).unwrap().verdict,
        Verdict::NoRepetition
    );
    assert_eq!(
        judge(&start, &moves(once), &RuleBook::cxa2011())
            .unwrap()
            .verdict,
        Verdict::RedLoses
    );
    let twice = format!("{once} {once}");
    let r = judge(&start, &moves(&twice), &axf).unwrap();
    assert_eq!(r.cycle.as_ref().unwrap().red.class, SideClass::LongCheck);
    assert_eq!(r.verdict, Verdict::RedLoses);
}

/// §2.5 E (分捉多子), rule 32: the rook attacks the horse from d5 and the cannon from d7, a new
/// rootless target each move. The 2011 book calls it 长捉 (red changes); the Asian rules chase
/// one and the same piece or none, so red chases different pieces in turn: allowed, a draw.
#[test]
fn chasing_different_pieces_in_turn_is_allowed() {
    let pos = "4k4/9/8c/9/n2R5/9/9/9/9/3K5 w";
    let round = "d5d7 e9e8 d7d5 e8e9";
    let cycle = format!("{round} {round}");
    let cxa = under(&RuleBook::cxa2011(), pos, &cycle);
    assert_eq!(cxa.verdict, Verdict::RedMustChange);
    let axf = under(&RuleBook::axf(), pos, &cycle);
    assert!(axf.plies.iter().step_by(2).all(|p| p.label == Label::Chase));
    assert_eq!(axf.cycle.as_ref().unwrap().red.class, SideClass::Allowed);
    assert_eq!(axf.verdict, Verdict::Draw);
    // The rook following one horse round the cycle chases it perpetually: red changes.
    let same = "4k4/9/9/9/n2R5/9/9/9/9/3K5 b";
    let round = "a5b7 d5d7 b7a5 d7d5";
    let r = under(&RuleBook::axf(), same, &format!("{round} {round} {round}"));
    let cycle = r.cycle.as_ref().unwrap();
    assert_eq!(cycle.red.class, SideClass::ForbiddenHard);
    assert_eq!(cycle.black.class, SideClass::Allowed);
    assert_eq!(r.verdict, Verdict::RedMustChange);
}

/// A pinned piece attacks only what it may legally take (Pikafish: a pinned attacker may only
/// target its pinner): the black rook that blocks the horse's check stands pinned on the
/// horse's leg. It may take the horse, the piece that pins it, so it chases the horse; the
/// red cannon along the rank it may not take (leaving the leg is illegal), so with the horse
/// guarded by the rook on c0 the move chases nothing. With the black king off the horse's
/// reach nothing pins the rook, and it chases the cannon.
#[test]
fn a_pinned_piece_attacks_only_what_it_may_legally_take() {
    for book in [RuleBook::cxa2011(), RuleBook::axf()] {
        let pos = "4k4/2N6/9/9/3r5/9/9/9/9/5K3 b";
        assert_eq!(label(&book, pos, "d5d8", 1), Label::Chase, "{}", book.id);
    }
    let axf = RuleBook::axf();
    let pinned = "4k4/2N3C2/9/9/3r5/9/9/9/9/2R2K3 b";
    assert_eq!(label(&axf, pinned, "d5d8", 1), Label::Idle);
    let free = "5k3/2N3C2/9/9/3r5/9/9/9/9/2R1K4 b";
    assert_eq!(label(&axf, free, "d5d8", 1), Label::Chase);
}

/// Diagrams 63–66's shape on a position of our own: the black rook pinned on the e-file by the
/// red cannon (the advisor the second screen) moves along the pin, attacking the unprotected
/// cannon, its pinner, from both squares. The attack stood before each move, so the moves are
/// no chases (从捉到捉), though a pinned piece does attack its pinner: a draw.
#[test]
fn a_pinned_rook_moving_along_the_pin_does_not_newly_attack_its_pinner() {
    let pos = "4k4/4a4/9/4r4/9/9/9/9/N3C4/3K5 w";
    let round = "a1b3 e6e5 b3a1 e5e6";
    let r = under(&RuleBook::axf(), pos, &format!("{round} {round}"));
    for ply in [5, 7] {
        assert_eq!(r.plies[ply].label, Label::Idle, "ply {}", ply + 1);
        assert_eq!(
            r.plies[ply].evidence.branch(),
            crate::rules::Branch::ChaseToChase
        );
    }
    assert_eq!(r.verdict, Verdict::Draw, "{}", r.reason);
}

/// Rule 24 and 40: a rook that steps next to a black rook which may take it back offers a
/// sacrifice or an exchange, never a chase; the 2011 book weighs the heavier, 捉 (献兼捉).
#[test]
fn same_type_pieces_that_can_take_each_other_are_not_chased() {
    let pos = "4k4/9/9/9/r8/9/9/9/9/1R1K5 w";
    assert_eq!(label(&RuleBook::cxa2011(), pos, "b0b5", 1), Label::Chase);
    assert!(!label(&RuleBook::axf(), pos, "b0b5", 1).is_attack());
}

/// §2.5 C, rule 35: two rooks against one guard on the cannon is a joint chase under the 2011
/// book (少根子) and no chase under the Asian rules (two pieces attacking a protected piece).
#[test]
fn several_pieces_against_a_protected_piece_do_not_chase() {
    let pos = "1rbaka3/9/1c7/9/9/9/9/9/4A4/1R1K2R2 w";
    assert_eq!(label(&RuleBook::cxa2011(), pos, "g0g7", 1), Label::Chase);
    assert_eq!(label(&RuleBook::axf(), pos, "g0g7", 1), Label::Idle);
}

/// Rule 15: a rook attacked by a horse or a cannon is chased whatever its protection, and that
/// chase outweighs the rook side's own: the cannon that comes to attack the guarded rook
/// chases it.
#[test]
fn a_rook_attacked_by_a_cannon_is_chased_even_when_protected() {
    // The black rook on c7 is guarded by the horse on b9; the cannon comes to c2 behind the
    // pawn on c4 and attacks it.
    let pos = "1n2k4/9/2r6/9/2P6/9/9/7C1/9/3K5 w";
    let r = under(&RuleBook::axf(), pos, "h2c2");
    assert_eq!(
        r.plies[0].label,
        Label::Chase,
        "{}",
        r.plies[0].evidence.text()
    );
    assert_eq!(
        r.plies[0].evidence.threats()[0].target.square.to_string(),
        "c7"
    );
}

/// §2.2, the appendix's "Example of Non-Perpetual Chase": the chased piece must answer. The two
/// rooks take turns attacking the rootless horse on a5 (a4→b4 opens the a1 rook's file, b4→a4
/// attacks it again), a new attack every move; black leaves the horse where it stands and moves
/// its king. The 2011 book calls every red move 捉 (red changes); under the Asian rules a piece
/// that neither moves away nor is got out of the attack is not chased perpetually: allowed.
#[test]
fn a_chase_the_target_ignores_is_not_perpetual() {
    let pos = "4k4/9/9/9/n8/R8/9/9/R8/3K5 w";
    let round = "a4b4 e9e8 b4a4 e8e9";
    let cycle = format!("{round} {round}");
    let cxa = under(&RuleBook::cxa2011(), pos, &cycle);
    assert_eq!(cxa.verdict, Verdict::RedMustChange);
    let axf = under(&RuleBook::axf(), pos, &cycle);
    assert!(axf.plies.iter().step_by(2).all(|p| p.label == Label::Chase));
    assert_eq!(axf.cycle.as_ref().unwrap().red.class, SideClass::Allowed);
    assert_eq!(axf.verdict, Verdict::Draw);
    // A rook after a rootless cannon that runs each time: answered, so chased perpetually.
    let pos = "4k4/9/9/2R6/c8/9/9/9/9/3K5 w";
    let round = "c6c5 a5a6 c5c6 a6a5";
    let axf = under(&RuleBook::axf(), pos, &format!("{round} {round}"));
    assert_eq!(
        axf.cycle.as_ref().unwrap().red.class,
        SideClass::ForbiddenHard
    );
    assert_eq!(axf.verdict, Verdict::RedMustChange);
}

/// §2.2 read with rule 19: a piece that may not move at all does not choose to stand still, so
/// its standing still does not excuse the chase. The black rook on a9 is boxed in by its own
/// horses (a8, b9); the two cannons take turns attacking it over the a8 screen (a5→b5 opens
/// the a4 cannon's line, b5→a5 attacks again) while black moves its king. With b9 empty the
/// rook could step away, so leaving it is ignoring the chase: allowed.
#[test]
fn a_piece_that_cannot_move_is_chased_though_it_stands_still() {
    let round = "a5b5 e9e8 b5a5 e8e9";
    let cycle = format!("{round} {round}");
    let boxed = under(&RuleBook::axf(), "rn2k4/n8/9/9/C8/C8/9/9/9/3K5 w", &cycle);
    assert!(boxed
        .plies
        .iter()
        .step_by(2)
        .all(|p| p.label == Label::Chase));
    assert_eq!(
        boxed.cycle.as_ref().unwrap().red.class,
        SideClass::ForbiddenHard
    );
    assert_eq!(boxed.verdict, Verdict::RedMustChange);
    let free = under(&RuleBook::axf(), "r3k4/n8/9/9/C8/C8/9/9/9/3K5 w", &cycle);
    assert_eq!(free.cycle.as_ref().unwrap().red.class, SideClass::Allowed);
    assert_eq!(free.verdict, Verdict::Draw);
}

/// Rule 15 round a cycle: the horse follows the black rook as it runs between i9 and h9, a
/// protected rook or not: perpetual chase, red changes. The same horse after a rootless cannon
/// is the same violation, no lighter one: a horse or cannon chasing a rook does not outweigh
/// the rook's side chasing back (§2.4, equal violations draw), so two sides each chasing one
/// piece throughout draw whatever the pieces (rook and horse chasing each other are a mutual
/// chase).
#[test]
fn a_rook_a_horse_follows_round_the_cycle_is_chased_perpetually() {
    let round = "i7g8 i9h9 g8i7 h9i9";
    let cycle = format!("{round} {round}");
    let axf = RuleBook::axf();
    let rook = under(&axf, "3k4r/9/8N/9/9/9/9/9/9/5K3 w", &cycle);
    assert_eq!(
        rook.cycle.as_ref().unwrap().red.class,
        SideClass::ForbiddenHard
    );
    assert_eq!(rook.verdict, Verdict::RedMustChange);
    let cannon = under(&axf, "3k4c/9/8N/9/9/9/9/9/9/5K3 w", &cycle);
    assert_eq!(
        cannon.cycle.as_ref().unwrap().red.class,
        SideClass::ForbiddenHard
    );
    use crate::rules::adjudicate::culprit;
    assert_eq!(
        culprit(&axf, SideClass::ForbiddenHard, SideClass::ForbiddenHard),
        None
    );
    // The 2011 book still weighs its forbidden cycles (26.9).
    assert_eq!(
        culprit(
            &RuleBook::cxa2011(),
            SideClass::ForbiddenHard,
            SideClass::ForbiddenSoft
        ),
        Some(crate::Color::Red)
    );
}

/// A side's moves are a cycle, not a window with a first and a last: the rook chases the
/// rootless cannon (b0→b1), the cannon runs with check (a1→a0), the rook answers the check
/// (b1→b0) by stepping back next to the cannon, which it may take though it stands pinned on
/// the cannon's line, the cannon comes back. Red chases the cannon on every move, so red chases
/// perpetually, whether the record ends on the chase or on the answer.
#[test]
fn a_chase_through_an_answer_to_check_is_ruled_at_every_phase() {
    let pos = "3k5/9/9/9/9/9/9/9/c8/1RB1K4 w";
    let round = ["b0b1", "a1a0", "b1b0", "a0a1"];
    for extra in 0..4 {
        let played: Vec<&str> = round.iter().cycle().take(11 + extra).copied().collect();
        let r = under(&RuleBook::axf(), pos, &played.join(" "));
        let cycle = r.cycle.as_ref().expect("a threefold repetition");
        assert_eq!(
            cycle.red.class,
            SideClass::ForbiddenHard,
            "{extra}: {}",
            r.reason
        );
        assert_eq!(r.verdict, Verdict::RedMustChange, "{extra}: {}", r.reason);
    }
    // The cannon running along the file instead, the rook's return attacks nothing: one chase,
    // one idle move, allowed.
    let pos = "3k5/9/9/9/9/9/9/c8/9/1R2K4 w";
    let round = "b0b2 a2a3 b2b0 a3a2";
    let r = under(&RuleBook::axf(), pos, &format!("{round} {round} {round}"));
    assert_eq!(
        r.cycle.as_ref().unwrap().red.class,
        SideClass::Allowed,
        "{}",
        r.reason
    );
}

/// The Asian rules have no 26.2 (守和要点): the black rook, black's only attacking piece against
/// red's rook and pawns, chases the unprotected red elephant from g0 to e2 and back. The 2011
/// book calls each move an incidental chase of an elephant by the side holding a draw, idle; the
/// Asian rules chase any unprotected piece (not a king or an uncrossed pawn): black changes.
#[test]
fn a_lone_attacker_chasing_an_elephant_is_no_exception_under_the_asian_rules() {
    let pos = "9/3k5/P2a5/9/4r3p/2PR5/9/9/9/3K2B2 b";
    let round = "e5g5 g0e2 g5e5 e2g0";
    let cxa = under(&RuleBook::cxa2011(), pos, round);
    assert_eq!(
        cxa.plies[0].evidence.branch(),
        crate::rules::Branch::KeyPoint
    );
    assert_eq!(cxa.verdict, Verdict::Draw);
    let axf = under(&RuleBook::axf(), pos, &format!("{round} {round}"));
    assert!(axf.plies.iter().step_by(2).all(|p| p.label == Label::Chase));
    assert_eq!(axf.verdict, Verdict::BlackMustChange, "{}", axf.reason);
}

/// An attack that stood before the move is no new chase, whatever made it safe (digest §2.2):
/// the red rook on h3 attacks the rootless black horse on h8 throughout; the black rook checks
/// from b1, the king steps down, the rook steps back to b0 (where, with the cannon, it would
/// win the king were the red rook to leave), the king steps back up and the capture is safe
/// again. The 2011 book weighs the threat (it pays only now: 捉); the Asian rules judge the
/// attack, which stood: 闲.
#[test]
fn a_king_step_that_makes_a_standing_attack_safe_is_no_new_chase() {
    let pos = "4k4/4a2n1/9/9/9/9/7R1/9/4K4/1r1c5 b";
    let moves = "b0b1 e1e0 b1b0 e0e1";
    assert_eq!(label(&RuleBook::cxa2011(), pos, moves, 4), Label::Chase);
    let axf = under(&RuleBook::axf(), pos, moves);
    assert_eq!(axf.plies[3].label, Label::Idle);
    assert_eq!(
        axf.plies[3].evidence.branch(),
        crate::rules::Branch::ChaseToChase
    );
}

/// Under the Asian rules a target is chased for its root, not for what a line of captures wins
/// (a real root is a piece that may take back at the moment of capture): the rook that comes
/// to e6 attacks the rootless horse on e4, though taking it lets the black cannon take the red
/// horse behind over the rook: the Asian rules chase the horse, here on every red move, and
/// red changes. Given a root (a black horse on c5), the horse is not chased.
#[test]
fn a_target_without_a_root_is_chased_whatever_its_capture_lays_open() {
    let pos = "4k4/4a4/4c4/4R4/6n2/9/4N4/9/4C4/4K4 w";
    let round = "e6g6 g5e4 g6e6 e4g5";
    let on_e4 = |r: &Ruling| {
        r.plies[2]
            .evidence
            .threats()
            .iter()
            .find(|t| t.target.square.to_string() == "e4")
            .map(|t| t.kind)
    };
    let axf = under(&RuleBook::axf(), pos, &format!("{round} {round}"));
    assert_eq!(on_e4(&axf), Some(crate::rules::ChaseKind::Direct));
    assert_eq!(axf.verdict, Verdict::RedMustChange, "{}", axf.reason);
    let rooted = "4k4/4a4/4c4/4R4/2n3n2/9/4N4/9/4C4/4K4 w";
    let r = under(&RuleBook::axf(), rooted, "e6g6 g5e4 g6e6");
    assert_eq!(on_e4(&r), None);
}

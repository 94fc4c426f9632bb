//! Each mechanism of the rulings on a small position of its own, so that a change that breaks
//! one shows here by name, not only as a drift in the corpus.

use crate::notation::{fen, iccs};
use crate::rules::{
    judge, judge_with, ChaseKind, Label, Rootedness, RuleBook, Ruling, Scope, SideClass, Verdict,
};
use crate::{Color, Move, SetupMode};

fn ruling(position: &str, moves: &str) -> Ruling {
    ruling_under(&RuleBook::cxa2011(), position, moves)
}

fn ruling_under(book: &RuleBook, position: &str, moves: &str) -> Ruling {
    let pos = fen::parse(position, SetupMode::Standard).expect("test position is legal");
    let moves: Vec<Move> = moves
        .split_whitespace()
        .map(|m| iccs::parse(m).expect("test move is ICCS"))
        .collect();
    judge_with(&pos, &moves, book, Scope::AllPlies).expect("test moves are legal")
}

/// Red's class over the plies given, as if they were the judged cycle.
fn red_class(position: &str, moves: &str) -> SideClass {
    let pos = fen::parse(position, SetupMode::Standard).expect("test position is legal");
    let moves: Vec<Move> = moves
        .split_whitespace()
        .map(|m| iccs::parse(m).expect("test move is ICCS"))
        .collect();
    crate::rules::classes_of_all(&pos, &moves, &RuleBook::cxa2011())[0]
}

fn label(position: &str, moves: &str, ply: usize) -> Label {
    ruling(position, moves).plies[ply - 1].label
}

#[test]
fn a_new_attack_on_a_rootless_piece_is_a_chase() {
    // The rook comes to the fifth rank and attacks the unguarded horse.
    let r = ruling("4k4/9/9/9/4n4/9/9/9/9/R3K4 w", "a0a5");
    assert_eq!(r.plies[0].label, Label::Chase);
    let t = &r.plies[0].evidence.threats()[0];
    assert_eq!(t.target.square.to_string(), "e5");
    assert_eq!(t.rootedness, Rootedness::Rootless);
    assert_eq!(r.plies[0].evidence.clause, "24.3");
}

#[test]
fn an_attack_that_stood_before_the_move_is_not_new() {
    // 从捉到捉: the rook already attacked the horse along the rank and still does.
    let r = ruling("4k4/9/9/9/R3n4/9/9/9/9/4K4 w", "a5b5");
    assert_eq!(r.plies[0].label, Label::Idle);
    assert!(
        r.plies[0].evidence.text.contains("从捉到捉"),
        "{}",
        r.plies[0].evidence.text
    );
}

#[test]
fn a_pinned_guard_is_a_false_root() {
    // The horse on c9 guards the advisor on d7 but may not move: the rook on a9 pins it to its
    // king. The rook's new attack on the advisor is a chase of a rootless piece.
    let pinned = "R1n1k4/9/3a5/9/9/9/9/9/9/2R2K3 w";
    let r = ruling(pinned, "c0d0");
    assert_eq!(r.plies[0].label, Label::Chase);
    assert_eq!(
        r.plies[0].evidence.threats()[0].rootedness,
        Rootedness::Rootless
    );
    // Without the pin the guard is real and the rook wins nothing.
    assert_eq!(
        label("2n1k4/9/3a5/9/9/9/9/9/9/2R2K3 w", "c0d0", 1),
        Label::Idle
    );
}

#[test]
fn cutting_a_hidden_root_is_a_chase() {
    // The horse on c1 is guarded only by a series of checks (暗根): after 车六平七 the black
    // rook checks along the back rank and wins the rook back. The elephant stepping to g0
    // blocks that rank: now the horse can be taken.
    let r = ruling("5k3/9/9/9/9/9/9/4B4/2nRA2r1/3AK4 w", "e2g0");
    assert_eq!(r.plies[0].label, Label::Chase);
    assert_eq!(
        r.plies[0].evidence.threats()[0].target.square.to_string(),
        "c1"
    );
    // With no black rook there is no hidden root, so the horse was already lost: no new chase.
    let r = ruling("5k3/9/9/9/9/9/9/4B4/2nRA4/3AK4 w", "e2g0");
    assert_eq!(r.plies[0].label, Label::Idle);
}

#[test]
fn a_discovered_attack_is_a_chase_by_another_piece() {
    // The horse steps off the a-file and the rook behind it now attacks the cannon.
    let r = ruling("4k4/9/c8/9/9/9/N3P4/9/9/R3K4 w", "a3c4");
    assert_eq!(r.plies[0].label, Label::Chase);
    let t = &r.plies[0].evidence.threats()[0];
    assert_eq!(t.attacker.square.to_string(), "a0");
    assert_eq!(t.target.square.to_string(), "a7");
}

#[test]
fn winning_material_by_a_check_is_a_chase() {
    // From b6 the horse threatens the fork 马八进七: check, and the rook on a9 falls next.
    let r = ruling("r2ak4/9/9/9/9/2N6/9/9/9/5K3 w", "c4b6");
    assert_eq!(r.plies[0].label, Label::Chase);
    let t = &r.plies[0].evidence.threats()[0];
    assert_eq!(t.kind, ChaseKind::ByChecks);
    assert_eq!(t.target.square.to_string(), "a9");
}

#[test]
fn an_exchange_that_comes_out_ahead_is_a_chase() {
    // The cannon takes the horse, the elephant takes back, and the pawn the horse guarded is
    // then won by the red horse: 完整交换, ahead by a pawn.
    let r = ruling("4k4/9/4b4/9/2n3P1C/4p4/9/9/7N1/3K5 w", "h1g3");
    assert_eq!(r.plies[0].label, Label::Chase);
    let t = &r.plies[0].evidence.threats()[0];
    assert_eq!(t.target.square.to_string(), "e4");
    assert_eq!(t.kind, ChaseKind::ByExchange);
}

#[test]
fn two_attackers_on_a_piece_guarded_once_are_a_joint_chase() {
    // The second rook comes to the seventh rank: two rooks against one guard on the cannon.
    let r = ruling("1rbaka3/9/1c7/9/9/9/9/9/4A4/1R1K2R2 w", "g0g7");
    assert_eq!(r.plies[0].label, Label::Chase);
    let t = &r.plies[0].evidence.threats()[0];
    assert_eq!(t.target.square.to_string(), "b7");
    assert_eq!(t.kind, ChaseKind::Joint);
    assert_eq!(t.rootedness, Rootedness::ShortRooted);
}

#[test]
fn a_pawns_own_chase_is_idle_but_a_chase_it_opens_is_not() {
    // 26.1: the pawn itself attacking the horse is permitted.
    let r = ruling("3akab2/9/9/2n1P4/9/9/9/9/4A4/3K5 w", "e6d6");
    assert_eq!(r.plies[0].label, Label::Idle);
    assert_eq!(r.plies[0].evidence.clause, "26.1");
    // 26.1.1: the pawn stepping forward opens the rank for the rook.
    let r = ruling("3akab2/9/9/R1P1n4/9/9/9/9/4A4/3K5 w", "c6c7");
    assert_eq!(r.plies[0].label, Label::Chase);
    assert_eq!(
        r.plies[0].evidence.threats()[0].attacker.square.to_string(),
        "a6"
    );
}

#[test]
fn a_kings_own_chase_is_idle_but_a_chase_it_makes_possible_is_not() {
    let r = ruling("3ak4/4a4/9/9/9/9/9/9/4n4/3K5 w", "d0d1");
    assert_eq!(r.plies[0].label, Label::Idle);
    assert_eq!(r.plies[0].evidence.clause, "26.1");
    // The king steps off the horse's leg: the horse now attacks the pawn (图15).
    let r = ruling("3ak4/4a4/9/9/9/9/9/3N5/3K5/4p4 w", "d1e1");
    assert_eq!(r.plies[0].label, Label::Chase);
    assert_eq!(
        r.plies[0].evidence.threats()[0].attacker.square.to_string(),
        "d2"
    );
}

#[test]
fn a_king_answering_check_is_idle_whatever_it_opens() {
    // The king steps aside from the rook's check and frees the horse's leg; still 闲 (26.1.2).
    let r = ruling("9/9/4kn3/3N5/9/9/9/9/7R1/3K5 w", "h1e1 e7d7");
    assert_eq!(r.plies[0].label, Label::Check);
    assert_eq!(r.plies[1].label, Label::Idle);
    assert_eq!(r.plies[1].evidence.clause, "26.1.2");
}

#[test]
fn a_mate_threat_and_the_block_that_stops_it() {
    // The rook on a8 holds the eighth rank: 车八进八 would mate. The pawn blocks the b-file.
    let r = ruling("4k4/9/9/2n6/9/2p6/9/9/1R7/R2K5 w", "a0a8 c4b4");
    assert_eq!(r.plies[0].label, Label::MateThreat);
    assert_eq!(r.plies[0].evidence.line().len(), 1);
    assert_eq!(r.plies[1].label, Label::Block);
}

#[test]
fn offers_exchange_and_sacrifice() {
    // The rook faces its counterpart on the open c-file; both are guarded once: 兑.
    assert_eq!(
        label("4ka3/n8/2r6/9/9/9/9/7R1/N8/3K5 w", "h2c2", 1),
        Label::Exchange
    );
    // The rook stands where the horse takes it for nothing: 献.
    assert_eq!(
        label("4ka3/9/9/9/4n4/9/7R1/9/9/3K5 w", "h3f3", 1),
        Label::Offer
    );
}

#[test]
fn following_a_guarded_piece_and_pinning_it_again() {
    // The cannon steps to the d-file; the rook follows and pins it to the advisor behind.
    let r = ruling("3ak4/9/r1c6/9/9/9/9/9/2R6/5K3 b", "c7d7 c1d1");
    assert_eq!(r.plies[1].label, Label::Follow);
}

#[test]
fn the_search_budget_is_a_parameter_and_running_out_says_so() {
    let mut book = RuleBook::cxa2011();
    book.budgets.nodes = 5;
    let r = ruling_under(&book, "4k4/9/9/9/4n4/9/9/9/9/R3K4 w", "a0a5");
    assert_eq!(r.plies[0].label, Label::Undetermined);
    assert!(
        r.plies[0].evidence.text.contains("预算"),
        "{}",
        r.plies[0].evidence.text
    );
}

/// A composed position (排局 piece counts) built to make the searches explode: three rooks,
/// cannons and horses a side around open kings, so checks, discovered checks and capture
/// chains multiply. Under a budget of 100 000 positions a ply it finishes, says which plies it
/// could not settle and why, and does not pretend to a verdict that depends on them.
#[test]
fn a_monstrous_position_stays_within_its_budget() {
    let mut book = RuleBook::cxa2011();
    book.budgets.nodes = 100_000;
    let pos = fen::parse(
        "r1N1k2r1/5c3/N3n4/2R6/r2Rn3C/3C5/3cc1R2/3nC4/4NK3/9 w",
        SetupMode::Composed,
    )
    .expect("legal as a composed position");
    let moves: Vec<Move> = "i5i4 d3b3 i4i5 b3d3"
        .split_whitespace()
        .map(|m| iccs::parse(m).expect("ICCS"))
        .collect();
    let r = judge(&pos, &moves, &book).expect("legal moves");
    let open: Vec<_> = r
        .plies
        .iter()
        .filter(|p| p.label == Label::Undetermined)
        .collect();
    assert!(!open.is_empty(), "the budget should run out");
    for p in &open {
        assert!(p.evidence.text.contains("100000"), "{}", p.evidence.text);
    }
    assert_eq!(r.verdict, Verdict::Undetermined, "{}", r.reason);
    assert!(r.reason.contains("预算"), "{}", r.reason);
}

#[test]
fn an_undetermined_ply_does_not_matter_when_the_side_has_an_idle_one() {
    use crate::rules::adjudicate::{classify_side, SidePlies};
    let book = RuleBook::cxa2011();
    let side = |labels: Vec<Label>| {
        let chases = vec![&[][..]; labels.len()];
        let replies = vec![None; labels.len()];
        let around_replies = vec![None; labels.len()];
        classify_side(
            &SidePlies {
                labels,
                chases,
                replies,
                around_replies,
            },
            &book,
        )
    };
    assert_eq!(
        side(vec![Label::Undetermined, Label::Idle]),
        SideClass::Allowed
    );
    assert_eq!(
        side(vec![Label::Undetermined, Label::Chase]),
        SideClass::Undetermined
    );
}

/// 貌似兑实为杀: the rook seems to offer itself for black's rook, but the black rook is all
/// that keeps the horse from mating on g8 (the pawn covers the king's only square). Without the
/// horse the same move merely gives the rook away.
#[test]
fn an_exchange_whose_acceptance_is_mated_is_a_mate_threat() {
    let trap = ruling("3aka2N/3P5/9/6r2/9/7n1/9/2R6/9/3K5 w", "c2c6");
    assert_eq!(trap.plies[0].label, Label::MateThreat);
    assert!(
        trap.plies[0].evidence.text.contains("兑子后立即被将死"),
        "{}",
        trap.plies[0].evidence.text
    );
    let plain = ruling("3aka3/3P5/9/6r2/9/7n1/9/2R6/9/3K5 w", "c2c6");
    assert_eq!(plain.plies[0].label, Label::Offer);
}

/// The cannon takes the rook with the horse as its screen; the rook cannot step away, since
/// the horse would then check, and taking the horse loses it to the red rook: the pin and the
/// guard keep it in place, and the cannon takes it jointly with them (参考图39). Over a black
/// screen the rook is free to go, and the cannon chases it alone.
#[test]
fn a_rootless_target_kept_in_place_by_a_pin_and_a_guard_is_taken_jointly() {
    let held = "4k4/5rN2/6R2/9/7C1/9/9/9/9/3K5 w";
    assert_eq!(ruling(held, "h5h8").plies[0].label, Label::Chase);
    assert_eq!(
        ruling(held, "h5h8").plies[0].evidence.threats()[0].kind,
        ChaseKind::Joint
    );
    assert_eq!(red_class(held, "h5h8"), SideClass::ForbiddenSoft);
    let free = "4k4/5rn2/6R2/9/7C1/9/9/9/9/3K5 w";
    assert_eq!(ruling(free, "h5h8").plies[0].label, Label::Chase);
    assert_eq!(
        ruling(free, "h5h8").plies[0].evidence.threats()[0].kind,
        ChaseKind::Direct
    );
    assert_eq!(red_class(free, "h5h8"), SideClass::ForbiddenHard);
}

/// A guard made a false root by another piece is taken jointly (联合捉): the cannon on a9
/// pins the elephant on c9 (it would uncover the cannon's line to the king over the advisor),
/// so the rook takes the elephant on e7 that c9 guards (图11's rook and cannon); a crossed pawn
/// covering the advisor's square keeps the king from taking back (a cannon and a pawn). Without
/// the cannon the elephant takes back and the rook wins nothing.
#[test]
fn a_guard_made_a_false_root_by_another_piece_is_a_joint_chase() {
    let pinned = "C1bak4/9/4b4/5P3/R8/9/9/9/9/5K3 w";
    let r = ruling(pinned, "a5e5");
    assert_eq!(
        r.plies[0].label,
        Label::Chase,
        "{}",
        r.plies[0].evidence.text
    );
    let t = &r.plies[0].evidence.threats()[0];
    assert_eq!(
        (t.kind, t.target.square.to_string()),
        (ChaseKind::Joint, "e7".into())
    );
    assert_eq!(red_class(pinned, "a5e5"), SideClass::ForbiddenSoft);
    assert_eq!(
        label("2bak4/9/4b4/5P3/R8/9/9/9/9/5K3 w", "a5e5", 1),
        Label::Idle
    );
    let covered = "4k4/3Pa4/9/9/9/4P4/9/9/1C7/3K5 w";
    let r = ruling(covered, "b1e1");
    assert_eq!(r.plies[0].evidence.threats()[0].kind, ChaseKind::Joint);
    assert_eq!(
        r.plies[0].evidence.threats()[0].target.square.to_string(),
        "e8"
    );
}

/// Each horse move chases a rootless pawn alone (new), while the rook keeps chasing the
/// elephant jointly with the cannon that pins its guard (not new, 从捉到捉): the cycle is
/// weighed by the joint chase it keeps up too (26.9).
#[test]
fn a_chase_is_weighed_with_the_threats_it_keeps_up() {
    let (position, moves) = (
        "C1bak3r/9/4b4/5P3/4R4/9/p2p5/1N7/9/5K3 w",
        "b2c4 i9i8 c4b2 i8i9",
    );
    let r = ruling(position, moves);
    assert_eq!(r.plies[0].label, Label::Chase);
    assert_eq!(r.plies[2].label, Label::Chase);
    assert!(
        r.plies[2].evidence.text.contains("原有的捉仍在"),
        "{}",
        r.plies[2].evidence.text
    );
    assert_eq!(
        r.side(Color::Red).expect("repeats").class,
        SideClass::ForbiddenSoft
    );
    assert_eq!(red_class(position, moves), SideClass::ForbiddenSoft);
}

/// The rook on a6 attacks the rootless cannon on a2 but guards the horse the black rook
/// attacks: taking would lose the horse (laid open), so the threat did not pay. The horse steps
/// away and frees the rook: a new chase (参考图16).
#[test]
fn freeing_a_tied_guard_is_a_new_chase() {
    let r = ruling("2rakab2/9/9/R1N6/9/9/9/c8/9/3K5 w", "c6d4");
    assert_eq!(r.plies[0].label, Label::Chase);
    let t = &r.plies[0].evidence.threats()[0];
    assert_eq!(t.attacker.square.to_string(), "a6");
    assert_eq!(t.target.square.to_string(), "a2");
    assert!(
        r.plies[0].evidence.text.contains("新产生的捉"),
        "{}",
        r.plies[0].evidence.text
    );
    // The horse was not the rook's to guard: its leaving frees nothing, the threat stood
    // before (从捉到捉; the final edition's 参考图37, where the attacked cannon steps away).
    let r = ruling("2rakab2/9/9/2N6/R8/9/9/c8/9/3K5 w", "c6d4");
    assert_eq!(
        r.plies[0].label,
        Label::Idle,
        "{}",
        r.plies[0].evidence.text
    );
}

/// The rook stops guarding the horse by moving itself: taking the cannon still costs the horse,
/// now to an attack that stands, so nothing was freed (参考图26).
#[test]
fn abandoning_the_guard_frees_nothing() {
    let r = ruling("2rakab2/9/9/R1N6/9/9/9/c8/9/3K5 w", "a6a5");
    assert_eq!(
        r.plies[0].label,
        Label::Idle,
        "{}",
        r.plies[0].evidence.text
    );
    assert!(
        r.plies[0].evidence.text.contains("从捉到捉"),
        "{}",
        r.plies[0].evidence.text
    );
}

/// 24.5 立即: the cannon put where the elephant may take it is 献 although taking unblocks the
/// back rank and the black rook could then win the red rook by a series of checks: that loss is
/// not at once, the offerer's next move only checks (the same 立即 as 24.3). Where a black rook
/// on a0 takes the red rook with its next move, the taking loses material at once: no 献. The
/// rook stepping off the rank still frees the elephant to take, a new chase (`24.3.freed`
/// weighs what those checks would have won).
#[test]
fn a_gift_whose_taking_loses_material_only_by_later_checks_is_an_offer() {
    let r = ruling("3k5/9/8c/9/9/3r5/9/4B4/4K4/6BR1 b", "i7i2 h0h5");
    assert_eq!(
        r.plies[0].label,
        Label::Offer,
        "{}",
        r.plies[0].evidence.text
    );
    assert_eq!(
        r.plies[1].label,
        Label::Chase,
        "{}",
        r.plies[1].evidence.text
    );
    assert!(
        r.plies[1].evidence.text.contains("新产生的捉"),
        "{}",
        r.plies[1].evidence.text
    );
    let r = ruling("3k5/9/8c/9/9/9/9/4B4/4K4/r5BR1 b", "i7i2");
    assert_eq!(
        r.plies[0].label,
        Label::Idle,
        "{}",
        r.plies[0].evidence.text
    );
    // With the red rook elsewhere, the cannon is simply given away.
    let r = ruling("3k5/9/8c/9/7R1/3r5/9/4B4/4K4/6B2 b", "i7i2");
    assert_eq!(
        r.plies[0].label,
        Label::Offer,
        "{}",
        r.plies[0].evidence.text
    );
}

#[test]
fn long_check_against_idle_loses_when_there_is_no_other_move() {
    // The mirror image of 图6: the rook is the only piece that can move.
    let r = ruling("6b2/4k4/9/9/9/9/9/9/6p2/1cBR1K3 w", "d0e0 e8d8 e0d0 d8e8");
    let cycle = r.cycle.as_ref().expect("repeats");
    assert_eq!(cycle.red.class, SideClass::LongCheck);
    assert_eq!(cycle.black.class, SideClass::Allowed);
    assert_eq!(r.verdict, Verdict::RedLoses);
    assert_eq!(cycle.red.summary, "长将");
}

#[test]
fn moves_that_do_not_repeat_are_not_judged() {
    let r = ruling("3akab2/9/9/9/9/9/9/9/4A4/3K5 w", "e1f2 e9e8");
    assert_eq!(r.verdict, Verdict::NoRepetition);
    assert!(r.cycle.is_none());
}

// What differs between the rule books, each on a small position.

fn label_under(book: &RuleBook, position: &str, moves: &str, ply: usize) -> Label {
    ruling_under(book, position, moves).plies[ply - 1].label
}

#[test]
fn the_trial_edition_counts_no_single_check_win() {
    // The horse fork 马八进七 wins the rook with one check: 捉 in the final edition only.
    let fork = "r2ak4/9/9/9/9/2N6/9/9/9/5K3 w";
    assert_eq!(
        label_under(&RuleBook::cxa2011(), fork, "c4b6", 1),
        Label::Chase
    );
    assert_eq!(
        label_under(&RuleBook::cxa2011_trial(), fork, "c4b6", 1),
        Label::Idle
    );
}

#[test]
fn the_trial_edition_exchanges_equal_values_of_different_kinds() {
    // The horse goes where the cannon may take it and the rook takes back: an even trade.
    let offer = "4ka3/n8/2c6/9/2p6/9/9/9/1N7/2R2K3 w";
    assert_eq!(
        label_under(&RuleBook::cxa2011(), offer, "b1c3", 1),
        Label::Idle
    );
    assert_eq!(
        label_under(&RuleBook::cxa2011_trial(), offer, "b1c3", 1),
        Label::Exchange
    );
}

#[test]
fn the_paiju_draft_chases_only_rootless_pieces() {
    // A horse attacking a guarded rook: a chase in 2011 (车 worth two horses), not in 排局.
    let guarded_rook = "r3k4/9/r8/9/9/3N5/9/9/9/5K3 w";
    assert_eq!(
        label_under(&RuleBook::cxa2011(), guarded_rook, "d4c6", 1),
        Label::Chase
    );
    assert_eq!(
        label_under(&RuleBook::paiju(), guarded_rook, "d4c6", 1),
        Label::Idle
    );
}

#[test]
fn the_paiju_draft_never_upgrades_an_exchange() {
    // The horse steps off the c-file: the rooks face each other (兑) and the horse attacks the
    // black rook as well. 从重 makes it 捉 in 2011; the 排局 draft keeps 兑.
    let both = "4ka3/n8/2r2c3/9/2N6/9/9/2R6/N8/5K3 w";
    assert_eq!(
        label_under(&RuleBook::cxa2011(), both, "c5e6", 1),
        Label::Chase
    );
    assert_eq!(
        label_under(&RuleBook::paiju(), both, "c5e6", 1),
        Label::Exchange
    );
}

#[test]
fn the_paiju_draft_counts_a_pawns_chase_when_both_sides_attack() {
    // The pawn attacks a rootless advisor and elephant in turn while the black rook chases
    // the red horses: in 2011 the pawn's own chase is idle and black must change; in 排局
    // both sides attack on every move, so the pawn's chases count and both are forbidden.
    let mutual = "4k4/9/3ab4/4PR3/4r4/9/9/9/3NN4/5K3 w";
    let moves = "e6d6 e5d5 d6e6 d5e5";
    let r = ruling_under(&RuleBook::cxa2011(), mutual, moves);
    assert_eq!(r.plies[0].label, Label::Idle);
    assert_eq!(r.verdict, Verdict::BlackMustChange);
    let r = ruling_under(&RuleBook::paiju(), mutual, moves);
    assert_eq!(r.plies[0].label, Label::Chase);
    assert_eq!(r.verdict, Verdict::Draw);
}

#[test]
fn every_rule_book_is_named_described_and_cites_a_clause_for_every_branch() {
    for book in RuleBook::all() {
        assert_eq!(RuleBook::by_name(book.id.name()).as_ref(), Some(&book));
        assert_eq!(book.id.name().parse(), Ok(book.id));
        assert!(!book.description.is_empty());
        assert!(!book.id.chinese().is_empty());
        assert_eq!(
            book.differences.is_empty(),
            book.id == crate::rules::RuleBookId::Cxa2011
        );
        for b in crate::rules::Branch::ALL {
            assert_eq!(
                book.clause(b).as_str().is_empty(),
                b == crate::rules::Branch::Budget,
                "{} {b}",
                book.id
            );
        }
        assert!(book.adjudication.least_attacks >= 1, "{}", book.id);
    }
}

/// The evidence cites the rule book's own clauses: 将 is 24.1 in the 2011 book, and item 2 of
/// the 排局 draft's 棋例细则.
#[test]
fn the_evidence_cites_the_rule_books_clause() {
    let check = "4k4/9/9/9/9/9/9/9/9/R2K5 w";
    assert_eq!(ruling(check, "a0a9").plies[0].evidence.clause, "24.1");
    assert_eq!(
        ruling_under(&RuleBook::paiju(), check, "a0a9").plies[0]
            .evidence
            .clause,
        "排局细则第2条"
    );
}

/// 疑案从无 (附录一): under the mass-competition rules a move the searches cannot settle counts
/// as idle, so the side whose only attack is undetermined plays an allowed cycle; under the
/// 2011 book the same side is undetermined, and so is the verdict.
#[test]
fn under_the_mass_rules_a_doubtful_move_counts_as_idle() {
    let pos = "4k4/9/9/9/4n4/9/9/9/9/R2K5 w";
    let moves = "a0a5 e5c4 a5a0 c4e5 a0a5 e5c4 a5a0 c4e5";
    for (mut book, class) in [
        (RuleBook::cxa2011_mass(), SideClass::Allowed),
        (RuleBook::cxa2011(), SideClass::Undetermined),
    ] {
        book.budgets.nodes = 5;
        let r = ruling_under(&book, pos, moves);
        assert_eq!(r.plies[4].label, Label::Undetermined, "{}", book.id);
        let cycle = r.cycle.as_ref().expect("the moves repeat");
        assert_eq!(cycle.red.class, class, "{}", book.id);
        if class == SideClass::Allowed {
            assert_ne!(r.verdict, Verdict::Undetermined);
        } else {
            assert_eq!(r.verdict, Verdict::Undetermined);
        }
    }
}

/// The rook checks nine times on three points (a9, a8, e8, e9) as the king steps about, and
/// positions come back without any occurring three times: the nine-round rule judges the
/// eighteen plies (red's 长将, red must change). With one round fewer, or where nothing came
/// back, no rule applies.
#[test]
fn nine_rounds_of_alternating_checks_are_judged_without_a_threefold_repetition() {
    use crate::notation::parse_moves;
    use crate::rules::CycleRule;
    let pos = fen::parse("4k4/9/9/9/R8/9/9/3A5/9/3K5 w", SetupMode::Standard).expect("legal");
    let nine = "车九进四 将5进1 车九退一 将5退1 车九进一 将5进1 车九退一 将5退1 车九平五 将5平6 \
                车五进一 将6进1 车五退一 将6退1 车五进一 将6进1 车五退一 将6进1";
    let moves = parse_moves(&pos, nine).expect("legal");
    let r = judge(&pos, &moves, &RuleBook::cxa2011()).expect("legal");
    let c = r.cycle.as_ref().expect("nine rounds");
    assert_eq!(
        c.rule,
        CycleRule::NineRounds {
            attacker: Color::Red
        }
    );
    assert_eq!((c.start, c.len), (0, 18));
    assert_eq!(c.red.summary, "长将");
    assert_eq!(r.verdict, Verdict::RedMustChange, "{}", r.reason);
    assert!(r.reason.contains("九个回合"), "{}", r.reason);
    // Eight rounds (the first left out): the last position is new, so nothing is judged.
    let later = pos.after(moves[0]).after(moves[1]);
    let r = judge(&later, &moves[2..], &RuleBook::cxa2011()).expect("legal");
    assert_eq!(r.verdict, Verdict::NoRepetition, "{}", r.reason);
}

/// 26.2: red holds a draw with its rook alone against rook and horse; the rook's attack on the
/// elephant is incidental (占据守和要点，附带捉象按闲处理). With a horse more, red is no longer
/// the side holding with one piece, and the same move chases.
#[test]
fn a_lone_attacker_holding_a_draw_chases_an_elephant_only_incidentally() {
    let alone = "4ka3/4a4/4b4/9/8n/9/P7r/R8/4A4/3K5 w";
    let r = ruling(alone, "a2e2");
    assert_eq!(r.plies[0].label, Label::Idle);
    assert_eq!(r.plies[0].evidence.clause, "26.2");
    let two = "4ka3/4a4/4b4/9/8n/9/P7r/R8/4A4/N2K5 w";
    assert_eq!(label(two, "a2e2", 1), Label::Chase);
}

/// The rook offers itself for black's rook on the h-file (24.4). Taking black's rook would mate
/// along the back rank, but that taking is the trade offered, not a threat: black's rook may
/// take instead, evenly, so the move is 兑, not 杀 (图29; in its variant taking loses, so there
/// is no offer and the mate counts).
#[test]
fn an_exchange_whose_own_taking_would_mate_is_still_an_exchange() {
    let r = ruling("3ak2r1/4c4/9/9/8R/9/6N2/9/9/3K5 w", "i5h5");
    assert_eq!(
        r.plies[0].label,
        Label::Exchange,
        "{}",
        r.plies[0].evidence.text
    );
}

/// 不能离线: the cannon on g8 already attacks the rootless cannon on d8 (over the black horse);
/// the horse steps to c8 and pins it to its king (it would open the horse's check): the horse
/// takes part in winning it now, a new chase. A horse move that holds nothing is 从捉到捉.
#[test]
fn a_move_that_holds_an_attacked_piece_in_place_is_a_chase() {
    let pos = "4k4/3cn1C2/9/1N7/9/9/9/9/9/3K5 w";
    let r = ruling(pos, "b6c8");
    assert_eq!(
        r.plies[0].label,
        Label::Chase,
        "{}",
        r.plies[0].evidence.text
    );
    assert!(
        r.plies[0].evidence.text.contains("不能离线"),
        "{}",
        r.plies[0].evidence.text
    );
    assert_eq!(label(pos, "b6a4", 1), Label::Idle);
}

/// The cannon on b9 pins the elephant that guards e7, so the rook could take e7; but the cannon
/// itself stood attacked by the rook on b8, and taking e7 would have lost it: the threat did
/// not pay. The cannon steps to a9, still pinning: the threat pays now, a new chase, made by
/// the cannon with the rook (图11). A piece that steps out of an attack and takes no part in
/// the threat frees nothing (`freeing_a_tied_guard_is_a_new_chase`, 定本参考图37).
#[test]
fn a_piece_the_threat_needs_stepping_out_of_an_attack_makes_it_new() {
    let r = ruling("1Cbak4/1r2a4/4b4/9/4R4/9/9/3A5/9/2BK5 w", "b9a9");
    assert_eq!(
        r.plies[0].label,
        Label::Chase,
        "{}",
        r.plies[0].evidence.text
    );
    let t = &r.plies[0].evidence.threats()[0];
    assert_eq!(
        (t.kind, t.target.square.to_string()),
        (ChaseKind::Joint, "e7".into())
    );
    assert!(r.plies[0].evidence.text.contains("新产生的捉"));
}

/// The horses on f5 and h6 attack each other and the rook guards f5 from f8; stepping back to
/// f6 it still guards it (and now bears on h6 too): the move takes part in the offer, 兑 (图21),
/// and the rook's attack on h6 is part of that exchange, not a joint chase. A king step that
/// has nothing to do with the pair offers nothing.
#[test]
fn a_guard_that_moves_and_still_guards_keeps_up_the_offer() {
    let pos = "4k4/4aR3/9/7n1/5N3/9/7r1/9/9/3K5 w";
    assert_eq!(label(pos, "f8f6", 1), Label::Exchange);
    assert_eq!(label(pos, "d0d1", 1), Label::Idle);
}

/// 26.1: the king steps beside the horse the rook attacks, so that taking it pays (the king
/// takes back on d2): the king takes part only by its own attack, its own chase, idle. A king
/// step that opens a horse's leg makes a chase of another piece (图15,
/// `a_kings_own_chase_is_idle_but_a_chase_it_makes_possible_is_not`).
#[test]
fn a_king_step_that_only_guards_the_square_taken_on_is_its_own_chase() {
    let r = ruling("5k3/3r5/9/9/9/9/9/R2n5/4K4/9 w", "e1d1");
    assert_eq!(
        r.plies[0].label,
        Label::Idle,
        "{}",
        r.plies[0].evidence.text
    );
    assert_eq!(r.plies[0].evidence.branch, crate::rules::Branch::KingOwn);
}

/// 26.1: the cannon comes to the e-file and pins the advisor on e1 to its king over the
/// elephant, so it cannot take back on d2: the pawn's capture of the other advisor now pays, but
/// the pawn takes alone, its own chase, idle (参考图11: 炮6平5 pins the advisor's guard, and the
/// pawn alone on the advisor is 闲). 26.8 (兵(卒)吃子时产生其他子将军，按捉处理): where the pawn's
/// capture uncovers the cannon's check, so that the advisor that guards cannot take back, the
/// two take it together, a chase (参考图11: 炮5平6, 炮卒联合捉).
#[test]
fn a_pawns_capture_is_its_own_unless_it_uncovers_another_pieces_check() {
    let r = ruling("5k3/9/9/9/9/c8/9/2pAB4/4A4/4K4 b", "a4e4");
    assert_eq!(
        r.plies[0].label,
        Label::Idle,
        "{}",
        r.plies[0].evidence.text
    );
    assert_eq!(r.plies[0].evidence.branch, crate::rules::Branch::PawnOwn);
    let r = ruling("5k3/9/9/9/c8/9/3p5/3A5/4A4/3K5 b", "a5d5");
    assert_eq!(
        r.plies[0].label,
        Label::Chase,
        "{}",
        r.plies[0].evidence.text
    );
    let pawn = &r.plies[0].evidence.threats()[0];
    assert_eq!(
        (
            pawn.attacker.square.to_string(),
            pawn.target.square.to_string()
        ),
        ("d3".into(), "d2".into())
    );
    assert_eq!(pawn.kind, ChaseKind::Joint);
}

/// 不能离线, won jointly: the horse on c8 pins the black rook on d8 to its king (the rook is its
/// leg), so the rook cannot leave the line; its one way out is to take the horse, which the
/// pawn on c7 takes back. The red rook coming to d3 wins the rook where it stands, the pawn if
/// it takes its way out: two pieces take part (联合捉, the lighter kind). Without the pawn the
/// rook gets away by taking the horse, and a cannon on d8 (which cannot take the horse) is held
/// by the pin alone: both are the rook's chase alone (参考图49).
#[test]
fn a_held_piece_whose_only_way_out_is_guarded_is_taken_jointly() {
    let kept = "4k4/2Nr5/2P6/9/9/9/R8/9/9/5K3 w";
    let r = ruling(kept, "a3d3");
    assert_eq!(
        r.plies[0].label,
        Label::Chase,
        "{}",
        r.plies[0].evidence.text
    );
    let t = &r.plies[0].evidence.threats()[0];
    assert_eq!(
        (t.kind, t.target.square.to_string()),
        (ChaseKind::Joint, "d8".into())
    );
    assert!(
        r.plies[0]
            .evidence
            .text
            .contains("不能离线：吃红马(c8)则红兵(c7)吃回"),
        "{}",
        r.plies[0].evidence.text
    );
    assert_eq!(red_class(kept, "a3d3"), SideClass::ForbiddenSoft);
    for single in [
        "4k4/2Nr5/9/9/9/9/R8/9/9/5K3 w",
        "4k4/2Nc5/2P6/9/9/9/R8/9/9/5K3 w",
    ] {
        let r = ruling(single, "a3d3");
        let t = &r.plies[0].evidence.threats()[0];
        assert_eq!(
            (r.plies[0].label, t.kind),
            (Label::Chase, ChaseKind::Direct),
            "{single}"
        );
        assert_eq!(
            red_class(single, "a3d3"),
            SideClass::ForbiddenHard,
            "{single}"
        );
    }
}

/// Each label's evidence names its pieces and squares as typed facts, and its sentence is
/// rendered from them: the checking rook; the blocking pawn and the mating move it stops; the
/// pair offered for exchange; the horse that may take the offered rook; the chased horse with
/// its attacker, rootedness and line.
#[test]
fn the_evidence_carries_typed_facts_and_its_text_is_rendered_from_them() {
    use crate::rules::{describe, Facts};
    let sq = |p: &crate::rules::Placed| p.square.to_string();
    let check = ruling("4k4/9/9/9/9/9/9/9/9/R2K5 w", "a0a9");
    match &check.plies[0].evidence.facts {
        Facts::Check { king, checkers } => {
            assert_eq!(*king, Color::Black);
            assert_eq!(checkers.iter().map(sq).collect::<Vec<_>>(), ["a9"]);
        }
        f => panic!("{f:?}"),
    }
    let block = ruling("4k4/9/9/2n6/9/2p6/9/9/1R7/R2K5 w", "a0a8 c4b4");
    match &block.plies[1].evidence.facts {
        Facts::Block {
            blocker, threat, ..
        } => assert_eq!(
            (sq(blocker), threat.to_string()),
            ("b4".into(), "b1b9".into())
        ),
        f => panic!("{f:?}"),
    }
    let exchange = ruling("4ka3/n8/2r6/9/9/9/9/7R1/N8/3K5 w", "h2c2");
    match &exchange.plies[0].evidence.facts {
        Facts::Exchange { offered, partner } => {
            assert_eq!((sq(offered), sq(partner)), ("c2".into(), "c7".into()))
        }
        f => panic!("{f:?}"),
    }
    let offer = ruling("4ka3/9/9/9/4n4/9/7R1/9/9/3K5 w", "h3f3");
    match &offer.plies[0].evidence.facts {
        Facts::Offer { offered, taker } => {
            assert_eq!((sq(offered), sq(taker)), ("f3".into(), "e5".into()))
        }
        f => panic!("{f:?}"),
    }
    let pos = "4k4/9/9/9/4n4/9/9/9/9/R2K5 w";
    let chase = ruling(pos, "a0a5");
    let t = &chase.plies[0].evidence.threats()[0];
    assert_eq!(
        (sq(&t.attacker), sq(&t.target), t.rootedness),
        ("a5".into(), "e5".into(), Rootedness::Rootless)
    );
    assert_eq!(t.attackers.iter().map(sq).collect::<Vec<_>>(), ["a5"]);
    assert_eq!(t.line[0], iccs::parse("a5e5").unwrap());
    let start = fen::parse(pos, SetupMode::Standard).unwrap();
    let p = &chase.plies[0];
    assert_eq!(describe(&p.evidence.facts, &start, p.mv), p.evidence.text);
}

#[test]
fn verdicts_read_in_the_books_words_in_either_script() {
    for (text, v) in [
        ("红方变着，不变作负", Verdict::RedMustChange),
        ("紅方變著，不變作負", Verdict::RedMustChange),
        ("黑方作负", Verdict::BlackLoses),
        ("双方不变作和", Verdict::Draw),
        ("未形成循环重复，不适用棋例", Verdict::NoRepetition),
    ] {
        assert_eq!(Verdict::from_chinese(text), Some(v), "{text}");
    }
    for v in Verdict::PUBLISHED {
        assert_eq!(Verdict::from_chinese(v.chinese()), Some(v), "{v}");
    }
    assert_eq!(Verdict::from_chinese("红方长捉"), None);
}

//! 26.1 and 26.2: the king's and a pawn's own chases, a king answering check, the key point.

use super::*;

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
        r.plies[0].evidence.text()
    );
    assert_eq!(r.plies[0].evidence.branch(), crate::rules::Branch::KingOwn);
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
        r.plies[0].evidence.text()
    );
    assert_eq!(r.plies[0].evidence.branch(), crate::rules::Branch::PawnOwn);
    let r = ruling("5k3/9/9/9/c8/9/3p5/3A5/4A4/3K5 b", "a5d5");
    assert_eq!(
        r.plies[0].label,
        Label::Chase,
        "{}",
        r.plies[0].evidence.text()
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

//! 24.3 捉: new threats, false roots, joint chases, freed and held targets, what a chase keeps up.

use super::*;

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
        r.plies[0].evidence.text().contains("从捉到捉"),
        "{}",
        r.plies[0].evidence.text()
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
        r.plies[0].evidence.text()
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
        r.plies[2].evidence.text().contains("原有的捉仍在"),
        "{}",
        r.plies[2].evidence.text()
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
        r.plies[0].evidence.text().contains("新产生的捉"),
        "{}",
        r.plies[0].evidence.text()
    );
    // The horse was not the rook's to guard: its leaving frees nothing, the threat stood
    // before (从捉到捉; the final edition's 参考图37, where the attacked cannon steps away).
    let r = ruling("2rakab2/9/9/2N6/R8/9/9/c8/9/3K5 w", "c6d4");
    assert_eq!(
        r.plies[0].label,
        Label::Idle,
        "{}",
        r.plies[0].evidence.text()
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
        r.plies[0].evidence.text()
    );
    assert!(
        r.plies[0].evidence.text().contains("从捉到捉"),
        "{}",
        r.plies[0].evidence.text()
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
        r.plies[0].evidence.text()
    );
    assert!(
        r.plies[0].evidence.text().contains("不能离线"),
        "{}",
        r.plies[0].evidence.text()
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
        r.plies[0].evidence.text()
    );
    let t = &r.plies[0].evidence.threats()[0];
    assert_eq!(
        (t.kind, t.target.square.to_string()),
        (ChaseKind::Joint, "e7".into())
    );
    assert!(r.plies[0].evidence.text().contains("新产生的捉"));
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
        r.plies[0].evidence.text()
    );
    let t = &r.plies[0].evidence.threats()[0];
    assert_eq!(
        (t.kind, t.target.square.to_string()),
        (ChaseKind::Joint, "d8".into())
    );
    assert!(
        r.plies[0]
            .evidence
            .text()
            .contains("不能离线：吃红马(c8)则红兵(c7)吃回"),
        "{}",
        r.plies[0].evidence.text()
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

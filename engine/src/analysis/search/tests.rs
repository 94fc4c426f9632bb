use super::*;
use crate::notation::{fen, iccs};
use crate::SetupMode;

fn searcher() -> Searcher {
    let limits = Limits {
        mate_checks: 9,
        refute_checks: 1,
        gain_plies: 14,
    };
    Searcher::new(limits, 1_000_000)
}

fn wins(position: &str, first: &str) -> bool {
    let pos = fen::parse(position, SetupMode::Standard).expect("legal");
    let m = iccs::parse(first).expect("ICCS");
    searcher()
        .evaluate(&Terms::PLAIN, &pos, m, (0, 1))
        .is_some_and(|g| g.score > 0)
}

/// The rook wins the advisor by a check (车二进七 将6进1 车二平六), but black's rook takes
/// the horse red left hanging: a chase by checks that loses more than it wins is none.
#[test]
fn a_win_by_checks_is_weighed_against_what_the_defender_takes_meanwhile() {
    let hanging = "3a1k3/2N6/2r6/9/9/9/9/7R1/9/4K4 w";
    assert!(!wins(hanging, "h2h9"));
    // Without the hanging horse the same checks win the advisor.
    let safe = "3a1k3/9/2r6/9/9/9/9/7R1/9/4K4 w";
    assert!(wins(safe, "h2h9"));
}

/// The same checks win a horse while black's rook takes a horse left hanging: an even
/// trade elsewhere does not cancel a win by checks (参考图12), only one that leaves the
/// chaser behind does (交换吃亏).
#[test]
fn a_win_by_checks_stands_against_an_even_capture_elsewhere() {
    assert!(wins("3n1k3/2N6/2r6/9/9/9/9/7R1/9/4K4 w", "h2h9"));
}

/// The horse steps off the file to give a discovered check and the rook then takes the
/// cannon; black's rook takes the horse, which only evens the score: the cannon is still
/// won (参考图30: the pawn that uncovers the check is taken after the horse, and the book
/// rules 捉). The contrast, a capture meanwhile that leaves the chaser behind, is
/// `a_win_by_checks_is_weighed_against_what_the_defender_takes_meanwhile`.
#[test]
fn a_win_by_checks_is_undone_only_by_what_leaves_the_chaser_behind() {
    assert!(wins("3akar2/9/9/9/4N4/9/c3R4/9/9/3K5 w", "e5g6"));
}

/// The cannon takes the rook on c1 and so uncovers its own rook on a6 to the black rook:
/// rook for rook, what the capture lays open only evens the score, and the rook is won
/// (参考图27: 炮六平七 捉). Where it takes a horse instead, losing the rook for it leaves red
/// behind (交换吃亏, 图23): no gain.
#[test]
fn what_a_capture_lays_open_counts_when_it_leaves_the_chaser_behind() {
    assert!(wins("5k3/9/9/R1C2r3/2p6/9/9/9/2r6/4K4 w", "c6c1"));
    assert!(!wins("5k3/9/9/R1C2r3/2p6/9/9/9/2n6/4K4 w", "c6c1"));
}

/// The rook takes the horse on c7 and uncovers the cannon's check over the advisor; black's
/// only fair answer takes the cannon, which evens the score: the horse is won (图28:
/// 车八平七 捉). Where the rook takes an elephant, losing the cannon for it leaves red behind.
#[test]
fn an_answer_to_check_that_only_evens_the_score_does_not_undo_the_gain() {
    assert!(wins("C1Raka3/9/2n1P4/9/9/9/r8/9/9/3K5 w", "c9c7"));
    assert!(!wins("C1Raka3/9/4P4/9/2b6/9/r8/9/9/3K5 w", "c9c5"));
}

/// 24.3 得子后不致立即（下一着不予考虑）被对方将死: the rook leaves the i-file to take the
/// cannon, and black mates with two checks (车1进9, 帅五进一, 车2进4): not at once, the
/// cannon is won. Where black's rook mates with its next move (the horse covers e1), the
/// gain is refuted; and where black already threatened that two-check mate before the
/// rook took, the capture that does not parry it is refuted by it.
#[test]
fn only_a_mate_at_once_or_a_standing_mate_threat_refutes_a_gain() {
    assert!(wins("5k2r/9/9/9/7r1/1c6R/4P1n2/9/9/4K4 w", "i4b4"));
    assert!(!wins("5k3/9/9/9/8r/9/3c4R/6n2/9/3AK4 w", "i3d3"));
    assert!(!wins("5k2r/9/9/9/7r1/Rc7/4P1n2/9/9/4K4 w", "a4b4"));
}

/// Black's cannon takes the pawn over its elephant. Red's horse cannot simply take back (it
/// guards the cannon the rook would then take), but red's cannon takes an elephant with
/// check first; the elephant takes it, and only then does the horse take the cannon back:
/// a pawn for an elephant, no gain (参考图31).
#[test]
fn the_capturer_may_be_won_back_after_counter_checks_even_if_the_attacker_took_meanwhile() {
    assert!(!wins("4k4/4a4/4b4/4r4/2c3b1P/6N2/4C4/9/9/3K5 b", "c5i5"));
}

/// The horse takes a pawn that has not crossed the river, with check; after the king steps
/// aside the rook could take the horse on a7, but that capture stands anyway and is a
/// threat of its own. Taking no material, the horse's capture is no threat by itself: only
/// the rook's capture and its check that wins an advisor are listed.
#[test]
fn a_capture_of_no_material_is_no_threat_by_itself() {
    let position = "3a5/4ak3/n8/4p4/9/3N5/9/R8/9/3K5 w";
    let pos = fen::parse(position, SetupMode::Standard).expect("legal");
    let firsts: Vec<String> = searcher()
        .gain_lines(&Terms::PLAIN, &pos)
        .iter()
        .map(|g| g.line[0].to_string())
        .collect();
    assert_eq!(firsts, ["a2a7", "a2f2"]);
    // The horse's capture does win the horse if the rook's capture may follow it.
    assert!(wins(position, "d4e6"));
}

/// What the null windows find a capture worth is what one search in the open window finds.
#[test]
fn the_laid_open_worth_found_by_null_windows_is_the_open_windows() {
    for (position, first) in [
        ("3a1k3/2N6/2r6/9/9/9/9/3R5/9/4K4 w", "d2d9"),
        ("4k4/4a4/4b4/4r4/2c3b1P/6N2/4C4/9/9/3K5 b", "c5i5"),
        ("3a5/4ak3/n8/4p4/9/3N5/9/R8/9/3K5 w", "a2a7"),
        ("3a5/4ak3/n8/4p4/9/3N5/9/R8/9/3K5 w", "d4e6"),
    ] {
        let pos = fen::parse(position, SetupMode::Standard).expect("legal");
        let m = iccs::parse(first).expect("ICCS");
        let terms = Terms::laying_open(Vec::new());
        let open = searcher()
            .evaluate(&terms, &pos, m, (-INF, INF))
            .map(|g| g.score);
        assert_eq!(
            searcher().value(&terms, &pos, m),
            open,
            "{position} {first}"
        );
    }
}

/// A direct capture is a chase whatever the defender threatens elsewhere (图8): its own
/// threats do not protect the piece taken.
#[test]
fn a_direct_capture_is_not_answered_by_the_defenders_other_threats() {
    let hanging = "3a1k3/2N6/2r6/9/9/9/9/3R5/9/4K4 w";
    assert!(wins(hanging, "d2d9"));
}

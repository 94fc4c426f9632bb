//! 杀 and the idle kinds 兑 献 拦 跟 (24.2, 24.4–24.7).

use super::*;

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

/// 貌似兑实为杀: the rook seems to offer itself for black's rook, but the black rook is all
/// that keeps the horse from mating on g8 (the pawn covers the king's only square). Without the
/// horse the same move merely gives the rook away.
#[test]
fn an_exchange_whose_acceptance_is_mated_is_a_mate_threat() {
    let trap = ruling("3aka2N/3P5/9/6r2/9/7n1/9/2R6/9/3K5 w", "c2c6");
    assert_eq!(trap.plies[0].label, Label::MateThreat);
    assert!(
        trap.plies[0].evidence.text().contains("兑子后立即被将死"),
        "{}",
        trap.plies[0].evidence.text()
    );
    let plain = ruling("3aka3/3P5/9/6r2/9/7n1/9/2R6/9/3K5 w", "c2c6");
    assert_eq!(plain.plies[0].label, Label::Offer);
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
        r.plies[0].evidence.text()
    );
    assert_eq!(
        r.plies[1].label,
        Label::Chase,
        "{}",
        r.plies[1].evidence.text()
    );
    assert!(
        r.plies[1].evidence.text().contains("新产生的捉"),
        "{}",
        r.plies[1].evidence.text()
    );
    let r = ruling("3k5/9/8c/9/9/9/9/4B4/4K4/r5BR1 b", "i7i2");
    assert_eq!(
        r.plies[0].label,
        Label::Idle,
        "{}",
        r.plies[0].evidence.text()
    );
    // With the red rook elsewhere, the cannon is simply given away.
    let r = ruling("3k5/9/8c/9/7R1/3r5/9/4B4/4K4/6B2 b", "i7i2");
    assert_eq!(
        r.plies[0].label,
        Label::Offer,
        "{}",
        r.plies[0].evidence.text()
    );
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
        r.plies[0].evidence.text()
    );
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

//! What differs between the rule books, each on a small position.

use super::*;

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

//! Verdicts under each rule book: every case × edition judged under every book, each book
//! checking the start position with its own setup rules.

mod common;

use common::*;
use qili::rules::{RuleBook, RuleBookId};
use qili_corpus::corpus;
use qili_harness::expectations::Expectations;
use qili_harness::rulebooks::Cell;
use qili_harness::{pipeline, run};

/// 图6 with a third red rook on a0 and b0: a composed problem, legal only under 排局 rules.
const COMPOSED: &str = "\
id: composed-fig06
title: 图6 排局 三车
tags: [长将, 排局]
position:
  fen: 2b6/4k4/9/9/9/9/9/9/2p6/RR1K1RBc1 w
  provenance: published
published:
  - edition: paiju
    source:
      work: a test
    moves:
      - { move: f0e0 }
      - { move: e8f8 }
      - { move: e0f0 }
      - { move: f8e8 }
    cycle: exact
    verdict: red_loses
    text: 红方长将，不变作负。
";

#[test]
fn each_rule_book_checks_the_position_with_its_own_setup_rules() {
    let s = Scratch::new("rulebooks-composed");
    let dir = s.path().join("corpus");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("composed-fig06.yaml"), COMPOSED).unwrap();
    let c = corpus::load(&dir).unwrap();
    assert!(c.broken.is_empty(), "{:?}", c.broken);
    let r = pipeline::results(&c, &Expectations::default(), &run::Options::default());
    let t = &r.rule_books;
    assert_eq!(t.rows.len(), 1);
    let row = &t.rows[0];
    for (cell, book) in row.cells.iter().zip(RuleBook::all()) {
        assert_eq!(cell.rule_book, book.id.name());
        match (book.id, &cell.cell) {
            (RuleBookId::Paiju, Cell::Ruled { .. }) => {}
            (RuleBookId::Paiju, other) => panic!("paiju: {other:?}"),
            (_, Cell::IllegalPosition { reason }) => assert!(!reason.is_empty()),
            (id, other) => panic!("{id}: expected an illegal position, got {other:?}"),
        }
    }
    assert!(row.differs);
    assert_eq!(t.differing, 1);
}

#[test]
fn the_table_is_the_same_whichever_rule_book_the_main_run_uses() {
    let c = corpus::load(&fixtures()).unwrap();
    let exp = Expectations::default();
    let own = pipeline::results(&c, &exp, &run::Options::default()).rule_books;
    assert_eq!(own.rows.len(), 6);
    for book in RuleBook::all() {
        let options = run::Options {
            rules: Some(book.clone()),
            ..run::Options::default()
        };
        let forced = pipeline::results(&c, &exp, &options).rule_books;
        assert_eq!(forced, own, "main run under {}", book.id);
    }
    // And only the selected cases with --filter.
    let options = run::Options {
        filter: Some("fig06".into()),
        ..run::Options::default()
    };
    let some = pipeline::results(&c, &exp, &options).rule_books;
    assert_eq!(some.rows.len(), 1);
    assert_eq!(some.rows[0], own.rows[0]);
}

/// The long attacks the 2011 book forbids and the Asian rules allow (digest §2.5), shown on the
/// corpus's own figures as the rule-book table rules them: A 长杀 (图7), B 长要抽吃, winning by a
/// discovered check (图2), D 一将一捉 (参考图10). Each is a forced change under cxa2011, and
/// under axf the side the 2011 book condemns is not at fault: a draw, or (图7) the other side
/// must change, black's rook moves attacking the unprotected cannon, which the Asian rules count
/// as chases (Fairy-Stockfish: black loses). C, several pieces chasing a truly protected piece, and E, chasing different
/// pieces in turn, are the engine's unit tests `several_pieces_against_a_protected_piece_do_not_chase`
/// and `chasing_different_pieces_in_turn_is_allowed`: no corpus figure shows C alone under axf
/// (参考图38's horse also attacks a rook, which rule 15 counts whatever its protection).
#[test]
fn the_long_attacks_the_cxa_book_forbids_and_the_asian_rules_allow() {
    let c = corpus::load(&corpus_dir()).unwrap();
    for (id, what) in [
        ("cxa2011-fig07", "A 长杀"),
        ("cxa2011-fig02", "B 长要抽吃"),
        ("cxa2011-ref10", "D 一将一捉"),
    ] {
        let case = c.cases.iter().find(|k| k.id == id).expect(id);
        let verdict = |book: &RuleBook| match qili_harness::rulebooks::judge_cell(case, 0, book) {
            Cell::Ruled { verdict } => verdict,
            other => panic!("{id}: {other:?}"),
        };
        let condemned = verdict(&RuleBook::cxa2011()).culprit();
        assert!(condemned.is_some(), "{what}: {id} under cxa2011");
        let axf = verdict(&RuleBook::axf());
        assert!(
            axf.culprit() != condemned && axf != qili::rules::Verdict::NoRepetition,
            "{what}: {id} under axf: {axf:?}"
        );
    }
}

//! What a whole game costs to judge against the cycle alone: `cargo bench -p qili-harness
//! --bench games`. Each published cycle that returns to its start position is judged alone
//! (`cycle_alone`) and at the end of a game of more than 300 plies (`in_a_game`): quiet
//! there-and-backs of both sides from the start position, then the cycle twice (a threefold
//! repetition). Only the cycle's plies are labelled, so the two should cost nearly the same.

use std::path::PathBuf;
use std::sync::LazyLock;

use qili::history::there_and_backs;
use qili::rules::{judge, RuleBook};
use qili::Move;
use qili_corpus::case::Case;
use qili_corpus::corpus::{self, Corpus};

fn main() {
    divan::main();
}

static CORPUS: LazyLock<Corpus> = LazyLock::new(|| {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    corpus::load(&path).unwrap_or_default()
});

/// The cases benched: the slowest figures to judge, and 图2 (a cheap one).
const CASES: &[&str] = &[
    "cxa2011-fig02",
    "cxa2011-fig09",
    "cxa2011-ref14",
    "cxa2011-ref40",
];

fn case(id: &str) -> &'static Case {
    CORPUS
        .cases
        .iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no case {id}"))
}

/// The game: there-and-backs until more than 300 plies, then the cycle twice.
fn game(c: &Case) -> Vec<Move> {
    let cycle = c.published[0].engine_moves();
    let shuffle = there_and_backs(&c.start, true)
        .next()
        .expect("a benched case has a quiet there-and-back");
    let mut moves = Vec::new();
    while moves.len() + 2 * cycle.len() <= 300 {
        moves.extend(shuffle);
    }
    moves.extend(&cycle);
    moves.extend(&cycle);
    moves
}

#[divan::bench(args = CASES, sample_count = 20)]
fn cycle_alone(bencher: divan::Bencher, id: &str) {
    let c = case(id);
    let book = RuleBook::get(c.published[0].edition);
    let moves = c.published[0].engine_moves();
    bencher.bench(|| judge(&c.start, &moves, &book).expect("legal"));
}

#[divan::bench(args = CASES, sample_count = 20)]
fn in_a_game(bencher: divan::Bencher, id: &str) {
    let c = case(id);
    let book = RuleBook::get(c.published[0].edition);
    let moves = game(c);
    assert!(moves.len() > 300);
    bencher.bench(|| judge(&c.start, &moves, &book).expect("legal"));
}

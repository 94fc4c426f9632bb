//! What the attacks of issue 30 cost now, in wall-clock time: `cargo bench -p qili-harness
//! --bench attacks`. `tests/attacks.rs` asserts their bounds in positions, plies and bytes;
//! these are the seconds, as ratios to a baseline in the same run (`baseline`: a published
//! cycle judged, 图6's perpetual check).
//!
//! - `recurring_game`: attack 1, a 10,000-ply game that comes back every sixth ply (1,666
//!   episodes), its episodes ruled within one game budget (MAX_GAME_WORK).
//! - `dense_case`: attack 2, 300 plies of a composed position of 70 heavy pieces, every ply
//!   labelled within a ruling's budget (MAX_RULING_WORK).
//! - `heaviest_ply`: attack 8, one ply of that position whose searches use its whole budget.
//! - `crowded_cbf`: attack 3, a CBF record whose root has 100,000 attributes.
//! - `scan_budget`: attack 4's 64 MB PGN and 100,000 files as far as a scan goes, its
//!   MAX_SCAN_GAMES games of the PGN's ten plies (each with a repetition) ruled.

#[path = "../tests/common/attacks.rs"]
mod attacks;

use std::sync::LazyLock;

use qili::notation::{fen, iccs};
use qili::rules::{judge, judge_in, RuleBook, Scope, Work};
use qili::{Move, Position, SetupMode};
use qili_io::bounds::{MAX_RULING_WORK, MAX_SCAN_GAMES};
use qili_scan::episodes::episodes;

fn main() {
    divan::main();
}

static RECURRING: LazyLock<Vec<Move>> =
    LazyLock::new(|| qili::history::recurring_game(&Position::start(), 10_000, 30));

static DENSE: LazyLock<(Position, Vec<Move>)> = LazyLock::new(|| {
    let start = attacks::dense_position();
    let moves = attacks::wandering(&start, 300);
    (start, moves)
});

#[divan::bench]
fn baseline() -> qili::rules::Ruling {
    let start = fen::parse("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", SetupMode::Standard).unwrap();
    let moves: Vec<Move> = "f0e0 e8f8 e0f0 f8e8"
        .split_whitespace()
        .map(|m| iccs::parse(m).unwrap())
        .collect();
    judge(&start, &moves, &RuleBook::cxa2011()).unwrap()
}

#[divan::bench(sample_count = 3)]
fn recurring_game() -> usize {
    episodes(&Position::start(), &RECURRING, &RuleBook::cxa2011())
        .unwrap()
        .found
        .len()
}

#[divan::bench(sample_count = 3)]
fn dense_case() -> usize {
    let (start, moves) = &*DENSE;
    let mut work = Work::new(MAX_RULING_WORK);
    judge_in(start, moves, &RuleBook::paiju(), Scope::AllPlies, &mut work)
        .unwrap()
        .plies
        .len()
}

#[divan::bench(sample_count = 5)]
fn heaviest_ply() -> qili::rules::Ruling {
    let (start, moves) = &*DENSE;
    judge_in(
        start,
        &moves[..1],
        &RuleBook::paiju(),
        Scope::AllPlies,
        &mut Work::new(u64::MAX),
    )
    .unwrap()
}

#[divan::bench(sample_count = 3)]
fn crowded_cbf() -> bool {
    let text = attacks::cbf_attributes(100_000);
    qili_records::cbf::read(&text).is_err()
}

#[divan::bench(sample_count = 3)]
fn scan_budget() -> usize {
    let start = Position::start();
    let moves: Vec<Move> = "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9 b2e2 b9c7"
        .split_whitespace()
        .map(|m| iccs::parse(m).unwrap())
        .collect();
    let book = RuleBook::cxa2011();
    (0..MAX_SCAN_GAMES)
        .map(|_| episodes(&start, &moves, &book).unwrap().found.len())
        .sum()
}

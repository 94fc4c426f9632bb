//! Move generation and notation speed: `cargo bench -p qili-core --bench perft`.
//! The perft bench counts leaf nodes, so divan reports nodes per second.

use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use qili_core::notation::{chinese, fen};
use qili_core::SetupMode;

fn main() {
    divan::main();
}

/// Perft 4 of the start position: 3 290 240 leaves.
#[divan::bench(sample_count = 20, sample_size = 1)]
fn perft_start_depth_4(bencher: Bencher) {
    perft(bencher, START, 4, 3_290_240);
}

/// Perft 5 of the start position: 133 312 995 leaves, the figure issue 26 compares with
/// Pikafish's (129.3 M leaves/s on the project's machine).
#[divan::bench(sample_count = 10, sample_size = 1)]
fn perft_start_depth_5(bencher: Bencher) {
    perft(bencher, START, 5, 133_312_995);
}

/// Perft 5 of a middlegame (perft.txt position 2, pieces on both kings' lines and a cannon
/// facing the red king): 53 112 976 leaves.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn perft_middlegame_depth_5(bencher: Bencher) {
    perft(bencher, MIDDLEGAME, 5, 53_112_976);
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
const MIDDLEGAME: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w";

/// Time perft `depth` of `fen`, which has `leaves` (tests/perft.txt checks the counts).
fn perft(bencher: Bencher, fen: &str, depth: u32, leaves: u64) {
    let pos = fen::parse(fen, SetupMode::Standard).expect("a legal position");
    bencher
        .counter(ItemsCount::new(leaves))
        .bench(|| black_box(&pos).perft(depth));
}

/// Write then read back, in Chinese, every legal move of a middlegame position (perft.txt
/// position 2, 38 moves).
#[divan::bench]
fn chinese_write_parse_middlegame(bencher: Bencher) {
    let pos = fen::parse(MIDDLEGAME, SetupMode::Standard).expect("a legal position");
    let moves = pos.legal_moves();
    bencher.counter(ItemsCount::new(moves.len())).bench(|| {
        for &m in &moves {
            let text = chinese::write(&pos, m);
            assert_eq!(chinese::parse(&pos, &text), Ok(m));
        }
    });
}

//! A ruling's memory stays under [`qili::rules::MEMORY_CEILING`] on the densest position
//! known: allocated bytes counted by a global allocator of this test binary (not the resident
//! size, which depends on the allocator and the machine).

#[path = "common/counting.rs"]
mod counting;

use qili::notation::{fen, iccs};
use qili::rules::{judge, Label, RuleBook, MEMORY_CEILING};
use qili::{Move, SetupMode};

/// An eight-ply cycle played twice from a position where every ply's searches explode (under
/// the trial edition, which counts more ways to win): the caches of a whole ruling once took
/// 650 MB here. Each ply's searches now stop at their share of the ceiling, and say so.
#[test]
fn judging_the_dense_position_stays_under_the_ceiling() {
    let pos = fen::parse(
        "2na1a1N1/2PnR4/b4kC2/1PNrP1P2/2b1p3c/2P3r2/9/2CpBA3/5KRp1/pcpA2B2 b",
        SetupMode::Standard,
    )
    .expect("legal");
    let cycle: Vec<Move> = "b0b1 f1f0 h1i1 g1g2 b1b0 f0f1 i1h1 g2g1"
        .split_whitespace()
        .map(|m| iccs::parse(m).expect("ICCS"))
        .collect();
    let game: Vec<Move> = cycle.iter().chain(&cycle).copied().collect();
    // The rule book's budget of positions now stops these searches before their caches
    // reach their share; with the old, larger one they reach it, and the memory meter must
    // stop them.
    let mut book = RuleBook::cxa2011_trial();
    book.budgets.nodes = 1_000_000;
    book.budgets.call = u64::MAX;
    let (r, peak) = counting::peak(|| judge(&pos, &game, &book).expect("legal"));
    assert!(
        peak < MEMORY_CEILING,
        "{peak} bytes allocated at the peak, over the ceiling of {MEMORY_CEILING}"
    );
    let stopped = r
        .plies
        .iter()
        .filter(|p| p.label == Label::Undetermined && p.evidence.text().contains("缓存"))
        .count();
    assert!(
        stopped > 0,
        "no ply reached the caches' share: the test shows nothing"
    );
}

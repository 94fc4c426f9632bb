//! What `qili scan` costs: `cargo bench -p qili-scan --bench scan`. The 9,998 online games of
//! elephantchess's `uci.txt` (../shared/games, beside the checkout; the benches are empty
//! without it) read and replayed from their ICCS lines and searched for repetitions
//! (`read_and_search`, the target: 20,000 games/s or more), searched alone
//! (`search_only`), and every episode found in them ruled (`rule_episodes`).

use std::sync::LazyLock;

use divan::counter::ItemsCount;
use qili::rules::RuleBook;
use qili_records::game::Game;
use qili_records::lines;
use qili_scan::episodes::{episodes, recurrences};
use rustc_hash::FxHashSet;

#[path = "../../../engine/tests/common/shared.rs"]
mod shared;

fn main() {
    divan::main();
}

/// The online games benched, in `../shared/games` (or `$QILI_SHARED/games`); empty, saying so,
/// where it is absent (a failure under `CI=true`).
static TEXT: LazyLock<String> = LazyLock::new(|| {
    let rel = "benckx__elephantchess/xiangqi-core-test-utils/src/main/resources/uci.txt";
    shared::games_file("the scan benches", rel).map_or_else(String::new, |path| {
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    })
});

static GAMES: LazyLock<Vec<Game>> = LazyLock::new(|| lines::read_iccs(&TEXT));

#[divan::bench(sample_count = 10)]
fn read_and_search(bencher: divan::Bencher) {
    let n = GAMES.len();
    bencher.counter(ItemsCount::new(n)).bench(|| {
        let mut seen = FxHashSet::default();
        let games = lines::read_iccs(&TEXT);
        games
            .iter()
            .map(|g| recurrences(&g.start, &g.moves, &mut seen).len())
            .sum::<usize>()
    });
}

#[divan::bench(sample_count = 10)]
fn search_only(bencher: divan::Bencher) {
    bencher.counter(ItemsCount::new(GAMES.len())).bench(|| {
        let mut seen = FxHashSet::default();
        GAMES
            .iter()
            .map(|g| recurrences(&g.start, &g.moves, &mut seen).len())
            .sum::<usize>()
    });
}

#[divan::bench(sample_count = 3)]
fn rule_episodes(bencher: divan::Bencher) {
    let book = RuleBook::cxa2011();
    bencher.counter(ItemsCount::new(GAMES.len())).bench(|| {
        GAMES
            .iter()
            .map(|g| episodes(&g.start, &g.moves, &book).map_or(0, |e| e.found.len()))
            .sum::<usize>()
    });
}

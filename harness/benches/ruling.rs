//! What one repetition ruling costs (issue 26): each published figure of the 2011 book whose
//! moves return to its start position, the cycle played twice (a threefold repetition) and
//! judged under the figure's own rule book; the moves are built outside the timed part.
//! `cargo bench -p qili-harness --bench ruling`.
//!
//! The machine is shared, so the figures are read as ratios to `baseline_perft_3` (perft 3 of
//! the start position, 79 666 leaves) in the same run. After divan's table the bench prints the
//! median over the figures and the slowest, each timed alone, with their ratios to the baseline.
//!
//! For a count that does not depend on the load, `QILI_RULING_ONCE=<substring>` judges each
//! figure whose id contains it once (`QILI_RULING_TIMES` times) and exits, without divan or
//! timing, to run under callgrind or perf (`perft` for the baseline instead):
//! `QILI_RULING_ONCE=cxa valgrind --tool=callgrind --toggle-collect='qili::rules::judge_with'
//! <bench binary>`. The summary is printed only when no filter is given.

use std::path::PathBuf;
use std::sync::LazyLock;
use std::time::{Duration, Instant};

use divan::black_box;
use qili::notation::fen;
use qili::rules::{judge, RuleBook};
use qili::{Move, Position, SetupMode};
use qili_corpus::case::CycleClaim;
use qili_corpus::corpus::{self, Corpus};

/// One figure to judge: its start position, the cycle twice and its rule book.
struct Figure {
    id: String,
    start: Position,
    moves: Vec<Move>,
    book: RuleBook,
}

static CORPUS: LazyLock<Corpus> = LazyLock::new(|| {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    corpus::load(&path).unwrap_or_default()
});

/// The figures of the 2011 book whose published moves return to the start position, each with
/// its first published edition.
static FIGURES: LazyLock<Vec<Figure>> = LazyLock::new(|| {
    CORPUS
        .cases
        .iter()
        .filter(|c| c.id.starts_with("cxa2011-"))
        .filter_map(|c| {
            let p = c.published.first()?;
            matches!(p.cycle, CycleClaim::Exact).then(|| {
                let cycle = p.engine_moves();
                Figure {
                    id: c.id.clone(),
                    start: c.start.clone(),
                    moves: [cycle.as_slice(), cycle.as_slice()].concat(),
                    book: RuleBook::get(p.edition),
                }
            })
        })
        .collect()
});

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";

fn figure(id: &str) -> &'static Figure {
    FIGURES
        .iter()
        .find(|f| f.id == id)
        .unwrap_or_else(|| panic!("no figure {id}"))
}

fn ids() -> Vec<&'static str> {
    FIGURES.iter().map(|f| f.id.as_str()).collect()
}

fn rule(f: &Figure) {
    black_box(judge(&f.start, black_box(&f.moves), &f.book).expect("legal moves"));
}

fn main() {
    if let Ok(filter) = std::env::var("QILI_RULING_ONCE") {
        let times: usize = std::env::var("QILI_RULING_TIMES").map_or(1, |t| t.parse().unwrap_or(1));
        if filter == "perft" {
            let pos = fen::parse(START, SetupMode::Standard).expect("a legal position");
            for _ in 0..times {
                black_box(black_box(&pos).perft(3));
            }
            return;
        }
        let mut n = 0;
        for f in FIGURES.iter().filter(|f| f.id.contains(&filter)) {
            for _ in 0..times {
                rule(f);
            }
            n += 1;
        }
        println!("judged {n} figures {times} time(s)");
        return;
    }
    let filtered = std::env::args().skip(1).any(|a| !a.starts_with("--"));
    divan::main();
    if !filtered {
        summary();
    }
}

/// The baseline: perft 3 of the start position.
#[divan::bench(sample_count = 50)]
fn baseline_perft_3(bencher: divan::Bencher) {
    let pos = fen::parse(START, SetupMode::Standard).expect("a legal position");
    bencher.bench(|| black_box(&pos).perft(3));
}

/// One figure's cycle played twice, judged under its rule book.
#[divan::bench(args = ids(), sample_count = 20, max_time = 1)]
fn judge_figure(bencher: divan::Bencher, id: &str) {
    let f = figure(id);
    bencher.bench(|| rule(f));
}

/// The median of `runs` timings of `f`.
fn median(runs: usize, mut f: impl FnMut()) -> Duration {
    let mut v: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    v.sort();
    v[v.len() / 2]
}

/// The median over the figures of each figure's median time, and the slowest figures, with
/// their ratios to the baseline timed between them (divan's table cannot say this).
fn summary() {
    if FIGURES.is_empty() {
        println!("no figures: the corpus was not found");
        return;
    }
    let pos = fen::parse(START, SetupMode::Standard).expect("a legal position");
    let mut base = Vec::new();
    let mut times: Vec<(Duration, &str)> = FIGURES
        .iter()
        .map(|f| {
            base.push(median(5, || {
                black_box(black_box(&pos).perft(3));
            }));
            (median(15, || rule(f)), f.id.as_str())
        })
        .collect();
    base.sort();
    let base = base[base.len() / 2];
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let ratio = |d: Duration| d.as_secs_f64() / base.as_secs_f64();
    let mid = times[times.len() / 2].0;
    println!(
        "\n{} figures, the cycle twice: median {:.4} ms ({:.4} × perft 3 = {:.4} ms)",
        times.len(),
        ms(mid),
        ratio(mid),
        ms(base)
    );
    for (d, id) in times.iter().rev().take(5) {
        println!("  {id}: {:.4} ms ({:.3} × perft 3)", ms(*d), ratio(*d));
    }
}

//! How long judging takes: each corpus case × edition alone, the whole run, and its parts.
//! `cargo bench -p qili-harness --bench run` (or `just bench`); `qili perf` writes the same
//! measurements to reports/perf.md. Filter as usual: `cargo bench … -- judge_case` or
//! `-- 'judge_case cxa2011-fig09'`.

use std::path::PathBuf;
use std::sync::LazyLock;

use qili_corpus::corpus::{self, Corpus};
use qili_harness::expectations::Expectations;
use qili_harness::{pipeline, report, results, run};

fn main() {
    divan::main();
}

fn load(dir: &str) -> Corpus {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir);
    corpus::load(&path).unwrap_or_default()
}

static FIXTURES: LazyLock<Corpus> = LazyLock::new(|| load("tests/fixtures"));
static CORPUS: LazyLock<Corpus> = LazyLock::new(|| load("../corpus"));

/// `<case> [<edition>]` for every case × edition of the corpus: the benches' argument names.
fn case_runs() -> Vec<String> {
    CORPUS
        .cases
        .iter()
        .flat_map(|c| {
            c.published
                .iter()
                .map(move |p| format!("{} [{}]", c.id, p.edition))
        })
        .collect()
}

fn find(name: &str) -> (&'static qili_corpus::case::Case, usize) {
    for c in &CORPUS.cases {
        for (b, p) in c.published.iter().enumerate() {
            if format!("{} [{}]", c.id, p.edition) == name {
                return (c, b);
            }
        }
    }
    panic!("no case × edition {name}")
}

/// One case × edition judged under its own rule book and compared, as the main run does it.
#[divan::bench(args = case_runs(), sample_count = 10, sample_size = 1, max_time = 5)]
fn judge_case(bencher: divan::Bencher, name: &str) {
    let (case, block) = find(name);
    let exp = Expectations::default();
    bencher.bench(|| run::judge_block(case, block, None, &exp));
}

/// The whole run as `qili run` does it, without writing: every case × edition under its own
/// rule book and under every other (the rule-book table), compared, and the results built.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn whole_run() -> usize {
    let exp = Expectations::default();
    let options = run::Options::default();
    pipeline::results(&CORPUS, &exp, &options).cases.len()
}

/// The main run only: every case × edition under its own rule book.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn main_run() -> usize {
    let exp = Expectations::default();
    let options = run::Options::default();
    let runs = run::judge_all(&CORPUS, &exp, &options);
    results::build(&CORPUS, &exp, &runs, &options).cases.len()
}

#[divan::bench]
fn whole_run_fixtures() -> usize {
    let exp = Expectations::default();
    let options = run::Options::default();
    pipeline::results(&FIXTURES, &exp, &options).cases.len()
}

/// Rendering the three reports of a whole run.
#[divan::bench(sample_count = 20)]
fn render_reports(bencher: divan::Bencher) {
    let exp = Expectations::default();
    let options = run::Options::default();
    let r = pipeline::results(&CORPUS, &exp, &options);
    bencher.bench(|| {
        report::render(&r)
            .iter()
            .map(|x| x.content.len())
            .sum::<usize>()
    });
}

#[divan::bench(sample_count = 20)]
fn lint_corpus() -> usize {
    load("../corpus").cases.len()
}

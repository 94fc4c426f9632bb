//! How long a whole run takes: every fixture and corpus case judged under its own rule book,
//! compared and rendered. `cargo bench -p qili-harness` (or `just bench`).

use std::path::PathBuf;
use std::sync::LazyLock;

use qili_harness::corpus::{self, Corpus};
use qili_harness::expectations::Expectations;
use qili_harness::{report, results, run};

fn main() {
    divan::main();
}

fn load(dir: &str) -> Corpus {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir);
    corpus::load(&path).unwrap_or_default()
}

static FIXTURES: LazyLock<Corpus> = LazyLock::new(|| load("tests/fixtures"));
static CORPUS: LazyLock<Corpus> = LazyLock::new(|| load("../corpus"));

fn judge(c: &Corpus) -> usize {
    let exp = Expectations::default();
    let options = run::Options::default();
    run::judge_all(c, &exp, &options).len()
}

#[divan::bench]
fn judge_fixtures() -> usize {
    judge(&FIXTURES)
}

#[divan::bench]
fn judge_corpus() -> usize {
    judge(&CORPUS)
}

/// Judging plus comparison and the three reports, as `qili run` does it.
#[divan::bench]
fn run_and_render_corpus() -> usize {
    let exp = Expectations::default();
    let options = run::Options::default();
    let runs = run::judge_all(&CORPUS, &exp, &options);
    let r = results::build(&CORPUS, &exp, &runs, &options);
    report::render(&r).iter().map(|x| x.content.len()).sum()
}

#[divan::bench]
fn lint_corpus() -> usize {
    load("../corpus").cases.len()
}

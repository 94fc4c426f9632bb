//! The whole run as one library call, without writing anything: what `qili run` renders, what
//! the benches and `qili perf` time.

use std::time::Duration;

use crate::engines::conformance::{self, Conformance};
use crate::engines::protocol::Request;
use crate::engines::{self, requests, Engine, Timing};
use crate::expectations::Expectations;
use crate::results::{self, Results};
use crate::{rulebooks, run};
use qili_corpus::corpus::Corpus;

/// Judge every selected case × edition under its own rule book (compared with what was
/// published) and under every other rule book (the comparison table), both in one rayon pool,
/// then ask qili's built-in adapter (the engines table), and put the results together.
pub fn results(corpus: &Corpus, expectations: &Expectations, options: &run::Options) -> Results {
    with_engines(
        corpus,
        expectations,
        options,
        &[Engine::builtin()],
        engines::DEFAULT_TIMEOUT,
    )
    .0
}

/// The requests of the selected case × edition, with the jobs they belong to.
fn jobs<'c>(corpus: &'c Corpus, options: &run::Options) -> (Vec<requests::Job<'c>>, Vec<Request>) {
    let jobs = requests::jobs(corpus, options);
    let reqs = jobs.iter().map(|j| j.request.clone()).collect();
    (jobs, reqs)
}

/// [`results`] with the engines given (the built-in one among them or not), and their
/// timings.
pub fn with_engines(
    corpus: &Corpus,
    expectations: &Expectations,
    options: &run::Options,
    engines: &[Engine],
    timeout: Duration,
) -> (Results, Vec<Timing>) {
    let (jobs, reqs) = jobs(corpus, options);
    let (runs, others) = rayon::join(
        || run::judge_all(corpus, expectations, options),
        || rulebooks::judge_others(corpus, options),
    );
    // Then the engines, so that their timings are not the runs' too.
    let asked = engines::ask_all(engines, &reqs, timeout);
    let mut r = results::build(corpus, expectations, &runs, options);
    r.rule_books = rulebooks::table(&runs, &others);
    r.engines = conformance::build(&jobs, &asked);
    for e in r.cases.iter_mut().flat_map(|c| &mut c.editions) {
        if let Some(row) = r.engines.row(&e.anchor) {
            e.engine_cells = row.cells.clone();
        }
    }
    (r, asked.into_iter().map(|a| a.timing).collect())
}

/// Only the engines (`--engines-only`): qili does not judge, the reports are the engines'.
pub fn engines_only(
    corpus: &Corpus,
    options: &run::Options,
    engines: &[Engine],
    timeout: Duration,
) -> (Conformance, Vec<Timing>) {
    let (jobs, reqs) = jobs(corpus, options);
    let asked = engines::ask_all(engines, &reqs, timeout);
    (
        conformance::build(&jobs, &asked),
        asked.into_iter().map(|a| a.timing).collect(),
    )
}

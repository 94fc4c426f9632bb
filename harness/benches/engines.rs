//! What asking engines costs (issue 16): building the requests of the corpus (moves_to_threefold
//! included), qili's built-in adapter on all of them, and the protocol's round trip through a
//! process, with an adapter that answers at once (`tests/adapters/draws.sh`), so that what an
//! external engine's timing adds to its own work is known.
//! `cargo bench -p qili-harness --bench engines`.

use std::path::PathBuf;
use std::sync::LazyLock;
use std::time::Duration;

use qili_corpus::corpus::{self, Corpus};
use qili_harness::engines::{self, requests, Engine};
use qili_harness::run;

fn main() {
    divan::main();
}

static CORPUS: LazyLock<Corpus> = LazyLock::new(|| {
    corpus::load(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus")).unwrap_or_default()
});

fn requests() -> Vec<engines::protocol::Request> {
    requests::jobs(&CORPUS, &run::Options::default())
        .into_iter()
        .map(|j| j.request)
        .collect()
}

/// Every case × edition as a request.
#[divan::bench(sample_count = 10)]
fn build_requests() -> usize {
    requests::jobs(&CORPUS, &run::Options::default()).len()
}

/// qili's built-in adapter on every request (on every core).
#[divan::bench(sample_count = 5, sample_size = 1)]
fn builtin_all(bencher: divan::Bencher) {
    let reqs = requests();
    bencher.bench(|| engines::ask(&Engine::builtin(), &reqs, engines::DEFAULT_TIMEOUT));
}

/// Every request through a process that answers at once: the protocol's cost (the start of
/// `sh` included).
#[divan::bench(sample_count = 5, sample_size = 1)]
fn external_round_trips(bencher: divan::Bencher) {
    let reqs = requests();
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/adapters/draws.sh");
    let e = Engine::parse(&format!("draws=sh '{}'", script.display())).unwrap();
    bencher.bench(|| engines::ask(&e, &reqs, Duration::from_secs(10)));
}

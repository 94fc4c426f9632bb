//! The shipped Fairy-Stockfish adapter (adapters/fairy_stockfish.py) on a few corpus cases,
//! when python3 and pyffish are installed (CI installs them: `.ci/run`); otherwise the test is
//! shown as ignored and a line says plainly that it was skipped and why (libtest-mimic, so
//! that line is not captured).

mod common;

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use qili_corpus::corpus;
use qili_harness::engines::conformance::Answer;
use qili_harness::engines::Engine;
use qili_harness::{pipeline, run};

fn pyffish_available() -> bool {
    Command::new("python3")
        .args(["-c", "import pyffish"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The verdict Fairy-Stockfish gives for a case × edition of the repository's corpus.
fn verdicts(filter: &str) -> Vec<(String, String)> {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../adapters/fairy_stockfish.py");
    let e = Engine::parse(&format!("fairy-stockfish=python3 '{}'", script.display())).unwrap();
    let corpus = corpus::load(&common::corpus_dir()).unwrap();
    let options = run::Options {
        filter: Some(filter.to_string()),
        ..run::Options::default()
    };
    let (c, _) = pipeline::engines_only(&corpus, &options, &[e], Duration::from_secs(60));
    assert_eq!(c.engines[0].given_up, None);
    c.rows
        .iter()
        .map(|r| match &r.cells[0].answer {
            Answer::Answered { verdict, .. } => (r.anchor.clone(), verdict.clone()),
            other => panic!("{}: {other:?}", r.anchor),
        })
        .collect()
}

fn main() {
    let available = pyffish_available();
    if !available {
        println!("SKIPPED fairy_stockfish_rules_published_cases: python3 with pyffish is not installed (pip install -r adapters/requirements.txt); the Fairy-Stockfish adapter was not run");
    }
    let trial = libtest_mimic::Trial::test("fairy_stockfish_rules_published_cases", || {
        fairy_stockfish_rules_published_cases();
        Ok(())
    })
    .with_ignored_flag(!available);
    libtest_mimic::run(&libtest_mimic::Arguments::from_args(), vec![trial]).exit();
}

fn fairy_stockfish_rules_published_cases() {
    // 图6: one-sided perpetual check, red cannot change; Fairy-Stockfish too says red loses
    // once the position has occurred three times (moves_to_threefold adds the third).
    assert_eq!(
        verdicts("cxa2011-fig06"),
        [(
            "cxa2011-fig06--cxa2011".to_string(),
            "red_loses".to_string()
        )]
    );
    // AXF diagram 25 (the moves reach the third occurrence): red's chase of a rook is a
    // violation (published red_must_change, the suite's red_loses).
    assert_eq!(
        verdicts("axf-orange-387"),
        [("axf-orange-387--axf".to_string(), "red_loses".to_string())]
    );
    // A case that ends outside its cycle: no repetition, as qili says too.
    assert_eq!(
        verdicts("axf-orange-574"),
        [(
            "axf-orange-574--axf".to_string(),
            "no_repetition".to_string()
        )]
    );
}

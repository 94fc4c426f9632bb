//! External adapters (issue 16), well-behaved and broken, asked about the fixture cases: each
//! broken one (exits at once, prints junk, hangs, answers another id, dies after one answer)
//! gets a clear error in its cells and never stops or hangs the run; the good one's answers go
//! through the same comparison as qili's.

#[path = "../../tests/common/mod.rs"]
mod common;

use std::path::PathBuf;
use std::time::Duration;

use common::{corpus_copy, fixtures, qili, stdout, Scratch, FIXTURES_FAIL};
use qili_corpus::corpus;
use qili_harness::engines::conformance::{Answer, Conformance};
use qili_harness::engines::{process, Engine};
use qili_harness::{pipeline, run};

fn adapter(script: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/adapters")
        .join(script)
        .display()
        .to_string()
}

fn engine(script: &str) -> Engine {
    Engine::parse(&format!("fixture=sh '{}'", adapter(script))).unwrap()
}

/// Ask one fixture adapter about every fixture case, with a short time-out.
fn ask(script: &str) -> Conformance {
    let corpus = corpus::load(&fixtures()).unwrap();
    let (c, timings) = pipeline::engines_only(
        &corpus,
        &run::Options::default(),
        &[engine(script)],
        Duration::from_millis(500),
    );
    assert_eq!(timings[0].requests, c.rows.len());
    c
}

/// Every cell's message (failed cells only; a cell that is not failed is a test failure).
fn failures(c: &Conformance) -> Vec<String> {
    c.rows
        .iter()
        .map(|r| match &r.cells[0].answer {
            Answer::Failed { message } => message.clone(),
            other => panic!("{}: not failed: {other:?}", r.anchor),
        })
        .collect()
}

/// The first MAX_FAILURES cells say what went wrong; the rest were not asked.
fn assert_given_up(c: &Conformance, what: &str) {
    let f = failures(c);
    assert_eq!(f.len(), 6);
    for m in &f[..process::MAX_FAILURES] {
        assert!(m.contains(what), "{m}");
    }
    for m in &f[process::MAX_FAILURES..] {
        assert!(
            m.starts_with("not asked: the adapter failed 3 times in a row"),
            "{m}"
        );
        assert!(m.contains(what), "{m}");
    }
    assert!(c.engines[0].given_up.as_deref().unwrap().contains(what));
    let all = c.table.iter().find(|r| r.rule_book == "all").unwrap();
    assert_eq!(
        (all.cells[0].errors, all.cells[0].verdicts_agreeing),
        (6, 0)
    );
}

#[test]
fn a_good_adapter_is_compared_like_qili() {
    let c = ask("draws.sh");
    assert_eq!(c.engines[0].given_up, None);
    let verdicts: Vec<(String, Option<bool>)> = c
        .rows
        .iter()
        .map(|r| (r.anchor.clone(), r.cells[0].answer.agrees()))
        .collect();
    assert_eq!(
        verdicts,
        [
            ("fixture-fig06--cxa2011".to_string(), Some(false)),
            ("fixture-king--cxa2011".to_string(), Some(false)),
            ("fixture-no-verdict--cxa2011".to_string(), None),
            ("fixture-pattern--cxa2011".to_string(), Some(true)),
            ("fixture-two-editions--cxa2011".to_string(), Some(true)),
            (
                "fixture-two-editions--cxa2011-trial".to_string(),
                Some(false)
            ),
        ]
    );
    let book = |name: &str| {
        let row = c.table.iter().find(|r| r.rule_book == name).unwrap();
        let t = &row.cells[0];
        (row.runs, t.cases, t.verdicts_agreeing, t.errors)
    };
    assert_eq!(book("cxa2011"), (5, 4, 2, 0));
    assert_eq!(book("cxa2011-trial"), (1, 1, 0, 0));
    assert_eq!(book("all"), (6, 5, 2, 0));
}

#[test]
fn an_adapter_that_exits_at_once_is_reported_with_its_stderr() {
    let c = ask("exits.sh");
    assert_given_up(&c, "exited (exit status: 3)");
    assert!(
        failures(&c)[0].contains("cannot load my rules"),
        "{:?}",
        failures(&c)
    );
}

#[test]
fn an_adapter_that_prints_junk_is_quoted() {
    let c = ask("junk.sh");
    assert_given_up(
        &c,
        "answered \"hello, I am not JSON\" , which is not a response",
    );
}

#[test]
fn an_adapter_that_hangs_is_killed_at_the_time_out() {
    let c = ask("hangs.sh");
    assert_given_up(&c, "no answer within 0.5 s");
}

#[test]
fn an_adapter_answering_another_id_is_named() {
    let c = ask("wrong_id.sh");
    assert_given_up(&c, "answered the id \"someone-else\" to the request");
    assert!(failures(&c)[0].contains("to the request \"fixture-fig06--cxa2011\""));
}

#[test]
fn an_adapter_that_dies_after_each_answer_is_started_again() {
    let c = ask("once.sh");
    let cells: Vec<&Answer> = c.rows.iter().map(|r| &r.cells[0].answer).collect();
    for (i, a) in cells.iter().enumerate() {
        match (i % 2, a) {
            (0, Answer::Answered { verdict, .. }) => assert_eq!(verdict, "draw"),
            (1, Answer::Failed { message }) => {
                assert!(message.contains("exit status: 0"), "{message}")
            }
            _ => panic!("request {i}: {a:?}"),
        }
    }
    assert_eq!(c.engines[0].given_up, None);
}

#[test]
fn a_command_that_does_not_exist_is_not_started_again() {
    let corpus = corpus::load(&fixtures()).unwrap();
    let e = Engine::parse("nothing=/nonexistent/adapter --flag").unwrap();
    let (c, _) = pipeline::engines_only(
        &corpus,
        &run::Options::default(),
        &[e],
        Duration::from_secs(1),
    );
    let f = failures(&c);
    assert!(
        f[0].starts_with("cannot start \"/nonexistent/adapter\""),
        "{}",
        f[0]
    );
    assert!(f[1].starts_with("not asked: cannot start"), "{}", f[1]);
}

#[test]
fn the_command_line_reports_a_broken_adapter_and_finishes_the_run() {
    let s = Scratch::new("engines-cli");
    let corpus = corpus_copy(s.path());
    let out = s.path().join("out");
    let run = |out: &std::path::Path, spec: &str, more: &[&str]| {
        let mut args = vec![
            "run",
            "--corpus",
            corpus.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--engine",
            spec,
        ];
        args.extend(more);
        qili(s.path(), &args)
    };
    let o = run(&out, &format!("broken=sh '{}'", adapter("exits.sh")), &[]);
    // qili's own outcome decides the exit status, as without the engine.
    assert_eq!(o.status.code(), Some(FIXTURES_FAIL), "{}", stdout(&o));
    let text = stdout(&o);
    assert!(text.contains("engine qili: verdicts agreeing"), "{text}");
    assert!(
        text.contains("engine broken: verdicts agreeing 0 / 5, 6 errors"),
        "{text}"
    );
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(
        summary.contains("| rule book | case × edition | qili | broken ("),
        "{summary}"
    );
    assert!(
        summary.contains("given up: the adapter failed 3 times in a row"),
        "{summary}"
    );
    let engines = std::fs::read_to_string(out.join("engines.md")).unwrap();
    assert!(engines.contains("## Timings"), "{engines}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("results.json")).unwrap()).unwrap();
    assert_eq!(json["schema_version"], 9);
    assert_eq!(json["engines"]["engines"][1]["name"], "broken");
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(html.contains("broken: failed"), "per-case cells");

    // --engines-only: the engines' files alone.
    let only = s.path().join("only");
    let o = run(
        &only,
        &format!("draws=sh '{}'", adapter("draws.sh")),
        &["--engines-only"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let mut files: Vec<String> = std::fs::read_dir(&only)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files, ["engines.json", "engines.md"]);
    let md = std::fs::read_to_string(only.join("engines.md")).unwrap();
    assert!(md.contains("| all | 6 | 2 / 5 |"), "{md}");
}

#[test]
fn the_command_line_refuses_bad_engine_arguments() {
    let s = Scratch::new("engines-args");
    let corpus = corpus_copy(s.path());
    let c = corpus.to_str().unwrap();
    for (args, want) in [
        (vec!["--engine", "x"], "expected NAME=COMMAND"),
        (vec!["--engine", "qili=sh x"], "built-in"),
        (
            vec!["--engine", "a=sh x", "--engine", "a=sh y"],
            "given twice",
        ),
        (vec!["--engine", "a=sh x", "--check"], "drop --engine"),
        (
            vec!["--engine", "a=sh x", "--engine-timeout", "0"],
            "above 0",
        ),
        (vec!["--engines-only"], "--engine"),
    ] {
        let mut all = vec!["run", "--corpus", c];
        all.extend(args.iter().copied());
        let o = qili(s.path(), &all);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = common::stderr(&o);
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

/// Every request of the repository's corpus: its moves (and moves_to_threefold) are legal from
/// its FEN, and where moves are added the last position has then occurred exactly three times.
#[test]
fn every_corpus_request_reaches_its_third_occurrence() {
    use qili::notation::{fen, iccs};
    let corpus = corpus::load(&common::corpus_dir()).unwrap();
    let jobs = qili_harness::engines::requests::jobs(&corpus, &run::Options::default());
    assert_eq!(
        jobs.len(),
        corpus
            .cases
            .iter()
            .map(|c| c.published.len())
            .sum::<usize>()
    );
    let mut extended = 0;
    for job in &jobs {
        let r = &job.request;
        let mut pos = fen::parse(&r.fen, qili::SetupMode::Composed).unwrap();
        let mut keys = vec![pos.hash()];
        for m in r.moves.iter().chain(&r.moves_to_threefold) {
            pos = pos
                .play(iccs::parse(m).unwrap())
                .unwrap_or_else(|e| panic!("{}: {m}: {e}", r.id));
            keys.push(pos.hash());
        }
        if !r.moves_to_threefold.is_empty() {
            extended += 1;
            let last = *keys.last().unwrap();
            assert_eq!(keys.iter().filter(|&&k| k == last).count(), 3, "{}", r.id);
        }
    }
    // The CXA figures print one period; the AXF suite's moves already reach the third time.
    assert!(extended > 60, "{extended}");
    assert!(jobs
        .iter()
        .filter(|j| j.request.rules == "axf")
        .all(|j| j.request.moves_to_threefold.is_empty()));
}

//! `qili perf` writes perf.md, and `qili run --check` never compares it: timings vary.

#[path = "../../tests/common/mod.rs"]
mod common;

use common::*;

#[test]
fn perf_writes_its_file_and_run_check_ignores_it() {
    let s = Scratch::new("perf");
    corpus_copy(s.path());
    let o = qili(s.path(), &["run", "--corpus", "corpus", "--out", "reports"]);
    assert_eq!(o.status.code(), Some(FIXTURES_FAIL), "{}", stderr(&o));

    let o = qili(
        s.path(),
        &[
            "perf",
            "--corpus",
            "corpus",
            "--out",
            "reports/perf.md",
            "--repeats",
            "1",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(s.path().join("reports/perf.md")).unwrap();
    assert!(
        text.starts_with("# qili: how long judging takes\n"),
        "{text}"
    );
    assert!(text.contains("Machine: "), "{text}");
    assert!(text.contains("cargo bench"), "{text}");
    assert!(
        text.contains("| whole run, rule-book table included"),
        "{text}"
    );
    // One row per case × edition of the fixtures.
    let rows = text
        .lines()
        .skip_while(|l| !l.starts_with("## Per case"))
        .filter(|l| l.starts_with("| fixture-"))
        .count();
    assert_eq!(rows, 6, "{text}");

    // Timings vary: --check leaves perf.md out, however it differs.
    std::fs::write(s.path().join("reports/perf.md"), "anything at all\n").unwrap();
    let o = qili(
        s.path(),
        &["run", "--corpus", "corpus", "--out", "reports", "--check"],
    );
    assert!(
        stdout(&o).contains("reports in reports are up to date"),
        "{}",
        stdout(&o)
    );
    assert!(!stdout(&o).contains("perf.md"), "{}", stdout(&o));
    assert!(!qili_harness::report::FILES.contains(&"perf.md"));

    // Never into the corpus.
    let o = qili(
        s.path(),
        &["perf", "--corpus", "corpus", "--out", "corpus/perf.md"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("inside the corpus directory"),
        "{}",
        stderr(&o)
    );
}

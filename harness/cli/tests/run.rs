//! `qili run` end to end on the fixture cases: it never writes into the corpus, writes its
//! reports atomically, is deterministic, and `--check` spots a stale report.

#[path = "../../tests/common/mod.rs"]
mod common;

use common::*;

#[test]
fn run_never_writes_into_the_corpus() {
    let s = Scratch::new("no-corpus-writes");
    let corpus = corpus_copy(s.path());
    let before = snapshot(&corpus);
    let o = qili(s.path(), &["run", "--corpus", "corpus", "--out", "reports"]);
    assert_eq!(o.status.code(), Some(FIXTURES_FAIL), "{}", stderr(&o));
    assert_eq!(snapshot(&corpus), before, "the corpus changed");
    for f in ["summary.md", "report.html", "results.json"] {
        assert!(s.path().join("reports").join(f).is_file(), "{f} missing");
    }
    // No temporary directory is left behind.
    let leftovers: Vec<_> = std::fs::read_dir(s.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n.to_string_lossy().contains(".qili-tmp-"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");

    // An output directory inside the corpus is refused before anything is written.
    let o = qili(
        s.path(),
        &["run", "--corpus", "corpus", "--out", "corpus/reports"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("is inside the corpus directory"),
        "{}",
        stderr(&o)
    );
    let o = qili(s.path(), &["run", "--corpus", "corpus", "--out", "corpus"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(snapshot(&corpus), before, "the corpus changed");
}

#[test]
fn reports_are_written_as_a_set() {
    let s = Scratch::new("atomic");
    corpus_copy(s.path());
    let reports = s.path().join("reports");
    std::fs::create_dir_all(&reports).unwrap();
    for f in ["summary.md", "report.html", "results.json", "perf.md"] {
        std::fs::write(reports.join(f), "OLD").unwrap();
    }
    let o = qili(s.path(), &["run", "--corpus", "corpus", "--out", "reports"]);
    assert_eq!(o.status.code(), Some(FIXTURES_FAIL), "{}", stderr(&o));
    assert!(std::fs::read_to_string(reports.join("summary.md"))
        .unwrap()
        .starts_with("# qili"));
    // What is not a report stays.
    assert_eq!(
        std::fs::read_to_string(reports.join("perf.md")).unwrap(),
        "OLD"
    );
    // An output that cannot be a directory is refused, naming it, and nothing else changes.
    let before = snapshot(s.path());
    std::fs::write(s.path().join("file"), "").unwrap();
    let o = qili(s.path(), &["run", "--corpus", "corpus", "--out", "file"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("file is not a directory, expected a directory for the reports"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_file(s.path().join("file")).unwrap();
    assert_eq!(snapshot(s.path()), before);
}

#[test]
fn runs_are_deterministic_and_check_spots_a_stale_report() {
    let s = Scratch::new("check");
    corpus_copy(s.path());
    let first = qili(s.path(), &["run", "--corpus", "corpus", "--out", "reports"]);
    let a = snapshot(&s.path().join("reports"));
    let again = qili(s.path(), &["run", "--corpus", "corpus", "--out", "reports"]);
    assert_eq!(first.status.code(), again.status.code());
    assert_eq!(snapshot(&s.path().join("reports")), a, "two runs differ");

    let check = qili(
        s.path(),
        &["run", "--corpus", "corpus", "--out", "reports", "--check"],
    );
    assert!(
        stdout(&check).contains("are up to date"),
        "{}",
        stdout(&check)
    );
    assert!(!stdout(&check).contains("stale report"));
    // --check passes or fails exactly as the run does when the reports are fresh.
    assert_eq!(check.status.code(), first.status.code());

    let summary = s.path().join("reports/summary.md");
    let text = std::fs::read_to_string(&summary).unwrap();
    std::fs::write(&summary, text.replace("| cases |", "| kases |")).unwrap();
    std::fs::remove_file(s.path().join("reports/results.json")).unwrap();
    let before = snapshot(&s.path().join("reports"));
    let check = qili(
        s.path(),
        &["run", "--corpus", "corpus", "--out", "reports", "--check"],
    );
    assert_eq!(check.status.code(), Some(1));
    let out = stdout(&check);
    assert!(
        out.contains("stale report: reports/summary.md: differs from a fresh run from line"),
        "{out}"
    );
    assert!(
        out.contains("stale report: reports/results.json: cannot read it"),
        "{out}"
    );
    assert!(!out.contains("report.html:"), "{out}");
    // --check writes nothing.
    assert_eq!(snapshot(&s.path().join("reports")), before);

    let o = qili(
        s.path(),
        &["run", "--corpus", "corpus", "--check", "--filter", "fig06"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("drop --filter"), "{}", stderr(&o));
}

#[test]
fn results_json_has_every_case_and_edition() {
    let s = Scratch::new("json");
    corpus_copy(s.path());
    qili(s.path(), &["run", "--corpus", "corpus", "--out", "reports"]);
    let text = std::fs::read_to_string(s.path().join("reports/results.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["schema_version"], qili_harness::results::SCHEMA_VERSION);
    let cases = v["cases"].as_array().unwrap();
    let ids: Vec<&str> = cases.iter().map(|c| c["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        [
            "fixture-fig06",
            "fixture-king",
            "fixture-no-verdict",
            "fixture-pattern",
            "fixture-two-editions"
        ]
    );
    // A verdict the source does not publish is not compared: only the labels are.
    let none = &cases[2]["editions"][0];
    assert!(none["published_verdict"].is_null());
    assert!(none["comparison"]["verdict_agrees"].is_null());
    assert!(none["engine"]["verdict"].is_string());
    let two = &cases[4]["editions"];
    assert_eq!(two[0]["edition"], "cxa2011");
    assert_eq!(two[1]["edition"], "cxa2011-trial");
    // The trial edition is judged under its own rule book.
    assert_eq!(two[1]["rule_book"], "cxa2011-trial");
    assert_eq!(v["totals"]["runs"], 6);
    // The block without a published verdict is not compared on its verdict.
    assert_eq!(v["totals"]["verdicts_compared"], 5);
    // And every case × edition under every rule book, in the order of `qili rules`.
    let books = &v["rule_books"];
    let names: Vec<&str> = qili::rules::RuleBookId::ALL.map(|b| b.name()).to_vec();
    assert_eq!(books["rule_books"], serde_json::json!(names));
    let rows = books["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 6);
    for (row, (case, edition)) in rows.iter().zip([
        ("fixture-fig06", "cxa2011"),
        ("fixture-king", "cxa2011"),
        ("fixture-no-verdict", "cxa2011"),
        ("fixture-pattern", "cxa2011"),
        ("fixture-two-editions", "cxa2011"),
        ("fixture-two-editions", "cxa2011-trial"),
    ]) {
        assert_eq!(
            (row["case"].as_str(), row["edition"].as_str()),
            (Some(case), Some(edition))
        );
        let cells = row["cells"].as_array().unwrap();
        assert_eq!(cells.len(), qili::rules::RuleBookId::ALL.len());
        // The own rule book's cell is the main run's verdict.
        let own = cells.iter().find(|c| c["rule_book"] == edition).unwrap();
        let e = cases.iter().find(|c| c["id"] == case).unwrap()["editions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["edition"] == edition)
            .unwrap();
        assert_eq!(own["verdict"], e["engine"]["verdict"]);
        let names: Vec<_> = cells
            .iter()
            .map(|c| c.get("verdict").unwrap_or(&c["status"]))
            .collect();
        assert_eq!(row["differs"], names.iter().any(|n| *n != names[0]));
    }
    let differing = rows.iter().filter(|r| r["differs"] == true).count();
    assert_eq!(books["differing"], differing);
    let summary = std::fs::read_to_string(s.path().join("reports/summary.md")).unwrap();
    assert!(
        summary.contains("| fixture-no-verdict | cxa2011 | agrees 一致 | not published 未公布 |"),
        "{summary}"
    );
    for c in cases {
        for e in c["editions"].as_array().unwrap() {
            // One row per published move, whether or not the engine ruled.
            assert!(!e["plies"].as_array().unwrap().is_empty());
            assert!(e["outcome"].is_string());
        }
    }
    // Forcing a rule book judges the trial edition too.
    let o = qili(
        s.path(),
        &[
            "run", "--corpus", "corpus", "--out", "forced", "--rules", "cxa2011",
        ],
    );
    assert_eq!(o.status.code(), Some(FIXTURES_FAIL), "{}", stderr(&o));
    let text = std::fs::read_to_string(s.path().join("forced/results.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["rules_override"], "cxa2011");
    let o = qili(
        s.path(),
        &["run", "--corpus", "corpus", "--rules", "wxf1999"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("'wxf1999' for '--rules <R>': unknown rule book `wxf1999`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn broken_files_are_reported_and_do_not_stop_the_others() {
    let s = Scratch::new("broken");
    let corpus = corpus_copy(s.path());
    std::fs::write(corpus.join("zz-broken.yaml"), "id: zz-broken\ntitle: x\n").unwrap();
    std::fs::write(
        corpus.join("aa-dup.yaml"),
        std::fs::read_to_string(corpus.join("fixture-king.yaml")).unwrap(),
    )
    .unwrap();
    let o = qili(s.path(), &["check", "--corpus", "corpus"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("corpus/zz-broken.yaml:1:1: missing field `tags`"),
        "{out}"
    );
    assert!(
        out.contains("corpus/aa-dup.yaml:2:5: id: 'fixture-king' does not match the file name, expected 'aa-dup'"),
        "{out}"
    );
    assert!(
        out.contains("corpus/aa-dup.yaml:2:5: id: 'fixture-king' is also declared by corpus/fixture-king.yaml:2:5, expected ids unique across the corpus"),
        "{out}"
    );
    assert!(
        out.contains("corpus/fixture-king.yaml:2:5: id: 'fixture-king' is also declared by corpus/aa-dup.yaml:2:5"),
        "{out}"
    );
    let o = qili(s.path(), &["run", "--corpus", "corpus", "--out", "reports"]);
    assert_eq!(o.status.code(), Some(1));
    let summary = std::fs::read_to_string(s.path().join("reports/summary.md")).unwrap();
    assert!(
        summary.contains("broken: corpus/zz-broken.yaml:1:1"),
        "{summary}"
    );
    assert!(summary.contains("| fixture-fig06 | cxa2011 |"), "{summary}");
}

/// The totals count what the Failures list lists: one `new:` line per new disagreement and
/// one `stale:` line per stale record, however many fall in one case × edition; and the
/// terminal's summary line shows the same counts under the same names as summary.md.
#[test]
fn totals_count_what_the_failures_list() {
    let s = Scratch::new("totals");
    corpus_copy(s.path());
    // Two records of fixture-fig06 that qili agrees with (both stale, in one row), and one of
    // the two differences of the trial edition of fixture-two-editions (the other stays new).
    let record = |case: &str, edition: &str, at: &str, published: &str, engine: &str| {
        format!("- {{ case: {case}, edition: {edition}, {at}, published: {published}, engine: {engine}, reason: r }}\n")
    };
    let records = [
        record("fixture-fig06", "cxa2011", "ply: 2", "闲", "捉"),
        record(
            "fixture-fig06",
            "cxa2011",
            "verdict: true",
            "red_loses",
            "draw",
        ),
        record(
            "fixture-two-editions",
            "cxa2011-trial",
            "ply: 1",
            "将",
            "闲",
        ),
    ]
    .concat();
    std::fs::write(s.path().join("expectations/disagreements.yaml"), records).unwrap();
    let o = qili(s.path(), &["run", "--corpus", "corpus", "--out", "reports"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    let lines = |prefix: &str| out.lines().filter(|l| l.starts_with(prefix)).count();
    assert_eq!((lines("new: "), lines("stale: ")), (1, 2), "{out}");
    assert!(
        out.contains(
            "recorded disagreements 1, new disagreements 1, stale records 2, broken cases 0"
        ),
        "{out}"
    );
    let summary = std::fs::read_to_string(s.path().join("reports/summary.md")).unwrap();
    // The failures come first, before the totals, each linking to its case × edition.
    let (start, totals) = (
        summary.find("## Failures").unwrap(),
        summary.find("| totals |").unwrap(),
    );
    assert!(start < totals, "{summary}");
    let failures = &summary[start..totals];
    let listed = |prefix: &str| failures.lines().filter(|l| l.starts_with(prefix)).count();
    assert_eq!(
        (listed("- [new: "), listed("- [stale: ")),
        (1, 2),
        "{failures}"
    );
    assert!(
        failures.contains("](report.html#fixture-fig06--cxa2011)"),
        "{failures}"
    );
    for row in [
        "| recorded disagreements | 1 |",
        "| new disagreements | 1 |",
        "| stale records | 2 |",
    ] {
        assert!(summary.contains(row), "{row} in {summary}");
    }
    let v: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(s.path().join("reports/results.json")).unwrap(),
    )
    .unwrap();
    let t = &v["totals"];
    assert_eq!(
        (
            &t["recorded_disagreements"],
            &t["new_disagreements"],
            &t["stale_records"]
        ),
        (&1.into(), &1.into(), &2.into())
    );
    // By outcome, the same run counts each row once: fixture-fig06 is one stale row.
    assert_eq!(t["runs_by_outcome"]["stale"], 1);
}

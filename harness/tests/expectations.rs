//! The disagreements file: each record is checked against the corpus, problems at line:column.

use std::path::PathBuf;

use qili_corpus::corpus;
use qili_harness::compare::Difference;
use qili_harness::expectations::parse;

fn fixtures() -> corpus::Corpus {
    corpus::load(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")).unwrap()
}

#[test]
fn sound_records_load() {
    let c = fixtures();
    let e = parse(
        "d.yaml",
        "- case: fixture-fig06\n  edition: cxa2011\n  ply: 2\n  published: 闲\n  engine: 捉\n  reason: 为测试而设\n- case: fixture-fig06\n  edition: cxa2011\n  verdict: true\n  published: red_loses\n  engine: draw\n  reason: 为测试而设\n",
        &c,
    );
    assert!(e.problems.is_empty(), "{:?}", e.problems);
    assert_eq!(e.records.len(), 2);
    assert!(matches!(
        e.records[0].recorded.difference,
        Difference::Ply { ply: 2, .. }
    ));
    assert_eq!(e.records[1].recorded.location, "d.yaml:7:3");
    assert!(parse("d.yaml", "", &c).records.is_empty());
    assert!(parse("d.yaml", "# nothing recorded yet\n", &c)
        .problems
        .is_empty());
}

#[test]
fn each_problem_is_located_and_explained() {
    let c = fixtures();
    let text = "\
- case: fixture-nope
  edition: cxa2011
  ply: 1
  published: 将
  engine: 闲
  reason: x
- case: fixture-fig06
  edition: cxa2011
  ply: 2
  published: 捉
  engine: 将
  reason: x
- case: fixture-fig06
  edition: cxa2011-trial
  ply: 1
  published: 将
  engine: 闲
  reason: x
- case: fixture-fig06
  edition: cxa2011
  ply: 9
  published: 将
  engine: 闲
  reason: x
- case: fixture-fig06
  edition: cxa2011
  ply: 1
  verdict: true
  published: 将
  engine: 闲
  reason: x
- case: fixture-fig06
  edition: cxa2011
  ply: 1
  published: 将
  engine: 将
  reason: ''
- case: fixture-fig06
  edition: cxa2011
  ply: 1
  published: 吃
  engine: 闲
  reason: x
";
    let e = parse("d.yaml", text, &c);
    let got: Vec<String> = e.problems.iter().map(|p| p.to_string()).collect();
    assert_eq!(
        got,
        [
            "d.yaml:1:9: [0].case: no case 'fixture-nope' in the corpus, expected the id of a case file",
            "d.yaml:10:14: [1].published: the corpus says 闲 for ply 2 of fixture-fig06 (cxa2011), expected the record to repeat it",
            "d.yaml:14:12: [2].edition: case fixture-fig06 has no answer published by cxa2011-trial, expected one of cxa2011",
            "d.yaml:21:8: [3].ply: 9 is not a ply of fixture-fig06 (cxa2011), expected 1 to 4",
            "d.yaml:25:3: [4]: expected exactly one of `ply: N` or `verdict: true`",
            "d.yaml:36:11: [5].engine: is the same as `published`, expected a disagreement",
            "d.yaml:37:11: [5].reason: expected why qili differs",
            "d.yaml:41:14: [6].published: '吃' is not a label, expected one of 将 杀 捉 兑 献 拦 跟 闲",
        ]
    );
    let e = parse("d.yaml", "- case: x\n  colour: red\n", &c);
    assert_eq!(
        e.problems[0].to_string(),
        "d.yaml:2:3: .[0]: unknown field `colour`, expected one of `case`, `edition`, `ply`, `verdict`, `published`, `engine`, `reason`"
    );
}

#[test]
fn a_record_twice_is_a_problem() {
    let c = fixtures();
    let rec = "- case: fixture-fig06\n  edition: cxa2011\n  ply: 2\n  published: 闲\n  engine: 捉\n  reason: r\n";
    let e = parse("d.yaml", &format!("{rec}{rec}"), &c);
    assert_eq!(e.records.len(), 1);
    assert_eq!(
        e.problems[0].to_string(),
        "d.yaml:7:3: [1]: fixture-fig06 cxa2011 ply 2 is recorded twice, expected one record"
    );
}

#[test]
fn a_verdict_record_needs_a_published_verdict() {
    let c = fixtures();
    let e = parse(
        "d.yaml",
        "- case: fixture-no-verdict\n  edition: cxa2011\n  verdict: true\n  published: draw\n  engine: red_loses\n  reason: r\n",
        &c,
    );
    assert_eq!(
        e.problems.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
        ["d.yaml:3:12: [0].verdict: fixture-no-verdict (cxa2011) publishes no verdict, so qili's cannot disagree with it, expected no verdict record"]
    );
}

/// End to end with whatever the engine says today: recording every difference makes the row
/// `recorded` (or `agrees` when there is none); a record that does not match the engine makes it
/// `stale` or `new`. No engine output is hard-coded.
#[test]
fn records_decide_the_outcome() {
    use qili::rules::Label;
    use qili_harness::compare::Outcome;
    use qili_harness::run::{judge_block, Judged};

    let c = fixtures();
    let case = c.case("fixture-fig06").unwrap();
    let empty = qili_harness::expectations::Expectations::default();
    let Judged::Ruled {
        ruling, comparison, ..
    } = judge_block(case, 0, None, &empty)
    else {
        panic!("cxa2011 judges")
    };
    let mut yaml = String::new();
    for d in &comparison.differences {
        match d.difference {
            Difference::Ply { ply, published, engine } => yaml.push_str(&format!(
                "- {{ case: fixture-fig06, edition: cxa2011, ply: {ply}, published: {published}, engine: {engine}, reason: r }}\n"
            )),
            Difference::Verdict { published, engine } => yaml.push_str(&format!(
                "- {{ case: fixture-fig06, edition: cxa2011, verdict: true, published: {published}, engine: {engine}, reason: r }}\n"
            )),
        }
    }
    let all = parse("d.yaml", &yaml, &c);
    assert!(all.problems.is_empty(), "{:?}", all.problems);
    let Judged::Ruled {
        comparison: cmp, ..
    } = judge_block(case, 0, None, &all)
    else {
        panic!()
    };
    let expected = if comparison.differences.is_empty() {
        Outcome::Agrees
    } else {
        Outcome::Recorded
    };
    assert_eq!(cmp.outcome(), expected);

    // A record of ply 1 claiming an engine answer the engine does not give.
    let published = case.published[0].moves[0].label.unwrap();
    let actual = ruling.plies[0].label;
    let wrong = Label::ALL
        .into_iter()
        .find(|l| *l != published && *l != actual)
        .unwrap();
    let mut yaml2: String = yaml
        .lines()
        .filter(|l| !l.contains("ply: 1,"))
        .map(|l| format!("{l}\n"))
        .collect();
    yaml2.push_str(&format!(
        "- {{ case: fixture-fig06, edition: cxa2011, ply: 1, published: {published}, engine: {wrong}, reason: r }}\n"
    ));
    let bad = parse("d.yaml", &yaml2, &c);
    assert!(bad.problems.is_empty(), "{:?}", bad.problems);
    let Judged::Ruled {
        comparison: cmp, ..
    } = judge_block(case, 0, None, &bad)
    else {
        panic!()
    };
    assert_eq!(cmp.stale.len(), 1);
    let expected = if actual == published {
        Outcome::Stale
    } else {
        Outcome::New
    };
    assert_eq!(cmp.outcome(), expected);
}

//! `qili scan` end to end on a fixture of the project's own; game_records.rs scans the
//! committed records of games/records and the collections of ../shared.

#[path = "../../tests/common/mod.rs"]
mod common;

use common::*;

fn fixtures() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/scan-fixtures")
}

#[test]
fn a_game_ending_in_perpetual_check_is_one_line_with_its_verdict_and_result() {
    let file = fixtures().join("perpetual-check.pgn");
    let o = qili(&fixtures(), &["scan", &file.display().to_string()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1, "{}", stdout(&o));
    let g = &lines[0];
    assert_eq!(g["game"], 1);
    assert_eq!(g["format"], "pgn");
    assert_eq!(g["plies"], 12);
    let e = &g["episodes"][0];
    assert_eq!(e["last_ply"], 12);
    assert_eq!(e["ruling"]["verdict"], "red_loses");
    assert_eq!(g["recorded"]["outcome"], "black_wins");
    assert_eq!(g["recorded"]["agrees"], true);
    // The referee's note after the last move is the termination, and agrees too.
    assert_eq!(g["termination"]["header"], "FinalComment");
    assert_eq!(g["termination"]["claim"], "forbidden");
    assert_eq!(g["termination"]["agrees"], true);
    let err = stderr(&o);
    assert!(
        err.contains("2 game(s) (pgn 2), 1 with a repetition (1 episode(s): red_loses 1)"),
        "{err}"
    );
    // --all writes the game without a repetition too.
    let o = qili(&fixtures(), &["scan", "--all", &file.display().to_string()]);
    assert_eq!(stdout(&o).lines().count(), 2);
}

#[test]
fn a_missing_path_is_an_error_naming_it() {
    let o = qili(&fixtures(), &["scan", "no-such-file.pgn"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no-such-file.pgn"), "{}", stderr(&o));
}

/// `--report DIR` writes DIR/scan.html, the index, and a page of games: one section for the
/// game with a repetition, its board, and the verdict; the game without one is left out.
#[test]
fn the_report_is_an_index_and_a_page_with_a_section_per_game_with_a_repetition() {
    let scratch = Scratch::new("scan-report");
    let file = fixtures().join("perpetual-check.pgn");
    let dir = scratch.path().join("out");
    let o = qili(
        scratch.path(),
        &[
            "scan",
            "--report",
            &dir.display().to_string(),
            &file.display().to_string(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let index = std::fs::read_to_string(dir.join("scan.html")).unwrap();
    assert!(
        index.contains("<a href=\"games-0001.html\">1 games</a>"),
        "{index}"
    );
    let html = std::fs::read_to_string(dir.join("games-0001.html")).unwrap();
    assert_eq!(html.matches("<section class=\"game\"").count(), 1, "{html}");
    assert_eq!(html.matches("<svg class=\"board\"").count(), 1);
    assert!(html.contains("红方作负"), "{html}");
    assert!(html.contains("与裁决相符"), "{html}");
    assert!(!html.contains("no repetition</h2>"));
}

/// `--case ID` writes ID.yaml: `qili check` refuses the skeleton for what only the source can
/// give (title, work, verdict or notes), and accepts it once those are written.
#[test]
fn a_case_skeleton_is_refused_until_completed_then_accepted() {
    let scratch = Scratch::new("scan-case");
    let file = fixtures().join("perpetual-check.pgn");
    let o = qili(
        scratch.path(),
        &[
            "scan",
            "--case",
            "fixture-perpetual-check",
            &file.display().to_string(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let skeleton =
        std::fs::read_to_string(scratch.path().join("fixture-perpetual-check.yaml")).unwrap();
    assert!(
        skeleton.contains("fen: 2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w"),
        "{skeleton}"
    );
    assert!(skeleton.contains("cycle: exact"));
    // The position is the game's, named with the record and the ply before the cycle.
    assert!(
        skeleton.contains("  provenance: game\n  game: { record: "),
        "{skeleton}"
    );
    assert!(
        skeleton.contains("perpetual-check.pgn\", game: 1, after_ply: 8 }"),
        "{skeleton}"
    );
    assert_eq!(skeleton.matches("iccs:").count(), 4, "{skeleton}");
    // qili's verdict is in a comment only, and no move carries a label.
    assert!(
        skeleton.contains("# qili (cxa2011): red_loses"),
        "{skeleton}"
    );
    let fields: Vec<&str> = skeleton
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .collect();
    assert!(fields
        .iter()
        .all(|l| !l.contains("label:") && !l.contains("verdict:")));

    let corpus = scratch.path().join("corpus");
    std::fs::create_dir(&corpus).unwrap();
    let case = corpus.join("fixture-perpetual-check.yaml");
    std::fs::write(&case, &skeleton).unwrap();
    let check = |dir: &std::path::Path| {
        qili(
            scratch.path(),
            &[
                "check",
                "--corpus",
                &dir.display().to_string(),
                "--expectations",
                "none",
            ],
        )
    };
    let o = check(&corpus);
    assert_eq!(o.status.code(), Some(1));
    let problems = stdout(&o);
    for field in ["title", "source.work", "notes"] {
        assert!(problems.contains(field), "{field}: {problems}");
    }
    let completed = skeleton
        .replace("title: \"\"", "title: 测试 红方长将")
        .replace("work: \"\"", "work: qili 测试棋谱")
        .replace("    # verdict: ", "    verdict: red_loses # ")
        .replace("    # text: ", "    text: 红方作负 # ");
    std::fs::write(&case, completed).unwrap();
    let o = check(&corpus);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));

    // A second skeleton never replaces the first; a bad id is refused before the scan.
    let again = qili(
        scratch.path(),
        &[
            "scan",
            "--case",
            "fixture-perpetual-check",
            &file.display().to_string(),
        ],
    );
    assert_ne!(again.status.code(), Some(0));
    assert!(
        stderr(&again).contains("fixture-perpetual-check.yaml"),
        "{}",
        stderr(&again)
    );
    let bad = qili(
        scratch.path(),
        &["scan", "--case", "Bad_Id", &file.display().to_string()],
    );
    assert!(
        stderr(&bad).contains("not a valid case id"),
        "{}",
        stderr(&bad)
    );
    // A game without a repetition has no case.
    let none = qili(
        scratch.path(),
        &[
            "scan",
            "--case",
            "none-here",
            "--game",
            "2",
            &file.display().to_string(),
        ],
    );
    assert!(
        stderr(&none).contains("no game 2 with a repetition"),
        "{}",
        stderr(&none)
    );
}

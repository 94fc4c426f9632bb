//! `qili scan` end to end: a fixture of the project's own, and (where ../shared is beside the
//! checkout) real game files.

mod common;

use common::*;

fn fixtures() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scan-fixtures")
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

/// The 象甲联赛 games (Big5 PGN, traditional characters; CC BY 4.0): every game read, most of
/// them with a repetition.
#[test]
fn real_big5_pgn_games_are_read_and_their_repetitions_ruled() {
    let dir = corpus_dir().join("../../shared/games/Yvonne761__Chinese-Chess-Practical-Dataset");
    if !dir.is_dir() {
        eprintln!("skipped: {} is not here", dir.display());
        return;
    }
    let o = qili(&fixtures(), &["scan", &dir.display().to_string()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(lines.len() >= 100, "{} lines; {}", lines.len(), stderr(&o));
    assert!(
        lines.iter().all(|l| l["encoding"] == "Big5"),
        "{}",
        stderr(&o)
    );
}

/// XQF files (象棋演播室; FastLight126__vschess, LGPL: read in place): every sound file read,
/// its headers decoded from GBK, and a repetition in 0.xqf (全国象棋个人锦标赛 1992, 蒋志梁–胡荣华)
/// ruled.
#[test]
fn real_xqf_files_are_read_and_their_repetitions_ruled() {
    let dir = corpus_dir().join("../../shared/games/FastLight126__vschess");
    if !dir.is_dir() {
        eprintln!("skipped: {} is not here", dir.display());
        return;
    }
    let file = dir.join("0.xqf");
    let o = qili(&fixtures(), &["scan", &file.display().to_string()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let line: serde_json::Value = serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    assert_eq!(line["format"], "xqf");
    assert_eq!(line["headers"][5][1], "上海胡荣华", "{line}");
    assert!(!line["episodes"].as_array().unwrap().is_empty());
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

/// The same game in two formats, each read as the scan reads it: xqbase/eleeye's SAMPLE.XQF
/// (binary, GBK strings) and SAMPLE.PGN (GBK text, detected; Chinese moves, a FEN start, long
/// comments) give the same start, the same moves and the same players, date and result.
#[test]
fn sample_xqf_and_sample_pgn_are_the_same_game() {
    let dir = corpus_dir().join("../../shared/games/xqbase__eleeye/XQFTOOLS");
    let (Ok(xqf), Ok(pgn)) = (
        std::fs::read(dir.join("SAMPLE.XQF")),
        std::fs::read(dir.join("SAMPLE.PGN")),
    ) else {
        eprintln!("skipped: {} is not here", dir.display());
        return;
    };
    let gbk = |b: &[u8]| encoding_rs::GBK.decode(b).0.into_owned();
    let x = qili::notation::xqf::read(&xqf, gbk).unwrap();
    let (text, encoding) = qili_harness::scan::input::decode(pgn);
    assert_eq!(encoding, "GBK");
    let games = qili::notation::pgn::read(&text);
    assert_eq!(games.len(), 1);
    let p = games[0].as_ref().unwrap();
    assert_eq!((&x.error, &p.error), (&None, &None));
    assert_eq!(x.start, p.start);
    assert!(x.moves.len() > 40, "{} plies", x.moves.len());
    assert_eq!(x.moves, p.moves);
    for key in ["Red", "Black", "Date", "Result"] {
        assert_eq!(x.header(key), p.header(key), "{key}");
    }
    assert_eq!(p.header("Red"), Some("许银川"));
}

/// 象棋桥's XML records (walker8088/cchess, GPL: read in place) are found by their content and
/// read with `--format cbf`; `--format` forces the reader whatever the extension.
#[test]
fn cbf_records_are_detected_and_read_with_format_cbf() {
    let dir = corpus_dir().join("../../shared/games/walker8088__cchess/tests/data");
    let file = dir.join("test.cbf");
    if !file.is_file() {
        eprintln!("skipped: {} is not here", file.display());
        return;
    }
    for args in [vec![], vec!["--format", "cbf"]] {
        let mut all = vec!["scan", "--all"];
        all.extend(args);
        let path = file.display().to_string();
        all.push(&path);
        let o = qili(&fixtures(), &all);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let line: serde_json::Value =
            serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
        assert_eq!(
            (line["format"].as_str(), line["plies"].as_u64()),
            (Some("cbf"), Some(50))
        );
        assert!(line["error"].is_null(), "{line}");
    }
    // The wrong reader forced on it says so.
    let o = qili(
        &fixtures(),
        &["scan", "--format", "xqf", &file.display().to_string()],
    );
    assert!(stderr(&o).contains("unreadable game 1"), "{}", stderr(&o));
}

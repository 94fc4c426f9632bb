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
    let err = stderr(&o);
    assert!(
        err.contains("2 game(s), 1 with a repetition (1 episode(s): red_loses 1)"),
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

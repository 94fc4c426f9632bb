//! What a new user meets first on the command line: positions given loosely, a board drawn,
//! a position written back, the verdict texts, the exit codes.

#[path = "../../tests/common/mod.rs"]
mod common;

use common::*;

const FIG6: &str = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w";
const FIG6_MOVES: &str = "f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8";

fn here() -> std::path::PathBuf {
    std::env::temp_dir()
}

#[test]
fn a_fen_without_side_to_move_is_refused_and_startpos_takes_one() {
    let o = qili(
        &here(),
        &[
            "judge",
            "--fen",
            "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1",
            "--moves",
            "f0e0",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("the FEN has no side to move"),
        "{}",
        stderr(&o)
    );
    // With --side it is given.
    let o = qili(
        &here(),
        &[
            "judge",
            "--fen",
            "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1",
            "--side",
            "w",
            "--moves",
            "f0e0",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = qili(
        &here(),
        &[
            "judge",
            "--fen",
            "startpos b",
            "--moves",
            "h7e7",
            "--all-plies",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("炮8平5"), "{}", stdout(&o));
    let o = qili(
        &here(),
        &["judge", "--fen", "startpos x", "--moves", "h7e7"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("'x' is not a side"), "{}", stderr(&o));
}

#[test]
fn an_upside_down_board_gets_a_hint() {
    let o = qili(
        &here(),
        &[
            "judge",
            "--fen",
            "RNBAKABNR/9/1C5C1/P1P1P1P1P/9/9/p1p1p1p1p/1c5c1/9/rnbakabnr w",
            "--moves",
            "h2e2",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("legal upside down"), "{}", stderr(&o));
    // A board illegal either way gets no such hint.
    let o = qili(
        &here(),
        &[
            "judge",
            "--fen",
            "4k4/9/9/9/9/9/9/9/9/4K4 w",
            "--moves",
            "e0d0",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(!stderr(&o).contains("upside down"), "{}", stderr(&o));
}

#[test]
fn convert_writes_a_position_as_binit_or_fen() {
    let o = qili(&here(), &["convert", "--fen", "startpos", "--to", "binit"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let binit = stdout(&o).trim().to_string();
    assert_eq!(binit.len(), 64, "{binit}");
    // Read back, it is the start position.
    let o = qili(&here(), &["convert", "--binit", &binit, "--to", "fen"]);
    assert_eq!(
        stdout(&o).trim(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
    );
    let o = qili(
        &here(),
        &[
            "convert",
            "--fen",
            "startpos",
            "--moves",
            "炮二平五",
            "--to",
            "fen",
        ],
    );
    assert_eq!(
        stdout(&o).trim(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"
    );
}

#[test]
fn show_draws_a_case_or_a_position() {
    let o = qili(
        &here(),
        &[
            "show",
            "cxa2011-fig06",
            "--corpus",
            &corpus_dir().display().to_string(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("cxa2011-fig06 "), "{out}");
    assert!(
        out.contains("楚河") && out.contains("a b c d e f g h i"),
        "{out}"
    );
    assert!(out.contains("九八七六五四三二一"), "{out}");
    assert!(out.trim_end().ends_with(FIG6), "{out}");
    let o = qili(&here(), &["show", "--fen", FIG6, "--moves", "车四平五"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).trim_end().ends_with(" b"), "{}", stdout(&o));
    let o = qili(&here(), &["show"]);
    assert_eq!(o.status.code(), Some(2));
    let o = qili(
        &here(),
        &[
            "show",
            "no-such-case",
            "--corpus",
            &corpus_dir().display().to_string(),
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("no sound case 'no-such-case'"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn verdict_texts_say_each_thing_once() {
    let o = qili(&here(), &["judge", "--fen", FIG6, "--moves", FIG6_MOVES]);
    let out = stdout(&o);
    assert!(out.contains("红方：禁止着法（长将）\n"), "{out}");
    assert!(!out.contains("长将（禁止着法）"), "{out}");
    let o = qili(&here(), &["judge", "--fen", FIG6, "--moves", "f0e0 e8f8"]);
    let out = stdout(&o);
    assert_eq!(out.matches("不适用棋例").count(), 1, "{out}");
    let o = qili(
        &here(),
        &["judge", "--fen", FIG6, "--moves", FIG6_MOVES, "--json"],
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["schema_version"], qili_harness::results::SCHEMA_VERSION);
    assert_eq!(v["rules"], "cxa2011");
    assert_eq!(v["plies"][0]["evidence"]["facts"]["kind"], "check");
}

#[test]
fn help_states_the_exit_codes() {
    let o = qili(&here(), &["--help"]);
    assert_eq!(o.status.code(), Some(0));
    // clap wraps the text to the terminal's width.
    let out = stdout(&o).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        out.contains("Exit status: 0 done") && out.contains("; 1 ") && out.contains("; 2 "),
        "{out}"
    );
}

/// Sources are cited by author and title, not by the file names of the research material
/// (`seed 004`, `shared/seeds/…`).
#[test]
fn corpus_sources_are_cited_by_author_and_title() {
    let dir = corpus_dir();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml" || e == "md"))
        .collect();
    files.push(dir.join("../expectations/disagreements.yaml"));
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for bad in ["seed 00", "seed00", "shared/seeds"] {
            assert!(!text.contains(bad), "{} cites '{bad}'", f.display());
        }
    }
}

//! `qili judge --moves-file GAME`: a game record of any format and encoding the scanner reads,
//! ruled from its own start. Fixtures of the project's own (`tests/record-fixtures`), then the
//! gdchess.com threads in ../shared (read in place, never copied: no licence), which CI has:
//! where it is absent that test is listed as ignored and counted (engine/tests/common/shared.rs).

#[path = "../../tests/common/mod.rs"]
mod common;
#[path = "../../../engine/tests/common/shared.rs"]
mod shared;

use std::path::{Path, PathBuf};

use common::*;
use shared::local;

fn main() {
    let local = vec![
        local(
            "pgn_in_gbk_and_big5_is_read_and_the_game_named_is_ruled",
            pgn_in_gbk_and_big5_is_read_and_the_game_named_is_ruled,
        ),
        local(
            "a_move_list_in_gbk_is_read_with_fen",
            a_move_list_in_gbk_is_read_with_fen,
        ),
        local(
            "a_thread_saved_as_a_python_literal_reads_as_dhtmlxq_old_forms_included",
            a_thread_saved_as_a_python_literal_reads_as_dhtmlxq_old_forms_included,
        ),
        local(
            "plies_stop_the_record_where_the_referee_was_called",
            plies_stop_the_record_where_the_referee_was_called,
        ),
        local(
            "records_refuse_what_would_rule_the_wrong_game",
            records_refuse_what_would_rule_the_wrong_game,
        ),
    ];
    let shared = vec![shared::shared(
        "the_gdchess_threads_give_their_games",
        the_gdchess_threads_give_their_games,
    )];
    shared::run("judge_records", local, shared)
}

fn records() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/record-fixtures")
}

/// `qili judge ARGS --json`, which must succeed.
fn judge(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["judge"];
    all.extend_from_slice(args);
    all.push("--json");
    let o = qili(&records(), &all);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("JSON")
}

/// `qili judge ARGS`, which must fail with a message containing `expected`.
fn refused(args: &[&str], expected: &str) {
    let mut all = vec!["judge"];
    all.extend_from_slice(args);
    let o = qili(&records(), &all);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
    assert!(stderr(&o).contains(expected), "{args:?}: {}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
}

const START: &str = "4k4/9/9/9/5R3/9/9/9/9/3K5 w";

/// The fixtures' game: 12 plies, red's perpetual check ruled on plies 9–12.
fn is_the_perpetual(v: &serde_json::Value) {
    assert_eq!(v["fen"], START, "{v}");
    assert_eq!(v["moves"], 12);
    assert_eq!(v["verdict"], "red_must_change");
    assert_eq!(v["cycle"]["start"], 9);
    assert_eq!(v["cycle"]["end"], 12);
    assert_eq!(v["cycle"]["red"]["summary"], "长将");
}

fn pgn_in_gbk_and_big5_is_read_and_the_game_named_is_ruled() {
    for (file, encoding) in [("two-games-gbk.pgn", "GBK"), ("two-games-big5.pgn", "Big5")] {
        let v = judge(&["--moves-file", file, "--game", "2"]);
        is_the_perpetual(&v);
        let r = &v["record"];
        assert_eq!(r["format"], "pgn", "{file}");
        assert_eq!(r["encoding"], encoding, "{file}");
        assert_eq!((&r["game"], &r["games"]), (&2.into(), &2.into()));
        assert_eq!(r["record_plies"], 12);
        // The first game has no repetition: nothing is ruled.
        let v = judge(&["--moves-file", file, "--game", "1"]);
        assert_eq!(v["verdict"], "no_repetition");
        assert_eq!(v["moves"], 4);
    }
    // The same moves as a move list from the same start give the same ruling.
    let list = judge(&[
        "--fen",
        START,
        "--moves",
        "帅六进一 将5进1 帅六退一 将5退1 车四平五 将5平6 车五平四 将6平5 车四平五 将5平6 车五平四 将6平5",
    ]);
    let record = judge(&["--moves-file", "two-games-gbk.pgn", "--game", "2"]);
    assert_eq!(list["plies"], record["plies"]);
    assert!(list.get("record").is_none());
}

fn a_move_list_in_gbk_is_read_with_fen() {
    let s = Scratch::new("judge-gbk-list");
    let file = s.path().join("moves.txt");
    let list = "帅六进一 将5进1 帅六退一 将5退1 车四平五 将5平6 车五平四 将6平5 车四平五 将5平6 车五平四 将6平5";
    let (gbk, _, _) = encoding_rs::GBK.encode(list);
    std::fs::write(&file, &gbk).unwrap();
    let v = judge(&["--fen", START, "--moves-file", &file.display().to_string()]);
    is_the_perpetual(&v);
}

fn a_thread_saved_as_a_python_literal_reads_as_dhtmlxq_old_forms_included() {
    // Block 1: [DhtmlXQFLASH], a binit with nn, twelve characters a move, a variation after
    // the main line (not read), an escaped title.
    let v = judge(&["--moves-file", "thread-repr.txt", "--game", "1"]);
    is_the_perpetual(&v);
    let r = &v["record"];
    assert_eq!(r["format"], "dhtmlxq");
    let title = r["headers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h[0] == "title")
        .expect("a title");
    assert_eq!(title[1], "长将? 十二字着法");
    // Block 2: four digits a move, the first 8 plies only.
    let v = judge(&["--moves-file", "thread-repr.txt", "--game", "2"]);
    assert_eq!(v["moves"], 8);
    assert_eq!(v["record"]["record_plies"], 8);
}

fn plies_stop_the_record_where_the_referee_was_called() {
    let v = judge(&[
        "--moves-file",
        "two-games-gbk.pgn",
        "--game",
        "2",
        "--plies",
        "11",
    ]);
    assert_eq!(v["moves"], 11);
    assert_eq!(v["record"]["record_plies"], 12);
    assert_eq!(v["cycle"]["end"], 11);
    // The text names the record and how much of it is ruled.
    let o = qili(
        &records(),
        &[
            "judge",
            "--moves-file",
            "two-games-gbk.pgn",
            "--game",
            "2",
            "--plies",
            "11",
        ],
    );
    let out = stdout(&o);
    assert!(
        out.starts_with("对局：two-games-gbk.pgn 第2局（pgn，GBK）丙 – 丁，qili 测试：长将，前 11 着（全局 12 着）"),
        "{out}"
    );
}

fn records_refuse_what_would_rule_the_wrong_game() {
    refused(
        &["--moves-file", "two-games-gbk.pgn"],
        "two-games-gbk.pgn holds 2 games (pgn): say which with --game N (1 to 2)",
    );
    refused(
        &["--moves-file", "two-games-gbk.pgn", "--game", "3"],
        "--game 3: two-games-gbk.pgn holds 2 game(s), expected --game 1 to 2",
    );
    refused(
        &["--moves-file", "two-games-gbk.pgn", "--game", "0"],
        "--game 0: games are counted from 1",
    );
    refused(
        &[
            "--moves-file",
            "two-games-gbk.pgn",
            "--game",
            "2",
            "--plies",
            "13",
        ],
        "--plies 13: two-games-gbk.pgn, game 2 has 12 plies",
    );
    refused(
        &["--fen", START, "--moves-file", "two-games-gbk.pgn"],
        "a game record (pgn) with its own start position; give it without --fen or --binit",
    );
    refused(
        &["--fen", START, "--moves", "f5e5", "--game", "2"],
        "--format, --game and --plies read a game record given with --moves-file",
    );
    refused(
        &["--moves", "f5e5"],
        "give a position with --fen or --binit, or a game record with --moves-file",
    );
    refused(
        &["--moves-file", "no-such-file.pgn"],
        "--moves-file no-such-file.pgn: cannot read the file",
    );
}

/// The 182 gdchess.com threads (Python literals of the posts' HTML, the games as DhtmlXQ,
/// older forms included): 180 files give games, 585 of 586 games are read whole.
fn the_gdchess_threads_give_their_games(games: &Path) {
    let dir = games.join("xhk__ssehc/gdchess/thread");
    let o = qili(&records(), &["scan", "--all", &dir.display().to_string()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let files: std::collections::BTreeSet<&str> =
        lines.iter().map(|l| l["file"].as_str().unwrap()).collect();
    assert!(files.len() >= 180, "{} files give games", files.len());
    assert!(lines.len() >= 586, "{} games", lines.len());
    let whole = lines.iter().filter(|l| l["error"].is_null()).count();
    assert!(whole >= 585, "{whole} games read whole; {}", stderr(&o));
    assert!(lines.iter().all(|l| l["format"] == "dhtmlxq"));
    // The 2012 象甲 game of t_00711 (its 7th block): the cycle the chief arbiter ruled a
    // draw (双方均为禁止着法) ends at ply 54.
    let file = dir.join("t_00711.txt").display().to_string();
    let v = judge(&["--moves-file", &file, "--game", "7", "--plies", "54"]);
    assert_eq!(v["record"]["games"], 7);
    assert_eq!(v["record"]["record_plies"], 150);
    assert_eq!(v["cycle"]["end"], 54);
    // An older page: twelve characters a move, read whole (was: stopped at ply 2).
    let file = dir.join("1_00271.txt").display().to_string();
    let v = judge(&["--moves-file", &file, "--game", "1"]);
    assert_eq!(v["record"]["record_plies"], 51);
}

//! The small commands: judge, perft, convert, rules; and that bad input gives a message, not a
//! panic. Rulings are checked for shape only: the engine's answers are the corpus's business.

#[path = "../../tests/common/mod.rs"]
mod common;

use common::*;

const FIG6: &str = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w";
const FIG6_MOVES: &str = "f0e0 e8f8 e0f0 f8e8";

fn here() -> std::path::PathBuf {
    std::env::temp_dir()
}

#[test]
fn judge_prints_a_table_then_sides_and_verdict() {
    let o = qili(&here(), &["judge", "--fen", FIG6, "--moves", FIG6_MOVES]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("着  方  着法"), "{out}");
    for (i, line) in lines[1..5].iter().enumerate() {
        assert!(line.starts_with(&format!("{} ", i + 1)), "{out}");
    }
    assert!(lines[1].contains('红') && lines[2].contains('黑'), "{out}");
    assert!(out.contains("红方："), "{out}");
    assert!(out.contains("黑方："), "{out}");
    assert!(lines.last().unwrap().starts_with("结论："), "{out}");
    // The same answer twice.
    let again = qili(&here(), &["judge", "--fen", FIG6, "--moves", FIG6_MOVES]);
    assert_eq!(stdout(&again), out);
}

#[test]
fn judge_json_has_the_documented_shape() {
    let o = qili(
        &here(),
        &[
            "judge", "--fen", FIG6, "--moves", FIG6_MOVES, "--rules", "cxa2011", "--json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["rules"], "cxa2011");
    let plies = v["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 4);
    let iccs: Vec<&str> = plies.iter().map(|p| p["iccs"].as_str().unwrap()).collect();
    assert_eq!(iccs, ["f0e0", "e8f8", "e0f0", "f8e8"]);
    for (i, p) in plies.iter().enumerate() {
        assert_eq!(p["ply"], i + 1);
        assert_eq!(p["side"], if i % 2 == 0 { "red" } else { "black" });
        let label = p["label"].as_str().unwrap();
        let label = qili::rules::Label::from_chinese(label).unwrap_or_else(|| panic!("{label}"));
        assert_eq!(p["label_name"], label.name(), "the English name beside 将");
        assert!(p["chinese"].is_string());
        assert!(p["evidence"]["text"].is_string());
        assert!(p["evidence"]["clause"].is_string());
        assert_eq!(p["judged"], true);
    }
    // 将 then 闲 by name; the checking rook typed as side, kind and square, its Chinese beside.
    let names: Vec<&str> = plies
        .iter()
        .map(|p| p["label_name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["check", "idle", "check", "idle"]);
    assert_eq!(
        plies[0]["evidence"]["facts"]["checkers"],
        serde_json::json!([{"side": "red", "kind": "rook", "square": "e0", "chinese": "红车(e0)"}])
    );
    assert_eq!(v["moves"], 4);
    let cycle = &v["cycle"];
    assert_eq!(cycle["rule"], "repetition");
    assert_eq!((&cycle["start"], &cycle["end"]), (&1.into(), &4.into()));
    assert_eq!(cycle["period"], 4);
    assert_eq!(cycle["occurrences"], 2);
    for side in ["red", "black"] {
        assert!(cycle[side]["summary"].is_string());
        assert!(cycle[side]["class"].is_string());
    }
    assert!(qili::rules::Verdict::from_name(v["verdict"].as_str().unwrap()).is_some());
    assert!(v["reason"].is_string());
    assert!(
        v["draw_claim"].is_null(),
        "the 2011 book has no natural limit"
    );
}

/// A chase's threat in JSON: its pieces typed, its way and the target's protection by their
/// English names beside the Chinese (参考 2011 图3: a rook on a rootless horse).
#[test]
fn judge_json_types_a_chase() {
    let v = judge_json(
        &[
            "judge",
            "--fen",
            "5a3/5k3/4P4/p7p/9/8P/P8/4B4/2nRA2r1/2BAK4 w",
            "--moves",
            "e2g0 h1g1 g0e2 g1h1",
        ],
        None,
    );
    assert_eq!(v["schema_version"], 9);
    let p = &v["plies"][0];
    assert_eq!(
        (&p["label"], &p["label_name"]),
        (&"捉".into(), &"chase".into())
    );
    let t = &p["evidence"]["facts"]["threats"][0];
    assert_eq!(t["kind"], "直接吃子");
    assert_eq!(t["kind_name"], "direct");
    assert_eq!(t["rootedness_name"], "rootless");
    assert_eq!(
        t["attacker"],
        serde_json::json!({"side": "red", "kind": "rook", "square": "d1", "chinese": "红车(d1)"})
    );
    assert_eq!(t["target"]["kind"], "horse");
    assert_eq!(t["target"]["side"], "black");
    assert_eq!(
        v["plies"][1]["evidence"]["facts"]["threats"][0]["kind_name"],
        "by_checks"
    );
}

/// The Asian rules' natural move limit: sixty rounds without a capture are a draw either
/// player may claim, reported beside the repetition's verdict; one round fewer is not.
#[test]
fn judge_reports_the_natural_move_limit_under_the_asian_rules() {
    let pos = "3k5/9/9/9/9/4r4/9/9/4R4/5K3 w";
    let round = "f0f1 d9d8 f1f0 d8d9";
    let sixty = vec![round; 30].join(" ");
    let v = judge_json(
        &["judge", "--fen", pos, "--moves", &sixty, "--rules", "axf"],
        None,
    );
    let claim = &v["draw_claim"];
    assert_eq!(claim["plies_without_capture"], 120);
    assert_eq!(claim["claimants"], serde_json::json!(["red", "black"]));
    assert!(
        claim["chinese"].as_str().unwrap().starts_with("自然限着"),
        "{claim}"
    );
    let text = qili(
        &here(),
        &["judge", "--fen", pos, "--moves", &sixty, "--rules", "axf"],
    );
    assert!(stdout(&text)
        .lines()
        .last()
        .unwrap()
        .starts_with("自然限着"));
    let fewer = vec![round; 29].join(" ");
    let v = judge_json(
        &["judge", "--fen", pos, "--moves", &fewer, "--rules", "axf"],
        None,
    );
    assert!(v["draw_claim"].is_null(), "{v}");
    let v = judge_json(
        &[
            "judge", "--fen", pos, "--moves", &sixty, "--rules", "cxa2011",
        ],
        None,
    );
    assert!(v["draw_claim"].is_null(), "{v}");
}

#[test]
fn judge_errors_name_the_ply_or_the_field() {
    let o = qili(&here(), &["judge", "--fen", FIG6, "--moves", "f0e0 e8e7"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o).trim(),
        "error: --moves: ply 2 (e8e7, black to move): e8e7: the move leaves the own king in check"
    );
    let o = qili(&here(), &["judge", "--fen", "2b6/4k4 w", "--moves", "f0e0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("error: --fen: FEN column 1: expected 10 ranks"),
        "{}",
        stderr(&o)
    );
    let o = qili(
        &here(),
        &["judge", "--fen", FIG6, "--moves", "f0e0", "--rules", "nope"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("'nope' for '--rules <R>': unknown rule book `nope` (expected one of: cxa2011, cxa2011-trial"),
        "{}",
        stderr(&o)
    );
    let o = qili(
        &here(),
        &["judge", "--fen", FIG6, "--side", "x", "--moves", "f0e0"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("'x' is not a side"), "{}", stderr(&o));
    let o = qili(&here(), &["judge", "--moves", "f0e0"]);
    assert!(stderr(&o).contains("give a position with --fen or --binit"));
    let o = qili(&here(), &["judge", "--fen", FIG6, "--moves", "  "]);
    assert!(stderr(&o).contains("--moves: no moves given"));
    assert!(!stderr(&o).contains("panicked"));
}

#[test]
fn perft_lists_moves_then_the_total() {
    let o = qili(&here(), &["perft", "--fen", "startpos", "--depth", "2"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 45);
    assert_eq!(*lines.last().unwrap(), "1920");
    let sum: u64 = lines[..44]
        .iter()
        .map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 1920);
    assert!(lines.contains(&"h2e2 45"), "{out}");
    let o = qili(&here(), &["perft", "--fen", "startpos", "--depth", "1"]);
    assert_eq!(stdout(&o).lines().count(), 45);
    assert_eq!(stdout(&o).lines().last(), Some("44"));
    let o = qili(&here(), &["perft", "--fen", "startpos", "--depth", "0"]);
    assert_eq!(stdout(&o), "1\n");
}

#[test]
fn convert_reads_any_notation() {
    // The round trips and binit are in tests/convert.rs.
    let o = qili(
        &here(),
        &[
            "convert",
            "--fen",
            FIG6,
            "--moves",
            "F0-E0 将5平6 R5.4 f8e8",
            "--to",
            "iccs",
        ],
    );
    assert_eq!(stdout(&o).trim(), FIG6_MOVES, "{}", stderr(&o));
    for (to, want) in [
        ("chinese", "车四平五 将5平6 车五平四 将6平5"),
        ("traditional", "車四平五 將5平6 車五平四 將6平5"),
        ("wxf", "R4.5 K5.6 R5.4 K6.5"),
    ] {
        let o = qili(
            &here(),
            &["convert", "--fen", FIG6, "--moves", FIG6_MOVES, "--to", to],
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert_eq!(stdout(&o).trim(), want);
    }
    let o = qili(&here(), &["convert", "--fen", FIG6]);
    assert!(stderr(&o).contains("nothing to convert"));
}

#[test]
fn rules_lists_every_rule_book() {
    let o = qili(&here(), &["rules"]);
    let out = stdout(&o);
    for b in qili::rules::RuleBook::all() {
        assert!(
            out.lines()
                .any(|l| l.starts_with(b.id.name()) && l.ends_with(b.description)),
            "{out}"
        );
        // Each difference from cxa2011, indented under its book, in the book's order.
        let mut lines = out
            .lines()
            .skip_while(|l| !l.starts_with(b.id.name()))
            .skip(1);
        for d in &b.differences {
            let line = lines.next().unwrap_or_default();
            assert!(line.starts_with(' '), "{out}");
            assert_eq!(line.trim_start(), format!("- {d}"), "{out}");
        }
    }
    // Every book the engine has, and no other line naming a book.
    let named = out.lines().filter(|l| !l.starts_with(' ')).count();
    assert_eq!(named, qili::rules::RuleBookId::ALL.len(), "{out}");
}

#[test]
fn help_is_in_english_and_lists_the_commands() {
    let o = qili(&here(), &["--help"]);
    let out = stdout(&o);
    for c in ["check", "run", "judge", "perft", "convert", "rules"] {
        assert!(out.contains(c), "{out}");
    }
}

const ROOK: &str = "4k4/9/9/9/5R3/9/9/9/9/3K5 w";
/// Both kings step out and back, then red checks perpetually (twice round).
const GAME: &str = "1. 帅六进一 将5进1 2. 帅六退一 将5退1 3. 车四平五 将5平6 4. 车五平四 将6平5 \
                    5. 车四平五 将5平6 6. 车五平四 将6平5";

fn judge_json(args: &[&str], stdin: Option<&str>) -> serde_json::Value {
    use std::io::Write;
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_qili"));
    cmd.args(args)
        .arg("--json")
        .current_dir(here())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().expect("qili runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(stdin.unwrap_or("").as_bytes())
        .expect("stdin written");
    let o = child.wait_with_output().expect("qili ends");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("JSON")
}

/// A whole game from the command line, a file or standard input: only the cycle at the end is
/// judged and labelled, and the JSON says which plies it is.
#[test]
fn judge_takes_a_whole_game_from_the_command_line_a_file_or_stdin() {
    let file = here().join(format!("qili-cli-game-{}.txt", std::process::id()));
    std::fs::write(&file, GAME).unwrap();
    let file_arg = file.display().to_string();
    let runs = [
        judge_json(&["judge", "--fen", ROOK, "--moves", GAME], None),
        judge_json(&["judge", "--fen", ROOK, "--moves-file", &file_arg], None),
        judge_json(&["judge", "--fen", ROOK, "--moves-file", "-"], Some(GAME)),
    ];
    std::fs::remove_file(&file).unwrap();
    for v in &runs {
        assert_eq!(v, &runs[0]);
        assert_eq!(v["moves"], 12);
        assert_eq!(v["verdict"], "red_must_change");
        let cycle = &v["cycle"];
        assert_eq!(cycle["rule"], "repetition");
        assert_eq!((&cycle["start"], &cycle["end"]), (&9.into(), &12.into()));
        assert_eq!(cycle["period"], 4);
        // Counted by position over the whole game: the start, after the kings' there-and-back
        // and after each round of checks.
        assert_eq!(cycle["occurrences"], 4);
        assert_eq!(cycle["red"]["summary"], "长将");
        let plies: Vec<u64> = v["plies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["ply"].as_u64().unwrap())
            .collect();
        assert_eq!(plies, [9, 10, 11, 12]);
    }
    // --all-plies labels the rest, marked as not judged.
    let all = judge_json(
        &["judge", "--fen", ROOK, "--moves", GAME, "--all-plies"],
        None,
    );
    let plies = all["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 12);
    let judged: Vec<bool> = plies
        .iter()
        .map(|p| p["judged"].as_bool().unwrap())
        .collect();
    assert_eq!(judged, [[false; 8].as_slice(), &[true; 4]].concat());
    assert_eq!(all["verdict"], runs[0]["verdict"]);
    // Nothing repeats: nothing is judged.
    let none = judge_json(
        &[
            "judge",
            "--fen",
            "startpos",
            "--moves",
            "1. 炮二平五 马8进7 2. 马二进三 车9平8",
        ],
        None,
    );
    assert_eq!(none["verdict"], "no_repetition");
    assert!(none["cycle"].is_null());
    assert_eq!(none["plies"].as_array().unwrap().len(), 0);
}

#[test]
fn judge_move_sources_are_exclusive_and_named_in_errors() {
    let o = qili(&here(), &["judge", "--fen", ROOK]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o).trim(),
        "error: give the moves with --moves or --moves-file"
    );
    let o = qili(
        &here(),
        &[
            "judge",
            "--fen",
            ROOK,
            "--moves",
            "f5e5",
            "--moves-file",
            "-",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o).trim(),
        "error: give either --moves or --moves-file, not both"
    );
    let missing = here().join("qili-no-such-game.txt");
    let o = qili(
        &here(),
        &[
            "judge",
            "--fen",
            ROOK,
            "--moves-file",
            &missing.display().to_string(),
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with(&format!("error: --moves-file {}: ", missing.display())),
        "{}",
        stderr(&o)
    );
    let bad = here().join(format!("qili-cli-bad-{}.txt", std::process::id()));
    std::fs::write(&bad, "1. 车四平五 将5平6 2. 车五进九").unwrap();
    let o = qili(
        &here(),
        &[
            "judge",
            "--fen",
            ROOK,
            "--moves-file",
            &bad.display().to_string(),
        ],
    );
    std::fs::remove_file(&bad).unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(": ply 3 (车五进九, red to move): "),
        "{}",
        stderr(&o)
    );
}

/// Red's rook checks from f5 and e5 in turn, the black king steps f9–e9 aside: two rounds and
/// two plies more, red to move with the rook on e5.
const SHUTTLE: &str = "4k4/9/9/9/5R3/9/9/9/9/3K5 w";
const SHUTTLE_MOVES: &str = "f5e5 e9f9 e5f5 f9e9 f5e5 e9f9 e5f5 f9e9 f5e5 e9f9";

#[test]
fn moves_marks_the_check_that_completes_the_cycle_forbidden() {
    let o = qili(
        &here(),
        &["moves", "--fen", SHUTTLE, "--moves", SHUTTLE_MOVES],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("局面：5k3/9/9/9/4R4/9/9/9/9/3K5 w（红方走，已走 10 着）"),
        "{out}"
    );
    assert!(lines[2].starts_with("着法"), "{out}");
    let row = |iccs: &str| {
        lines
            .iter()
            .find(|l| l.split_whitespace().nth(1) == Some(iccs))
            .unwrap_or_else(|| panic!("no row for {iccs}: {out}"))
            .split_whitespace()
            .collect::<Vec<_>>()
    };
    assert_eq!(
        row("e5f5"),
        [
            "车五平四",
            "e5f5",
            "禁止",
            "forbidden",
            "3",
            "红方变着，不变作负",
            "24.9、25",
            "第8–11着，局面第3次出现"
        ]
    );
    assert_eq!(row("e5e6"), ["车五进一", "e5e6", "允许", "allowed", "1"]);
    assert!(out.contains("车五平四（e5f5）：禁止。红方长将"), "{out}");
    assert!(
        lines
            .last()
            .unwrap()
            .starts_with("共 19 着：允许 18，禁止 1，"),
        "{out}"
    );
}

#[test]
fn moves_json_gives_judges_ruling_of_the_completing_move() {
    let o = qili(
        &here(),
        &[
            "moves",
            "--fen",
            SHUTTLE,
            "--moves",
            SHUTTLE_MOVES,
            "--json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        (v["moves"].as_u64(), v["turn"].as_str()),
        (Some(10), Some("red"))
    );
    let next = v["next_moves"].as_array().unwrap();
    assert_eq!(next.len(), 19);
    let done: Vec<_> = next.iter().filter(|n| !n["completion"].is_null()).collect();
    assert_eq!(done.len(), 1, "{next:?}");
    let c = &done[0]["completion"];
    assert_eq!(done[0]["iccs"], "e5f5");
    assert_eq!(done[0]["consequence"], "forbidden");
    assert_eq!(done[0]["consequence_chinese"], "禁止");
    assert_eq!(
        (c["first_ply"].as_u64(), c["last_ply"].as_u64()),
        (Some(8), Some(11))
    );
    assert_eq!(c["clause"], "24.9、25");
    // What judge says of the game with the move.
    let with = format!("{SHUTTLE_MOVES} e5f5");
    let j = qili(
        &here(),
        &["judge", "--fen", SHUTTLE, "--moves", &with, "--json"],
    );
    let j: serde_json::Value = serde_json::from_str(&stdout(&j)).unwrap();
    assert_eq!(c["verdict"], j["verdict"]);
    assert_eq!(c["reason"], j["reason"]);
    assert_eq!(c["ruling"]["cycle"], j["cycle"]);
    for n in next.iter().filter(|n| n["iccs"] != "e5f5") {
        assert_eq!(n["consequence"], "allowed", "{n}");
    }
}

#[test]
fn moves_under_the_axf_waits_for_the_third_occurrence() {
    // One round and two plies: the rook's check from f5 again brings that position back the
    // second time. The CXA book rules it; the AXF's counts three.
    let moves = "f5e5 e9f9 e5f5 f9e9 f5e5 e9f9";
    let consequence = |rules: &str| {
        let o = qili(
            &here(),
            &[
                "moves", "--fen", SHUTTLE, "--moves", moves, "--rules", rules, "--json",
            ],
        );
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        let n = v["next_moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|n| n["iccs"] == "e5f5")
            .cloned();
        n.unwrap()["consequence"].as_str().unwrap().to_string()
    };
    assert_eq!(consequence("cxa2011"), "forbidden");
    assert_eq!(consequence("axf"), "allowed");
}

#[test]
fn moves_with_no_moves_asks_about_the_position_itself() {
    let o = qili(&here(), &["moves", "--fen", "startpos", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let next = v["next_moves"].as_array().unwrap();
    assert_eq!(next.len(), 44);
    assert!(next
        .iter()
        .all(|n| n["consequence"] == "allowed" && n["occurrences"] == 1));
}

#[test]
fn moves_says_which_input_is_wrong() {
    let fails = |args: &[&str], want: &str| {
        let o = qili(&here(), args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
        let e = stderr(&o);
        assert!(e.contains(want), "{args:?}: {e}");
        assert!(!e.contains("panicked"), "{e}");
    };
    fails(
        &["moves", "--fen", SHUTTLE, "--moves", "f5e5 e9e8"],
        "--moves: ply 2 (e9e8, black to move)",
    );
    fails(
        &["moves", "--moves", "h2e2"],
        "give a position with --fen or --binit",
    );
    fails(
        &[
            "moves",
            "--fen",
            "startpos",
            "--moves",
            "h2e2",
            "--moves-file",
            "x",
        ],
        "give either --moves or --moves-file, not both",
    );
    fails(
        &[
            "moves",
            "--fen",
            "startpos",
            "--moves-file",
            "/no/such/file",
        ],
        "--moves-file /no/such/file: cannot read the file",
    );
    fails(
        &["moves", "--fen", "4k4/9/9/9/5R3/9/9/9/9/3K5"],
        "the FEN has no side to move",
    );
    fails(
        &["moves", "--fen", "startpos", "--rules", "cxa"],
        "expected one of: cxa2011",
    );
}

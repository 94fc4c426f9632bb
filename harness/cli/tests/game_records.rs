//! `qili scan` over game records: the small set committed in `games/records/` (always; the
//! README's `scan` examples use it), and the larger collections of `../shared/games` where they
//! are beside the checkout (otherwise listed as ignored and counted; under CI=true a failure).
//!
//! The project's binary records in `games/records/qili` (XQF 1.0, a 象棋桥 record and library)
//! and the GBK PGN of the XQF's game are written here, from each game's FEN, moves and headers
//! by the format notes the readers cite: a test fails when the committed bytes are not what
//! the writers write, and `QILI_BLESS=1` writes them.

#[path = "../../tests/common/mod.rs"]
mod common;
#[path = "../../../engine/tests/common/shared.rs"]
mod shared;

use std::path::{Path, PathBuf};

use common::*;
use qili::notation::{dhtmlxq, fen};
use qili::{Color, Move, Position, Role, SetupMode, Square};
use serde_json::Value;
use shared::{local, SharedTest};

fn main() {
    let local = vec![
        local(
            "the_projects_records_are_what_the_writers_write",
            the_projects_records_are_what_the_writers_write,
        ),
        local(
            "every_committed_record_is_read_and_its_repetitions_ruled",
            every_committed_record_is_read_and_its_repetitions_ruled,
        ),
        local(
            "big5_and_gbk_records_are_decoded",
            big5_and_gbk_records_are_decoded,
        ),
        local(
            "the_same_game_in_xqf_and_gbk_pgn",
            the_same_game_in_xqf_and_gbk_pgn,
        ),
        local(
            "cbf_records_are_detected_and_read_with_format_cbf",
            cbf_records_are_detected_and_read_with_format_cbf,
        ),
    ];
    let shared: Vec<SharedTest> = vec![
        shared::shared(
            "real_big5_pgn_games_are_read_and_their_repetitions_ruled",
            real_big5_pgn_games_are_read_and_their_repetitions_ruled,
        ),
        shared::shared(
            "real_xqf_files_are_read_and_their_repetitions_ruled",
            real_xqf_files_are_read_and_their_repetitions_ruled,
        ),
        shared::shared(
            "sample_xqf_and_sample_pgn_are_the_same_game",
            sample_xqf_and_sample_pgn_are_the_same_game,
        ),
        shared::shared("real_cbf_records_are_read", real_cbf_records_are_read),
        shared::shared(
            "the_report_of_every_collection_is_an_index_and_bounded_pages",
            the_report_of_every_collection_is_an_index_and_bounded_pages,
        ),
    ];
    shared::run("game_records", local, shared)
}

/// The committed set.
fn records() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../games/records")
}

/// `qili scan ARGS` in the repository, its JSON lines parsed.
fn scan(args: &[&str]) -> (Vec<Value>, String) {
    let o = qili(&records(), &[&["scan"], args].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let lines = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (lines, stderr(&o))
}

// ---- The project's records, written ----

/// A game of the project's records.
struct Record {
    fen: &'static str,
    moves: &'static str,
    /// (name, value): `Title`, `Event`, `Date`, `Red`, `Black`.
    headers: &'static [(&'static str, &'static str)],
    /// 1 red wins, 2 black wins, 3 draw (the code XQF and 象棋桥 share).
    result: u8,
}

/// 图6 of the 2011 book played out: red checks with the rook until the position has occurred
/// three times; a black win.
const PERPETUAL_CHECK: Record = Record {
    fen: "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w",
    moves: "f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8",
    headers: &[
        ("Title", "图6 红方长将"),
        ("Event", "qili 示例棋谱"),
        ("Date", "2025.06.01"),
        ("Red", "红方甲"),
        ("Black", "黑方乙"),
    ],
    result: 2,
};

/// An opening, then both rooks up and back until the position has occurred three times: both
/// sides idle, a draw.
const SHUFFLE: Record = Record {
    fen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    moves: "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h1 h9h8 h1h0 h8h9 h0h1 h9h8 h1h0 h8h9",
    headers: &[("Title", "双方两闲"), ("Event", "qili 示例棋谱")],
    result: 3,
};

/// 参考图37 of the 2011 book: red's rook chases the rootless cannon, black's moves are idle.
const CHASE: Record = Record {
    fen: "2baka3/9/n3b4/p1p1pc1rN/6R2/8c/4P3C/3NB4/9/2BAKA3 w",
    moves: "g5g4 i4i5 g4g5 i5i4",
    headers: &[("Title", "参考图37 车捉炮"), ("Event", "qili 示例棋谱")],
    result: 0,
};

impl Record {
    fn start(&self) -> Position {
        fen::parse(self.fen, SetupMode::Composed).unwrap()
    }

    fn moves(&self) -> Vec<Move> {
        let mut pos = self.start();
        self.moves
            .split_whitespace()
            .map(|t| {
                let m = qili::notation::parse_move(&pos, t).unwrap();
                pos.play_unchecked(m);
                m
            })
            .collect()
    }

    fn header(&self, name: &str) -> &'static str {
        self.headers
            .iter()
            .find(|(k, _)| *k == name)
            .map_or("", |(_, v)| v)
    }

    fn pieces(&self) -> Vec<(Square, Color, Role)> {
        self.start()
            .board()
            .pieces()
            .map(|(sq, p)| (sq, p.color, p.role))
            .collect()
    }
}

fn file_rank(sq: Square) -> (u8, u8) {
    (sq.file().index(), sq.rank().index())
}

/// XQF 1.0 (byte 2 `0x0A`: nothing encrypted), as xqbase/eleeye's XQF.TXT describes it: the
/// piece table of 32 slots (车马相士帅士相马车炮炮兵兵兵兵兵, red then black; `x·10 + y`,
/// `0xFF` for a piece not on the board), the result, GBK strings with a length byte, then from
/// `0x400` one record per ply (`from + 24`, `to + 32`, tag, reserved, then a comment length),
/// the first without a move.
fn xqf(r: &Record) -> Vec<u8> {
    let mut b = vec![0u8; 0x400];
    b[..3].copy_from_slice(b"XQ\x0A");
    let mut left = r.pieces();
    for slot in 0..32 {
        let color = if slot < 16 { Color::Red } else { Color::Black };
        let at = left
            .iter()
            .position(|&(_, c, role)| c == color && role == dhtmlxq::SLOTS[slot % 16]);
        b[0x10 + slot] = match at {
            Some(i) => {
                let (x, y) = file_rank(left.remove(i).0);
                x * 10 + y
            }
            None => 0xFF,
        };
    }
    assert!(left.is_empty(), "more pieces than XQF slots");
    b[0x33] = r.result;
    for (offset, name) in [
        (0x50, "Title"),
        (0xD0, "Event"),
        (0x110, "Date"),
        (0x130, "Red"),
        (0x140, "Black"),
    ] {
        let (text, _, _) = encoding_rs::GBK.encode(r.header(name));
        b[offset] = u8::try_from(text.len()).unwrap();
        b[offset + 1..offset + 1 + text.len()].copy_from_slice(&text);
    }
    let moves = r.moves();
    let mut record = |from: u8, to: u8, last: bool| {
        b.extend([from + 24, to + 32, if last { 0 } else { 0xF0 }, 0]);
        b.extend(0u32.to_le_bytes());
    };
    record(0, 0, moves.is_empty());
    for (i, m) in moves.iter().enumerate() {
        let ((fx, fy), (tx, ty)) = (file_rank(m.from), file_rank(m.to));
        record(fx * 10 + fy, tx * 10 + ty, i + 1 == moves.len());
    }
    b
}

/// A 象棋桥 record (`.cbr`) as 《象棋桥文件格式》 describes it: UTF-16LE strings in fixed
/// fields, the result at 2076, the side to move at 2112, the board at 2120 (rank 9 first), the
/// moves from 2214 (`flags, 0, from, to`; flag 1 ends the line), the first without a move.
fn cbr(r: &Record) -> Vec<u8> {
    let mut b = vec![0u8; 2214];
    b[..16].copy_from_slice(b"CCBridge Record\0");
    for (at, name) in [
        (180, "Title"),
        (692, "Event"),
        (884, "Date"),
        (1076, "Red"),
        (1300, "Black"),
    ] {
        for (i, unit) in r.header(name).encode_utf16().enumerate() {
            b[at + 2 * i..at + 2 * i + 2].copy_from_slice(&unit.to_le_bytes());
        }
    }
    b[2076] = r.result;
    b[2112] = if r.start().turn() == Color::Red { 1 } else { 2 };
    let point = |sq: Square| {
        let (f, rank) = file_rank(sq);
        (9 - rank) * 9 + f
    };
    for (sq, color, role) in r.pieces() {
        let side = if color == Color::Red { 0x10 } else { 0x20 };
        let code = match role {
            Role::Rook => 1,
            Role::Horse => 2,
            Role::Elephant => 3,
            Role::Advisor => 4,
            Role::King => 5,
            Role::Cannon => 6,
            Role::Pawn => 7,
        };
        b[2120 + usize::from(point(sq))] = side | code;
    }
    let moves = r.moves();
    b.extend([u8::from(moves.is_empty()), 0, 0, 0]);
    for (i, m) in moves.iter().enumerate() {
        b.extend([
            u8::from(i + 1 == moves.len()),
            0,
            point(m.from),
            point(m.to),
        ]);
    }
    b
}

/// A 象棋桥 library (`.cbl`): the header, the number of index slots at 60, an index entry
/// (marker 7: in use) per game at 66 624, each 276 bytes, and one 4 096-byte block per game
/// from 101 952.
fn cbl(games: &[&Record]) -> Vec<u8> {
    let mut b = vec![0u8; 101_952 + 4096 * games.len()];
    b[..16].copy_from_slice(b"CCBridgeLibrary\0");
    b[60..64].copy_from_slice(&u32::try_from(games.len()).unwrap().to_le_bytes());
    for (i, g) in games.iter().enumerate() {
        b[66_624 + 276 * i] = 7;
        let record = cbr(g);
        assert!(record.len() <= 4096);
        let at = 101_952 + 4096 * i;
        b[at..at + record.len()].copy_from_slice(&record);
    }
    b
}

/// The XQF's game as a GBK PGN with Chinese moves (xqbase's style).
fn gbk_pgn(r: &Record) -> Vec<u8> {
    let result = match r.result {
        1 => "1-0",
        2 => "0-1",
        3 => "1/2-1/2",
        _ => "*",
    };
    let mut text = String::from("[Game \"Chinese Chess\"]\n");
    for name in ["Event", "Date", "Red", "Black"] {
        text += &format!("[{name} \"{}\"]\n", r.header(name));
    }
    text += &format!("[Result \"{result}\"]\n[FEN \"{} - - 0 1\"]\n\n", r.fen);
    let mut pos = r.start();
    for (i, m) in r.moves().iter().enumerate() {
        if i % 2 == 0 {
            text += &format!("{}. ", i / 2 + 1);
        }
        text += &qili::notation::chinese::write(&pos, *m);
        text += if i % 2 == 0 { " " } else { "\n" };
        pos.play_unchecked(*m);
    }
    text += &format!("{result}\n");
    encoding_rs::GBK.encode(&text).0.into_owned()
}

fn the_projects_records_are_what_the_writers_write() {
    let dir = records().join("qili");
    let files = [
        ("perpetual-check.xqf", xqf(&PERPETUAL_CHECK)),
        ("perpetual-check.pgn", gbk_pgn(&PERPETUAL_CHECK)),
        ("chase.cbr", cbr(&CHASE)),
        ("two-games.cbl", cbl(&[&SHUFFLE, &PERPETUAL_CHECK])),
    ];
    let bless = std::env::var_os("QILI_BLESS").is_some();
    let mut stale = Vec::new();
    for (name, bytes) in files {
        let path = dir.join(name);
        if bless {
            std::fs::write(&path, &bytes).unwrap();
        } else if std::fs::read(&path).ok().as_deref() != Some(&bytes[..]) {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "not what the writers write: {}; QILI_BLESS=1 cargo test -p qili-cli --test game_records rewrites them",
        stale.join(", ")
    );
}

// ---- The committed set, scanned ----

fn every_committed_record_is_read_and_its_repetitions_ruled() {
    let (lines, summary) = scan(&["--all", "."]);
    // Every file gives its games: no error of any kind.
    assert!(summary.contains("errors: none"), "{summary}");
    assert!(lines.iter().all(|l| l["error"].is_null()), "{summary}");
    // Every reader has a file.
    for format in [
        "cbf", "cbl", "dhtmlxq", "fen", "iccs", "pgn", "uci", "wxf", "xqf",
    ] {
        assert!(
            lines.iter().any(|l| l["format"] == format),
            "no {format} game in games/records: {summary}"
        );
    }
    let verdicts = |file: &str| -> Vec<String> {
        lines
            .iter()
            .filter(|l| l["file"].as_str().unwrap().ends_with(file))
            .flat_map(|l| l["episodes"].as_array().unwrap().clone())
            .map(|e| e["ruling"]["verdict"].as_str().unwrap().to_string())
            .collect()
    };
    // The project's games, in every format they are in, ruled as the book rules them.
    for file in [
        "perpetual-check.xqf",
        "perpetual-check.pgn",
        "position-lines.uci",
    ] {
        assert!(
            verdicts(file).contains(&"red_loses".to_string()),
            "{file}: {:?}",
            verdicts(file)
        );
    }
    for file in ["shuffle.cbf", "shuffle.wxf", "online-games.txt"] {
        assert_eq!(verdicts(file), ["draw"], "{file}");
    }
    assert_eq!(verdicts("chase.cbr"), ["red_must_change"]);
    assert_eq!(verdicts("chase.txt"), ["red_must_change"]);
    assert_eq!(verdicts("two-games.cbl"), ["draw", "red_loses"]);
    // A real game whose recorded result disagrees with the verdict at its end (象甲联赛, CC BY).
    let g = lines
        .iter()
        .find(|l| l["file"].as_str().unwrap().ends_with("00001215.pgn"))
        .unwrap();
    assert_eq!(g["recorded"]["agrees"], false, "{g}");
}

fn big5_and_gbk_records_are_decoded() {
    let (lines, summary) = scan(&["--all", "ccpd", "qili"]);
    let encoding = |file: &str| {
        lines
            .iter()
            .find(|l| l["file"].as_str().unwrap().ends_with(file))
            .map(|l| l["encoding"].as_str().unwrap().to_string())
    };
    for f in ["00000287.pgn", "00000741.pgn", "00001215.pgn"] {
        assert_eq!(encoding(f).as_deref(), Some("Big5"), "{f}: {summary}");
    }
    assert_eq!(encoding("perpetual-check.pgn").as_deref(), Some("GBK"));
    // The XQF's strings are GBK too, decoded into its headers.
    let xqf = lines
        .iter()
        .find(|l| l["format"] == "xqf")
        .expect("the XQF record");
    assert!(xqf["headers"].to_string().contains("红方甲"), "{xqf}");
}

/// The same game in two formats, each read as the scan reads it: the project's XQF (binary,
/// GBK strings) and its GBK PGN (detected; Chinese moves, a FEN start) give the same start,
/// moves, players, date and result.
fn the_same_game_in_xqf_and_gbk_pgn() {
    let dir = records().join("qili");
    same_game(
        &std::fs::read(dir.join("perpetual-check.xqf")).unwrap(),
        &std::fs::read(dir.join("perpetual-check.pgn")).unwrap(),
        "红方甲",
    );
}

fn same_game(xqf: &[u8], pgn: &[u8], red: &str) {
    let gbk = |b: &[u8]| encoding_rs::GBK.decode(b).0.into_owned();
    let x = qili_records::xqf::read(xqf, gbk).unwrap();
    let (text, encoding) = qili_scan::input::decode(pgn.to_vec());
    assert_eq!(encoding, "GBK");
    let games = qili_records::pgn::read(&text);
    assert_eq!(games.len(), 1);
    let p = games[0].as_ref().unwrap();
    assert_eq!((&x.error, &p.error), (&None, &None));
    assert_eq!(x.start, p.start);
    assert!(x.moves.len() >= 12, "{} plies", x.moves.len());
    assert_eq!(x.moves, p.moves);
    for key in ["Red", "Black", "Date", "Result"] {
        assert_eq!(x.header(key), p.header(key), "{key}");
    }
    assert_eq!(p.header("Red"), Some(red));
}

/// 象棋桥's XML records are found by their content, whatever the file's name, and read with
/// `--format cbf`; `--format` forces the reader whatever the content.
fn cbf_records_are_detected_and_read_with_format_cbf() {
    let scratch = Scratch::new("game-records-cbf");
    let file = scratch.path().join("shuffle.xml");
    std::fs::copy(records().join("qili/shuffle.cbf"), &file).unwrap();
    cbf_detected(&file, 14);
}

fn cbf_detected(file: &Path, plies: u64) {
    let path = file.display().to_string();
    for format in [&[][..], &["--format", "cbf"]] {
        let (lines, summary) = scan(&[&["--all"], format, &[path.as_str()]].concat());
        let line = &lines[0];
        assert_eq!(
            (line["format"].as_str(), line["plies"].as_u64()),
            (Some("cbf"), Some(plies)),
            "{summary}"
        );
        assert!(line["error"].is_null(), "{line}");
    }
    // The wrong reader forced on it says so.
    let o = qili(&records(), &["scan", "--format", "xqf", &path]);
    assert!(stderr(&o).contains("unreadable game 1"), "{}", stderr(&o));
}

// ---- The collections of ../shared/games ----

/// The 象甲联赛 games (Big5 PGN, traditional characters; CC BY 4.0): every game read, most of
/// them with a repetition.
fn real_big5_pgn_games_are_read_and_their_repetitions_ruled(games: &Path) {
    let dir = games.join("Yvonne761__Chinese-Chess-Practical-Dataset/Dataset");
    let (lines, summary) = scan(&[dir.to_str().unwrap()]);
    assert!(lines.len() >= 100, "{} lines; {summary}", lines.len());
    assert!(lines.iter().all(|l| l["encoding"] == "Big5"), "{summary}");
}

/// XQF files (象棋演播室; FastLight126__vschess, LGPL: read in place): every sound file read,
/// its headers decoded from GBK, and a repetition in 0.xqf (全国象棋个人锦标赛 1992,
/// 蒋志梁–胡荣华) ruled.
fn real_xqf_files_are_read_and_their_repetitions_ruled(games: &Path) {
    let file = games.join("FastLight126__vschess/0.xqf");
    let (lines, _) = scan(&[file.to_str().unwrap()]);
    let line = &lines[0];
    assert_eq!(line["format"], "xqf");
    assert_eq!(line["headers"][5][1], "上海胡荣华", "{line}");
    assert!(!line["episodes"].as_array().unwrap().is_empty());
}

/// xqbase/eleeye's SAMPLE.XQF and SAMPLE.PGN (LGPL: read in place) are the same game.
fn sample_xqf_and_sample_pgn_are_the_same_game(games: &Path) {
    let dir = games.join("xqbase__eleeye/XQFTOOLS");
    same_game(
        &std::fs::read(dir.join("SAMPLE.XQF")).unwrap(),
        &std::fs::read(dir.join("SAMPLE.PGN")).unwrap(),
        "许银川",
    );
}

/// 象棋桥's own XML records (walker8088/cchess, GPL: read in place).
fn real_cbf_records_are_read(games: &Path) {
    cbf_detected(&games.join("walker8088__cchess/tests/data/test.cbf"), 50);
}

/// `scan --report` over every collection (issue 29): an index under 1 MB that links every game
/// whose recorded result or termination disagrees with its verdict and every game read with an
/// error, each to the page holding its section, and lists every error; pages of games each
/// under 5 MB (one page of them all was 54.7 MB).
fn the_report_of_every_collection_is_an_index_and_bounded_pages(games: &Path) {
    let scratch = Scratch::new("shared-scan-report");
    let dir = scratch.path().join("report");
    let out = scratch.path().join("scan.jsonl");
    let o = qili(
        scratch.path(),
        &[
            "scan",
            games.to_str().unwrap(),
            "--report",
            dir.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let index = std::fs::read_to_string(dir.join("scan.html")).unwrap();
    assert!(index.len() < 1 << 20, "the index is {} bytes", index.len());
    let mut pages = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let entry = entry.unwrap();
        let size = entry.metadata().unwrap().len();
        let name = entry.file_name().to_string_lossy().into_owned();
        assert!(size < 5 << 20, "{name} is {size} bytes");
        pages += usize::from(name.starts_with("games-"));
    }
    assert!(pages > 1, "{pages} pages of games");
    // The section of a game: the index's link to it, and the page the link names holds it.
    let linked = |line: &Value| {
        let name = qili_harness::report::escape(&format!(
            "{} · game {}",
            line["file"].as_str().unwrap(),
            line["game"]
        ));
        let end = index
            .find(&format!("\">{name}</a>"))
            .unwrap_or_else(|| panic!("the index does not link {name}"));
        let href = &index[index[..end].rfind("href=\"").unwrap() + 6..end];
        let (page, anchor) = href.split_once('#').unwrap();
        let page = std::fs::read_to_string(dir.join(page)).unwrap();
        assert!(page.contains(&format!("id=\"{anchor}\"")), "{href}");
    };
    let lines: Vec<Value> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let disagree = |l: &Value| {
        l["recorded"]["agrees"] == Value::Bool(false)
            || l["termination"]["agrees"] == Value::Bool(false)
    };
    let disagreeing = lines.iter().filter(|l| disagree(l)).count();
    assert!(disagreeing > 0);
    for l in lines
        .iter()
        .filter(|l| disagree(l) || !l["error"].is_null())
    {
        linked(l);
    }
    // Every error is listed: as many entries in the errors' section as the summary counts.
    let summary = stderr(&o);
    let count = |section: &str| {
        let at = index.find(&format!("<section id=\"{section}\">")).unwrap();
        let body = &index[at..at + index[at..].find("</section>").unwrap()];
        body.matches("<li>").count()
    };
    let totals = summary.lines().find(|l| l.contains(" file(s), ")).unwrap();
    let errors: usize = totals
        .rsplit("errors: ")
        .next()
        .unwrap()
        .split(", ")
        .filter_map(|kind| kind.rsplit(' ').next()?.trim().parse::<usize>().ok())
        .sum();
    assert!(errors > 0, "{summary}");
    assert_eq!(count("errors"), errors, "{summary}");
    assert_eq!(count("disagreements"), disagreeing);
}

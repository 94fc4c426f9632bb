//! The XQF reader over the project's XQF file in `games/records/qili` (always) and the real
//! files in `../shared/games` (beside the workspace; see its README for their sources and
//! licences — they are read in place, never copied here). Where that directory is absent its
//! tests are listed as ignored and counted (tests/common/shared.rs).
//!
//! - `games/records/qili/perpetual-check.xqf` (XQF 1.0, written by the harness's
//!   `game_records` test) is the game of `perpetual-check.pgn` beside it (GBK, Chinese moves).
//! - xqbase/eleeye `XQFTOOLS/SAMPLE.XQF` is the game of `SAMPLE.PGN` (GBK, Chinese moves), and
//!   hbsxcjp/cchess `4.XQF` (XQF 1.0, 四两拨千斤) the game of `01.pgn_iccs`: both give the same start and moves.
//! - walker8088/cchess `test1.xqf` gives the moves listed in `test1_move.txt`.
//! - walker8088/cchess's broken samples: `BadMoveTest*` stop at the bad ply, `EmptyTest` and
//!   `NoMove` have no moves.
//! - Every `.xqf` file under the directory reads or fails with an error, never a panic.

mod common;

use std::path::{Path, PathBuf};

use common::shared::{self, local};
use proptest::prelude::*;
use qili_core::notation::{self, fen};
use qili_core::{Move, Position, SetupMode};
use qili_records::game::Game;
use qili_records::xqf;

fn main() {
    let local = vec![
        local("the_projects_xqf_is_its_pgn", the_projects_xqf_is_its_pgn),
        local("random_bytes_never_panic", random_bytes_never_panic),
        local("mutated_samples_never_panic", mutated_samples_never_panic),
    ];
    let shared = vec![
        shared::shared("sample_xqf_is_sample_pgn", sample_xqf_is_sample_pgn),
        shared::shared("hbsxcjp_4_is_its_iccs_pgn", hbsxcjp_4_is_its_iccs_pgn),
        shared::shared("test1_gives_its_move_list", test1_gives_its_move_list),
        shared::shared("broken_samples_say_where", broken_samples_say_where),
        shared::shared(
            "every_xqf_file_reads_or_says_why",
            every_xqf_file_reads_or_says_why,
        ),
    ];
    shared::run("xqf_files", local, shared)
}

/// The project's game records (games/records/qili).
fn records() -> PathBuf {
    common::game_records().join("qili")
}

/// The GBK codes of the characters Chinese move notation uses; enough to read the moves of a
/// GBK game record (other characters become `?`).
const GBK: [(u16, char); 43] = [
    (0xB3B5, '车'),
    (0xDC87, '車'),
    (0xC2ED, '马'),
    (0xF152, '馬'),
    (0xCFE0, '相'),
    (0xCFF3, '象'),
    (0xCACB, '仕'),
    (0xCABF, '士'),
    (0xCBA7, '帅'),
    (0x8E9B, '帥'),
    (0xBDAB, '将'),
    (0x8CA2, '將'),
    (0xC5DA, '炮'),
    (0xB368, '砲'),
    (0xB0FC, '包'),
    (0xB1F8, '兵'),
    (0xD7E4, '卒'),
    (0xBDF8, '进'),
    (0xDF4D, '進'),
    (0xCDCB, '退'),
    (0xC6BD, '平'),
    (0xC7B0, '前'),
    (0xBAF3, '后'),
    (0xE1E1, '後'),
    (0xD6D0, '中'),
    (0xD2BB, '一'),
    (0xB6FE, '二'),
    (0xC8FD, '三'),
    (0xCBC4, '四'),
    (0xCEE5, '五'),
    (0xC1F9, '六'),
    (0xC6DF, '七'),
    (0xB0CB, '八'),
    (0xBEC5, '九'),
    (0xA3B1, '１'),
    (0xA3B2, '２'),
    (0xA3B3, '３'),
    (0xA3B4, '４'),
    (0xA3B5, '５'),
    (0xA3B6, '６'),
    (0xA3B7, '７'),
    (0xA3B8, '８'),
    (0xA3B9, '９'),
];

/// GBK bytes as text: ASCII as is, the move characters of [`GBK`], `?` for any other pair.
fn gbk_moves_only(bytes: &[u8]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            out.push(char::from(b));
            i += 1;
        } else {
            let code = (u16::from(b) << 8) | u16::from(*bytes.get(i + 1).unwrap_or(&0));
            out.push(
                GBK.iter()
                    .find(|(c, _)| *c == code)
                    .map_or('?', |&(_, ch)| ch),
            );
            i += 2;
        }
    }
    out
}

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The start position (`FEN` tag, else the standard one) and the moves of a PGN text, with
/// comments, tags and the result left out.
fn pgn(text: &str) -> (Position, Vec<Move>) {
    let mut start = Position::start();
    if let Some(at) = text.find("[FEN \"") {
        let f = &text[at + 6..];
        let f = &f[..f.find('"').expect("the FEN tag's closing quote")];
        let f = if f.contains(' ') {
            f.to_string()
        } else {
            format!("{f} w")
        };
        start = fen::parse(&f, SetupMode::Composed).expect("the PGN's FEN");
    }
    // Leave out tags, comments and variations: `[...]`, `{...}` (possibly over several
    // lines) and `(...)`, which nest.
    let mut body = String::new();
    let mut inside = None;
    let mut variations = 0;
    for c in text.chars() {
        match (inside, c) {
            (None, '[') => inside = Some(']'),
            (None, '{') => inside = Some('}'),
            (None, '(') => variations += 1,
            (None, ')') => variations -= 1,
            (None, c) if variations == 0 => body.push(c),
            (Some(end), c) if c == end => inside = None,
            _ => {}
        }
    }
    let moves: Vec<&str> = notation::move_tokens(&body)
        .filter(|t| !matches!(*t, "1-0" | "0-1" | "1/2-1/2" | "*"))
        .collect();
    let moves = notation::parse_moves(&start, &moves.join(" ")).expect("the PGN's moves");
    (start, moves)
}

fn read(dir: &Path, path: &str) -> Game {
    let bytes = std::fs::read(dir.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    xqf::read(&bytes, lossy).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn the_projects_xqf_is_its_pgn() {
    let dir = records();
    let g = read(&dir, "perpetual-check.xqf");
    let text = gbk_moves_only(&std::fs::read(dir.join("perpetual-check.pgn")).unwrap());
    let (start, moves) = pgn(&text);
    assert_eq!(
        fen::write(&g.start),
        "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w",
        "图6"
    );
    assert_eq!(g.start, start);
    assert_eq!(g.error, None);
    assert_eq!(g.moves.len(), 12);
    assert_eq!(g.moves, moves);
    assert_eq!(g.header("Result"), Some("0-1"));
    assert_eq!(g.header("Date"), Some("2025.06.01"));
}

fn sample_xqf_is_sample_pgn(dir: &Path) {
    let g = read(dir, "xqbase__eleeye/XQFTOOLS/SAMPLE.XQF");
    let text =
        gbk_moves_only(&std::fs::read(dir.join("xqbase__eleeye/XQFTOOLS/SAMPLE.PGN")).unwrap());
    let (start, moves) = pgn(&text);
    assert_eq!(g.start, start);
    assert_eq!(g.error, None);
    assert_eq!(g.moves, moves);
    assert_eq!(g.header("Result"), Some("1-0"));
    assert_eq!(g.header("Date"), Some("1999.12.09"));
}

fn hbsxcjp_4_is_its_iccs_pgn(dir: &Path) {
    let g = read(dir, "hbsxcjp__cchess/4.XQF");
    let text = gbk_moves_only(&std::fs::read(dir.join("hbsxcjp__cchess/01.pgn_iccs")).unwrap());
    let (start, moves) = pgn(&text);
    assert_eq!(g.start, start);
    assert_eq!(g.error, None);
    assert_eq!(g.moves, moves);
}

fn test1_gives_its_move_list(dir: &Path) {
    let g = read(dir, "walker8088__cchess/tests/data/test1.xqf");
    let list =
        std::fs::read_to_string(dir.join("walker8088__cchess/tests/data/test1_move.txt")).unwrap();
    let mut lines = list.lines();
    let start = fen::parse(lines.next().unwrap().trim(), SetupMode::Standard).unwrap();
    // The list ends with the result (`黑胜`).
    let rest: Vec<&str> = lines
        .flat_map(notation::move_tokens)
        .filter(|t| !t.ends_with(['胜', '负', '和']))
        .collect();
    let moves = notation::parse_moves(&start, &rest.join(" ")).unwrap();
    assert_eq!(g.start, start);
    assert_eq!(g.moves, moves);
    assert_eq!(g.error, None);
}

fn broken_samples_say_where(dir: &Path) {
    let data = "walker8088__cchess/tests/data/";
    for name in ["EmptyTest.xqf", "NoMove.xqf"] {
        let g = read(dir, &format!("{data}{name}"));
        assert!(g.moves.is_empty(), "{name}: {:?}", g.moves);
        assert_eq!(g.error, None, "{name}");
    }
    // BadMoveTest3's main line plays 帅五进六 (e1f0) at ply 10 with no piece on e1.
    let g = read(dir, &format!("{data}BadMoveTest3.xqf"));
    assert_eq!(g.moves.len(), 9);
    let e = g.error.expect("BadMoveTest3 has a bad move");
    assert_eq!(e.to_string(), "ply 10 (e1f0): there is no piece on e1");
    // The other three hold no illegal move: their main lines read whole, and so does every
    // line of their variation trees (checked once by walking the trees outside the reader).
    // Whatever makes them "bad" for walker8088's reader is not a move the rules forbid.
    for (name, plies) in [
        ("BadMoveTest1.xqf", 43),
        ("BadMoveTest2.xqf", 35),
        ("BadMoveTest4.xqf", 9),
    ] {
        let g = read(dir, &format!("{data}{name}"));
        assert_eq!((g.moves.len(), &g.error), (plies, &None), "{name}");
    }
}

fn xqf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            xqf_files(&p, out);
        } else if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("xqf")) {
            out.push(p);
        }
    }
}

fn every_xqf_file_reads_or_says_why(dir: &Path) {
    let mut files = Vec::new();
    xqf_files(dir, &mut files);
    assert!(files.len() >= 60, "{} XQF files", files.len());
    let mut whole = 0;
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        let name = f.strip_prefix(dir).unwrap().display().to_string();
        match xqf::read(&bytes, lossy) {
            Ok(g) => {
                match &g.error {
                    None => whole += 1,
                    Some(e) => {
                        eprintln!("{name}: v{}: {} moves, then {e}", bytes[2], g.moves.len())
                    }
                }
                // The moves are legal from the start.
                let mut pos = g.start.clone();
                for &m in &g.moves {
                    pos = pos.play(m).unwrap_or_else(|e| panic!("{name}: {m}: {e}"));
                }
            }
            Err(e) => eprintln!("{name}: v{}: {e}", bytes[2]),
        }
    }
    eprintln!("{whole} of {} XQF files read whole", files.len());
}

/// The XQF files to mutate: the project's, and those of `../shared/games` where it is.
fn samples() -> Vec<Vec<u8>> {
    let mut files = Vec::new();
    xqf_files(&records(), &mut files);
    xqf_files(&shared::games_dir(), &mut files);
    files
        .iter()
        .filter_map(|f| std::fs::read(f).ok())
        .filter(|b| b.len() < 20_000)
        .collect()
}

proptest! {
    // No regressions file: outside `#[test]` proptest cannot place one beside the source.
    #![proptest_config(ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::with_cases(256)
    })]

    fn random_bytes_never_panic(mut bytes in proptest::collection::vec(any::<u8>(), 0..3000), version in any::<u8>()) {
        if bytes.len() > 2 {
            bytes[0] = b'X';
            bytes[1] = b'Q';
            bytes[2] = version;
        }
        let _ = xqf::read(&bytes, lossy);
    }

    fn mutated_samples_never_panic(pick in any::<prop::sample::Index>(), edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..20), cut in any::<prop::sample::Index>()) {
        let files = samples();
        prop_assert!(!files.is_empty(), "no XQF file in games/records/qili");
        let mut bytes = files[pick.index(files.len())].clone();
        for (at, b) in edits {
            let i = at.index(bytes.len());
            bytes[i] = b;
        }
        let keep = bytes.len() - cut.index(bytes.len() / 4 + 1);
        bytes.truncate(keep);
        if let Ok(g) = xqf::read(&bytes, lossy) {
            prop_assert!(g.moves.len() <= xqf::MAX_PLIES);
            let mut pos = g.start.clone();
            for &m in &g.moves {
                prop_assert!(pos.is_legal(m));
                pos.play_unchecked(m);
            }
        }
    }
}

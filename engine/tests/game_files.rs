//! The game readers over real game files in `../shared/games` beside the workspace (its
//! README.md says where each file comes from and under which licence; none is copied here).
//! Each check skips with a printed note when the folder is absent.

mod common;

use std::path::PathBuf;

use common::shared;
use qili::notation::game::Game;
use qili::notation::{dhtmlxq_game, iccs, lines, pgn};

const WUKONG: &str = "maksimKorzh__wukong-xiangqi";
const BENCKX: &str = "benckx__elephantchess/webapp/src/test/js/parsers/fixtures";

fn first_last(g: &Game) -> (String, String) {
    (
        iccs::write(*g.moves.first().expect("a move")),
        iccs::write(*g.moves.last().expect("a move")),
    )
}

/// The games of a PGN file, all read without error.
fn pgn_games(rel: &str, count: usize) -> Option<Vec<Game>> {
    let text = shared(rel)?;
    let games: Vec<Game> = pgn::read(&text)
        .into_iter()
        .map(|g| g.unwrap_or_else(|e| panic!("{rel}: {e}")))
        .collect();
    assert_eq!(games.len(), count, "{rel}");
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g.error, None, "{rel} game {}", i + 1);
        assert!(!g.moves.is_empty(), "{rel} game {}", i + 1);
    }
    Some(games)
}

fn fl(a: &str, b: &str) -> (String, String) {
    (a.to_string(), b.to_string())
}

#[test]
fn winboard_san_ranks_from_zero() {
    let f = format!("{WUKONG}/pgn/WukongJS_1.0_(UCI2WB)-MaxQi_4.8F(1-0).pgn");
    if let Some(g) = pgn_games(&f, 1) {
        assert_eq!(g[0].header("Result"), Some("1-0"));
        assert_eq!(first_last(&g[0]).0, "h2e2"); // Che2
    }
    let f = format!("{WUKONG}/pgn/WukongJS_1.0_(UCI2WB)-MaxQi_4.8F(1-0)2.pgn");
    pgn_games(&f, 1);
    pgn_games(&format!("{BENCKX}/pgn0/issue_545.pgn"), 1);
    let f = format!(
        "{BENCKX}/pgn0/Cyclone_v6.2_[develop_091218]_(UCI2WB)-ElephantEye_3.1_(UCCI2WB)_13.pgn"
    );
    if let Some(g) = pgn_games(&f, 1) {
        assert_eq!(first_last(&g[0]).0, "b2e2"); // Cbe2
    }
}

#[test]
fn pychess_san_ranks_from_one() {
    if let Some(g) = pgn_games(&format!("{BENCKX}/pgn1/davide2022.pgn"), 26) {
        assert_eq!(first_last(&g[0]), fl("b2e2", "e9f9")); // Cbe3 … Kf10
        assert_eq!(g[0].moves.len(), 80);
    }
}

#[test]
fn iccs_chinese_and_full_width_wxf_pgn_agree() {
    let dir = format!("{WUKONG}/xqdb/games_pgn");
    let (Some(a), Some(b), Some(c)) = (
        pgn_games(&format!("{dir}/bulk_games_uci.pgn"), 15),
        pgn_games(&format!("{dir}/xqdb_international.pgn"), 15),
        pgn_games(&format!("{dir}/xqdb_traditional.pgn"), 15),
    ) else {
        return;
    };
    for i in 0..15 {
        assert_eq!(b[i].moves, c[i].moves, "game {}: WXF vs Chinese", i + 1);
        let differ: Vec<usize> = (0..a[i].moves.len().max(b[i].moves.len()))
            .filter(|&p| a[i].moves.get(p) != b[i].moves.get(p))
            .map(|p| p + 1)
            .collect();
        // Game 2, ply 71: the Chinese and WXF texts say 后兵进一 / －Ｐ＋１ (e3e4), the ICCS
        // text e5e6, the front pawn; both are legal and the rest of the game agrees.
        let expected: &[usize] = if i == 1 { &[71] } else { &[] };
        assert_eq!(differ, expected, "game {}: ICCS vs WXF", i + 1);
    }
    assert_eq!(a[0].header("Red"), Some("ZHAO GuoRong"));
    assert_eq!(first_last(&a[0]), fl("h2e2", "f3g3"));
    if let Some(g) = pgn_games(
        &format!("{WUKONG}/apps/game_viewer/gui/pgn2js/games.pgn"),
        1125,
    ) {
        assert!(g.iter().map(|g| g.moves.len()).sum::<usize>() > 80_000);
    }
    pgn_games(&format!("{WUKONG}/xiangqi_pgn_parser/game_uci.pgn"), 1);
    pgn_games(&format!("{WUKONG}/xiangqi_pgn_parser/single_game.pgn"), 1);
    pgn_games(&format!("{BENCKX}/uci/example1.uci"), 1);
}

#[test]
fn dhtmlxq_pages_match_the_pgn() {
    let dir = format!("{WUKONG}/xqdb/games_html");
    let Some(t) = shared(&format!("{dir}/44.html")) else {
        return;
    };
    let games = dhtmlxq_game::read(&t);
    assert_eq!(games.len(), 1);
    let g = games[0].as_ref().unwrap();
    assert_eq!(g.header("red"), Some("ZHAO GuoRong"));
    assert_eq!(g.error, None);
    assert_eq!(first_last(g), fl("h2e2", "f3g3"));
    // The same game as the first of the PGN collection.
    if let Some(p) = pgn_games(&format!("{WUKONG}/xqdb/games_pgn/bulk_games_uci.pgn"), 15) {
        assert_eq!(g.moves, p[0].moves);
    }
    let mut read = 0;
    for n in [
        116, 125, 130, 133, 138, 151, 44, 45, 59, 65, 69, 73, 80, 85, 98,
    ] {
        let t = shared(&format!("{dir}/{n}.html")).unwrap();
        for g in dhtmlxq_game::read(&t) {
            let g = g.unwrap();
            assert_eq!(g.error, None, "{n}.html");
            assert!(g.moves.len() >= 43, "{n}.html");
            read += 1;
        }
    }
    assert_eq!(read, 15);
    if let Some(t) = shared("FastLight126__vschess/dhtmlxq.txt") {
        let games = dhtmlxq_game::read(&t);
        assert_eq!(games.len(), 1);
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.error, None);
        assert_eq!(g.moves.len(), 53);
        assert_eq!(first_last(g).0, "c3c4"); // 仙人指路
    }
}

#[test]
fn iccs_lines_of_online_games() {
    let rel = "benckx__elephantchess/xiangqi-core-test-utils/src/main/resources/uci.txt";
    let Some(t) = shared(rel) else { return };
    let games = lines::read_iccs(&t);
    assert_eq!(games.len(), 9998);
    assert_eq!(games[0].header("id"), Some("iaxeugSr"));
    assert_eq!(first_last(&games[0]), fl("h2e2", "b8d8"));
    // Four games hold a move the rules forbid; the moves before it are kept.
    let bad: Vec<(&str, usize, &str)> = games
        .iter()
        .filter_map(|g| {
            let e = g.error.as_ref()?;
            Some((g.header("id").unwrap(), e.ply, e.text.as_str()))
        })
        .collect();
    assert_eq!(
        bad,
        [
            ("MXpatyCB", 82, "e9e8"),
            ("GHtXAhVt", 55, "i2h3"),
            ("8PWjNCUD", 105, "e1d2"),
            ("TyQ3nM3u", 54, "b0b5"),
        ]
    );
    let g = games
        .iter()
        .find(|g| g.header("id") == Some("GHtXAhVt"))
        .unwrap();
    assert_eq!(g.moves.len(), 54);
    assert_eq!(
        g.error.as_ref().unwrap().to_string(),
        "ply 55 (i2h3): a horse cannot move from i2 to h3"
    );
    // Titles and move lines: the lines of moves are the games.
    if let Some(t) = shared(&format!("{WUKONG}/puzzle_generator/games.pgn")) {
        let games = lines::read_iccs(&t);
        assert_eq!(games.len(), 15);
        assert!(games.iter().all(|g| g.error.is_none()));
        assert_eq!(first_last(&games[0]), fl("h2e2", "f3g3"));
    }
}

#[test]
fn wxf_files() {
    let mut read = Vec::new();
    for f in [
        "game1",
        "game2",
        "game3",
        "game4",
        "game5",
        "no_tag_game1",
        "no_tag_game2",
        "no_tag_game3",
    ] {
        let Some(t) = shared(&format!("{BENCKX}/wxf/{f}.wxf")) else {
            return;
        };
        let games = lines::read_wxf(&t);
        assert_eq!(games.len(), 1, "{f}");
        let g = games[0].as_ref().unwrap();
        read.push((f, g.moves.len(), g.error.as_ref().map(|e| e.ply)));
    }
    // game1 and game5 write a pawn move loosely where two pawns share the file and both can
    // advance (`P3+1`, `P5+1`): the reader stops there and says so.
    assert_eq!(
        read,
        [
            ("game1", 121, Some(122)),
            ("game2", 101, None),
            ("game3", 86, None),
            ("game4", 99, None),
            ("game5", 85, Some(86)),
            ("no_tag_game1", 94, None),
            ("no_tag_game2", 100, None),
            ("no_tag_game3", 99, None),
        ]
    );
    let t = shared(&format!("{BENCKX}/wxf/game2.wxf")).unwrap();
    let g = lines::read_wxf(&t).remove(0).unwrap();
    assert_eq!(g.header("RED"), Some("Fairy Stockfish Winboard"));
    assert_eq!(g.header("DATE"), Some("24-12-2022"));
    assert_eq!(first_last(&g).0, "b2e2");
}

/// walker8088/cchess's move tests: a FEN line then Chinese moves with full-width digits, and
/// a `FEN, moves, result` line.
#[test]
fn a_fen_then_its_moves() {
    let dir = "walker8088__cchess/tests/data";
    let Some(t) = shared(&format!("{dir}/test1_move.txt")) else {
        return;
    };
    assert!(lines::starts_with_fen(&t));
    let games = lines::read_fen_moves(&t);
    assert_eq!(games.len(), 1);
    let g = games[0].as_ref().unwrap();
    assert_eq!(g.error, None);
    assert_eq!(g.moves.len(), 110);
    // 兵七进一: red's files are counted from its right, 七 is ICCS file c.
    assert_eq!(first_last(g).0, "c3c4");
    assert_eq!(g.header("Result"), Some("黑胜"));
    let t = shared(&format!("{dir}/uci_test_move.txt")).unwrap();
    let g = lines::read_fen_moves(&t).remove(0).unwrap();
    assert_eq!(g.header("Result"), Some("1-0"));
    assert_eq!(first_last(&g), fl("g4g8", "g8g9"));
}

/// The committed copies (engine/tests/data/games, MIT, see its README.md): always present.
#[test]
fn committed_fixtures() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/games");
    let t = std::fs::read_to_string(dir.join("wukong-maxqi.pgn")).unwrap();
    let games = pgn::read(&t);
    assert_eq!(games.len(), 1);
    let g = games[0].as_ref().unwrap();
    assert_eq!(g.error, None);
    assert_eq!(g.header("Black"), Some("MaxQi 4.8F"));
    assert_eq!(first_last(g).0, "h2e2"); // 1. Che2
    let t = std::fs::read_to_string(dir.join("xqdb-44.html")).unwrap();
    let games = dhtmlxq_game::read(&t);
    assert_eq!(games.len(), 1);
    let g = games[0].as_ref().unwrap();
    assert_eq!(g.error, None);
    assert_eq!(g.moves.len(), 127);
    assert_eq!(first_last(g), fl("h2e2", "f3g3"));
}

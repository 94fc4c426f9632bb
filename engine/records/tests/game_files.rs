//! The game readers over game files: the small set committed in `games/records/` (always; its
//! README.md says where each file comes from), and the larger collections of `../shared/games`
//! beside the workspace (its README.md gives their sources and licences; none is copied here),
//! which are skipped, and counted, where they are absent (tests/common/shared.rs).

mod common;

use std::path::Path;

use common::shared::{self, local, SharedTest};
use qili_core::notation::iccs;
use qili_records::game::Game;
use qili_records::{dhtmlxq_game, lines, pgn};

const WUKONG: &str = "maksimKorzh__wukong-xiangqi";
const BENCKX: &str = "benckx__elephantchess/webapp/src/test/js/parsers/fixtures";

fn main() {
    let local = vec![
        local(
            "committed_winboard_pgn_and_dhtmlxq_page",
            committed_winboard_pgn_and_dhtmlxq_page,
        ),
        local(
            "iccs_chinese_and_full_width_wxf_pgn_agree",
            iccs_chinese_and_full_width_wxf_pgn_agree,
        ),
        local("iccs_lines_with_titles", iccs_lines_with_titles),
        local("the_projects_line_formats", the_projects_line_formats),
    ];
    let shared: Vec<SharedTest> = vec![
        shared::shared("winboard_san_ranks_from_zero", winboard_san_ranks_from_zero),
        shared::shared("pychess_san_ranks_from_one", pychess_san_ranks_from_one),
        shared::shared("collections_of_iccs_pgn", collections_of_iccs_pgn),
        shared::shared("dhtmlxq_pages_match_the_pgn", dhtmlxq_pages_match_the_pgn),
        shared::shared("iccs_lines_of_online_games", iccs_lines_of_online_games),
        shared::shared("wxf_files", wxf_files),
        shared::shared("a_fen_then_its_moves", a_fen_then_its_moves),
    ];
    shared::run("game_files", local, shared)
}

/// A file of `games/records/`, the committed set.
fn committed(rel: &str) -> String {
    let path = common::game_records().join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A file of `../shared/games` (the directory the suite was given).
fn read(dir: &Path, rel: &str) -> String {
    let path = dir.join(rel);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    String::from_utf8_lossy(&bytes).into_owned()
}

fn first_last(g: &Game) -> (String, String) {
    (
        iccs::write(*g.moves.first().expect("a move")),
        iccs::write(*g.moves.last().expect("a move")),
    )
}

/// The games of a PGN text (`rel` names it), all read without error.
fn pgn_games(rel: &str, text: &str, count: usize) -> Vec<Game> {
    let games: Vec<Game> = pgn::read(text)
        .into_iter()
        .map(|g| g.unwrap_or_else(|e| panic!("{rel}: {e}")))
        .collect();
    assert_eq!(games.len(), count, "{rel}");
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g.error, None, "{rel} game {}", i + 1);
        assert!(!g.moves.is_empty(), "{rel} game {}", i + 1);
    }
    games
}

/// The games of a PGN file of `../shared/games`.
fn shared_pgn(dir: &Path, rel: &str, count: usize) -> Vec<Game> {
    pgn_games(rel, &read(dir, rel), count)
}

/// The games of a committed PGN file.
fn committed_pgn(rel: &str, count: usize) -> Vec<Game> {
    pgn_games(rel, &committed(rel), count)
}

fn fl(a: &str, b: &str) -> (String, String) {
    (a.to_string(), b.to_string())
}

fn winboard_san_ranks_from_zero(dir: &Path) {
    let f = format!("{WUKONG}/pgn/WukongJS_1.0_(UCI2WB)-MaxQi_4.8F(1-0).pgn");
    let g = shared_pgn(dir, &f, 1);
    assert_eq!(g[0].header("Result"), Some("1-0"));
    assert_eq!(first_last(&g[0]).0, "h2e2"); // Che2
    let f = format!("{WUKONG}/pgn/WukongJS_1.0_(UCI2WB)-MaxQi_4.8F(1-0)2.pgn");
    shared_pgn(dir, &f, 1);
    shared_pgn(dir, &format!("{BENCKX}/pgn0/issue_545.pgn"), 1);
    let f = format!(
        "{BENCKX}/pgn0/Cyclone_v6.2_[develop_091218]_(UCI2WB)-ElephantEye_3.1_(UCCI2WB)_13.pgn"
    );
    let g = shared_pgn(dir, &f, 1);
    assert_eq!(first_last(&g[0]).0, "b2e2"); // Cbe2
}

fn pychess_san_ranks_from_one(dir: &Path) {
    let g = shared_pgn(dir, &format!("{BENCKX}/pgn1/davide2022.pgn"), 26);
    assert_eq!(first_last(&g[0]), fl("b2e2", "e9f9")); // Cbe3 … Kf10
    assert_eq!(g[0].moves.len(), 80);
}

/// The same 15 games in ICCS, full-width WXF and Chinese PGN (wukong-xiangqi's xqdb, MIT,
/// committed as games/records/wukong-xiangqi/xqdb-*.pgn).
fn iccs_chinese_and_full_width_wxf_pgn_agree() {
    let dir = "wukong-xiangqi";
    let a = committed_pgn(&format!("{dir}/xqdb-iccs.pgn"), 15);
    let b = committed_pgn(&format!("{dir}/xqdb-wxf.pgn"), 15);
    let c = committed_pgn(&format!("{dir}/xqdb-chinese.pgn"), 15);
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
    let g = committed_pgn(&format!("{dir}/liu-dahua-1956.pgn"), 1);
    assert_eq!(g[0].header("Red"), Some("LIU DaHua"));
}

fn collections_of_iccs_pgn(dir: &Path) {
    let g = shared_pgn(
        dir,
        &format!("{WUKONG}/apps/game_viewer/gui/pgn2js/games.pgn"),
        1125,
    );
    assert!(g.iter().map(|g| g.moves.len()).sum::<usize>() > 80_000);
    shared_pgn(
        dir,
        &format!("{WUKONG}/xiangqi_pgn_parser/single_game.pgn"),
        1,
    );
    shared_pgn(dir, &format!("{BENCKX}/uci/example1.uci"), 1);
}

/// The committed copies of a WinBoard PGN and a DhtmlXQ page (wukong-xiangqi, MIT).
fn committed_winboard_pgn_and_dhtmlxq_page() {
    let g = committed_pgn("wukong-xiangqi/wukong-maxqi.pgn", 1);
    assert_eq!(g[0].header("Black"), Some("MaxQi 4.8F"));
    assert_eq!(g[0].header("Result"), Some("1-0"));
    assert_eq!(first_last(&g[0]).0, "h2e2"); // 1. Che2
    let games = dhtmlxq_game::read(&committed("wukong-xiangqi/xqdb-44.html"));
    assert_eq!(games.len(), 1);
    let g = games[0].as_ref().unwrap();
    assert_eq!(g.header("red"), Some("ZHAO GuoRong"));
    assert_eq!(g.error, None);
    assert_eq!(g.moves.len(), 127);
    assert_eq!(first_last(g), fl("h2e2", "f3g3"));
    // The same game as the first of the PGN collection.
    let p = committed_pgn("wukong-xiangqi/xqdb-iccs.pgn", 15);
    assert_eq!(g.moves, p[0].moves);
}

fn dhtmlxq_pages_match_the_pgn(dir: &Path) {
    let pages = format!("{WUKONG}/xqdb/games_html");
    let mut read_pages = 0;
    for n in [
        116, 125, 130, 133, 138, 151, 44, 45, 59, 65, 69, 73, 80, 85, 98,
    ] {
        for g in dhtmlxq_game::read(&read(dir, &format!("{pages}/{n}.html"))) {
            let g = g.unwrap();
            assert_eq!(g.error, None, "{n}.html");
            assert!(g.moves.len() >= 43, "{n}.html");
            read_pages += 1;
        }
    }
    assert_eq!(read_pages, 15);
    let games = dhtmlxq_game::read(&read(dir, "FastLight126__vschess/dhtmlxq.txt"));
    assert_eq!(games.len(), 1);
    let g = games[0].as_ref().unwrap();
    assert_eq!(g.error, None);
    assert_eq!(g.moves.len(), 53);
    assert_eq!(first_last(g).0, "c3c4"); // 仙人指路
}

/// Titles and move lines (wukong-xiangqi's puzzle generator, MIT): the lines of moves are the
/// games.
fn iccs_lines_with_titles() {
    let games = lines::read_iccs(&committed("wukong-xiangqi/puzzle-games.txt"));
    assert_eq!(games.len(), 15);
    assert!(games.iter().all(|g| g.error.is_none()));
    assert_eq!(first_last(&games[0]), fl("h2e2", "f3g3"));
}

fn iccs_lines_of_online_games(dir: &Path) {
    let rel = "benckx__elephantchess/xiangqi-core-test-utils/src/main/resources/uci.txt";
    let games = lines::read_iccs(&read(dir, rel));
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
}

fn wxf_files(dir: &Path) {
    let mut read_files = Vec::new();
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
        let games = lines::read_wxf(&read(dir, &format!("{BENCKX}/wxf/{f}.wxf")));
        assert_eq!(games.len(), 1, "{f}");
        let g = games[0].as_ref().unwrap();
        read_files.push((f, g.moves.len(), g.error.as_ref().map(|e| e.ply)));
    }
    // game1 and game5 write a pawn move loosely where two pawns share the file and both can
    // advance (`P3+1`, `P5+1`): the reader stops there and says so.
    assert_eq!(
        read_files,
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
    let g = lines::read_wxf(&read(dir, &format!("{BENCKX}/wxf/game2.wxf")))
        .remove(0)
        .unwrap();
    assert_eq!(g.header("RED"), Some("Fairy Stockfish Winboard"));
    assert_eq!(g.header("DATE"), Some("24-12-2022"));
    assert_eq!(first_last(&g).0, "b2e2");
}

/// walker8088/cchess's move tests: a FEN line then Chinese moves with full-width digits, and
/// a `FEN, moves, result` line.
fn a_fen_then_its_moves(dir: &Path) {
    let data = "walker8088__cchess/tests/data";
    let t = read(dir, &format!("{data}/test1_move.txt"));
    assert!(lines::starts_with_fen(&t));
    let games = lines::read_fen_moves(&t);
    assert_eq!(games.len(), 1);
    let g = games[0].as_ref().unwrap();
    assert_eq!(g.error, None);
    assert_eq!(g.moves.len(), 110);
    // 兵七进一: red's files are counted from its right, 七 is ICCS file c.
    assert_eq!(first_last(g).0, "c3c4");
    assert_eq!(g.header("Result"), Some("黑胜"));
    let t = read(dir, &format!("{data}/uci_test_move.txt"));
    let g = lines::read_fen_moves(&t).remove(0).unwrap();
    assert_eq!(g.header("Result"), Some("1-0"));
    assert_eq!(first_last(&g), fl("g4g8", "g8g9"));
}

/// The line formats as the project wrote them (games/records/qili): ICCS lines with ids, UCI
/// `position` lines, a `.wxf` file, a FEN line then 繁體 moves.
fn the_projects_line_formats() {
    const SHUFFLE: &str = "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h1 h9h8 h1h0 h8h9 h0h1 h9h8 h1h0 h8h9";
    let moves = |g: &Game| -> String {
        g.moves
            .iter()
            .map(|&m| iccs::write(m))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let games = lines::read_iccs(&committed("qili/online-games.txt"));
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].header("id"), Some("shuffle"));
    assert_eq!(moves(&games[0]), SHUFFLE);
    assert_eq!(games[1].moves.len(), 6);
    let games: Vec<Game> = lines::read_uci(&committed("qili/position-lines.uci"))
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(games.len(), 2);
    assert_eq!(moves(&games[0]), SHUFFLE);
    assert_eq!(
        qili_core::notation::fen::write(&games[1].start),
        "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w"
    );
    assert_eq!(games[1].moves.len(), 12);
    let g = lines::read_wxf(&committed("qili/shuffle.wxf"))
        .remove(0)
        .unwrap();
    assert_eq!((moves(&g).as_str(), &g.error), (SHUFFLE, &None));
    assert_eq!(g.header("RED"), Some("red"));
    let t = committed("qili/chase.txt");
    assert!(lines::starts_with_fen(&t));
    let g = lines::read_fen_moves(&t).remove(0).unwrap();
    assert_eq!(
        (moves(&g).as_str(), &g.error),
        ("g5g4 i4i5 g4g5 i5i4", &None)
    );
}

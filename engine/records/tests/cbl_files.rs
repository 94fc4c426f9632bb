//! The 象棋桥 readers over the project's record, library and XML record in `games/records/qili`
//! (always; written by the harness's `game_records` test from the format notes) and
//! walker8088/cchess's sample files in `../shared/games` (GPL-3.0, read in place, never copied
//! here): the two `.cbr` records and the two `.cbl` libraries (1956 全国锦标赛, 93 games; 1989
//! 龙化杯, 35 games and two section entries), and the two XML `.cbf` records. Where that
//! directory is absent its tests are listed as ignored and counted (tests/common/shared.rs).

mod common;

use std::path::{Path, PathBuf};

use common::shared::{self, local};
use proptest::prelude::*;
use qili_core::notation::{fen, iccs};
use qili_records::{cbf, cbl};

fn main() {
    let local = vec![
        local(
            "the_projects_records_read_whole",
            the_projects_records_read_whole,
        ),
        local("mutated_records_never_panic", mutated_records_never_panic),
        local("random_bytes_never_panic", random_bytes_never_panic),
    ];
    let shared = vec![
        shared::shared("records_read_whole", records_read_whole),
        shared::shared("cbf_records_read_whole", cbf_records_read_whole),
        shared::shared("libraries_read_every_game", libraries_read_every_game),
    ];
    shared::run("cbl_files", local, shared)
}

/// The project's game records (games/records/qili).
fn records() -> PathBuf {
    common::game_records().join("qili")
}

/// walker8088/cchess's test data in `../shared/games`.
fn data(games: &Path) -> PathBuf {
    games.join("walker8088__cchess/tests/data")
}

fn moves(g: &qili_records::game::Game) -> String {
    let all: Vec<String> = g.moves.iter().map(|&m| iccs::write(m)).collect();
    all.join(" ")
}

/// 参考图37's chase as a `.cbr` record, a library of 图6's perpetual check and a game of idle
/// moves, and that game again as a CBF: read whole, with their headers.
fn the_projects_records_read_whole() {
    const SHUFFLE: &str = "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h1 h9h8 h1h0 h8h9 h0h1 h9h8 h1h0 h8h9";
    let dir = records();
    let g = cbl::read_record(&std::fs::read(dir.join("chase.cbr")).unwrap()).unwrap();
    assert_eq!(
        fen::write(&g.start),
        "2baka3/9/n3b4/p1p1pc1rN/6R2/8c/4P3C/3NB4/9/2BAKA3 w"
    );
    assert_eq!(
        (moves(&g).as_str(), &g.error),
        ("g5g4 i4i5 g4g5 i5i4", &None)
    );
    assert_eq!(g.header("Title"), Some("参考图37 车捉炮"));
    let games = cbl::read_library(&std::fs::read(dir.join("two-games.cbl")).unwrap()).unwrap();
    let games: Vec<_> = games.into_iter().map(Result::unwrap).collect();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].start, qili_core::Position::start());
    assert_eq!(
        (moves(&games[0]).as_str(), &games[0].error),
        (SHUFFLE, &None)
    );
    assert_eq!(games[0].header("Result"), Some("1/2-1/2"));
    assert_eq!(games[1].moves.len(), 12);
    assert_eq!(games[1].header("Result"), Some("0-1"));
    let g = cbf::read(&std::fs::read_to_string(dir.join("shuffle.cbf")).unwrap()).unwrap();
    assert_eq!((moves(&g).as_str(), &g.error), (SHUFFLE, &None));
    assert_eq!(g.header("Title"), Some("qili 示例：双方两闲"));
    assert_eq!(g.header("Result"), Some("1/2-1/2"));
}

fn records_read_whole(games: &Path) {
    let dir = data(games);
    for (name, plies) in [("test.cbr", 28), ("test2.cbr", 2)] {
        let g = cbl::read_record(&std::fs::read(dir.join(name)).unwrap()).unwrap();
        assert_eq!((g.moves.len(), &g.error), (plies, &None), "{name}");
        let mut pos = g.start.clone();
        for &m in &g.moves {
            pos = pos.play(m).unwrap();
        }
        eprintln!("{name}: {:?}", g.headers);
    }
}

/// The two CBF records (two games of 《象棋古谱全局三种》) read to their last move, their
/// headers from the XML.
fn cbf_records_read_whole(games: &Path) {
    let dir = data(games);
    for (name, plies, title) in [
        ("test.cbf", 50, "第一局 屏风马巡河炮抵当头炮局(和)"),
        ("test2.cbf", 75, "第十局 当头炮抵当头炮局(和)"),
    ] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let g = qili_records::cbf::read(&text).unwrap();
        assert_eq!((g.moves.len(), &g.error), (plies, &None), "{name}");
        assert_eq!(g.header("Title"), Some(title));
        assert_eq!(g.start, qili_core::Position::start());
        assert_eq!(g.moves[0].to_string(), "h2e2", "{name}: 炮二平五 (77-47)");
    }
}

fn libraries_read_every_game(games: &Path) {
    let dir = data(games);
    // The 1989 library has two section entries (男子组, 女子组) with an empty board: they fail
    // as positions without kings.
    for (name, games, sections) in [
        ("1956年全国象棋锦标赛93局.CBL", 93, 0),
        ("1989年龙化杯象棋名师邀请赛35局.CBL", 35, 2),
    ] {
        let entries = cbl::read_library(&std::fs::read(dir.join(name)).unwrap()).unwrap();
        assert_eq!(entries.len(), games + sections, "{name}");
        let mut read = 0;
        for (i, g) in entries.iter().enumerate() {
            match g {
                Ok(g) => {
                    assert_eq!(
                        g.error,
                        None,
                        "{name} game {} {:?}",
                        i + 1,
                        g.header("Title")
                    );
                    assert!(!g.moves.is_empty(), "{name} game {}", i + 1);
                    read += 1;
                }
                Err(e) => {
                    eprintln!("{name}: {e}");
                    assert!(
                        e.to_string()
                            .ends_with("red has no king; black has no king"),
                        "{e}"
                    );
                }
            }
        }
        assert_eq!(read, games, "{name}");
    }
}

proptest! {
    // No regressions file: outside `#[test]` proptest cannot place one beside the source.
    #![proptest_config(ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::with_cases(128)
    })]

    fn mutated_records_never_panic(edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..20), cut in any::<prop::sample::Index>()) {
        let mut bytes = std::fs::read(records().join("chase.cbr")).unwrap();
        for (at, b) in edits {
            let i = at.index(bytes.len());
            bytes[i] = b;
        }
        let keep = bytes.len() - cut.index(bytes.len() / 2);
        bytes.truncate(keep);
        if let Ok(g) = cbl::read_record(&bytes) {
            let mut pos = g.start.clone();
            for &m in &g.moves {
                prop_assert!(pos.is_legal(m));
                pos.play_unchecked(m);
            }
        }
    }

    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..3000)) {
        let mut record = b"CCBridge Record\0".to_vec();
        record.extend(&bytes);
        let _ = cbl::read_record(&record);
        let mut library = b"CCBridgeLibrary\0".to_vec();
        library.extend(&bytes);
        let _ = cbl::read_library(&library);
    }
}

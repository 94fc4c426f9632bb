//! The 象棋桥 readers over walker8088/cchess's sample files in `../shared/games` (GPL-3.0, read
//! in place, never copied here): the two `.cbr` records and the two `.cbl` libraries (1956
//! 全国锦标赛, 93 games; 1989 龙化杯, 35 games and two section entries), and the two XML `.cbf`
//! records. When the directory is absent the tests print a note and pass.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use qili::notation::cbl;

fn data() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/games/walker8088__cchess/tests/data");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "note: {} is absent, the 象棋桥 file tests are skipped",
            dir.display()
        );
        None
    }
}

#[test]
fn records_read_whole() {
    let Some(dir) = data() else { return };
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
#[test]
fn cbf_records_read_whole() {
    let Some(dir) = data() else { return };
    for (name, plies, title) in [
        ("test.cbf", 50, "第一局 屏风马巡河炮抵当头炮局(和)"),
        ("test2.cbf", 75, "第十局 当头炮抵当头炮局(和)"),
    ] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let g = qili::notation::cbf::read(&text).unwrap();
        assert_eq!((g.moves.len(), &g.error), (plies, &None), "{name}");
        assert_eq!(g.header("Title"), Some(title));
        assert_eq!(g.start, qili::Position::start());
        assert_eq!(g.moves[0].to_string(), "h2e2", "{name}: 炮二平五 (77-47)");
    }
}

#[test]
fn libraries_read_every_game() {
    let Some(dir) = data() else { return };
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
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn mutated_records_never_panic(edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..20), cut in any::<prop::sample::Index>()) {
        let Some(dir) = data() else { return Ok(()) };
        let mut bytes = std::fs::read(dir.join("test.cbr")).unwrap();
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

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..3000)) {
        let mut record = b"CCBridge Record\0".to_vec();
        record.extend(&bytes);
        let _ = cbl::read_record(&record);
        let mut library = b"CCBridgeLibrary\0".to_vec();
        library.extend(&bytes);
        let _ = cbl::read_library(&library);
    }
}

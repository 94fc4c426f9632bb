//! Every legal move of every perft position (`perft.txt`) and of every position one ply
//! later, written in Chinese (simplified and traditional) and WXF, reads back as itself.

use qili_core::notation::{chinese, fen, parse_move, wxf};
use qili_core::{Position, SetupMode};

fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for l in include_str!("perft.txt").lines() {
        if l.trim().is_empty() || l.starts_with('#') {
            continue;
        }
        let text = l.split(';').next().unwrap_or_default();
        let pos = fen::parse(text, SetupMode::Standard).unwrap_or_else(|e| panic!("{text}: {e}"));
        for m in pos.legal_moves() {
            out.push(pos.after(m));
        }
        out.push(pos);
    }
    out
}

#[test]
fn written_moves_read_back() {
    let mut count = 0;
    for pos in positions() {
        let at = fen::write(&pos);
        for m in pos.legal_moves() {
            for text in [
                chinese::write(&pos, m),
                chinese::write_traditional(&pos, m),
                wxf::write(&pos, m),
            ] {
                assert_eq!(parse_move(&pos, &text), Ok(m), "{at}: {m} written {text}");
                count += 1;
            }
            assert_eq!(
                chinese::parse(&pos, &chinese::write(&pos, m)),
                Ok(m),
                "{at}: {m}"
            );
            assert_eq!(wxf::parse(&pos, &wxf::write(&pos, m)), Ok(m), "{at}: {m}");
        }
    }
    assert!(count > 30_000, "{count} texts");
}

#[test]
fn written_forms_are_distinct_per_position() {
    for pos in positions() {
        let moves = pos.legal_moves();
        let mut texts: Vec<String> = moves.iter().map(|&m| chinese::write(&pos, m)).collect();
        texts.sort();
        texts.dedup();
        assert_eq!(texts.len(), moves.len(), "{}", fen::write(&pos));
    }
}

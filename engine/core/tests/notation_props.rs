//! Property tests: hostile text never panics a parser, and what qili writes it reads back,
//! on positions reached by random playouts from the start and the perft positions.

mod common;

use common::perft_positions;
use proptest::prelude::*;
use qili_core::notation::{chinese, dhtmlxq, fen, iccs, parse_move, parse_moves, wxf};
use qili_core::{Color, Position, SetupMode};

/// Characters the notations use, plus a few that are close to them.
const ALPHABET: &[char] = &[
    '车', '車', '俥', '伡', '马', '馬', '傌', '码', '炮', '砲', '包', '帅', '帥', '将', '將', '仕',
    '士', '相', '象', '兵', '卒', '进', '進', '退', '平', '前', '中', '后', '後', '一', '二', '三',
    '四', '五', '六', '七', '八', '九', '十', '０', '１', '５', '９', '0', '1', '2', '5', '9', '+',
    '-', '.', '=', '/', ' ', ',', '，', 'a', 'e', 'h', 'i', 'j', 'A', 'C', 'H', 'K', 'P', 'R', 'E',
    'B', 'N', 'k', 'r', 'w', 'b', 'x', '\u{0}', '\u{ff}', '𝕏', 'é',
];

fn notation_text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(ALPHABET), 0..9)
        .prop_map(|cs| cs.into_iter().collect())
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![notation_text(), ".{0,12}", "[0-9]{64}", "[0-9 ]{60,66}"]
}

/// A position reached from the start or a perft position by the given move choices.
fn playout() -> impl Strategy<Value = Position> {
    let starts = perft_positions();
    (0..starts.len(), prop::collection::vec(any::<u16>(), 0..60)).prop_map(move |(i, choices)| {
        let mut pos = starts[i].clone();
        for c in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[usize::from(c) % moves.len()]);
        }
        pos
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    /// Whatever the text, every parser answers (no panic), and its error says where or what:
    /// the FEN column or the position's problems, the move text itself, the binit's column or
    /// slot, the ply of a move list.
    fn parsers_never_panic_and_their_errors_name_the_input(text in any_text(), pos in playout()) {
        for mode in [SetupMode::Standard, SetupMode::Composed] {
            if let Err(e) = fen::parse(&text, mode) {
                let shown = e.to_string();
                prop_assert!(
                    shown.starts_with("FEN column ") || shown.starts_with("illegal position: "),
                    "{shown}"
                );
            }
        }
        if let Err(e) = fen::parse_setup(&text) {
            prop_assert!(e.to_string().starts_with("FEN column "), "{e}");
        }
        if let Err(e) = iccs::parse(&text) {
            prop_assert_eq!(&e.text, &text);
            prop_assert!(e.to_string().starts_with(&text), "{}", e);
        }
        if let Err(e) = chinese::parse(&pos, &text) {
            prop_assert_eq!(e.text.as_str(), text.trim());
        }
        if let Err(e) = wxf::parse(&pos, &text) {
            prop_assert_eq!(e.text.as_str(), text.trim());
        }
        if let Err(e) = dhtmlxq::parse(&text, Color::Red) {
            prop_assert!(e.to_string().starts_with("binit "), "{e}");
        }
        if let Err(e) = parse_move(&pos, &text) {
            prop_assert!(text.trim().is_empty() || e.to_string().starts_with(text.trim()), "{e}");
        }
        if let Err(e) = parse_moves(&pos, &text) {
            prop_assert!(e.to_string().starts_with(&format!("ply {} ", e.ply)), "{e}");
        }
    }

    #[test]
    fn errors_name_the_text(text in notation_text(), pos in playout()) {
        if let Err(e) = parse_move(&pos, &text) {
            let shown = e.to_string();
            prop_assert!(shown.starts_with(text.trim()) || text.trim().is_empty(), "{shown}");
        }
    }

    #[test]
    fn readable_binit_writes_back(text in "[0-9]{64}") {
        if let Ok(setup) = dhtmlxq::parse(&text, Color::Red) {
            let written = dhtmlxq::write(&setup.board).expect("slots suffice for a binit board");
            prop_assert_eq!(dhtmlxq::parse(&written, Color::Red).map(|s| s.board), Ok(setup.board));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn positions_round_trip(pos in playout()) {
        let full = fen::write_full(&pos);
        let back = fen::parse(&full, SetupMode::Standard);
        prop_assert_eq!(back.as_ref(), Ok(&pos));
        let short = fen::parse(&fen::write(&pos), SetupMode::Standard).expect("short FEN");
        prop_assert_eq!(short.board(), pos.board());
        let binit = dhtmlxq::write(pos.board()).expect("a standard board fits binit");
        let setup = dhtmlxq::parse(&binit, pos.turn()).expect("binit reads back");
        prop_assert_eq!(&setup.board, pos.board());
    }

    #[test]
    fn moves_round_trip(pos in playout()) {
        for m in pos.legal_moves() {
            let zh = chinese::write(&pos, m);
            prop_assert_eq!(chinese::parse(&pos, &zh), Ok(m), "{}", zh);
            let tw = chinese::write_traditional(&pos, m);
            prop_assert_eq!(chinese::parse(&pos, &tw), Ok(m), "{}", tw);
            let w = wxf::write(&pos, m);
            prop_assert_eq!(wxf::parse(&pos, &w), Ok(m), "{}", w);
            prop_assert_eq!(parse_move(&pos, &iccs::write(m)), Ok(m));
        }
    }
}

//! Property tests for the game readers: arbitrary text and mutated game files give games or
//! errors, never a panic; every game's moves are legal from its start; the error, when there
//! is one, is the ply after the kept moves; the caps on moves and games hold.

use proptest::prelude::*;
use qili_records::game::{Game, MAX_GAMES, MAX_MOVES};
use qili_records::{cbf, dhtmlxq_game, lines, pgn};

/// Small game texts in each format, written for these tests.
const SEEDS: &[&str] = &[
    "[Event \"a\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n\
     1. h2e2 {c} h9g7 (1... b9c7 2. b0c2) 2. 马二进三 $1 车9平8 3. Ｃ８＝６ ; x\n1-0\n",
    "[Site \"pychess\"]\n1. Cbe3 Hc8 2. Pc5 Rb10 3. Hc3 Pg6 *\n[Event \"b\"]\n1. Che2 Cbg7 2. Cxe6 Cxg3 *",
    "[DhtmlXQ][DhtmlXQ_title]t[/DhtmlXQ_title][DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit][DhtmlXQ_movelist]77477270[/DhtmlXQ_movelist][/DhtmlXQ]",
    "id1;h2e2,h9g7,h0g2\nh2e2 h9g7\n",
    "position startpos moves h2e2 h9g7\nposition fen 3k5/9/9/9/9/9/9/9/4R4/4K4 w moves e1e8\n",
    "FORMAT\tWXF\nRED\tA;;;\n/* c */\nSTART{\n 1.  C2.5  H8+7    2.  H2+3!  R9.8\n}END\n",
    "<?xml version=\"1.0\"?><ChineseChessRecord><Head><Name>n</Name><RecordResult>1</RecordResult><FEN>3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1</FEN></Head><MoveList><Move value=\"00-00\"><![CDATA[c]]></Move><Move value=\"48-41\"/><Move value=\"30-31\"/></MoveList></ChineseChessRecord>",
];

const ALPHABET: &[char] = &[
    '[', ']', '"', '{', '}', '(', ')', ';', '$', '*', '/', '\\', '\n', ' ', '1', '0', '-', '.',
    '9', '5', '2', 'h', 'e', 'x', 'C', 'H', 'R', 'P', 'a', 'i', '炮', '二', '平', '五', '进', '马',
    'Ｃ', '２', '＝', 'D', 'X', 'Q', '_', 'F', 'E', 'N', '\u{feff}', '\u{0}', '<', '>', '=', '&',
    '!',
];

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(prop::sample::select(ALPHABET), 0..200)
            .prop_map(|cs| cs.into_iter().collect::<String>()),
        ".{0,200}",
        (
            0..SEEDS.len(),
            prop::collection::vec(
                (any::<u16>(), 0u8..3, prop::sample::select(ALPHABET)),
                1..12
            )
        )
            .prop_map(|(i, edits)| {
                let mut cs: Vec<char> = SEEDS[i].chars().collect();
                for (at, op, c) in edits {
                    let at = usize::from(at) % (cs.len() + 1);
                    match op {
                        0 => cs.insert(at, c),
                        1 if at < cs.len() => {
                            cs.remove(at);
                        }
                        _ if at < cs.len() => cs[at] = c,
                        _ => {}
                    }
                }
                cs.into_iter().collect()
            }),
    ]
}

fn check(g: &Game) {
    let mut p = g.start.clone();
    for &m in &g.moves {
        assert!(p.is_legal(m), "{m} in {g:?}");
        p.play_unchecked(m);
    }
    assert!(g.moves.len() <= MAX_MOVES);
    if let Some(e) = &g.error {
        assert_eq!(e.ply, g.moves.len() + 1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn readers_never_panic(t in text()) {
        pgn::read(&t).iter().flatten().for_each(check);
        dhtmlxq_game::read(&t).iter().flatten().for_each(check);
        lines::read_iccs(&t).iter().for_each(check);
        lines::read_uci(&t).iter().flatten().for_each(check);
        lines::read_wxf(&t).iter().flatten().for_each(check);
        lines::read_fen_moves(&t).iter().flatten().for_each(check);
        cbf::read(&t).iter().for_each(check);
    }
}

/// Every text record of games/records (the committed set), cut at many points with a window
/// dropped: each reader still gives games or errors.
#[test]
fn cut_committed_records_never_panic() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../games/records");
    let mut files = Vec::new();
    for origin in std::fs::read_dir(&dir).unwrap() {
        for f in std::fs::read_dir(origin.unwrap().path()).unwrap() {
            files.push(f.unwrap().path());
        }
    }
    files.sort();
    let mut texts = 0;
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        // The binary records (XQF, 象棋桥) have their own mutation tests.
        if bytes.starts_with(b"XQ") || bytes.starts_with(b"CCBridge") {
            continue;
        }
        texts += 1;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let chars: Vec<char> = text.chars().collect();
        for k in 1..40 {
            let at = chars.len() * k / 40;
            let cut: String = chars[..at]
                .iter()
                .chain(&chars[(at + 7).min(chars.len())..])
                .collect();
            pgn::read(&cut).iter().flatten().for_each(check);
            dhtmlxq_game::read(&cut).iter().flatten().for_each(check);
            lines::read_iccs(&cut).iter().for_each(check);
            lines::read_uci(&cut).iter().flatten().for_each(check);
            lines::read_wxf(&cut).iter().flatten().for_each(check);
            lines::read_fen_moves(&cut).iter().flatten().for_each(check);
            cbf::read(&cut).iter().for_each(check);
        }
    }
    assert!(texts >= 10, "{texts} text records in {}", dir.display());
}

#[test]
fn moves_per_game_are_capped() {
    // A legal four-ply cycle repeated past the cap.
    let cycle = "h2e2 h9g7 e2h2 g7h9 ";
    let text = cycle.repeat(MAX_MOVES / 4 + 2);
    let games = pgn::read(&text);
    let g = games[0].as_ref().unwrap();
    assert_eq!(g.moves.len(), MAX_MOVES);
    let e = g.error.as_ref().unwrap();
    assert_eq!(
        (e.ply, e.reason.as_str()),
        (MAX_MOVES + 1, "more than 10000 moves")
    );
    let line = lines::read_iccs(&text);
    assert_eq!(line[0].moves.len(), MAX_MOVES);
}

#[test]
fn games_per_text_are_capped() {
    let games = pgn::read(&"* ".repeat(MAX_GAMES + 5));
    assert_eq!(games.len(), MAX_GAMES + 1);
    assert!(matches!(games[MAX_GAMES], Err(pgn::PgnError::TooManyGames)));
    let blocks = dhtmlxq_game::read(&"[DhtmlXQ][/DhtmlXQ]".repeat(MAX_GAMES + 5));
    assert_eq!(blocks.len(), MAX_GAMES + 1);
}

/// Hostile XML for the CBF reader: nesting far deeper than a record's, an unclosed element, an
/// entity that expands a thousandfold per level (10^28 bytes if expanded): each is an error that
/// says what is wrong, and none is expanded or recursed into.
#[test]
fn hostile_cbf_is_an_error_not_a_hang() {
    let deep = format!("{}{}", "<a>".repeat(100_000), "</a>".repeat(100_000));
    assert!(cbf::read(&deep).is_err());
    let unclosed = "<ChineseChessRecord><Head><Name>x</Head></ChineseChessRecord>";
    let e = cbf::read(unclosed).unwrap_err().to_string();
    assert!(e.starts_with("not XML: "), "{e}");
    let mut bomb = String::from("<!DOCTYPE r [<!ENTITY e0 \"xxxxxxxxxx\">");
    for i in 1..10 {
        let refs = format!("&e{};", i - 1).repeat(1000);
        bomb.push_str(&format!("<!ENTITY e{i} \"{refs}\">"));
    }
    bomb.push_str("]><ChineseChessRecord><Head><Name>&e9;</Name></Head></ChineseChessRecord>");
    assert!(cbf::read(&bomb).is_err());
}

//! The hostile inputs of issue 30, built in code at any size: the tests (`tests/attacks.rs`)
//! take small versions and assert bounds in work and bytes, the bench (`benches/attacks.rs`)
//! times them, and `cargo test -p qili-cli --test attacks -- --ignored write_the_attack_files`
//! writes them full size into `$QILI_ATTACKS` to measure by hand (`/usr/bin/time -v`).

#![allow(dead_code)]

use qili::notation::fen;
use qili::{Move, Position, SetupMode};

/// Attack 1: one PGN game from the start position that comes back every sixth ply and never
/// three times (`qili::history::recurring_game`), its moves in ICCS.
pub fn recurring_pgn(plies: usize) -> String {
    let moves = qili::history::recurring_game(&Position::start(), plies, 30);
    assert_eq!(moves.len(), plies, "the game goes on as long as asked");
    let mut text =
        String::from("[Event \"attack 1: a repetition every sixth ply\"]\n[Result \"*\"]\n\n");
    for (i, pair) in moves.chunks(2).enumerate() {
        text.push_str(&format!("{}.", i + 1));
        for m in pair {
            text.push_str(&format!(" {m}"));
        }
        text.push(if i % 8 == 7 { '\n' } else { ' ' });
    }
    text.push_str("*\n");
    text
}

/// A composed position (排局 counts) of 70 heavy pieces, 35 a side, round two kings, with 18
/// points left empty: every ply's searches explode here. Placed by a fixed pseudo-random rule,
/// the first legal placement (kings apart, the side not to move not in check).
pub fn dense_position() -> Position {
    let mut rng: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    loop {
        // Rank 9 first; kings on e9 and e0.
        let mut grid = [[' '; 9]; 10];
        grid[0][4] = 'k';
        grid[9][4] = 'K';
        let mut free: Vec<(usize, usize)> = (0..10)
            .flat_map(|r| (0..9).map(move |f| (r, f)))
            .filter(|&(r, f)| grid[r][f] == ' ')
            .collect();
        for i in (1..free.len()).rev() {
            free.swap(i, next() as usize % (i + 1));
        }
        for (k, &(r, f)) in free.iter().take(70).enumerate() {
            let role = ['r', 'n', 'c'][next() as usize % 3];
            grid[r][f] = if k % 2 == 0 {
                role.to_ascii_uppercase()
            } else {
                role
            };
        }
        let rows: Vec<String> = grid
            .iter()
            .map(|row| {
                let mut out = String::new();
                let mut empty = 0;
                for &c in row {
                    if c == ' ' {
                        empty += 1;
                    } else {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(c);
                    }
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                }
                out
            })
            .collect();
        let text = format!("{} w", rows.join("/"));
        if let Ok(p) = fen::parse(&text, SetupMode::Composed) {
            if p.legal_moves().len() > 10 {
                return p;
            }
        }
    }
}

/// Attack 2: a case file that lints clean, `plies` moves (no capture where one can be
/// avoided, every position new) from a dense composed position, published as 排局.
pub fn dense_case(id: &str, plies: usize) -> String {
    let start = dense_position();
    let moves = wandering(&start, plies);
    let mut text = format!(
        "id: {id}\ntitle: 密集排局\ntags: []\nposition:\n  fen: {}\n  provenance: reconstructed\n  realises:\n    - 每着合法\npublished:\n  - edition: paiju\n    source:\n      work: 攻击用例\n    moves:\n",
        fen::write(&start)
    );
    for m in &moves {
        text.push_str(&format!("      - {{ move: {m} }}\n"));
    }
    text.push_str(
        "    cycle: pattern\n    cycle_note: 不循环，只为让每着的搜索都很重\n    notes: 不公布结论（verdict）\n",
    );
    text
}

/// `plies` legal moves from `start` that avoid captures where they can and positions already
/// seen, picked by a fixed rule (the first such move after a rotating offset).
pub fn wandering(start: &Position, plies: usize) -> Vec<Move> {
    let mut seen = std::collections::HashSet::new();
    let mut pos = start.clone();
    seen.insert(pos.hash());
    let mut moves = Vec::new();
    for i in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let n = legal.len();
        let ranked = (0..n).map(|k| legal[(k + i * 7) % n]);
        let pick = ranked
            .clone()
            .find(|&m| pos.piece_at(m.to).is_none() && !seen.contains(&pos.after(m).hash()))
            .or_else(|| {
                ranked
                    .clone()
                    .find(|&m| !seen.contains(&pos.after(m).hash()))
            })
            .unwrap_or(legal[0]);
        pos.play_unchecked(pick);
        seen.insert(pos.hash());
        moves.push(pick);
    }
    moves
}

/// Attack 3: a 象棋桥 CBF record whose root element has `n` attributes.
pub fn cbf_attributes(n: usize) -> String {
    let mut text = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ChineseChessRecord");
    for i in 0..n {
        text.push_str(&format!(" a{i}=\"\""));
    }
    text.push_str(
        ">\n <MoveList>\n  <Move value=\"77-47\"/>\n </MoveList>\n</ChineseChessRecord>\n",
    );
    text
}

/// Attack 4: a DhtmlXQ block whose move list is `bytes` digits long.
pub fn dhtmlxq_movelist(bytes: usize) -> String {
    let unit = "7747706247776270"; // 炮二平五 马8进7 炮五平二 马7退8, again and again
    let mut text = String::from("[DhtmlXQ]\n[DhtmlXQ_movelist]");
    text.push_str(&unit.repeat(bytes / unit.len()));
    text.push_str("[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n");
    text
}

/// Attack 4: a CBF record of about `bytes` bytes (a long move list of the same two moves back
/// and forth).
pub fn cbf_large(bytes: usize) -> String {
    let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ChineseChessRecord Version=\"1.0\">\n <Head><Name>large</Name></Head>\n <MoveList>\n  <Move value=\"00-00\"/>\n";
    let moves = [
        "  <Move value=\"71-62\"/>\n",
        "  <Move value=\"79-67\"/>\n",
        "  <Move value=\"62-71\"/>\n",
        "  <Move value=\"67-79\"/>\n",
    ];
    let mut text = String::from(head);
    let mut i = 0;
    while text.len() < bytes {
        text.push_str(moves[i % 4]);
        i += 1;
    }
    text.push_str(" </MoveList>\n</ChineseChessRecord>\n");
    text
}

/// Attack 4: a PGN text of about `bytes` bytes: the same short game with a repetition, again
/// and again.
pub fn pgn_large(bytes: usize) -> String {
    let game = "[Event \"copy\"]\n[Result \"*\"]\n1. h0g2 h9g7 2. g2h0 g7h9 3. h0g2 h9g7 4. g2h0 g7h9 5. b2e2 b9c7 *\n\n";
    game.repeat(bytes / game.len() + 1)
}

/// Attack 16: a PGN game whose second move is `bytes` NUL bytes.
pub fn pgn_nul_move(bytes: usize) -> Vec<u8> {
    let mut b = b"[Event \"nul\"]\n\n1. h2e2 ".to_vec();
    b.extend(std::iter::repeat_n(0u8, bytes));
    b.extend_from_slice(b" *\n");
    b
}

/// Attack 16: a PGN game whose FEN tag is `bytes` long.
pub fn pgn_long_fen(bytes: usize) -> String {
    format!("[FEN \"{}\"]\n\n1. h2e2 *\n", "r".repeat(bytes))
}

/// Attack 16: a CBF record whose `<FEN>` is `bytes` long.
pub fn cbf_long_fen(bytes: usize) -> String {
    format!(
        "<?xml version=\"1.0\"?>\n<ChineseChessRecord Version=\"1.0\"><Head><FEN>{}</FEN></Head><MoveList/></ChineseChessRecord>\n",
        "r".repeat(bytes)
    )
}

/// Attack 12: a PGN game whose comment after the first move is never closed.
pub const UNCLOSED_COMMENT: &str =
    "[Event \"open\"]\n\n1. h2e2 {a comment that never ends\n h9g7 2. h0g2 g7h9 3. g2h0 h9g7 *\n";

/// Attack 15: the first bytes of a zip archive, then junk that reads as moves.
pub fn zip_named_pgn() -> Vec<u8> {
    let mut b = b"PK\x03\x04\x14\x00\x00\x00\x08\x00".to_vec();
    for i in 0..2000u32 {
        b.extend_from_slice(format!("1. h2e2 h9g7 {i} ").as_bytes());
        b.push((i % 251) as u8);
    }
    b
}

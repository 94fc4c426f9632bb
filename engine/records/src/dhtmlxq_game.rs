//! DhtmlXQ game blocks, as the dpxq.com viewer (东萍象棋 DhtmlXQ, www.dpxq.com) embeds them in
//! web pages: `[DhtmlXQ]` … `[/DhtmlXQ]` (also `[DhtmlXQiFrame]` and the older
//! `[DhtmlXQFLASH]` wrappers), each holding tags `[DhtmlXQ_key]value[/DhtmlXQ_key]`. Several
//! blocks may stand on one page.
//!
//! - `DhtmlXQ_binit`: the start placement (see [`qili_core::notation::dhtmlxq`]); without it, the standard
//!   start. The side to move is red unless the first move is black's (or the placement is
//!   legal only with black to move).
//! - `DhtmlXQ_movelist`: the main line, four digits per move: file (0–8 from red's left) and
//!   row (0–9 from black's back rank) of the origin, then of the destination. Older pages
//!   write twelve characters per move: those four digits, four letters and digits of the
//!   viewer's own, and four digits numbering the move (`17379QZM0000`): the main line is the
//!   run numbered `0000`, `0001` … from the start, and a number that goes back starts a
//!   variation (its move replaces the main line's move of that number), which is skipped.
//! - Variations (`DhtmlXQ_move_…`) and comments (`DhtmlXQ_comment…`) are skipped; every other
//!   tag is a header under its name without the `DhtmlXQ_` prefix (`title`, `red`, `black`,
//!   `result` — `W` red wins, `D` draw, `L` black wins on dpxq.com —, `date`, `event`, …).
//!   The viewer escapes characters of a value as `\uXXXX` (`\u003F` is `?`); headers are
//!   read with those escapes undone.

use crate::game::{self, Game, MAX_GAMES};
use qili_core::notation::dhtmlxq::{self as binit, BinitError};
use qili_core::{Color, Move, Position, Square};

/// Why a DhtmlXQ block could not be read at all. `block` is 1-based.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DhtmlxqError {
    #[error("block {block}: {error}")]
    Binit { block: usize, error: BinitError },
    #[error("block {block}: the binit placement is no legal position: {reason}")]
    Illegal { block: usize, reason: String },
    #[error("more than {MAX_GAMES} blocks; the rest of the text is not read")]
    TooManyGames,
}

/// One `file row file row` group of a movelist as a move (not checked against a position).
fn movelist_move(group: &str) -> Option<Move> {
    let d: Vec<i32> = group
        .chars()
        .map(|c| c.to_digit(10).map(|d| d as i32))
        .collect::<Option<_>>()?;
    let [ff, fr, tf, tr] = d.as_slice() else {
        return None;
    };
    let from = Square::from_coords(*ff, 9 - fr)?;
    let to = Square::from_coords(*tf, 9 - tr)?;
    (from != to).then_some(Move::new(from, to))
}

/// The names of the markers that open and close a block.
const BLOCKS: [&str; 3] = ["DhtmlXQ", "DhtmlXQiFrame", "DhtmlXQFLASH"];

/// The moves of a movelist, each the text of one move: groups of four characters (the last
/// may be short, and is then an error), or the first four of each twelve in the older form.
fn move_groups(movelist: &str) -> Vec<&str> {
    let bytes = movelist.as_bytes();
    let twelve = !bytes.is_empty()
        && bytes.len() % 12 == 0
        && bytes.chunks(12).all(|g| {
            g.iter().all(u8::is_ascii_alphanumeric)
                && g[..4].iter().all(u8::is_ascii_digit)
                && !g[4..8].iter().all(u8::is_ascii_digit)
                && g[8..].iter().all(u8::is_ascii_digit)
        });
    if twelve {
        // A list whose first move is not numbered 0000 has no main line: its first group
        // is given whole, so that it is the error.
        if &bytes[8..12] != b"0000" {
            return vec![&movelist[..12]];
        }
        // The main line is the run numbered 0, 1, 2 …; a number that goes back starts a
        // variation (its move replaces the main line's move of that number).
        return movelist
            .as_bytes()
            .chunks(12)
            .enumerate()
            .take_while(|(i, g)| std::str::from_utf8(&g[8..]).ok() == Some(&*format!("{i:04}")))
            .map(|(i, _)| &movelist[12 * i..12 * i + 4])
            .collect();
    }
    let mut out = Vec::with_capacity(movelist.len() / 4 + 1);
    let mut rest = movelist;
    while !rest.is_empty() {
        let cut = rest.char_indices().nth(4).map_or(rest.len(), |(at, _)| at);
        let (group, tail) = rest.split_at(cut);
        out.push(group);
        rest = tail;
    }
    out
}

/// A header value with the viewer's `\uXXXX` escapes undone (a malformed one stays as
/// written).
fn unescape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(at) = rest.find("\\u") {
        out.push_str(&rest[..at]);
        let hex = rest.get(at + 2..at + 6);
        match hex
            .filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .and_then(char::from_u32)
        {
            Some(c) => {
                out.push(c);
                rest = &rest[at + 6..];
            }
            None => {
                out.push_str("\\u");
                rest = &rest[at + 2..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A tag marker `[name]` or `[/name]` whose name starts with `DhtmlXQ`: byte range and name.
struct Marker<'a> {
    start: usize,
    end: usize,
    closing: bool,
    name: &'a str,
}

/// Every marker of the text, in one pass (names are at most 64 bytes).
fn markers(text: &str) -> Vec<Marker<'_>> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices("DhtmlXQ") {
        let before = &text.as_bytes()[..at];
        let (start, closing) = match before {
            [.., b'[', b'/'] => (at - 2, true),
            [.., b'['] => (at - 1, false),
            _ => continue,
        };
        let tail = &text[at..];
        let len = tail
            .bytes()
            .take(65)
            .take_while(|c| c.is_ascii_alphanumeric() || *c == b'_')
            .count();
        if tail.as_bytes().get(len) == Some(&b']') {
            out.push(Marker {
                start,
                end: at + len + 1,
                closing,
                name: &tail[..len],
            });
        }
    }
    out
}

/// Read every DhtmlXQ block of a text (a web page or a `.txt` export).
pub fn read(text: &str) -> Vec<Result<Game, DhtmlxqError>> {
    let mut out = Vec::new();
    let mut block: Option<Vec<(&str, &str)>> = None;
    let marks = markers(text);
    let mut i = 0;
    while i < marks.len() && out.len() <= MAX_GAMES {
        let m = &marks[i];
        i += 1;
        let is_block = BLOCKS.contains(&m.name);
        if m.closing {
            if is_block {
                push(&mut out, block.take());
            }
            continue;
        }
        if is_block {
            push(&mut out, block.take());
            block = Some(Vec::new());
            continue;
        }
        let Some(key) = m.name.strip_prefix("DhtmlXQ_") else {
            continue;
        };
        // The value runs to the matching closing marker, which must come next.
        let Some(close) = marks.get(i).filter(|c| c.closing && c.name == m.name) else {
            continue;
        };
        i += 1;
        if let Some(tags) = block.as_mut() {
            tags.push((key, &text[m.end..close.start]));
        }
    }
    push(&mut out, block.take());
    out
}

fn push(out: &mut Vec<Result<Game, DhtmlxqError>>, block: Option<Vec<(&str, &str)>>) {
    let Some(tags) = block else { return };
    if out.len() < MAX_GAMES {
        let n = out.len() + 1;
        out.push(build(n, tags));
    } else if out.len() == MAX_GAMES {
        out.push(Err(DhtmlxqError::TooManyGames));
    }
}

/// A block's tags, borrowed from the text: a move list is read only as far as a game goes
/// ([`game::MAX_MOVES`] moves and one more), whatever its length.
fn build(block: usize, tags: Vec<(&str, &str)>) -> Result<Game, DhtmlxqError> {
    let get = |k: &str| {
        tags.iter()
            .find(|(key, _)| *key == k)
            .map(|(_, v)| v.trim())
    };
    // As far as a game goes, in either form (four or twelve characters a move).
    let movelist: String = get("movelist")
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_whitespace())
        .take((game::MAX_MOVES + 1) * 12)
        .collect();
    let groups = move_groups(&movelist);
    let start = match get("binit").filter(|b| !b.is_empty()) {
        None => Position::start(),
        Some(b) => {
            let first = groups.first().and_then(|g| movelist_move(g));
            let setup = binit::parse(b, Color::Red)
                .map_err(|error| DhtmlxqError::Binit { block, error })?;
            let black_first = first
                .and_then(|m| setup.board.get(m.from))
                .is_some_and(|p| p.color == Color::Black);
            let try_side = |turn: Color| {
                let mut s = setup.clone();
                s.turn = turn;
                super::game::record_start(s)
            };
            let (preferred, other) = if black_first {
                (Color::Black, Color::Red)
            } else {
                (Color::Red, Color::Black)
            };
            try_side(preferred)
                .or_else(|e| try_side(other).map_err(|_| e))
                .map_err(|e| DhtmlxqError::Illegal {
                    block,
                    reason: e.to_string(),
                })?
        }
    };
    let (moves, error) = game::play(&start, groups.iter().copied(), |_, g| {
        movelist_move(g).ok_or(
            "not four digits: file, row, file, row (nor twelve characters a move numbered from 0000)",
        )
    });
    let headers = tags
        .into_iter()
        .filter(|(k, _)| {
            *k != "movelist"
                && *k != "binit"
                && !k.starts_with("move_")
                && !k.starts_with("comment")
        })
        .map(|(k, v)| (k.to_string(), unescape(v)))
        .collect();
    Ok(Game {
        headers,
        start,
        moves,
        error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili_core::notation::iccs;

    #[test]
    fn a_move_list_longer_than_a_game_is_read_as_far_as_a_game_goes() {
        // 炮二平五 马8进7 and back, 300 000 plies of them.
        let page = format!(
            "[DhtmlXQ][DhtmlXQ_movelist]{}[/DhtmlXQ_movelist][/DhtmlXQ]",
            "7747706247776270".repeat(75_000)
        );
        let games = read(&page);
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.moves.len(), game::MAX_MOVES);
        assert_eq!(g.error.as_ref().unwrap().ply, game::MAX_MOVES + 1);
    }

    #[test]
    fn reads_blocks_with_headers_and_moves() {
        let page =
            "<div>[DhtmlXQ][DhtmlXQ_title]A vs B[/DhtmlXQ_title][DhtmlXQ_red]A[/DhtmlXQ_red]\
            [DhtmlXQ_result]W[/DhtmlXQ_result][DhtmlXQ_movelist]77477278[/DhtmlXQ_movelist]\
            [/DhtmlXQ]</div> <p>[DhtmlXQ][DhtmlXQ_movelist]7747727879[/DhtmlXQ_movelist][/DhtmlXQ]";
        let games = read(page);
        assert_eq!(games.len(), 2);
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.header("title"), Some("A vs B"));
        assert_eq!(g.header("result"), Some("W"));
        let moves: Vec<String> = g.moves.iter().map(|&m| iccs::write(m)).collect();
        assert_eq!(moves, ["h2e2", "h7h1"]);
        assert_eq!(g.error, None);
        let e = games[1].as_ref().unwrap().error.clone().unwrap();
        assert_eq!(e.ply, 3);
        assert_eq!(e.text, "79");
    }

    #[test]
    fn binit_and_black_to_move() {
        // Seed 000's placement (legal with red to move); then one where black moves first.
        let b = "9999075947398799999999999999999999999950403099414899499999996323";
        let g = read(&format!(
            "[DhtmlXQ][DhtmlXQ_binit]{b}[/DhtmlXQ_binit][/DhtmlXQ]"
        ));
        assert_eq!(g[0].as_ref().unwrap().start.turn(), Color::Red);
        let text = "[DhtmlXQiFrame][DhtmlXQ_movelist]1222[/DhtmlXQ_movelist]\
            [DhtmlXQ_binit]0919293949596979891777062646668600102030405060708012720323436383[/DhtmlXQ_binit]";
        let g = read(text);
        let g = g[0].as_ref().unwrap();
        assert_eq!(g.start.turn(), Color::Black);
        assert_eq!(iccs::write(g.moves[0]), "b7c7");
    }

    #[test]
    fn older_forms_flash_blocks_and_twelve_character_moves() {
        // The older wrapper, a binit with `nn` for captured pieces, twelve characters a move
        // (four digits, four of the viewer's own, the index), and an escaped header.
        let page = "[DhtmlXQFLASH][DhtmlXQ_title]\\u4E00\\u003F[/DhtmlXQ_title]\
            [DhtmlXQ_binit]0919293949596979891777062646668600102030405060708012720323436383[/DhtmlXQ_binit]\
            [DhtmlXQ_movelist]77479EZK000070622RXP0001[/DhtmlXQ_movelist][/DhtmlXQFLASH]";
        let games = read(page);
        assert_eq!(games.len(), 1);
        let g = games[0].as_ref().unwrap();
        let moves: Vec<String> = g.moves.iter().map(|&m| iccs::write(m)).collect();
        assert_eq!(moves, ["h2e2", "h9g7"]);
        assert_eq!(g.error, None);
        assert_eq!(g.header("title"), Some("一?"));
        // A variation after the main line (numbered back to 0001) is not the main line.
        assert_eq!(
            move_groups("77479EZK000070622RXP000179672EXG000280701TZR0001"),
            ["7747", "7062", "7967"]
        );
        // Twelve digits are three moves of four, not one of twelve.
        assert_eq!(move_groups("774770627967"), ["7747", "7062", "7967"]);
        // Not the older form when a group's number is not digits: read by four, an error.
        assert_eq!(move_groups("77479EZK000X").len(), 3);
        assert_eq!(unescape("a\\u00zz\\u"), "a\\u00zz\\u");
        // Twelve characters a move not numbered from 0000: an error at the first move.
        let g = read("[DhtmlXQ][DhtmlXQ_movelist]77479EZK0001[/DhtmlXQ_movelist][/DhtmlXQ]");
        let e = g[0].as_ref().unwrap().error.clone().unwrap();
        assert_eq!((e.ply, e.text.as_str()), (1, "77479EZK0001"));
        assert!(e.reason.contains("numbered from 0000"), "{e}");
    }

    #[test]
    fn bad_binit_is_an_error() {
        let g = read("[DhtmlXQ][DhtmlXQ_binit]12[/DhtmlXQ_binit][/DhtmlXQ]");
        assert!(matches!(g[0], Err(DhtmlxqError::Binit { block: 1, .. })));
        assert!(read("[DhtmlXQ][DhtmlXQ_movelist").len() == 1);
        assert!(read("no blocks here [/DhtmlXQ]").is_empty());
    }
}

//! Line formats of game records:
//!
//! - [`read_iccs`]: ICCS (中国象棋电脑应用规范, the coordinates of [`qili_core::notation::iccs`]) move
//!   lists, one game per line, as exported by online sites: an
//!   optional id and `;`, then moves separated by commas or whitespace (`iaxeugSr;h2e2,h9g7`,
//!   `h2e2 h9g7 h0g2`). Lines whose first word is no ICCS move (titles) are not games.
//! - [`read_uci`]: UCI/UCCI `position` commands (UCCI, 象棋百科全书网 *中国象棋通用引擎协议*;
//!   the UCI protocol of Kahlen and Meyer-Kahlen, 2004): `position startpos moves h2e2 …` and
//!   `position fen <fen> moves …`, one game per line.
//! - [`read_wxf`]: `.wxf` files of the World Xiangqi Federation's notation (as XieXie and
//!   elephantchess write them): header lines `KEY value;;;` (`FORMAT WXF`, `RED`, `BLACK`,
//!   `DATE`, optionally `FEN`), then `START{` moves in WXF with move numbers `}END`; a file
//!   may also hold bare numbered move lines. `FORMAT` starts a new game.
//! - [`read_fen_moves`]: a position and its moves, as test suites keep them: a FEN line, then
//!   the moves in any notation qili reads, one or more a line (one game); or lines of
//!   `FEN, moves, result` (one game a line; walker8088/cchess's test data).
//!
//! Every reader keeps at most [`MAX_GAMES`] games and [`super::game::MAX_MOVES`] moves each.

use crate::game::{self, Game, MAX_GAMES};
use crate::pgn;
use qili_core::notation::{fen, read_move};
use qili_core::Position;

/// Why a line or a `.wxf` game could not be read at all. `line` is 1-based.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LineError {
    #[error("line {line}: FEN {fen}: {error}")]
    Fen {
        line: usize,
        fen: String,
        error: fen::FenError,
    },
    #[error("line {line}: {text}: expected `position startpos` or `position fen <fen>`")]
    Position { line: usize, text: String },
}

fn is_iccs(t: &str) -> bool {
    qili_core::notation::iccs::parse(t).is_ok()
}

fn play_texts<'a>(
    start: Position,
    headers: Vec<(String, String)>,
    texts: impl IntoIterator<Item = &'a str>,
) -> Game {
    let (moves, error) = game::play(&start, texts, read_move);
    Game {
        headers,
        start,
        moves,
        error,
    }
}

/// Read ICCS move lists, one game per line (see the module docs); an id before `;` is the
/// header `id`.
pub fn read_iccs(text: &str) -> Vec<Game> {
    let mut out = Vec::new();
    for line in text.lines() {
        if out.len() >= MAX_GAMES {
            break;
        }
        let line = line.trim().trim_start_matches('\u{feff}');
        let (id, moves) = match line.split_once(';') {
            Some((id, moves)) => (Some(id.trim()), moves),
            None => (None, line),
        };
        let mut texts = qili_core::notation::move_tokens(moves).peekable();
        if !texts.peek().is_some_and(|t| is_iccs(t)) {
            continue;
        }
        let headers = id
            .map(|id| vec![("id".to_string(), id.to_string())])
            .unwrap_or_default();
        out.push(play_texts(Position::start(), headers, texts));
    }
    out
}

/// Read UCI `position` lines (see the module docs); other lines are skipped.
pub fn read_uci(text: &str) -> Vec<Result<Game, LineError>> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if out.len() >= MAX_GAMES {
            break;
        }
        let line = line.trim();
        let Some(rest) = line.strip_prefix("position") else {
            continue;
        };
        let (setup, moves) = match rest.split_once(" moves") {
            Some((setup, moves)) => (setup.trim(), moves),
            None => (rest.trim(), ""),
        };
        let start = if setup == "startpos" {
            Ok(Position::start())
        } else if let Some(f) = setup.strip_prefix("fen") {
            let f = f.trim();
            game::parse_fen(f).map_err(|error| LineError::Fen {
                line: n + 1,
                fen: game::clip(f).into_owned(),
                error,
            })
        } else {
            Err(LineError::Position {
                line: n + 1,
                text: game::clip(line).into_owned(),
            })
        };
        out.push(start.map(|start| play_texts(start, Vec::new(), moves.split_whitespace())));
    }
    out
}

/// Whether a text is a FEN line, or starts with one before a comma: the shape
/// [`read_fen_moves`] reads.
pub fn starts_with_fen(text: &str) -> bool {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty());
    first.is_some_and(|l| parse_fen(l.split(',').next().unwrap_or(l)).is_ok())
}

fn parse_fen(f: &str) -> Result<Position, fen::FenError> {
    let f = f.trim().trim_start_matches('\u{feff}');
    game::parse_fen(f)
}

/// A game's result as a record writes it on its own: the PGN results, or who won in Chinese
/// (红胜, 黑負, 和棋 …, either script).
fn is_result(text: &str) -> bool {
    game::is_pgn_result(text)
        || ["红", "紅", "黑"].iter().any(|s| text.starts_with(s))
            && ["胜", "勝", "负", "負"].iter().any(|w| text.ends_with(w))
            && text.chars().count() <= 3
        || matches!(text, "和" | "和棋" | "和局")
}

/// Read a position and its moves (see the module docs): `FEN, moves, result` lines, each a
/// game with the result as the header `Result`; else a FEN line and the moves after it.
pub fn read_fen_moves(text: &str) -> Vec<Result<Game, LineError>> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(n, l)| (n + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    let Some(&(first_line, first)) = lines.first() else {
        return Vec::new();
    };
    let fen_error = |line: usize, f: &str, error| LineError::Fen {
        line,
        fen: game::clip(f.trim()).into_owned(),
        error,
    };
    if first.contains(',') {
        return lines
            .iter()
            .take(MAX_GAMES)
            .map(|&(n, l)| {
                let mut fields = l.splitn(3, ',');
                let f = fields.next().unwrap_or_default();
                let start = parse_fen(f).map_err(|e| fen_error(n, f, e))?;
                let moves = fields.next().unwrap_or_default();
                let headers = fields
                    .next()
                    .map(|r| vec![("Result".to_string(), r.trim().to_string())])
                    .unwrap_or_default();
                Ok(play_texts(
                    start,
                    headers,
                    qili_core::notation::move_tokens(moves),
                ))
            })
            .collect();
    }
    // A last line that gives the result (`1-0`, `红胜` …) is the header `Result`.
    let mut moves = &lines[1..];
    let mut headers = Vec::new();
    if let Some((&(_, last), rest)) = moves.split_last() {
        if is_result(last) {
            headers.push(("Result".to_string(), last.to_string()));
            moves = rest;
        }
    }
    let game = parse_fen(first)
        .map_err(|e| fen_error(first_line, first, e))
        .map(|start| {
            let texts = moves
                .iter()
                .flat_map(|&(_, l)| qili_core::notation::move_tokens(l));
            play_texts(start, headers, texts)
        });
    vec![game]
}

/// The line without its `/* … */` comments (which may span lines).
fn without_comments(line: &str, in_comment: &mut bool) -> String {
    let mut out = String::new();
    let mut rest = line;
    loop {
        if *in_comment {
            match rest.find("*/") {
                Some(i) => {
                    rest = &rest[i + 2..];
                    *in_comment = false;
                }
                None => return out,
            }
        } else {
            match rest.find("/*") {
                Some(i) => {
                    out.push_str(&rest[..i]);
                    out.push(' ');
                    rest = &rest[i + 2..];
                    *in_comment = true;
                }
                None => {
                    out.push_str(rest);
                    return out;
                }
            }
        }
    }
}

/// Read a `.wxf` text: one game per `FORMAT` header, or one game of bare move lines.
pub fn read_wxf(text: &str) -> Vec<Result<Game, LineError>> {
    struct Raw {
        line: usize,
        headers: Vec<(String, String)>,
        moves: Vec<String>,
    }
    let mut raws: Vec<Raw> = Vec::new();
    let mut in_comment = false;
    for (n, line) in text.lines().enumerate() {
        let line = without_comments(line, &mut in_comment);
        let line = line.trim().trim_start_matches('\u{feff}');
        if line.is_empty() || line == "START{" || line == "}END" {
            continue;
        }
        let word_end = line.find(char::is_whitespace).unwrap_or(line.len());
        let (word, value) = line.split_at(word_end);
        let is_key = word.len() > 1 && word.bytes().all(|c| c.is_ascii_uppercase());
        if is_key {
            if word == "FORMAT" || raws.is_empty() {
                if raws.len() >= MAX_GAMES {
                    break;
                }
                raws.push(Raw {
                    line: n + 1,
                    headers: Vec::new(),
                    moves: Vec::new(),
                });
            }
            let value = value.trim().trim_end_matches(';').trim();
            if let Some(raw) = raws.last_mut() {
                raw.headers.push((word.to_string(), value.to_string()));
            }
            continue;
        }
        if raws.is_empty() {
            raws.push(Raw {
                line: n + 1,
                headers: Vec::new(),
                moves: Vec::new(),
            });
        }
        if let Some(raw) = raws.last_mut() {
            for token in line.split_whitespace() {
                if let Some(t) = pgn::move_text(token) {
                    if raw.moves.len() <= game::MAX_MOVES {
                        raw.moves.push(t.to_string());
                    }
                }
            }
        }
    }
    raws.into_iter()
        .map(|raw| {
            let fen_value = raw
                .headers
                .iter()
                .find(|(k, _)| k == "FEN")
                .map(|(_, v)| v.clone());
            let start = match fen_value {
                Some(f) if !f.is_empty() => {
                    game::parse_fen(&f).map_err(|error| LineError::Fen {
                        line: raw.line,
                        fen: game::clip(&f).into_owned(),
                        error,
                    })?
                }
                _ => Position::start(),
            };
            Ok(play_texts(
                start,
                raw.headers,
                raw.moves.iter().map(String::as_str),
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_fen_then_moves_and_fen_move_result_lines() {
        let one = "4k4/9/9/9/9/9/9/9/9/3K1R3 w\n车四平五\n将5平6\n红胜\n";
        assert!(starts_with_fen(one));
        let g = read_fen_moves(one).remove(0).unwrap();
        assert_eq!((g.moves.len(), g.error.is_none()), (2, true));
        assert_eq!(g.header("Result"), Some("红胜"));
        let many =
            "4k4/9/9/9/9/9/9/9/9/3K1R3 w, f0e0 e9f9, 1-0\n4k4/9/9/9/9/9/9/9/9/3K1R3 w, f0f9\n";
        let games = read_fen_moves(many);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].as_ref().unwrap().header("Result"), Some("1-0"));
        // The second line's one move checks along the open file.
        assert_eq!(games[1].as_ref().unwrap().moves.len(), 1);
        // A line that is no FEN is an error naming its line, not a panic.
        let bad = "4k4/9/9/9/9/9/9/9/9/3K1R3 w, f0e0\nnot a fen, h2e2\n";
        let games = read_fen_moves(bad);
        assert!(matches!(games[1], Err(LineError::Fen { line: 2, .. })));
        assert!(!starts_with_fen("h2e2 h9g7"));
    }
    use super::*;
    use qili_core::notation::iccs;

    fn iccs_of(g: &Game) -> Vec<String> {
        g.moves.iter().map(|&m| iccs::write(m)).collect()
    }

    #[test]
    fn iccs_lines() {
        let games = read_iccs("abc;h2e2,h9g7,h0g2\nZHAO - KE\nh2e2 h9g7 i9i0\n\n");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].header("id"), Some("abc"));
        assert_eq!(iccs_of(&games[0]), ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(games[1].moves.len(), 2);
        assert_eq!(games[1].error.as_ref().unwrap().ply, 3);
    }

    #[test]
    fn uci_lines() {
        let games = read_uci(
            "uci\nposition startpos moves h2e2 h9g7\nposition fen 3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1 moves e1e8\n\
             position fen 9/9 w\nposition nonsense\nposition startpos\n",
        );
        assert_eq!(games.len(), 5);
        assert_eq!(iccs_of(games[0].as_ref().unwrap()), ["h2e2", "h9g7"]);
        assert_eq!(iccs_of(games[1].as_ref().unwrap()), ["e1e8"]);
        assert!(matches!(games[2], Err(LineError::Fen { line: 4, .. })));
        assert!(matches!(games[3], Err(LineError::Position { line: 5, .. })));
        assert!(games[4].as_ref().unwrap().moves.is_empty());
    }

    #[test]
    fn wxf_files() {
        let text = "FORMAT\tWXF\nRED\tA;;;\n/*time control*/\nBLACK\tB;;;\nSTART{\n 1.  C2.5  H8+7    2.  H2+3!  R9.8\n!!3. P7+1 P7+1\n}END\n";
        let games = read_wxf(text);
        assert_eq!(games.len(), 1);
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.header("RED"), Some("A"));
        assert_eq!(iccs_of(g), ["h2e2", "h9g7", "h0g2", "i9h9", "c3c4", "g6g5"]);
        let bare = read_wxf("1. C2=6 h8+7\n2. H2+3 r9=8\n");
        assert_eq!(bare[0].as_ref().unwrap().moves.len(), 4);
        assert_eq!(bare[0].as_ref().unwrap().error, None);
    }
}

//! A game record as the readers of game files return it: the headers as written, the start
//! position, the legal moves of the main line, and the first move that could not be read.
//!
//! The readers of the text formats ([`super::pgn`], [`super::dhtmlxq_game`], [`super::lines`])
//! all return this type. They never panic and do bounded work: a game holds at most
//! [`MAX_MOVES`] moves and a file at most [`MAX_GAMES`] games.

use std::fmt;

use qili_core::notation::fen::{self, FenError};
use qili_core::{Move, Position};

/// The most moves (plies) a reader keeps for one game; the ply after them is an error.
/// Real games are under 500 plies; the cap bounds the work on hostile input.
pub const MAX_MOVES: usize = 10_000;

/// The most games a reader returns from one text; the rest is not read.
pub const MAX_GAMES: usize = 100_000;

/// The most characters of a text of the record a reader's error quotes (a move, a FEN, a tag);
/// a longer one is cut and ends with `…`, so that a hostile record's errors stay small.
pub const MAX_ECHO_CHARS: usize = 80;

/// `text` as an error quotes it: whole when at most [`MAX_ECHO_CHARS`] characters, else its
/// first [`MAX_ECHO_CHARS`] and `…`.
///
/// ```
/// use qili_records::game::clip;
/// assert_eq!(clip("h2e2"), "h2e2");
/// assert_eq!(clip(&"x".repeat(100)).chars().count(), 81);
/// ```
pub fn clip(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(MAX_ECHO_CHARS) {
        None => std::borrow::Cow::Borrowed(text),
        Some((cut, _)) => std::borrow::Cow::Owned(format!("{}…", &text[..cut])),
    }
}

/// One game: headers in file order (keys as written), the start position, the main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub headers: Vec<(String, String)>,
    pub start: Position,
    /// The main line up to the first bad move; every move is legal where it is played.
    pub moves: Vec<Move>,
    /// The first move that could not be read or is illegal; the moves before it are kept.
    pub error: Option<GameError>,
}

/// Why the main line stops early: the 1-based ply, the move text, the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct GameError {
    pub ply: usize,
    pub text: String,
    pub reason: String,
}

impl fmt::Display for GameError {
    /// `ply 5 (h0g2): there is no piece on h0`; `ply 5: …` where no move text was read.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.text.is_empty() {
            write!(f, "ply {}: {}", self.ply, self.reason)
        } else {
            write!(f, "ply {} ({}): {}", self.ply, self.text, self.reason)
        }
    }
}

/// Why a ply of a binary record could not be used, for the readers that hold moves rather
/// than texts (XQF, 象棋桥).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GameErrorKind {
    /// The move is on the board but the position does not allow it.
    Illegal {
        mv: Move,
        error: qili_core::MoveError,
    },
    /// The record's bytes do not make a move (what is wrong, in the format's terms).
    Unreadable(String),
    /// The main line is longer than the reader's cap; the moves up to the cap are kept.
    TooLong { limit: usize },
}

impl GameError {
    /// The error at `ply` for `kind`: an illegal move names itself as the text.
    pub fn new(ply: usize, kind: GameErrorKind) -> GameError {
        let (text, reason) = match kind {
            GameErrorKind::Illegal { mv, error } => (mv.to_string(), error.to_string()),
            GameErrorKind::Unreadable(why) => (String::new(), why),
            GameErrorKind::TooLong { limit } => (
                String::new(),
                format!("the main line goes on past {limit} plies, the most a reader takes"),
            ),
        };
        GameError { ply, text, reason }
    }
}

impl Game {
    /// The value of the first header with this key, compared without case.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    }

    /// The position after the main line.
    pub fn end(&self) -> Position {
        let mut p = self.start.clone();
        for &m in &self.moves {
            p.play_unchecked(m);
        }
        p
    }
}

/// Play move texts from `start` with `read`, stopping at the first that fails (or at
/// [`MAX_MOVES`]). Every move `read` returns is checked here, so `read` need not check it.
pub(crate) fn play<'a, E: fmt::Display>(
    start: &Position,
    texts: impl IntoIterator<Item = &'a str>,
    mut read: impl FnMut(&Position, &str) -> Result<Move, E>,
) -> (Vec<Move>, Option<GameError>) {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for (i, text) in texts.into_iter().enumerate() {
        let error = |reason: String| {
            let shown = clip(text);
            GameError {
                ply: i + 1,
                reason: if shown.len() < text.len() {
                    reason.replace(text, &shown)
                } else {
                    reason
                },
                text: shown.into_owned(),
            }
        };
        if i >= MAX_MOVES {
            return (moves, Some(error(format!("more than {MAX_MOVES} moves"))));
        }
        match read(&pos, text).map(|m| (m, pos.check_move(m))) {
            Ok((m, Ok(()))) => {
                pos.play_unchecked(m);
                moves.push(m);
            }
            Ok((_, Err(e))) => return (moves, Some(error(e.to_string()))),
            Err(e) => {
                let reason = e.to_string();
                // The notations' errors start with the text itself: `h0g2: there is …`.
                let reason = reason
                    .strip_prefix(text)
                    .and_then(|r| r.strip_prefix(": "))
                    .map(str::to_string)
                    .unwrap_or(reason);
                return (moves, Some(error(reason)));
            }
        }
    }
    (moves, None)
}

/// A PGN game-termination marker: a result or `*`.
pub(crate) fn is_pgn_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

/// A game record's start: a standard position, else a composed one (records also hold
/// problems with more pieces than the set); where neither is legal, the composed reading's
/// problems.
pub(crate) fn record_start(setup: qili_core::Setup) -> Result<Position, qili_core::IllegalSetup> {
    Position::new(setup.clone(), qili_core::SetupMode::Standard)
        .or_else(|_| Position::new(setup, qili_core::SetupMode::Composed))
}

/// A game record's FEN, read as [`record_start`] takes a start.
pub(crate) fn parse_fen(text: &str) -> Result<Position, FenError> {
    record_start(fen::parse_setup(text)?).map_err(FenError::Illegal)
}

/// Full-width ASCII (`Ｃ２＝５`, `１．`) as ASCII; other characters as they are.
pub(crate) fn narrow(text: &str) -> std::borrow::Cow<'_, str> {
    if text
        .chars()
        .all(|c| !('\u{ff01}'..='\u{ff5e}').contains(&c))
    {
        return text.into();
    }
    text.chars()
        .map(|c| match c {
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
            c => c,
        })
        .collect::<String>()
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili_core::notation::parse_move;

    #[test]
    fn play_stops_at_the_first_bad_move() {
        let (moves, error) = play(&Position::start(), ["h2e2", "h9g7", "h0h2"], parse_move);
        assert_eq!(moves.len(), 2);
        let e = error.unwrap();
        assert_eq!(
            e.to_string(),
            "ply 3 (h0h2): a horse cannot move from h0 to h2"
        );
    }

    #[test]
    fn a_long_move_text_is_quoted_clipped() {
        let junk = "\0".repeat(100_000);
        let (moves, error) = play(&Position::start(), ["h2e2", junk.as_str()], parse_move);
        assert_eq!(moves.len(), 1);
        let e = error.unwrap();
        assert_eq!(e.text.chars().count(), MAX_ECHO_CHARS + 1);
        assert!(e.to_string().len() < 1_000, "{} bytes", e.to_string().len());
    }

    #[test]
    fn narrows_full_width() {
        assert_eq!(narrow("Ｃ２＝５"), "C2=5");
        assert_eq!(narrow("马８进７"), "马8进7");
        assert_eq!(narrow("h2e2"), "h2e2");
    }
}

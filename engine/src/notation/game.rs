//! A game record as the file readers return it: the headers the file gives, the start
//! position, the main line, and — when the record breaks off — the ply where it does and why.
//!
//! Readers keep every move before the first one they cannot read or play, so a scan can still
//! look at the part of a game that is sound. Variations are not kept.

use std::fmt;

use crate::{Move, MoveError, Position};

/// One game: headers, start position and main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The headers in the order the format gives them, named as PGN tags where PGN has one
    /// (`Event`, `Site`, `Date`, `Red`, `Black`, `Result`), otherwise as the format names them
    /// (`Title`, `Annotator`, `Author`, `Comment` for the comment before the first move…).
    /// Empty fields are left out.
    pub headers: Vec<(String, String)>,
    /// The position before the first move, checked by [`Position::new`].
    pub start: Position,
    /// The main line, every move legal from `start` on.
    pub moves: Vec<Move>,
    /// Why the main line stops before the record's end, if it does.
    pub error: Option<GameError>,
}

impl Game {
    /// The value of the first header with this name.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The position after the main line.
    pub fn end(&self) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            pos.play_unchecked(m);
        }
        pos
    }
}

/// Where and why a main line breaks off: the 1-based ply of the first move that could not be
/// read or played. The moves before it are in [`Game::moves`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("ply {ply}: {kind}")]
pub struct GameError {
    pub ply: usize,
    pub kind: GameErrorKind,
}

/// Why a ply of a record could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GameErrorKind {
    /// The move is on the board but the position does not allow it.
    Illegal { mv: Move, error: MoveError },
    /// The record's bytes or text do not make a move (what is wrong, in the format's terms).
    Unreadable(String),
    /// The main line is longer than the reader's cap; the moves up to the cap are kept.
    TooLong { limit: usize },
}

impl fmt::Display for GameErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameErrorKind::Illegal { mv, error } => write!(f, "{mv}: {error}"),
            GameErrorKind::Unreadable(why) => f.write_str(why),
            GameErrorKind::TooLong { limit } => {
                write!(
                    f,
                    "the main line goes on past {limit} plies, the most a reader takes"
                )
            }
        }
    }
}

//! Reading and writing positions and moves in the notations referees and engines use.
//! Each notation has its own module and error type; [`parse_move`] detects the notation of a
//! single move text.

pub mod chinese;
pub mod fen;
pub mod iccs;

use std::fmt;

use crate::{Move, MoveError, Position};

/// Why a move text could not be read in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    Iccs(iccs::IccsError),
    /// The text names a move the position does not allow.
    Illegal {
        text: String,
        error: MoveError,
    },
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::Iccs(e) => write!(f, "{e}"),
            MoveTextError::Illegal { text, error } => write!(f, "{text}: {error}"),
        }
    }
}

impl std::error::Error for MoveTextError {}

/// Read one move in any supported notation, detected from the text, and check it is legal.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveTextError> {
    let m = iccs::parse(text).map_err(MoveTextError::Iccs)?;
    pos.check_move(m).map_err(|error| MoveTextError::Illegal {
        text: text.to_string(),
        error,
    })?;
    Ok(m)
}

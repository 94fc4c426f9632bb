//! Reading positions and move lists from the command line, with errors that name the ply.

use qili::notation::fen;
use qili::{Color, Move, Position, SetupMode};

use super::CliError;
use crate::notation_adapter::{self, read_move};

/// `w`/`r`/`red` or `b`/`black`.
pub fn parse_side(s: &str) -> Result<Color, String> {
    match s {
        "w" | "r" | "red" | "W" | "R" => Ok(Color::Red),
        "b" | "black" | "B" => Ok(Color::Black),
        _ => Err(format!(
            "'{s}' is not a side, expected w (or r) for red, b for black"
        )),
    }
}

/// The position given by `--fen` (or `startpos`) or `--binit`, with `--side` overriding the
/// side to move.
pub fn position(
    fen_text: Option<&str>,
    binit: Option<&str>,
    side: Option<Color>,
) -> Result<Position, CliError> {
    let mut setup = match (fen_text, binit) {
        (Some(_), Some(_)) => {
            return Err(CliError("give either --fen or --binit, not both".into()));
        }
        (None, None) => return Err(CliError("give a position with --fen or --binit".into())),
        (Some("startpos"), None) => Position::start().to_setup(),
        (Some(f), None) => fen::parse_setup(f).map_err(|e| CliError(format!("--fen: {e}")))?,
        (None, Some(b)) => {
            notation_adapter::parse_binit(b).map_err(|e| CliError(format!("--binit: {e}")))?
        }
    };
    if let Some(s) = side {
        setup.turn = s;
    }
    Position::new(setup.clone(), SetupMode::Standard)
        .or_else(|_| Position::new(setup, SetupMode::Composed))
        .map_err(|e| {
            CliError(format!(
                "{}: {e}",
                if fen_text.is_some() {
                    "--fen"
                } else {
                    "--binit"
                }
            ))
        })
}

/// Split a move list on spaces and commas.
pub fn split_moves(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || c == ',' || c == '，')
        .filter(|s| !s.is_empty())
        .collect()
}

/// Read every move in turn from `start`; returns the moves and the position before each.
pub fn moves(start: &Position, text: &str) -> Result<Vec<(Position, Move)>, CliError> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for (i, t) in split_moves(text).into_iter().enumerate() {
        let m = read_move(&pos, t).map_err(|e| {
            CliError(format!(
                "--moves: ply {} ({t}, {} to move): {e}",
                i + 1,
                pos.turn().name()
            ))
        })?;
        let before = pos.clone();
        pos.play_unchecked(m);
        out.push((before, m));
    }
    if out.is_empty() {
        return Err(CliError("--moves: no moves given".into()));
    }
    Ok(out)
}

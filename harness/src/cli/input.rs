//! Reading positions and move lists from the command line, with errors that name the ply.

use qili::notation::{self, dhtmlxq, fen};
use qili::{Color, Move, Position, SetupMode};

use super::CliError;
use crate::bounds::{self, clip, clip_value_in, thousands, MAX_FILE_BYTES, MAX_JUDGE_PLIES};

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
/// FEN's side to move. A binit holds no side to move: `--side` gives it, or else
/// `binit_default` when the command has one (`None`: `--side` is required).
pub fn position(
    fen_text: Option<&str>,
    binit: Option<&str>,
    side: Option<Color>,
    binit_default: Option<Color>,
) -> Result<Position, CliError> {
    match (fen_text, binit) {
        (Some(_), Some(_)) => Err(CliError("give either --fen or --binit, not both".into())),
        (None, None) => Err(CliError("give a position with --fen or --binit".into())),
        (Some(f), None) => {
            let mut setup = if f == "startpos" {
                Position::start().to_setup()
            } else {
                fen::parse_setup(f).map_err(|e| {
                    CliError(bounds::clip_quoted(&clip_value_in(
                        &format!("--fen: {e}"),
                        f,
                    )))
                })?
            };
            if let Some(s) = side {
                setup.turn = s;
            }
            Position::new(setup.clone(), SetupMode::Standard)
                .or_else(|_| Position::new(setup, SetupMode::Composed))
                .map_err(|e| CliError(format!("--fen: {e}")))
        }
        (None, Some(b)) => {
            let Some(turn) = side.or(binit_default) else {
                return Err(CliError(
                    "--binit holds no side to move, expected --side w (red) or --side b (black)"
                        .into(),
                ));
            };
            let setup = dhtmlxq::parse(b, turn).map_err(|e| {
                CliError(bounds::clip_quoted(&clip_value_in(
                    &format!("--binit: {e}"),
                    b,
                )))
            })?;
            // A binit has slots for the standard set only, so the standard rules apply.
            Position::new(setup, SetupMode::Standard).map_err(|e| {
                let given = if side.is_some() {
                    String::new()
                } else {
                    format!(
                        " (the default; --side {} for {})",
                        side_letter(!turn),
                        (!turn).name()
                    )
                };
                CliError(format!("--binit with {} to move{given}: {e}", turn.name()))
            })
        }
    }
}

fn side_letter(c: Color) -> char {
    match c {
        Color::Red => 'w',
        Color::Black => 'b',
    }
}

/// Split a move list on spaces and commas (`,` `，` `、`), leaving out move numbers (`1.`), as
/// [`notation::parse_moves`] does.
pub fn split_moves(text: &str) -> Vec<&str> {
    notation::move_tokens(text).collect()
}

/// The move list of `--moves TEXT` or `--moves-file PATH` (`-`: standard input), exactly one of
/// them, with the name to report errors under. None may be larger than
/// [`MAX_FILE_BYTES`]; a file or standard input is not read further.
pub fn move_text(
    moves: Option<&str>,
    file: Option<&std::path::Path>,
) -> Result<(String, String), CliError> {
    match (moves, file) {
        (Some(_), Some(_)) => Err(CliError(
            "give either --moves or --moves-file, not both".into(),
        )),
        (None, None) => Err(CliError(
            "give the moves with --moves or --moves-file".into(),
        )),
        (Some(m), None) if m.len() > MAX_FILE_BYTES => Err(CliError(format!(
            "--moves: {} bytes of moves, over the limit of {} bytes (128 KiB, MAX_FILE_BYTES), expected at most {MAX_JUDGE_PLIES} moves",
            thousands(m.len()),
            thousands(MAX_FILE_BYTES)
        ))),
        (Some(m), None) => Ok((m.to_string(), "--moves".to_string())),
        (None, Some(p)) if p.as_os_str() == "-" => {
            let text = bounds::read_text(std::io::stdin().lock(), None).map_err(|e| {
                CliError(match e {
                    bounds::ReadError::Io(e) => {
                        format!("--moves-file -: cannot read standard input: {e}")
                    }
                    e => format!("--moves-file - (standard input): {e}"),
                })
            })?;
            Ok((text, "standard input".to_string()))
        }
        (None, Some(p)) => {
            let text = bounds::read_file(p)
                .map_err(|e| CliError(format!("--moves-file {}: {e}", p.display())))?;
            Ok((text, p.display().to_string()))
        }
    }
}

/// Read every move in turn from `start`, each in any notation (detected per move); returns the
/// moves and the position before each.
pub fn moves(start: &Position, text: &str) -> Result<Vec<(Position, Move)>, CliError> {
    moves_from(start, text, "--moves")
}

/// [`moves`], naming the source of the text (`--moves`, a file, standard input) in errors.
/// More than [`MAX_JUDGE_PLIES`] moves are refused before any is read.
pub fn moves_from(
    start: &Position,
    text: &str,
    source: &str,
) -> Result<Vec<(Position, Move)>, CliError> {
    let tokens = split_moves(text);
    if tokens.len() > MAX_JUDGE_PLIES {
        return Err(CliError(format!(
            "{source}: {} moves, over the limit of {} plies a call reads (MAX_JUDGE_PLIES), expected a shorter game",
            thousands(tokens.len()),
            thousands(MAX_JUDGE_PLIES)
        )));
    }
    let mut pos = start.clone();
    let mut out = Vec::new();
    for (i, t) in tokens.into_iter().enumerate() {
        let m = notation::parse_move(&pos, t).map_err(|e| {
            CliError(clip_value_in(
                &format!(
                    "{source}: ply {} ({}, {} to move): {e}",
                    i + 1,
                    clip(t),
                    pos.turn().name()
                ),
                t,
            ))
        })?;
        let before = pos.clone();
        pos.play_unchecked(m);
        out.push((before, m));
    }
    if out.is_empty() {
        return Err(CliError(format!("{source}: no moves given")));
    }
    Ok(out)
}

//! Reading positions and move lists from the command line, with errors that name the ply.

use qili::notation::{self, dhtmlxq, fen};
use qili::{Color, Move, Position, SetupMode};

use super::CliError;
use qili_io::bounds::{self, clip, clip_value_in, thousands, MAX_FILE_BYTES, MAX_JUDGE_PLIES};

/// Where a command's position comes from: a FEN (or `startpos`) or a DhtmlXQ binit, and the side
/// to move. Shared by `judge`, `convert` and `show`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct PositionArgs {
    /// The position as FEN (with its side to move), or `startpos` (optionally `startpos b`).
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// The position as a DhtmlXQ binit (32 × 2 digits), which holds no side to move.
    #[arg(long, value_name = "DIGITS")]
    pub binit: Option<String>,
    /// The side to move: w (red) or b (black); overrides the FEN's, and gives the binit's.
    #[arg(long, value_name = "w|b", value_parser = parse_side)]
    pub side: Option<Color>,
}

impl PositionArgs {
    /// The position; `binit_side` is the side a binit gets without --side (`None`: --side is
    /// required).
    pub fn position(&self, binit_side: Option<Color>) -> Result<Position, CliError> {
        position(
            self.fen.as_deref(),
            self.binit.as_deref(),
            self.side,
            binit_side,
        )
    }
}

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
            // `startpos`, optionally with a side to move (`startpos b`).
            let mut words = f.split_whitespace();
            let mut setup = if words.next() == Some("startpos") {
                let mut setup = Position::start().to_setup();
                match (words.next(), words.next()) {
                    (None, _) => {}
                    (Some(t), None) => {
                        setup.turn = parse_side(t).map_err(|e| CliError(format!("--fen: {e}")))?
                    }
                    (Some(_), Some(_)) => {
                        return Err(CliError(format!(
                            "--fen '{f}': expected `startpos` or `startpos w|b`, or a FEN"
                        )))
                    }
                }
                setup
            } else {
                // A FEN names the side to move; guessing it would rule the other side's game.
                if side.is_none() && f.split_whitespace().nth(1).is_none() {
                    return Err(CliError(
                        "--fen: the FEN has no side to move, expected ' w' (red) or ' b' (black) after the placement, or --side"
                            .to_string(),
                    ));
                }
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
                .or_else(|_| Position::new(setup.clone(), SetupMode::Composed))
                .map_err(|e| CliError(format!("--fen: {e}{}", upside_down_hint(&setup))))
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

/// A hint when the board is legal only turned over: FEN lists black's back rank (rank 9) first.
fn upside_down_hint(setup: &qili::Setup) -> String {
    let mut board = qili::Board::default();
    for (sq, p) in setup.board.pieces() {
        board.set(qili::Square::new(sq.file(), sq.rank().flip()), Some(p));
    }
    let flipped = qili::Setup::new(board, setup.turn);
    if Position::new(flipped, SetupMode::Composed).is_ok() {
        " (the board is legal upside down: a FEN lists rank 9, black's back rank, first, and red in upper case)".to_string()
    } else {
        String::new()
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

/// The move list of `--moves TEXT`, with the name to report errors under; none may be larger
/// than [`MAX_FILE_BYTES`]. (`--moves-file` is read by [`super::record`]: a move list in any
/// encoding, or a game record.)
pub fn move_text(moves: Option<&str>) -> Result<(String, String), CliError> {
    match moves {
        None => Err(CliError(
            "give the moves with --moves or --moves-file".into(),
        )),
        Some(m) if m.len() > MAX_FILE_BYTES => Err(CliError(format!(
            "--moves: {} bytes of moves, over the limit of {} bytes (128 KiB, MAX_FILE_BYTES), expected at most {MAX_JUDGE_PLIES} moves",
            thousands(m.len()),
            thousands(MAX_FILE_BYTES)
        ))),
        Some(m) => Ok((m.to_string(), "--moves".to_string())),
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

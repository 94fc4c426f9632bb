//! `qili convert`: moves from any notation into one, or a DhtmlXQ binit into FEN.

use std::process::ExitCode;

use clap::ValueEnum;
use qili::notation::{chinese, fen, wxf};
use qili::Color;

use super::{input, CliError, CliResult};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Target {
    /// ICCS (h2e2).
    Iccs,
    /// Simplified Chinese (马二进三).
    Chinese,
    /// Traditional Chinese (馬二進三).
    Traditional,
    /// WXF (H2+3).
    Wxf,
}

#[derive(clap::Args)]
pub struct Args {
    /// The position the moves start from (FEN or `startpos`).
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// A DhtmlXQ binit (32 × 2 digits): printed as FEN, or the start of --moves.
    #[arg(long, value_name = "DIGITS")]
    pub binit: Option<String>,
    /// The side to move, w (red) or b (black): for --binit, which holds none [default: w]; with
    /// --fen, overrides the FEN's.
    #[arg(long, value_name = "w|b", value_parser = input::parse_side)]
    pub side: Option<Color>,
    /// Moves separated by spaces or commas, each in ICCS, WXF or Chinese (detected per move).
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// The notation to write.
    #[arg(long, value_enum, default_value = "iccs")]
    pub to: Target,
}

pub fn main(args: Args) -> CliResult {
    let pos = input::position(
        args.fen.as_deref(),
        args.binit.as_deref(),
        args.side,
        Some(Color::Red),
    )?;
    let Some(moves) = &args.moves else {
        if args.binit.is_none() {
            return Err(CliError(
                "nothing to convert: give --moves, or --binit to print its FEN".into(),
            ));
        }
        super::emit(fen::write(&pos));
        return Ok(ExitCode::SUCCESS);
    };
    let out: Vec<String> = input::moves(&pos, moves)?
        .into_iter()
        .map(|(before, m)| match args.to {
            Target::Iccs => m.to_string(),
            Target::Chinese => chinese::write(&before, m),
            Target::Traditional => chinese::write_traditional(&before, m),
            Target::Wxf => wxf::write(&before, m),
        })
        .collect();
    super::emit(out.join(" "));
    Ok(ExitCode::SUCCESS)
}

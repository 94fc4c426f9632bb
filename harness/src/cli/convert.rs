//! `qili convert`: moves from any notation into one, or a DhtmlXQ binit into FEN.

use std::process::ExitCode;

use clap::ValueEnum;
use qili::notation::fen;
use qili::Color;

use super::{input, CliError, CliResult};
use crate::notation_adapter;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Target {
    Iccs,
    /// Simplified Chinese (炮二平五).
    Chinese,
    /// Traditional Chinese (炮二平五 with 馬 車 帥 …).
    Traditional,
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
    /// The side to move (w or b) for --binit, which does not say.
    #[arg(long, value_name = "w|b", value_parser = input::parse_side)]
    pub side: Option<Color>,
    /// Moves separated by spaces, each in ICCS, WXF or Chinese (detected per move).
    #[arg(long, value_name = "MOVES")]
    pub moves: Option<String>,
    /// The notation to write.
    #[arg(long, value_enum, default_value = "iccs")]
    pub to: Target,
}

pub fn main(args: Args) -> CliResult {
    let pos = input::position(args.fen.as_deref(), args.binit.as_deref(), args.side)?;
    let Some(moves) = &args.moves else {
        if args.binit.is_none() {
            return Err(CliError(
                "nothing to convert: give --moves, or --binit to print its FEN".into(),
            ));
        }
        super::emit(fen::write(&pos));
        return Ok(ExitCode::SUCCESS);
    };
    let mut out = Vec::new();
    for (i, (before, m)) in input::moves(&pos, moves)?.into_iter().enumerate() {
        let written = match args.to {
            Target::Iccs => Ok(m.to_string()),
            Target::Chinese => notation_adapter::write_chinese(&before, m),
            Target::Traditional => notation_adapter::write_traditional(&before, m),
            Target::Wxf => notation_adapter::write_wxf(&before, m),
        };
        out.push(written.map_err(|e| CliError(format!("--to: ply {} ({m}): {e}", i + 1)))?);
    }
    super::emit(out.join(" "));
    Ok(ExitCode::SUCCESS)
}

//! `qili convert`: moves from any notation into one, or a position into FEN or DhtmlXQ binit.

use std::process::ExitCode;

use clap::ValueEnum;
use qili::notation::{chinese, dhtmlxq, fen, wxf};
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
    /// The position (after --moves, if given) as FEN.
    Fen,
    /// The position (after --moves, if given) as a DhtmlXQ binit.
    Binit,
}

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub position: input::PositionArgs,
    /// Moves separated by spaces or commas, each in ICCS, WXF or Chinese (detected per move).
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// The notation to write (a binit without --side has red to move).
    #[arg(long, value_enum, default_value = "iccs")]
    pub to: Target,
}

pub fn main(args: Args) -> CliResult {
    super::emit(convert(&args)?);
    Ok(ExitCode::SUCCESS)
}

/// What `qili convert` prints for `args`: the moves in the target notation (space-separated),
/// or the position as FEN or binit.
pub fn convert(args: &Args) -> Result<String, CliError> {
    let pos = args.position.position(Some(Color::Red))?;
    let played = match &args.moves {
        Some(moves) => input::moves(&pos, moves)?,
        None => Vec::new(),
    };
    if matches!(args.to, Target::Fen | Target::Binit) {
        let last = played
            .last()
            .map_or_else(|| pos.clone(), |(before, m)| before.after(*m));
        let text = match args.to {
            Target::Binit => {
                dhtmlxq::write(last.board()).map_err(|e| CliError(format!("--to binit: {e}")))?
            }
            _ => fen::write(&last),
        };
        return Ok(text);
    }
    if args.moves.is_none() {
        if args.position.binit.is_none() {
            return Err(CliError(
                "nothing to convert: give --moves, --binit to print its FEN, or --to fen|binit"
                    .into(),
            ));
        }
        return Ok(fen::write(&pos));
    }
    let out: Vec<String> = played
        .into_iter()
        .map(|(before, m)| match args.to {
            Target::Chinese => chinese::write(&before, m),
            Target::Traditional => chinese::write_traditional(&before, m),
            Target::Wxf => wxf::write(&before, m),
            Target::Iccs | Target::Fen | Target::Binit => m.to_string(),
        })
        .collect();
    Ok(out.join(" "))
}

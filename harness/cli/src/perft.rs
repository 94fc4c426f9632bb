//! `qili perft`: legal move paths per first move, then the total alone on the last line.

use std::process::ExitCode;

use qili::Position;

use super::{input, CliResult};

#[derive(clap::Args)]
pub struct Args {
    /// The position as FEN, or `startpos`.
    #[arg(long, value_name = "FEN|startpos")]
    pub fen: String,
    /// How many plies deep (at most 10, MAX_PERFT_DEPTH: from the start, 6 already takes
    /// minutes).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=i64::from(qili_io::bounds::MAX_PERFT_DEPTH)))]
    pub depth: u32,
}

/// `(move, count)` per legal first move, in ICCS order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut rows: Vec<(String, u64)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| (m.to_string(), pos.after(m).perft(depth - 1)))
        .collect();
    rows.sort();
    rows
}

pub fn main(args: Args) -> CliResult {
    let pos = input::position(Some(&args.fen), None, None, None)?;
    let rows = divide(&pos, args.depth);
    for (m, n) in &rows {
        super::emit(format!("{m} {n}"));
    }
    let total: u64 = if args.depth == 0 {
        1
    } else {
        rows.iter().map(|(_, n)| n).sum()
    };
    super::emit(format!("{total}"));
    Ok(ExitCode::SUCCESS)
}

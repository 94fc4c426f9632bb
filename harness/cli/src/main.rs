//! `qili`: run the corpus, lint it, judge a position, list what each next move would do, count moves, convert notations, time the
//! run, list the rule books.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use qili_cli as cli;

/// qili rules Xiangqi repetitions (棋例) the way the Chinese rule book does, and checks itself
/// against a corpus of published cases.
#[derive(Parser)]
#[command(
    name = "qili",
    version,
    after_help = "Exit status: 0 done (everything agrees, lints clean, or was printed); 1 found something wrong in what it checked (a new disagreement, a stale record, a broken case, lint problems, stale reports); 2 could not run (bad arguments or input: the error says which)."
)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Lint the corpus: schema, ids, positions, moves, vocabularies. Exit 1 on any problem.
    Check(cli::check::Args),
    /// Judge every case × published edition, compare, write reports/.
    Run(cli::run::Args),
    /// Judge a sequence of moves from a position.
    Judge(cli::judge::Args),
    /// Every legal next move of the position a game reached, with what playing it would do
    /// under a rule book: allowed, forbidden (the mover must change), draw, undetermined.
    Moves(cli::moves::Args),
    /// Count legal move paths (per first move, then the total).
    Perft(cli::perft::Args),
    /// Convert moves between notations, or a DhtmlXQ binit to FEN.
    Convert(cli::convert::Args),
    /// Time every case × edition and the whole run; write reports/perf.md (not compared by
    /// `run --check`).
    Perf(cli::perf::Args),
    /// List the rule books, each with how it differs from cxa2011.
    Rules,
    /// Draw a board in the terminal: a corpus case's start, or a position, after some moves.
    Show(cli::show::Args),
    /// Find and rule every repetition in game records (files or directories): one JSON line
    /// per game with a repetition, then a summary on standard error.
    Scan(cli::scan::Args),
    /// The differential oracle: cycles built in real games, ruled by qili (axf) and by
    /// Fairy-Stockfish; every disagreement classed, a JSON line each, and a summary.
    Diff(cli::diff::Args),
}

fn main() -> ExitCode {
    let args = Args::parse();
    let result = match args.command {
        Command::Check(a) => cli::check::main(a),
        Command::Run(a) => cli::run::main(a),
        Command::Judge(a) => cli::judge::main(a),
        Command::Moves(a) => cli::moves::main(a),
        Command::Perft(a) => cli::perft::main(a),
        Command::Convert(a) => cli::convert::main(a),
        Command::Perf(a) => cli::perf::main(a),
        Command::Rules => cli::rules::main(),
        Command::Show(a) => cli::show::main(a),
        Command::Scan(a) => cli::scan::main(a),
        Command::Diff(a) => cli::diff::main(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            // Values a command quotes are clipped where it quotes them; this is the backstop.
            let message = qili_io::bounds::clip_message(qili_io::bounds::clip_quoted(&e.0));
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

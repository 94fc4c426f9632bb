//! `qili scan PATH…`: every repetition in game records, ruled, one JSON line per game that has
//! one (or an error), then a summary on standard error.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use qili::rules::{RuleBook, RuleBookId};
use rayon::prelude::*;

use super::{CliError, CliResult};
use crate::scan::{self, formats, summary::Summary};

/// Files read in parallel at a time: their lines are written in order before the next batch
/// is read, so memory stays flat however many files there are.
const BATCH: usize = 64;

#[derive(clap::Args)]
pub struct Args {
    /// Game files or directories (read recursively).
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,
    /// The rule book the repetitions are ruled under (see `qili rules`).
    #[arg(long, default_value = "cxa2011", value_name = "R", value_parser = clap::value_parser!(RuleBookId))]
    pub rules: RuleBookId,
    /// Write the JSON lines here instead of standard output.
    #[arg(long, value_name = "FILE.jsonl")]
    pub out: Option<PathBuf>,
    /// The format of every file, instead of detecting it from the content and the extension.
    #[arg(long, value_enum, default_value = "auto")]
    pub format: formats::Format,
    /// Also write a line for games without a repetition.
    #[arg(long)]
    pub all: bool,
}

pub fn main(args: Args) -> CliResult {
    let book = RuleBook::get(args.rules);
    let files = scan::files::collect(&args.paths).map_err(CliError)?;
    let mut out: Box<dyn Write> = match &args.out {
        Some(p) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(p)
                .map_err(|e| CliError(format!("--out {}: {e}", p.display())))?,
        )),
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    let bar = indicatif::ProgressBar::new(files.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} files {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut summary = Summary::default();
    for batch in files.chunks(BATCH) {
        let read: Vec<formats::FileGames> = batch
            .par_iter()
            .map(|f| {
                let r = formats::scan_file(f, args.format, &book);
                bar.inc(1);
                r
            })
            .collect();
        for file in read {
            summary.files += 1;
            for e in &file.errors {
                summary.error(&e.kind);
                eprintln!("{}", e.message);
            }
            for line in file.lines {
                summary.add(&line);
                if args.all || !line.episodes.is_empty() || line.error.is_some() {
                    let json = serde_json::to_string(&line).expect("a scan line serialises");
                    writeln!(out, "{json}")
                        .map_err(|e| CliError(format!("writing the scan: {e}")))?;
                }
            }
        }
    }
    out.flush()
        .map_err(|e| CliError(format!("writing the scan: {e}")))?;
    bar.finish_and_clear();
    eprintln!("{}", summary.text());
    Ok(ExitCode::SUCCESS)
}

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
    /// Also write the scan as an HTML page, DIR/scan.html (the directory is replaced as one
    /// set, as `qili run` replaces reports/).
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
    /// Write a corpus case skeleton, ID.yaml in the current directory, from the first game
    /// with a repetition (or game N, see --game): the position where its judged cycle starts,
    /// the cycle's moves, qili's rulings in a comment, for a contributor to complete.
    #[arg(long, value_name = "ID")]
    pub case: Option<String>,
    /// With --case: the game's 1-based index in its file.
    #[arg(long, value_name = "N", requires = "case")]
    pub game: Option<usize>,
    /// With --case: which episode of the game, 1-based [default: the last].
    #[arg(long, value_name = "K", requires = "case")]
    pub episode: Option<usize>,
}

pub fn main(args: Args) -> CliResult {
    if let Some(id) = &args.case {
        check_case_id(id)?;
    }
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
    let mut page = args.report.as_ref().map(|_| scan::html::Page::default());
    let mut case: Option<String> = None;
    let mut case_error: Option<String> = None;
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
                if let Some(p) = &mut page {
                    p.add(&line);
                }
                if let (Some(id), None, None) = (&args.case, &case, &case_error) {
                    match case_from(id, &line, &args) {
                        Some(Ok(text)) => case = Some(text),
                        Some(Err(e)) => case_error = Some(e),
                        None => {}
                    }
                }
                if line.printed(args.all) {
                    writeln!(out, "{}", line.json())
                        .map_err(|e| CliError(format!("writing the scan: {e}")))?;
                }
            }
        }
    }
    out.flush()
        .map_err(|e| CliError(format!("writing the scan: {e}")))?;
    bar.finish_and_clear();
    eprintln!("{}", summary.text());
    if let (Some(dir), Some(page)) = (&args.report, page) {
        crate::report::write_set(dir, &[page.finish(&summary)]).map_err(CliError)?;
        eprintln!("wrote {}", dir.join(scan::html::FILE).display());
    }
    if let Some(id) = &args.case {
        let text = match (case, case_error) {
            (Some(t), _) => t,
            (None, Some(e)) => return Err(CliError(format!("--case {id}: {e}"))),
            (None, None) => {
                return Err(CliError(format!(
                    "--case {id}: no game{} with a repetition{} in the files scanned",
                    args.game.map(|n| format!(" {n}")).unwrap_or_default(),
                    args.episode
                        .map(|k| format!(" (and an episode {k})"))
                        .unwrap_or_default()
                )))
            }
        };
        let path = PathBuf::from(format!("{id}.yaml"));
        write_new(&path, &text)?;
        eprintln!("wrote the case skeleton {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// A case id as the corpus has them (lower-case ASCII letters and digits joined by single
/// dashes), checked before the scan so a bad one costs nothing.
fn check_case_id(id: &str) -> Result<(), CliError> {
    let ok = !id.is_empty()
        && id.split('-').all(|w| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        });
    if ok {
        Ok(())
    } else {
        Err(CliError(format!(
            "--case '{id}' is not a valid case id, expected lower-case ASCII letters and digits joined by single dashes (game-1992-jiang-hu)"
        )))
    }
}

/// The case skeleton from `line` if it is the game and has the episode asked for.
fn case_from(
    id: &str,
    line: &scan::record::GameLine,
    args: &Args,
) -> Option<Result<String, String>> {
    if args.game.is_some_and(|n| n != line.game) || line.episodes.is_empty() {
        return None;
    }
    let e = match args.episode {
        Some(k) => line.episodes.get(k.checked_sub(1)?)?,
        None => line.episodes.last()?,
    };
    Some(scan::case::skeleton(id, line, e))
}

/// Write `text` to a file that must not exist yet (a skeleton never replaces a case).
fn write_new(path: &std::path::Path, text: &str) -> Result<(), CliError> {
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| CliError(format!("cannot create {}: {e}", path.display())))?;
    f.write_all(text.as_bytes())
        .map_err(|e| CliError(format!("writing {}: {e}", path.display())))
}

//! `qili scan PATH…`: every repetition in game records, ruled, one JSON line per game that has
//! one (or an error), then a summary on standard error.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use qili::rules::{RuleBook, RuleBookId};
use rayon::prelude::*;

use super::{CliError, CliResult};
use qili_harness::report::scan as html;
use qili_io::bounds::MAX_SCAN_GAMES;
use qili_scan::files::Entry;
use qili_scan::formats::{self, Opened};
use qili_scan::input::Refused;
use qili_scan::output::{self, Output};
use qili_scan::record::GameLine;
use qili_scan::rule::{games_of, rule, to_open, Item, Job};
use qili_scan::{self as scan, summary::Summary};

/// Files opened in parallel at a time (fewer when they are large, see [`BATCH_BYTES`]): their
/// games are ruled and written in order before the next files are opened, so memory stays
/// flat however many files there are.
const BATCH: usize = 64;

/// Bytes of files (as the file system gives their sizes) opened in parallel at a time; a
/// larger file is opened alone.
const BATCH_BYTES: u64 = 16 << 20;

/// The entries in batches of at most [`BATCH`] files and [`BATCH_BYTES`], each sized as it is
/// reached (a scan that stops early asks nothing of the files after).
fn batches(entries: &[Entry]) -> impl Iterator<Item = &[Entry]> {
    let mut start = 0;
    std::iter::from_fn(move || {
        if start == entries.len() {
            return None;
        }
        let mut bytes = 0u64;
        let mut end = start;
        while end < entries.len() {
            let size = match &entries[end] {
                Entry::File(p) => std::fs::metadata(p).map_or(0, |m| m.len()),
                _ => 0,
            };
            if end > start && (end - start >= BATCH || bytes + size > BATCH_BYTES) {
                break;
            }
            bytes += size;
            end += 1;
        }
        let batch = &entries[start..end];
        start = end;
        Some(batch)
    })
}

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
    /// Also write the scan as HTML: DIR/scan.html, an index (totals, every disagreement and
    /// error, linked), and pages of at most 200 games (the directory is replaced as one set,
    /// as `qili run` replaces reports/).
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

/// Everything a scan writes, as the items come.
struct Sink<'a> {
    args: &'a Args,
    out: Output,
    summary: Summary,
    report: Option<html::Report>,
    case: Option<String>,
    case_error: Option<String>,
}

impl<'a> Sink<'a> {
    fn open(args: &'a Args) -> Result<Sink<'a>, CliError> {
        Ok(Sink {
            args,
            out: Output::open(args.out.as_deref()).map_err(CliError)?,
            summary: Summary::default(),
            report: match &args.report {
                Some(dir) => Some(html::Report::begin(dir).map_err(CliError)?),
                None => None,
            },
            case: None,
            case_error: None,
        })
    }

    fn emit(&mut self, item: Item) -> Result<(), CliError> {
        // Every error on standard error, and every game's read error, whether it repeats or not.
        let said = item.count(&mut self.summary);
        if let Some(said) = &said {
            eprintln!("{}", said.message);
        }
        match item {
            Item::Error(kind, _) => {
                if let (Some(r), Some(said)) = (&mut self.report, &said) {
                    r.error(kind, &said.message).map_err(CliError)?;
                }
            }
            Item::Line(line) => self.line(*line)?,
        }
        Ok(())
    }

    /// A game ruled (already counted): its page entry, the case skeleton if it is the game
    /// asked for, and its JSON line.
    fn line(&mut self, line: GameLine) -> Result<(), CliError> {
        if let Some(r) = &mut self.report {
            r.add(&line).map_err(CliError)?;
        }
        let args = self.args;
        if let (Some(id), None, None) = (&args.case, &self.case, &self.case_error) {
            match case_from(id, &line, args) {
                Some(Ok(text)) => self.case = Some(text),
                Some(Err(e)) => self.case_error = Some(e),
                None => {}
            }
        }
        if line.printed(args.all) {
            self.out.line(&line.json()).map_err(CliError)?;
        }
        Ok(())
    }

    /// Open the entries a batch at a time and rule their games, until the scan's budget of
    /// games is spent.
    fn scan(
        &mut self,
        entries: &[Entry],
        book: &RuleBook,
        bar: &indicatif::ProgressBar,
    ) -> Result<(), CliError> {
        let format = self.args.format;
        let mut jobs: Vec<Job> = Vec::new();
        let mut seen = 0;
        let mut left = MAX_SCAN_GAMES;
        for batch in batches(entries) {
            let opened: Vec<Option<Result<Opened, Refused>>> = batch
                .par_iter()
                .map(|e| {
                    let r = match e {
                        Entry::File(p) => Some(formats::open(p, format)),
                        _ => None,
                    };
                    bar.inc(1);
                    r
                })
                .collect();
            for (entry, file) in batch.iter().zip(opened) {
                seen += 1;
                if let Err(item) = to_open(entry, &mut self.summary) {
                    self.emit(item)?;
                    continue;
                }
                match file.expect("every file is opened") {
                    Err(r) => self.emit(Item::Error(r.kind, r.message))?,
                    Ok(o) => {
                        let files_left = entries.len() - seen;
                        let mut emit = |i| self.emit(i);
                        let spent = games_of(o, &mut jobs, book, &mut left, files_left, &mut emit)?;
                        if let Some(said) = spent {
                            self.emit(said)?;
                            return rule(&mut jobs, book, &mut |i| self.emit(i));
                        }
                    }
                }
            }
        }
        rule(&mut jobs, book, &mut |i| self.emit(i))
    }

    /// Close the output, say the summary, finish the pages and write the case skeleton.
    fn finish(self, bar: &indicatif::ProgressBar) -> Result<(), CliError> {
        let Sink {
            args,
            out,
            summary,
            report,
            case,
            case_error,
        } = self;
        out.finish().map_err(CliError)?;
        bar.finish_and_clear();
        eprintln!("{}", summary.text());
        if let (Some(dir), Some(report)) = (&args.report, report) {
            report.finish(&summary).map_err(CliError)?;
            eprintln!(
                "wrote {} (the index) and its pages",
                dir.join(html::FILE).display()
            );
        }
        if let Some(id) = &args.case {
            write_case(id, args, case, case_error)?;
        }
        Ok(())
    }
}

pub fn main(args: Args) -> CliResult {
    if let Some(id) = &args.case {
        check_case_id(id)?;
    }
    let book = RuleBook::get(args.rules);
    let entries = scan::files::collect(&args.paths).map_err(CliError)?;
    if let Some(out) = &args.out {
        check_out(out, &entries)?;
    }
    let bar = indicatif::ProgressBar::new(entries.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} files {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut sink = Sink::open(&args)?;
    sink.scan(&entries, &book, &bar)?;
    sink.finish(&bar)?;
    Ok(ExitCode::SUCCESS)
}

/// `--out` must not be one of the files scanned.
fn check_out(out: &Path, entries: &[Entry]) -> Result<(), CliError> {
    let inputs: Vec<PathBuf> = entries
        .iter()
        .filter_map(|e| match e {
            Entry::File(p) => Some(p.clone()),
            _ => None,
        })
        .collect();
    if let Some(same) = output::is_input(out, &inputs) {
        return Err(CliError(format!(
            "--out {} is {}, one of the files scanned: the scan would replace what it reads; choose another --out",
            out.display(),
            same.display()
        )));
    }
    Ok(())
}

/// Write the skeleton of `--case id`, or say why there is none.
fn write_case(
    id: &str,
    args: &Args,
    case: Option<String>,
    case_error: Option<String>,
) -> Result<(), CliError> {
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
    Ok(())
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
fn write_new(path: &Path, text: &str) -> Result<(), CliError> {
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| CliError(format!("cannot create {}: {e}", path.display())))?;
    f.write_all(text.as_bytes())
        .map_err(|e| CliError(format!("writing {}: {e}", path.display())))
}

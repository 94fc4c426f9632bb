//! A scan's games ruled as they come: the games of each file opened become jobs, ruled in
//! parallel a chunk at a time, and what they give ([`Item`]s) goes out in the files' order.
//! `qili scan` writes the items as lines, pages and standard error; the bindings
//! ([`scan_one`]) keep them for one file. Both go through the same steps, so a file scanned
//! either way says the same.

use std::path::Path;
use std::sync::Arc;

use qili::rules::RuleBook;
use qili_records::game::Game;
use rayon::prelude::*;

use super::files::{self, Entry};
use super::formats::{self, Opened};
use super::record::GameLine;
use super::summary::Summary;
use super::{scan_game, Source};
use qili_io::bounds::{clip_message, clip_quoted, MAX_SCAN_GAMES};

/// Games ruled in parallel at a time, across files: their lines are emitted in order before
/// the next are ruled, so memory stays flat however many games a file has.
pub const CHUNK: usize = 256;

/// One game of a file, to be ruled.
pub struct Job {
    file: Arc<str>,
    game: usize,
    format: &'static str,
    encoding: &'static str,
    read: Result<Game, String>,
}

/// What a scan emits, in order.
pub enum Item {
    /// A game ruled.
    Line(Box<GameLine>),
    /// A file or a game of it that could not be read: its kind (as the summary counts them)
    /// and the message.
    Error(&'static str, String),
}

/// The file an entry names to open, or the item saying why it is not opened (skipped or
/// unreadable); every entry but a skipped one counts as a file in `summary`.
pub fn to_open<'e>(entry: &'e Entry, summary: &mut Summary) -> Result<&'e Path, Item> {
    match entry {
        Entry::Skipped { why, .. } => Err(Item::Error("skipped, not a regular file", why.clone())),
        Entry::Unreadable { why, .. } => {
            summary.files += 1;
            Err(Item::Error("unreadable file", why.clone()))
        }
        Entry::File(p) => {
            summary.files += 1;
            Ok(p)
        }
    }
}

impl Item {
    /// Count the item in `summary`, and give the line `qili scan` prints for it on standard
    /// error, if any: an error's message, or a game's read error (its line is printed too),
    /// clipped as the scan clips them.
    pub fn count(&self, summary: &mut Summary) -> Option<FileError> {
        match self {
            Item::Error(kind, message) => {
                summary.error(kind);
                Some(FileError {
                    kind: kind.to_string(),
                    message: clip_message(clip_quoted(message)),
                })
            }
            Item::Line(line) => {
                summary.add(line);
                line.error.as_ref().map(|e| FileError {
                    kind: "game read error".to_string(),
                    message: clip_message(clip_quoted(e)),
                })
            }
        }
    }
}

/// Rule `jobs` in parallel and emit what they give in order.
pub fn rule<E>(
    jobs: &mut Vec<Job>,
    book: &RuleBook,
    emit: &mut impl FnMut(Item) -> Result<(), E>,
) -> Result<(), E> {
    let items: Vec<Item> = std::mem::take(jobs)
        .into_par_iter()
        .map(|j| {
            let source = Source {
                file: &j.file,
                game: j.game,
                format: j.format,
                encoding: j.encoding,
            };
            match j.read {
                Ok(g) => Item::Line(Box::new(scan_game(
                    source,
                    g.headers,
                    &g.start,
                    &g.moves,
                    g.error.as_ref().map(ToString::to_string),
                    book,
                ))),
                Err(e) => Item::Error(
                    "unreadable game",
                    format!("{}, game {}: {e}", j.file, j.game),
                ),
            }
        })
        .collect();
    for item in items {
        emit(item)?;
    }
    Ok(())
}

/// The games of an opened file, ruled chunk by chunk (after the `jobs` already waiting); a
/// file without any is an error of its own. `left` is what is left of the scan's budget of
/// games ([`MAX_SCAN_GAMES`]): once it is spent the rest of the file is not read, and the
/// result is the error saying so (with `files_left` files after it not opened).
pub fn games_of<E>(
    opened: Opened,
    jobs: &mut Vec<Job>,
    book: &RuleBook,
    left: &mut usize,
    files_left: usize,
    emit: &mut impl FnMut(Item) -> Result<(), E>,
) -> Result<Option<Item>, E> {
    let file: Arc<str> = Arc::from(opened.name.as_str());
    let (format, encoding) = (opened.format, opened.encoding);
    let mut count = 0;
    let read = opened.each_piece(|piece| {
        let games = match piece {
            Ok(g) => g,
            Err(r) => return emit(Item::Error(r.kind, r.message)).map_err(Some),
        };
        for read in games {
            if *left == 0 {
                // `None`: the budget is spent at this game.
                return Err(None);
            }
            *left -= 1;
            count += 1;
            jobs.push(Job {
                file: file.clone(),
                game: count,
                format: format.name(),
                encoding,
                read,
            });
            if jobs.len() >= CHUNK {
                rule(jobs, book, emit).map_err(Some)?;
            }
        }
        Ok(())
    });
    match read {
        Ok(()) => {}
        Err(Some(e)) => return Err(e),
        Err(None) => {
            rule(jobs, book, emit)?;
            return Ok(Some(budget_spent(
                &format!("{file}, game {}", count + 1),
                files_left,
            )));
        }
    }
    if count == 0 {
        rule(jobs, book, emit)?;
        emit(Item::Error(
            "no game",
            format!("{file}: no game in it, read as {}", format.name()),
        ))?;
    }
    Ok(None)
}

/// Where the scan stopped reading, at the game `at` names, with `files_left` files after its
/// file not opened.
fn budget_spent(at: &str, files_left: usize) -> Item {
    Item::Error(
        "not read, the scan's budget spent (MAX_SCAN_GAMES)",
        format!(
            "{at}: the scan has read {} games, the most one scan reads (MAX_SCAN_GAMES): this game{} are not read; scan them separately",
            qili_io::bounds::thousands(MAX_SCAN_GAMES),
            match files_left {
                0 => " and the rest of its file".to_string(),
                n => format!(
                    ", the rest of its file and the {} file(s) after it",
                    qili_io::bounds::thousands(n)
                ),
            }
        ),
    )
}

/// One file scanned as `qili scan` scans it: the JSON lines it prints (the games with a
/// repetition or an error; with `all`, every game), what it prints on standard error, in
/// order, and the file's part of the summary. The bindings scan a file at a time with it.
#[derive(Debug, Default)]
pub struct FileScan {
    pub lines: Vec<String>,
    pub errors: Vec<FileError>,
    pub summary: Summary,
}

/// A line `qili scan` prints on standard error for a file.
#[derive(Debug)]
pub struct FileError {
    /// What the summary counts it as (`unreadable file`, `no game`, `unreadable game`,
    /// `skipped, not a regular file` …), or `game read error` for a game whose main line
    /// stopped early (its line is printed too).
    pub kind: String,
    /// The message as printed (clipped as the scan clips it).
    pub message: String,
}

impl FileScan {
    fn take(&mut self, item: Item, all: bool) {
        if let Some(said) = item.count(&mut self.summary) {
            self.errors.push(said);
        }
        if let Item::Line(line) = item {
            if line.printed(all) {
                self.lines.push(line.json());
            }
        }
    }
}

/// One path scanned as `qili scan PATH` would scan it, as far as that file goes: the same
/// entries (a file, or skipped or unreadable), the same games, errors and summary.
pub fn scan_one(
    path: &std::path::Path,
    format: formats::Format,
    book: &RuleBook,
    all: bool,
) -> FileScan {
    let mut out = FileScan::default();
    let entries = match files::collect(&[path.to_path_buf()]) {
        Ok(e) => e,
        Err(why) => {
            out.summary.files += 1;
            out.take(Item::Error("unreadable file", why), all);
            return out;
        }
    };
    let mut jobs = Vec::new();
    let mut left = MAX_SCAN_GAMES;
    for (i, entry) in entries.iter().enumerate() {
        let p = match to_open(entry, &mut out.summary) {
            Ok(p) => p,
            Err(item) => {
                out.take(item, all);
                continue;
            }
        };
        match formats::open(p, format) {
            Err(r) => out.take(Item::Error(r.kind, r.message), all),
            Ok(o) => {
                let mut emit = |i| {
                    out.take(i, all);
                    Ok::<(), std::convert::Infallible>(())
                };
                let files_left = entries.len() - i - 1;
                let Ok(spent) = games_of(o, &mut jobs, book, &mut left, files_left, &mut emit);
                let Ok(()) = rule(&mut jobs, book, &mut emit);
                if let Some(said) = spent {
                    out.take(said, all);
                    break;
                }
            }
        }
    }
    out
}

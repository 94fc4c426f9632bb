//! `qili scan`: the repetitions in real game records, each ruled at its end.
//!
//! A game is a start position and its main line; what repeats in it is grouped into episodes
//! ([`episodes`]), and each episode is ruled as the whole-game rules rule a game that ends
//! there (the cycle repeating at its end). Text files are decoded first ([`decode`]).

pub mod case;
pub mod decode;
pub mod episodes;
pub mod files;
pub mod formats;
pub mod html;
pub mod record;
pub mod summary;

use qili::rules::RuleBook;
use qili::{Move, Position};

use record::{EpisodeLine, GameLine};
use summary::Summary;

/// One file scanned as `qili scan` scans it: the JSON lines it prints (the games with a
/// repetition or an error; with `all`, every game), the errors it prints on standard error,
/// and the file's part of the summary. The bindings scan a file at a time with it.
pub struct FileScan {
    pub lines: Vec<String>,
    pub errors: Vec<formats::FileError>,
    pub summary: Summary,
}

pub fn scan_one(
    path: &std::path::Path,
    format: formats::Format,
    book: &RuleBook,
    all: bool,
) -> FileScan {
    let read = formats::scan_file(path, format, book);
    let mut summary = Summary {
        files: 1,
        ..Summary::default()
    };
    for e in &read.errors {
        summary.error(&e.kind);
    }
    let mut lines = Vec::new();
    for line in &read.lines {
        summary.add(line);
        if line.printed(all) {
            lines.push(line.json());
        }
    }
    FileScan {
        lines,
        errors: read.errors,
        summary,
    }
}

/// Where a game came from and how its file was read.
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    pub file: &'a str,
    /// 1-based index of the game in its file.
    pub game: usize,
    pub format: &'static str,
    pub encoding: &'static str,
}

/// One game's line: its episodes ruled under `book`, and its recorded result held against the
/// last of them when the game ends there.
pub fn scan_game(
    source: Source<'_>,
    headers: Vec<(String, String)>,
    start: &Position,
    moves: &[Move],
    error: Option<String>,
    book: &RuleBook,
) -> GameLine {
    let (found, judge_error) = match episodes::episodes(start, moves, book) {
        Ok(e) => (e, None),
        Err(e) => (
            Vec::new(),
            Some(format!("the engine refused the game: {e}")),
        ),
    };
    let ends_game = found
        .last()
        .is_some_and(|e| moves.len() - e.last <= episodes::GAP);
    let last = found.last().filter(|_| ends_game).map(|e| &e.ruling);
    let recorded = record::recorded(&headers, last);
    let termination = record::termination(&headers, recorded.as_ref().map(|r| r.outcome), last);
    let episodes = found
        .into_iter()
        .map(|e| EpisodeLine {
            first_ply: e.first,
            last_ply: e.last,
            offset: e.offset,
            cycle_fen: e.cycle_start.as_ref().map(qili::notation::fen::write),
            cycle_start: e.cycle_start,
            ruling: e.ruling,
        })
        .collect();
    GameLine {
        file: source.file.to_string(),
        game: source.game,
        format: source.format,
        encoding: source.encoding,
        headers,
        plies: moves.len(),
        episodes,
        recorded,
        termination,
        error: error
            .map(|e| format!("{}, game {}: {e}", source.file, source.game))
            .or(judge_error),
    }
}

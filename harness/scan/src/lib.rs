//! `qili scan`: the repetitions in real game records, each ruled at its end.
//!
//! A game is a start position and its main line; what repeats in it is grouped into episodes
//! ([`episodes`]), and each episode is ruled as the whole-game rules rule a game that ends
//! there (the cycle repeating at its end). A file is read through a cap and sniffed, and its
//! text decoded, by [`input`]; the lines go out as a whole through [`output`].

pub mod case;
pub mod episodes;
pub mod files;
pub mod formats;
pub mod input;
pub mod output;
pub mod record;
pub mod rule;
pub mod summary;

use qili::rules::RuleBook;
use qili::{Move, Position};

use record::{EpisodeLine, GameLine};
pub use rule::{scan_one, FileError, FileScan};

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
    let (found, spent_at, judge_error) = match episodes::episodes(start, moves, book) {
        Ok(e) => (e.found, e.spent_at, None),
        Err(e) => (
            Vec::new(),
            None,
            Some(format!("the engine refused the game: {e}")),
        ),
    };
    let budget = spent_at.map(|ply| {
        format!(
            "the game's budget ({} positions searched, MAX_GAME_WORK, or {} plies labelled, MAX_GAME_PLIES) ran out at the episode ending at ply {ply}: its unsearched plies are 未定 and the episodes after it unruled (undetermined)",
            qili_io::bounds::thousands(episodes::MAX_GAME_WORK as usize),
            qili_io::bounds::thousands(episodes::MAX_GAME_PLIES as usize)
        )
    });
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
        budget,
        error: error
            .map(|e| format!("{}, game {}: {e}", source.file, source.game))
            .or(judge_error),
    }
}

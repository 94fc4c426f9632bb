//! The real games the cycles are built in: every game the scanner's readers read under a
//! directory (../shared/games), in a fixed order, so that a seed picks the same positions on
//! every machine that has the same files.

use std::path::Path;

use qili::{Move, Position};

use qili_scan::{files, formats};

/// One game's main line, and where it came from.
#[derive(Clone, Debug)]
pub struct Game {
    /// `path/in/games#3`: the file, relative to the directory read, and the game's 1-based
    /// index in it.
    pub source: String,
    pub start: Position,
    pub moves: Vec<Move>,
}

/// The games of a directory, in file order then the file's order.
#[derive(Clone, Debug, Default)]
pub struct Pool {
    pub games: Vec<Game>,
    /// Files read.
    pub files: usize,
}

/// Games shorter than this are left out: a position a few plies from the start of a record
/// is the start position again and again.
pub const MIN_PLIES: usize = 10;

/// Every game under `dir` with at least [`MIN_PLIES`] legal moves read (a game whose record
/// breaks off keeps the moves before the break). Files that hold no game are skipped: the
/// scanner reports them, here they are only not used.
pub fn load(dir: &Path) -> Result<Pool, String> {
    if !dir.is_dir() {
        return Err(format!(
            "the games directory {} does not exist",
            dir.display()
        ));
    }
    let paths = files::collect(&[dir.to_path_buf()])?;
    let mut pool = Pool::default();
    for entry in &paths {
        // Not regular files (FIFOs, devices) and what vanished are the scanner's to report.
        let files::Entry::File(path) = entry else {
            continue;
        };
        let Ok(meta) = std::fs::metadata(path) else {
            continue;
        };
        if meta.len() > qili_io::bounds::MAX_GAME_FILE_BYTES {
            continue;
        }
        let Ok(bytes) = std::fs::read(path) else {
            continue;
        };
        let (_, games, _) = formats::read_games(path, formats::Format::Auto, &bytes);
        pool.files += 1;
        let name = path.strip_prefix(dir).unwrap_or(path).display().to_string();
        for (i, g) in games.into_iter().enumerate() {
            let Ok(g) = g else { continue };
            if g.moves.len() >= MIN_PLIES {
                pool.games.push(Game {
                    source: format!("{name}#{}", i + 1),
                    start: g.start,
                    moves: g.moves,
                });
            }
        }
    }
    if pool.games.is_empty() {
        return Err(format!(
            "no game of {MIN_PLIES} plies or more under {}",
            dir.display()
        ));
    }
    Ok(pool)
}

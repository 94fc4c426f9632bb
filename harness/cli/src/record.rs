//! `qili judge --moves-file GAME`: a game record of any format `qili scan` reads, in any of its
//! encodings, as the position and the moves to rule; or a move list in GBK or Big5 as well as
//! UTF-8.
//!
//! A record is read by the scan's readers ([`qili_scan::formats`]): its start position and
//! its main line (the readers do not keep variations). A file of several games needs
//! `--game N`, since ruling the first of them silently could rule the wrong game; `--plies N`
//! stops the record where the referee was called.

use std::io::Read;
use std::path::Path;

use qili::{Move, Position};
use qili_records::game::Game;
use serde::Serialize;

use super::CliError;
use qili_io::bounds::{thousands, MAX_FILE_BYTES, MAX_JUDGE_PLIES};
use qili_scan::{formats, input};

/// Which game of a record, and how much of it.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct RecordArgs {
    /// With --moves-file and no --fen or --binit: the format of the game record, instead of
    /// detecting it from the content and the extension.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<formats::Format>,
    /// With a record of several games (a PGN file, a 象棋桥 library, a page of DhtmlXQ
    /// blocks): the game to rule, 1-based in file order. Required when there are several.
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
    /// With a record: rule only its first N plies (the position when the referee was
    /// called), not the whole main line.
    #[arg(long, value_name = "N")]
    pub plies: Option<usize>,
}

impl RecordArgs {
    /// Whether any of them was given.
    pub fn any(&self) -> bool {
        self.format.is_some() || self.game.is_some() || self.plies.is_some()
    }
}

/// The game a record gave: where it came from, its start and the moves to rule.
#[derive(Debug, Serialize)]
pub struct Record {
    /// The file as given (`-` for standard input).
    pub file: String,
    /// The game's 1-based index in the file, and how many games the file holds.
    pub game: usize,
    pub games: usize,
    pub format: &'static str,
    pub encoding: &'static str,
    /// The headers as the record writes them.
    pub headers: Vec<(String, String)>,
    /// How many plies the main line has, and how many are ruled (`--plies`).
    pub record_plies: usize,
    #[serde(skip)]
    pub start: Position,
    #[serde(skip)]
    pub moves: Vec<Move>,
}

impl Record {
    /// One line for the text output: `对局：FILE 第N局（pgn, GBK）红方 – 黑方，赛事，12 着`.
    pub fn line(&self) -> String {
        let h = |k: &str| {
            self.headers
                .iter()
                .find(|(key, v)| key.eq_ignore_ascii_case(k) && !v.trim().is_empty())
                .map(|(_, v)| v.trim())
        };
        let mut s = format!(
            "对局：{} 第{}局（{}，{}）",
            self.file, self.game, self.format, self.encoding
        );
        if let (Some(r), Some(b)) = (h("red"), h("black")) {
            s.push_str(&format!("{r} – {b}"));
        } else if let Some(t) = h("title") {
            s.push_str(t);
        }
        if let Some(e) = h("event") {
            s.push_str(&format!("，{e}"));
        }
        if self.moves.len() < self.record_plies {
            s.push_str(&format!(
                "，前 {} 着（全局 {} 着）",
                self.moves.len(),
                self.record_plies
            ));
        } else {
            s.push_str(&format!("，{} 着", self.moves.len()));
        }
        s
    }
}

/// The bytes of `path` (`-`: standard input), at most `limit` of them; `too_large` words the
/// refusal of a larger input (from the size, and whether the size is exact).
fn read_bytes(
    path: &Path,
    limit: usize,
    too_large: impl Fn(usize, bool) -> String,
) -> Result<Vec<u8>, CliError> {
    let stdin = path.as_os_str() == "-";
    let name = if stdin {
        "--moves-file - (standard input)".to_string()
    } else {
        format!("--moves-file {}", path.display())
    };
    let fail = |why: String| CliError(format!("{name}: {why}"));
    let mut bytes = Vec::new();
    if stdin {
        std::io::stdin()
            .lock()
            .take(limit as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| fail(format!("cannot read standard input: {e}")))?;
    } else {
        let file =
            std::fs::File::open(path).map_err(|e| fail(format!("cannot read the file: {e}")))?;
        if let Some(size) = file.metadata().ok().map(|m| m.len()) {
            if size > limit as u64 {
                return Err(fail(too_large(
                    usize::try_from(size).unwrap_or(usize::MAX),
                    true,
                )));
            }
        }
        file.take(limit as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| fail(format!("cannot read the file: {e}")))?;
    }
    if bytes.len() > limit {
        return Err(fail(too_large(limit + 1, false)));
    }
    Ok(bytes)
}

/// The text of a move list file (`--moves-file` with `--fen` or `--binit`) in UTF-8, GBK or
/// Big5, at most [`qili_io::bounds::MAX_FILE_BYTES`] bytes, and the name errors are reported
/// under. A file that is a game
/// record with its own start is refused: its start would be silently replaced.
pub fn move_list(path: &Path, args: &RecordArgs) -> Result<(String, String), CliError> {
    if args.any() {
        return Err(CliError(
            "--format, --game and --plies read a game record: give --moves-file without --fen or --binit"
                .into(),
        ));
    }
    let bytes = read_bytes(path, MAX_FILE_BYTES, qili_io::bounds::too_large)?;
    let source = if path.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        path.display().to_string()
    };
    let format = formats::detect(path, &bytes);
    let is_record = matches!(
        format,
        formats::Format::Xqf
            | formats::Format::Cbl
            | formats::Format::Cbf
            | formats::Format::Dhtmlxq
    ) || (format == formats::Format::Pgn && has_tag_pairs(&bytes));
    if is_record {
        return Err(CliError(format!(
            "{source}: a game record ({}) with its own start position; give it without --fen or --binit to rule it from that start",
            format.name()
        )));
    }
    let (text, _) = input::decode(bytes);
    Ok((text, source))
}

/// Whether a PGN text starts with tag pairs (`[Event "…"]`), not bare movetext.
fn has_tag_pairs(bytes: &[u8]) -> bool {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]);
    head.trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with('[')
}

/// Read the game record at `path` (`-`: standard input) and pick the game to rule.
pub fn read(path: &Path, args: &RecordArgs) -> Result<Record, CliError> {
    let file = path.display().to_string();
    let limit = qili_io::bounds::MAX_GAME_FILE_BYTES as usize;
    let bytes =
        read_bytes(path, limit, |size, exact| {
            format!(
            "{} {} bytes, over the limit of {} bytes a game file may have (MAX_GAME_FILE_BYTES)",
            if exact { "the file is" } else { "the input is more than" },
            thousands(if exact { size } else { limit }),
            thousands(limit)
        )
        })?;
    let (format, games, encoding) =
        formats::read_games(path, args.format.unwrap_or(formats::Format::Auto), &bytes);
    let count = games.len();
    let index = game_index(&file, format.name(), args.game, count)?;
    let game: Game = games
        .into_iter()
        .nth(index - 1)
        .expect("index checked")
        .map_err(|e| CliError(format!("{file}, game {index}: {e}")))?;
    let record_plies = game.moves.len();
    let wanted = plies_to_rule(&file, index, &game, args.plies)?;
    let mut moves = game.moves;
    moves.truncate(wanted);
    Ok(Record {
        file,
        game: index,
        games: count,
        format: format.name(),
        encoding,
        headers: game.headers,
        record_plies,
        start: game.start,
        moves,
    })
}

/// The 1-based index of the game to rule among the `count` of `file` (read as `format`):
/// `--game`, or the only one.
fn game_index(
    file: &str,
    format: &str,
    game: Option<usize>,
    count: usize,
) -> Result<usize, CliError> {
    match (game, count) {
        (_, 0) => Err(CliError(format!(
            "{file}: no game in it, read as {format}; give --format if it is another format, or --fen with a move list"
        ))),
        (Some(0), _) => Err(CliError("--game 0: games are counted from 1".into())),
        (Some(n), c) if n > c => Err(CliError(format!(
            "--game {n}: {file} holds {c} game(s), expected --game 1 to {c}"
        ))),
        (Some(n), _) => Ok(n),
        (None, 1) => Ok(1),
        (None, c) => Err(CliError(format!(
            "{file} holds {c} games ({format}): say which with --game N (1 to {c})"
        ))),
    }
}

/// How many plies of game `index` to rule: `--plies`, or the whole main line when it reads to
/// the end; within the record and the limit, and at least one.
fn plies_to_rule(
    file: &str,
    index: usize,
    game: &Game,
    plies: Option<usize>,
) -> Result<usize, CliError> {
    let record_plies = game.moves.len();
    let wanted = plies.unwrap_or(record_plies);
    if let Some(error) = &game.error {
        if wanted > record_plies || plies.is_none() {
            return Err(CliError(format!(
                "{file}, game {index}: {error}; the main line reads to ply {record_plies} (--plies {record_plies} rules those)"
            )));
        }
    } else if wanted > record_plies {
        return Err(CliError(format!(
            "--plies {wanted}: {file}, game {index} has {record_plies} plies"
        )));
    }
    if wanted > MAX_JUDGE_PLIES {
        return Err(CliError(format!(
            "{file}, game {index}: {} plies, over the limit of {} plies a call reads (MAX_JUDGE_PLIES); give --plies N to rule the first N",
            thousands(wanted),
            thousands(MAX_JUDGE_PLIES)
        )));
    }
    if wanted == 0 {
        return Err(CliError(format!(
            "{file}, game {index}: no moves to rule (the record holds a position only)"
        )));
    }
    Ok(wanted)
}

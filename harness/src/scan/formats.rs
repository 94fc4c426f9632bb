//! Which reader a file goes to: the format named on the command line, or the one its content
//! and extension say; text formats are decoded first.

use std::path::Path;

use qili::notation::game::Game;
use qili::rules::RuleBook;
use rayon::prelude::*;

use super::record::GameLine;
use super::{decode, scan_game, Source};

/// The largest game file read (a 象棋桥 library of a few thousand games fits).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// A game-record format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// From the content and the extension.
    Auto,
    /// 象棋演播室 XQF (binary, all versions).
    Xqf,
    /// PGN: Chinese moves (either script), WXF, ICCS or SAN.
    Pgn,
    /// DhtmlXQ blocks (binit, movelist) in a web page or a text file.
    Dhtmlxq,
    /// 象棋桥 binary libraries and games (CBL, CBR).
    Cbl,
    /// 象棋桥 XML games (CBF).
    Cbf,
    /// One game a line: ICCS moves, or `id;move,move,…`.
    Iccs,
    /// UCI `position startpos|fen … moves …` lines.
    Uci,
    /// WXF move files.
    Wxf,
    /// A FEN line and its moves, or `FEN, moves, result` lines.
    Fen,
}

impl Format {
    pub const fn name(self) -> &'static str {
        match self {
            Format::Auto => "auto",
            Format::Xqf => "xqf",
            Format::Pgn => "pgn",
            Format::Dhtmlxq => "dhtmlxq",
            Format::Cbl => "cbl",
            Format::Cbf => "cbf",
            Format::Iccs => "iccs",
            Format::Uci => "uci",
            Format::Wxf => "wxf",
            Format::Fen => "fen",
        }
    }
}

/// A file's games, as lines, and what kept parts of it from being read.
#[derive(Debug, Default)]
pub struct FileGames {
    pub lines: Vec<GameLine>,
    pub errors: Vec<FileError>,
}

/// A file or a game of it that could not be read.
#[derive(Debug)]
pub struct FileError {
    /// `unreadable file`, `no game`, `unreadable game`.
    pub kind: String,
    /// `file: why` (and the game's index).
    pub message: String,
}

/// The format of a file from its extension, else its first bytes. A `.uci` file is UCI
/// `position` lines only when it holds one (elephantchess's `.uci` fixtures are numbered ICCS
/// move lists, read as PGN movetext).
pub fn detect(path: &Path, bytes: &[u8]) -> Format {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    match ext.as_str() {
        "xqf" => return Format::Xqf,
        "pgn" => return Format::Pgn,
        "cbl" | "cbr" => return Format::Cbl,
        "cbf" => return Format::Cbf,
        "wxf" => return Format::Wxf,
        _ => {}
    }
    // XQF's signature, then a version byte (10–18 in the files there are): binary, not text.
    if bytes.len() >= 1024 && bytes.starts_with(b"XQ") && bytes[2] < 0x20 {
        return Format::Xqf;
    }
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]);
    if head.contains("<ChineseChessRecord") {
        Format::Cbf
    } else if head.contains("DhtmlXQ") {
        Format::Dhtmlxq
    } else if head.trim_start().starts_with('[') || numbered(&head) {
        Format::Pgn
    } else if head.trim_start().starts_with("position ")
        || (ext == "uci" && head.contains("position "))
    {
        Format::Uci
    } else if qili::notation::lines::starts_with_fen(&head) {
        Format::Fen
    } else if has_dhtmlxq_block(bytes) {
        // A page whose first block stands further in than the head (a forum thread).
        Format::Dhtmlxq
    } else {
        Format::Iccs
    }
}

/// Whether a DhtmlXQ block marker stands anywhere in the bytes (one linear pass).
fn has_dhtmlxq_block(bytes: &[u8]) -> bool {
    const MARK: &[u8] = b"[DhtmlXQ";
    bytes.windows(MARK.len()).any(|w| w == MARK)
}

/// Whether a text starts with a move number (`1.`): PGN movetext without tag pairs, which
/// may run over many lines (an ICCS list is one game a line).
fn numbered(text: &str) -> bool {
    let t = text.trim_start();
    let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    digits > 0 && t[digits..].starts_with('.')
}

/// Read and scan one file.
pub fn scan_file(path: &Path, format: Format, book: &RuleBook) -> FileGames {
    let name = path.display().to_string();
    let mut out = FileGames::default();
    let fail = |kind: &str, message: String| FileError {
        kind: kind.to_string(),
        message,
    };
    let bytes = match std::fs::metadata(path) {
        Ok(m) if m.len() > MAX_FILE_BYTES => {
            out.errors.push(fail(
                "unreadable file",
                format!(
                    "{name}: {} bytes, more than the {MAX_FILE_BYTES} a game file may have",
                    m.len()
                ),
            ));
            return out;
        }
        _ => match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                out.errors
                    .push(fail("unreadable file", format!("{name}: {e}")));
                return out;
            }
        },
    };
    let (format, games, encoding) = read_games(path, format, &bytes);
    if games.is_empty() {
        let why = if bytes.starts_with(b"PK\x03\x04") {
            "a zip archive (unpack it to scan the games in it)".to_string()
        } else {
            format!("no game in it, read as {}", format.name())
        };
        out.errors.push(fail("no game", format!("{name}: {why}")));
    }
    // The games of a file are ruled in parallel too: one big file (a library, a site's
    // export) would otherwise be ruled on one core. The order stays the file's.
    let ruled: Vec<Result<GameLine, FileError>> = games
        .into_par_iter()
        .enumerate()
        .map(|(i, g)| {
            let source = Source {
                file: &name,
                game: i + 1,
                format: format.name(),
                encoding,
            };
            match g {
                Ok(g) => Ok(scan_game(
                    source,
                    g.headers,
                    &g.start,
                    &g.moves,
                    g.error.as_ref().map(ToString::to_string),
                    book,
                )),
                Err(e) => Err(fail(
                    "unreadable game",
                    format!("{name}, game {}: {e}", i + 1),
                )),
            }
        })
        .collect();
    for r in ruled {
        match r {
            Ok(line) => out.lines.push(line),
            Err(e) => out.errors.push(e),
        }
    }
    out
}

/// The games of a file's bytes read as `format` (detected from `path` and the bytes when
/// [`Format::Auto`]): the format read, each game or why it could not be read, the encoding.
/// What `qili judge --moves-file` reads a game record with, as the scan does.
pub fn read_games(
    path: &Path,
    format: Format,
    bytes: &[u8],
) -> (Format, Vec<Result<Game, String>>, &'static str) {
    let format = match format {
        Format::Auto => detect(path, bytes),
        f => f,
    };
    let (games, encoding) = read(format, bytes);
    (format, games, encoding)
}

/// A reader of a decoded text format: its games, or why each could not be read.
type TextReader = fn(&str) -> Vec<Result<Game, String>>;

/// The games of a file in `format`, and the encoding its text was read in (`binary`).
fn read(format: Format, bytes: &[u8]) -> (Vec<Result<Game, String>>, &'static str) {
    fn strings<E: std::fmt::Display>(games: Vec<Result<Game, E>>) -> Vec<Result<Game, String>> {
        games
            .into_iter()
            .map(|g| g.map_err(|e| e.to_string()))
            .collect()
    }
    use qili::notation::{dhtmlxq_game, lines, pgn};
    // The text formats: decoded first, then read.
    let text_reader: Option<TextReader> = match format {
        Format::Pgn => Some(|t| strings(pgn::read(t))),
        Format::Dhtmlxq => Some(|t| strings(dhtmlxq_game::read(t))),
        Format::Iccs => Some(|t| lines::read_iccs(t).into_iter().map(Ok).collect()),
        Format::Uci => Some(|t| strings(lines::read_uci(t))),
        Format::Wxf => Some(|t| strings(lines::read_wxf(t))),
        Format::Fen => Some(|t| strings(lines::read_fen_moves(t))),
        Format::Cbf => Some(|t| vec![qili::notation::cbf::read(t).map_err(|e| e.to_string())]),
        _ => None,
    };
    if let Some(read_text) = text_reader {
        let (t, enc) = decode::decode(bytes);
        let t = decode::unwrap_python_repr(&t).unwrap_or(t);
        return (read_text(&t), enc);
    }
    match format {
        Format::Xqf => {
            // XQF's strings are GBK (象棋演播室 is a Chinese Windows program).
            let gbk = |b: &[u8]| encoding_rs::GBK.decode(b).0.into_owned();
            (
                vec![qili::notation::xqf::read(bytes, gbk).map_err(|e| e.to_string())],
                "GBK",
            )
        }
        Format::Cbl => {
            // A library starts with its index; a single record (CBR) does not.
            match qili::notation::cbl::read_library(bytes) {
                Ok(games) => (strings(games), "UTF-16LE"),
                Err(_) => (
                    vec![qili::notation::cbl::read_record(bytes).map_err(|e| e.to_string())],
                    "UTF-16LE",
                ),
            }
        }
        _ => (vec![Err("no format detected".to_string())], "binary"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_told_by_extension_then_content() {
        let p = Path::new;
        assert_eq!(detect(p("a.XQF"), b""), Format::Xqf);
        assert_eq!(detect(p("a.cbf"), b""), Format::Cbf);
        assert_eq!(detect(p("a.cbr"), b""), Format::Cbl);
        let cbf = "\u{feff}<?xml version=\"1.0\"?>\n<ChineseChessRecord Version=\"1.0\">";
        assert_eq!(detect(p("a.xml"), cbf.as_bytes()), Format::Cbf);
        assert_eq!(detect(p("a.txt"), b"[Event \"x\"]"), Format::Pgn);
        assert_eq!(detect(p("a.htm"), b"<p>[DhtmlXQ]"), Format::Dhtmlxq);
        // A forum thread saved as a Python literal, its first block far into the file.
        let thread = format!("('t', [{{'message': '{}[DhtmlXQ]'}}])", "x".repeat(5000));
        assert_eq!(detect(p("t.txt"), thread.as_bytes()), Format::Dhtmlxq);
        assert_eq!(
            detect(p("a.txt"), b"position startpos moves h2e2"),
            Format::Uci
        );
        assert_eq!(
            detect(p("a.uci"), b"x\nposition startpos moves h2e2"),
            Format::Uci
        );
        // A FEN line first: a position and its moves.
        assert_eq!(
            detect(
                p("a_move.txt"),
                "4k4/9/9/9/9/9/9/9/9/3K1R3 w\n车四平五".as_bytes()
            ),
            Format::Fen
        );
        assert_eq!(detect(p("a.txt"), b"h2e2 h9g7"), Format::Iccs);
        // A .uci file of numbered ICCS moves over several lines is PGN movetext.
        assert_eq!(detect(p("a.uci"), b"1. b2e2 b9c7 2.\nb0c2"), Format::Pgn);
        assert_eq!(detect(p("a.txt"), b"id;h2e2,h9g7"), Format::Iccs);
    }
}

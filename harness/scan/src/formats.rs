//! Which reader a file goes to: the format named on the command line, or the one its content
//! and extension say; text formats are decoded first. A file is read through a cap and its
//! first bytes sniffed before any reader sees it ([`super::input`]); a file of one game a line
//! (ICCS, UCI) is read a piece at a time, so that what is held is a piece, not the file.

use std::path::Path;

use qili_records::game::Game;

use super::input::{self, Lines, Refused};

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

/// A file opened for its games.
pub struct Opened {
    pub name: String,
    pub format: Format,
    /// The encoding its text was read in (`binary` for XQF and 象棋桥's libraries).
    pub encoding: &'static str,
    pub games: Games,
}

/// A file's games: all of them, or a piece at a time.
pub enum Games {
    Read(Vec<Result<Game, String>>),
    /// A PGN text, its games read a few at a time.
    Pgn(String),
    /// One game a line, in pieces (ICCS, or UCI `position` lines).
    Lines(Lines),
}

/// Games of a PGN text read at a time.
pub const PGN_PIECE: usize = 256;

impl Opened {
    /// Hand the file's games to `f` a piece at a time, in order: all of them at once for a
    /// file read whole, [`PGN_PIECE`] games of a PGN text, or the games of a piece of a file of
    /// one game a line (an error reading on is handed over in their stead, and ends it).
    pub fn each_piece<E>(
        self,
        mut f: impl FnMut(Result<Vec<Result<Game, String>>, Refused>) -> Result<(), E>,
    ) -> Result<(), E> {
        match self.games {
            Games::Read(all) => {
                if !all.is_empty() {
                    f(Ok(all))?;
                }
            }
            Games::Pgn(text) => {
                let mut games = qili_records::pgn::games(&text);
                loop {
                    let piece: Vec<Result<Game, String>> = games
                        .by_ref()
                        .take(PGN_PIECE)
                        .map(|g| g.map_err(|e| e.to_string()))
                        .collect();
                    if piece.is_empty() {
                        break;
                    }
                    f(Ok(piece))?;
                }
            }
            Games::Lines(mut lines) => {
                let mut before = 0;
                loop {
                    match lines.next_piece() {
                        Err(e) => return f(Err(e)),
                        Ok(None) => break,
                        Ok(Some(piece)) => {
                            let offset = before;
                            before += piece.matches('\n').count();
                            f(Ok(read_lines(self.format, &piece, offset)))?;
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// The games of a piece of a file of one game a line, the lines of its errors numbered in
/// the file (`offset` lines came before it).
fn read_lines(format: Format, piece: &str, offset: usize) -> Vec<Result<Game, String>> {
    use qili_records::lines::{self, LineError};
    match format {
        Format::Uci => lines::read_uci(piece)
            .into_iter()
            .map(|g| {
                g.map_err(|mut e| {
                    match &mut e {
                        LineError::Fen { line, .. } | LineError::Position { line, .. } => {
                            *line += offset
                        }
                        _ => {}
                    }
                    e.to_string()
                })
            })
            .collect(),
        _ => lines::read_iccs(piece).into_iter().map(Ok).collect(),
    }
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
    } else if qili_records::lines::starts_with_fen(&head) {
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

/// The most bytes read of a file in `format`: a CBF record is one game
/// ([`qili_records::cbf::MAX_CBF_BYTES`], and room for a byte-order mark), other files up to
/// [`input::MAX_GAME_FILE_BYTES`].
fn cap(format: Format) -> u64 {
    match format {
        Format::Cbf => qili_records::cbf::MAX_CBF_BYTES as u64 + 4,
        _ => input::MAX_GAME_FILE_BYTES,
    }
}

/// Open one file for its games: read through its cap, sniffed, its format detected (unless
/// `format` names one), decoded and read, or opened for reading in pieces.
pub fn open(path: &Path, format: Format) -> Result<Opened, Refused> {
    let name = path.display().to_string();
    let (head, file) = input::head(path, &name)?;
    if let Some(why) = input::sniff(&head) {
        // The binary formats have NUL bytes; a file named for one is left to its reader.
        let binary = matches!(format, Format::Xqf | Format::Cbl)
            || (format == Format::Auto && matches!(detect(path, &head), Format::Xqf | Format::Cbl));
        if !binary || why.contains("archive") {
            return Err(input::not_a_record(&name, &why));
        }
    }
    let format = match format {
        Format::Auto => match detect(path, &head) {
            // A page whose first block stands further in than the head (a forum thread).
            Format::Iccs
                if head.len() == input::HEAD_BYTES
                    && input::contains(path, &name, b"[DhtmlXQ")? =>
            {
                Format::Dhtmlxq
            }
            f => f,
        },
        f => f,
    };
    if matches!(format, Format::Iccs | Format::Uci) {
        drop(file);
        let lines = Lines::open(path, &name)?;
        return Ok(Opened {
            name,
            format,
            encoding: lines.encoding(),
            games: Games::Lines(lines),
        });
    }
    let Some(bytes) = input::rest(head, file, &name, cap(format))? else {
        return Err(match format {
            Format::Cbf => Refused {
                kind: "unreadable file",
                message: format!(
                    "{name}: more than {} bytes, more than the {} a {} record (one game) may have (MAX_CBF_BYTES)",
                    qili_io::bounds::thousands(cap(format) as usize),
                    qili_io::bounds::thousands(qili_records::cbf::MAX_CBF_BYTES),
                    format.name()
                ),
            },
            _ => input::too_large(&name),
        });
    };
    if format == Format::Pgn {
        let (text, encoding) = input::decode(bytes);
        let text = input::unwrap_python_repr(&text).unwrap_or(text);
        return Ok(Opened {
            name,
            format,
            encoding,
            games: Games::Pgn(text),
        });
    }
    let (games, encoding) = read(format, bytes);
    Ok(Opened {
        name,
        format,
        encoding,
        games: Games::Read(games),
    })
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
    let (games, encoding) = read(format, bytes.to_vec());
    (format, games, encoding)
}

/// A reader of a decoded text format: its games, or why each could not be read.
type TextReader = fn(&str) -> Vec<Result<Game, String>>;

/// The games of a file in `format`, and the encoding its text was read in (`binary`).
fn read(format: Format, bytes: Vec<u8>) -> (Vec<Result<Game, String>>, &'static str) {
    fn strings<E: std::fmt::Display>(games: Vec<Result<Game, E>>) -> Vec<Result<Game, String>> {
        games
            .into_iter()
            .map(|g| g.map_err(|e| e.to_string()))
            .collect()
    }
    use qili_records::{dhtmlxq_game, lines, pgn};
    // The text formats: decoded first, then read.
    let text_reader: Option<TextReader> = match format {
        Format::Pgn => Some(|t| strings(pgn::read(t))),
        Format::Dhtmlxq => Some(|t| strings(dhtmlxq_game::read(t))),
        Format::Iccs => Some(|t| lines::read_iccs(t).into_iter().map(Ok).collect()),
        Format::Uci => Some(|t| strings(lines::read_uci(t))),
        Format::Wxf => Some(|t| strings(lines::read_wxf(t))),
        Format::Fen => Some(|t| strings(lines::read_fen_moves(t))),
        Format::Cbf => Some(|t| vec![qili_records::cbf::read(t).map_err(|e| e.to_string())]),
        _ => None,
    };
    if let Some(read_text) = text_reader {
        let (t, enc) = input::decode(bytes);
        let t = input::unwrap_python_repr(&t).unwrap_or(t);
        return (read_text(&t), enc);
    }
    match format {
        Format::Xqf => {
            // XQF's strings are GBK (象棋演播室 is a Chinese Windows program).
            let gbk = |b: &[u8]| encoding_rs::GBK.decode(b).0.into_owned();
            (
                vec![qili_records::xqf::read(&bytes, gbk).map_err(|e| e.to_string())],
                "GBK",
            )
        }
        Format::Cbl => {
            // A library starts with its index; a single record (CBR) does not.
            match qili_records::cbl::read_library(&bytes) {
                Ok(games) => (strings(games), "UTF-16LE"),
                Err(_) => (
                    vec![qili_records::cbl::read_record(&bytes).map_err(|e| e.to_string())],
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

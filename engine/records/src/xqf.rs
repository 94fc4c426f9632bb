//! XQF, the binary game files of 象棋演播室 (XQStudio), all versions.
//!
//! Reference: 过河象, 《象棋演播室(XQStudio) 1.0 版XQF文件格式说明》 (2001), as kept in
//! xqbase/eleeye `XQFTOOLS/XQF.TXT` and walker8088/cchess `doc/XqfFormat.txt`. It describes
//! version 1.0 (byte 2 = `0x0A`); later versions encrypt the piece table, the moves and the
//! comments with keys held in the header, which the format note does not describe. The
//! decryption here is the one the XQF readers agree on (xqbase's XQF2PGN, walker8088's
//! `cchess` reader):
//!
//! - Header bytes 3–15 are `KeyMask`, `ProductId` (4 bytes), `KeyOrA`–`KeyOrD`, `KeysSum`,
//!   `KeyXY`, `KeyXYf`, `KeyXYt`. With `f(b) = 54·b² + 221` (all arithmetic modulo 256):
//!   the piece key is `f(KeyXY)·KeyXY`, the from key `f(KeyXYf)·piece key`, the to key
//!   `f(KeyXYt)·from key`, and comment lengths are offset by
//!   `(KeysSum·256 + KeyXY) mod 32000 + 767`. The 32-byte stream
//!   `[(C) Copyright Mr. Dong Shiwei.]`, each byte masked with `(KeysSum & KeyMask) | KeyOrA`,
//!   `(KeyXY & KeyMask) | KeyOrB`, … in turn, is subtracted from every byte from `0x400` on
//!   (records, comment lengths, comments), indexed by file offset modulo 32.
//! - Versions up to 10 (`0x0A`) are not encrypted. From 11 the piece table is offset by the
//!   piece key; from 12 it is also rotated: byte `i` holds slot `(piece key + 1 + i) mod 32`.
//! - Header (`0x000`–`0x3FF`): `XQ`, version, keys, the 32 piece slots at `0x10` (车马相士帅士相
//!   马车炮炮兵兵兵兵兵 for red, then black; each `x·10 + y`, `x` the file from red's left,
//!   `y` the rank from red's side, anything from 90 up is a captured piece), the result at
//!   `0x33` (1 red wins, 2 black wins, 3 draw), and length-prefixed strings: title `0x50`,
//!   event `0xD0`, date `0x110`, site `0x120`, red `0x130`, black `0x140`, time control
//!   `0x150`, red's time `0x190`, black's time `0x1A0`, annotator `0x1D0`, author `0x1E0`.
//!   The strings are not encrypted; their encoding (GBK in practice) is the caller's
//!   business, so [`read`] takes a `decode` function.
//! - Moves from `0x400`, the first record (ply 0) holding no move: 4 bytes `from + 24`,
//!   `to + 32`, a tag and a reserved byte. Up to version 10 the tag's high nibble says the line
//!   goes on and a 4-byte comment length always follows; from 11 tag bit `0x80` says the line
//!   goes on, `0x40` that a variation follows, `0x20` that a comment length follows. The
//!   record tree is stored depth first, children before siblings, so the main line is the
//!   records from `0x400` up to the first one whose line does not go on.
//!
//! Only the main line is read. The side to move is the owner of the first move's piece (red
//! when there are no moves, black when only black to move makes the position legal). A main
//! line is capped at [`MAX_PLIES`] plies, so no input makes the reader work long.

use crate::game::{Game, GameError, GameErrorKind};
use qili_core::notation::dhtmlxq::{slot_name, SLOTS};
use qili_core::{Board, Color, IllegalSetup, Move, Piece, Position, Setup, Square};

/// The most plies of a main line [`read`] takes; a longer one ends with
/// [`GameErrorKind::TooLong`]. Real games are far shorter (a few hundred plies at most).
pub const MAX_PLIES: usize = 10_000;

/// Where the move records begin.
const RECORDS: usize = 0x400;

/// The header strings: offset, field size (length byte included), header name.
const STRINGS: [(usize, usize, &str); 11] = [
    (0x50, 64, "Title"),
    (0xD0, 64, "Event"),
    (0x110, 16, "Date"),
    (0x120, 16, "Site"),
    (0x130, 16, "Red"),
    (0x140, 16, "Black"),
    (0x150, 64, "TimeControl"),
    (0x190, 16, "RedTime"),
    (0x1A0, 16, "BlackTime"),
    (0x1D0, 16, "Annotator"),
    (0x1E0, 16, "Author"),
];

/// Why a file could not be read as an XQF game at all. Problems after the start position
/// (a bad move, a truncated record) are not errors of the file but [`Game::error`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum XqfError {
    /// Shorter than the 1 024-byte header.
    #[error("{len} bytes is too short for an XQF file (the header alone is 1024 bytes)")]
    TooShort { len: usize },
    /// The file does not start with `XQ`.
    #[error("not an XQF file: it starts with {found:02X?}, not 'XQ'")]
    NotXqf { found: [u8; 2] },
    /// Two piece slots on one point.
    #[error("XQF piece table: {} and {} are both on {square}", slot_name(*.first), slot_name(*.second))]
    SamePoint {
        square: Square,
        first: usize,
        second: usize,
    },
    /// The piece table is not a legal position, not even as a composed problem.
    #[error("XQF piece table: {0}")]
    IllegalStart(IllegalSetup),
}

/// The decryption keys of a file (all zero up to version 10).
struct Keys {
    pieces: u8,
    from: u8,
    to: u8,
    comment: i64,
    stream: [u8; 32],
}

impl Keys {
    fn new(header: &[u8]) -> Keys {
        let version = header[2];
        if version <= 10 {
            return Keys {
                pieces: 0,
                from: 0,
                to: 0,
                comment: 0,
                stream: [0; 32],
            };
        }
        let f = |b: u8| 54u8.wrapping_mul(b).wrapping_mul(b).wrapping_add(221);
        let (mask, sum, xy, xyf, xyt) = (header[3], header[12], header[13], header[14], header[15]);
        let pieces = f(xy).wrapping_mul(xy);
        let from = f(xyf).wrapping_mul(pieces);
        let to = f(xyt).wrapping_mul(from);
        let comment = i64::from((u32::from(sum) * 256 + u32::from(xy)) % 32000 + 767);
        let masks = [
            (sum & mask) | header[8],
            (xy & mask) | header[9],
            (xyf & mask) | header[10],
            (xyt & mask) | header[11],
        ];
        let mut stream = *b"[(C) Copyright Mr. Dong Shiwei.]";
        for (i, b) in stream.iter_mut().enumerate() {
            *b &= masks[i % 4];
        }
        Keys {
            pieces,
            from,
            to,
            comment,
            stream,
        }
    }

    /// The bytes at `at..at + N`, decrypted; `None` past the end of the file.
    fn read<const N: usize>(&self, bytes: &[u8], at: usize) -> Option<[u8; N]> {
        let raw = bytes.get(at..at.checked_add(N)?)?;
        let mut out = [0u8; N];
        for (i, (o, &b)) in out.iter_mut().zip(raw).enumerate() {
            *o = b.wrapping_sub(self.stream[(at + i) % 32]);
        }
        Some(out)
    }
}

/// A point as XQF writes it (`x·10 + y`), if it is on the board.
fn square(b: u8) -> Option<Square> {
    Square::from_coords(i32::from(b / 10), i32::from(b % 10))
}

/// The main line's records as read: raw from and to points, the comment before the first
/// move, and why the records stop early, if they do (the 1-based ply and the reason).
struct Records {
    moves: Vec<(u8, u8)>,
    comment: Option<Vec<u8>>,
    broken: Option<(usize, GameErrorKind)>,
}

fn records(bytes: &[u8], keys: &Keys, version: u8) -> Records {
    let mut out = Records {
        moves: Vec::new(),
        comment: None,
        broken: None,
    };
    let mut at = RECORDS;
    if at >= bytes.len() {
        return out;
    }
    for ply in 0.. {
        let unreadable = |why: String| Some((ply, GameErrorKind::Unreadable(why)));
        if ply > MAX_PLIES {
            out.broken = Some((ply, GameErrorKind::TooLong { limit: MAX_PLIES }));
            break;
        }
        let Some([from, to, tag, _]) = keys.read::<4>(bytes, at) else {
            out.broken = unreadable(format!(
                "the move record at byte {at:#x} is cut off by the end of the file"
            ));
            break;
        };
        at += 4;
        let (goes_on, has_comment) = if version <= 10 {
            (tag & 0xF0 != 0, true)
        } else {
            (tag & 0x80 != 0, tag & 0x20 != 0)
        };
        if has_comment {
            let Some(len) = keys.read::<4>(bytes, at) else {
                out.broken = unreadable(format!(
                    "the comment length at byte {at:#x} is cut off by the end of the file"
                ));
                break;
            };
            at += 4;
            let len = i64::from(i32::from_le_bytes(len)) - keys.comment;
            let left = bytes.len() - at;
            if len < 0 || len as u64 > left as u64 {
                out.broken = unreadable(format!(
                    "the comment at byte {at:#x} claims {len} bytes, the file has {left} left"
                ));
                break;
            }
            let len = len as usize;
            if ply == 0 && len > 0 {
                let text: Vec<u8> = (0..len)
                    .map(|i| bytes[at + i].wrapping_sub(keys.stream[(at + i) % 32]))
                    .collect();
                out.comment = Some(text);
            }
            at += len;
        }
        if ply > 0 {
            out.moves.push((
                from.wrapping_sub(24).wrapping_sub(keys.from),
                to.wrapping_sub(32).wrapping_sub(keys.to),
            ));
        }
        if !goes_on {
            break;
        }
    }
    out
}

/// The board of the piece table, and the slot of each occupied point.
fn board(header: &[u8], keys: &Keys) -> Result<(Board, [Option<usize>; 90]), XqfError> {
    let version = header[2];
    let mut slots = [0xFFu8; 32];
    for (i, &b) in header[0x10..0x30].iter().enumerate() {
        let slot = if version >= 12 {
            (usize::from(keys.pieces) + 1 + i) % 32
        } else {
            i
        };
        slots[slot] = b.wrapping_sub(keys.pieces);
    }
    let mut board = Board::empty();
    let mut owner: [Option<usize>; 90] = [None; 90];
    for (slot, &b) in slots.iter().enumerate() {
        let Some(sq) = square(b) else { continue };
        if let Some(first) = owner[sq.index()] {
            return Err(XqfError::SamePoint {
                square: sq,
                first,
                second: slot,
            });
        }
        owner[sq.index()] = Some(slot);
        let color = if slot < 16 { Color::Red } else { Color::Black };
        board.set(sq, Some(Piece::new(color, SLOTS[slot % 16])));
    }
    Ok((board, owner))
}

/// The start position with `turn` to move: as a game, else as a composed problem.
fn start(board: &Board, turn: Color) -> Result<Position, IllegalSetup> {
    super::game::record_start(Setup::new(board.clone(), turn))
}

/// Read an XQF file: headers (strings through `decode`, e.g. a GBK decoder), the start
/// position from the piece table, and the main line, each move checked legal. A move that is
/// off the board or illegal ends the main line with [`Game::error`] naming its ply.
///
/// ```
/// use qili_records::xqf;
///
/// assert!(xqf::read(b"PK\x03\x04", |b| String::from_utf8_lossy(b).into_owned()).is_err());
/// ```
pub fn read(bytes: &[u8], decode: impl Fn(&[u8]) -> String) -> Result<Game, XqfError> {
    if bytes.len() < RECORDS {
        if bytes.len() >= 2 && &bytes[..2] != b"XQ" {
            return Err(XqfError::NotXqf {
                found: [bytes[0], bytes[1]],
            });
        }
        return Err(XqfError::TooShort { len: bytes.len() });
    }
    if &bytes[..2] != b"XQ" {
        return Err(XqfError::NotXqf {
            found: [bytes[0], bytes[1]],
        });
    }
    let header = &bytes[..RECORDS];
    let version = header[2];
    let keys = Keys::new(header);
    let (board, owner) = board(header, &keys)?;
    let recs = records(bytes, &keys, version);
    let start = first_position(&board, &owner, &recs).map_err(XqfError::IllegalStart)?;
    let headers = headers(header, &recs, decode);
    let (moves, error) = main_line(&start, recs);
    Ok(Game {
        headers,
        start,
        moves,
        error,
    })
}

/// The start position. The side to move: the owner of the first move's piece, if the first
/// move names one; else red, or black where only black to move is legal.
fn first_position(
    board: &Board,
    owner: &[Option<usize>; 90],
    recs: &Records,
) -> Result<Position, IllegalSetup> {
    let first_mover = recs
        .moves
        .first()
        .and_then(|&(from, _)| square(from))
        .and_then(|sq| owner[sq.index()])
        .map(|slot| if slot < 16 { Color::Red } else { Color::Black });
    match first_mover {
        Some(turn) => start(board, turn),
        None => start(board, Color::Red).or_else(|e| start(board, Color::Black).map_err(|_| e)),
    }
}

/// The header's strings that are not blank (through `decode`), the result, and the start's
/// comment.
fn headers(
    header: &[u8],
    recs: &Records,
    decode: impl Fn(&[u8]) -> String,
) -> Vec<(String, String)> {
    let mut headers = Vec::new();
    for (offset, size, name) in STRINGS {
        let len = usize::from(header[offset]).min(size - 1);
        let raw = &header[offset + 1..offset + 1 + len];
        let raw = raw.split(|&b| b == 0).next().unwrap_or_default();
        let value = decode(raw);
        if !value.trim().is_empty() {
            headers.push((name.to_string(), value.trim().to_string()));
        }
    }
    let result = match header[0x33] {
        1 => Some("1-0"),
        2 => Some("0-1"),
        3 => Some("1/2-1/2"),
        _ => None,
    };
    if let Some(r) = result {
        headers.push(("Result".to_string(), r.to_string()));
    }
    if let Some(c) = &recs.comment {
        let value = decode(c);
        if !value.trim().is_empty() {
            headers.push(("Comment".to_string(), value.trim().to_string()));
        }
    }
    headers
}

/// The records' moves played from `start` up to the first that is off the board or illegal;
/// where all are played, the records' own break (if any) is the error.
fn main_line(start: &Position, recs: Records) -> (Vec<Move>, Option<GameError>) {
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(recs.moves.len());
    for (i, &(from, to)) in recs.moves.iter().enumerate() {
        let ply = i + 1;
        let (Some(f), Some(t)) = (square(from), square(to)) else {
            let why = format!(
                "the move from point {from} to point {to} leaves the board (points are x·10 + y below 90)"
            );
            return (
                moves,
                Some(GameError::new(ply, GameErrorKind::Unreadable(why))),
            );
        };
        let mv = Move::new(f, t);
        if let Err(e) = pos.check_move(mv) {
            return (
                moves,
                Some(GameError::new(ply, GameErrorKind::Illegal { mv, error: e })),
            );
        }
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    let error = recs
        .broken
        .map(|(ply, kind)| GameError::new(ply.max(1), kind));
    (moves, error)
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili_core::notation::fen;

    fn latin1(b: &[u8]) -> String {
        b.iter().map(|&c| char::from(c)).collect()
    }

    /// The example file of the format note: a version 1.0 header with the start position and
    /// the given records after the empty ply 0.
    fn file(moves: &[(u8, u8)]) -> Vec<u8> {
        let mut b = vec![0u8; RECORDS];
        b[..3].copy_from_slice(b"XQ\x0A");
        b[0x10..0x30].copy_from_slice(&[
            80, 70, 60, 50, 40, 30, 20, 10, 0, 72, 12, 83, 63, 43, 23, 3, 9, 19, 29, 39, 49, 59,
            69, 79, 89, 17, 77, 6, 26, 46, 66, 86,
        ]);
        b[0x33] = 2;
        b[0x130] = 3;
        b[0x131..0x134].copy_from_slice(b"Liu");
        let mut record = |from: u8, to: u8, last: bool| {
            b.extend([from, to, if last { 0 } else { 0xF0 }, 0, 0, 0, 0, 0]);
        };
        record(0x18, 0x20, moves.is_empty());
        for (i, &(f, t)) in moves.iter().enumerate() {
            record(f + 24, t + 32, i + 1 == moves.len());
        }
        b
    }

    #[test]
    fn reads_the_format_notes_example() {
        // 兵七进一 马８进７: (2,3)→(2,4), (7,9)→(6,7).
        let g = read(&file(&[(23, 24), (79, 67)]), latin1).unwrap();
        assert_eq!(g.start, Position::start());
        let texts: Vec<String> = g.moves.iter().map(ToString::to_string).collect();
        assert_eq!(texts, ["c3c4", "h9g7"]);
        assert_eq!(g.error, None);
        assert_eq!(g.header("Red"), Some("Liu"));
        assert_eq!(g.header("Result"), Some("0-1"));
    }

    #[test]
    fn no_moves_and_bad_moves() {
        let g = read(&file(&[]), latin1).unwrap();
        assert!(g.moves.is_empty() && g.error.is_none());
        // The second move is red's again: the piece on c4 is red's.
        let g = read(&file(&[(23, 24), (24, 25)]), latin1).unwrap();
        assert_eq!(g.moves.len(), 1);
        let e = g.error.unwrap();
        assert_eq!(e.ply, 2);
        assert_eq!(
            e.to_string(),
            "ply 2 (c4c5): the piece on c4 is red's pawn, but it is black's turn"
        );
        let g = read(&file(&[(23, 24), (95, 3)]), latin1).unwrap();
        assert_eq!(g.error.unwrap().ply, 2);
    }

    #[test]
    fn truncated_and_foreign_files() {
        let mut b = file(&[(23, 24), (79, 67)]);
        b.truncate(b.len() - 5);
        let g = read(&b, latin1).unwrap();
        assert_eq!(g.moves.len(), 1);
        assert_eq!(g.error.as_ref().unwrap().ply, 2);
        assert!(g.error.unwrap().to_string().contains("cut off"));
        assert_eq!(
            read(b"XQ", latin1).unwrap_err(),
            XqfError::TooShort { len: 2 }
        );
        let mut b = file(&[]);
        b[0] = b'P';
        assert!(matches!(read(&b, latin1), Err(XqfError::NotXqf { .. })));
        // Both kings on one point.
        let mut b = file(&[]);
        b[0x10 + 20] = 40;
        assert_eq!(
            read(&b, latin1).unwrap_err().to_string(),
            "XQF piece table: slot 5 (red 帅) and slot 21 (black 将) are both on e0"
        );
        // No red king.
        let mut b = file(&[]);
        b[0x10 + 4] = 0xFF;
        assert_eq!(
            read(&b, latin1).unwrap_err().to_string(),
            "XQF piece table: illegal position: red has no king"
        );
    }

    #[test]
    fn black_to_move_when_black_moves_first() {
        // 马８进７ first: black to move.
        let g = read(&file(&[(79, 67)]), latin1).unwrap();
        assert_eq!(g.start.turn(), Color::Black);
        assert_eq!(
            fen::write(&g.end()),
            "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
        );
    }
}

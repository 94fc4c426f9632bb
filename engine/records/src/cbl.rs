//! 象棋桥 (CCBridge) game records: one game in a `.cbr` file, many in a `.cbl` library.
//!
//! Reference: 《象棋桥文件格式》 (walker8088/cchess `doc/象棋桥文件格式.docx`, also summarised in
//! `doc/象棋棋谱文件格式.md`), checked against the sample files beside it. Offsets in bytes:
//!
//! - A record starts with `CCBridge Record\0`. Its strings are UTF-16LE, NUL-padded fixed
//!   fields: title 180 (128 bytes), event 692, round 756, date 884, site 948, red 1076, red's
//!   team 1140, black 1300, black's team 1364, commentator 1652 (64 bytes each). The result
//!   is at 2076 (1 red wins, 2 black wins, 3 draw), the side to move at 2112 (1 red, 2
//!   black), the board at 2120: 90 bytes from black's back rank (rank 9) down, file `a`
//!   first; `0x11`–`0x17` red 车马相仕帅炮兵, `0x21`–`0x27` black, 0 empty.
//! - The moves from 2214: a first record without a move, then records `flags, 0, from, to`
//!   (points numbered like the board). Flag `4`: a 4-byte comment length and the comment
//!   follow; `2`: the move has variations (stored after the line); `1`: the line ends with
//!   this move. So the main line is the records up to the first one with flag `1`.
//! - A library starts with `CCBridgeLibrary\0`, the number of index slots at 60, an index of
//!   276-byte entries at 66 624 (marker `07` for a record in use, `05` for a deleted one) and
//!   the records in 4 096-byte blocks, one per index entry, from 101 952 (from 349 248 when
//!   there are more than 128 slots).
//!
//! Only main lines are read, capped at [`MAX_PLIES`] like XQF's. 象棋桥's XML records (`.cbf`)
//! are [`super::cbf`]'s.

use crate::game::{Game, GameError, GameErrorKind};
use qili_core::{Board, Color, IllegalSetup, Move, Piece, Position, Role, Setup, Square};

/// The most plies of a main line a reader takes (the same cap as [`super::xqf::MAX_PLIES`]).
pub const MAX_PLIES: usize = super::xqf::MAX_PLIES;

const RECORD_MAGIC: &[u8; 16] = b"CCBridge Record\0";
const LIBRARY_MAGIC: &[u8; 16] = b"CCBridgeLibrary\0";
const BOARD: usize = 2120;
const MOVES: usize = 2214;
const INDEX: usize = 66_624;
const ENTRY: usize = 276;
const BLOCK: usize = 4096;

const STRINGS: [(usize, usize, &str); 10] = [
    (180, 128, "Title"),
    (692, 64, "Event"),
    (756, 64, "Round"),
    (884, 64, "Date"),
    (948, 64, "Site"),
    (1076, 64, "Red"),
    (1140, 64, "RedTeam"),
    (1300, 64, "Black"),
    (1364, 64, "BlackTeam"),
    (1652, 64, "Annotator"),
];

/// Why bytes could not be read as a 象棋桥 record or library.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CbrError {
    #[error("not a 象棋桥 record: it does not start with 'CCBridge Record'")]
    NotRecord,
    #[error("not a 象棋桥 library: it does not start with 'CCBridgeLibrary'")]
    NotLibrary,
    #[error("{len} bytes is too short for a 象棋桥 {what} ({need} bytes before the moves)")]
    TooShort {
        what: &'static str,
        len: usize,
        need: usize,
    },
    /// A board byte that is no piece code.
    #[error("象棋桥 board point {square}: byte {code:#04x} is no piece (0x11–0x17 red, 0x21–0x27 black)")]
    BadPiece { square: Square, code: u8 },
    #[error("象棋桥 board: {0}")]
    IllegalStart(IllegalSetup),
    /// A library's index entry whose record block is missing or is not a record.
    #[error("象棋桥 library entry {entry}: {error}")]
    Entry { entry: usize, error: Box<CbrError> },
}

fn point(i: u8) -> Option<Square> {
    let i = i32::from(i);
    if i < 90 {
        Square::from_coords(i % 9, 9 - i / 9)
    } else {
        None
    }
}

fn utf16(bytes: &[u8]) -> String {
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .take_while(|&u| u != 0)
        .collect();
    String::from_utf16_lossy(&units).trim().to_string()
}

fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

/// Read one record (a `.cbr` file, or a record of a library).
pub fn read_record(bytes: &[u8]) -> Result<Game, CbrError> {
    if bytes.len() < 16 || &bytes[..16] != RECORD_MAGIC {
        return Err(CbrError::NotRecord);
    }
    if bytes.len() < MOVES + 4 {
        return Err(CbrError::TooShort {
            what: "record",
            len: bytes.len(),
            need: MOVES + 4,
        });
    }
    let board = read_board(bytes)?;
    let turn = if bytes[2112] == 2 {
        Color::Black
    } else {
        Color::Red
    };
    let setup = Setup::new(board, turn);
    let start = super::game::record_start(setup).map_err(CbrError::IllegalStart)?;
    let mut headers = read_headers(bytes);
    let (moves, error) = read_moves(bytes, &start, &mut headers);
    Ok(Game {
        headers,
        start,
        moves,
        error,
    })
}

/// The 90 board bytes of a record (at least `MOVES + 4` long): a piece code or 0 each.
fn read_board(bytes: &[u8]) -> Result<Board, CbrError> {
    let mut board = Board::empty();
    for i in 0..90u8 {
        let code = bytes[BOARD + usize::from(i)];
        if code == 0 {
            continue;
        }
        let sq = point(i).expect("i < 90");
        let color = match code >> 4 {
            1 => Color::Red,
            2 => Color::Black,
            _ => return Err(CbrError::BadPiece { square: sq, code }),
        };
        let role = match code & 0x0F {
            1 => Role::Rook,
            2 => Role::Horse,
            3 => Role::Elephant,
            4 => Role::Advisor,
            5 => Role::King,
            6 => Role::Cannon,
            7 => Role::Pawn,
            _ => return Err(CbrError::BadPiece { square: sq, code }),
        };
        board.set(sq, Some(Piece::new(color, role)));
    }
    Ok(board)
}

/// The record's named strings that are not empty, and its result.
fn read_headers(bytes: &[u8]) -> Vec<(String, String)> {
    let mut headers = Vec::new();
    for (at, size, name) in STRINGS {
        let value = utf16(&bytes[at..at + size]);
        if !value.is_empty() {
            headers.push((name.to_string(), value));
        }
    }
    let result = match bytes[2076] {
        1 => Some("1-0"),
        2 => Some("0-1"),
        3 => Some("1/2-1/2"),
        _ => None,
    };
    if let Some(r) = result {
        headers.push(("Result".to_string(), r.to_string()));
    }
    headers
}

/// The main line from `start`, up to the first move that cannot be read or played (the
/// error then says which ply and why); the first entry's comment becomes a `Comment` header.
fn read_moves(
    bytes: &[u8],
    start: &Position,
    headers: &mut Vec<(String, String)>,
) -> (Vec<Move>, Option<GameError>) {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut at = MOVES;
    for ply in 0.. {
        match read_ply(bytes, &mut at, ply, &pos, headers) {
            Err(kind) => return (moves, Some(GameError::new(ply, kind))),
            Ok((mv, last)) => {
                if let Some(mv) = mv {
                    pos.play_unchecked(mv);
                    moves.push(mv);
                }
                if last {
                    break;
                }
            }
        }
    }
    (moves, None)
}

/// One move entry at byte `at` (moved past it): its move, checked legal in `pos` (none for
/// entry 0, the start), and whether it ends the main line.
fn read_ply(
    bytes: &[u8],
    at: &mut usize,
    ply: usize,
    pos: &Position,
    headers: &mut Vec<(String, String)>,
) -> Result<(Option<Move>, bool), GameErrorKind> {
    if ply > MAX_PLIES {
        return Err(GameErrorKind::TooLong { limit: MAX_PLIES });
    }
    let Some(&[flags, _, from, to]) = bytes.get(*at..*at + 4) else {
        return Err(GameErrorKind::Unreadable(format!(
            "the move record at byte {at} is cut off by the end of the record"
        )));
    };
    *at += 4;
    if flags & 4 != 0 {
        read_comment(bytes, at, ply, headers)?;
    }
    let mv = if ply > 0 {
        let (Some(f), Some(t)) = (point(from), point(to)) else {
            return Err(GameErrorKind::Unreadable(format!(
                "the move from point {from} to point {to} leaves the board (points are 0–89)"
            )));
        };
        let mv = Move::new(f, t);
        pos.check_move(mv)
            .map_err(|error| GameErrorKind::Illegal { mv, error })?;
        Some(mv)
    } else {
        None
    };
    Ok((mv, flags & 1 != 0))
}

/// A move entry's comment at byte `at` (moved past it): its length, then UTF-16; entry 0's
/// is the record's `Comment` header.
fn read_comment(
    bytes: &[u8],
    at: &mut usize,
    ply: usize,
    headers: &mut Vec<(String, String)>,
) -> Result<(), GameErrorKind> {
    let Some(len) = u32_at(bytes, *at) else {
        return Err(GameErrorKind::Unreadable(format!(
            "the comment length at byte {at} is cut off"
        )));
    };
    *at += 4;
    let left = bytes.len() - *at;
    if len as usize > left {
        return Err(GameErrorKind::Unreadable(format!(
            "the comment at byte {at} claims {len} bytes, the record has {left} left"
        )));
    }
    if ply == 0 && len > 0 {
        let text = utf16(&bytes[*at..*at + len as usize]);
        if !text.is_empty() {
            headers.push(("Comment".to_string(), text));
        }
    }
    *at += len as usize;
    Ok(())
}

/// Read a library (a `.cbl` file): the records of its index entries in use, in index order,
/// each read or failed on its own.
pub fn read_library(bytes: &[u8]) -> Result<Vec<Result<Game, CbrError>>, CbrError> {
    if bytes.len() < 16 || &bytes[..16] != LIBRARY_MAGIC {
        return Err(CbrError::NotLibrary);
    }
    let slots = u32_at(bytes, 60).ok_or(CbrError::TooShort {
        what: "library",
        len: bytes.len(),
        need: INDEX,
    })? as usize;
    let (capacity, records) = if slots <= 128 {
        (128, 101_952)
    } else {
        (1024, 349_248)
    };
    if bytes.len() < records {
        return Err(CbrError::TooShort {
            what: "library",
            len: bytes.len(),
            need: records,
        });
    }
    let mut games = Vec::new();
    for entry in 0..capacity.min(slots) {
        let marker = bytes[INDEX + entry * ENTRY];
        if marker != 7 {
            continue;
        }
        let at = records + entry * BLOCK;
        let block = bytes.get(at..).unwrap_or_default();
        let block = &block[..block.len().min(BLOCK)];
        games.push(read_record(block).map_err(|error| CbrError::Entry {
            entry: entry + 1,
            error: Box::new(error),
        }));
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record of the start position with the given records after the first.
    fn record(moves: &[(u8, u8, u8)]) -> Vec<u8> {
        let mut b = vec![0u8; MOVES];
        b[..16].copy_from_slice(RECORD_MAGIC);
        let back = [0x21, 0x22, 0x23, 0x24, 0x25, 0x24, 0x23, 0x22, 0x21];
        b[BOARD..BOARD + 9].copy_from_slice(&back);
        b[BOARD + 19] = 0x26;
        b[BOARD + 25] = 0x26;
        for f in (0..9).step_by(2) {
            b[BOARD + 27 + f] = 0x27;
            b[BOARD + 54 + f] = 0x17;
        }
        b[BOARD + 64] = 0x16;
        b[BOARD + 70] = 0x16;
        for (i, c) in back.iter().enumerate() {
            b[BOARD + 81 + i] = c - 0x10;
        }
        b[2112] = 1;
        b.extend([if moves.is_empty() { 1 } else { 0 }, 0, 0, 0]);
        for &(flags, from, to) in moves {
            b.extend([flags, 0, from, to]);
        }
        b
    }

    #[test]
    fn reads_a_record() {
        // 炮二平五 马8进7: h2 is point 70, e2 67, h9 7, g7 24.
        let g = read_record(&record(&[(0, 70, 67), (1, 7, 24)])).unwrap();
        assert_eq!(g.start, qili_core::Position::start());
        let texts: Vec<String> = g.moves.iter().map(ToString::to_string).collect();
        assert_eq!(texts, ["h2e2", "h9g7"]);
        assert_eq!(g.error, None);
        let g = read_record(&record(&[])).unwrap();
        assert!(g.moves.is_empty() && g.error.is_none());
    }

    #[test]
    fn bad_moves_and_bytes() {
        let g = read_record(&record(&[(0, 70, 67), (1, 70, 67)])).unwrap();
        assert_eq!(g.moves.len(), 1);
        assert_eq!(
            g.error.unwrap().to_string(),
            "ply 2 (h2e2): there is no piece on h2"
        );
        let mut b = record(&[(0, 70, 67), (1, 7, 24)]);
        b.truncate(b.len() - 2);
        assert_eq!(read_record(&b).unwrap().error.unwrap().ply, 2);
        let g = read_record(&record(&[(1, 70, 200)])).unwrap();
        assert_eq!(g.error.unwrap().ply, 1);
        let mut b = record(&[]);
        b[BOARD] = 0x31;
        assert_eq!(
            read_record(&b).unwrap_err().to_string(),
            "象棋桥 board point a9: byte 0x31 is no piece (0x11–0x17 red, 0x21–0x27 black)"
        );
        assert_eq!(read_record(b"XQ").unwrap_err(), CbrError::NotRecord);
        assert_eq!(read_library(b"XQ").unwrap_err(), CbrError::NotLibrary);
    }
}

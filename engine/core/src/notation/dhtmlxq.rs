//! DhtmlXQ `binit`: the placement as 64 digits, two per piece for the 32 pieces of the
//! standard set, in the order 車馬相仕帥仕相馬車炮炮兵兵兵兵兵 for red, then the same for
//! black. Each pair is the file (0–8, `a`–`i`) and the row counted from black's back rank
//! (0–9, so row 0 is rank 9); `99` marks a captured piece, and so does `nn` (older pages of
//! the viewer write captured pieces so).
//!
//! `binit` holds no side to move: [`parse`] takes it from the caller. Pieces beyond the
//! standard set (composed problems) have no slot, so [`write()`] refuses such boards.

use crate::{Board, Color, Piece, Role, Setup, Square};

/// The role of each of a side's 16 slots (XQF's piece table has the same order): 车马相仕帅仕相
/// 马车炮炮兵兵兵兵兵, red's slots first, then black's.
pub const SLOTS: [Role; 16] = [
    Role::Rook,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::King,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Rook,
    Role::Cannon,
    Role::Cannon,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
];

/// Why a `binit` text could not be read or a board could not be written as one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BinitError {
    /// Not 64 characters (after trimming whitespace).
    #[error("binit has {found} characters, expected 64 digits (two for each of 32 pieces)")]
    Length { found: usize },
    /// A character that is not an ASCII digit (nor part of an `nn` pair), with its 1-based
    /// position.
    #[error("binit column {column}: '{found}' is not a digit")]
    NotDigit { column: usize, found: char },
    /// A pair that is neither a point of the board nor `99` or `nn`.
    #[error("binit {}: '{text}' is not a point (file 0–8, row 0–9) nor 99 or nn (captured)", slot_name(*.slot))]
    OffBoard { slot: usize, text: String },
    /// Two slots on one point.
    #[error("binit {} and {} are both on {square}", slot_name(*.first), slot_name(*.second))]
    SamePoint {
        square: Square,
        first: usize,
        second: usize,
    },
    /// More pieces of a kind than `binit` has slots for (composed problems).
    #[error("{color} has {count} {role}s but binit has only {slots} slots for them (composed problems cannot be written as binit)")]
    TooMany {
        color: Color,
        role: Role,
        count: usize,
        slots: usize,
    },
}

/// `slot 4 (red 仕)`: slots are numbered 1–32 in `binit` (and XQF) order.
pub fn slot_name(slot: usize) -> String {
    let color = if slot < 16 { Color::Red } else { Color::Black };
    format!(
        "slot {} ({} {})",
        slot + 1,
        color,
        SLOTS[slot % 16].chinese(color)
    )
}

/// Read a `binit` into a setup with the given side to move.
pub fn parse(text: &str, turn: Color) -> Result<Setup, BinitError> {
    let text = text.trim();
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 64 {
        return Err(BinitError::Length { found: chars.len() });
    }
    let mut digits = [0u8; 64];
    for (i, &c) in chars.iter().enumerate() {
        // `nn`, a whole pair, is a captured piece as `99` is.
        let pair = &chars[i - i % 2..i - i % 2 + 2];
        let d = match c.to_digit(10).filter(|_| c.is_ascii_digit()) {
            Some(d) => d as u8,
            None if pair == ['n', 'n'] => 9,
            None => {
                return Err(BinitError::NotDigit {
                    column: i + 1,
                    found: c,
                })
            }
        };
        digits[i] = d;
    }
    let mut board = Board::empty();
    let mut owner: [Option<usize>; 90] = [None; 90];
    for slot in 0..32 {
        let (x, y) = (digits[2 * slot], digits[2 * slot + 1]);
        if (x, y) == (9, 9) {
            continue;
        }
        let Some(square) = Square::from_coords(i32::from(x), 9 - i32::from(y)) else {
            return Err(BinitError::OffBoard {
                slot,
                text: format!("{x}{y}"),
            });
        };
        if let Some(first) = owner[square.index()] {
            return Err(BinitError::SamePoint {
                square,
                first,
                second: slot,
            });
        }
        owner[square.index()] = Some(slot);
        let color = if slot < 16 { Color::Red } else { Color::Black };
        board.set(square, Some(Piece::new(color, SLOTS[slot % 16])));
    }
    Ok(Setup::new(board, turn))
}

/// Write a board as `binit`. Pieces of one kind fill their slots from the left of the board
/// (file `a` first), then from black's side, so the start position gives the usual
/// `0919293949596979891777062646668600102030405060708012720323436383`.
pub fn write(board: &Board) -> Result<String, BinitError> {
    let mut out = String::with_capacity(64);
    for color in Color::ALL {
        let mut pairs = [(9, 9); 16];
        for role in Role::ALL {
            let mut squares: Vec<Square> = board.squares_of(Piece::new(color, role)).collect();
            squares.sort_by_key(|s| (s.file(), std::cmp::Reverse(s.rank())));
            let slots: Vec<usize> = (0..16).filter(|&i| SLOTS[i] == role).collect();
            if squares.len() > slots.len() {
                return Err(BinitError::TooMany {
                    color,
                    role,
                    count: squares.len(),
                    slots: slots.len(),
                });
            }
            for (slot, sq) in slots.into_iter().zip(squares) {
                pairs[slot] = (sq.file().index(), 9 - sq.rank().index());
            }
        }
        for (x, y) in pairs {
            out.push(char::from(b'0' + x));
            out.push(char::from(b'0' + y));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;
    use crate::{Position, SetupMode};

    const START: &str = "0919293949596979891777062646668600102030405060708012720323436383";

    #[test]
    fn start_position() {
        assert_eq!(write(&Board::start()).as_deref(), Ok(START));
        assert_eq!(parse(START, Color::Red).unwrap(), Setup::start());
    }

    #[test]
    fn seed_example_reads_as_published() {
        let s = parse(
            "9999075947398799999999999999999999999950403099414899499999996323",
            Color::Red,
        )
        .unwrap();
        assert_eq!(
            fen::write_board(&s.board),
            "3aka3/4n4/9/2p3p2/9/9/9/B3K3B/4r4/3AcA3"
        );
        assert!(Position::new(s.clone(), SetupMode::Standard).is_ok());
        let black = Setup {
            turn: Color::Black,
            ..s
        };
        assert!(
            Position::new(black, SetupMode::Standard).is_err(),
            "red is in check, so it must be red's turn"
        );
    }

    #[test]
    fn errors_name_the_slot() {
        let e = |t: &str| parse(t, Color::Red).unwrap_err().to_string();
        assert!(e("0919").contains("has 4 characters"));
        assert_eq!(
            e(&START.replacen('0', "x", 1)),
            "binit column 1: 'x' is not a digit"
        );
        assert_eq!(
            e(&format!("19{}", &START[2..])),
            "binit slot 1 (red 车) and slot 2 (red 马) are both on b0"
        );
        assert_eq!(
            e(&format!("{}90", &START[..62])),
            "binit slot 32 (black 卒): '90' is not a point (file 0–8, row 0–9) nor 99 or nn (captured)"
        );
        // `n` only as a whole `nn` pair.
        assert_eq!(
            e(&format!("{}9n", &START[..62])),
            "binit column 64: 'n' is not a digit"
        );
    }

    #[test]
    fn nn_is_a_captured_piece() {
        // Older pages write captured pieces as `nn`: the seed example with its 99s so.
        let old = "nnnn0759473987nnnnnnnnnnnnnnnnnnnnnnnn50403099414899499999996323";
        let new = old.replace("nn", "99");
        assert_eq!(parse(old, Color::Red), parse(&new, Color::Red));
        assert_eq!(
            fen::write_board(&parse(old, Color::Red).unwrap().board),
            "3aka3/4n4/9/2p3p2/9/9/9/B3K3B/4r4/3AcA3"
        );
    }

    #[test]
    fn composed_boards_are_refused() {
        let p = fen::parse("R1R1k4/9/9/9/9/9/9/9/9/R2K5 b", SetupMode::Composed).unwrap();
        assert_eq!(
            write(p.board()).unwrap_err().to_string(),
            "red has 3 rooks but binit has only 2 slots for them (composed problems cannot be written as binit)"
        );
    }
}

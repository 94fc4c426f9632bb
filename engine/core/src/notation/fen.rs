//! FEN as UCCI and Pikafish write it: ranks from 9 (black's back rank) down to 0, upper case for
//! red, `w` (also `r`) or `b` for the side to move, the last four fields optional; the
//! counters may also follow the side to move directly (`w 0 1`).

use crate::{Board, Color, IllegalSetup, Piece, Position, Setup, SetupMode, Square};

/// Why a FEN text could not be read. `column` is the 1-based character position in the text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("FEN column {column}: {message}")]
    Syntax { column: usize, message: String },
    #[error("{0}")]
    Illegal(IllegalSetup),
}

fn err(column: usize, message: impl Into<String>) -> FenError {
    FenError::Syntax {
        column,
        message: message.into(),
    }
}

/// Read a FEN into an unvalidated setup.
pub fn parse_setup(text: &str) -> Result<Setup, FenError> {
    let text = text.trim_end();
    let lead = text.len() - text.trim_start().len();
    let fields = fields(text);
    let Some(&(pstart, placement)) = fields.first() else {
        return Err(err(lead + 1, "empty FEN, expected the piece placement"));
    };
    let board = parse_placement(text, pstart, placement)?;
    let mut setup = Setup::new(board, Color::Red);
    if let Some(&(s, turn)) = fields.get(1) {
        setup.turn = parse_turn(text, s, turn)?;
    }
    parse_counters(text, &fields, &mut setup)?;
    Ok(setup)
}

/// The whitespace-separated fields of `text`, each with its byte offset.
fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut fields = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                fields.push((s, &text[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        fields.push((s, &text[s..]));
    }
    fields
}

/// The 1-based character column of a byte offset of `text`.
fn col(text: &str, byte: usize) -> usize {
    text[..byte].chars().count() + 1
}

/// The placement field (at byte `pstart` of `text`): ten ranks separated by '/'.
fn parse_placement(text: &str, pstart: usize, placement: &str) -> Result<Board, FenError> {
    let mut board = Board::empty();
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 10 {
        return Err(err(
            col(text, pstart),
            format!("expected 10 ranks separated by '/', found {}", ranks.len()),
        ));
    }
    let mut offset = pstart;
    for (i, rank_text) in ranks.iter().enumerate() {
        parse_rank(text, offset, 9 - i as i32, rank_text, &mut board)?;
        offset += rank_text.len() + 1;
    }
    Ok(board)
}

/// One rank's pieces and runs of empty points (at byte `offset` of `text`), placed on `board`.
fn parse_rank(
    text: &str,
    offset: usize,
    rank: i32,
    rank_text: &str,
    board: &mut Board,
) -> Result<(), FenError> {
    let mut file = 0i32;
    for (j, c) in rank_text.char_indices() {
        let at = col(text, offset + j);
        if let Some(d) = c.to_digit(10) {
            if d == 0 {
                return Err(err(at, "a run of empty points cannot be 0"));
            }
            file += d as i32;
        } else if let Some(p) = Piece::from_fen_char(c) {
            if file >= 9 {
                return Err(err(at, format!("rank {rank} has more than 9 points")));
            }
            let sq = Square::from_coords(file, rank).expect("checked above");
            board.set(sq, Some(p));
            file += 1;
        } else {
            return Err(err(
                at,
                format!(
                    "'{c}' is not a piece letter (expected one of KABNRCP kabnrcp, or a digit)"
                ),
            ));
        }
        if file > 9 {
            return Err(err(at, format!("rank {rank} has more than 9 points")));
        }
    }
    if file != 9 {
        return Err(err(
            col(text, offset),
            format!("rank {rank} describes {file} points, expected 9"),
        ));
    }
    Ok(())
}

/// The side-to-move field (at byte `s` of `text`).
fn parse_turn(text: &str, s: usize, turn: &str) -> Result<Color, FenError> {
    match turn {
        "w" | "r" | "W" | "R" => Ok(Color::Red),
        "b" | "B" => Ok(Color::Black),
        _ => Err(err(
            col(text, s),
            format!("side to move '{turn}': expected 'w' (or 'r') for red, 'b' for black"),
        )),
    }
}

/// The fields after the side to move. Fields 3 and 4 are '-' placeholders kept from chess;
/// fields 5 and 6 are the counters. Some programs write the counters straight after the side
/// to move (`w 0 1`): a number in field 3 starts them.
fn parse_counters(text: &str, fields: &[(usize, &str)], setup: &mut Setup) -> Result<(), FenError> {
    let placeholders = match fields.get(2) {
        Some((_, f)) if f.bytes().all(|b| b.is_ascii_digit()) => 0,
        _ => 2,
    };
    for (k, &(s, f)) in fields.iter().enumerate().skip(2) {
        match k - 2 {
            i if i < placeholders => {
                if f != "-" {
                    return Err(err(
                        col(text, s),
                        format!("field {} '{f}': expected '-'", k + 1),
                    ));
                }
            }
            i if i < placeholders + 2 => {
                let n: u32 = f.parse().map_err(|_| {
                    err(
                        col(text, s),
                        format!("field {} '{f}': expected a number", k + 1),
                    )
                })?;
                if i == placeholders {
                    setup.halfmoves = n;
                } else {
                    setup.fullmoves = n.max(1);
                }
            }
            _ => {
                return Err(err(
                    col(text, s),
                    format!(
                        "unexpected text after the {} FEN fields",
                        if placeholders == 0 { "four" } else { "six" }
                    ),
                ))
            }
        }
    }
    Ok(())
}

/// Read and validate a FEN.
pub fn parse(text: &str, mode: SetupMode) -> Result<Position, FenError> {
    let setup = parse_setup(text)?;
    Position::new(setup, mode).map_err(FenError::Illegal)
}

/// The placement part of a FEN.
pub fn write_board(board: &Board) -> String {
    let mut s = String::with_capacity(90);
    for rank in (0..10).rev() {
        let mut empty = 0;
        for file in 0..9 {
            let sq = Square::from_coords(file, rank).expect("on board");
            match board.get(sq) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    s.push(p.fen_char());
                }
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

/// Placement and side to move, the short form used throughout the corpus: `… w`.
pub fn write(pos: &Position) -> String {
    format!("{} {}", write_board(pos.board()), pos.turn().fen_char())
}

/// The full six-field FEN.
pub fn write_full(pos: &Position) -> String {
    format!(
        "{} {} - - {} {}",
        write_board(pos.board()),
        pos.turn().fen_char(),
        pos.halfmoves(),
        pos.fullmoves()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";

    #[test]
    fn start_position_round_trips() {
        let p = parse(START, SetupMode::Standard).unwrap();
        assert_eq!(p, Position::start());
        assert_eq!(write(&p), START);
        assert_eq!(write_full(&p), format!("{START} - - 0 1"));
        let r = parse(&START.replace(" w", " r"), SetupMode::Standard).unwrap();
        assert_eq!(r, p);
    }

    #[test]
    fn counters_with_or_without_placeholders() {
        let base = START.trim_end_matches(" w");
        for f in [
            format!("{base} b"),
            format!("{base} b - -"),
            format!("{base} b - - 3 7"),
            format!("{base} b 3 7"),
            format!("{base} b 3"),
        ] {
            let s = parse_setup(&f).unwrap_or_else(|e| panic!("{f}: {e}"));
            assert_eq!(s.turn, Color::Black, "{f}");
        }
        let s = parse_setup(&format!("{base} b 3 7")).unwrap();
        assert_eq!((s.halfmoves, s.fullmoves), (3, 7));
        let e = parse_setup(&format!("{base} b 3 7 9")).unwrap_err();
        assert!(e.to_string().contains("after the four FEN fields"), "{e}");
        let e = parse_setup(&format!("{base} b - - 0 1 x")).unwrap_err();
        assert!(e.to_string().contains("after the six FEN fields"), "{e}");
        let e = parse_setup(&format!("{base} b 0 x")).unwrap_err();
        assert!(
            e.to_string().contains("field 4 'x': expected a number"),
            "{e}"
        );
    }

    #[test]
    fn errors_name_the_column() {
        let e = parse_setup("rnbakabnr/9/1c5c1/p1p1x1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
            .unwrap_err();
        assert_eq!(e.to_string(), "FEN column 23: 'x' is not a piece letter (expected one of KABNRCP kabnrcp, or a digit)");
        let e = parse_setup("rnbakabnr/9/1c5c1 w").unwrap_err();
        assert!(e.to_string().contains("expected 10 ranks"), "{e}");
        let e = parse_setup("rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
            .unwrap_err();
        assert!(e.to_string().contains("rank 8 describes 8 points"), "{e}");
        let e = parse_setup(&format!("{} x", START.trim_end_matches(" w"))).unwrap_err();
        assert!(e.to_string().contains("side to move 'x'"), "{e}");
    }

    #[test]
    fn every_illegal_setup_reason_is_listed() {
        // Red king outside the palace, black elephant across the river, a red pawn behind its
        // start rank, black advisor off its points.
        let e = parse("4k4/9/9/9/9/2b6/9/P8/4a4/6K2 w", SetupMode::Standard).unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("red king on g0 is outside its palace"),
            "{text}"
        );
        assert!(
            text.contains("black elephant on c4 is across the river"),
            "{text}"
        );
        assert!(
            text.contains("red pawn on a2 is behind its starting rank"),
            "{text}"
        );
        assert!(text.contains("black advisor on e1"), "{text}");
        let e = parse("4k4/9/9/9/9/9/9/9/9/4K4 w", SetupMode::Standard).unwrap_err();
        assert!(e.to_string().contains("face each other"), "{e}");
        let e = parse("4k4/4R4/9/9/9/9/9/9/9/3K5 w", SetupMode::Standard).unwrap_err();
        assert!(
            e.to_string()
                .contains("black is in check but it is red's turn"),
            "{e}"
        );
        let e = parse("RRR1k4/9/9/9/9/9/9/9/9/3K5 b", SetupMode::Standard).unwrap_err();
        assert!(e.to_string().contains("red has 3 rooks"), "{e}");
        assert!(parse("R1R1k4/9/9/9/9/9/9/9/9/R2K5 b", SetupMode::Composed).is_ok());
    }
}

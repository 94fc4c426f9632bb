//! Reading and writing positions and moves in the notations referees and engines use.
//! Each notation has its own module and error type; [`parse_move`] detects the notation of a
//! single move text and [`parse_moves`] reads a list.
//!
//! ```
//! use qili_core::{notation, Position};
//!
//! let pos = Position::start();
//! let m = notation::parse_move(&pos, "炮二平五")?;
//! assert_eq!(notation::parse_move(&pos, "C2.5")?, m);
//! assert_eq!(notation::parse_move(&pos, "h2e2")?, m);
//! assert_eq!(notation::chinese::write(&pos, m), "炮二平五");
//! let moves = notation::parse_moves(&pos, "炮二平五 马8进7, H2+3")?;
//! assert_eq!(moves.len(), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod chinese;
mod descriptive;
pub mod dhtmlxq;
pub mod fen;
pub mod iccs;
pub mod wxf;

pub use descriptive::Reason;

use crate::{Move, MoveError, Position};

/// Why a move text could not be read in a position. Every variant displays as
/// `text: reason`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveTextError {
    /// Nothing but whitespace.
    #[error("empty move text")]
    Empty,
    /// The text looks like none of the notations.
    #[error("{text}: not a move in ICCS (h2e2), WXF (C2.5) or Chinese (炮二平五) notation")]
    Unrecognized { text: String },
    #[error("{0}")]
    Iccs(iccs::IccsError),
    /// An ICCS text names a move the position does not allow.
    #[error("{text}: {error}")]
    Illegal { text: String, error: MoveError },
    #[error("{0}")]
    Wxf(wxf::WxfError),
    #[error("{0}")]
    Chinese(chinese::ChineseError),
}

impl MoveTextError {
    /// The move text the error is about.
    pub fn text(&self) -> &str {
        match self {
            MoveTextError::Empty => "",
            MoveTextError::Unrecognized { text } | MoveTextError::Illegal { text, .. } => text,
            MoveTextError::Iccs(e) => &e.text,
            MoveTextError::Wxf(e) => &e.text,
            MoveTextError::Chinese(e) => &e.text,
        }
    }

    /// The legal moves an ambiguous (loose) text could mean; empty for other errors.
    pub fn candidates(&self) -> &[Move] {
        match self {
            MoveTextError::Wxf(e) => e.candidates(),
            MoveTextError::Chinese(e) => e.candidates(),
            _ => &[],
        }
    }
}

/// ICCS starts with a point (`h2`), then a letter, possibly after a dash (`h2e2`, `H2-E2`);
/// WXF has an action or a digit there (`H2+3`, `P+7.6`).
fn looks_like_iccs(t: &str) -> bool {
    let b = t.as_bytes();
    let third = match b.get(2) {
        Some(b'-') => b.get(3),
        other => other,
    };
    b.len() >= 3
        && matches!(b[0].to_ascii_lowercase(), b'a'..=b'i')
        && b[1].is_ascii_digit()
        && third.is_some_and(|c| c.is_ascii_alphabetic())
}

/// Read one move in any supported notation, detected from the text, and check it is legal:
/// Chinese (either script) when the text has non-ASCII characters, ICCS when it starts with
/// two points, WXF otherwise.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveTextError> {
    let m = read_move(pos, text)?;
    let t = text.trim();
    if t.is_ascii() && looks_like_iccs(t) {
        pos.check_move(m).map_err(|error| MoveTextError::Illegal {
            text: t.to_string(),
            error,
        })?;
    }
    Ok(m)
}

/// [`parse_move`] without checking that an ICCS move is legal, for callers that check every
/// move they play (the game-record readers of `qili-records`): a game file's moves are then
/// checked once, not twice.
pub fn read_move(pos: &Position, text: &str) -> Result<Move, MoveTextError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(MoveTextError::Empty);
    }
    if !t.is_ascii() {
        return chinese::parse(pos, t).map_err(MoveTextError::Chinese);
    }
    if looks_like_iccs(t) {
        return iccs::parse(t).map_err(MoveTextError::Iccs);
    }
    let wxf_like = t
        .chars()
        .find(|c| c.is_ascii_alphabetic())
        .is_some_and(|c| crate::Role::from_letter(c).is_some());
    if !wxf_like {
        return Err(MoveTextError::Unrecognized {
            text: t.to_string(),
        });
    }
    wxf::parse(pos, t).map_err(MoveTextError::Wxf)
}

/// Why a list of moves could not be read: the 1-based ply of the first bad move and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("ply {ply} {error}")]
pub struct MoveListError {
    pub ply: usize,
    pub error: MoveTextError,
}

/// The move texts of a move list: separated by whitespace or commas (`,` `，` `、`), with move
/// numbers left out (`1.` and `1...` on their own or glued to the move, `1.炮二平五`), as game
/// records write them. No move in any notation begins with an ASCII digit.
pub fn move_tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || matches!(c, ',' | '，' | '、'))
        .map(strip_move_number)
        .filter(|s| !s.is_empty())
}

/// `12.` → ``, `12...h2e2` → `h2e2`; anything else as it is.
fn strip_move_number(token: &str) -> &str {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return token;
    }
    let rest = &token[digits..];
    let dots = rest.len() - rest.trim_start_matches(['.', '．']).len();
    if dots == 0 {
        return token;
    }
    &rest[dots..]
}

/// Read moves separated by whitespace or commas (`,` `，` `、`), each in any notation,
/// playing each in turn from `pos`; move numbers are skipped (see [`move_tokens`]).
pub fn parse_moves(pos: &Position, text: &str) -> Result<Vec<Move>, MoveListError> {
    let mut current = pos.clone();
    let mut moves = Vec::new();
    for (i, item) in move_tokens(text).enumerate() {
        let m = parse_move(&current, item).map_err(|error| MoveListError { ply: i + 1, error })?;
        current.play_unchecked(m);
        moves.push(m);
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_are_skipped() {
        let p = Position::start();
        let expected = parse_moves(&p, "炮二平五 马8进7 马二进三 车9平8").unwrap();
        for text in [
            "1. 炮二平五 马8进7 2. 马二进三 车9平8",
            "1.炮二平五 1...马8进7 2.马二进三 2... 车9平8",
            "1．炮二平五，马8进7，2．马二进三，车9平8",
        ] {
            assert_eq!(parse_moves(&p, text).as_ref(), Ok(&expected), "{text}");
        }
        // A WXF move keeps its dots; a lone number with no dot is no move number.
        assert_eq!(move_tokens("1. C2.5").collect::<Vec<_>>(), ["C2.5"]);
        assert_eq!(move_tokens("12 h2e2").collect::<Vec<_>>(), ["12", "h2e2"]);
    }

    #[test]
    fn detects_the_notation() {
        let p = Position::start();
        let m = iccs::parse("h2e2").unwrap();
        for text in [
            "h2e2",
            "H2-E2",
            "C2.5",
            "c2=5",
            "炮二平五",
            "炮2平5",
            "砲二平五",
            " h2e2 ",
        ] {
            assert_eq!(parse_move(&p, text), Ok(m), "{text}");
        }
        assert_eq!(parse_move(&p, "  "), Err(MoveTextError::Empty));
        assert_eq!(
            parse_move(&p, "xyz").unwrap_err().to_string(),
            "xyz: not a move in ICCS (h2e2), WXF (C2.5) or Chinese (炮二平五) notation"
        );
        assert_eq!(
            parse_move(&p, "b0d1").unwrap_err().to_string(),
            "b0d1: the horse's leg at c0 is blocked"
        );
        assert_eq!(
            parse_move(&p, "j2e2").unwrap_err().to_string(),
            "j2e2: not a move in ICCS (h2e2), WXF (C2.5) or Chinese (炮二平五) notation"
        );
    }

    #[test]
    fn lists_report_the_ply() {
        let p = Position::start();
        let moves = parse_moves(&p, "炮二平五 马8进7，马二进三、车9平8 h0g2").unwrap_err();
        assert_eq!(moves.ply, 5);
        assert_eq!(moves.to_string(), "ply 5 h0g2: there is no piece on h0");
        let ok = parse_moves(&p, "C2.5 H8+7 马二进三").unwrap();
        assert_eq!(ok.len(), 3);
        assert_eq!(parse_moves(&p, " "), Ok(vec![]));
        let e = parse_moves(&p, "炮二平五 马8进7 马二进四").unwrap_err();
        assert_eq!(e.ply, 3);
        assert!(e.to_string().starts_with("ply 3 马二进四: "), "{e}");
    }
}

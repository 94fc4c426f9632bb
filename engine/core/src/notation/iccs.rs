//! ICCS coordinates: `h2e2`, also written `H2-E2`.

use crate::{Move, Square};

/// Why an ICCS text is not a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{text}: not an ICCS move, expected two points such as h2e2 or H2-E2 (files a–i, ranks 0–9)"
)]
pub struct IccsError {
    pub text: String,
}

/// Parse `h2e2`, `H2E2`, `h2-e2` or `H2-E2`.
pub fn parse(text: &str) -> Result<Move, IccsError> {
    let bad = || IccsError {
        text: text.to_string(),
    };
    let t = text.trim();
    let (a, b) = match t.len() {
        4 if t.is_ascii() => (&t[..2], &t[2..]),
        5 if t.is_ascii() && &t[2..3] == "-" => (&t[..2], &t[3..]),
        _ => return Err(bad()),
    };
    let from = Square::parse(a).ok_or_else(bad)?;
    let to = Square::parse(b).ok_or_else(bad)?;
    if from == to {
        return Err(bad());
    }
    Ok(Move::new(from, to))
}

/// Lower-case ICCS without a dash, as UCCI engines write it.
pub fn write(m: Move) -> String {
    m.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_both_spellings() {
        let m = parse("h2e2").unwrap();
        assert_eq!(parse("H2-E2").unwrap(), m);
        assert_eq!(parse("H2E2").unwrap(), m);
        assert_eq!(write(m), "h2e2");
        assert!(parse("h2e2x").is_err());
        assert!(parse("j2e2").is_err());
        assert!(parse("h2h2").is_err());
        assert!(parse("马二平五").is_err());
    }
}

//! WXF notation, the World Xiangqi Federation's transcription of the Chinese 纵线 notation
//! into ASCII: `C2.5` (炮二平五), `H8+7` (马8进7), `R1-3`, `K5.4`.
//!
//! A move is the piece letter (`K A E H R C P`; `B` and `N` are read too), the file it stands
//! on counted from the mover's right in arabic digits for both sides, the action (`+`
//! advance, `-` retreat, `.` or `=` traverse) and a number: steps for straight movers
//! (rook, cannon, pawn, king) going forward or back, otherwise the destination file. It means
//! exactly what the Chinese text means, so [`super::chinese`] documents the counting.
//!
//! # Several same pieces on one file (the written form)
//!
//! - Two rooks, horses, cannons or pawns on one file: `+` (front, the more advanced) or `-`
//!   (rear) before the letter replaces the file: `+R.4`, `-H+7`.
//! - Three or more on one file: their place from the front as a digit before the letter:
//!   `1P.4`, `2P.4`, `3P.4`.
//! - When another file also holds two or more such pieces, the file follows the letter:
//!   `+P7.6` (前兵七平六).
//! - Advisors and elephants keep the file (`A4+5`): their direction tells them apart.
//!
//! The parser also accepts the sign after the letter (`R+.4`, `P+7.6`), lower-case letters
//! and surrounding whitespace. A loose text that leaves the piece open is read when only one
//! candidate can move so, and is [`Reason::Ambiguous`] with the candidates otherwise.

use super::descriptive::{self, Action, Description, Place, Reason, Style, Written};
use crate::{Color, Move, Position, Role};

/// Why a WXF move text names no single legal move.
/// Why a WXF move text names no single legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{text}: {reason}")]
pub struct WxfError {
    /// The text as given (trimmed).
    pub text: String,
    pub reason: Reason,
}

impl WxfError {
    /// The legal moves an ambiguous text could mean (empty for other errors).
    pub fn candidates(&self) -> &[Move] {
        match &self.reason {
            Reason::Ambiguous { candidates, .. } => candidates,
            _ => &[],
        }
    }
}

struct Wxf;

impl Style for Wxf {
    fn file(&self, _color: Color, number: u32) -> String {
        number.to_string()
    }

    fn action(&self, action: Action) -> &'static str {
        match action {
            Action::Advance => "'+'",
            Action::Retreat => "'-'",
            Action::Traverse => "'.'",
        }
    }

    fn write(&self, pos: &Position, m: Move) -> String {
        write(pos, m)
    }
}

fn render(w: &Written) -> String {
    let letter = w.piece.role.wxf_letter();
    let mut s = String::with_capacity(8);
    match w.place {
        Some((index, count)) => {
            match (index, count) {
                (0, 2) => s.push('+'),
                (_, 2) => s.push('-'),
                (i, _) => s.push_str(&(i + 1).to_string()),
            }
            s.push(letter);
            if w.show_file {
                s.push_str(&w.file.to_string());
            }
        }
        None => {
            s.push(letter);
            s.push_str(&w.file.to_string());
        }
    }
    s.push(match w.action {
        Action::Advance => '+',
        Action::Retreat => '-',
        Action::Traverse => '.',
    });
    s.push_str(&w.number.to_string());
    s
}

/// The move in WXF notation (`C2.5`, `H8+7`, `+R-1`). A move with no piece on its from
/// square falls back to ICCS.
pub fn write(pos: &Position, m: Move) -> String {
    descriptive::standard(pos, m).map_or_else(|| m.to_string(), |w| render(&w))
}

fn sign(c: char) -> Option<Place> {
    match c {
        '+' => Some(Place::Front),
        '-' => Some(Place::Rear),
        _ => None,
    }
}

fn action(c: char) -> Option<Action> {
    match c {
        '+' => Some(Action::Advance),
        '-' => Some(Action::Retreat),
        '.' | '=' => Some(Action::Traverse),
        _ => None,
    }
}

fn role(c: char) -> Option<Role> {
    if c.is_ascii_alphabetic() {
        Role::from_letter(c)
    } else {
        None
    }
}

fn syntax(message: impl Into<String>) -> Reason {
    Reason::Syntax(message.into())
}

/// Whether the text reads as WXF, before looking at the position.
pub(crate) fn describe(text: &str) -> Result<Description, Reason> {
    let c: Vec<char> = text.chars().collect();
    let at = |i: usize| c.get(i).copied();
    let mut i = 0;
    let mut place = None;
    match (at(0), at(1)) {
        (None, _) => return Err(syntax("empty move text")),
        (Some(s), _) if sign(s).is_some() => {
            place = sign(s);
            i = 1;
        }
        (Some(d), Some(l)) if d.is_ascii_digit() && role(l).is_some() => {
            let k = d.to_digit(10).unwrap_or_default();
            place = Some(if k == 1 { Place::Front } else { Place::Nth(k) });
            i = 1;
        }
        _ => {}
    }
    let Some(letter) = at(i) else {
        return Err(syntax(
            "expected a piece letter (K A E H R C P) after the place sign",
        ));
    };
    let Some(role) = role(letter) else {
        return Err(syntax(format!(
            "'{letter}' is not a WXF piece letter (K A E H R C P)"
        )));
    };
    i += 1;
    if place.is_none() {
        if let Some(p) = at(i).and_then(sign) {
            let then_action = at(i + 1).and_then(action).is_some();
            let then_file = at(i + 1).is_some_and(|d| d.is_ascii_digit())
                && at(i + 2).and_then(action).is_some();
            if then_action || then_file {
                place = Some(p);
                i += 1;
            }
        }
    }
    let mut file = None;
    if let Some(d) = at(i).and_then(|d| d.to_digit(10)) {
        file = Some(d);
        i += 1;
    }
    if file.is_none() && place.is_none() {
        return Err(syntax(format!(
            "expected the file of the {role} (1–9) or a place sign (+ front, - rear) after {letter}"
        )));
    }
    let Some(act) = at(i).and_then(action) else {
        return Err(syntax(match at(i) {
            Some(x) => {
                format!("'{x}' is not an action: expected + (advance), - (retreat) or . (traverse)")
            }
            None => "expected an action: + (advance), - (retreat) or . (traverse)".to_string(),
        }));
    };
    i += 1;
    let rest = &c[i.min(c.len())..];
    if rest.is_empty() {
        return Err(syntax("expected a number after the action"));
    }
    let mut number: u32 = 0;
    for &d in rest {
        let Some(v) = d.to_digit(10) else {
            return Err(syntax(format!(
                "'{d}' is not a digit: the move ends with a number"
            )));
        };
        number = number.saturating_mul(10).saturating_add(v);
    }
    Ok(Description {
        role,
        file,
        place,
        action: act,
        number,
    })
}

/// Read a WXF move text and return the legal move it names in `pos`.
pub fn parse(pos: &Position, text: &str) -> Result<Move, WxfError> {
    let text = text.trim();
    let err = |reason| WxfError {
        text: text.to_string(),
        reason,
    };
    let d = describe(text).map_err(err)?;
    descriptive::resolve(pos, &d, &Wxf).map_err(err)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{fen, iccs};
    use crate::SetupMode;

    fn pos(f: &str) -> Position {
        fen::parse(f, SetupMode::Standard).unwrap()
    }

    fn mv(s: &str) -> Move {
        iccs::parse(s).unwrap()
    }

    #[test]
    fn opening_moves() {
        let p = Position::start();
        for (text, m) in [
            ("C2.5", "h2e2"),
            ("H2+3", "h0g2"),
            ("R9+1", "a0a1"),
            ("E3+5", "g0e2"),
            ("A4+5", "f0e1"),
            ("K5+1", "e0e1"),
            ("P7+1", "c3c4"),
        ] {
            assert_eq!(parse(&p, text), Ok(mv(m)), "{text}");
            assert_eq!(write(&p, mv(m)), text);
        }
        assert_eq!(parse(&p, "C2=5"), Ok(mv("h2e2")));
        assert_eq!(parse(&p, " c2.5 "), Ok(mv("h2e2")));
        assert_eq!(parse(&p, "N2+3"), Ok(mv("h0g2")));
        assert_eq!(parse(&p, "B3+5"), Ok(mv("g0e2")));
        let b = p.after(mv("h2e2"));
        assert_eq!(parse(&b, "H8+7"), Ok(mv("h9g7")));
        assert_eq!(write(&b, mv("h9g7")), "H8+7");
        assert_eq!(write(&b, mv("b7e7")), "C2.5");
    }

    #[test]
    fn tandem_pieces() {
        let p = pos("1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w");
        assert_eq!(write(&p, mv("b7b8")), "-R+1");
        assert_eq!(write(&p, mv("b9b8")), "+R-1");
        assert_eq!(write(&p, mv("b7c7")), "-R.7");
        for text in ["-R+1", "R-+1", "-r+1"] {
            assert_eq!(parse(&p, text), Ok(mv("b7b8")), "{text}");
        }
        for text in ["+R.6", "R+.6", "R+=6"] {
            assert_eq!(parse(&p, text), Ok(mv("b9d9")), "{text}");
        }
        assert_eq!(
            parse(&p, "-R.6").unwrap_err().to_string(),
            "-R.6: the red rook on b7 cannot move sideways to file 6 (b7d7): the rook's line is blocked at c7"
        );
    }

    #[test]
    fn several_pawns_on_a_file() {
        let three = pos("4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w");
        for (m, text) in [("c7c8", "1P+1"), ("c6b6", "2P.8"), ("c5d5", "3P.6")] {
            assert_eq!(write(&three, mv(m)), text);
            assert_eq!(parse(&three, text), Ok(mv(m)), "{text}");
        }
        assert_eq!(parse(&three, "+P+1"), Ok(mv("c7c8")));
        assert_eq!(parse(&three, "-P.6"), Ok(mv("c5d5")));
        let two = pos("5k3/9/9/2P1P4/2P1P4/9/9/9/9/3K5 w");
        assert_eq!(write(&two, mv("c6c7")), "+P7+1");
        assert_eq!(write(&two, mv("e5f5")), "-P5.4");
        assert_eq!(parse(&two, "P+7+1"), Ok(mv("c6c7")));
        assert_eq!(parse(&two, "P-5.4"), Ok(mv("e5f5")));
        assert_eq!(parse(&two, "+P+1").unwrap_err().candidates().len(), 2);
        let b = pos("4k4/9/9/9/9/9/2p6/2p6/2p6/3K5 b");
        assert_eq!(write(&b, mv("c1c0")), "1P+1");
        assert_eq!(write(&b, mv("c3b3")), "3P.2");
    }

    #[test]
    fn errors_say_why() {
        let p = Position::start();
        let e = |t: &str| parse(&p, t).unwrap_err().to_string();
        assert_eq!(e("R7+10"), "R7+10: a rook cannot advance 10 steps");
        assert_eq!(e("C8.8"), "C8.8: '.' needs another file");
        assert!(
            e("Q2.5").contains("'Q' is not a WXF piece letter"),
            "{}",
            e("Q2.5")
        );
        assert!(e("C2").contains("expected an action"));
        assert!(e("C2.").contains("expected a number"));
        assert!(e("C.5").contains("expected the file"));
    }
}

//! Chinese 纵线 notation: `炮二平五`, `马8进7`, `前车退一`.
//!
//! A move is four characters: the piece and its file, the action, and a number. Files count
//! from the mover's right: red's 一 is file `i`, 九 is file `a`; black's 1 is file `a`, 9 is
//! file `i`. 进 goes toward the opponent, 退 back, 平 sideways. For pieces that move
//! straight (车 炮 兵 帅) the number after 进/退 counts steps and the number after 平 is the
//! destination file; for pieces that move diagonally (马 仕 相) it is the destination file.
//!
//! # Several same pieces on one file
//!
//! The written form must name exactly one legal move; these are the conventions [`write()`]
//! follows (the 2011 CXA rule book's 记录方法):
//!
//! - Two rooks, horses, cannons or pawns on one file: 前 (the more advanced, toward the
//!   opponent) or 后 replaces the file number, before the piece: `前马进二`, `后车退一`.
//! - Three pawns (or other pieces, in composed problems) on one file: 前, 中, 后.
//!   Four or more: 前, 二, 三, 四, 五 counted from the front (`二兵平四`).
//! - When another file also holds two or more such pieces, the file number follows the
//!   piece: `前兵九平八`, `后卒3进1`.
//! - Advisors and elephants keep the file number even when two share a file (`仕四进五`):
//!   on one file the two can only move in opposite directions, so 进/退 tells them apart.
//!
//! # What the parser accepts
//!
//! Everything [`write()`] and [`write_traditional`] produce, and the variants found in print:
//!
//! - pieces 车車俥伡, 马馬傌码, 炮砲包, 帅帥 and 将將, 仕士, 相象, 兵 and 卒; 仕士 and
//!   相象 for either side (older texts write 士 and 象 for red);
//! - actions 进進, 退, 平; place words 前, 中, 后後, and 一…九 as ordinals;
//! - numbers as Chinese numerals 一…九 for red (十 is read as 10 so that `车七进十` gets a
//!   precise error), ASCII or full-width digits `１…９` for either side (some texts write
//!   red's files in digits);
//! - the file after the place word (`前兵九平八`), the short form without the piece for
//!   pawns (`前九平八`), and the place after the piece (`马前进二`);
//! - surrounding whitespace.
//!
//! A text in the other side's characters (将 or 卒 on red's turn, Chinese numerals on
//! black's) is refused with [`Reason::WrongSide`]: in a list of moves it means a move is
//! missing or out of order, and reading it with the wrong side's file numbers would hide that.
//!
//! A loose text that leaves the piece open (`马四进二` with two horses on file 四) is read
//! when only one of the pieces it could name can move so; when several can, the error is
//! [`Reason::Ambiguous`] and carries every candidate move.

use super::descriptive::{self, Action, Description, Place, Reason, Style, Written};
use crate::{Color, Move, Position, Role};

/// Why a Chinese move text names no single legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{text}: {reason}")]
pub struct ChineseError {
    /// The text as given (trimmed).
    pub text: String,
    pub reason: Reason,
}

impl ChineseError {
    /// The legal moves an ambiguous text could mean (empty for other errors).
    pub fn candidates(&self) -> &[Move] {
        match &self.reason {
            Reason::Ambiguous { candidates, .. } => candidates,
            _ => &[],
        }
    }
}

const RED_NUMERALS: [char; 10] = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/// The script a move is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Script {
    Simplified,
    Traditional,
}

struct Chinese;

impl Style for Chinese {
    fn file(&self, color: Color, number: u32) -> String {
        numeral(color, number)
    }

    fn action(&self, action: Action) -> &'static str {
        action_word(action, Script::Simplified)
    }

    fn write(&self, pos: &Position, m: Move) -> String {
        write(pos, m)
    }
}

/// A number as a side writes it: Chinese numerals for red, ASCII digits for black.
fn numeral(color: Color, n: u32) -> String {
    match (color, n) {
        (Color::Red, 1..=10) => RED_NUMERALS[n as usize - 1].to_string(),
        _ => n.to_string(),
    }
}

fn action_word(action: Action, script: Script) -> &'static str {
    match (action, script) {
        (Action::Advance, Script::Simplified) => "进",
        (Action::Advance, Script::Traditional) => "進",
        (Action::Retreat, _) => "退",
        (Action::Traverse, _) => "平",
    }
}

fn place_word(index: usize, count: usize, script: Script) -> String {
    let rear = match script {
        Script::Simplified => "后",
        Script::Traditional => "後",
    };
    match (index, count) {
        (0, _) => "前".to_string(),
        (1, 2) | (2, 3) => rear.to_string(),
        (1, 3) => "中".to_string(),
        (i, _) => numeral(Color::Red, i as u32 + 1),
    }
}

fn render(w: &Written, script: Script) -> String {
    let color = w.piece.color;
    let role = match script {
        Script::Simplified => w.piece.role.chinese(color),
        Script::Traditional => w.piece.role.traditional(color),
    };
    let mut s = String::with_capacity(16);
    if let Some((index, count)) = w.place {
        s.push_str(&place_word(index, count, script));
        s.push(role);
        if w.show_file {
            s.push_str(&numeral(color, w.file));
        }
    } else {
        s.push(role);
        s.push_str(&numeral(color, w.file));
    }
    s.push_str(action_word(w.action, script));
    s.push_str(&numeral(color, w.number));
    s
}

/// The move in standard simplified Chinese notation (`马二退一`, `车9平8`, `前炮平五`):
/// Chinese numerals for red, ASCII digits for black. A move with no piece on its from square
/// falls back to ICCS.
pub fn write(pos: &Position, m: Move) -> String {
    descriptive::standard(pos, m).map_or_else(|| m.to_string(), |w| render(&w, Script::Simplified))
}

/// The move in traditional characters, as Hong Kong and Taiwan texts print it (`馬二退一`,
/// `車9平8`, `後炮平五`); numbers as in [`write()`].
pub fn write_traditional(pos: &Position, m: Move) -> String {
    descriptive::standard(pos, m).map_or_else(|| m.to_string(), |w| render(&w, Script::Traditional))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    /// A role and the character that named it.
    Role(Role, char),
    Place(Place),
    /// A number and its first character.
    Number(u32, char),
    Action(Action),
}

fn digit(c: char) -> Option<u32> {
    match c {
        '0'..='9' => c.to_digit(10),
        '０'..='９' => Some(c as u32 - '０' as u32),
        _ => None,
    }
}

fn tokens(text: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::with_capacity(5);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let token = if let Some(role) = Role::from_chinese(c) {
            Token::Role(role, c)
        } else if let Some(i) = RED_NUMERALS.iter().position(|&n| n == c) {
            Token::Number(i as u32 + 1, c)
        } else if let Some(d) = digit(c) {
            let mut n = d;
            while let Some(d) = chars.peek().copied().and_then(digit) {
                chars.next();
                n = n.saturating_mul(10).saturating_add(d);
            }
            Token::Number(n, c)
        } else {
            match c {
                '进' | '進' => Token::Action(Action::Advance),
                '退' => Token::Action(Action::Retreat),
                '平' => Token::Action(Action::Traverse),
                '前' => Token::Place(Place::Front),
                '中' => Token::Place(Place::Middle),
                '后' | '後' => Token::Place(Place::Rear),
                _ => return Err(format!("'{c}' is not part of Chinese move notation")),
            }
        };
        out.push(token);
    }
    Ok(out)
}

/// An ordinal number as a place: 一兵 is the front pawn.
fn nth(k: u32) -> Place {
    if k == 1 {
        Place::Front
    } else {
        Place::Nth(k)
    }
}

const SHAPES: &str = "expected a piece and its file (马二), a place and a piece (前马, 二兵, 前兵九), then 进, 退 or 平 and a number";

/// Characters only one side writes: 帅 将 兵 卒, and Chinese numerals as files and steps
/// (black writes digits).
fn side_of(c: char) -> Option<Color> {
    match c {
        '帅' | '帥' | '兵' => Some(Color::Red),
        '将' | '將' | '卒' => Some(Color::Black),
        _ if RED_NUMERALS.contains(&c) => Some(Color::Red),
        _ => None,
    }
}

/// The description, and the characters that say whose move the text means (the piece and
/// the numbers, not place words: 二兵 and 二卒 use the same ordinal).
fn describe(text: &str) -> Result<(Description, Vec<char>), Reason> {
    let toks = tokens(text).map_err(Reason::Syntax)?;
    let Some(at) = toks.iter().position(|t| matches!(t, Token::Action(_))) else {
        return Err(Reason::Syntax(if toks.is_empty() {
            "empty move text".to_string()
        } else {
            "no action: a move needs 进, 退 or 平".to_string()
        }));
    };
    let Token::Action(action) = toks[at] else {
        return Err(Reason::Syntax("no action".to_string()));
    };
    use Token::{Number as N, Place as P, Role as R};
    let (role, file, place, marks) = match toks[..at] {
        [R(r, c), N(f, d)] => (r, Some(f), None, vec![c, d]),
        [P(p), R(r, c)] | [R(r, c), P(p)] => (r, None, Some(p), vec![c]),
        [N(k, _), R(r, c)] => (r, None, Some(nth(k)), vec![c]),
        [P(p), R(r, c), N(f, d)] => (r, Some(f), Some(p), vec![c, d]),
        [N(k, _), R(r, c), N(f, d)] => (r, Some(f), Some(nth(k)), vec![c, d]),
        [P(p), N(f, d)] => (Role::Pawn, Some(f), Some(p), vec![d]),
        [] => {
            return Err(Reason::Syntax(format!(
                "nothing before the action: {SHAPES}"
            )))
        }
        _ => {
            return Err(Reason::Syntax(format!(
                "cannot tell which piece moves: {SHAPES}"
            )))
        }
    };
    let (number, mark) = match toks[at + 1..] {
        [N(n, d)] => (n, d),
        [] | [_] => {
            return Err(Reason::Syntax(format!(
                "expected a number after {}",
                action_word(action, Script::Simplified)
            )))
        }
        _ => {
            return Err(Reason::Syntax(
                "unexpected text after the number".to_string(),
            ))
        }
    };
    let mut marks = marks;
    marks.push(mark);
    let d = Description {
        role,
        file,
        place,
        action,
        number,
    };
    Ok((d, marks))
}

/// A text written for the other side is usually a move out of order: say so rather than
/// read it with the other side's file numbers.
fn check_side(marks: &[char], turn: Color) -> Result<(), Reason> {
    let Some(&c) = marks
        .iter()
        .find(|&&c| side_of(c).is_some_and(|s| s != turn))
    else {
        return Ok(());
    };
    Err(Reason::WrongSide(match Role::from_chinese(c) {
        Some(role) => format!("{c} is {}'s {role}, but it is {turn}'s turn", !turn),
        None => {
            format!("it is {turn}'s turn, and {turn} writes files and steps in digits, not {c}")
        }
    }))
}

/// Read a Chinese move text and return the legal move it names in `pos`.
pub fn parse(pos: &Position, text: &str) -> Result<Move, ChineseError> {
    let text = text.trim();
    let err = |reason| ChineseError {
        text: text.to_string(),
        reason,
    };
    let (d, marks) = describe(text).map_err(err)?;
    check_side(&marks, pos.turn()).map_err(err)?;
    descriptive::resolve(pos, &d, &Chinese).map_err(err)
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

    fn error(p: &Position, text: &str) -> String {
        parse(p, text).unwrap_err().to_string()
    }

    #[test]
    fn opening_moves() {
        let p = Position::start();
        for (text, m) in [
            ("炮二平五", "h2e2"),
            ("马二进三", "h0g2"),
            ("马八进七", "b0c2"),
            ("车九进一", "a0a1"),
            ("兵七进一", "c3c4"),
            ("相三进五", "g0e2"),
            ("仕四进五", "f0e1"),
            ("帅五进一", "e0e1"),
        ] {
            assert_eq!(parse(&p, text), Ok(mv(m)), "{text}");
            assert_eq!(write(&p, mv(m)), text);
        }
        let b = p.after(mv("h2e2"));
        assert_eq!(parse(&b, "马8进7"), Ok(mv("h9g7")));
        assert_eq!(write(&b, mv("h9g7")), "马8进7");
        assert_eq!(write(&b, mv("b7e7")), "炮2平5");
        assert_eq!(write(&b, mv("a9a8")), "车1进1");
    }

    #[test]
    fn variants_of_script_and_digits() {
        let p = Position::start();
        let b = p.after(mv("h2e2"));
        for text in ["馬二進三", "傌二进三", " 马2进3 ", "马２进３", "码二进三"] {
            assert_eq!(parse(&p, text), Ok(mv("h0g2")), "{text}");
        }
        for text in ["马８进７", "馬8進7", "马8进７"] {
            assert_eq!(parse(&b, text), Ok(mv("h9g7")), "{text}");
        }
        assert_eq!(parse(&p, "砲二平五"), Ok(mv("h2e2")));
        assert_eq!(parse(&p, "俥一进一"), Ok(mv("i0i1")));
        assert_eq!(
            parse(&p, "士四进五"),
            Ok(mv("f0e1")),
            "士 for red, as older texts write it"
        );
        assert_eq!(write_traditional(&p, mv("h0g2")), "馬二進三");
        assert_eq!(write_traditional(&b, mv("h9g7")), "馬8進7");
    }

    #[test]
    fn the_other_sides_text_is_refused() {
        let p = Position::start();
        let b = p.after(mv("h2e2"));
        assert_eq!(
            error(&b, "马二进三"),
            "马二进三: it is black's turn, and black writes files and steps in digits, not 二"
        );
        assert_eq!(
            error(&p, "将5进1"),
            "将5进1: 将 is black's king, but it is red's turn"
        );
        assert_eq!(
            error(&p, "卒3进1"),
            "卒3进1: 卒 is black's pawn, but it is red's turn"
        );
        assert_eq!(
            error(&b, "兵3进1"),
            "兵3进1: 兵 is red's pawn, but it is black's turn"
        );
        assert_eq!(
            parse(&b, "仕4进5"),
            Ok(mv("d9e8")),
            "仕 and 士 for either side"
        );
        assert_eq!(parse(&p, "象三进五"), Ok(mv("g0e2")));
        assert!(matches!(
            parse(&b, "马二进三").unwrap_err().reason,
            Reason::WrongSide(_)
        ));
    }

    #[test]
    fn front_and_rear() {
        // Red rooks on b9 and b7 (参考 图17), black cannons on g5 and g1.
        let p = pos("1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w");
        assert_eq!(write(&p, mv("b7b8")), "后车进一");
        assert_eq!(parse(&p, "后车进一"), Ok(mv("b7b8")));
        assert_eq!(parse(&p, "後車進一"), Ok(mv("b7b8")));
        assert_eq!(parse(&p, "车后进一"), Ok(mv("b7b8")));
        assert_eq!(write(&p, mv("b9b8")), "前车退一");
        assert_eq!(write_traditional(&p, mv("b7b8")), "後車進一");
        let b = pos("r2akabr1/9/2n1b1n2/p1p1p1R1p/6c2/2P6/P3P2CP/2N1C4/6c1N/R1BAKAB2 w")
            .after(mv("e2g2"));
        assert_eq!(write(&b, mv("g5e5")), "后炮平5");
        assert_eq!(parse(&b, "后炮平5"), Ok(mv("g5e5")));
    }

    #[test]
    fn several_pawns_on_a_file() {
        // Three red pawns on file 七.
        let p = pos("4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w");
        for (m, text) in [
            ("c7c8", "前兵进一"),
            ("c6b6", "中兵平八"),
            ("c5d5", "后兵平六"),
        ] {
            assert_eq!(write(&p, mv(m)), text);
            assert_eq!(parse(&p, text), Ok(mv(m)), "{text}");
        }
        assert_eq!(parse(&p, "二兵平八"), Ok(mv("c6b6")));
        assert_eq!(parse(&p, "三兵平六"), Ok(mv("c5d5")));
        assert_eq!(parse(&p, "一兵进一"), Ok(mv("c7c8")));
        assert_eq!(
            parse(&p, "兵七进一"),
            Ok(mv("c7c8")),
            "only the front pawn can advance"
        );
        assert!(matches!(
            parse(&p, "兵七平八").unwrap_err().reason,
            Reason::Ambiguous { ref candidates, .. } if candidates.len() == 3
        ));
        // Five red pawns on file 七: 前, 二, 三, 四, 五 from the front.
        let five = pos("2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w");
        for (m, text) in [
            ("c9b9", "前兵平八"),
            ("c8d8", "二兵平六"),
            ("c7b7", "三兵平八"),
            ("c6d6", "四兵平六"),
            ("c5b5", "五兵平八"),
        ] {
            assert_eq!(write(&five, mv(m)), text);
            assert_eq!(parse(&five, text), Ok(mv(m)), "{text}");
        }
        assert_eq!(parse(&five, "后兵平八"), Ok(mv("c5b5")));
        assert!(parse(&five, "中兵平八").is_ok(), "the middle one of five");
        // Two files with two red pawns each: the file follows the place word.
        let two = pos("5k3/9/9/2P1P4/2P1P4/9/9/9/9/3K5 w");
        assert_eq!(write(&two, mv("c6c7")), "前兵七进一");
        assert_eq!(write(&two, mv("e5f5")), "后兵五平四");
        assert_eq!(parse(&two, "前兵七进一"), Ok(mv("c6c7")));
        assert_eq!(parse(&two, "前七进一"), Ok(mv("c6c7")));
        assert_eq!(parse(&two, "后五平四"), Ok(mv("e5f5")));
        let e = parse(&two, "前兵进一").unwrap_err();
        assert_eq!(
            e.to_string(),
            "前兵进一: ambiguous: two red pawns can advance 1 step (c6, e6); write 前兵七进一 or 前兵五进一"
        );
        // Black: three pawns on file 3, the front one nearest red.
        let b = pos("4k4/9/9/9/9/9/2p6/2p6/2p6/3K5 b");
        assert_eq!(write(&b, mv("c1c0")), "前卒进1");
        assert_eq!(write(&b, mv("c2d2")), "中卒平4");
        assert_eq!(write(&b, mv("c3b3")), "后卒平2");
        assert_eq!(parse(&b, "后卒平２"), Ok(mv("c3b3")));
    }

    #[test]
    fn loose_text_is_ambiguous_with_candidates() {
        // 参考图1 after 马二退四 车7平6: red horses on f5 and f4, and both can 进二
        // (f5 to h6, f4 to h5); the book prints 马四进二 for f4h5.
        let p = pos("3ak1b2/4a4/3cb3n/4p1r1p/1R3N1N1/P7P/4P4/4B4/4A4/2B1KA3 w")
            .after(mv("h5f4"))
            .after(mv("g6f6"));
        let e = parse(&p, "马四进二").unwrap_err();
        assert_eq!(e.candidates().len(), 2);
        assert!(e.candidates().contains(&mv("f4h5")));
        assert_eq!(
            e.to_string(),
            "马四进二: ambiguous: two red horses stand on file 四 (f5, f4) and both can advance to file 二; write 前马进二 or 后马进二"
        );
        assert_eq!(write(&p, mv("f4h5")), "后马进二");
        assert_eq!(parse(&p, "后马进二"), Ok(mv("f4h5")));
    }

    #[test]
    fn errors_say_why() {
        let p = Position::start();
        assert_eq!(
            error(&p, "车七进十"),
            "车七进十: a rook cannot advance 10 steps"
        );
        assert_eq!(error(&p, "炮八平八"), "炮八平八: 平 needs another file");
        assert_eq!(
            error(&p, "马二进五"),
            "马二进五: a horse cannot go from file 二 to file 五"
        );
        assert_eq!(
            error(&p, "马二平三"),
            "马二平三: a horse never moves sideways (平)"
        );
        assert_eq!(
            error(&p, "相三进四"),
            "相三进四: an elephant cannot go from file 三 to file 四"
        );
        assert_eq!(
            error(&p, "兵七退一"),
            "兵七退一: a pawn never retreats (退)"
        );
        assert_eq!(
            error(&p, "马三进四"),
            "马三进四: there is no red horse on file 三 (red's horses stand on files 八 and 二)"
        );
        assert_eq!(
            error(&p, "车一进五"),
            "车一进五: the red rook on i0 cannot advance 5 steps (i0i5): the rook's line is blocked at i3"
        );
        assert_eq!(
            error(&p, "前马进三"),
            "前马进三: the place word needs two or more red horses on one file, and no file holds so many"
        );
        assert!(error(&p, "马二").contains("no action"));
        assert!(error(&p, "马二进").contains("expected a number after 进"));
        assert!(error(&p, "马x进三").contains("'x' is not part of Chinese move notation"));
        // A horse whose leg is blocked.
        let q = pos("3k5/9/9/9/9/9/9/9/4A2R1/3AK2N1 w");
        assert_eq!(
            error(&q, "马二进一"),
            "马二进一: the red horse on h0 cannot advance to file 一 (h0i2): the horse's leg at h1 is blocked"
        );
    }
}

//! What the two descriptive notations, Chinese 纵线 and WXF, share.
//!
//! Both name a move from the mover's point of view: the moving piece by its file, counted
//! from the mover's right (or by its place among same pieces on one file), an action
//! (进 退 平, `+ - .`) and a number. The number counts steps for pieces that move straight
//! (车 炮 兵 帅) going forward or back, and names the destination file for sideways moves
//! and for pieces that move diagonally (马 仕 相).
//!
//! A parser turns its text into a [`Description`]; [`resolve`] finds the one legal move a
//! description names or says precisely why there is none or more than one; [`standard`]
//! gives the description a writer prints.

use std::collections::BTreeMap;
use std::fmt;

use crate::{Color, File, Move, MoveError, Piece, Position, Role, Square};

/// 进 / 退 / 平, `+` / `-` / `.`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Action {
    Advance,
    Retreat,
    Traverse,
}

/// Which of several same pieces on one file a text names, counted from the most advanced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// 前, `+`: the most advanced.
    Front,
    /// 中: the middle one of an odd number (three in practice).
    Middle,
    /// 后, `-`: the least advanced.
    Rear,
    /// 一 二 三 …, `1 2 3 …`: the n-th from the front (1-based).
    Nth(u32),
}

/// A move as a descriptive text names it, before looking at the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Description {
    pub role: Role,
    /// The mover's file number (1–9 from the mover's right), when the text gives it.
    pub file: Option<u32>,
    pub place: Option<Place>,
    pub action: Action,
    /// Steps, or a destination file number; not yet range-checked.
    pub number: u32,
}

/// How a notation spells the parts its error messages quote.
pub(crate) trait Style {
    /// A file number as this notation writes it for the side (`二` for red in Chinese, `2`).
    fn file(&self, color: Color, number: u32) -> String;
    /// The action symbol (`平`, `.`).
    fn action(&self, action: Action) -> &'static str;
    /// The standard text of a legal move, for hints.
    fn write(&self, pos: &Position, m: Move) -> String;
}

/// Why a descriptive move text (Chinese or WXF) names no single legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The text does not follow the notation's grammar.
    Syntax(String),
    /// The text is written for the other side (将 or 卒 on red's turn, Chinese numerals on
    /// black's): usually a move missing or out of order.
    WrongSide(String),
    /// No piece of that kind can ever move so, whatever the position (a rook advancing ten
    /// steps, a horse moving sideways, 平 to the file it stands on).
    Impossible(String),
    /// No piece of the side to move fits the designation (kind, file, 前/后 …).
    NoPiece(String),
    /// Pieces fit, but none can make the move here; the engine's reason for each move tried.
    NoMove {
        message: String,
        tried: Vec<(Move, MoveError)>,
    },
    /// The one designated piece cannot make the move here (a blocked horse leg, a pin …).
    Illegal {
        mv: Move,
        error: MoveError,
        message: String,
    },
    /// Several legal moves fit the text, as loose published notation sometimes has it.
    Ambiguous {
        candidates: Vec<Move>,
        message: String,
    },
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Syntax(m)
            | Reason::WrongSide(m)
            | Reason::Impossible(m)
            | Reason::NoPiece(m) => f.write_str(m),
            Reason::NoMove { message, .. } => f.write_str(message),
            Reason::Illegal { error, message, .. } => write!(f, "{message}: {error}"),
            Reason::Ambiguous { message, .. } => write!(f, "ambiguous: {message}"),
        }
    }
}

/// Pieces that move along files and ranks; their 进/退 number counts steps.
fn straight(role: Role) -> bool {
    matches!(role, Role::Rook | Role::Cannon | Role::Pawn | Role::King)
}

/// How many files a diagonal mover may change, and the ranks it then moves.
fn diagonal_step(role: Role, files: u32) -> Option<i32> {
    match (role, files) {
        (Role::Horse, 1) => Some(2),
        (Role::Horse, 2) => Some(1),
        (Role::Advisor, 1) => Some(1),
        (Role::Elephant, 2) => Some(2),
        _ => None,
    }
}

/// `a horse`, `an advisor`.
fn a(role: Role) -> String {
    match role {
        Role::Advisor | Role::Elephant => format!("an {role}"),
        _ => format!("a {role}"),
    }
}

fn plural(n: u32, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

fn count_word(n: usize) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        5 => "five".into(),
        _ => n.to_string(),
    }
}

/// `advance 2 steps`, `move sideways to file 五`, `retreat to file 3`.
fn phrase(d: &Description, color: Color, style: &dyn Style) -> String {
    let n = d.number;
    match (straight(d.role), d.action) {
        (true, Action::Advance) => format!("advance {}", plural(n, "step")),
        (true, Action::Retreat) => format!("retreat {}", plural(n, "step")),
        (_, Action::Traverse) => format!("move sideways to file {}", style.file(color, n)),
        (false, Action::Advance) => format!("advance to file {}", style.file(color, n)),
        (false, Action::Retreat) => format!("retreat to file {}", style.file(color, n)),
    }
}

/// Checks that need only the kind of piece, the numbers and, when given, the file.
fn check_shape(d: &Description, color: Color, style: &dyn Style) -> Result<(), Reason> {
    let role = d.role;
    let n = d.number;
    let impossible = |m: String| Err(Reason::Impossible(m));
    if straight(role) && d.action != Action::Traverse {
        let verb = if d.action == Action::Advance {
            "advance"
        } else {
            "retreat"
        };
        if role == Role::Pawn && d.action == Action::Retreat {
            return impossible(format!(
                "a pawn never retreats ({})",
                style.action(d.action)
            ));
        }
        if n == 0 {
            return impossible(format!("{} cannot {verb} 0 steps", a(role)));
        }
        if matches!(role, Role::King | Role::Pawn) && n > 1 {
            return impossible(format!(
                "{} cannot {verb} {n} steps: it moves one step at a time",
                a(role)
            ));
        }
        if n > 9 {
            return impossible(format!("{} cannot {verb} {n} steps", a(role)));
        }
    } else {
        if !(1..=9).contains(&n) {
            return impossible(format!(
                "there is no file {}: files are numbered 1 to 9",
                style.file(color, n)
            ));
        }
        if !straight(role) && d.action == Action::Traverse {
            return impossible(format!(
                "{} never moves sideways ({})",
                a(role),
                style.action(d.action)
            ));
        }
    }
    if let Some(f) = d.file {
        if !(1..=9).contains(&f) {
            return impossible(format!(
                "there is no file {}: files are numbered 1 to 9",
                style.file(color, f)
            ));
        }
        check_files(d, f, color, style).map_err(Reason::Impossible)?;
    }
    Ok(())
}

/// Checks that need the file the piece stands on.
fn check_files(d: &Description, from: u32, color: Color, style: &dyn Style) -> Result<(), String> {
    let role = d.role;
    let to = d.number;
    if d.action == Action::Traverse {
        if to == from {
            return Err(format!("{} needs another file", style.action(d.action)));
        }
        if matches!(role, Role::King | Role::Pawn) && from.abs_diff(to) > 1 {
            return Err(format!(
                "{} moves one file at a time, not from file {} to file {}",
                a(role),
                style.file(color, from),
                style.file(color, to)
            ));
        }
    } else if !straight(role) {
        if to == from {
            return Err(format!(
                "{} always changes file, {} needs another file than {}",
                a(role),
                style.action(d.action),
                style.file(color, from)
            ));
        }
        if diagonal_step(role, from.abs_diff(to)).is_none() {
            return Err(format!(
                "{} cannot go from file {} to file {}",
                a(role),
                style.file(color, from),
                style.file(color, to)
            ));
        }
    }
    Ok(())
}

/// The square a piece on `from` reaches by the description, by geometry alone.
fn target(
    from: Square,
    color: Color,
    d: &Description,
    style: &dyn Style,
) -> Result<Square, String> {
    let from_file = u32::from(from.file().number_for(color));
    check_files(d, from_file, color, style)?;
    let n = i32::try_from(d.number).unwrap_or(i32::MAX);
    let sign = match d.action {
        Action::Advance => 1,
        Action::Retreat => -1,
        Action::Traverse => 0,
    };
    let (to_file, ranks) = if straight(d.role) {
        match d.action {
            Action::Traverse => (d.number, 0),
            _ => (from_file, sign * n),
        }
    } else {
        let step = diagonal_step(d.role, from_file.abs_diff(d.number))
            .ok_or_else(|| format!("{} cannot change file so", a(d.role)))?;
        (d.number, sign * step)
    };
    let rel = i32::from(from.rank().relative_to(color)).saturating_add(ranks);
    if !(0..=9).contains(&rel) {
        return Err("the move would leave the board".to_string());
    }
    let file = u8::try_from(to_file)
        .ok()
        .and_then(|f| File::from_number(f, color))
        .ok_or_else(|| format!("there is no file {to_file}"))?;
    let rank = match color {
        Color::Red => rel,
        Color::Black => 9 - rel,
    };
    Square::from_coords(i32::from(file.index()), rank)
        .ok_or_else(|| "the move would leave the board".to_string())
}

/// Squares of `piece` on each file, most advanced first.
fn by_file(pos: &Position, piece: Piece) -> BTreeMap<u8, Vec<Square>> {
    let mut files: BTreeMap<u8, Vec<Square>> = BTreeMap::new();
    for sq in pos.board().squares_of(piece) {
        files.entry(sq.file().index()).or_default().push(sq);
    }
    for squares in files.values_mut() {
        squares.sort_by_key(|s| std::cmp::Reverse(s.rank().relative_to(piece.color)));
    }
    files
}

/// The index a place names among `n` same pieces on a file, if it names one.
fn place_index(place: Place, n: usize) -> Option<usize> {
    if n < 2 {
        return None;
    }
    match place {
        Place::Front => Some(0),
        Place::Rear => Some(n - 1),
        Place::Middle => (n % 2 == 1).then_some(n / 2),
        Place::Nth(k) => {
            let k = usize::try_from(k).ok()?;
            (1..=n).contains(&k).then(|| k - 1)
        }
    }
}

fn files_list(files: &[u8], color: Color, style: &dyn Style) -> String {
    let names: Vec<String> = files
        .iter()
        .filter_map(|&f| File::new(f))
        .map(|f| style.file(color, u32::from(f.number_for(color))))
        .collect();
    match names.len() {
        0 => String::new(),
        1 => format!("file {}", names[0]),
        n => format!("files {} and {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

/// The pieces the designation names.
fn designated(pos: &Position, d: &Description, style: &dyn Style) -> Result<Vec<Square>, Reason> {
    let color = pos.turn();
    let piece = Piece::new(color, d.role);
    let files = by_file(pos, piece);
    if files.is_empty() {
        return Err(Reason::NoPiece(format!(
            "{color} has no {} on the board",
            d.role
        )));
    }
    let wanted = d
        .file
        .and_then(|n| u8::try_from(n).ok())
        .and_then(|n| File::from_number(n, color));
    let mut chosen = Vec::new();
    for (&f, squares) in &files {
        if wanted.is_some_and(|w| w.index() != f) {
            continue;
        }
        match d.place {
            None => chosen.extend_from_slice(squares),
            Some(place) => chosen.extend(place_index(place, squares.len()).map(|i| squares[i])),
        }
    }
    if !chosen.is_empty() {
        return Ok(chosen);
    }
    let all_files: Vec<u8> = files.keys().copied().collect();
    let (Some(place), file) = (d.place, wanted) else {
        return Err(Reason::NoPiece(format!(
            "there is no {piece} on file {} ({color}'s {}s stand on {})",
            style.file(color, d.file.unwrap_or_default()),
            d.role,
            files_list(&all_files, color, style)
        )));
    };
    let need = match place {
        Place::Front | Place::Rear => "two or more".to_string(),
        Place::Middle => "three (or another odd number above one)".to_string(),
        Place::Nth(k) => format!("{} or more", k.max(2)),
    };
    Err(Reason::NoPiece(match file {
        Some(f) => format!(
            "the place word needs {need} {piece}s on file {}, and it holds {}",
            style.file(color, u32::from(f.number_for(color))),
            files.get(&f.index()).map_or(0, Vec::len)
        ),
        None => {
            format!("the place word needs {need} {piece}s on one file, and no file holds so many")
        }
    }))
}

/// The one legal move a description names in `pos`, or why there is none or several.
pub(crate) fn resolve(pos: &Position, d: &Description, style: &dyn Style) -> Result<Move, Reason> {
    let color = pos.turn();
    let piece = Piece::new(color, d.role);
    check_shape(d, color, style)?;
    let pieces = designated(pos, d, style)?;
    let mut tries = Tries::of(pos, &pieces, d, style);
    let what = phrase(d, color, style);
    match tries.legal.len() {
        1 => Ok(tries.legal[0]),
        0 if pieces.len() == 1 => Err(tries.one_cannot(piece, pieces[0], &what)),
        0 => Err(tries.none_can(d, piece, style, &what)),
        _ => Err(ambiguous(pos, piece, style, &what, tries.legal)),
    }
}

/// What the designated pieces' moves turned out to be: legal, refused by the position (with
/// why), or off the board or the piece's reach (with why).
struct Tries {
    legal: Vec<Move>,
    tried: Vec<(Move, MoveError)>,
    unreachable: Vec<(Square, String)>,
}

impl Tries {
    fn of(pos: &Position, pieces: &[Square], d: &Description, style: &dyn Style) -> Tries {
        let color = pos.turn();
        let mut tries = Tries {
            legal: Vec::new(),
            tried: Vec::new(),
            unreachable: Vec::new(),
        };
        for &from in pieces {
            match target(from, color, d, style) {
                Ok(to) => {
                    let m = Move::new(from, to);
                    match pos.check_move(m) {
                        Ok(()) => tries.legal.push(m),
                        Err(e) => tries.tried.push((m, e)),
                    }
                }
                Err(why) => tries.unreachable.push((from, why)),
            }
        }
        tries
    }

    /// The one designated piece, on `from`, has no such legal move.
    fn one_cannot(&mut self, piece: Piece, from: Square, what: &str) -> Reason {
        match (self.tried.pop(), self.unreachable.pop()) {
            (Some((mv, error)), _) => Reason::Illegal {
                mv,
                error,
                message: format!("the {piece} on {from} cannot {what} ({mv})"),
            },
            (None, Some((_, why))) => Reason::NoMove {
                message: format!("the {piece} on {from} cannot {what}: {why}"),
                tried: Vec::new(),
            },
            (None, None) => Reason::NoMove {
                message: format!("the {piece} on {from} cannot {what}"),
                tried: Vec::new(),
            },
        }
    }

    /// None of several designated pieces has such a legal move: each one's reason.
    fn none_can(self, d: &Description, piece: Piece, style: &dyn Style, what: &str) -> Reason {
        let color = piece.color;
        let mut details: Vec<String> = self
            .tried
            .iter()
            .map(|(m, e)| format!("{}: {e}", m.from))
            .collect();
        details.extend(
            self.unreachable
                .iter()
                .map(|(s, why)| format!("{s}: {why}")),
        );
        let place = match (d.file, d.place) {
            (Some(f), _) => format!(" on file {}", style.file(color, f)),
            (None, Some(_)) => " the place word names".to_string(),
            (None, None) => String::new(),
        };
        Reason::NoMove {
            message: format!("no {piece}{place} can {what} ({})", details.join("; ")),
            tried: self.tried,
        }
    }
}

/// Several pieces have the move described (`legal`, two or more): which, and how to write
/// each one apart.
fn ambiguous(
    pos: &Position,
    piece: Piece,
    style: &dyn Style,
    what: &str,
    legal: Vec<Move>,
) -> Reason {
    let color = piece.color;
    let n = legal.len();
    let squares: Vec<String> = legal.iter().map(|m| m.from.to_string()).collect();
    let file = legal[0].from.file();
    let on_one_file = legal.iter().all(|m| m.from.file() == file);
    let on_file = by_file(pos, piece).get(&file.index()).map_or(0, Vec::len);
    let all = if n == 2 {
        "both".to_string()
    } else {
        format!("all {}", count_word(n))
    };
    let fit = if on_one_file && on_file == n {
        format!(
            "{} {piece}s stand on file {} ({}) and {all} can {what}",
            count_word(n),
            style.file(color, u32::from(file.number_for(color))),
            squares.join(", ")
        )
    } else {
        format!(
            "{} {piece}s can {what} ({})",
            count_word(n),
            squares.join(", ")
        )
    };
    let writes: Vec<String> = legal.iter().map(|&m| style.write(pos, m)).collect();
    let hint = match writes.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            format!("{} or {last}", rest.join(", "))
        }
        _ => writes.join(""),
    };
    Reason::Ambiguous {
        candidates: legal,
        message: format!("{fit}; write {hint}"),
    }
}

/// The standard description of a move, as a writer prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Written {
    pub piece: Piece,
    /// The mover's file number of the from square.
    pub file: u32,
    /// `(index from the front, count)` when several same pieces share the file and the
    /// notation tells them apart by place.
    pub place: Option<(usize, usize)>,
    /// Whether the file number is printed (always without a place; with a place only when
    /// another file also holds several such pieces).
    pub show_file: bool,
    pub action: Action,
    pub number: u32,
}

/// The standard description of `m`, or `None` when no piece stands on its from square.
///
/// Advisors and elephants keep their file number even when two share a file: on any one
/// file the two can only move in opposite directions (d0 advances, d2 retreats), so the
/// action already tells them apart and the text still names exactly one move.
pub(crate) fn standard(pos: &Position, m: Move) -> Option<Written> {
    let piece = pos.piece_at(m.from)?;
    let color = piece.color;
    let files = by_file(pos, piece);
    let own = files
        .get(&m.from.file().index())
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    let tells_apart = matches!(
        piece.role,
        Role::Rook | Role::Horse | Role::Cannon | Role::Pawn
    );
    let place = if tells_apart && own.len() >= 2 {
        own.iter()
            .position(|&s| s == m.from)
            .map(|i| (i, own.len()))
    } else {
        None
    };
    let crowded_elsewhere = files
        .iter()
        .any(|(&f, s)| f != m.from.file().index() && s.len() >= 2);
    let dr =
        i32::from(m.to.rank().relative_to(color)) - i32::from(m.from.rank().relative_to(color));
    let action = match dr {
        0 => Action::Traverse,
        d if d > 0 => Action::Advance,
        _ => Action::Retreat,
    };
    let number = if straight(piece.role) && dr != 0 {
        dr.unsigned_abs()
    } else {
        u32::from(m.to.file().number_for(color))
    };
    Some(Written {
        piece,
        file: u32::from(m.from.file().number_for(color)),
        place,
        show_file: place.is_none() || crowded_elsewhere,
        action,
        number,
    })
}

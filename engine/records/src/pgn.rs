//! PGN game files as Xiangqi programs write them: the Portable Game Notation of chess
//! (Steven J. Edwards, *Standard: Portable Game Notation Specification and Implementation
//! Guide*, 1994, sections 8.1 tag pairs and 8.2 movetext) with Xiangqi moves.
//!
//! - Many games per text; each is tag pairs `[Key "value"]` then movetext, ended by a result
//!   (`1-0 0-1 1/2-1/2 *`), by the next tag pair or by the end of the text. Text after the
//!   last game without a tag pair, a result or a single readable move is a trailer (XQBase
//!   ends its files with a separator and its address), not a game.
//! - `[FEN "…"]` gives the start (side `w`, `r` or `b`); otherwise the standard start.
//! - A comment `{…}` after the main line's last move is kept as the header `FinalComment` (its
//!   first 1,000 bytes): GUIs write how a game ended there (`{Xboard adjudication: perpetual
//!   chasing}`), editors a referee's decision. Other comments, `;` to the end of the line and
//!   `%` escape lines are skipped, as are
//!   variations `( … )` (nested), NAGs `$12`, move numbers `12.` `12...`, and the
//!   annotation marks `!` `?` around a move.
//! - Moves in Chinese (either script, ASCII or full-width digits: 炮二平五, 馬８進７), WXF
//!   (also full-width: `Ｃ２＝５`), ICCS (`h2e2`, `H2-E2`), or SAN ([`parse_san`]) as WinBoard
//!   writes it (ranks 0–9: `Che2`, `Cxe6`, `axa3`) or PyChess (ranks 1–10: `Cbe3`, `Rb10`).
//!
//! The SAN rank convention is chosen per game: the reading that gets further wins; a game with
//! a rank `10` or a PyChess `Site` is tried with ranks 1–10 first.

use crate::game::{self, Game, MAX_GAMES};
use qili_core::notation::{fen, read_move};
use qili_core::{Color, File, Move, Position, Rank, Role, Square};

/// Why a game of a PGN text could not be read at all (its moves' errors are in
/// [`Game::error`]). `line` is 1-based.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PgnError {
    /// The `FEN` tag is no legal position.
    #[error("line {line}: [FEN \"{fen}\"]: {error}")]
    Fen {
        line: usize,
        fen: String,
        error: fen::FenError,
    },
    /// A tag pair that is not `[Key "value"]`.
    #[error("line {line}: {text}: not a tag pair [Key \"value\"]")]
    Tag { line: usize, text: String },
    /// The text holds more than [`MAX_GAMES`] games; the rest is not read.
    #[error("more than {MAX_GAMES} games; the rest of the text is not read")]
    TooManyGames,
}

/// How SAN counts ranks: WinBoard from 0 (red's back rank `0`, black's `9`), PyChess from 1
/// (`1` to `10`). Files are `a`–`i` from red's left in both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SanRanks {
    FromZero,
    FromOne,
}

/// Why a SAN text names no single legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SanError {
    #[error("{text}: not a SAN move (piece letter, optional file or rank, optional x, square)")]
    Syntax { text: String },
    #[error("{text}: no {color} {role} can move to {to}")]
    NoMove {
        text: String,
        color: Color,
        role: Role,
        to: Square,
    },
    #[error("{text}: {count} {color} {role}s can move to {to}")]
    Ambiguous {
        text: String,
        color: Color,
        role: Role,
        to: Square,
        count: usize,
    },
}

/// A rank number in the given convention at the start of `b`: its rank and the bytes used.
fn san_rank(b: &[u8], ranks: SanRanks) -> Option<(Rank, usize)> {
    let (n, used) = match b {
        [b'1', b'0', ..] if ranks == SanRanks::FromOne => (10, 2),
        [d @ b'0'..=b'9', ..] => ((d - b'0') as i32, 1),
        _ => return None,
    };
    let index = match ranks {
        SanRanks::FromZero => n,
        SanRanks::FromOne => n - 1,
    };
    Rank::new(u8::try_from(index).ok()?).map(|r| (r, used))
}

/// Read a SAN move: an optional piece letter (`K A E R H C P`, also `B N`; none for a pawn),
/// an optional file and/or rank of the piece, an optional `x` or `-`, the destination square,
/// and optional `+` `#`. The move must be legal and the only one that fits.
pub fn parse_san(pos: &Position, text: &str, ranks: SanRanks) -> Result<Move, SanError> {
    let t = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let syntax = || SanError::Syntax {
        text: text.trim().to_string(),
    };
    if !t.is_ascii() {
        return Err(syntax());
    }
    let mut b = t.as_bytes();
    let role = match b.first() {
        Some(c) if c.is_ascii_uppercase() => {
            b = &b[1..];
            Role::from_letter(*c as char).ok_or_else(syntax)?
        }
        _ => Role::Pawn,
    };
    // The destination is the last file letter followed by a rank and nothing else.
    let mut dest = None;
    for i in (0..b.len()).rev() {
        if let Some(file) = File::from_char(b[i] as char).filter(|_| b[i].is_ascii_lowercase()) {
            if let Some((rank, used)) = san_rank(&b[i + 1..], ranks) {
                if i + 1 + used == b.len() {
                    dest = Some((i, Square::new(file, rank)));
                    break;
                }
            }
        }
    }
    let (at, to) = dest.ok_or_else(syntax)?;
    let mut d = &b[..at];
    if let Some(rest) = d.strip_suffix(b"x").or_else(|| d.strip_suffix(b"-")) {
        d = rest;
    }
    let mut from_file = None;
    if let Some(&c) = d.first() {
        if c.is_ascii_lowercase() {
            from_file = Some(File::from_char(c as char).ok_or_else(syntax)?);
            d = &d[1..];
        }
    }
    let mut from_rank = None;
    if !d.is_empty() {
        let (rank, used) = san_rank(d, ranks).ok_or_else(syntax)?;
        if used != d.len() {
            return Err(syntax());
        }
        from_rank = Some(rank);
    }
    let color = pos.turn();
    let fits: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| {
            m.to == to
                && pos.piece_at(m.from).is_some_and(|p| p.role == role)
                && from_file.is_none_or(|f| m.from.file() == f)
                && from_rank.is_none_or(|r| m.from.rank() == r)
        })
        .collect();
    let text = text.trim().to_string();
    match fits.as_slice() {
        [m] => Ok(*m),
        [] => Err(SanError::NoMove {
            text,
            color,
            role,
            to,
        }),
        _ => Err(SanError::Ambiguous {
            text,
            color,
            role,
            to,
            count: fits.len(),
        }),
    }
}

/// A SAN-shaped text: ASCII, letters and digits with at most `x` `-` `+` `#`, ending in a
/// square. ICCS `h2e2` is SAN-shaped too (a pawn-less full from-square), which is why the
/// per-game choice of reading matters.
fn san_shaped(t: &str) -> bool {
    let t = t.trim_end_matches(['+', '#']);
    t.len() >= 2
        && t.is_ascii()
        && t.bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'x' || c == b'-')
        && t.as_bytes()[t.len() - 1].is_ascii_digit()
        && !t.contains('.')
        && !t.starts_with(|c: char| c.is_ascii_digit())
}

/// The most bytes of a game's final comment kept (its start says how the game ended).
const FINAL_COMMENT_BYTES: usize = 1000;

/// One game's raw material: tags, move texts, the line of its first tag.
#[derive(Default)]
struct RawGame {
    line: usize,
    headers: Vec<(String, String)>,
    moves: Vec<String>,
    ended: bool,
    /// The last comment of the main line and how many moves came before it.
    comment: Option<(usize, String)>,
    /// The line of a comment `{` that is never closed (it runs to the end of the text).
    unclosed: Option<usize>,
}

impl RawGame {
    fn is_empty(&self) -> bool {
        self.headers.is_empty() && self.moves.is_empty() && !self.ended
    }
}

/// Read every game of a PGN text (at most [`MAX_GAMES`]; then one [`PgnError::TooManyGames`]).
pub fn read(text: &str) -> Vec<Result<Game, PgnError>> {
    games(text).collect()
}

/// The games of a PGN text, each read when it is asked for ([`read`] collects them): what a
/// large text costs at once is a game, not all of them.
pub fn games(text: &str) -> Games<'_> {
    Games {
        text,
        chars: text.char_indices().peekable(),
        line: 1,
        depth: 0,
        at_line_start: true,
        raw: RawGame::default(),
        count: 0,
        ready: std::collections::VecDeque::new(),
        done: false,
    }
}

/// A game or an error, read but not yet built.
enum Pending {
    Game(RawGame),
    /// The trailer's game, built to tell whether it is one.
    Built(Box<Game>),
    Error(PgnError),
}

/// The games of a PGN text, one at a time (see [`games`]).
pub struct Games<'a> {
    text: &'a str,
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    line: usize,
    /// Variation nesting.
    depth: usize,
    at_line_start: bool,
    raw: RawGame,
    /// Games and errors found so far.
    count: usize,
    ready: std::collections::VecDeque<Pending>,
    done: bool,
}

impl Iterator for Games<'_> {
    type Item = Result<Game, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        while self.ready.is_empty() && !self.done {
            self.step();
        }
        self.ready.pop_front().map(|p| match p {
            Pending::Game(raw) => build(raw),
            Pending::Built(g) => Ok(*g),
            Pending::Error(e) => Err(e),
        })
    }
}

impl Games<'_> {
    fn queue(&mut self, p: Pending) {
        self.count += 1;
        self.ready.push_back(p);
    }

    /// The game read so far is done.
    fn finish(&mut self) {
        let done = std::mem::take(&mut self.raw);
        if done.is_empty() {
            return;
        }
        if self.count < MAX_GAMES {
            self.queue(Pending::Game(done));
        } else if self.count == MAX_GAMES {
            self.queue(Pending::Error(PgnError::TooManyGames));
        }
    }

    /// Read on: one token, or at the end of the text what is left.
    fn step(&mut self) {
        let next = if self.count > MAX_GAMES {
            None
        } else {
            self.chars.peek().copied()
        };
        let Some((i, c)) = next else {
            self.done = true;
            self.end();
            return;
        };
        let start_of_line = self.at_line_start;
        self.at_line_start = false;
        if c == '\n' {
            self.line += 1;
            self.at_line_start = true;
            self.chars.next();
            return;
        }
        if c.is_whitespace() || c == '\u{feff}' {
            self.chars.next();
            return;
        }
        match c {
            '%' if start_of_line => self.skip_line(),
            ';' => self.skip_line(),
            '{' => self.comment(),
            '(' => {
                self.chars.next();
                self.depth += 1;
            }
            ')' => {
                self.chars.next();
                self.depth = self.depth.saturating_sub(1);
            }
            '[' if self.depth == 0 => self.tag_pair(),
            _ => self.token(i),
        }
    }

    /// A `%` escape line or a `;` comment: skipped to the end of the line.
    fn skip_line(&mut self) {
        while self.chars.next_if(|&(_, c)| c != '\n').is_some() {}
    }

    /// A `{…}` comment: the main line's last one is kept (see `FINAL_COMMENT_BYTES`).
    fn comment(&mut self) {
        self.chars.next();
        let opened = self.line;
        let mut comment = String::new();
        let mut closed = false;
        for (_, c) in self.chars.by_ref() {
            if c == '\n' {
                self.line += 1;
            }
            if c == '}' {
                closed = true;
                break;
            }
            if comment.len() < FINAL_COMMENT_BYTES {
                comment.push(c);
            }
        }
        if !closed {
            // Nothing after it can be read: the game stops there, with an error at
            // the line that opened it.
            self.raw.unclosed = Some(opened);
        } else if self.depth == 0 {
            self.raw.comment = Some((self.raw.moves.len(), comment.trim().to_string()));
        }
    }

    /// A tag pair outside variations: after moves or a result it starts the next game.
    fn tag_pair(&mut self) {
        if !self.raw.moves.is_empty() || self.raw.ended {
            self.finish();
        }
        if self.raw.headers.is_empty() {
            self.raw.line = self.line;
        }
        // The tag pair runs to the `]` outside the quotes, or to the end of the line.
        let mut tag = String::new();
        let mut quoted = false;
        let mut escaped = false;
        self.chars.next();
        while let Some(&(_, c)) = self.chars.peek() {
            if c == '\n' {
                break;
            }
            self.chars.next();
            if !quoted && c == ']' {
                break;
            }
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                quoted = !quoted;
            }
            tag.push(c);
        }
        match parse_tag(&tag) {
            Some(pair) => self.raw.headers.push(pair),
            None if self.count < MAX_GAMES => self.queue(Pending::Error(PgnError::Tag {
                line: self.line,
                text: game::clip(&format!("[{tag}")).into_owned(),
            })),
            None => {}
        }
    }

    /// A token starting at byte `i`: a result ends the game, a move of the main line is kept
    /// (up to the cap), anything else (move numbers, annotations, stray brackets) is skipped.
    fn token(&mut self, i: usize) {
        // The first character always belongs to the token (a stray `]` or `}` is one),
        // so the reader always advances.
        self.chars.next();
        let mut end = self.text.len();
        while let Some(&(j, c)) = self.chars.peek() {
            if c.is_whitespace() || "{}()[];".contains(c) {
                end = j;
                break;
            }
            self.chars.next();
        }
        if self.depth > 0 {
            return;
        }
        let token = game::narrow(&self.text[i..end]);
        match token.as_ref() {
            "]" | "}" => {}
            t if game::is_pgn_result(t) => {
                self.raw.ended = true;
                self.finish();
            }
            t => {
                if let Some(m) = move_text(t) {
                    if self.raw.moves.len() <= game::MAX_MOVES {
                        if self.raw.moves.is_empty() && self.raw.headers.is_empty() {
                            self.raw.line = self.line;
                        }
                        self.raw.moves.push(m.to_string());
                    }
                }
            }
        }
    }

    /// At the end of the text: text after the last game that has no tag pair, no result and no
    /// readable move is a trailer (a site's name and address, a separator), not a game.
    fn end(&mut self) {
        let raw = &self.raw;
        let trailer =
            self.count > 0 && raw.headers.is_empty() && !raw.ended && !raw.moves.is_empty();
        if trailer {
            if let Ok(g) = build(std::mem::take(&mut self.raw)) {
                if !g.moves.is_empty() || g.error.is_none() {
                    self.queue(Pending::Built(Box::new(g)));
                }
            }
            return;
        }
        self.finish();
    }
}

/// `Key "value"` (inside the brackets) as the pair; `\"` and `\\` unescaped.
fn parse_tag(tag: &str) -> Option<(String, String)> {
    let tag = tag.trim();
    let key_end = tag.find(|c: char| c.is_whitespace() || c == '"')?;
    let key = &tag[..key_end];
    let rest = tag[key_end..].trim_start();
    let inner = rest.strip_prefix('"')?.strip_suffix('"')?;
    if key.is_empty() {
        return None;
    }
    let mut value = String::new();
    let mut escaped = false;
    for c in inner.chars() {
        if !escaped && c == '\\' {
            escaped = true;
            continue;
        }
        escaped = false;
        value.push(c);
    }
    Some((key.to_string(), value))
}

/// A movetext token without move number, NAG and annotation marks; `None` when nothing is left.
pub(crate) fn move_text(token: &str) -> Option<&str> {
    if token.starts_with('$') {
        return None;
    }
    let t = token.trim_matches(['!', '?']);
    let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let t = if digits > 0 {
        let rest = &t[digits..];
        let dots = rest.len() - rest.trim_start_matches(['.', '…', '。']).len();
        if dots == 0 && !rest.is_empty() {
            t
        } else {
            &rest[dots..]
        }
    } else {
        t
    };
    let t = t.trim_matches(['!', '?']);
    (!t.is_empty()).then_some(t)
}

fn build(raw: RawGame) -> Result<Game, PgnError> {
    let fen_tag = raw
        .headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("FEN"))
        .map(|(_, v)| v.clone());
    let start = match fen_tag {
        Some(f) if !f.trim().is_empty() => game::parse_fen(&f).map_err(|error| PgnError::Fen {
            line: raw.line,
            fen: game::clip(&f).into_owned(),
            error,
        })?,
        _ => Position::start(),
    };
    let texts = || raw.moves.iter().map(String::as_str);
    let pychess = raw.moves.iter().any(|m| m.contains("10"))
        || raw
            .headers
            .iter()
            .any(|(k, v)| k.eq_ignore_ascii_case("Site") && v.to_lowercase().contains("pychess"));
    let orders: [Option<SanRanks>; 3] = if pychess {
        [None, Some(SanRanks::FromOne), Some(SanRanks::FromZero)]
    } else {
        [None, Some(SanRanks::FromZero), Some(SanRanks::FromOne)]
    };
    let mut best: Option<(Vec<Move>, Option<game::GameError>)> = None;
    for ranks in orders {
        let attempt = match ranks {
            None => game::play(&start, texts(), |p, t| {
                read_move(p, t).map_err(|e| e.to_string())
            }),
            Some(r) => game::play(&start, texts(), |p, t| {
                if san_shaped(t) {
                    parse_san(p, t, r).map_err(|e| e.to_string())
                } else {
                    read_move(p, t).map_err(|e| e.to_string())
                }
            }),
        };
        let done = attempt.1.is_none();
        if best.as_ref().is_none_or(|b| attempt.0.len() > b.0.len()) {
            best = Some(attempt);
        }
        if done {
            break;
        }
    }
    let (moves, mut error) = best.unwrap_or_default();
    if let Some(line) = raw.unclosed.filter(|_| error.is_none()) {
        error = Some(game::GameError {
            ply: moves.len() + 1,
            text: "{".to_string(),
            reason: format!(
                "line {line}: a comment opened here is never closed, so the rest of the text is in it; expected a `}}`"
            ),
        });
    }
    let mut headers = raw.headers;
    if let Some((_, c)) = raw
        .comment
        .filter(|(n, c)| *n == raw.moves.len() && !c.is_empty())
    {
        headers.push(("FinalComment".to_string(), c));
    }
    Ok(Game {
        headers,
        start,
        moves,
        error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili_core::notation::iccs;

    fn only(text: &str) -> Game {
        let mut games = read(text);
        assert_eq!(games.len(), 1, "{games:?}");
        games.remove(0).unwrap()
    }

    fn iccs_of(g: &Game) -> Vec<String> {
        g.moves.iter().map(|&m| iccs::write(m)).collect()
    }

    #[test]
    fn headers_comments_variations_and_results() {
        let g = only(
            "[Event \"Test \\\"cup\\\"\"]\n[Red \"A\"]\n\n\
             1. h2e2 {comment (not a variation)} h9g7 ; to the end\n\
             2. h0g2 (2. b0c2 (2. c3c4) b9c7) $1 i9h9!? 1-0\n",
        );
        assert_eq!(g.header("event"), Some("Test \"cup\""));
        assert_eq!(iccs_of(&g), ["h2e2", "h9g7", "h0g2", "i9h9"]);
        assert_eq!(g.error, None);
        // Only a comment after the last move is kept: it says how the game ended.
        assert_eq!(g.header("FinalComment"), None);
    }

    #[test]
    fn a_trailer_after_the_last_game_is_no_game() {
        let games = read("[Event \"a\"]\n1. h2e2 h9g7 1-0\n====\n欢迎访问 https://example.org/\n");
        assert_eq!(games.len(), 1);
        // Without a game before it, or with a move read, it is still read (and its error said).
        assert_eq!(read("==== h2e2").len(), 1);
        let g = only("1. h2e2 h9g7 ====");
        assert_eq!((g.moves.len(), g.error.unwrap().ply), (2, 3));
    }

    #[test]
    fn the_comment_after_the_last_move_is_kept() {
        let g =
            only("1. h2e2 {opening} h9g7 2. h0g2 {Xboard adjudication: perpetual chasing} 0-1\n");
        assert_eq!(
            g.header("FinalComment"),
            Some("Xboard adjudication: perpetual chasing")
        );
        let g = only("1. h2e2 h9g7 (1... b9c7 {in a variation}) 1/2-1/2");
        assert_eq!(g.header("FinalComment"), None);
    }

    /// A comment never closed swallows the rest of the text: the game keeps the moves before
    /// it and says where it opened, instead of ending quietly.
    #[test]
    fn an_unclosed_comment_is_an_error_at_its_line() {
        let g = only("[Event \"x\"]\n\n1. h2e2 h9g7\n2. h0g2 {never closed\n g7h9 3. g2h0 *\n");
        assert_eq!(iccs_of(&g), ["h2e2", "h9g7", "h0g2"]);
        let e = g.error.clone().unwrap();
        assert_eq!(e.ply, 4);
        assert!(
            e.to_string()
                .starts_with("ply 4 ({): line 4: a comment opened here is never closed"),
            "{e}"
        );
        assert_eq!(g.header("FinalComment"), None);
    }

    #[test]
    fn many_games_and_fen_starts() {
        let games = read(
            "[Event \"1\"]\n1. 炮二平五 马８进７ *\n\n[Event \"2\"]\n\
             [FEN \"3k5/9/9/9/9/9/9/9/4R4/4K4 r - - 0 1\"]\n1. R5+7 *\n\
             [FEN \"3k5/9/9/9/9/9/9/9/4R4/4K4 b\"]\n1... k4+1 *\n",
        );
        assert_eq!(games.len(), 3);
        let g: Vec<Game> = games.into_iter().map(Result::unwrap).collect();
        assert_eq!(iccs_of(&g[0]), ["h2e2", "h9g7"]);
        assert_eq!(iccs_of(&g[1]), ["e1e8"]);
        assert_eq!(iccs_of(&g[2]), ["d9d8"]);
    }

    #[test]
    fn full_width_wxf_and_traditional() {
        let g = only("1. Ｃ２＝５ Ｈ８＋７ 2. 馬二進三 車9平8");
        assert_eq!(iccs_of(&g), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    }

    #[test]
    fn san_from_zero_and_from_one() {
        let g = only("1. Che2 Cbg7 2. Cxe6 Cxg3 3. Ce2 Chh3 4. Ce4 Cxe3+ 5. Afe1 *");
        assert_eq!(g.error, None);
        assert_eq!(iccs_of(&g)[..2], ["h2e2", "b7g7"]);
        let g = only("[Site \"https://www.pychess.org/x\"]\n1. Cbe3 Hc8 2. Pc5 Rb10 3. Hc3 *");
        assert_eq!(g.error, None);
        assert_eq!(iccs_of(&g), ["b2e2", "b9c7", "c3c4", "a9b9", "b0c2"]);
    }

    #[test]
    fn san_errors() {
        let p = Position::start();
        assert_eq!(
            parse_san(&p, "Ce5", SanRanks::FromZero)
                .unwrap_err()
                .to_string(),
            "Ce5: no red cannon can move to e5"
        );
        assert!(matches!(
            parse_san(&p, "Ae1", SanRanks::FromZero),
            Err(SanError::Ambiguous { count: 2, .. })
        ));
        assert_eq!(
            parse_san(&p, "Hce2", SanRanks::FromOne),
            Err(SanError::NoMove {
                text: "Hce2".into(),
                color: Color::Red,
                role: Role::Horse,
                to: Square::parse("e1").unwrap()
            })
        );
        assert_eq!(
            parse_san(&p, "Hc3", SanRanks::FromOne).map(iccs::write),
            Ok("b0c2".to_string())
        );
        assert!(matches!(
            parse_san(&p, "Qe4", SanRanks::FromZero),
            Err(SanError::Syntax { .. })
        ));
    }

    #[test]
    fn bad_moves_keep_what_came_before() {
        let g = only("1. h2e2 h9g7 2. h0g2 i9i0 3. b0c2 *");
        assert_eq!(g.moves.len(), 3);
        let e = g.error.unwrap();
        assert_eq!(e.ply, 4);
        assert_eq!(e.text, "i9i0");
    }

    #[test]
    fn stray_brackets_are_skipped() {
        let g = only("1. h2e2 ] } h9g7 ( [ ] ) *");
        assert_eq!(iccs_of(&g), ["h2e2", "h9g7"]);
    }

    #[test]
    fn bad_tags_and_fens_are_errors() {
        let games = read("[FEN \"9/9 w\"]\n1. h2e2 *\n[Event oops]\n");
        assert!(
            matches!(games[0], Err(PgnError::Fen { line: 1, .. })),
            "{games:?}"
        );
        assert!(
            matches!(games[1], Err(PgnError::Tag { line: 3, .. })),
            "{games:?}"
        );
    }
}

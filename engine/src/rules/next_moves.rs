//! Before the move: what each legal move of the position a [`Game`] has reached would do under
//! a rule book. A game server refuses the move that completes a forbidden repetition, a GUI
//! greys it out, an engine prunes it in its search.
//!
//! A move's [`Consequence`] is the ruling [`judge`] gives on the whole game with that move
//! played: a move that completes a cycle is judged exactly so (the game and the move, from the
//! start), and the consequence is read off the verdict. Only whether a move *can* complete a
//! cycle is told without judging, from the game's bookkeeping: a repetition needs the position
//! the move leads to to have occurred before (often enough for the book:
//! [`RuleBook::cycle`]), and the nine-round rule of the CXA books needs two
//! positions recurring in the last eighteen plies and one side's nine moves on three or more
//! points (`nine_round_candidates` in `rules/cycle.rs`). A move can lead back only to a
//! position of the game's last stretch of reversible moves (a capture or a pawn's step forward
//! ends it: [`Game::reversible_since`]), and only by the one move that undoes what differs
//! between that position and the one reached (`next_moves/returns.rs` finds these moves by
//! undoing the stretch, before any next move is looked at). So a move that can do neither is
//! allowed at no cost of its own; where nothing can repeat the query costs about move
//! generation and a walk of the stretch, and chase and mate-threat
//! analysis run only for the moves that can close a cycle. The plies those judgements label
//! are kept with the game (`rules/memo.rs`): the closing moves of several cycles share the
//! history's plies, and the query after the next move finds them, each labelled once.
//!
//! **Which occurrence to act on.** Under the Asian rules (`axf`) the rules apply when a
//! position occurs for the third time, and the query says so: a move is `forbidden` only when
//! it brings the cycle's position back the third time. The CXA books are ruled from the second
//! occurrence (their figures print a single period, and qili rules what they print), so the
//! query answers `forbidden` already for the move that completes the first period again. A
//! referee, though, accepts a claim only at the third occurrence (霍文会, 基本功(14): "双方重复
//! 局面不足三次 … 裁判也不受理"): a server that enforces the CXA rules should refuse a
//! forbidden move when [`Completion::occurrences`] is 3 or more, and may warn at 2 (the
//! ruling is the same cycle's, so the warning says what the third time will be).
//!
//! ```
//! use qili::notation::{fen, parse_moves};
//! use qili::rules::{next_moves, Consequence, RuleBook, Verdict};
//! use qili::{Game, SetupMode};
//!
//! // Red checks with the rook and the king steps aside, twice round, then once more: red to
//! // move, its rook on e5, the black king on f9.
//! let start = fen::parse("4k4/9/9/9/5R3/9/9/9/9/3K5 w", SetupMode::Standard).unwrap();
//! let round = "车四平五 将5平6 车五平四 将6平5";
//! let moves = parse_moves(&start, &format!("{round} {round} 车四平五 将5平6")).unwrap();
//! let game = Game::from_moves(start, &moves).unwrap();
//! let next = next_moves(&game, &RuleBook::cxa2011());
//! // The rook's check from f5 again: the third occurrence of that position, one-sided 长将.
//! let check = next.iter().find(|n| n.mv.to_string() == "e5f5").unwrap();
//! let Consequence::Forbidden(why) = &check.consequence else { panic!() };
//! assert_eq!(why.verdict(), Verdict::RedMustChange);
//! assert_eq!((why.occurrences(), why.plies()), (3, 8..=11));
//! assert_eq!(why.clause(), "24.9、25");
//! // Every other move of the rook or the king completes nothing.
//! assert!(next.iter().filter(|n| n.mv != check.mv).all(|n| n.consequence == Consequence::Allowed(None)));
//! ```

use std::ops::RangeInclusive;

mod returns;
use returns::Returns;

#[cfg(any(doc, test))]
use super::judge;
use super::{Cycle, Ground, RuleBook, Ruling, Verdict};
use crate::{Color, Game, Move, MoveError, Square};

/// A legal move of the position reached and what playing it would do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NextMove {
    pub mv: Move,
    /// How many times the position the move leads to will have occurred, this time included
    /// (1: never before), counted by position over the whole game ([`Game::occurrences`]).
    pub occurrences: usize,
    pub consequence: Consequence,
}

/// What playing a move would do under a rule book: [`judge`]'s ruling on the game with the
/// move played, seen from the side that plays it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Consequence {
    /// The mover may play it. `None`: it completes no cycle the book rules on (`judge` says
    /// `no_repetition`). `Some`: it completes a cycle in which the opponent's series is
    /// forbidden and the mover's is not: the opponent must then change (or loses).
    Allowed(Option<Box<Completion>>),
    /// It completes a cycle in which the mover's series is forbidden and the opponent's is
    /// not (or is the lighter): the mover must change. Where the move is the mover's only
    /// legal move and every other move of its in the cycle was forced too, the verdict is that
    /// the mover loses ([`Verdict::RedLoses`], [`Verdict::BlackLoses`]).
    Forbidden(Box<Completion>),
    /// It completes a cycle ruled a draw (不变作和).
    Draw(Box<Completion>),
    /// It completes a cycle that could not be ruled: a search the verdict depends on ran out
    /// of its budget (the ply is labelled 未定 in the ruling, with the budget spent).
    Undetermined(Box<Completion>),
}

impl Consequence {
    /// `allowed`, `forbidden`, `draw` or `undetermined`, as JSON writes it.
    pub const fn name(&self) -> &'static str {
        match self {
            Consequence::Allowed(_) => "allowed",
            Consequence::Forbidden(_) => "forbidden",
            Consequence::Draw(_) => "draw",
            Consequence::Undetermined(_) => "undetermined",
        }
    }

    /// 允许, 禁止, 作和 or 未定.
    pub const fn chinese(&self) -> &'static str {
        match self {
            Consequence::Allowed(_) => "允许",
            Consequence::Forbidden(_) => "禁止",
            Consequence::Draw(_) => "作和",
            Consequence::Undetermined(_) => "未定",
        }
    }

    /// The cycle the move completes, ruled; `None` when it completes none.
    pub fn completion(&self) -> Option<&Completion> {
        match self {
            Consequence::Allowed(c) => c.as_deref(),
            Consequence::Forbidden(c) | Consequence::Draw(c) | Consequence::Undetermined(c) => {
                Some(c)
            }
        }
    }

    pub fn is_forbidden(&self) -> bool {
        matches!(self, Consequence::Forbidden(_))
    }

    /// The consequence for `mover` of the game `ruling` rules, whose last move is the mover's
    /// (the ruling must be [`judge`]'s on that game under `book`).
    pub fn of(ruling: Ruling, mover: Color, book: &RuleBook) -> Consequence {
        if ruling.cycle.is_none() {
            return Consequence::Allowed(None);
        }
        let verdict = ruling.verdict;
        let c = Box::new(Completion {
            clause: ruling
                .ground
                .map_or(book.adjudication.general, Ground::clause),
            ruling,
        });
        match verdict {
            Verdict::Draw => Consequence::Draw(c),
            Verdict::Undetermined => Consequence::Undetermined(c),
            v => match v.culprit() {
                Some(side) if side == mover => Consequence::Forbidden(c),
                Some(_) => Consequence::Allowed(Some(c)),
                // A ruled cycle's verdict is one of the above or names a side.
                None => Consequence::Undetermined(c),
            },
        }
    }
}

/// The cycle a move completes and its ruling: [`judge`]'s ruling on the game with the move
/// played. It always holds a cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    ruling: Ruling,
    clause: &'static str,
}

impl Completion {
    /// The whole ruling: each judged ply's label and evidence, both sides' classes.
    pub fn ruling(&self) -> &Ruling {
        &self.ruling
    }

    pub fn into_ruling(self) -> Ruling {
        self.ruling
    }

    /// The cycle judged: its plies, its rule (a repetition or nine rounds), the sides.
    pub fn cycle(&self) -> &Cycle {
        self.ruling
            .cycle
            .as_ref()
            .expect("a completion holds a cycle")
    }

    pub fn verdict(&self) -> Verdict {
        self.ruling.verdict
    }

    /// The verdict's reason, in Chinese, with its clauses.
    pub fn reason(&self) -> String {
        self.ruling.reason()
    }

    /// The clause the verdict rests on, in the rule book's numbering: the one its reason cites
    /// for one-sided 长将, for forbidden against allowed, for the weighing of two forbidden
    /// series, or the book's general clause (a draw; an undetermined verdict, which the
    /// searches could not settle).
    pub fn clause(&self) -> &'static str {
        self.clause
    }

    /// The judged plies, 1-based: from the cycle's first to the move itself, the last.
    pub fn plies(&self) -> RangeInclusive<usize> {
        let c = self.cycle();
        c.start + 1..=c.start + c.len
    }

    /// How many times the cycle's position has occurred with the move played (2 when the move
    /// completes its first period again; see the module docs for which to act on).
    pub fn occurrences(&self) -> usize {
        self.cycle().occurrences
    }
}

/// Every legal move of the position `game` has reached, in the order of
/// [`crate::Position::legal_moves`], with what playing it would do under `book`.
pub fn next_moves(game: &Game, book: &RuleBook) -> Vec<NextMove> {
    next_moves_walking(game, book, returns::WALK_LIMIT)
}

/// [`next_moves`], the returns walked for stretches of up to `walk_limit` moves.
fn next_moves_walking(game: &Game, book: &RuleBook, walk_limit: usize) -> Vec<NextMove> {
    let mut reach = Reach::new(game, book, walk_limit);
    // The moves are generated into a buffer kept by the thread, so that the query allocates
    // only its answer (a second allocation cost a third of move generation).
    let mut legal = LEGAL.take();
    game.position().legal_moves_into(&mut legal);
    let out = match (&reach.returns, &reach.nine) {
        // Only the moves the walk found can lead back: the others are told without looking.
        (Returns::None | Returns::Moves(_), None) => {
            let mut out: Vec<NextMove> = legal.iter().map(|&mv| NextMove::unrepeated(mv)).collect();
            let Returns::Moves(found) = &reach.returns else {
                LEGAL.set(legal);
                return out;
            };
            let mut at: Vec<usize> = found
                .iter()
                .filter_map(|f| legal.iter().position(|m| m == f))
                .collect();
            // Judged in the order of the list, as every other path does.
            at.sort_unstable();
            for i in at {
                out[i] = reach.next_move(legal[i]);
            }
            out
        }
        _ => legal.iter().map(|&m| reach.next_move(m)).collect(),
    };
    LEGAL.set(legal);
    out
}

thread_local! {
    /// The legal moves of the position a [`next_moves`] query is about (taken out while it
    /// runs, so a query within a query would only start with an empty one).
    static LEGAL: std::cell::Cell<Vec<Move>> = const { std::cell::Cell::new(Vec::new()) };
}

impl NextMove {
    /// A move to a position that never occurred, completing nothing.
    #[inline]
    fn unrepeated(mv: Move) -> NextMove {
        NextMove {
            mv,
            occurrences: 1,
            consequence: Consequence::Allowed(None),
        }
    }
}

/// What playing `mv` in the position `game` has reached would do under `book`, or why it is
/// not a legal move there. The same as its entry in [`next_moves`].
pub fn next_move(game: &Game, mv: Move, book: &RuleBook) -> Result<NextMove, MoveError> {
    game.position().check_move(mv)?;
    Ok(Reach::new(game, book, returns::WALK_LIMIT).next_move(mv))
}

/// What can be told, before any next move is looked at, of which moves can complete a cycle.
struct Reach<'a> {
    game: &'a Game,
    book: &'a RuleBook,
    /// Which reversible next moves can lead back to a position of the game, and so have
    /// occurred before ([`Returns`]).
    returns: Returns,
    /// Where the nine-round rule may apply after some move (`None`: after none).
    nine: Option<NineRounds>,
    /// The game's moves and the one judged, once a move is judged.
    played: Vec<Move>,
}

/// The last eighteen positions and seventeen moves of a game, as the nine-round rule will see
/// them with one move more (`nine_round_candidates`: two positions recurring, one side's nine
/// moves on three points or more): the rounds after the move are these and the move.
struct NineRounds {
    /// The keys of the last eighteen positions.
    window: Vec<u64>,
    /// How many keys occur twice or more among them (a move adds at most one).
    recurring: usize,
    /// The points the mover's last eight moves landed on, each once.
    mover_points: Vec<Square>,
    /// Whether the opponent's last nine moves landed on three points or more.
    other_points: bool,
}

impl NineRounds {
    /// The rounds after the next move, if the rule can apply to them after some move.
    fn new(game: &Game) -> Option<NineRounds> {
        let span = 2 * super::cycle::NINE_ROUNDS;
        let n = game.len();
        if n + 1 < span {
            return None;
        }
        let keys = &game.keys()[n + 1 - span..];
        // A key recurs in the window only if it occurred twice in the game: in a game that
        // goes forward, none did, and nothing is kept.
        if game.repeated_positions() == 0 {
            return None;
        }
        if keys.iter().filter(|&&k| game.occurrences(k) >= 2).count() < 2 {
            return None;
        }
        let window = keys.to_vec();
        let mut sorted = window.clone();
        sorted.sort_unstable();
        let recurring = sorted
            .chunk_by(|a, b| a == b)
            .filter(|run| run.len() >= 2)
            .count();
        // The plies of the rounds after the move are `n + 1 - span ..= n`, the move last; the
        // mover's are those an even number of plies before it.
        let moves = &game.moves()[n + 1 - span..];
        let side = |parity: usize| {
            let mut points: Vec<Square> = (0..moves.len())
                .filter(|&i| (moves.len() - i) % 2 == parity)
                .map(|i| moves[i].to)
                .collect();
            points.sort();
            points.dedup();
            points
        };
        let (mover_points, other_points) = (side(0), side(1).len() >= 3);
        let possible = recurring >= 1 && (other_points || mover_points.len() >= 2);
        possible.then_some(NineRounds {
            window,
            recurring,
            mover_points,
            other_points,
        })
    }

    /// Whether the rule may apply after `m`, to a position with `key` that will have occurred
    /// `occurrences` times.
    fn may_apply(&self, m: Move, key: u64, occurrences: usize) -> bool {
        let points = self.other_points
            || self.mover_points.len() + usize::from(!self.mover_points.contains(&m.to)) >= 3;
        // The move's position adds a recurring key only if it stood once in the window (and
        // so has occurred before).
        let recurring = self.recurring
            + usize::from(
                occurrences >= 2 && self.window.iter().filter(|&&k| k == key).count() == 1,
            );
        points && recurring >= 2
    }
}

impl<'a> Reach<'a> {
    fn new(game: &'a Game, book: &'a RuleBook, walk_limit: usize) -> Reach<'a> {
        Reach {
            game,
            book,
            returns: Returns::new(game, walk_limit),
            nine: book
                .cycle
                .nine_rounds
                .then(|| NineRounds::new(game))
                .flatten(),
            played: Vec::new(),
        }
    }

    /// Whether the move to a position with key `key`, which will have occurred `occurrences`
    /// times, may complete a cycle `judge` rules on (if not, it surely completes none).
    fn may_complete(&self, m: Move, key: u64, occurrences: usize) -> bool {
        (occurrences >= 2 && occurrences >= self.book.cycle.least_occurrences)
            || self
                .nine
                .as_ref()
                .is_some_and(|nine| nine.may_apply(m, key, occurrences))
    }

    #[inline(always)]
    fn next_move(&mut self, m: Move) -> NextMove {
        // A move's key is computed only where it may lead back (the walk found it, or it is
        // reversible and the key filter lets it through), and then looked up. A move that
        // leads to no earlier position leaves `key` at 0, which `may_complete` reads only for
        // a position that occurred before.
        let mut occurrences = 1;
        let mut key = 0;
        let back = match &self.returns {
            Returns::None => None,
            Returns::Moves(found) => found.contains(&m).then(|| self.game.key_after(m)),
            Returns::Keys(filter) => self
                .game
                .key_after_reversible(m)
                .filter(|&k| filter.may_hold(k)),
        };
        if let Some(k) = back {
            occurrences += self.game.occurrences(k);
            key = k;
        }
        let consequence = if self.may_complete(m, key, occurrences) {
            self.judged(m)
        } else {
            Consequence::Allowed(None)
        };
        NextMove {
            mv: m,
            occurrences,
            consequence,
        }
    }

    /// The consequence of `m`, which may complete a cycle: judge's ruling on the game with it.
    #[inline(never)]
    #[cold]
    fn judged(&mut self, m: Move) -> Consequence {
        if self.played.is_empty() {
            self.played.extend_from_slice(self.game.moves());
        }
        self.played.push(m);
        // The game's memo holds the plies of the history other closing moves (and earlier
        // queries) judged: the ruling is judge's, each ply labelled once.
        let ruling = self
            .game
            .labels()
            .judge(self.game.start(), &self.played, self.book);
        self.played.pop();
        match ruling {
            Ok(r) => Consequence::of(r, self.game.position().turn(), self.book),
            // The game's moves are legal, the move too, and the game holds fewer than a
            // ruling takes (Game::MAX_MOVES): judge refuses none of it.
            Err(e) => unreachable!("judge refused a legal game: {e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{fen, parse_moves};
    use crate::rules::cycle::nine_round_candidates;
    use crate::{Position, SetupMode};

    fn game(position: &str, moves: &str) -> Game {
        let start = fen::parse(position, SetupMode::Standard).expect("legal");
        let moves = parse_moves(&start, moves).expect("legal moves");
        Game::from_moves(start, &moves).expect("legal moves")
    }

    /// Games that shuffle (`history::shuffling_game`), from choices a fixed xorshift draws,
    /// so that positions recur and the nine-round rule's shapes come up.
    fn shuffles(seed: u64, games: usize, plies: usize) -> Vec<Game> {
        let mut state = seed;
        let starts = [
            "4k4/9/9/9/5R3/9/9/9/9/3K5 w",
            "3akab2/9/4b4/p3p3p/2p3p2/9/P3P1c1P/2N1B1C2/4A4/2BAK1R2 w",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        ];
        (0..games)
            .map(|g| {
                let start = fen::parse(starts[g % starts.len()], SetupMode::Standard).unwrap();
                let choices = std::iter::repeat_with(|| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state >> 16) as u16
                });
                crate::history::shuffling_game(&start, choices.take(plies))
            })
            .collect()
    }

    fn positions(game: &Game, m: Move) -> (Vec<Position>, Vec<Move>) {
        let mut p = vec![game.start().clone()];
        let mut moves = game.moves().to_vec();
        moves.push(m);
        for &mv in &moves {
            let next = p.last().unwrap().after(mv);
            p.push(next);
        }
        (p, moves)
    }

    #[test]
    fn the_fast_path_never_skips_a_move_judge_would_rule() {
        // Soundness of `may_complete` against the rules themselves: a move it passes over has
        // no earlier occurrence the book counts and no nine-round candidate; and the consequence
        // of every move is what judge says of the game with it.
        let mut passed_over = 0;
        let mut judged = 0;
        for book in [RuleBook::cxa2011(), RuleBook::axf()] {
            for game in shuffles(0x5eed, 12, 40) {
                let mut reach = Reach::new(&game, &book, returns::WALK_LIMIT);
                for m in game.position().legal_moves() {
                    let key = game.key_after(m);
                    let occurrences = game.occurrences(key) + 1;
                    let (p, moves) = positions(&game, m);
                    let candidates = !nine_round_candidates(&p, &moves).is_empty();
                    if reach.may_complete(m, key, occurrences) {
                        judged += 1;
                    } else {
                        passed_over += 1;
                        assert!(
                            occurrences < book.cycle.least_occurrences || occurrences == 1,
                            "{game} {m}"
                        );
                        assert!(!(book.cycle.nine_rounds && candidates), "{game} {m}");
                    }
                    let want = Consequence::of(
                        judge(game.start(), &moves, &book).unwrap(),
                        game.position().turn(),
                        &book,
                    );
                    let entry = reach.next_move(m);
                    assert_eq!(entry.consequence, want, "{game} {m}");
                    // The count read off the reversible stretch is the game's.
                    assert_eq!(entry.occurrences, occurrences, "{game} {m}");
                }
            }
        }
        assert!(passed_over > 100 && judged > 20, "{passed_over} {judged}");
    }

    #[test]
    fn the_walk_and_the_key_filter_answer_alike() {
        // Every stretch walked, or none: the same answers, whatever tells the returns.
        let mut returning = 0;
        for book in [RuleBook::cxa2011(), RuleBook::axf()] {
            for game in shuffles(0xa1c, 12, 36) {
                let walked = next_moves_walking(&game, &book, usize::MAX);
                assert_eq!(walked, next_moves_walking(&game, &book, 0), "{game}");
                returning += walked.iter().filter(|n| n.occurrences > 1).count();
            }
        }
        assert!(returning > 20, "{returning}");
    }

    #[test]
    fn nine_rounds_are_reached_only_with_a_return_and_three_points() {
        // Nine rounds in the shuffles' window are rare; check the precondition on its own: a
        // rook shuttling on two points with the king (a return, two points) reaches none, and
        // every nine-round candidate after a move is one `may_complete` takes.
        let shuttle = "车四平五 将5平6 车五平四 将6平5 ".repeat(5);
        let g = game("4k4/9/9/9/5R3/9/9/9/9/3K5 w", shuttle.trim());
        let book = RuleBook::cxa2011();
        let reach = Reach::new(&g, &book, returns::WALK_LIMIT);
        let nine = reach.nine.as_ref().expect("eighteen plies");
        assert_eq!((nine.mover_points.len(), nine.other_points), (2, false));
        let mut seen = 0;
        for game in shuffles(7, 40, 30) {
            let reach = Reach::new(&game, &book, returns::WALK_LIMIT);
            for m in game.position().legal_moves() {
                let (p, moves) = positions(&game, m);
                if !nine_round_candidates(&p, &moves).is_empty() {
                    seen += 1;
                    let key = game.key_after(m);
                    assert!(reach.may_complete(m, key, game.occurrences(key) + 1));
                }
            }
        }
        assert!(seen > 0, "no nine-round candidate came up");
    }

    #[test]
    fn the_clause_is_one_the_reason_cites() {
        let g = game(
            "4k4/9/9/9/5R3/9/9/9/9/3K5 w",
            "车四平五 将5平6 车五平四 将6平5 车四平五 将5平6 车五平四",
        );
        for book in RuleBook::all() {
            for n in next_moves(&g, &book) {
                if let Some(c) = n.consequence.completion() {
                    assert!(
                        c.reason().contains(c.clause()),
                        "{}: {}",
                        c.clause(),
                        c.reason()
                    );
                }
            }
        }
    }

    #[test]
    fn the_axf_rules_a_repetition_at_its_third_occurrence_only() {
        // After one period of perpetual check the king's step back brings the start position
        // back a second time: forbidden under the CXA book, allowed under the AXF's.
        let g = game("4k4/9/9/9/5R3/9/9/9/9/3K5 w", "车四平五 将5平6 车五平四");
        let back = |book: &RuleBook| {
            next_moves(&g, book)
                .into_iter()
                .find(|n| n.mv.to_string() == "f9e9")
                .expect("the king steps back")
        };
        let cxa = back(&RuleBook::cxa2011());
        assert_eq!(cxa.occurrences, 2);
        // Black's king steps back: red's series is the forbidden one, so black may play it.
        let Consequence::Allowed(Some(c)) = &cxa.consequence else {
            panic!("{:?}", cxa.consequence)
        };
        assert_eq!(c.verdict(), Verdict::RedMustChange);
        assert_eq!(
            back(&RuleBook::axf()).consequence,
            Consequence::Allowed(None)
        );
    }

    #[test]
    fn one_move_is_asked_about_as_the_list_answers_it() {
        let g = game(
            "4k4/9/9/9/5R3/9/9/9/9/3K5 w",
            "车四平五 将5平6 车五平四 将6平5 车四平五 将5平6 车五平四",
        );
        let book = RuleBook::cxa2011();
        for n in next_moves(&g, &book) {
            assert_eq!(next_move(&g, n.mv, &book), Ok(n));
        }
        let illegal: Move = "e9e8".parse().unwrap();
        assert!(next_move(&g, illegal, &book).is_err());
    }
}

//! A game as an engine or a game server keeps it while it is played: the start position, the
//! moves, and the repetition bookkeeping, each position's key (its Zobrist key: placement and
//! side to move, [`Position::hash`]) and how many times each key has occurred, kept up as moves
//! are pushed and taken back, each in O(1). Whether a move can bring a position back is then
//! one lookup, which is what makes [`crate::rules::next_moves`] cost no more than move
//! generation where nothing can repeat.
//!
//! (A game *record* read from a file, with its headers, is `qili_records::game::Game`.)

use std::fmt;

use rustc_hash::FxHashMap;

use crate::{zobrist, Move, MoveError, Position, Role, Undo};

/// The start position, the moves played from it and the repetition bookkeeping.
///
/// ```
/// use qili::{Game, Move, Position};
///
/// let mut game = Game::new(Position::start());
/// let there: Move = "h0g2".parse().unwrap();
/// let back: Move = "g2h0".parse().unwrap();
/// for m in [there, "h9g7".parse().unwrap(), back, "g7h9".parse().unwrap()] {
///     game.push(m).unwrap();
/// }
/// // The start position has occurred twice: at the start and after the fourth move.
/// assert_eq!(game.occurrences(game.key()), 2);
/// // The knight's move again leads where the first move did: that position occurred once.
/// assert_eq!(game.occurrences(game.key_after(there)), 1);
/// game.pop();
/// assert_eq!(game.occurrences(Position::start().hash()), 1);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    /// The position after the moves.
    position: Position,
    moves: Vec<Move>,
    /// What taking each move back needs.
    undos: Vec<Undo>,
    /// `keys[i]`: the key of the position after `i` moves (`keys[0]` the start's).
    keys: Vec<u64>,
    /// How many of `keys` hold each key.
    counts: FxHashMap<u64, u32>,
    /// How many keys `counts` holds twice or more: none in a game that only goes forward.
    repeated: usize,
    /// `since[i]`: the first position of the stretch of reversible moves that ends with the
    /// position after `i` moves (a capture or a pawn's step forward starts a new one).
    since: Vec<usize>,
    /// The plies judged for the next-moves query, kept for the next one (see
    /// [`crate::rules::next_moves`]); they depend on positions alone, so pushing and popping
    /// leaves them good.
    labels: crate::rules::LabelMemo,
}

/// Why a move could not be pushed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PushError {
    /// The move is not legal in the position reached.
    #[error("ply {ply} ({mv}): {error}")]
    Illegal {
        /// The 1-based ply the move would have been.
        ply: usize,
        mv: Move,
        error: MoveError,
    },
    /// The game holds [`Game::MAX_MOVES`] moves already.
    #[error(
        "the game holds {limit} moves, the most a game may hold (each next move is judged with it)"
    )]
    Full { limit: usize },
}

impl Game {
    /// The most moves a game holds: one fewer than a ruling takes ([`crate::rules::MAX_PLIES`]),
    /// so that every next move can be judged with the game before it. A real game is a few
    /// hundred plies.
    pub const MAX_MOVES: usize = crate::rules::MAX_PLIES - 1;

    /// A game at its start, no move played.
    pub fn new(start: Position) -> Game {
        let key = start.hash();
        let mut counts = FxHashMap::default();
        counts.insert(key, 1);
        Game {
            position: start.clone(),
            start,
            moves: Vec::new(),
            undos: Vec::new(),
            keys: vec![key],
            counts,
            repeated: 0,
            since: vec![0],
            labels: Default::default(),
        }
    }

    /// A game with `moves` played from `start`, each checked.
    pub fn from_moves(start: Position, moves: &[Move]) -> Result<Game, PushError> {
        let mut game = Game::new(start);
        game.moves.reserve(moves.len());
        game.keys.reserve(moves.len());
        game.since.reserve(moves.len());
        for &m in moves {
            game.push(m)?;
        }
        Ok(game)
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The position after the moves: the side to move plays next.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How many moves (plies) were played.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no move was played.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The key of the position reached ([`Position::hash`]).
    pub fn key(&self) -> u64 {
        self.position.hash()
    }

    /// The key of every position of the game: `keys()[i]` after `i` moves.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// How many positions of the game (the start and the position after each move) have this
    /// key: how many times a position has occurred, counted by position whatever loop brought
    /// it back. A key identifies a position up to a collision of 64-bit keys.
    pub fn occurrences(&self, key: u64) -> usize {
        self.counts.get(&key).map_or(0, |&n| n as usize)
    }

    /// How many positions have occurred twice or more (counted once each, by key): 0 in a
    /// game that never repeated a position.
    pub fn repeated_positions(&self) -> usize {
        self.repeated
    }

    /// The key of the position that `m` leads to from the position reached, without playing it;
    /// `m` is one of the position's legal moves (what it moves and takes is read off the board).
    pub fn key_after(&self, m: Move) -> u64 {
        let board = self.position.board();
        let turn = self.position.turn();
        let mut key = self.position.hash() ^ zobrist::side_key(turn) ^ zobrist::side_key(!turn);
        if let Some(p) = board.get(m.from) {
            key ^= zobrist::piece_key(p, m.from) ^ zobrist::piece_key(p, m.to);
        }
        if let Some(c) = board.get(m.to) {
            key ^= zobrist::piece_key(c, m.to);
        }
        key
    }

    /// The key of the position that `m` leads to ([`Game::key_after`]) if `m` is reversible
    /// (not [`Game::is_irreversible`]), `None` if not.
    #[inline]
    pub(crate) fn key_after_reversible(&self, m: Move) -> Option<u64> {
        (!self.is_irreversible(m)).then(|| self.key_after(m))
    }

    /// Whether `m`, a legal move of the position reached, can never be taken back: a capture
    /// (material only goes down) or a pawn's step forward (pawns never step back, and the sum
    /// of their ranks rises). No position before it can occur again after it.
    pub fn is_irreversible(&self, m: Move) -> bool {
        let board = self.position.board();
        board.get(m.to).is_some()
            || board
                .get(m.from)
                .is_some_and(|p| p.role == Role::Pawn && m.from.rank() != m.to.rank())
    }

    /// The first position (as an index into [`Game::keys`]) of the stretch of reversible moves
    /// the game ends with: the only positions the position reached, or the one after a
    /// reversible next move, can be a repetition of.
    pub fn reversible_since(&self) -> usize {
        *self.since.last().expect("one per position")
    }

    /// The labels judged for the next-moves query kept with the game.
    pub(crate) fn labels(&self) -> &crate::rules::LabelMemo {
        &self.labels
    }

    /// Play `m`, checked: the bookkeeping is brought up to date in O(1).
    pub fn push(&mut self, m: Move) -> Result<(), PushError> {
        if self.moves.len() >= Game::MAX_MOVES {
            return Err(PushError::Full {
                limit: Game::MAX_MOVES,
            });
        }
        self.position
            .check_move(m)
            .map_err(|error| PushError::Illegal {
                ply: self.moves.len() + 1,
                mv: m,
                error,
            })?;
        let since = if self.is_irreversible(m) {
            self.moves.len() + 1
        } else {
            self.reversible_since()
        };
        let undo = self.position.play_unchecked(m);
        let key = self.position.hash();
        self.since.push(since);
        self.moves.push(m);
        self.undos.push(undo);
        self.keys.push(key);
        let n = self.counts.entry(key).or_insert(0);
        *n += 1;
        if *n == 2 {
            self.repeated += 1;
        }
        Ok(())
    }

    /// Take the last move back, in O(1); `None` at the start.
    pub fn pop(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        let undo = self.undos.pop().expect("one undo per move");
        let key = self.keys.pop().expect("one key per move");
        self.since.pop();
        match self.counts.get_mut(&key) {
            Some(n) if *n > 1 => {
                if *n == 2 {
                    self.repeated -= 1;
                }
                *n -= 1;
            }
            _ => {
                self.counts.remove(&key);
            }
        }
        self.position.undo(m, undo);
        Some(m)
    }
}

impl fmt::Display for Game {
    /// The start as a full FEN and the moves in ICCS, `FEN moves m1 m2 …`, as the tail of a
    /// UCI `position fen` line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", crate::notation::fen::write_full(&self.start))?;
        if !self.moves.is_empty() {
            write!(f, " moves")?;
            for m in &self.moves {
                write!(f, " {m}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{fen, parse_moves};
    use crate::SetupMode;

    fn game(position: &str, moves: &str) -> Game {
        let start = fen::parse(position, SetupMode::Standard).expect("legal");
        let moves = parse_moves(&start, moves).expect("legal moves");
        Game::from_moves(start, &moves).expect("legal moves")
    }

    /// The counts as recomputed from the keys, and the keys from the positions played afresh.
    fn recount(g: &Game) -> FxHashMap<u64, u32> {
        let mut p = g.start().clone();
        let mut keys = vec![p.hash()];
        for &m in g.moves() {
            p = p.after(m);
            keys.push(p.hash());
        }
        assert_eq!(keys, g.keys());
        assert_eq!(&p, g.position());
        let mut counts = FxHashMap::default();
        for k in keys {
            *counts.entry(k).or_insert(0) += 1;
        }
        counts
    }

    #[test]
    fn the_key_after_a_move_is_the_key_of_the_position_it_reaches() {
        // Captures, checks and both sides' moves in a middlegame.
        let g = game(
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
            "",
        );
        let mut seen = 0;
        let mut p = g.clone();
        for _ in 0..6 {
            for m in p.position().legal_moves() {
                assert_eq!(p.key_after(m), p.position().after(m).hash(), "{m}");
                let reversible = (!p.is_irreversible(m)).then(|| p.key_after(m));
                assert_eq!(p.key_after_reversible(m), reversible, "{m}");
                seen += 1;
            }
            let m = p.position().legal_moves()[0];
            p.push(m).expect("legal");
        }
        assert!(seen > 100);
    }

    #[test]
    fn pushing_and_popping_keeps_the_counts() {
        // A perpetual check after the kings' there-and-back: the start position occurs four
        // times, the checks' positions twice.
        let mut g = game(
            "4k4/9/9/9/5R3/9/9/9/9/3K5 w",
            "帅六进一 将5进1 帅六退一 将5退1 车四平五 将5平6 车五平四 将6平5 车四平五 将5平6 车五平四 将6平5",
        );
        assert_eq!(g.occurrences(g.start().hash()), 4);
        assert_eq!(g.counts, recount(&g));
        let repeated = |g: &Game| recount(g).values().filter(|&&n| n >= 2).count();
        assert_eq!(g.repeated_positions(), repeated(&g));
        assert!(g.repeated_positions() >= 3);
        let full = g.clone();
        let mut popped = Vec::new();
        while let Some(m) = g.pop() {
            popped.push(m);
            assert_eq!(
                g.counts,
                recount(&g),
                "after popping {} moves",
                popped.len()
            );
            assert_eq!(g.repeated_positions(), repeated(&g));
        }
        assert_eq!(g.occurrences(g.start().hash()), 1);
        assert_eq!(g.counts.len(), 1);
        assert_eq!(g.position(), g.start());
        assert_eq!(g.pop(), None);
        for &m in popped.iter().rev() {
            g.push(m).expect("legal again");
        }
        assert_eq!(g.counts, full.counts);
        assert_eq!(g.repeated_positions(), full.repeated_positions());
        assert_eq!(g.keys(), full.keys());
        assert_eq!(g.position(), full.position());
    }

    #[test]
    fn a_capture_or_a_pawn_step_forward_starts_a_reversible_stretch() {
        // 炮二平五 and the horses are reversible; 兵三进一 steps forward, 卒7平6 cannot happen
        // before the river, 炮五进四 takes a pawn.
        let mut g = game(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "炮二平五 马8进7 马二进三 马2进3 兵三进一",
        );
        assert_eq!(g.reversible_since(), 5);
        for (text, since) in [("车9进1", 5), ("炮五进四", 7), ("车1进1", 7)] {
            let m = crate::notation::parse_move(g.position(), text).expect("legal");
            assert_eq!(g.is_irreversible(m), since == g.len() + 1, "{text}");
            g.push(m).expect("legal");
            assert_eq!(g.reversible_since(), since, "{text}");
        }
        g.pop();
        g.pop();
        assert_eq!(g.reversible_since(), 5);
        // No position before the stretch recurs after it, in random play.
        let mut p = game(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "",
        );
        let mut state = 7_u64;
        for _ in 0..300 {
            let legal = p.position().legal_moves();
            if legal.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            p.push(legal[(state % legal.len() as u64) as usize])
                .expect("legal");
            let since = p.reversible_since();
            assert!(!p.keys()[..since].contains(&p.key()), "{p}");
        }
    }

    #[test]
    fn an_illegal_move_is_refused_and_changes_nothing() {
        let mut g = game("4k4/9/9/9/5R3/9/9/9/9/3K5 w", "车四平五");
        let before = (g.keys().to_vec(), g.counts.clone());
        let err = g
            .push("e8e9".parse().expect("iccs"))
            .expect_err("the king is in check");
        assert!(matches!(err, PushError::Illegal { ply: 2, .. }), "{err}");
        assert_eq!((g.keys().to_vec(), g.counts.clone()), before);
        assert_eq!(g.len(), 1);
    }

    #[test]
    fn a_game_holds_at_most_max_moves() {
        let mut g = game("4k4/9/9/9/5R3/9/9/9/9/3K5 w", "");
        let round = parse_moves(g.position(), "车四平五 将5平6 车五平四 将6平5").expect("legal");
        while g.len() < Game::MAX_MOVES {
            let m = round[g.len() % 4];
            g.push(m).expect("room left");
        }
        let m = round[g.len() % 4];
        assert_eq!(
            g.push(m),
            Err(PushError::Full {
                limit: Game::MAX_MOVES
            })
        );
        assert_eq!(g.len(), Game::MAX_MOVES);
        assert_eq!(g.counts, recount(&g));
    }

    #[test]
    fn it_reads_as_a_position_line() {
        let g = game(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "炮二平五 马8进7",
        );
        assert!(g.to_string().ends_with(" w - - 0 1 moves h2e2 h9g7"), "{g}");
    }
}

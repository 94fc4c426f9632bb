//! Cycles built in real positions: a game replayed to a random ply, then each side plays a
//! closed tour of its pieces (a move and its return, a piece round three points of a line or
//! four points, two pieces out and back), the two tours interleaved, so that the position comes
//! back after one period and at no ply before. The free moves of each tour are drawn with
//! weights that favour checks, new attacks (an unprotected piece, a rook by a horse or cannon,
//! a stronger piece by a weaker), mate threats and flights from attack, so that many cycles
//! are perpetual checks or chases: what the rules are about.
//!
//! Everything is drawn from one seed: sample `i` has its own generator seeded from the run's
//! seed and `i`, so a sample is the same whatever else is generated and in whatever order.

use std::fmt;

use qili::{Move, Position};

use super::pool::{self, Pool};
use super::tactics::cycle_weight;
use super::tours::{attacking_trips, build};

/// How one side's moves go round the cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A move and its return (2 moves).
    ThereAndBack,
    /// A rook or cannon round three points of one line (3 moves).
    Triangle,
    /// Two there-and-backs one after the other (4 moves; the second may be the same piece to
    /// another point, or another piece).
    TwoTrips,
    /// Two pieces out, then both back in the same order (4 moves).
    Interleaved,
    /// One piece round four points (4 moves).
    Tour,
}

impl Shape {
    /// Moves of its side in one period.
    pub const fn moves(self) -> usize {
        match self {
            Shape::ThereAndBack => 2,
            Shape::Triangle => 3,
            Shape::TwoTrips | Shape::Interleaved | Shape::Tour => 4,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Shape::ThereAndBack => "there_and_back",
            Shape::Triangle => "triangle",
            Shape::TwoTrips => "two_trips",
            Shape::Interleaved => "interleaved",
            Shape::Tour => "tour",
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The moves of the game before the cycle, when the record keeps them.
#[derive(Clone, Debug)]
pub struct History {
    pub start: Position,
    pub moves: Vec<Move>,
}

/// One generated cycle.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Its number in the run (0-based): with the seed, all it takes to make it again.
    pub index: usize,
    /// The game it was built in (`file#game`) and the ply the game was replayed to.
    pub source: String,
    pub ply: usize,
    /// The shapes of the tours of the side to move and of the other side.
    pub shapes: [Shape; 2],
    /// How the cycle was chosen: `attack_by_mover` / `attack_by_other` (a there-and-back whose
    /// side attacks on both its moves), `weighted` (tours drawn by what their moves do).
    pub design: &'static str,
    /// The position the cycle starts from (and comes back to).
    pub start: Position,
    /// One period.
    pub cycle: Vec<Move>,
    /// The game's moves before the cycle, in half of the samples: what came before must not
    /// change how the cycle is ruled.
    pub history: Option<History>,
}

impl Sample {
    /// The record both engines rule: from the game's start (with history) or the cycle's, the
    /// history, then the cycle played until its start position has occurred three times (the
    /// start does not occur in the history: two periods).
    pub fn record(&self) -> (Position, Vec<Move>) {
        let mut moves = Vec::new();
        let start = match &self.history {
            Some(h) => {
                moves.extend_from_slice(&h.moves);
                h.start.clone()
            }
            None => self.start.clone(),
        };
        for _ in 0..2 {
            moves.extend_from_slice(&self.cycle);
        }
        (start, moves)
    }

    /// The plies of the record before the cycle.
    pub fn history_len(&self) -> usize {
        self.history.as_ref().map_or(0, |h| h.moves.len())
    }
}

/// The generator of sample `index` of the run seeded `seed`.
fn rng_for(seed: u64, index: usize) -> fastrand::Rng {
    // splitmix64 of the pair: neighbouring indices get unrelated streams.
    let mut z = seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    fastrand::Rng::with_seed(z ^ (z >> 31))
}

/// Positions drawn before a sample gives up (a position where no tour closes: few pieces can
/// move, or every move is forward).
const PICKS: usize = 200;
/// Tours tried in one position.
const ATTEMPTS: usize = 12;

/// Sample `index` of the run seeded `seed`, or `None` if no cycle could be built in
/// [`PICKS`] positions (never seen on the shared games).
pub fn sample(pool: &Pool, seed: u64, index: usize) -> Option<Sample> {
    let mut rng = rng_for(seed, index);
    // Two thirds of the samples: a there-and-back whose one side (the side to move, or the
    // other) attacks on both its moves, found among all of them; the rest tours of any shape.
    let directed = match rng.u32(..20) {
        0..=8 => Some(0),
        9..=12 => Some(1),
        _ => None,
    };
    for pick in 0..PICKS {
        // Where no side can attack on both moves of a there-and-back (few pieces), the
        // sample falls back to tours of any shape.
        let directed = directed.filter(|_| pick < PICKS / 2);
        let Some(at) = Drawn::draw(pool, &mut rng) else {
            continue;
        };
        if let Some(attacker) = directed {
            if let Some(cycle) = attacking_trip(&at.pos, attacker, &mut rng) {
                let design = ["attack_by_mover", "attack_by_other"][attacker];
                return Some(at.sample(index, [Shape::ThereAndBack; 2], design, cycle));
            }
            continue;
        }
        if let Some((shapes, cycle)) = weighted_cycle(&at.pos, &mut rng) {
            return Some(at.sample(index, shapes, "weighted", cycle));
        }
    }
    None
}

/// A position drawn from the pool: a game replayed to a ply, with or without its history.
struct Drawn<'p> {
    game: &'p pool::Game,
    ply: usize,
    keep_history: bool,
    pos: Position,
}

impl<'p> Drawn<'p> {
    /// Draw a game, a ply and whether to keep the history; `None` when the history is kept
    /// and the position occurred in it before: the cycle's start must not have occurred
    /// before, so that its third occurrence is the end of the second period (and no loop of
    /// the game itself is counted).
    fn draw(pool: &'p Pool, rng: &mut fastrand::Rng) -> Option<Drawn<'p>> {
        let game = &pool.games[rng.usize(..pool.games.len())];
        let ply = rng.usize(..=game.moves.len());
        let keep_history = rng.bool();
        let mut pos = game.start.clone();
        let mut seen = Vec::with_capacity(ply + 1);
        seen.push(pos.hash());
        for &m in &game.moves[..ply] {
            pos = pos.after(m);
            seen.push(pos.hash());
        }
        if keep_history && seen[..ply].contains(&pos.hash()) {
            return None;
        }
        Some(Drawn {
            game,
            ply,
            keep_history,
            pos,
        })
    }

    fn sample(
        self,
        index: usize,
        shapes: [Shape; 2],
        design: &'static str,
        cycle: Vec<Move>,
    ) -> Sample {
        Sample {
            index,
            source: self.game.source.clone(),
            ply: self.ply,
            shapes,
            design,
            start: self.pos,
            cycle,
            history: self.keep_history.then(|| History {
                start: self.game.start.clone(),
                moves: self.game.moves[..self.ply].to_vec(),
            }),
        }
    }
}

/// A there-and-back in `pos` whose side `attacker` (0 the side to move, 1 the other) attacks
/// on both its moves: a strong one mostly; `None` (another position) where there is none, and
/// a quarter of the time where none is strong.
fn attacking_trip(pos: &Position, attacker: usize, rng: &mut fastrand::Rng) -> Option<Vec<Move>> {
    let found = attacking_trips(pos, attacker);
    let strong: Vec<&[Move; 4]> = found.iter().filter(|t| t.1).map(|t| &t.0).collect();
    // A strong trip mostly, else (a quarter of the time) another position.
    let pick_from: Vec<&[Move; 4]> = if !strong.is_empty() && rng.u32(..10) < 9 {
        strong
    } else if strong.is_empty() && rng.u32(..4) > 0 {
        return None;
    } else {
        found.iter().map(|t| &t.0).collect()
    };
    if pick_from.is_empty() {
        return None;
    }
    Some(pick_from[rng.usize(..pick_from.len())].to_vec())
}

/// Several cycles in the position, one of them drawn with the weight of what its sides do (a
/// side that attacks on every move weighs most): the free moves' weights make each move
/// likelier to attack, but a cycle is a violation only if every move of a side is one,
/// returns included. `None` when none was built, or none weighs anything.
fn weighted_cycle(pos: &Position, rng: &mut fastrand::Rng) -> Option<([Shape; 2], Vec<Move>)> {
    let mut built: Vec<([Shape; 2], Vec<Move>, u32)> = Vec::new();
    for _ in 0..ATTEMPTS {
        let shapes = pick_shapes(rng);
        if let Some(cycle) = build(pos, shapes, rng) {
            if built.iter().all(|(_, c, _)| *c != cycle) {
                let w = cycle_weight(pos, &cycle);
                built.push((shapes, cycle, w));
            }
            if built.len() == CHOICES {
                break;
            }
        }
    }
    let total: u32 = built.iter().map(|b| b.2).sum();
    if total == 0 {
        return None;
    }
    let mut r = rng.u32(..total);
    let (shapes, cycle, _) = built
        .into_iter()
        .find(|b| {
            let hit = r < b.2;
            r = r.saturating_sub(b.2);
            hit
        })
        .expect("r < total");
    Some((shapes, cycle))
}

/// Cycles built in one position before one is drawn.
const CHOICES: usize = 6;

/// Period 4 in about half the samples, 6 in a tenth, 8 in the rest.
fn pick_shapes(rng: &mut fastrand::Rng) -> [Shape; 2] {
    let four = [Shape::TwoTrips, Shape::Interleaved, Shape::Tour];
    match rng.u32(..20) {
        0..=10 => [Shape::ThereAndBack; 2],
        11..=12 => [Shape::Triangle; 2],
        _ => [four[rng.usize(..3)], four[rng.usize(..3)]],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diff::pool::Game;
    use crate::diff::tactics::weight;
    use qili::notation::fen;
    use qili::SetupMode;

    fn pool_of(fen_text: &str) -> Pool {
        let start = fen::parse(fen_text, SetupMode::Standard).unwrap();
        // Ten plies of kings stepping out and back make a game long enough for the pool.
        let line = "e0f0 d9d8 f0e0 d8d9 e0f0 d9d8 f0e0 d8d9 e0f0 d9d8";
        let moves = line
            .split(' ')
            .map(|m| qili::notation::iccs::parse(m).unwrap())
            .collect();
        Pool {
            games: vec![Game {
                source: "t#1".into(),
                start,
                moves,
            }],
            files: 1,
        }
    }

    #[test]
    fn a_sample_is_a_cycle_that_comes_back_once_per_period() {
        let pool = pool_of("3k5/9/9/9/9/2R6/9/4c4/9/4K4 w");
        for i in 0..40 {
            let s = sample(&pool, 7, i).expect("a cycle");
            let mut p = s.start.clone();
            let mut seen = vec![p.hash()];
            for &m in &s.cycle {
                assert!(p.piece_at(m.to).is_none(), "{m} takes");
                p = p.play(m).expect("legal");
                seen.push(p.hash());
            }
            assert_eq!(p.board(), s.start.board());
            let inner = &seen[..s.cycle.len()];
            let mut distinct = inner.to_vec();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(distinct.len(), inner.len(), "a shorter period in {i}");
            assert_eq!(s.cycle.len(), 2 * s.shapes[0].moves());
            // The record ends at the third occurrence of the start.
            let (start, moves) = s.record();
            let mut q = start;
            let mut count = usize::from(q.board() == s.start.board() && q.turn() == s.start.turn());
            for &m in &moves {
                q = q.after(m);
                count += usize::from(q.board() == s.start.board() && q.turn() == s.start.turn());
            }
            assert_eq!(count, 3, "sample {i}");
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_samples() {
        let pool = pool_of("3k5/9/9/9/9/2R6/9/4c4/9/4K4 w");
        let a: Vec<Vec<Move>> = (0..10)
            .map(|i| sample(&pool, 3, i).unwrap().cycle)
            .collect();
        let b: Vec<Vec<Move>> = (0..10)
            .map(|i| sample(&pool, 3, i).unwrap().cycle)
            .collect();
        assert_eq!(a, b);
        let c: Vec<Vec<Move>> = (0..10)
            .map(|i| sample(&pool, 4, i).unwrap().cycle)
            .collect();
        assert_ne!(a, c);
    }

    #[test]
    fn checks_and_attacks_weigh_more() {
        let pos = fen::parse("3k5/9/9/9/9/2R6/9/4c4/9/4K4 w", SetupMode::Standard).unwrap();
        let mv = |s: &str| qili::notation::iccs::parse(s).unwrap();
        // The rook checks on the d-file; attacks the lone cannon from c2; a quiet step.
        assert!(weight(&pos, mv("c4d4")) > weight(&pos, mv("c4c5")));
        assert!(weight(&pos, mv("c4c2")) > weight(&pos, mv("c4c5")));
        assert_eq!(weight(&pos, mv("c4c5")), 1);
    }
}

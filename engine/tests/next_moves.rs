//! The next-moves query (`rules::next_moves`) and the game it reads (`Game`) on random games
//! from qili's own move generator, played with proptest's choices: where no repetition is
//! within reach every move is allowed (and judge, asked of each, rules nothing); where
//! positions recur each move's consequence is judge's ruling on the game with the move; and
//! pushing and popping moves keeps the repetition bookkeeping what the moves give afresh.

mod common;

use common::{fresh_game, perft_positions};
use proptest::prelude::*;
use qili::history::shuffling_game;
use qili::notation::fen;
use qili::rules::{judge, next_moves, Consequence, RuleBook, Verdict};
use qili::{Game, Move, Position, SetupMode};

/// The starts: the perft positions (the start position and middlegames) and two endgames.
fn starts() -> Vec<Position> {
    let mut v = perft_positions();
    for f in [
        "4k4/9/9/9/5R3/9/9/9/9/3K5 w",
        "3akab2/9/4b4/p3p3p/2p3p2/9/P3P1c1P/2N1B1C2/4A4/2BAK1R2 w",
    ] {
        v.push(fen::parse(f, SetupMode::Standard).expect("legal"));
    }
    v
}

/// The game with `m` played, as judge takes it.
fn with(game: &Game, m: Move) -> Vec<Move> {
    let mut moves = game.moves().to_vec();
    moves.push(m);
    moves
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// A game that never repeated a position, where no legal move leads to a position it had:
    /// every move is allowed, completing nothing, under every rule book, and judge on the
    /// game with the move agrees.
    #[test]
    fn with_no_repetition_in_reach_every_move_is_allowed(
        start in 0..16usize,
        choices in prop::collection::vec(any::<u16>(), 0..120),
    ) {
        let starts = starts();
        let start = &starts[start % starts.len()];
        let game = Game::from_moves(start.clone(), &fresh_game(start, &choices)).expect("legal");
        let legal = game.position().legal_moves();
        prop_assume!(legal.iter().all(|&m| game.occurrences(game.key_after(m)) == 0));
        let books = RuleBook::all();
        let book = &books[choices.len() % books.len()];
        let next = next_moves(&game, book);
        prop_assert_eq!(next.iter().map(|n| n.mv).collect::<Vec<_>>(), legal);
        for n in &next {
            prop_assert_eq!(&n.consequence, &Consequence::Allowed(None), "{} {}", game, n.mv);
            prop_assert_eq!(n.occurrences, 1);
            let r = judge(game.start(), &with(&game, n.mv), book).expect("legal");
            prop_assert_eq!(r.verdict, Verdict::NoRepetition, "{} {}: {}", game, n.mv, r.reason());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// On games where positions recur, each move's consequence is read off judge's ruling on
    /// the game with the move played, and says how often the position it leads to occurred.
    #[test]
    fn each_consequence_is_judges_ruling_on_the_game_with_the_move(
        start in 0..16usize,
        choices in prop::collection::vec(any::<u16>(), 0..48),
    ) {
        let starts = starts();
        let start = &starts[start % starts.len()];
        let game = shuffling_game(start, choices.iter().copied());
        let books = RuleBook::all();
        let book = &books[choices.len() % books.len()];
        let mover = game.position().turn();
        for n in next_moves(&game, book) {
            let moves = with(&game, n.mv);
            let r = judge(game.start(), &moves, book).expect("legal");
            prop_assert_eq!(&n.consequence, &Consequence::of(r, mover, book), "{} {}", game, n.mv);
            let after = Game::from_moves(game.start().clone(), &moves).expect("legal");
            prop_assert_eq!(n.occurrences, after.occurrences(after.key()));
        }
    }

    /// Popping moves and pushing them again: the keys and every count are those of the same
    /// moves played afresh, and a key no position has any more counts nothing.
    #[test]
    fn pushing_and_popping_keeps_the_bookkeeping(
        start in 0..16usize,
        choices in prop::collection::vec(any::<u16>(), 0..80),
        pops in 0..80usize,
    ) {
        let starts = starts();
        let start = &starts[start % starts.len()];
        let full = shuffling_game(start, choices.iter().copied());
        let mut game = full.clone();
        let pops = pops.min(game.len());
        for _ in 0..pops {
            game.pop().expect("a move to pop");
        }
        let kept = full.len() - pops;
        let afresh = Game::from_moves(start.clone(), &full.moves()[..kept]).expect("legal");
        prop_assert_eq!(game.keys(), afresh.keys());
        prop_assert_eq!(game.position(), afresh.position());
        for &k in full.keys() {
            prop_assert_eq!(game.occurrences(k), afresh.occurrences(k));
            let times = afresh.keys().iter().filter(|&&j| j == k).count();
            prop_assert_eq!(game.occurrences(k), times);
        }
        for &m in &full.moves()[kept..] {
            game.push(m).expect("legal again");
        }
        prop_assert_eq!(game.keys(), full.keys());
        for &k in full.keys() {
            prop_assert_eq!(game.occurrences(k), full.occurrences(k));
        }
    }
}

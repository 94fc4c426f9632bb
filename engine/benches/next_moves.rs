//! The next-moves query (`rules::next_moves`) against move generation alone, in the same run:
//! `cargo bench -p qili --bench next_moves`. Issue 26's targets: under 0.02 ms where no
//! repetition is within reach, under 1 ms where several moves close a cycle.
//!
//! - `forward`: a middlegame reached by a game that never repeats (60 plies from the start,
//!   each move one that leads to a position not seen before), so no next move can close a
//!   cycle; its last move took, so none can return either: the query is move generation.
//! - `forward_stretch`: the same game and ten reversible moves more, none to a position seen
//!   before: a move could lead back, so each reversible move's key is computed and filtered.
//! - `rook_loops`: an endgame where four loops went round the same position (the kings step
//!   out and back, the rook checks and shuttles): four of red's moves close a cycle.
//! - `quiet_loops`: 参考图14's middlegame, where three quiet there-and-backs of both sides went
//!   round its start position: three moves close a cycle of 4, 8 and 12 plies, every ply
//!   labelled with the chase and mate-threat searches.
//! - `chase_third`: 参考图14's cycle (red's horse and black's rook chase each other) played
//!   round once and then to its last move: black's rook closes the third occurrence.
//!
//! Each is benched as `legal_moves_*` (the baseline: `Position::legal_moves`) and
//! `next_moves_*` (the query under cxa2011, asked again of the same game: the plies judged
//! are kept with the game); where moves close a cycle, `next_moves_*_cold` is the first query
//! of a fresh copy of the game (every ply labelled, each once), and `judge_closing_*` is
//! `judge` on the game with each of those moves, one call each. `next_moves_*_incremental` is
//! a server's use: the game pushed move by move from its start and the query asked after each
//! move (each labels only what is new); its time is the whole game's, its counter the plies.

use divan::{black_box, Bencher};
use qili::history::there_and_backs;
use qili::notation::{fen, parse_moves};
use qili::rules::{judge, next_moves, RuleBook};
use qili::{Game, Move, Position, SetupMode};

fn main() {
    divan::main();
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
const ROOK: &str = "4k4/9/9/9/5R3/9/9/9/9/3K5 w";
const REF14: &str = "r1bakab2/9/2n1c4/p3p3p/2p3Pn1/3R5/P1PCP3P/N3C3N/4A4/R1BAK1c1r w";
const REF14_CYCLE: &str = "i2g1 i0h0 g1i2 h0i0";

fn position(text: &str) -> Position {
    fen::parse(text, SetupMode::Standard).expect("a legal position")
}

/// A game of `plies` from the start that never repeats and ends with no repetition in reach:
/// each move chosen (by a fixed xorshift) among those leading to a position not seen before.
fn forward(plies: usize) -> Game {
    let mut game = Game::new(position(START));
    let mut state = 0x2026_u64;
    while game.len() < plies {
        let fresh: Vec<Move> = game
            .position()
            .legal_moves()
            .into_iter()
            .filter(|&m| game.occurrences(game.key_after(m)) == 0)
            .collect();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        game.push(fresh[(state % fresh.len() as u64) as usize])
            .expect("legal");
    }
    let pos = game.position();
    assert!(pos
        .legal_moves()
        .iter()
        .all(|&m| game.occurrences(game.key_after(m)) == 0));
    game
}

/// `forward(60)` and ten more moves, each reversible (no capture, no pawn's step forward) and
/// to a position not seen before, the first such choice (by the move order, from a fixed
/// offset that grows until it holds) after which no next move leads to a position seen before
/// either: a return is possible in principle, so each reversible move's key is computed and
/// filtered, and none is in the game.
fn forward_stretch() -> Game {
    let base = forward(60);
    (0..)
        .find_map(|offset: usize| {
            let mut game = base.clone();
            for _ in 0..10 {
                let fresh: Vec<Move> = game
                    .position()
                    .legal_moves()
                    .into_iter()
                    .filter(|&m| {
                        !game.is_irreversible(m) && game.occurrences(game.key_after(m)) == 0
                    })
                    .collect();
                game.push(*fresh.get((offset + game.len()) % fresh.len().max(1))?)
                    .expect("legal");
            }
            let pos = game.position();
            pos.legal_moves()
                .iter()
                .all(|&m| game.occurrences(game.key_after(m)) == 0)
                .then_some(game)
        })
        .expect("some offset")
}

fn game(start: &str, moves: &str) -> Game {
    let start = position(start);
    let moves = parse_moves(&start, moves).expect("legal moves");
    Game::from_moves(start, &moves).expect("legal moves")
}

/// The rook endgame: four loops round the start position, red to move.
fn rook_loops() -> Game {
    game(
        ROOK,
        "帅六进一 将5进1 帅六退一 将5退1 车四平五 将5平6 车五平四 将6平5 \
         车四进一 将5进1 车四退一 将5退1 车四平三 将5平6 车三平四 将6平5",
    )
}

/// 参考图14's start with three quiet there-and-backs (different first moves) played in turn.
fn quiet_loops() -> Game {
    let start = position(REF14);
    let mut moves = Vec::new();
    let mut firsts = Vec::new();
    for tab in there_and_backs(&start, true) {
        if firsts.contains(&tab[0]) {
            continue;
        }
        firsts.push(tab[0]);
        moves.extend(tab);
        if firsts.len() == 3 {
            break;
        }
    }
    Game::from_moves(start, &moves).expect("legal")
}

fn chase_third() -> Game {
    let cycle = REF14_CYCLE.split(' ').collect::<Vec<_>>();
    let moves = [&cycle[..], &cycle[..3]].concat().join(" ");
    game(REF14, &moves)
}

/// How many next moves complete a cycle (checked, so that a bench measures what it says).
fn closing(game: &Game) -> usize {
    next_moves(game, &RuleBook::cxa2011())
        .iter()
        .filter(|n| n.consequence.completion().is_some())
        .count()
}

/// `judge` on the game with each next move that closes a cycle, one after the other.
fn bench_judge_closing(bencher: Bencher, game: Game) {
    let book = RuleBook::cxa2011();
    let games: Vec<Vec<Move>> = next_moves(&game, &book)
        .iter()
        .filter(|n| n.consequence.completion().is_some())
        .map(|n| [game.moves(), &[n.mv]].concat())
        .collect();
    bencher.bench(|| {
        games
            .iter()
            .map(|moves| judge(game.start(), black_box(moves), &book))
            .collect::<Vec<_>>()
    });
}

fn bench_legal(bencher: Bencher, game: Game) {
    bencher.bench(|| black_box(game.position()).legal_moves());
}

/// The query asked again of the same game: the plies judged the first time are kept with the
/// game (as a server or engine that asks after every move finds them), so only the new plies
/// are labelled (here none).
fn bench_query(bencher: Bencher, game: Game, closes: usize, book: RuleBook) {
    assert_eq!(closing(&game), closes);
    bencher.bench(|| next_moves(black_box(&game), &book));
}

/// The query on a game asked for the first time (a copy of a game keeps no labels): every
/// ply the closing moves' cycles hold is labelled, each once.
fn bench_query_cold(bencher: Bencher, game: Game, closes: usize, book: RuleBook) {
    assert_eq!(closing(&game.clone()), closes);
    bencher
        .with_inputs(|| game.clone())
        .bench_local_refs(|g| next_moves(black_box(g), &book));
}

/// The game played from its start move by move, the query asked after each move, as a server
/// keeps a game: the plies judged are kept with the game, so each query labels only the plies
/// no earlier query did. The time is the whole game's (its pushes and queries, the answers
/// dropped), the counter its plies: divan's throughput is plies (queries) a second, and the
/// median divided by the plies the mean cost of a move.
fn bench_incremental(bencher: Bencher, game: Game, book: RuleBook) {
    let start = Game::new(game.start().clone());
    let moves = game.moves().to_vec();
    bencher
        .counter(divan::counter::ItemsCount::new(moves.len()))
        .with_inputs(|| start.clone())
        .bench_local_refs(|g| {
            for &m in &moves {
                g.push(m).expect("legal");
                black_box(next_moves(black_box(&*g), &book));
            }
        });
}

#[divan::bench]
fn legal_moves_forward(bencher: Bencher) {
    bench_legal(bencher, forward(60));
}

#[divan::bench]
fn next_moves_forward(bencher: Bencher) {
    bench_query(bencher, forward(60), 0, RuleBook::cxa2011());
}

/// The same under the AXF book (no nine-round rule: the window is not read).
#[divan::bench]
fn next_moves_forward_axf(bencher: Bencher) {
    bench_query(bencher, forward(60), 0, RuleBook::axf());
}

#[divan::bench]
fn legal_moves_forward_stretch(bencher: Bencher) {
    bench_legal(bencher, forward_stretch());
}

#[divan::bench]
fn next_moves_forward_stretch(bencher: Bencher) {
    bench_query(bencher, forward_stretch(), 0, RuleBook::cxa2011());
}

#[divan::bench]
fn legal_moves_rook_loops(bencher: Bencher) {
    bench_legal(bencher, rook_loops());
}

#[divan::bench]
fn next_moves_rook_loops(bencher: Bencher) {
    bench_query(bencher, rook_loops(), 4, RuleBook::cxa2011());
}

#[divan::bench]
fn judge_closing_rook_loops(bencher: Bencher) {
    bench_judge_closing(bencher, rook_loops());
}

#[divan::bench]
fn legal_moves_quiet_loops(bencher: Bencher) {
    bench_legal(bencher, quiet_loops());
}

#[divan::bench(sample_count = 30)]
fn next_moves_quiet_loops(bencher: Bencher) {
    bench_query(bencher, quiet_loops(), 3, RuleBook::cxa2011());
}

#[divan::bench(sample_count = 30)]
fn next_moves_quiet_loops_cold(bencher: Bencher) {
    bench_query_cold(bencher, quiet_loops(), 3, RuleBook::cxa2011());
}

#[divan::bench(sample_count = 30)]
fn next_moves_quiet_loops_incremental(bencher: Bencher) {
    bench_incremental(bencher, quiet_loops(), RuleBook::cxa2011());
}

#[divan::bench(sample_count = 30)]
fn judge_closing_quiet_loops(bencher: Bencher) {
    bench_judge_closing(bencher, quiet_loops());
}

#[divan::bench]
fn legal_moves_chase_third(bencher: Bencher) {
    bench_legal(bencher, chase_third());
}

#[divan::bench(sample_count = 30)]
fn next_moves_chase_third(bencher: Bencher) {
    bench_query(bencher, chase_third(), 1, RuleBook::cxa2011());
}

#[divan::bench(sample_count = 30)]
fn next_moves_chase_third_cold(bencher: Bencher) {
    bench_query_cold(bencher, chase_third(), 1, RuleBook::cxa2011());
}

#[divan::bench(sample_count = 30)]
fn next_moves_chase_third_incremental(bencher: Bencher) {
    bench_incremental(bencher, chase_third(), RuleBook::cxa2011());
}

#[divan::bench(sample_count = 30)]
fn judge_closing_chase_third(bencher: Bencher) {
    bench_judge_closing(bencher, chase_third());
}

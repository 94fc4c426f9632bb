//! Whole games, not cut-out cycles: the ruling is of the cycle repeating at the end of the
//! history, whatever came before, and where nothing repeats nothing is ruled.
//!
//! Random games come from qili's own move generator, played with proptest's choices.

mod common;

use common::{fresh_game, perft_positions};
use proptest::prelude::*;
use qili::history::there_and_backs;
use qili::notation::{fen, parse_moves};
use qili::rules::{judge, judge_with, CycleRule, Label, RuleBook, Ruling, Scope, Verdict};
use qili::{Move, Position, SetupMode};

fn play(start: &Position, moves: &[Move]) -> Position {
    let mut pos = start.clone();
    for &m in moves {
        pos.play_unchecked(m);
    }
    pos
}

/// The labels of the judged plies, in order.
fn judged_labels(r: &Ruling) -> Vec<Label> {
    r.plies
        .iter()
        .filter(|p| p.judged)
        .map(|p| p.label)
        .collect()
}

fn undetermined(r: &Ruling) -> bool {
    r.plies.iter().any(|p| p.label == Label::Undetermined)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// A game in which no position occurs twice is never a repetition, however long, and
    /// nothing in it is judged.
    #[test]
    fn a_game_without_a_repeated_position_is_not_ruled(
        start in 0..5usize,
        choices in prop::collection::vec(any::<u16>(), 1..240),
    ) {
        let starts = perft_positions();
        let start = &starts[start % starts.len()];
        let moves = fresh_game(start, &choices);
        prop_assume!(!moves.is_empty());
        // Under every rule book, the Asian rules' included.
        let books = RuleBook::all();
        let book = &books[choices.len() % books.len()];
        let r = judge(start, &moves, book).expect("legal");
        prop_assert_eq!(r.verdict, Verdict::NoRepetition, "{}: {}", book.id, r.reason());
        prop_assert!(r.cycle.is_none());
        prop_assert!(r.plies.is_empty());
    }
}

/// A random game from `start`, where it ends, and one of the there-and-backs there.
fn history_and_cycle(
    start: &Position,
    choices: &[u16],
    pick: usize,
) -> Option<(Vec<Move>, Position, Vec<Move>)> {
    let history = fresh_game(start, choices);
    let here = play(start, &history);
    let cycle = there_and_backs(&here, false).nth(pick)?;
    Some((history, here, cycle.to_vec()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// A there-and-back after a random game, played once, twice and three times: the cycle at
    /// the end is what is ruled, with the labels and verdict it has when judged alone.
    #[test]
    fn a_cycle_is_ruled_the_same_after_any_history_and_however_often_it_went_round(
        choices in prop::collection::vec(any::<u16>(), 0..80),
        pick in 0..6usize,
    ) {
        let start = Position::start();
        let found = history_and_cycle(&start, &choices, pick);
        prop_assume!(found.is_some());
        let (history, here, cycle) = found.expect("assumed");
        let book = RuleBook::cxa2011();
        let alone = judge(&here, &cycle, &book).expect("legal");
        prop_assume!(!undetermined(&alone));
        prop_assert_eq!(alone.cycle.as_ref().map(|c| c.len), Some(4));
        for times in 1..=3 {
            let mut moves = history.clone();
            for _ in 0..times {
                moves.extend(&cycle);
            }
            let r = judge(&start, &moves, &book).expect("legal");
            prop_assume!(!undetermined(&r));
            let c = r.cycle.as_ref().expect("the cycle repeats");
            // Short of a threefold repetition, nine rounds of one side's attacks over three
            // points or more, the history's last moves among them, are ruled as such (the
            // 2011 book's 参考图8 is ruled so though its last period came round twice).
            if times == 1 && matches!(c.rule, CycleRule::NineRounds { .. }) {
                prop_assert_eq!(c.start, moves.len() - 18);
                continue;
            }
            prop_assert_eq!(c.rule, CycleRule::Repetition { period: 4 });
            prop_assert_eq!(c.start, moves.len() - 4);
            prop_assert!(c.occurrences > times);
            prop_assert_eq!(r.verdict, alone.verdict, "{} / {}", r.reason(), alone.reason());
            prop_assert_eq!(judged_labels(&r), judged_labels(&alone));
        }
    }

    /// The same under the Asian rules, which judge a cycle at its third occurrence: played
    /// twice after any history it is ruled as played twice alone, and played once it is no
    /// case at all. The answers the chase rule reads are the cycle's own replies.
    #[test]
    fn under_the_asian_rules_a_cycle_is_ruled_the_same_after_any_history(
        choices in prop::collection::vec(any::<u16>(), 0..80),
        pick in 0..6usize,
    ) {
        let start = Position::start();
        let found = history_and_cycle(&start, &choices, pick);
        prop_assume!(found.is_some());
        let (history, here, cycle) = found.expect("assumed");
        let book = RuleBook::axf();
        let twice: Vec<Move> = cycle.iter().chain(cycle.iter()).copied().collect();
        let alone = judge(&here, &twice, &book).expect("legal");
        prop_assume!(!undetermined(&alone));
        prop_assert_eq!(alone.cycle.as_ref().map(|c| c.len), Some(4));
        let mut once = history.clone();
        once.extend(&cycle);
        let r = judge(&start, &once, &book).expect("legal");
        prop_assume!(!undetermined(&r));
        // A position of the history may recur in the cycle: only a third occurrence is a case.
        if r.cycle.is_none() {
            prop_assert_eq!(r.verdict, Verdict::NoRepetition);
        }
        for times in 2..=3 {
            let mut moves = history.clone();
            for _ in 0..times {
                moves.extend(&cycle);
            }
            let r = judge(&start, &moves, &book).expect("legal");
            prop_assume!(!undetermined(&r));
            let c = r.cycle.as_ref().expect("the cycle repeats");
            prop_assert_eq!(c.rule, CycleRule::Repetition { period: 4 });
            prop_assert_eq!(c.start, moves.len() - 4);
            prop_assert_eq!(r.verdict, alone.verdict, "{} / {}", r.reason(), alone.reason());
            prop_assert_eq!(judged_labels(&r), judged_labels(&alone));
        }
    }
}

/// The game `history`, then `cycle` played `rounds` times and `extra` plies on round it.
fn round_the_cycle(history: &[Move], cycle: &[Move], rounds: usize, extra: usize) -> Vec<Move> {
    let mut moves = history.to_vec();
    moves.extend(cycle.iter().cycle().take(rounds * cycle.len() + extra));
    moves
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Whichever ply of a repeating stretch a record stops at, the cycle repeating there gets
    /// one verdict, under every rule book, after any history: a random game, then a cycle of
    /// one there-and-back (checks allowed) or of two different ones (a figure-eight through one
    /// position, whose occurrences come by different loops), played round three times and on
    /// by every phase; and the same cycle played from where the history ends, alone.
    #[test]
    fn a_cycle_gets_one_verdict_at_every_phase_under_every_book(
        choices in prop::collection::vec(any::<u16>(), 0..60),
        pick in 0..8usize,
        second in prop::option::of(0..8usize),
    ) {
        let start = Position::start();
        let history = fresh_game(&start, &choices);
        let here = play(&start, &history);
        let loops: Vec<[Move; 4]> = there_and_backs(&here, false).collect();
        prop_assume!(!loops.is_empty());
        let mut cycle = loops[pick % loops.len()].to_vec();
        if let Some(other) = second.map(|k| loops[k % loops.len()]).filter(|l| l[..] != cycle[..]) {
            cycle.extend(other);
        }
        for book in RuleBook::all() {
            let mut verdicts = Vec::new();
            for extra in 0..cycle.len() {
                for (from, before) in [(&start, &history[..]), (&here, &[][..])] {
                    let moves = round_the_cycle(before, &cycle, 3, extra);
                    let r = judge(from, &moves, &book).expect("legal");
                    prop_assume!(!undetermined(&r));
                    prop_assert!(r.cycle.is_some(), "{}: {extra} plies on: {}", book.id, r.reason());
                    verdicts.push((extra, r.verdict, r.reason()));
                }
            }
            let (_, first, why) = &verdicts[0];
            for (extra, v, reason) in &verdicts {
                prop_assert_eq!(v, first, "{}: {} plies on: {} / {}", book.id, extra, reason, why);
            }
        }
    }
}

/// The rook's perpetual check of 图6's kind, on a board with two horses that tour the lower
/// ranks and four pawns that walk down their files first.
const LONG_GAME_START: &str = "4k4/9/9/2p3p2/5R3/9/P7P/9/1N4n2/3K5 w";

/// A long game that goes forward (horses touring the lower ranks, pawns walking down their
/// files, no position repeated, no check, no capture) until red's rook checks for ever.
fn long_game() -> (Position, Vec<Move>) {
    let start = fen::parse(LONG_GAME_START, SetupMode::Standard).expect("legal");
    let mut pos = start.clone();
    let mut seen = vec![pos.hash()];
    let mut moves = Vec::new();
    let mut k = 0usize;
    while moves.len() < 300 {
        let quiet: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| {
                let role = pos.piece_at(m.from).map(|p| p.role);
                let after = pos.after(m);
                let keeps_away = match role {
                    Some(qili::Role::Horse) => m.to.rank().index() <= 3,
                    Some(qili::Role::Pawn) => m.to.file() == m.from.file(),
                    _ => false,
                };
                keeps_away
                    && pos.piece_at(m.to).is_none()
                    && !after.in_check()
                    && !seen.contains(&after.hash())
            })
            .collect();
        // Horses first; a pawn steps on only when its horse has nowhere new to go.
        let horse: Vec<Move> = quiet
            .iter()
            .copied()
            .filter(|&m| pos.piece_at(m.from).map(|p| p.role) == Some(qili::Role::Horse))
            .collect();
        let choice = if horse.is_empty() { &quiet } else { &horse };
        assert!(
            !choice.is_empty(),
            "the tour is stuck after {} plies",
            moves.len()
        );
        // A fixed walk: the choices cycle through the moves available.
        k = (k * 31 + 17) % 1009;
        let m = choice[k % choice.len()];
        pos.play_unchecked(m);
        seen.push(pos.hash());
        moves.push(m);
    }
    if pos.turn() != qili::Color::Red {
        unreachable!("300 plies from red's turn end on red's turn");
    }
    let checks = parse_moves(&pos, &"车四平五 将5平6 车五平四 将6平5 ".repeat(3)).expect("legal");
    moves.extend(checks);
    (start, moves)
}

/// A game of more than 300 plies that ends in red's perpetual check is ruled on that check:
/// red must change, and only the last four plies are judged.
#[test]
fn a_long_game_that_ends_in_perpetual_check_is_ruled_on_the_check() {
    let (start, moves) = long_game();
    assert!(moves.len() > 300);
    let r = judge(&start, &moves, &RuleBook::cxa2011()).expect("legal");
    let c = r.cycle.as_ref().expect("the checks repeat");
    assert_eq!(c.rule, CycleRule::Repetition { period: 4 });
    // The checks went round three times: their position occurred four times.
    assert_eq!((c.start, c.len, c.occurrences), (moves.len() - 4, 4, 4));
    assert_eq!(r.verdict, Verdict::RedMustChange, "{}", r.reason());
    assert_eq!(c.red.summary(), "长将");
    assert_eq!(
        judged_labels(&r),
        [Label::Check, Label::Idle, Label::Check, Label::Idle]
    );
    // Only the cycle was labelled; asking for every ply labels the rest as not judged.
    assert_eq!(r.plies.len(), 4);
    let all = judge_with(&start, &moves, &RuleBook::cxa2011(), Scope::AllPlies).expect("legal");
    assert_eq!(all.plies.len(), moves.len());
    assert_eq!(all.plies.iter().filter(|p| p.judged).count(), 4);
    assert_eq!(all.verdict, r.verdict);
}

/// A quiet there-and-back of both sides before a cycle changes nothing, even though it
/// returns to the cycle's start position (which then occurs once more than the cycle made it).
#[test]
fn an_idle_there_and_back_before_a_perpetual_check_changes_nothing() {
    let start = fen::parse("4k4/9/9/9/5R3/9/9/9/9/3K5 w", SetupMode::Standard).expect("legal");
    let shuffle = there_and_backs(&start, true)
        .next()
        .expect("the kings can step");
    let cycle = parse_moves(&start, "车四平五 将5平6 车五平四 将6平5").expect("legal");
    let alone = judge(&start, &cycle, &RuleBook::cxa2011()).expect("legal");
    for times in 1..=3 {
        let mut moves = shuffle.to_vec();
        for _ in 0..times {
            moves.extend(&cycle);
        }
        let r = judge(&start, &moves, &RuleBook::cxa2011()).expect("legal");
        assert_eq!(r.verdict, Verdict::RedMustChange, "{times}: {}", r.reason());
        assert_eq!(r.verdict, alone.verdict);
        assert_eq!(judged_labels(&r), judged_labels(&alone));
        assert_eq!(r.cycle.as_ref().map(|c| c.len), Some(4));
    }
}

/// A third occurrence by another loop is a case under the Asian rules (the position counted
/// wherever it recurs): `uci.txt` game `XDQldAuP`, its first 50 plies, reaches the position
/// after ply 42 again at 46 and at 50, by two different loops of red's rook (after the cannon
/// on g8/g7, then after the cannon on f6/h6). Both loops since the third last occurrence are
/// judged: red attacks a rootless cannon on every move, but not the same one throughout, so
/// both sides are allowed (rule 32): a draw. At ply 46 the position has occurred twice: no case
/// yet under the Asian rules. The CXA books rule the cycle repeating at the end (each loop went
/// round once: the last), from its second occurrence.
#[test]
fn a_threefold_repetition_by_two_different_loops_is_ruled_under_the_asian_rules() {
    let rel = "benckx__elephantchess/xiangqi-core-test-utils/src/main/resources/uci.txt";
    let test = "a_threefold_repetition_by_two_different_loops_is_ruled_under_the_asian_rules";
    let Some(path) = common::shared::games_file(test, rel) else {
        return;
    };
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let text = String::from_utf8_lossy(&bytes);
    let game = qili_records::lines::read_iccs(&text)
        .into_iter()
        .find(|g| g.header("id") == Some("XDQldAuP"))
        .expect("the game is in uci.txt");
    let start = Position::start();
    let moves = &game.moves[..50];
    let r = judge(&start, moves, &RuleBook::axf()).expect("legal");
    let c = r.cycle.as_ref().expect("a threefold repetition");
    assert_eq!(c.rule, CycleRule::Repetition { period: 8 });
    assert_eq!((c.start, c.len, c.occurrences), (42, 8, 3));
    assert!(c.note().contains("经不同的循环重复"), "{}", c.note());
    assert_eq!(c.red.summary(), "长捉但所捉不是同一子");
    assert_eq!(r.verdict, Verdict::Draw, "{}", r.reason());
    let r = judge(&start, &moves[..46], &RuleBook::axf()).expect("legal");
    assert_eq!(r.verdict, Verdict::NoRepetition);
    let r = judge(&start, moves, &RuleBook::cxa2011()).expect("legal");
    let c = r.cycle.as_ref().expect("a repetition");
    assert_eq!((c.start, c.len, c.occurrences), (46, 4, 3));
    assert_eq!(r.verdict, Verdict::RedMustChange, "{}", r.reason());
}

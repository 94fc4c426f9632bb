//! Every published cycle at every phase, under every rule book (over the whole corpus, or
//! `$QILI_CORPUS`): a game stops wherever it stops, so the cycle repeating at its end must get
//! one verdict whichever of its plies the record ends on.
//!
//! For each case whose moves end in a repetition (the position after the last move stood `p`
//! plies earlier), the game is the case's moves continued round that cycle by 0 to `2p` plies.
//! Under each book, every one of those games the book rules as a repetition (the CXA books
//! from the second occurrence, the Asian rules from the third) gets one verdict, and once one
//! is ruled every later one is. One trial per case × book.

mod common;

use libtest_mimic::{Arguments, Failed, Trial};
use qili::rules::{judge, CycleRule, RuleBook, Ruling};
use qili::{Move, Position};

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for (case, block) in common::corpus_blocks() {
        let moves = case.published[block].engine_moves();
        let Some(period) = period(&case.start, &moves) else {
            continue;
        };
        for book in RuleBook::all() {
            let (case, moves) = (case.clone(), moves.clone());
            let edition = &case.published[block].edition;
            let name = format!("{} [{edition}] under {}", case.id, book.id);
            trials.push(Trial::test(name, move || {
                phases(&case.start, &moves, period, &book)
            }));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}

/// The shortest `p` such that the position after the last move stood `p` plies earlier.
fn period(start: &Position, moves: &[Move]) -> Option<usize> {
    let mut positions = vec![start.clone()];
    for &m in moves {
        let next = positions.last()?.after(m);
        positions.push(next);
    }
    let n = moves.len();
    (1..=n).find(|&p| {
        let (a, b) = (&positions[n - p], &positions[n]);
        a.board() == b.board() && a.turn() == b.turn()
    })
}

fn phases(start: &Position, moves: &[Move], period: usize, book: &RuleBook) -> Result<(), Failed> {
    let cycle = &moves[moves.len() - period..];
    let mut seen: Vec<(usize, Ruling)> = Vec::new();
    for k in 0..=2 * period {
        let mut game = moves.to_vec();
        game.extend((0..k).map(|i| cycle[i % period]));
        let r = std::panic::catch_unwind(|| judge(start, &game, book))
            .map_err(|_| Failed::from(format!("the engine panicked {k} plies on")))?
            .map_err(|e| Failed::from(format!("the engine refused the moves: {e}")))?;
        match r.cycle.as_ref().map(|c| c.rule) {
            Some(CycleRule::Repetition { .. }) => seen.push((k, r)),
            // Short of a threefold repetition the CXA books may rule nine rounds instead.
            Some(_) => {}
            None if !seen.is_empty() => {
                return Err(Failed::from(format!(
                    "{} plies on ruled, {k} plies on: {}",
                    seen[0].0,
                    r.reason()
                )))
            }
            None => {}
        }
    }
    let Some((k0, first)) = seen.first() else {
        return Err(Failed::from("no phase ruled as a repetition"));
    };
    let differing: Vec<String> = seen
        .iter()
        .filter(|(_, r)| r.verdict != first.verdict)
        .map(|(k, r)| format!("{k} plies on: {} ({})", r.verdict.name(), r.reason()))
        .collect();
    if differing.is_empty() {
        Ok(())
    } else {
        Err(Failed::from(format!(
            "{k0} plies on: {} ({})\n{}",
            first.verdict.name(),
            first.reason(),
            differing.join("\n")
        )))
    }
}

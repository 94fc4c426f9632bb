//! The next-moves query (`qili::rules::next_moves`) on every published cycle (over the whole
//! corpus, or `$QILI_CORPUS`), under every rule book: what a server asks before the move must
//! be what `judge` says after it.
//!
//! For every case × edition × rule book (the start position legal under the book's setup
//! rules), with the moves as the rule-book table judges them (`rulebooks::moves_for`: a book
//! that rules a cycle at its third occurrence gets a cycle that returns to its start played
//! round once more):
//!
//! - the published game's last move, asked about before it is played, has the consequence
//!   judge's ruling of the game gives: `forbidden` when the verdict falls on its mover,
//!   `allowed` when on the opponent or when nothing is ruled, `draw`, `undetermined`; the
//!   completion is judge's ruling itself;
//! - where that ruling is a repetition, the cycle's next period is played up to its last move:
//!   that move completes the cycle again (its position occurring a third time at least), with
//!   the same verdict, and so is `forbidden` exactly for the side that must change;
//! - at both points every other legal move's consequence is judge's ruling on the game with
//!   that move too.
//!
//! One trial per case × edition × rule book; those whose start the book's setup rules refuse
//! are listed as ignored.

mod common;

use std::sync::Arc;

use libtest_mimic::{Arguments, Failed, Trial};
use qili::rules::{judge, next_move, next_moves, CycleRule, NextMove, RuleBook, Ruling, Verdict};
use qili::{Color, Game, Move, Position};
use qili_corpus::corpus;
use qili_harness::rulebooks;

fn main() {
    let args = Arguments::from_args();
    let corpus = corpus::load(&common::corpus_dir()).expect("the corpus directory is readable");
    let mut trials = Vec::new();
    for case in corpus.cases {
        let case = Arc::new(case);
        for block in 0..case.published.len() {
            let published = &case.published[block];
            for book in RuleBook::all() {
                let own = if book.id == published.edition {
                    " (its own)"
                } else {
                    ""
                };
                let name = format!("{} [{}] under {}{own}", case.id, published.edition, book.id);
                let start = Position::new(case.start.to_setup(), book.setup);
                let ignored = start.is_err();
                let moves = published.engine_moves();
                trials.push(
                    Trial::test(name, move || match start {
                        Ok(start) => check(&start, moves, &book),
                        Err(_) => Ok(()),
                    })
                    .with_ignored_flag(ignored),
                );
            }
        }
    }
    libtest_mimic::run(&args, trials).exit();
}

fn rule(start: &Position, moves: &[Move], book: &RuleBook) -> Result<Ruling, Failed> {
    judge(start, moves, book).map_err(|e| Failed::from(format!("judge refused the moves: {e}")))
}

fn check(start: &Position, moves: Vec<Move>, book: &RuleBook) -> Result<(), Failed> {
    let moves = rulebooks::moves_for(start, moves, book);
    let Some((&last, before)) = moves.split_last() else {
        return Err("no moves".into());
    };
    let game = Game::from_moves(start.clone(), before).map_err(|e| Failed::from(e.to_string()))?;
    let ruling = rule(start, &moves, book)?;
    let mover = game.position().turn();
    let entry = every_move_agrees(&game, last, book)?;
    agrees(
        &entry,
        mover,
        &ruling,
        book,
        "the published game's last move",
    )?;
    let single = next_move(&game, last, book).map_err(|e| Failed::from(e.to_string()))?;
    if single != entry {
        return Err("next_move and next_moves differ on the last move".into());
    }

    let Some(cycle) = ruling.cycle.as_ref() else {
        return Ok(());
    };
    let CycleRule::Repetition { period } = cycle.rule else {
        return Ok(());
    };
    // The next period, up to its last move, which completes the cycle once more.
    let round = &moves[moves.len() - period..];
    let mut longer = moves.clone();
    longer.extend(&round[..period - 1]);
    let game = Game::from_moves(start.clone(), &longer).map_err(|e| Failed::from(e.to_string()))?;
    longer.push(last);
    let again = rule(start, &longer, book)?;
    let what = "the move completing the next period";
    let mover = game.position().turn();
    let entry = every_move_agrees(&game, last, book)?;
    agrees(&entry, mover, &again, book, what)?;
    let Some(c) = entry.consequence.completion() else {
        return Err(format!("{what} completes nothing: {}", again.reason).into());
    };
    if c.occurrences() < 3 || entry.occurrences < 3 {
        return Err(format!(
            "{what}: its position occurs {} times (the cycle's, {})",
            entry.occurrences,
            c.occurrences()
        )
        .into());
    }
    if c.verdict() != ruling.verdict {
        return Err(format!(
            "{what}: {} ({}), one period earlier {} ({})",
            c.verdict(),
            c.reason(),
            ruling.verdict,
            ruling.reason
        )
        .into());
    }
    Ok(())
}

/// What the consequence of a move must be, by judge's verdict on the game with it and the
/// side that plays it.
fn expected(verdict: Verdict, mover: Color) -> &'static str {
    match verdict {
        Verdict::NoRepetition => "allowed",
        Verdict::Draw => "draw",
        Verdict::Undetermined => "undetermined",
        v if v.culprit() == Some(mover) => "forbidden",
        _ => "allowed",
    }
}

/// The entry of a next move is `ruling` (judge's on the game with it), seen from its mover.
fn agrees(
    entry: &NextMove,
    mover: Color,
    ruling: &Ruling,
    book: &RuleBook,
    what: &str,
) -> Result<(), Failed> {
    let (c, m) = (&entry.consequence, entry.mv);
    let want = expected(ruling.verdict, mover);
    if c.name() != want {
        return Err(format!(
            "{what} {m}: {} under {}; judge: {} ({}), so {want}",
            c.name(),
            book.id,
            ruling.verdict,
            ruling.reason
        )
        .into());
    }
    let shown = c.completion().map(|c| c.ruling());
    if shown != ruling.cycle.as_ref().map(|_| ruling) {
        return Err(format!("{what} {m}: the completion is not judge's ruling").into());
    }
    Ok(())
}

/// Every legal move's consequence is judge's ruling on the game with it; the entry of `m`.
fn every_move_agrees(game: &Game, m: Move, book: &RuleBook) -> Result<NextMove, Failed> {
    let mut moves = game.moves().to_vec();
    let mover = game.position().turn();
    let mut found = None;
    for n in next_moves(game, book) {
        moves.push(n.mv);
        let r = rule(game.start(), &moves, book)?;
        moves.pop();
        agrees(&n, mover, &r, book, "a next move")?;
        if n.mv == m {
            found = Some(n);
        }
    }
    found.ok_or_else(|| format!("{m} is not among the legal moves").into())
}

//! Every published cycle inside a game (over the whole corpus, or `$QILI_CORPUS`): a referee
//! or an engine gives qili what happened, not a cut-out cycle, and the ruling must not depend
//! on that. For every case × edition whose moves return to the start position, judged under
//! its own rule book, each of these histories gets the verdict and the labels of the judged
//! plies that the cycle gets alone:
//!
//! - `twice`, `three times`: the cycle played over again (a threefold repetition);
//! - `after a there-and-back`, `after a there-and-back, twice`: a quiet there-and-back of both
//!   sides first (no check, no capture, back to the start position, which so occurs once more
//!   than the cycle makes it), then the cycle once or twice.
//!
//! One trial per case × edition × history. A case with no quiet there-and-back from its start
//! position skips those two.

mod common;

use std::sync::{Arc, OnceLock};

use libtest_mimic::{Arguments, Failed, Trial};
use qili::history::there_and_backs;
use qili::rules::{judge, Label, RuleBook, Ruling};
use qili::{Move, Position};

#[derive(Clone, Copy)]
enum History {
    Twice,
    ThreeTimes,
    AfterThereAndBack,
    AfterThereAndBackTwice,
}

impl History {
    const ALL: [History; 4] = [
        History::Twice,
        History::ThreeTimes,
        History::AfterThereAndBack,
        History::AfterThereAndBackTwice,
    ];

    fn name(self) -> &'static str {
        match self {
            History::Twice => "twice",
            History::ThreeTimes => "three times",
            History::AfterThereAndBack => "after a there-and-back",
            History::AfterThereAndBackTwice => "after a there-and-back, twice",
        }
    }

    /// The game: `None` when this history cannot be built from the position.
    fn game(self, start: &Position, cycle: &[Move]) -> Option<Vec<Move>> {
        let (lead, times) = match self {
            History::Twice => (Vec::new(), 2),
            History::ThreeTimes => (Vec::new(), 3),
            History::AfterThereAndBack => (there_and_backs(start, true).next()?.to_vec(), 1),
            History::AfterThereAndBackTwice => (there_and_backs(start, true).next()?.to_vec(), 2),
        };
        let mut moves = lead;
        for _ in 0..times {
            moves.extend_from_slice(cycle);
        }
        Some(moves)
    }
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for (case, block) in common::corpus_blocks() {
        let published = &case.published[block];
        let book = qili::rules::RuleBook::get(published.edition);
        let moves = published.engine_moves();
        if !returns(&case.start, &moves) {
            continue;
        }
        let alone: Arc<OnceLock<Result<Ruling, String>>> = Arc::new(OnceLock::new());
        for h in History::ALL {
            let (case, book, alone, moves) =
                (case.clone(), book.clone(), alone.clone(), moves.clone());
            let name = format!("{} [{}]: {}", case.id, published.edition, h.name());
            trials.push(Trial::test(name, move || {
                let alone = alone
                    .get_or_init(|| rule(&case.start, &moves, &book))
                    .as_ref()
                    .map_err(|e| Failed::from(format!("alone: {e}")))?;
                let Some(game) = h.game(&case.start, &moves) else {
                    return Ok(());
                };
                let inside = rule(&case.start, &game, &book).map_err(Failed::from)?;
                compare(alone, &inside, h)
            }));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}

/// Whether the moves bring the start position back.
fn returns(start: &Position, moves: &[Move]) -> bool {
    let mut p = start.clone();
    for &m in moves {
        if p.play(m).is_err() {
            return false;
        }
        p.play_unchecked(m);
    }
    p.board() == start.board() && p.turn() == start.turn()
}

fn rule(start: &Position, moves: &[Move], book: &RuleBook) -> Result<Ruling, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| judge(start, moves, book)))
        .map_err(|_| "the engine panicked".to_string())?
        .map_err(|e| format!("the engine refused the moves: {e}"))
}

fn judged(r: &Ruling) -> Vec<(Label, String)> {
    r.plies
        .iter()
        .filter(|p| p.judged)
        .map(|p| (p.label, p.chinese.clone()))
        .collect()
}

fn compare(alone: &Ruling, inside: &Ruling, h: History) -> Result<(), Failed> {
    let mut problems = Vec::new();
    if inside.verdict != alone.verdict {
        problems.push(format!(
            "verdict {} ({}) alone, {} ({}) {}",
            alone.verdict.name(),
            alone.reason(),
            inside.verdict.name(),
            inside.reason(),
            h.name()
        ));
    }
    let (a, b) = (judged(alone), judged(inside));
    if a != b {
        let show = |v: &[(Label, String)]| {
            v.iter()
                .map(|(l, m)| format!("{m} {}", l.chinese()))
                .collect::<Vec<_>>()
                .join("，")
        };
        problems.push(format!(
            "judged plies alone: {}; {}: {}",
            show(&a),
            h.name(),
            show(&b)
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Failed::from(problems.join("\n")))
    }
}

//! Metamorphic tests over the whole corpus (or `$QILI_CORPUS`): the rules of Xiangqi do not
//! change when the board is mirrored left to right, nor when the colours are swapped (the board
//! turned round, red and black exchanged). So for every case × edition, judged under each rule
//! book (its edition's own and the others, as the reports' rule-book table does):
//!
//! - `mirror`: files a↔i mirrored (`Setup::mirrored`, `Move::mirror`) gives the same label on
//!   every ply and the same verdict;
//! - `swap colours`: `Setup::rotated_swapped`, `Move::rotate` gives the same label on every ply
//!   and the verdict with the colours swapped (`Verdict::swap_colors`).
//!
//! One trial per case × edition × rule book × transformation; the original ruling is computed
//! once for both transformations. A failure lists each ply whose label changes, with the move and the evidence on both
//! sides. Known engine asymmetries are listed in [`KNOWN_BUGS`]: their trials still run and
//! show as ignored with the reason while the asymmetry persists, and fail once it is gone, so
//! the list stays true.

mod common;

use std::sync::{Arc, OnceLock};

use libtest_mimic::{Arguments, Completion, Failed, Trial};
use qili::rules::{judge_with, RuleBook, Ruling, Scope, Verdict};
use qili::{Move, Position, Setup, SetupMode};
use qili_corpus::case::Case;
use qili_harness::view::one_line;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Transform {
    Mirror,
    SwapColours,
}

impl Transform {
    const ALL: [Transform; 2] = [Transform::Mirror, Transform::SwapColours];

    fn name(self) -> &'static str {
        match self {
            Transform::Mirror => "mirror",
            Transform::SwapColours => "swap colours",
        }
    }

    fn setup(self, s: &Setup) -> Setup {
        match self {
            Transform::Mirror => s.mirrored(),
            Transform::SwapColours => s.rotated_swapped(),
        }
    }

    fn mv(self, m: Move) -> Move {
        match self {
            Transform::Mirror => m.mirror(),
            Transform::SwapColours => m.rotate(),
        }
    }

    /// The verdict the transformed sequence must get.
    fn verdict(self, v: Verdict) -> Verdict {
        match self {
            Transform::Mirror => v,
            Transform::SwapColours => v.swap_colors(),
        }
    }
}

/// Asymmetries found in the engine and not fixed yet: (case, edition, rule book,
/// transformation, reason). Each is an engine bug to fix; remove the entry when the trial
/// reports it fixed.
const KNOWN_BUGS: &[(&str, &str, &str, &str, &str)] = &[];

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for (case, block) in common::corpus_blocks() {
        let edition = case.published[block].edition;
        for book in RuleBook::all() {
            let original: Arc<OnceLock<Result<Ruling, String>>> = Arc::new(OnceLock::new());
            for t in Transform::ALL {
                let (case, book, original) = (case.clone(), book.clone(), original.clone());
                let name = format!("{} [{}] under {}: {}", case.id, edition, book.id, t.name());
                let known = KNOWN_BUGS
                    .iter()
                    .find(|k| {
                        k.0 == case.id
                            && k.1 == edition.name()
                            && k.2 == book.id.name()
                            && k.3 == t.name()
                    })
                    .map(|k| k.4);
                trials.push(Trial::ignorable_test(name, move || {
                    let original = original.get_or_init(|| rule(&case, block, &book, None));
                    let found = check(&case, block, &book, original, t);
                    match (found, known) {
                        (Ok(()), None) => Ok(Completion::Completed),
                        (Err(f), None) => Err(f),
                        (Err(_), Some(reason)) => Ok(Completion::ignored_with(format!(
                            "known engine bug, to be fixed in the engine: {reason}"
                        ))),
                        (Ok(()), Some(_)) => Err(Failed::from(
                            "listed in KNOWN_BUGS but symmetric now: remove the entry",
                        )),
                    }
                }));
            }
        }
    }
    libtest_mimic::run(&args, trials).exit();
}

/// The position a book judges from: its own setup rules, or composed-problem rules for a case
/// that needs them.
fn position(setup: Setup, book: &RuleBook) -> Result<Position, String> {
    Position::new(setup.clone(), book.setup)
        .or_else(|_| Position::new(setup, SetupMode::Composed))
        .map_err(|e| e.to_string())
}

/// Judge the block, transformed by `t` if given.
fn rule(
    case: &Case,
    block: usize,
    book: &RuleBook,
    t: Option<Transform>,
) -> Result<Ruling, String> {
    let setup = case.start.to_setup();
    let setup = t.map_or(setup.clone(), |t| t.setup(&setup));
    let start = position(setup, book)?;
    let moves: Vec<Move> = case.published[block]
        .engine_moves()
        .into_iter()
        .map(|m| t.map_or(m, |t| t.mv(m)))
        .collect();
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        judge_with(&start, &moves, book, Scope::AllPlies)
    }))
    .map_err(|_| "the engine panicked".to_string())?
    .map_err(|e| format!("the engine refused the moves: {e}"))
}

fn check(
    case: &Case,
    block: usize,
    book: &RuleBook,
    original: &Result<Ruling, String>,
    t: Transform,
) -> Result<(), Failed> {
    let original = original
        .as_ref()
        .map_err(|e| Failed::from(format!("the original: {e}")))?;
    let other =
        rule(case, block, book, Some(t)).map_err(|e| Failed::from(format!("{}: {e}", t.name())))?;
    let mut problems = Vec::new();
    if original.plies.len() != other.plies.len() {
        problems.push(format!(
            "{} plies ruled, {} after {}",
            original.plies.len(),
            other.plies.len(),
            t.name()
        ));
    }
    for (a, b) in original.plies.iter().zip(&other.plies) {
        if a.label != b.label {
            problems.push(format!(
                "ply {} ({} {}): label {} → {} after {} ({} {} {})\n    original evidence: {}\n    {} evidence: {}",
                a.ply,
                a.side.name(),
                a.chinese,
                a.label.chinese(),
                b.label.chinese(),
                t.name(),
                b.side.name(),
                b.chinese,
                b.mv,
                one_line(&a.evidence),
                t.name(),
                one_line(&b.evidence)
            ));
        }
    }
    let want = t.verdict(original.verdict);
    if other.verdict != want {
        problems.push(format!(
            "verdict {} ({}), expected {} after {}, got {} ({})",
            original.verdict.name(),
            original.reason,
            want.name(),
            t.name(),
            other.verdict.name(),
            other.reason
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Failed::from(format!(
            "{} [{}] under {}, {}:\n  {}",
            case.id,
            case.published[block].edition,
            book.id,
            t.name(),
            problems.join("\n  ")
        )))
    }
}

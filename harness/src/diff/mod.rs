//! The differential oracle (issue 24): cycles built in real positions ([`generate`], from the
//! games of [`pool`]) are ruled by qili under the Asian rules, in process, and by
//! Fairy-Stockfish through its adapter (one process for the whole run); every disagreement
//! is put in one rule-level class read off qili's per-ply facts ([`classify`]), and the
//! classes are held against the documented ones ([`classes`], docs/differential.md).
//! `qili diff` is the command; harness/tests/differential.rs runs a seeded sample in CI.

pub mod classes;
pub mod classify;
pub mod fsf_model;
pub mod generate;
pub mod output;
pub mod pool;
mod tactics;
mod tours;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Duration;

use qili::rules::{judge, RuleBook, Ruling, Verdict};
use qili::Color;
use rayon::prelude::*;

use crate::engines::process::Process;
use crate::engines::protocol::{Reply, Request};
use generate::Sample;

/// What an engine says a cycle comes to, in terms both engines share: a side that must change
/// and one that loses are both that side at fault (`red_must_change` is Fairy-Stockfish's
/// `red_loses`, as in the conformance table).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    NoRepetition,
    Draw,
    /// This side violates the rules.
    Fault(Color),
    /// qili's searches ran out of budget on a ply the verdict depends on.
    Undetermined,
    /// The engine could not rule the moves (its message).
    Error(String),
}

impl Outcome {
    pub fn of(verdict: Verdict) -> Outcome {
        match verdict {
            Verdict::Draw => Outcome::Draw,
            Verdict::NoRepetition => Outcome::NoRepetition,
            Verdict::RedMustChange | Verdict::RedLoses => Outcome::Fault(Color::Red),
            Verdict::BlackMustChange | Verdict::BlackLoses => Outcome::Fault(Color::Black),
            _ => Outcome::Undetermined,
        }
    }

    /// `draw`, `red`, `black` (the side at fault), `no_repetition`, `undetermined`, `error`.
    pub fn name(&self) -> &'static str {
        match self {
            Outcome::NoRepetition => "no_repetition",
            Outcome::Draw => "draw",
            Outcome::Fault(Color::Red) => "red",
            Outcome::Fault(Color::Black) => "black",
            Outcome::Undetermined => "undetermined",
            Outcome::Error(_) => "error",
        }
    }

    pub fn culprit(&self) -> Option<Color> {
        match self {
            Outcome::Fault(c) => Some(*c),
            _ => None,
        }
    }
}

/// One cycle and what each engine said.
#[derive(Clone, Debug)]
pub struct Judged {
    pub sample: Sample,
    /// qili's ruling of the record (`Err`: why it could not rule it).
    pub qili: Result<Ruling, String>,
    /// Fairy-Stockfish's verdict as its adapter names it, or why there is none.
    pub fsf: Result<Verdict, String>,
    /// For a record with the game's history: both engines on the cycle alone (from its
    /// start), which tells a ruling that turns on the history from one that turns on the
    /// cycle.
    pub bare: Option<Box<Judged>>,
    /// The phases at which qili's verdict differs from its verdict on the record: the record
    /// played on round the cycle by `k` plies (1 to one period), each `k` with its outcome.
    /// A game stops wherever it stops, so this must be empty (issue 24).
    pub phase_flips: PhaseFlips,
}

impl Judged {
    pub fn qili_outcome(&self) -> Outcome {
        match &self.qili {
            Ok(r) => Outcome::of(r.verdict),
            Err(e) => Outcome::Error(e.clone()),
        }
    }

    pub fn fsf_outcome(&self) -> Outcome {
        match &self.fsf {
            Ok(v) => Outcome::of(*v),
            Err(e) => Outcome::Error(e.clone()),
        }
    }

    /// Whether the engines agree on the record and, with a history, on the cycle alone too.
    pub fn agrees(&self) -> bool {
        self.qili_outcome() == self.fsf_outcome() && self.bare.as_ref().is_none_or(|b| b.agrees())
    }

    /// Whether one engine or the other finds a side at fault.
    pub fn violating(&self) -> bool {
        self.qili_outcome().culprit().is_some() || self.fsf_outcome().culprit().is_some()
    }
}

/// The Fairy-Stockfish adapter as the repository ships it, run with `python3`.
pub fn default_adapter() -> Vec<String> {
    vec![
        "python3".to_string(),
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../adapters/fairy_stockfish.py"
        )
        .to_string(),
    ]
}

/// The samples `0..count` of the run seeded `seed` (in parallel; each is its own stream).
/// A sample that could not be built is left out (none is, on the shared games).
pub fn samples(pool: &pool::Pool, seed: u64, count: usize) -> Vec<Sample> {
    (0..count)
        .into_par_iter()
        .filter_map(|i| generate::sample(pool, seed, i))
        .collect()
}

/// The request the adapter is asked for a sample: the whole record in `moves`.
pub fn request(sample: &Sample) -> Request {
    let (start, moves) = sample.record();
    Request {
        id: format!("cycle-{}", sample.index),
        rules: "axf".to_string(),
        fen: qili::notation::fen::write(&start),
        moves: moves.iter().map(ToString::to_string).collect(),
        moves_to_threefold: Vec::new(),
    }
}

/// qili's ruling of a sample's record under the Asian rules; a refusal or a panic is said so.
pub fn rule(sample: &Sample, book: &RuleBook) -> Result<Ruling, String> {
    let (start, moves) = sample.record();
    match catch_unwind(AssertUnwindSafe(|| judge(&start, &moves, book))) {
        Ok(Ok(r)) => Ok(r),
        Ok(Err(e)) => Err(format!("qili refused the moves: {e}")),
        Err(_) => Err("qili panicked".to_string()),
    }
}

/// The phases at which a record's verdict changes: plies played on round the cycle, and the
/// outcome there.
pub type PhaseFlips = Vec<(usize, Outcome)>;

/// qili's outcomes on the record played on round the cycle by 1 to one period of plies (each
/// ends at a third occurrence, of another position of the cycle), where they differ from
/// `base`, its outcome on the record.
pub fn phase_flips(sample: &Sample, book: &RuleBook, base: &Outcome) -> PhaseFlips {
    let (start, mut moves) = sample.record();
    let mut flips = Vec::new();
    for (k, &m) in sample.cycle.iter().enumerate() {
        moves.push(m);
        let outcome = match catch_unwind(AssertUnwindSafe(|| judge(&start, &moves, book))) {
            Ok(Ok(r)) => Outcome::of(r.verdict),
            Ok(Err(e)) => Outcome::Error(format!("qili refused the moves: {e}")),
            Err(_) => Outcome::Error("qili panicked".to_string()),
        };
        if outcome != *base {
            flips.push((k + 1, outcome));
        }
    }
    flips
}

/// Both engines on every sample: Fairy-Stockfish through one adapter process in a thread of
/// its own, while qili rules on the other threads. `progress` is called as qili finishes each.
pub fn judge_all(
    samples: Vec<Sample>,
    adapter: &[String],
    timeout: Duration,
    progress: impl Fn(()) + Sync,
) -> (Vec<Judged>, Option<String>) {
    let book = RuleBook::axf();
    let requests: Vec<Request> = samples.iter().map(request).collect();
    let (fsf, given_up, qili) = std::thread::scope(|s| {
        let asking = s.spawn(|| {
            let mut p = Process::new(adapter.to_vec(), timeout);
            let replies: Vec<Result<Verdict, String>> = requests
                .iter()
                .map(|r| match p.ask(r) {
                    Reply::Answer {
                        verdict: Some(v), ..
                    } => Ok(v),
                    Reply::Answer { verdict: None, .. } => {
                        Err("the adapter says unsupported".to_string())
                    }
                    Reply::AdapterError(e) | Reply::Failure(e) => Err(e),
                })
                .collect();
            (replies, p.given_up().map(str::to_string))
        });
        let qili: Vec<(Result<Ruling, String>, PhaseFlips)> = samples
            .par_iter()
            .map(|s| {
                let r = rule(s, &book);
                let base = match &r {
                    Ok(r) => Outcome::of(r.verdict),
                    Err(e) => Outcome::Error(e.clone()),
                };
                let flips = phase_flips(s, &book, &base);
                progress(());
                (r, flips)
            })
            .collect();
        let (fsf, given_up) = asking.join().expect("the adapter thread does not panic");
        (fsf, given_up, qili)
    });
    let judged = samples
        .into_iter()
        .zip(qili)
        .zip(fsf)
        .map(|((sample, (qili, phase_flips)), fsf)| Judged {
            sample,
            qili,
            fsf,
            bare: None,
            phase_flips,
        })
        .collect();
    (judged, given_up)
}

/// [`judge_all`] on every sample, and on the cycle alone of every sample with a history
/// ([`Judged::bare`]), in one pass.
pub fn judge_with_bare(
    samples: Vec<Sample>,
    adapter: &[String],
    timeout: Duration,
    progress: impl Fn() + Sync,
) -> (Vec<Judged>, Option<String>) {
    let n = samples.len();
    let mut all = samples;
    let with_history: Vec<usize> = (0..n).filter(|&i| all[i].history.is_some()).collect();
    for &i in &with_history {
        let bare = Sample {
            history: None,
            ..all[i].clone()
        };
        all.push(bare);
    }
    let (mut judged, given_up) = judge_all(all, adapter, timeout, |()| progress());
    let bare = judged.split_off(n);
    for (i, b) in with_history.into_iter().zip(bare) {
        judged[i].bare = Some(Box::new(b));
    }
    (judged, given_up)
}

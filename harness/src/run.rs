//! The runner: every case × published edition judged by the engine (in parallel), each under
//! its edition's rule book unless one is forced, then compared with the published answer.

use std::io::IsTerminal;
use std::panic::{catch_unwind, AssertUnwindSafe};

use qili::rules::{judge_in, RuleBook, RuleBookId, Ruling, Scope, Work};
use rayon::prelude::*;

use crate::compare::{compare, Comparison, Outcome};
use crate::expectations::Expectations;
use qili_corpus::case::Case;
use qili_corpus::corpus::Corpus;

/// What to run and how.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Judge every edition under this rule book instead of its own.
    pub rules: Option<RuleBook>,
    /// Only cases whose id or title contains this text, or that carry it as a tag.
    pub filter: Option<String>,
    /// Show a progress bar (only ever on a terminal).
    pub progress: bool,
}

/// What the engine made of one case × edition.
#[derive(Clone, Debug)]
pub enum Judged {
    Ruled {
        book: RuleBookId,
        ruling: Box<Ruling>,
        comparison: Comparison,
    },
    /// The engine refused the moves, panicked, or answered with the wrong shape.
    EngineError { book: RuleBookId, message: String },
}

/// One case × edition.
#[derive(Clone, Debug)]
pub struct EditionRun<'c> {
    pub case: &'c Case,
    /// Index into `case.published`.
    pub block: usize,
    pub judged: Judged,
}

impl EditionRun<'_> {
    pub fn outcome(&self) -> Outcome {
        match &self.judged {
            Judged::Ruled { comparison, .. } => comparison.outcome(),
            Judged::EngineError { .. } => Outcome::Broken,
        }
    }

    pub fn ruling(&self) -> Option<&Ruling> {
        match &self.judged {
            Judged::Ruled { ruling, .. } => Some(ruling),
            _ => None,
        }
    }
}

/// Whether a case is selected by `--filter`.
pub fn selected(case: &Case, filter: Option<&str>) -> bool {
    filter.is_none_or(|f| {
        case.id.contains(f) || case.title.contains(f) || case.tags.iter().any(|t| t.name() == f)
    })
}

/// Judge one published block.
pub fn judge_block(
    case: &Case,
    block: usize,
    rules: Option<&RuleBook>,
    records: &Expectations,
) -> Judged {
    let published = &case.published[block];
    let book = rules
        .cloned()
        .unwrap_or_else(|| RuleBook::get(published.edition));
    let moves = published.engine_moves();
    let result = catch_unwind(AssertUnwindSafe(|| {
        let mut work = Work::new(qili_io::bounds::MAX_RULING_WORK);
        judge_in(&case.start, &moves, &book, Scope::AllPlies, &mut work)
    }));
    let ruling = match result {
        Ok(Ok(r)) => r,
        Ok(Err(e)) => {
            return Judged::EngineError {
                book: book.id,
                message: format!("the engine refused the moves: {e}"),
            }
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "no message".to_string());
            return Judged::EngineError {
                book: book.id,
                message: format!("the engine panicked: {what}"),
            };
        }
    };
    if ruling.plies.len() != moves.len() {
        return Judged::EngineError {
            book: book.id,
            message: format!(
                "the engine ruled {} plies for {} moves",
                ruling.plies.len(),
                moves.len()
            ),
        };
    }
    let recs = records.for_run(&case.id, published.edition);
    let comparison = compare(published, &ruling, &recs);
    Judged::Ruled {
        book: book.id,
        ruling: Box::new(ruling),
        comparison,
    }
}

/// Judge every selected case × edition, in parallel; the result is in case order, then in the
/// order the editions are written in the file.
pub fn judge_all<'c>(
    corpus: &'c Corpus,
    records: &Expectations,
    options: &Options,
) -> Vec<EditionRun<'c>> {
    let jobs: Vec<(&Case, usize)> = corpus
        .cases
        .iter()
        .filter(|c| selected(c, options.filter.as_deref()))
        .flat_map(|c| (0..c.published.len()).map(move |b| (c, b)))
        .collect();
    let bar = (options.progress && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new(jobs.len() as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    });
    let runs = jobs
        .par_iter()
        .map(|&(case, block)| {
            let judged = judge_block(case, block, options.rules.as_ref(), records);
            if let Some(b) = &bar {
                b.inc(1);
            }
            EditionRun {
                case,
                block,
                judged,
            }
        })
        .collect();
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    runs
}

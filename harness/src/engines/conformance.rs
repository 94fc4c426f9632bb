//! Every engine's answers against the published ones, by the same code for qili and the
//! others: per case × edition a cell per engine, and per rule book the verdicts agreeing out
//! of the cases (the conformance table). Deterministic: no timings here.

use qili::rules::{RuleBookId, Verdict};
use serde::Serialize;

use super::protocol::Reply;
use super::requests::Job;
use super::Asked;

/// Whether an engine's verdict is the published one. An engine that ends the game at the
/// repetition says the side at fault loses; the books say that side must change and loses if it
/// does not (the AXF's "violates the rules" is the same): so `red_loses` agrees with a published
/// `red_must_change`. The converse does not hold: where a book rules a loss (the side cannot
/// change, 图6), "must change" is a different answer.
pub fn verdict_agrees(published: Verdict, engine: Verdict) -> bool {
    published == engine
        || matches!(
            (published, engine),
            (Verdict::RedMustChange, Verdict::RedLoses)
                | (Verdict::BlackMustChange, Verdict::BlackLoses)
        )
}

/// An engine of the table.
#[derive(Clone, Debug, Serialize)]
pub struct Column {
    pub name: String,
    /// The adapter's command (`None`: built in).
    pub command: Option<String>,
    /// Why the adapter stopped being asked before the end, if it did.
    pub given_up: Option<String>,
}

/// What one engine said about one case × edition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Answer {
    Answered {
        verdict: String,
        /// `None` when the source publishes no verdict.
        verdict_agrees: Option<bool>,
        /// Plies with both a published label and one from the engine.
        labels_compared: usize,
        labels_agreeing: usize,
        /// The 1-based plies whose labels differ.
        labels_differing: Vec<usize>,
        note: Option<String>,
    },
    /// The adapter does not rule this rule book or case.
    Unsupported { note: Option<String> },
    /// The adapter answered with an error of its own.
    AdapterError { message: String },
    /// The exchange failed (crash, time-out, junk, wrong id, given up).
    Failed { message: String },
}

impl Answer {
    /// Short text for a table cell.
    pub fn short(&self) -> String {
        match self {
            Answer::Answered { verdict, .. } => verdict.clone(),
            Answer::Unsupported { .. } => "unsupported".to_string(),
            Answer::AdapterError { .. } => "error".to_string(),
            Answer::Failed { .. } => "failed".to_string(),
        }
    }

    /// The note or message, if any.
    pub fn detail(&self) -> Option<&str> {
        match self {
            Answer::Answered { note, .. } | Answer::Unsupported { note } => note.as_deref(),
            Answer::AdapterError { message } | Answer::Failed { message } => Some(message),
        }
    }

    pub fn agrees(&self) -> Option<bool> {
        match self {
            Answer::Answered { verdict_agrees, .. } => *verdict_agrees,
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cell {
    pub engine: String,
    #[serde(flatten)]
    pub answer: Answer,
}

/// One case × edition across the engines.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    pub case: String,
    pub edition: String,
    pub anchor: String,
    /// The rule book asked about (the edition's, or `--rules`).
    pub rule_book: String,
    pub published_verdict: Option<String>,
    pub cells: Vec<Cell>,
}

/// One engine's counts over a rule book's cases.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub engine: String,
    /// Cases with a published verdict.
    pub cases: usize,
    pub verdicts_agreeing: usize,
    pub unsupported: usize,
    /// Adapter errors and failed exchanges.
    pub errors: usize,
    pub labels_compared: usize,
    pub labels_agreeing: usize,
}

/// A row of the conformance table: a rule book (or `all`).
#[derive(Clone, Debug, Serialize)]
pub struct BookRow {
    pub rule_book: String,
    /// Case × edition asked under this book.
    pub runs: usize,
    pub cells: Vec<Tally>,
}

/// The engines section of `results.json`.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Conformance {
    pub engines: Vec<Column>,
    pub table: Vec<BookRow>,
    pub rows: Vec<Row>,
}

impl Conformance {
    /// The row of a case × edition, by its anchor.
    pub fn row(&self, anchor: &str) -> Option<&Row> {
        self.rows.iter().find(|r| r.anchor == anchor)
    }
}

fn answer(job: &Job, reply: &Reply) -> Answer {
    let published = &job.case.published[job.block];
    match reply {
        Reply::Answer {
            verdict: None,
            note,
            ..
        } => Answer::Unsupported { note: note.clone() },
        Reply::Answer {
            verdict: Some(v),
            labels,
            note,
        } => {
            let mut compared = 0;
            let mut agreeing = 0;
            let mut differing = Vec::new();
            for (i, (m, l)) in published
                .moves
                .iter()
                .zip(labels.iter().flatten())
                .enumerate()
            {
                if let (Some(a), Some(b)) = (m.label, l) {
                    compared += 1;
                    if a == *b {
                        agreeing += 1;
                    } else {
                        differing.push(i + 1);
                    }
                }
            }
            Answer::Answered {
                verdict: v.name().to_string(),
                verdict_agrees: published.verdict.map(|p| verdict_agrees(p, *v)),
                labels_compared: compared,
                labels_agreeing: agreeing,
                labels_differing: differing,
                note: note.clone(),
            }
        }
        Reply::AdapterError(m) => Answer::AdapterError { message: m.clone() },
        Reply::Failure(m) => Answer::Failed { message: m.clone() },
    }
}

fn tally(engine: &str, rows: &[&Row], index: usize) -> Tally {
    let mut t = Tally {
        engine: engine.to_string(),
        ..Tally::default()
    };
    for r in rows {
        t.cases += usize::from(r.published_verdict.is_some());
        match &r.cells[index].answer {
            Answer::Answered {
                verdict_agrees,
                labels_compared,
                labels_agreeing,
                ..
            } => {
                t.verdicts_agreeing += usize::from(*verdict_agrees == Some(true));
                t.labels_compared += labels_compared;
                t.labels_agreeing += labels_agreeing;
            }
            Answer::Unsupported { .. } => t.unsupported += 1,
            Answer::AdapterError { .. } | Answer::Failed { .. } => t.errors += 1,
        }
    }
    t
}

/// Compare every engine's replies (in the jobs' order) with the published answers.
pub fn build(jobs: &[Job], asked: &[Asked]) -> Conformance {
    let rows: Vec<Row> = jobs
        .iter()
        .enumerate()
        .map(|(i, job)| {
            let published = &job.case.published[job.block];
            Row {
                case: job.case.id.clone(),
                edition: published.edition.name().to_string(),
                anchor: job.request.id.clone(),
                rule_book: job.request.rules.clone(),
                published_verdict: published.verdict.map(|v| v.name().to_string()),
                cells: asked
                    .iter()
                    .map(|a| Cell {
                        engine: a.engine.name.clone(),
                        answer: a.replies.get(i).map_or_else(
                            || Answer::Failed {
                                message: "no reply recorded".into(),
                            },
                            |r| answer(job, r),
                        ),
                    })
                    .collect(),
            }
        })
        .collect();
    let mut table = Vec::new();
    let mut book_row = |name: &str, of: Vec<&Row>| {
        if !of.is_empty() {
            table.push(BookRow {
                rule_book: name.to_string(),
                runs: of.len(),
                cells: asked
                    .iter()
                    .enumerate()
                    .map(|(i, a)| tally(&a.engine.name, &of, i))
                    .collect(),
            });
        }
    };
    for book in RuleBookId::ALL {
        book_row(
            book.name(),
            rows.iter().filter(|r| r.rule_book == book.name()).collect(),
        );
    }
    book_row("all", rows.iter().collect());
    Conformance {
        engines: asked
            .iter()
            .map(|a| Column {
                name: a.engine.name.clone(),
                command: a.engine.command().map(str::to_string),
                given_up: a.given_up.clone(),
            })
            .collect(),
        table,
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loss_answers_a_must_change_but_not_the_converse() {
        use Verdict::*;
        assert!(verdict_agrees(RedMustChange, RedLoses));
        assert!(verdict_agrees(BlackMustChange, BlackLoses));
        assert!(verdict_agrees(Draw, Draw));
        assert!(!verdict_agrees(RedLoses, RedMustChange));
        assert!(!verdict_agrees(RedMustChange, BlackLoses));
        assert!(!verdict_agrees(Draw, NoRepetition));
    }
}

//! Verdicts under each rule book: every case × edition judged under every rule book qili has,
//! not only its own, so the reports can show where the books part ways on published cases.
//!
//! The main run ([`crate::run::judge_all`]) already rules each block under one book (its
//! edition's, or the one `--rules` forces); that ruling is reused here, and only the other books
//! are judged again ([`judge_others`]). Each book checks the start position with its own
//! [`SetupMode`](qili::SetupMode): a composed problem with extra pieces is not a legal position
//! for the game rule books, and its cell says so.

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

use qili::rules::{judge_in, RuleBook, RuleBookId, Scope, Verdict, Work};
use qili::Position;
use rayon::prelude::*;
use serde::Serialize;

use crate::run::{selected, EditionRun, Judged, Options};
use crate::view::anchor;
use qili_corpus::case::Case;
use qili_corpus::corpus::Corpus;

/// What one rule book says about one case × edition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Cell {
    /// The book ruled: its verdict.
    Ruled {
        #[serde(serialize_with = "verdict_name")]
        verdict: Verdict,
    },
    /// The start position is not legal under the book's setup rules (the reason).
    IllegalPosition { reason: String },
    /// The engine refused the moves or panicked (the message).
    EngineError { message: String },
}

fn verdict_name<S: serde::Serializer>(v: &Verdict, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(v.name())
}

impl Cell {
    /// What the tables show: the verdict's name, or `illegal_position` / `engine_error`.
    pub fn name(&self) -> &'static str {
        match self {
            Cell::Ruled { verdict } => verdict.name(),
            Cell::IllegalPosition { .. } => "illegal_position",
            Cell::EngineError { .. } => "engine_error",
        }
    }

    /// In Chinese, for the HTML report's tooltips.
    pub fn chinese(&self) -> &'static str {
        match self {
            Cell::Ruled { verdict } => verdict.chinese(),
            Cell::IllegalPosition { .. } => "局面不合此规则",
            Cell::EngineError { .. } => "引擎出错",
        }
    }

    /// The reason or message, when the book could not rule.
    pub fn detail(&self) -> Option<&str> {
        match self {
            Cell::Ruled { .. } => None,
            Cell::IllegalPosition { reason } => Some(reason),
            Cell::EngineError { message } => Some(message),
        }
    }
}

/// One rule book's column entry, named.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BookCell {
    pub rule_book: &'static str,
    #[serde(flatten)]
    pub cell: Cell,
}

/// One case × edition under every rule book.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    pub case: String,
    pub edition: String,
    /// The row's details in `report.html`.
    pub anchor: String,
    /// `None` when the source publishes no verdict.
    pub published_verdict: Option<&'static str>,
    /// One per rule book, in [`RuleBookId::ALL`] order.
    pub cells: Vec<BookCell>,
    /// Whether the cells are not all the same.
    pub differs: bool,
}

/// How often one rule book's verdict differs from cxa2011's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BookCount {
    pub rule_book: &'static str,
    pub differs_from_cxa2011: usize,
}

/// Every case × edition of the run under every rule book.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Table {
    /// The columns, in order.
    pub rule_books: Vec<&'static str>,
    /// Every case × edition judged, in the run's order (case id, then edition as written).
    pub rows: Vec<Row>,
    /// Rows where at least one rule book's cell differs from another's.
    pub differing: usize,
    /// Per rule book other than cxa2011.
    pub counts: Vec<BookCount>,
}

impl Table {
    pub fn differing_rows(&self) -> impl Iterator<Item = &Row> {
        self.rows.iter().filter(|r| r.differs)
    }

    /// `N of M case × edition …`: the count line of the reports.
    pub fn count_line(&self) -> String {
        let mut s = format!(
            "{} of {} case × edition get different verdicts from different rule books",
            self.differing,
            self.rows.len()
        );
        if !self.counts.is_empty() {
            let per: Vec<String> = self
                .counts
                .iter()
                .map(|c| format!("{} {}", c.rule_book, c.differs_from_cxa2011))
                .collect();
            s.push_str(&format!("; differing from cxa2011: {}", per.join(", ")));
        }
        s.push('.');
        s
    }
}

/// The rule book the main run rules a block under: the forced one, else the edition's.
fn main_book(case: &Case, block: usize, options: &Options) -> Option<RuleBookId> {
    match &options.rules {
        Some(b) => Some(b.id),
        None => Some(case.published[block].edition),
    }
}

/// The start position as `book` sees it, or why it is not legal under its setup rules.
fn start_for(case: &Case, book: &RuleBook) -> Result<Position, Cell> {
    Position::new(case.start.to_setup(), book.setup).map_err(|e| Cell::IllegalPosition {
        reason: e.to_string(),
    })
}

/// The moves as `book` needs them. A book that rules a cycle only at its third occurrence (the
/// AXF) gets moves that return to the start played round once more: the CXA book prints one
/// period of each figure, and the table compares the books on the same cycle.
pub fn moves_for(start: &Position, moves: Vec<qili::Move>, book: &RuleBook) -> Vec<qili::Move> {
    if book.cycle.least_occurrences <= 2 {
        return moves;
    }
    let mut end = start.clone();
    for &m in &moves {
        if !end.is_legal(m) {
            return moves;
        }
        end.play_unchecked(m);
    }
    if end.hash() == start.hash() {
        moves.repeat(book.cycle.least_occurrences - 1)
    } else {
        moves
    }
}

/// Judge one published block under `book`.
pub fn judge_cell(case: &Case, block: usize, book: &RuleBook) -> Cell {
    let start = match start_for(case, book) {
        Ok(p) => p,
        Err(cell) => return cell,
    };
    let moves = moves_for(&start, case.published[block].engine_moves(), book);
    let mut work = Work::new(qili_io::bounds::MAX_RULING_WORK);
    match catch_unwind(AssertUnwindSafe(|| {
        judge_in(&start, &moves, book, Scope::Cycle, &mut work)
    })) {
        Ok(Ok(r)) => Cell::Ruled { verdict: r.verdict },
        Ok(Err(e)) => Cell::EngineError {
            message: format!("the engine refused the moves: {e}"),
        },
        Err(_) => Cell::EngineError {
            message: "the engine panicked".to_string(),
        },
    }
}

/// A block judged under a book the main run did not use.
#[derive(Clone, Debug)]
pub struct Extra {
    pub case: String,
    pub block: usize,
    pub book: RuleBookId,
    pub cell: Cell,
}

/// Judge every selected case × edition under every rule book but the one the main run uses
/// for it, in parallel. Run it beside [`crate::run::judge_all`] (`rayon::join`) so both share
/// the thread pool.
pub fn judge_others(corpus: &Corpus, options: &Options) -> Vec<Extra> {
    let books = RuleBook::all();
    let jobs: Vec<(&Case, usize, &RuleBook)> = corpus
        .cases
        .iter()
        .filter(|c| selected(c, options.filter.as_deref()))
        .flat_map(|c| (0..c.published.len()).map(move |b| (c, b)))
        .flat_map(|(c, b)| {
            let main = main_book(c, b, options);
            books
                .iter()
                .filter(move |book| Some(book.id) != main)
                .map(move |book| (c, b, book))
        })
        .collect();
    jobs.par_iter()
        .with_max_len(1)
        .map(|&(case, block, book)| Extra {
            case: case.id.clone(),
            block,
            book: book.id,
            cell: judge_cell(case, block, book),
        })
        .collect()
}

/// The main run's ruling of a block as a cell (checked against the book's setup rules too).
fn main_cell(run: &EditionRun, book: &RuleBook) -> Option<Cell> {
    // Where the table plays the cycle round again for this book, the main run's ruling (on the
    // moves as published) is not the table's: judge the table's moves.
    if let Ok(start) = start_for(run.case, book) {
        let moves = run.case.published[run.block].engine_moves();
        if moves_for(&start, moves.clone(), book) != moves {
            return Some(judge_cell(run.case, run.block, book));
        }
    }
    match &run.judged {
        Judged::Ruled { ruling, .. } => Some(match start_for(run.case, book) {
            Ok(_) => Cell::Ruled {
                verdict: ruling.verdict,
            },
            Err(cell) => cell,
        }),
        Judged::EngineError { message, .. } => Some(Cell::EngineError {
            message: message.clone(),
        }),
    }
}

/// Put the table together from the main run and the other books' judgments.
pub fn table(runs: &[EditionRun], others: &[Extra]) -> Table {
    let books = RuleBook::all();
    let extra: BTreeMap<(&str, usize, RuleBookId), &Cell> = others
        .iter()
        .map(|e| ((e.case.as_str(), e.block, e.book), &e.cell))
        .collect();
    let mut rows = Vec::with_capacity(runs.len());
    for run in runs {
        let block = &run.case.published[run.block];
        let main = match &run.judged {
            Judged::Ruled { book, .. } | Judged::EngineError { book, .. } => Some(*book),
        };
        let cells: Vec<BookCell> = books
            .iter()
            .map(|book| {
                let cell = if Some(book.id) == main {
                    main_cell(run, book)
                } else {
                    extra
                        .get(&(run.case.id.as_str(), run.block, book.id))
                        .map(|c| (*c).clone())
                };
                BookCell {
                    rule_book: book.id.name(),
                    // Absent only if the caller passed judgments of another run.
                    cell: cell.unwrap_or_else(|| Cell::EngineError {
                        message: "not judged under this rule book".to_string(),
                    }),
                }
            })
            .collect();
        let differs = cells.iter().any(|c| c.cell.name() != cells[0].cell.name());
        rows.push(Row {
            case: run.case.id.clone(),
            edition: block.edition.name().to_string(),
            anchor: anchor(&run.case.id, block.edition.name()),
            published_verdict: block.verdict.map(|v| v.name()),
            cells,
            differs,
        });
    }
    let reference = books.iter().position(|b| b.id == RuleBookId::Cxa2011);
    let counts = match reference {
        None => Vec::new(),
        Some(r0) => books
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != r0)
            .map(|(i, b)| BookCount {
                rule_book: b.id.name(),
                differs_from_cxa2011: rows
                    .iter()
                    .filter(|r| r.cells[i].cell.name() != r.cells[r0].cell.name())
                    .count(),
            })
            .collect(),
    };
    Table {
        rule_books: books.iter().map(|b| b.id.name()).collect(),
        differing: rows.iter().filter(|r| r.differs).count(),
        rows,
        counts,
    }
}

//! `qili._qili`: the native half of the Python package. Each function calls the library the
//! `qili` command line calls (`qili_cli::judge::rule`, `qili_cli::moves::list`, `qili_cli::convert::convert`,
//! `qili_scan::scan_one`) and hands back what the command prints (JSON, text), so that Python and
//! the command line cannot differ; `qili/__init__.py` turns the JSON into typed objects. The
//! engine's work runs with the GIL released, so Python threads (a Dask worker's) rule in
//! parallel. Every error is `qili.QiliError` with the message `qili` prints after `error: `.

use std::path::PathBuf;

use clap::ValueEnum;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use qili::rules::{RuleBook, RuleBookId};
use qili::Color;
use qili_cli::{
    convert as convert_cli, game as game_cli, input, judge, moves as moves_cli, record, CliError,
};
use qili_scan::{self as scan, formats::Format, summary::Summary};

pyo3::create_exception!(
    _qili,
    QiliError,
    PyException,
    "A bad position, move, rule book or file: the message `qili` prints after `error: `."
);

fn err(e: CliError) -> PyErr {
    QiliError::new_err(e.0)
}

fn rule_book(name: &str) -> PyResult<RuleBookId> {
    name.parse()
        .map_err(|e: qili::rules::UnknownRuleBook| QiliError::new_err(format!("rules: {e}")))
}

fn side(side: Option<&str>) -> PyResult<Option<Color>> {
    match side {
        None => Ok(None),
        Some("w" | "r" | "red") => Ok(Some(Color::Red)),
        Some("b" | "black") => Ok(Some(Color::Black)),
        Some(s) => Err(QiliError::new_err(format!(
            "side: expected w (red) or b (black), got {s:?}"
        ))),
    }
}

/// A value of one of the command line's option enums by its name, as clap reads it.
fn choice<T: ValueEnum>(what: &str, name: &str) -> PyResult<T> {
    T::from_str(name, true).map_err(|_| {
        let names: Vec<String> = T::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value().map(|p| p.get_name().to_string()))
            .collect();
        QiliError::new_err(format!(
            "{what}: {name:?} is not one of {}",
            names.join(", ")
        ))
    })
}

fn position(
    fen: Option<String>,
    binit: Option<String>,
    side: Option<Color>,
) -> input::PositionArgs {
    input::PositionArgs { fen, binit, side }
}

/// The game a call gives: a position and moves, or a game record's main line.
#[allow(clippy::too_many_arguments)]
fn given(
    fen: Option<String>,
    moves: Option<String>,
    binit: Option<String>,
    side: Option<&str>,
    record: Option<PathBuf>,
    game: Option<usize>,
    plies: Option<usize>,
    format: Option<&str>,
) -> PyResult<game_cli::GameArgs> {
    Ok(game_cli::GameArgs {
        position: position(fen, binit, self::side(side)?),
        moves,
        moves_file: record,
        record: record::RecordArgs {
            format: format.map(|f| choice("format", f)).transpose()?,
            game,
            plies,
        },
    })
}

/// `qili moves --json`: every legal next move of the game and what playing it would do.
#[pyfunction]
#[pyo3(signature = (fen=None, moves=None, rules="cxa2011", *, binit=None, side=None, record=None, game=None, plies=None, format=None))]
#[allow(clippy::too_many_arguments)]
fn next_moves_json(
    py: Python<'_>,
    fen: Option<String>,
    moves: Option<String>,
    rules: &str,
    binit: Option<String>,
    side: Option<&str>,
    record: Option<PathBuf>,
    game: Option<usize>,
    plies: Option<usize>,
    format: Option<&str>,
) -> PyResult<String> {
    let args = moves_cli::Args {
        game: given(fen, moves, binit, side, record, game, plies, format)?,
        rules: rule_book(rules)?,
        json: true,
    };
    py.allow_threads(|| moves_cli::list(&args).map(|l| l.json()))
        .map_err(err)
}

/// `qili judge --json`: a position and moves, or (`record`) a game record's main line.
#[pyfunction]
#[pyo3(signature = (fen=None, moves=None, rules="cxa2011", all_plies=false, *, binit=None, side=None, record=None, game=None, plies=None, format=None))]
#[allow(clippy::too_many_arguments)]
fn judge_json(
    py: Python<'_>,
    fen: Option<String>,
    moves: Option<String>,
    rules: &str,
    all_plies: bool,
    binit: Option<String>,
    side: Option<&str>,
    record: Option<PathBuf>,
    game: Option<usize>,
    plies: Option<usize>,
    format: Option<&str>,
) -> PyResult<String> {
    let args = judge::Args {
        game: given(fen, moves, binit, side, record, game, plies, format)?,
        all_plies,
        rules: rule_book(rules)?,
        json: true,
    };
    py.allow_threads(|| judge::rule(&args).map(|j| j.json()))
        .map_err(err)
}

/// `qili convert`: moves into a notation, or the position as FEN or binit.
#[pyfunction]
#[pyo3(name = "convert", signature = (fen=None, moves=None, to="iccs", *, binit=None, side=None))]
fn convert_moves(
    fen: Option<String>,
    moves: Option<String>,
    to: &str,
    binit: Option<String>,
    side: Option<&str>,
) -> PyResult<String> {
    let args = convert_cli::Args {
        position: position(fen, binit, self::side(side)?),
        moves,
        to: choice("to", to)?,
    };
    convert_cli::convert(&args).map_err(err)
}

/// The rule books: (name, description, differences from cxa2011), as `qili rules` lists them.
#[pyfunction]
fn rules() -> Vec<(String, String, Vec<String>)> {
    RuleBook::all()
        .into_iter()
        .map(|b| {
            (
                b.id.name().to_string(),
                b.description.to_string(),
                b.differences.iter().map(|d| d.to_string()).collect(),
            )
        })
        .collect()
}

/// A file scanned: its JSON lines, its errors `(kind, message)`, its summary (JSON).
type Scanned = (Vec<String>, Vec<(String, String)>, String);

/// One file as `qili scan` reads it: its JSON lines, its errors `(kind, message)` and its part
/// of the summary (JSON).
#[pyfunction]
#[pyo3(signature = (path, rules="cxa2011", format="auto", all=false))]
fn scan_file(
    py: Python<'_>,
    path: PathBuf,
    rules: &str,
    format: &str,
    all: bool,
) -> PyResult<Scanned> {
    let book = RuleBook::get(rule_book(rules)?);
    let format: Format = choice("format", format)?;
    let scanned = py.allow_threads(|| scan::scan_one(&path, format, &book, all));
    let errors = scanned
        .errors
        .into_iter()
        .map(|e| (e.kind, e.message))
        .collect();
    let summary = serde_json::to_string(&scanned.summary).expect("a summary serialises");
    Ok((scanned.lines, errors, summary))
}

/// The files `qili scan PATHS` reads, in its order (sorted, directories walked).
#[pyfunction]
fn collect_files(paths: Vec<PathBuf>) -> PyResult<Vec<String>> {
    let files = scan::files::collect(&paths).map_err(QiliError::new_err)?;
    Ok(files
        .iter()
        .map(|e| e.path().display().to_string())
        .collect())
}

fn summary(json: &str) -> PyResult<Summary> {
    serde_json::from_str(json).map_err(|e| QiliError::new_err(format!("a scan summary: {e}")))
}

/// The summaries of parts of a scan added up (JSON).
#[pyfunction]
fn merge_summaries(parts: Vec<String>) -> PyResult<String> {
    let mut total = Summary::default();
    for p in &parts {
        total.merge(&summary(p)?);
    }
    Ok(serde_json::to_string(&total).expect("a summary serialises"))
}

/// The summary line `qili scan` prints on standard error.
#[pyfunction]
fn summary_text(json: &str) -> PyResult<String> {
    Ok(summary(json)?.text())
}

#[pymodule]
fn _qili(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("QiliError", m.py().get_type::<QiliError>())?;
    m.add("SCHEMA_VERSION", qili_harness::results::SCHEMA_VERSION)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(judge_json, m)?)?;
    m.add_function(wrap_pyfunction!(next_moves_json, m)?)?;
    m.add_function(wrap_pyfunction!(convert_moves, m)?)?;
    m.add_function(wrap_pyfunction!(rules, m)?)?;
    m.add_function(wrap_pyfunction!(scan_file, m)?)?;
    m.add_function(wrap_pyfunction!(collect_files, m)?)?;
    m.add_function(wrap_pyfunction!(merge_summaries, m)?)?;
    m.add_function(wrap_pyfunction!(summary_text, m)?)?;
    Ok(())
}

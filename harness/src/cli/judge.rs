//! `qili judge`: rule a sequence of moves from a position and explain it.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::ExitCode;

use qili::notation::fen;
use qili::rules::{judge, RuleBook, Ruling};
use qili::Color;
use serde::Serialize;

use super::{input, table, CliError, CliResult};
use crate::results::{CycleResult, EvidenceResult};

#[derive(clap::Args)]
pub struct Args {
    /// The start position as FEN (or `startpos`).
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// The start position as a DhtmlXQ binit (32 × 2 digits); needs --side.
    #[arg(long, value_name = "DIGITS")]
    pub binit: Option<String>,
    /// The side to move: w (red) or b (black); overrides the FEN's, and is required with
    /// --binit.
    #[arg(long, value_name = "w|b", value_parser = input::parse_side)]
    pub side: Option<Color>,
    /// The moves, separated by spaces or commas, each in ICCS, WXF or Chinese (detected per
    /// move).
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: String,
    /// The rule book (see `qili rules`).
    #[arg(long, default_value = "cxa2011", value_name = "R")]
    pub rules: String,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct JsonPly {
    ply: usize,
    side: &'static str,
    iccs: String,
    chinese: String,
    label: &'static str,
    evidence: EvidenceResult,
}

#[derive(Serialize)]
struct JsonSide {
    summary: String,
    class: &'static str,
    class_chinese: &'static str,
}

#[derive(Serialize)]
struct JsonSides {
    red: JsonSide,
    black: JsonSide,
}

#[derive(Serialize)]
struct JsonRuling {
    rules: &'static str,
    fen: String,
    plies: Vec<JsonPly>,
    cycle: Option<CycleResult>,
    sides: JsonSides,
    verdict: &'static str,
    verdict_chinese: &'static str,
    reason: String,
}

/// The ruling as the JSON object `qili judge --json` prints (keys in the documented order).
pub fn json(ruling: &Ruling, start_fen: &str) -> String {
    let side = |s: &qili::rules::SideRuling| JsonSide {
        summary: s.summary.clone(),
        class: s.class.name(),
        class_chinese: s.class.chinese(),
    };
    let j = JsonRuling {
        rules: ruling.book.name(),
        fen: start_fen.to_string(),
        plies: ruling
            .plies
            .iter()
            .map(|p| JsonPly {
                ply: p.ply,
                side: p.side.name(),
                iccs: p.mv.to_string(),
                chinese: p.chinese.clone(),
                label: p.label.chinese(),
                evidence: EvidenceResult::from_evidence(&p.evidence),
            })
            .collect(),
        cycle: ruling.cycle.as_ref().map(|c| CycleResult {
            start: c.start,
            period: c.period,
            occurrences: c.occurrences,
            exact: c.exact,
            note: c.note.clone(),
        }),
        sides: JsonSides {
            red: side(&ruling.red),
            black: side(&ruling.black),
        },
        verdict: ruling.verdict.name(),
        verdict_chinese: ruling.verdict.chinese(),
        reason: ruling.reason.clone(),
    };
    serde_json::to_string_pretty(&j).expect("a ruling serialises")
}

/// The ruling as the text `qili judge` prints.
pub fn text(ruling: &Ruling) -> String {
    let mut rows = vec![vec![
        "着".to_string(),
        "方".to_string(),
        "着法".to_string(),
        "性质".to_string(),
        "依据".to_string(),
    ]];
    for p in &ruling.plies {
        rows.push(vec![
            p.ply.to_string(),
            p.side.chinese().to_string(),
            p.chinese.clone(),
            p.label.chinese().to_string(),
            EvidenceResult::from_evidence(&p.evidence).one_line(),
        ]);
    }
    let mut s = table::render(&rows);
    for (name, side) in [("红方", &ruling.red), ("黑方", &ruling.black)] {
        s.push_str(&format!("{name}：{}", side.class.chinese()));
        if !side.summary.is_empty() {
            s.push_str(&format!("（{}）", side.summary));
        }
        s.push('\n');
    }
    if let Some(c) = &ruling.cycle {
        s.push_str(&format!(
            "循环：自第 {} 着起，每 {} 着一循环，起始局面出现 {} 次{}\n",
            c.start + 1,
            c.period,
            c.occurrences,
            if c.note.is_empty() {
                String::new()
            } else {
                format!("（{}）", c.note)
            }
        ));
    }
    s.push_str(&format!("结论：{}", ruling.verdict.chinese()));
    if !ruling.reason.is_empty() {
        s.push_str(&format!("（{}）", ruling.reason));
    }
    s.push('\n');
    s
}

pub fn main(args: Args) -> CliResult {
    let book = RuleBook::by_name(&args.rules).ok_or_else(|| {
        CliError(format!(
            "--rules {}: no such rule book, expected one of {} (see `qili rules`)",
            args.rules,
            RuleBook::all()
                .iter()
                .map(|b| b.id.name())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })?;
    let start = input::position(args.fen.as_deref(), args.binit.as_deref(), args.side, None)?;
    let moves: Vec<_> = input::moves(&start, &args.moves)?
        .into_iter()
        .map(|(_, m)| m)
        .collect();
    let ruling = catch_unwind(AssertUnwindSafe(|| judge(&start, &moves, &book)))
        .map_err(|_| CliError("internal error: the engine panicked on these moves".into()))?
        .map_err(|e| CliError(format!("--moves: {e}")))?;
    if args.json {
        super::emit(json(&ruling, &fen::write(&start)));
    } else {
        super::emit(text(&ruling).trim_end());
    }
    Ok(ExitCode::SUCCESS)
}

//! `qili judge`: rule a sequence of moves from a position and explain it.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::ExitCode;

use qili::notation::fen;
use qili::rules::{judge_with, RuleBook, RuleBookId, Ruling, Scope};
use serde::Serialize;

use super::{game, record, table, CliError, CliResult};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub game: game::GameArgs,
    /// Label every ply, not only the judged cycle's (slower on a long game).
    #[arg(long)]
    pub all_plies: bool,
    /// The rule book (see `qili rules`).
    #[arg(long, default_value = "cxa2011", value_name = "R", value_parser = clap::value_parser!(RuleBookId))]
    pub rules: RuleBookId,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// What `qili judge --json` prints: the shape's version, the input (and the game record it
/// was read from, when it was), then the ruling as the engine serialises it (`rules`,
/// `plies`, `cycle`, `verdict`, `verdict_chinese`, `reason`).
#[derive(Serialize)]
struct JsonRuling<'a> {
    schema_version: u32,
    fen: &'a str,
    /// How many moves were given.
    moves: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    record: Option<&'a record::Record>,
    #[serde(flatten)]
    ruling: &'a Ruling,
}

/// The ruling as the JSON object `qili judge --json` prints.
pub fn json(
    ruling: &Ruling,
    start_fen: &str,
    moves: usize,
    record: Option<&record::Record>,
) -> String {
    let j = JsonRuling {
        schema_version: qili_harness::results::SCHEMA_VERSION,
        fen: start_fen,
        moves,
        record,
        ruling,
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
            if p.judged {
                p.ply.to_string()
            } else {
                format!("({})", p.ply)
            },
            p.side.chinese().to_string(),
            p.chinese.clone(),
            p.label.chinese().to_string(),
            qili_harness::view::one_line(&p.evidence),
        ]);
    }
    let mut s = table::render(&rows);
    match &ruling.cycle {
        Some(c) => {
            for (name, side) in [("红方", &c.red), ("黑方", &c.black)] {
                s.push_str(&format!("{name}：{}", side.class_chinese));
                if !side.summary.is_empty() {
                    s.push_str(&format!("（{}）", side.summary));
                }
                s.push('\n');
            }
            s.push_str(&format!("循环：{}\n", c.note));
        }
        None if ruling.plies.is_empty() => s.push_str(
            "循环：无（着法末尾未形成循环重复，未判任何一着；--all-plies 列出各着性质）\n",
        ),
        None => s.push_str("循环：无（着法末尾未形成循环重复；各着性质仅供参考）\n"),
    }
    s.push_str(&format!("结论：{}", ruling.verdict.chinese()));
    if !ruling.reason.is_empty() {
        s.push_str(&format!("（{}）", ruling.reason));
    }
    s.push('\n');
    if let Some(claim) = &ruling.draw_claim {
        s.push_str(&claim.chinese());
        s.push('\n');
    }
    s
}

/// A ruling with what it was asked about: the start, how many moves, the game record they came
/// from. What `qili judge` prints, and what the bindings return.
pub struct Judged {
    pub ruling: Ruling,
    pub start: qili::Position,
    pub moves: usize,
    pub record: Option<record::Record>,
}

impl Judged {
    /// The JSON object `qili judge --json` prints.
    pub fn json(&self) -> String {
        json(
            &self.ruling,
            &fen::write(&self.start),
            self.moves,
            self.record.as_ref(),
        )
    }

    /// The table `qili judge` prints (after the record's line, when there is one).
    pub fn text(&self) -> String {
        let mut out = String::new();
        if let Some(g) = &self.record {
            out.push_str(&g.line());
            out.push('\n');
        }
        out.push_str(text(&self.ruling).trim_end());
        out
    }
}

/// Rule what `args` give: a position and moves, or a game record. The error is the message
/// the command line prints after `error: `.
pub fn rule(args: &Args) -> Result<Judged, CliError> {
    let book = RuleBook::get(args.rules);
    let game::GivenGame {
        start,
        moves,
        record: game,
        source,
    } = args.game.read(false)?;
    let scope = if args.all_plies {
        Scope::AllPlies
    } else {
        Scope::Cycle
    };
    let ruling = catch_unwind(AssertUnwindSafe(|| {
        judge_with(&start, &moves, &book, scope)
    }))
    .map_err(|_| CliError("internal error: the engine panicked on these moves".into()))?
    .map_err(|e| CliError(format!("{source}: {e}")))?;
    Ok(Judged {
        ruling,
        start,
        moves: moves.len(),
        record: game,
    })
}

pub fn main(args: Args) -> CliResult {
    let judged = rule(&args)?;
    super::emit(if args.json {
        judged.json()
    } else {
        judged.text()
    });
    Ok(ExitCode::SUCCESS)
}

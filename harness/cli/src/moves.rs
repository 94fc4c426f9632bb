//! `qili moves`: before the move, what each legal move of the position a game has reached
//! would do under a rule book (`qili::rules::next_moves`): allowed, forbidden (the mover must
//! change), a draw, or undetermined, with the clause and the cycle it would complete. What a
//! game server refuses and a GUI greys out; `qili judge` on the game with the move says why,
//! ply by ply.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::ExitCode;

use qili::notation::{chinese, fen};
use qili::rules::{next_moves, Completion, Consequence, NextMove, RuleBook, RuleBookId, Ruling};
use qili::{Game, Position};
use serde::Serialize;

use super::{game, record, table, CliError, CliResult};

#[derive(clap::Args)]
pub struct Args {
    /// The game so far. With --fen or --binit and no moves: the position itself, no move
    /// played (nothing can repeat yet).
    #[command(flatten)]
    pub game: game::GameArgs,
    /// The rule book (see `qili rules`).
    #[arg(long, default_value = "cxa2011", value_name = "R", value_parser = clap::value_parser!(RuleBookId))]
    pub rules: RuleBookId,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// What `qili moves --json` prints.
#[derive(Serialize)]
struct JsonMoves<'a> {
    schema_version: u32,
    /// The game's start, and how many moves were given.
    fen: String,
    moves: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    record: Option<&'a record::Record>,
    rules: RuleBookId,
    /// The position reached, whose next moves these are, and its side to move.
    position: String,
    turn: &'static str,
    next_moves: Vec<JsonNextMove<'a>>,
}

#[derive(Serialize)]
struct JsonNextMove<'a> {
    iccs: String,
    chinese: String,
    /// How many times the position the move leads to will have occurred, this one included.
    occurrences: usize,
    /// `allowed`, `forbidden`, `draw`, `undetermined`.
    consequence: &'static str,
    consequence_chinese: &'static str,
    /// The cycle the move completes, ruled; `null` when it completes none.
    completion: Option<JsonCompletion<'a>>,
}

#[derive(Serialize)]
struct JsonCompletion<'a> {
    verdict: &'static str,
    verdict_chinese: &'static str,
    clause: &'static str,
    /// The judged plies, 1-based, the move the last.
    first_ply: usize,
    last_ply: usize,
    /// How many times the cycle's position has occurred with the move played.
    occurrences: usize,
    reason: &'a str,
    /// `qili judge`'s ruling of the game with the move: every judged ply's label and evidence.
    ruling: &'a Ruling,
}

fn json_completion(c: &Completion) -> JsonCompletion<'_> {
    JsonCompletion {
        verdict: c.verdict().name(),
        verdict_chinese: c.verdict().chinese(),
        clause: c.clause(),
        first_ply: *c.plies().start(),
        last_ply: *c.plies().end(),
        occurrences: c.occurrences(),
        reason: c.reason(),
        ruling: c.ruling(),
    }
}

/// The next moves as the JSON object `qili moves --json` prints.
fn json(
    game: &Game,
    next: &[NextMove],
    book: RuleBookId,
    record: Option<&record::Record>,
) -> String {
    let pos = game.position();
    let j = JsonMoves {
        schema_version: qili_harness::results::SCHEMA_VERSION,
        fen: fen::write(game.start()),
        moves: game.len(),
        record,
        rules: book,
        position: fen::write(pos),
        turn: pos.turn().name(),
        next_moves: next
            .iter()
            .map(|n| JsonNextMove {
                iccs: n.mv.to_string(),
                chinese: chinese::write(pos, n.mv),
                occurrences: n.occurrences,
                consequence: n.consequence.name(),
                consequence_chinese: n.consequence.chinese(),
                completion: n.consequence.completion().map(json_completion),
            })
            .collect(),
    };
    serde_json::to_string_pretty(&j).expect("next moves serialise")
}

/// The next moves as the table `qili moves` prints: one row per legal move, then the reason of
/// each move that completes a cycle, then the counts.
fn text(game: &Game, next: &[NextMove], book: RuleBookId) -> String {
    let pos: &Position = game.position();
    let mut s = format!(
        "局面：{}（{}方走，已走 {} 着）\n规则：{}（{}）\n",
        fen::write(pos),
        pos.turn().chinese(),
        game.len(),
        book.chinese(),
        book.name()
    );
    if next.is_empty() {
        s.push_str("无合法着法（被将死或困毙）\n");
        return s;
    }
    let mut rows = vec![[
        "着法",
        "ICCS",
        "后果",
        "consequence",
        "次",
        "结论",
        "条款",
        "循环",
    ]
    .map(String::from)
    .to_vec()];
    let mut reasons = String::new();
    let mut counts = [0usize; 4];
    for n in next {
        let c = &n.consequence;
        counts[match c {
            Consequence::Allowed(_) => 0,
            Consequence::Forbidden(_) => 1,
            Consequence::Draw(_) => 2,
            Consequence::Undetermined(_) => 3,
        }] += 1;
        let written = chinese::write(pos, n.mv);
        let mut row = vec![
            written.clone(),
            n.mv.to_string(),
            c.chinese().to_string(),
            c.name().to_string(),
            n.occurrences.to_string(),
        ];
        if let Some(done) = c.completion() {
            let plies = done.plies();
            row.extend([
                done.verdict().chinese().to_string(),
                done.clause().to_string(),
                format!(
                    "第{}–{}着，局面第{}次出现",
                    plies.start(),
                    plies.end(),
                    done.occurrences()
                ),
            ]);
            reasons.push_str(&format!(
                "{written}（{}）：{}。{}\n",
                n.mv,
                c.chinese(),
                done.reason()
            ));
        }
        rows.push(row);
    }
    s.push_str(&table::render(&rows));
    if !reasons.is_empty() {
        s.push_str("完成循环的着法：\n");
        s.push_str(&reasons);
    }
    let [allowed, forbidden, draw, undetermined] = counts;
    s.push_str(&format!(
        "共 {} 着：允许 {allowed}，禁止 {forbidden}，作和 {draw}，未定 {undetermined}\n",
        next.len()
    ));
    s
}

/// The next moves of the game `args` give, with what they were asked about. What `qili moves`
/// prints, and what the bindings return.
pub struct Listed {
    pub game: Game,
    pub next: Vec<NextMove>,
    pub rules: RuleBookId,
    pub record: Option<record::Record>,
}

impl Listed {
    /// The JSON object `qili moves --json` prints.
    pub fn json(&self) -> String {
        json(&self.game, &self.next, self.rules, self.record.as_ref())
    }

    /// The table `qili moves` prints (after the record's line, when there is one).
    pub fn text(&self) -> String {
        let mut out = String::new();
        if let Some(g) = &self.record {
            out.push_str(&g.line());
            out.push('\n');
        }
        out.push_str(text(&self.game, &self.next, self.rules).trim_end());
        out
    }
}

/// Every legal next move of the game `args` give, with its consequence. The error is the
/// message the command line prints after `error: `.
pub fn list(args: &Args) -> Result<Listed, CliError> {
    let book = RuleBook::get(args.rules);
    let given = args.game.read(true)?;
    let game = Game::from_moves(given.start, &given.moves)
        .map_err(|e| CliError(format!("{}: {e}", given.source)))?;
    let next = catch_unwind(AssertUnwindSafe(|| next_moves(&game, &book)))
        .map_err(|_| CliError("internal error: the engine panicked on these moves".into()))?;
    Ok(Listed {
        game,
        next,
        rules: args.rules,
        record: given.record,
    })
}

pub fn main(args: Args) -> CliResult {
    let listed = list(&args)?;
    super::emit(if args.json {
        listed.json()
    } else {
        listed.text()
    });
    Ok(ExitCode::SUCCESS)
}

//! What `qili diff` writes: a JSON line per disagreement (or per cycle, with `--all`), with
//! everything needed to play it again and qili's whole ruling, and the summary: counts per
//! class, agreement overall and outside the classes documented as Fairy-Stockfish's error.

use std::collections::BTreeMap;

use qili::notation::fen;
use qili::rules::Ruling;
use serde::Serialize;

use super::classes::{Documented, Judgement};
use super::classify::Class;
use super::Judged;

/// The game's moves before the cycle.
#[derive(Serialize)]
pub struct HistoryLine {
    /// The game's start.
    pub fen: String,
    pub moves: Vec<String>,
}

/// One cycle, as a JSON line.
#[derive(Serialize)]
pub struct Line<'a> {
    pub index: usize,
    pub seed: u64,
    /// The game the cycle was built in (`file#game`, under the games directory) and the ply it
    /// was replayed to.
    pub source: &'a str,
    pub game_ply: usize,
    /// How each side's moves go round: the side to move's first.
    pub shapes: [&'static str; 2],
    pub design: &'static str,
    pub period: usize,
    /// The cycle's start.
    pub fen: String,
    /// The moves from there to the end of the record (two periods: the start's third
    /// occurrence).
    pub moves: Vec<String>,
    /// The game before the cycle, when the record keeps it (the record then starts at its
    /// `fen`, and `moves` follow its moves).
    pub history: Option<HistoryLine>,
    /// `red` / `black` (the side at fault), `draw`, `no_repetition`, `undetermined`, `error`.
    pub qili_outcome: &'static str,
    pub fsf_outcome: &'static str,
    /// Fairy-Stockfish's verdict as its adapter names it, or its error.
    pub fsf: Result<&'static str, &'a str>,
    /// The side the model of Fairy-Stockfish's rule finds at fault (`draw` for none), on the
    /// cycle alone: where it is Fairy-Stockfish's own outcome, the class can name the moves.
    pub fsf_model: ModelLine,
    pub class: Option<&'a Class>,
    /// For a disagreement on a record with a history: both engines on the cycle alone.
    pub cycle_alone: Option<Alone<'a>>,
    /// qili's ruling: every judged ply with its label and evidence (branch, facts), each side's
    /// class, the verdict and its reason; or why there is none.
    pub qili: Result<&'a Ruling, &'a str>,
    /// Where qili's verdict changes with the ply the record stops at: plies played on round
    /// the cycle and the outcome there (empty: one verdict at every phase).
    pub phase_flips: Vec<(usize, &'static str)>,
}

impl<'a> Line<'a> {
    pub fn new(j: &'a Judged, seed: u64, class: Option<&'a Class>) -> Line<'a> {
        let s = &j.sample;
        let iccs = |ms: &[qili::Move]| ms.iter().map(ToString::to_string).collect::<Vec<_>>();
        let (_, record) = s.record();
        Line {
            index: s.index,
            seed,
            source: &s.source,
            game_ply: s.ply,
            shapes: [s.shapes[0].name(), s.shapes[1].name()],
            design: s.design,
            period: s.cycle.len(),
            fen: fen::write(&s.start),
            moves: iccs(&record[s.history_len()..]),
            history: s.history.as_ref().map(|h| HistoryLine {
                fen: fen::write(&h.start),
                moves: iccs(&h.moves),
            }),
            qili_outcome: j.qili_outcome().name(),
            fsf_outcome: j.fsf_outcome().name(),
            fsf: j.fsf.as_ref().map(|v| v.name()).map_err(String::as_str),
            fsf_model: ModelLine::new(&super::fsf_model::rule(&s.start, &s.cycle)),
            class,
            cycle_alone: j.bare.as_deref().map(|b| Alone {
                qili_outcome: b.qili_outcome().name(),
                fsf_outcome: b.fsf_outcome().name(),
                fsf: b.fsf.as_ref().map(|v| v.name()).map_err(String::as_str),
                qili: b.qili.as_ref().map_err(String::as_str),
            }),
            qili: j.qili.as_ref().map_err(String::as_str),
            phase_flips: j.phase_flips.iter().map(|(k, o)| (*k, o.name())).collect(),
        }
    }
}

/// The model of Fairy-Stockfish's rule on the cycle: the side at fault (`draw` for none),
/// and per side its new attacks move by move (`attacker>victim`, squares after the move) and
/// the victims chased throughout.
#[derive(Serialize)]
pub struct ModelLine {
    pub outcome: &'static str,
    pub red: ModelSide,
    pub black: ModelSide,
}

#[derive(Serialize)]
pub struct ModelSide {
    pub perpetual_check: bool,
    pub attacks: Vec<Vec<String>>,
    pub chased: Vec<Vec<String>>,
}

impl ModelLine {
    pub fn new(m: &super::fsf_model::Model) -> ModelLine {
        let side = |s: &super::fsf_model::SideModel| ModelSide {
            perpetual_check: s.perpetual_check,
            attacks: s
                .attacks
                .iter()
                .map(|a| {
                    a.iter()
                        .map(|a| format!("{}>{}", a.attacker, a.victim))
                        .collect()
                })
                .collect(),
            chased: s
                .chased
                .iter()
                .map(|p| p.iter().map(ToString::to_string).collect())
                .collect(),
        };
        ModelLine {
            outcome: match m.culprit {
                Some(qili::Color::Red) => "red",
                Some(qili::Color::Black) => "black",
                None => "draw",
            },
            red: side(&m.sides[0]),
            black: side(&m.sides[1]),
        }
    }
}

/// Both engines on the cycle alone, from its start.
#[derive(Serialize)]
pub struct Alone<'a> {
    pub qili_outcome: &'static str,
    pub fsf_outcome: &'static str,
    pub fsf: Result<&'static str, &'a str>,
    pub qili: Result<&'a Ruling, &'a str>,
}

/// One class's count in the summary.
#[derive(Clone, Debug, Serialize)]
pub struct ClassCount {
    pub id: String,
    pub count: usize,
    /// Who is right by the text, as docs/differential.md says (`None`: not documented).
    pub judgement: Option<Judgement>,
    /// The first cycle of the class (its index).
    pub example: usize,
}

/// The run as numbers.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub seed: u64,
    pub asked: usize,
    pub cycles: usize,
    /// Cycles with a side at fault by qili, by Fairy-Stockfish, by either.
    pub violating_qili: usize,
    pub violating_fsf: usize,
    pub violating_either: usize,
    pub agreeing: usize,
    pub disagreeing: usize,
    /// Agreement among the cycles outside the classes documented as Fairy-Stockfish's error.
    pub outside_fsf_errors: usize,
    pub agreeing_outside_fsf_errors: usize,
    /// Disagreements in classes docs/differential.md does not document.
    pub undocumented: usize,
    /// Cycles (records and, with a history, the cycles alone) whose qili verdict changes
    /// with the ply the record stops at, and the first of them.
    pub phase_flips: usize,
    pub phase_flip_example: Option<usize>,
    pub classes: Vec<ClassCount>,
    /// Outcome pairs (`qili/fsf`) over all cycles.
    pub outcomes: BTreeMap<String, usize>,
}

impl Summary {
    pub fn new(
        seed: u64,
        asked: usize,
        judged: &[Judged],
        classes: &[Option<Class>],
        documented: &Documented,
    ) -> Summary {
        let mut by_class: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        let mut outcomes = BTreeMap::new();
        let mut fsf_errors = 0;
        let mut undocumented = 0;
        for (j, c) in judged.iter().zip(classes) {
            *outcomes
                .entry(format!(
                    "{}/{}",
                    j.qili_outcome().name(),
                    j.fsf_outcome().name()
                ))
                .or_insert(0) += 1;
            if let Some(c) = c {
                let e = by_class
                    .entry(c.id.to_string())
                    .or_insert((0, j.sample.index));
                e.0 += 1;
                match documented.judgement(c.id) {
                    Some(Judgement::FairyStockfish) => fsf_errors += 1,
                    Some(_) => {}
                    None => undocumented += 1,
                }
            }
        }
        let agreeing = classes.iter().filter(|c| c.is_none()).count();
        let mut classes: Vec<ClassCount> = by_class
            .into_iter()
            .map(|(id, (count, example))| ClassCount {
                judgement: documented.judgement(&id),
                id,
                count,
                example,
            })
            .collect();
        classes.sort_by(|a, b| b.count.cmp(&a.count).then(a.id.cmp(&b.id)));
        let count = |f: &dyn Fn(&Judged) -> bool| judged.iter().filter(|j| f(j)).count();
        let flips = |j: &Judged| {
            !j.phase_flips.is_empty() || j.bare.as_ref().is_some_and(|b| !b.phase_flips.is_empty())
        };
        Summary {
            seed,
            asked,
            cycles: judged.len(),
            violating_qili: count(&|j| j.qili_outcome().culprit().is_some()),
            violating_fsf: count(&|j| j.fsf_outcome().culprit().is_some()),
            violating_either: count(&|j| j.violating()),
            agreeing,
            disagreeing: judged.len() - agreeing,
            outside_fsf_errors: judged.len() - fsf_errors,
            agreeing_outside_fsf_errors: agreeing,
            undocumented,
            phase_flips: count(&flips),
            phase_flip_example: judged.iter().find(|j| flips(j)).map(|j| j.sample.index),
            classes,
            outcomes,
        }
    }

    /// The summary as Markdown, for a terminal or a file.
    pub fn markdown(&self) -> String {
        let pct = |a: usize, b: usize| {
            if b == 0 {
                "–".to_string()
            } else {
                format!("{:.2}%", 100.0 * a as f64 / b as f64)
            }
        };
        let mut s = format!(
            "# qili diff: qili (axf) against Fairy-Stockfish\n\n\
             - seed {}, {} cycles generated of {} asked\n\
             - a side at fault: qili {}, Fairy-Stockfish {}, either {} ({})\n\
             - agreeing: {} of {} ({})\n\
             - agreeing outside the classes documented as Fairy-Stockfish's error: {} of {} ({})\n\
             - disagreements in undocumented classes: {}\n\
             - qili's verdict changing with the ply the record stops at (played on by 1 to one \
             period): {} cycles{}\n\n\
             | class | cycles | who is right | example |\n|---|---:|---|---:|\n",
            self.seed,
            self.cycles,
            self.asked,
            self.violating_qili,
            self.violating_fsf,
            self.violating_either,
            pct(self.violating_either, self.cycles),
            self.agreeing,
            self.cycles,
            pct(self.agreeing, self.cycles),
            self.agreeing_outside_fsf_errors,
            self.outside_fsf_errors,
            pct(self.agreeing_outside_fsf_errors, self.outside_fsf_errors),
            self.undocumented,
            self.phase_flips,
            self.phase_flip_example
                .map_or(String::new(), |i| format!(" (first: #{i})")),
        );
        for c in &self.classes {
            s.push_str(&format!(
                "| `{}` | {} | {} | {} |\n",
                c.id,
                c.count,
                c.judgement.map_or("undocumented", Judgement::name),
                c.example
            ));
        }
        s.push_str("\n| qili / Fairy-Stockfish | cycles |\n|---|---:|\n");
        for (k, n) in &self.outcomes {
            s.push_str(&format!("| {k} | {n} |\n"));
        }
        s
    }
}

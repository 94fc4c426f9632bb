//! Everything a run found, as plain data: what `results.json` holds and what the Markdown and
//! HTML reports are rendered from. Deterministic by construction: vectors in a fixed order, no
//! maps with random order, no times.

use qili::rules::{Cycle, Evidence, Label, Ruling};
use qili::Color;
use serde::Serialize;

use crate::compare::{Comparison, Difference, Outcome};
use crate::engines::conformance::{Cell, Conformance};
use crate::errata::{self, Erratum};
use crate::expectations::Expectations;
use crate::rulebooks;
use crate::run::{EditionRun, Judged, Options};
use crate::view::anchor;
use qili_corpus::case::{
    Case, CitedLine, CycleClaim, Dispute, LabelsFrom, Provenance, PublishedMove, Source,
};
use qili_corpus::corpus::{BrokenFile, Corpus};
use qili_corpus::problem::Problem;
use qili_corpus::tags::Tag;

/// Bump when the shape of `results.json` changes (README.md, "results.json", lists the
/// versions). 2: `rule_books`, the verdicts under each rule book; 3: a published verdict may be
/// absent (null); 6: totals named for what they count; 7: `engines`, the conformance table;
/// 8: `disputes`, the rulings given at events beside qili's, and the `game` provenance; 9: typed
/// pieces (`side`, `kind`, `square`, `chinese`) and English names beside the Chinese labels.
pub const SCHEMA_VERSION: u32 = 9;

#[derive(Clone, Debug, Serialize)]
pub struct Results {
    pub schema_version: u32,
    /// The rule book forced on every edition (`--rules`), if any.
    pub rules_override: Option<String>,
    /// The `--filter` text, if any (the reports then cover part of the corpus).
    pub filter: Option<String>,
    pub totals: Totals,
    pub cases: Vec<CaseResult>,
    pub broken_files: Vec<BrokenFile>,
    pub expectation_problems: Vec<Problem>,
    pub candidate_errata: Vec<Erratum>,
    /// Every case × edition under every rule book ([`crate::rulebooks`]); empty unless the run
    /// computed it ([`crate::pipeline::results`] does).
    pub rule_books: rulebooks::Table,
    /// Every engine's answers against the published ones ([`crate::engines`]); empty unless
    /// the run asked engines ([`crate::pipeline::results`] asks qili's built-in adapter).
    pub engines: Conformance,
    /// Per branch of the ruling model: how many published labels it decides and how many of
    /// them agree, every branch listed.
    pub branches: Vec<BranchRow>,
    /// The rulings given at real events (`source.kind: dispute`) beside qili's, in case order.
    pub disputes: Vec<DisputeRow>,
}

/// A ruling given at an event and qili's, side by side: one per dispute case × edition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DisputeRow {
    pub case: String,
    pub edition: String,
    pub anchor: String,
    pub event: String,
    pub year: u16,
    pub date: String,
    pub red: String,
    pub black: String,
    pub ruled_by: String,
    /// The recorded ruling (`None`: the source reports labels only), in Chinese, and its words.
    pub ruling: Option<String>,
    pub ruling_chinese: Option<String>,
    pub ruling_text: Option<String>,
    /// The moves the source labels, and how many of them qili labels alike.
    pub labels_stated: usize,
    pub labels_agreeing: usize,
    /// qili's verdict (`None`: not judged).
    pub qili: Option<String>,
    pub qili_chinese: Option<String>,
    /// Whether qili's verdict is the ruling's (`None`: no ruling or no verdict to compare).
    pub verdict_agrees: Option<bool>,
    pub outcome: Outcome,
    /// Another report of the ruling says something else.
    pub sources_disagree: bool,
}

/// The dispute rows of `cases`.
fn dispute_rows(cases: &[CaseResult]) -> Vec<DisputeRow> {
    let mut out = Vec::new();
    for c in cases {
        for e in &c.editions {
            let Some(d) = &e.dispute else { continue };
            let labels_stated = e.plies.iter().filter(|p| p.published.is_some()).count();
            let labels_agreeing = e
                .plies
                .iter()
                .filter(|p| p.published.is_some() && p.status == PlyStatus::Agrees)
                .count();
            out.push(DisputeRow {
                case: c.id.clone(),
                edition: e.edition.clone(),
                anchor: e.anchor.clone(),
                event: d.event.clone(),
                year: d.year,
                date: d.date.clone(),
                red: d.red.clone(),
                black: d.black.clone(),
                ruled_by: d.ruled_by.clone(),
                ruling: e.published_verdict.clone(),
                ruling_chinese: e.published_verdict_chinese.clone(),
                ruling_text: e.published_text.clone(),
                labels_stated,
                labels_agreeing,
                qili: e.engine.as_ref().map(|en| en.verdict.clone()),
                qili_chinese: e.engine.as_ref().map(|en| en.verdict_chinese.clone()),
                verdict_agrees: e.comparison.as_ref().and_then(|cmp| cmp.verdict_agrees),
                outcome: e.outcome,
                sources_disagree: d.sources_disagree(),
            });
        }
    }
    out
}

/// What one branch of the ruling model decides across the run: the published plies whose
/// label qili gives by it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BranchRow {
    pub branch: String,
    pub clause: String,
    /// The label the branch gives.
    pub label: String,
    pub plies: usize,
    pub agreeing: usize,
    /// The case × edition rows those plies are in (`case [edition]`), for a branch that
    /// decides a single ply (a candidate fit: the model says why it is general).
    pub only_in: Option<String>,
}

/// The branch table of `cases`.
fn branch_rows(cases: &[CaseResult]) -> Vec<BranchRow> {
    qili::rules::Branch::ALL
        .into_iter()
        .map(|b| {
            let mut plies = 0;
            let mut agreeing = 0;
            let mut rows = Vec::new();
            for c in cases {
                for e in &c.editions {
                    for p in &e.plies {
                        let decided = p.published.is_some()
                            && p.evidence.as_ref().is_some_and(|ev| ev.branch() == b);
                        if decided {
                            plies += 1;
                            agreeing += usize::from(p.status == PlyStatus::Agrees);
                            rows.push(format!("{} [{}] ply {}", c.id, e.edition, p.ply));
                        }
                    }
                }
            }
            BranchRow {
                branch: b.id().to_string(),
                clause: qili::rules::RuleBook::cxa2011().clause(b).to_string(),
                label: b.label().chinese().to_string(),
                plies,
                agreeing,
                only_in: (plies == 1).then(|| rows.remove(0)),
            }
        })
        .collect()
}

/// The counts of a run. Each is named for what it counts, and the CLI's summary line and both
/// reports show the same ones under the same names ([`Totals::rows`]); the `new:` and `stale:`
/// lines of [`Results::failures`] are one per difference and one per record, as counted here.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Totals {
    /// Case files, sound or broken.
    pub cases: usize,
    /// Case × edition rows.
    pub runs: usize,
    /// Case × edition rows by outcome.
    pub runs_by_outcome: ByOutcome,
    /// Case files that did not lint.
    pub broken_files: usize,
    pub verdicts_agreeing: usize,
    pub verdicts_compared: usize,
    pub plies_agreeing: usize,
    pub plies_compared: usize,
    /// Differences a record explains.
    pub recorded_disagreements: usize,
    /// Differences no record explains.
    pub new_disagreements: usize,
    /// Records that no longer hold.
    pub stale_records: usize,
}

/// Case × edition rows per [`Outcome`], under the outcomes' names.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ByOutcome {
    pub agrees: usize,
    pub recorded: usize,
    pub stale: usize,
    pub new: usize,
    pub broken: usize,
}

impl Totals {
    /// Rows the engine could not judge, plus files that did not lint.
    pub fn broken(&self) -> usize {
        self.runs_by_outcome.broken + self.broken_files
    }

    /// The totals as shown, in order, by the CLI's summary line and both reports: a name in
    /// English, the same in Chinese (the HTML report shows both), and the count.
    pub fn rows(&self) -> [TotalsRow; 9] {
        let row = |english, chinese, value: String| TotalsRow {
            english,
            chinese,
            value,
        };
        [
            row("cases", "判例", self.cases.to_string()),
            row("case × edition", "", self.runs.to_string()),
            row(
                "verdicts agreeing",
                "结论一致",
                format!("{} / {}", self.verdicts_agreeing, self.verdicts_compared),
            ),
            row(
                "plies agreeing",
                "着法性质一致",
                format!("{} / {}", self.plies_agreeing, self.plies_compared),
            ),
            row(
                "agreeing case × edition",
                "",
                self.runs_by_outcome.agrees.to_string(),
            ),
            row(
                "recorded disagreements",
                "已记录的分歧",
                self.recorded_disagreements.to_string(),
            ),
            row(
                "new disagreements",
                "新分歧",
                self.new_disagreements.to_string(),
            ),
            row("stale records", "过期记录", self.stale_records.to_string()),
            row("broken cases", "无法判定", self.broken().to_string()),
        ]
    }
}

/// One row of the totals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TotalsRow {
    pub english: &'static str,
    /// Empty where the English is all the HTML report shows.
    pub chinese: &'static str,
    pub value: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct CaseResult {
    pub id: String,
    pub title: String,
    pub file: String,
    pub tags: Vec<Tag>,
    pub fen: String,
    #[serde(flatten)]
    pub provenance: Provenance,
    pub editions: Vec<EditionResult>,
}

#[derive(Clone, Debug, Serialize)]
pub struct EditionResult {
    pub edition: String,
    /// The HTML anchor of this row's details.
    pub anchor: String,
    /// The rule book the engine ruled under (`None`: not judged).
    pub rule_book: Option<String>,
    pub outcome: Outcome,
    pub source: Source,
    pub labels_from: LabelsFrom,
    #[serde(flatten)]
    pub cycle: CycleClaim,
    /// `None` when the source publishes no verdict (then only the labels are compared).
    pub published_verdict: Option<String>,
    pub published_verdict_chinese: Option<String>,
    pub published_text: Option<String>,
    pub engine: Option<EngineResult>,
    /// Why the engine could not judge, or that the rule book does not exist.
    pub error: Option<String>,
    pub comparison: Option<Comparison>,
    pub plies: Vec<PlyResult>,
    pub lines: Vec<CitedLine>,
    pub notes: Option<String>,
    /// A ruling given at an event: its event, players, who ruled and the other reports of it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dispute: Option<Dispute>,
    /// Each engine's answer (the same as in `engines.rows`, so not written twice).
    #[serde(skip)]
    pub engine_cells: Vec<Cell>,
}

impl EditionResult {
    /// One line per ply, `3 马一进二 捉`, then the verdict (when published): what the unified
    /// diff compares.
    /// Plies without a published label show no label on either side, so the diff shows only
    /// real disagreements.
    pub fn ruling_lines(&self) -> (String, String) {
        let mut published = String::new();
        let mut engine = String::new();
        for p in &self.plies {
            let (a, b) = match &p.published {
                Some(l) => (
                    format!("{} {} {l}", p.ply, p.text),
                    format!(
                        "{} {} {}",
                        p.ply,
                        p.text,
                        p.engine.as_deref().unwrap_or("—")
                    ),
                ),
                None => {
                    let s = format!("{} {}", p.ply, p.text);
                    (s.clone(), s)
                }
            };
            published.push_str(&a);
            published.push('\n');
            engine.push_str(&b);
            engine.push('\n');
        }
        // A verdict the source does not publish is not compared, so it is in neither column.
        if let Some(v) = &self.published_verdict_chinese {
            published.push_str(&format!("结论 {v}\n"));
            engine.push_str(&format!(
                "结论 {}\n",
                self.engine
                    .as_ref()
                    .map_or("—", |e| e.verdict_chinese.as_str())
            ));
        }
        (published, engine)
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct EngineResult {
    pub rule_book: String,
    pub verdict: String,
    pub verdict_chinese: String,
    pub reason: String,
    /// The cycle judged (the plies `start..=end`, 1-based), with each side's moves in it;
    /// `None` when nothing repeats.
    pub cycle: Option<Cycle>,
}

/// How one ply stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PlyStatus {
    Agrees,
    /// Differs, and a record explains it.
    Recorded,
    /// Differs without a record.
    Differs,
    /// The book gives no label for this ply.
    Unlabelled,
    /// The engine did not rule.
    NotJudged,
}

#[derive(Clone, Debug, Serialize)]
pub struct PlyResult {
    pub ply: usize,
    pub side: &'static str,
    /// As published.
    pub text: String,
    pub iccs: String,
    pub loose: Option<String>,
    /// The source did not print this move: why it was added.
    pub added: Option<String>,
    pub published: Option<String>,
    /// The published label's English name (`check`, `mate_threat` …).
    pub published_name: Option<&'static str>,
    pub engine: Option<String>,
    /// The engine's label's English name.
    pub engine_name: Option<&'static str>,
    /// The move as the engine writes it in Chinese.
    pub engine_chinese: Option<String>,
    pub status: PlyStatus,
    /// Whether the ply is one of the judged cycle's (the others are labelled, not judged).
    pub judged: bool,
    /// The record's reason when the difference is recorded.
    pub reason: Option<String>,
    pub evidence: Option<Evidence>,
}

fn side_name(c: Color) -> &'static str {
    c.name()
}

fn engine_result(r: &Ruling) -> EngineResult {
    EngineResult {
        rule_book: r.book.name().to_string(),
        verdict: r.verdict.name().to_string(),
        verdict_chinese: r.verdict.chinese().to_string(),
        reason: r.reason(),
        cycle: r.cycle.clone(),
    }
}

fn edition_result(run: &EditionRun) -> EditionResult {
    let block = &run.case.published[run.block];
    let (rule_book, engine, error, comparison, ruling) = match &run.judged {
        Judged::Ruled {
            book,
            ruling,
            comparison,
        } => (
            Some(book.name().to_string()),
            Some(engine_result(ruling)),
            None,
            Some(comparison.clone()),
            Some(&**ruling),
        ),
        Judged::EngineError { book, message } => (
            Some(book.name().to_string()),
            None,
            Some(message.clone()),
            None,
            None,
        ),
    };
    let mut side = run.case.start.turn();
    let plies = block
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let r = ply_result(i + 1, side, m, ruling, comparison.as_ref());
            side = !side;
            r
        })
        .collect();
    EditionResult {
        edition: block.edition.name().to_string(),
        anchor: anchor(&run.case.id, block.edition.name()),
        rule_book,
        outcome: run.outcome(),
        source: block.source.clone(),
        labels_from: block.labels_from,
        cycle: block.cycle.clone(),
        published_verdict: block.verdict.map(|v| v.name().to_string()),
        published_verdict_chinese: block.verdict.map(|v| v.chinese().to_string()),
        published_text: block.text.clone(),
        engine,
        error,
        comparison,
        plies,
        lines: block.lines.clone(),
        notes: block.notes.clone(),
        dispute: block.dispute.clone(),
        engine_cells: Vec::new(),
    }
}

/// Published move `m`, ply `ply` (1-based) played by `side`, beside qili's ruling of it and
/// the recorded disagreement that explains a difference.
fn ply_result(
    ply: usize,
    side: Color,
    m: &PublishedMove,
    ruling: Option<&Ruling>,
    comparison: Option<&Comparison>,
) -> PlyResult {
    let engine_ply = ruling.and_then(|r| r.ply(ply));
    let engine_label: Option<Label> = engine_ply.map(|p| p.label);
    let reason = comparison.and_then(|c| {
        c.differences.iter().find_map(|d| match d.difference {
            Difference::Ply { ply: p, .. } if p == ply => d.reason.clone(),
            _ => None,
        })
    });
    let status = match (m.label, engine_label) {
        (_, None) => PlyStatus::NotJudged,
        (None, Some(_)) => PlyStatus::Unlabelled,
        (Some(a), Some(b)) if a == b => PlyStatus::Agrees,
        (Some(_), Some(_)) if reason.is_some() => PlyStatus::Recorded,
        _ => PlyStatus::Differs,
    };
    PlyResult {
        ply,
        side: side_name(side),
        text: m.text.clone(),
        iccs: m.mv.to_string(),
        loose: m.loose.clone(),
        added: m.added.clone(),
        published: m.label.map(|l| l.chinese().to_string()),
        published_name: m.label.map(Label::name),
        engine: engine_label.map(|l| l.chinese().to_string()),
        engine_name: engine_label.map(Label::name),
        engine_chinese: engine_ply.map(|p| p.chinese.clone()),
        status,
        judged: engine_ply.is_some_and(|p| p.judged),
        reason,
        evidence: engine_ply.map(|p| p.evidence.clone()),
    }
}

fn case_result(case: &Case, runs: &[EditionRun], dir_name: &str) -> CaseResult {
    CaseResult {
        id: case.id.clone(),
        title: case.title.clone(),
        file: format!("{dir_name}/{}.yaml", case.id),
        tags: case.tags.clone(),
        fen: case.fen.clone(),
        provenance: case.provenance.clone(),
        editions: runs.iter().map(edition_result).collect(),
    }
}

/// Put a run together: per case, per edition, totals and candidate errata.
pub fn build(
    corpus: &Corpus,
    expectations: &Expectations,
    runs: &[EditionRun],
    options: &Options,
) -> Results {
    let dir_name = corpus
        .dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "corpus".to_string());
    let filter = options.filter.as_deref();
    let mut cases = Vec::new();
    let mut candidate_errata = Vec::new();
    let mut i = 0;
    while i < runs.len() {
        let case = runs[i].case;
        let mut j = i;
        while j < runs.len() && std::ptr::eq(runs[j].case, case) {
            j += 1;
        }
        cases.push(case_result(case, &runs[i..j], &dir_name));
        candidate_errata.extend(errata::find(case, &runs[i..j]));
        i = j;
    }
    let broken_files: Vec<BrokenFile> = corpus
        .broken
        .iter()
        .filter(|b| filter.is_none_or(|f| b.id.contains(f)))
        .cloned()
        .collect();
    let mut totals = Totals {
        cases: cases.len() + broken_files.len(),
        broken_files: broken_files.len(),
        ..Totals::default()
    };
    for e in cases.iter().flat_map(|c| &c.editions) {
        totals.runs += 1;
        let by = &mut totals.runs_by_outcome;
        match e.outcome {
            Outcome::Agrees => by.agrees += 1,
            Outcome::Recorded => by.recorded += 1,
            Outcome::Stale => by.stale += 1,
            Outcome::New => by.new += 1,
            Outcome::Broken => by.broken += 1,
        }
        if let Some(c) = &e.comparison {
            if let Some(agrees) = c.verdict_agrees {
                totals.verdicts_compared += 1;
                totals.verdicts_agreeing += usize::from(agrees);
            }
            totals.plies_compared += c.plies_compared;
            totals.plies_agreeing += c.plies_agreeing;
            let new = c.new_differences().count();
            totals.new_disagreements += new;
            totals.recorded_disagreements += c.differences.len() - new;
            totals.stale_records += c.stale.len();
        }
    }
    let branches = branch_rows(&cases);
    let disputes = dispute_rows(&cases);
    Results {
        schema_version: SCHEMA_VERSION,
        branches,
        disputes,
        rules_override: options.rules.as_ref().map(|b| b.id.name().to_string()),
        filter: options.filter.clone(),
        totals,
        cases,
        broken_files,
        expectation_problems: expectations.problems.clone(),
        candidate_errata,
        rule_books: rulebooks::Table::default(),
        engines: Conformance::default(),
    }
}

impl Results {
    /// Whether the run passes: nothing new, stale or broken.
    pub fn passes(&self) -> bool {
        self.totals.new_disagreements == 0
            && self.totals.stale_records == 0
            && self.totals.broken() == 0
            && self.expectation_problems.is_empty()
    }

    /// One line per failing row or file, for the terminal.
    pub fn failures(&self) -> Vec<String> {
        self.failure_items().into_iter().map(|f| f.text).collect()
    }

    /// [`Results::failures`], each with the report anchor of its case × edition (none for a
    /// broken file or expectations problem, which belong to no case).
    pub fn failure_items(&self) -> Vec<Failure> {
        let mut out = Vec::new();
        let plain = |text: String| Failure { anchor: None, text };
        for b in &self.broken_files {
            for p in &b.problems {
                out.push(plain(format!("broken: {p}")));
            }
        }
        for p in &self.expectation_problems {
            out.push(plain(format!("broken: {p}")));
        }
        for c in &self.cases {
            for e in &c.editions {
                let head = format!("{} [{}]", c.id, e.edition);
                let linked = |text: String| Failure {
                    anchor: Some(e.anchor.clone()),
                    text,
                };
                match e.outcome {
                    Outcome::Broken => out.push(linked(format!(
                        "broken: {head}: {}",
                        e.error.as_deref().unwrap_or("")
                    ))),
                    Outcome::New | Outcome::Stale => {
                        if let Some(cmp) = &e.comparison {
                            for d in cmp.new_differences() {
                                out.push(linked(format!("new: {head}: {}", d.describe())));
                            }
                            for s in &cmp.stale {
                                out.push(linked(format!(
                                    "stale: {head}: {} records {}, qili now says {} ({})",
                                    s.record.location,
                                    s.record.difference.describe(),
                                    s.engine_now,
                                    "remove or update the record"
                                )));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        out
    }
}

/// One line of the failures, and the report anchor of the case × edition it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub anchor: Option<String>,
    pub text: String,
}

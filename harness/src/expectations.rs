//! Known disagreements: where qili's answer differs from a published one, each with its reason.
//! They live apart from the corpus (`expectations/disagreements.yaml`), as web-platform-tests
//! keep expectations beside the tests. A record that stops holding fails the run, so the file
//! stays true.

use std::path::Path;

use qili::rules::{Label, Verdict};
use serde::Deserialize;

use crate::compare::{Difference, Recorded};
use qili_corpus::case::PublishedRuling;
use qili_corpus::corpus::Corpus;
use qili_corpus::edition::Edition;
use qili_corpus::locate::{index, join, Locations};
use qili_corpus::problem::Problem;
use qili_corpus::vocabulary::{published_label, verdict_names, LABELS};
use qili_corpus::yaml;
use qili_io::bounds::{self, clip};

/// One recorded disagreement: which case × edition, and what the comparison is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub case: String,
    pub edition: Edition,
    pub recorded: Recorded,
}

/// All records, and the problems of the file.
#[derive(Clone, Debug, Default)]
pub struct Expectations {
    pub file: String,
    pub records: Vec<Record>,
    pub problems: Vec<Problem>,
}

impl Expectations {
    /// The recorded differences of one case × edition.
    pub fn for_run(&self, case: &str, edition: Edition) -> Vec<&Recorded> {
        self.records
            .iter()
            .filter(|r| r.case == case && r.edition == edition)
            .map(|r| &r.recorded)
            .collect()
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRecord {
    case: String,
    edition: String,
    #[serde(default)]
    ply: Option<usize>,
    #[serde(default)]
    verdict: Option<bool>,
    published: String,
    engine: String,
    reason: String,
}

/// No recorded disagreements at all (`--expectations none`).
pub fn none() -> Expectations {
    Expectations {
        file: "none".to_string(),
        ..Expectations::default()
    }
}

/// Load `path` and check each record against the corpus: the case and edition exist, the ply
/// is in range, and `published` is what the corpus says. A file that cannot be read, a missing
/// one included, is a problem (no records is [`none`], or an empty file); so is one larger
/// than [`bounds::MAX_FILE_BYTES`], which is not read further.
pub fn load(path: &Path, display: &str, corpus: &Corpus) -> Expectations {
    match bounds::read_file(path) {
        Ok(text) => parse(display, &text, corpus),
        Err(e) => Expectations {
            file: display.to_string(),
            records: Vec::new(),
            problems: vec![Problem::new(
                display,
                qili_corpus::locate::Loc::START,
                e.to_string(),
            )],
        },
    }
}

/// Parse and check the text of a disagreements file, read by the one walk of [`yaml::read`]
/// that checks the bounds (size, nesting, no alias), as a case file is.
pub fn parse(file: &str, text: &str, corpus: &Corpus) -> Expectations {
    let mut out = Expectations {
        file: file.to_string(),
        ..Expectations::default()
    };
    let doc = match yaml::read(file, text) {
        Ok(d) => d,
        Err(p) => {
            out.problems.push(p);
            return out;
        }
    };
    let raws: Vec<RawRecord> = match yaml::deserialize::<Option<Vec<RawRecord>>>(file, &doc) {
        Ok(r) => r.unwrap_or_default(),
        Err(p) => {
            out.problems.push(p);
            return out;
        }
    };
    let mut checker = Checker {
        file,
        locs: doc.locations(),
        problems: Vec::new(),
    };
    for (i, r) in raws.into_iter().enumerate() {
        if let Some(record) = checker.record(&index("", i), r, corpus, &out.records) {
            out.records.push(record);
        }
    }
    let mut problems = checker.problems;
    problems.sort();
    qili_corpus::problem::cap_problems(file, &mut problems);
    out.problems = problems;
    out
}

/// The checks of one file: where each path is, and the problems found.
struct Checker<'a> {
    file: &'a str,
    locs: Locations,
    problems: Vec<Problem>,
}

impl Checker<'_> {
    fn problem(&mut self, path: &str, msg: String) {
        self.problems.push(Problem::new(
            self.file,
            self.locs.value(path),
            format!("{path}: {msg}"),
        ));
    }

    /// One record at `path`, checked; `None` when it cannot be used (its problems said why).
    /// `earlier` are the records kept before it, which it must not repeat.
    fn record(
        &mut self,
        path: &str,
        r: RawRecord,
        corpus: &Corpus,
        earlier: &[Record],
    ) -> Option<Record> {
        if r.reason.trim().is_empty() {
            self.problem(&join(path, "reason"), "expected why qili differs".into());
        }
        let Some(edition) = Edition::from_name(&r.edition) else {
            self.problem(
                &join(path, "edition"),
                format!(
                    "'{}' is not an edition, expected one of {}",
                    clip(&r.edition),
                    Edition::names()
                ),
            );
            return None;
        };
        let difference = self.difference(path, &r)?;
        if !self.in_corpus(path, &r.case, edition, difference, corpus) {
            return None;
        }
        let location = {
            let at = self.locs.value(path);
            format!("{}:{}:{}", self.file, at.line, at.column)
        };
        let record = Record {
            case: r.case,
            edition,
            recorded: Recorded {
                difference,
                reason: r.reason.trim().to_string(),
                location,
            },
        };
        let point = record.recorded.difference.point();
        if earlier.iter().any(|o| {
            o.case == record.case
                && o.edition == record.edition
                && o.recorded.difference.point() == point
        }) {
            self.problem(
                path,
                format!(
                    "{} {} {point} is recorded twice, expected one record",
                    record.case, record.edition
                ),
            );
            return None;
        }
        Some(record)
    }

    /// What the record says differs: a ply's label (`ply: N`) or the verdict (`verdict:
    /// true`), the two sides different.
    fn difference(&mut self, path: &str, r: &RawRecord) -> Option<Difference> {
        let difference = match (r.ply, r.verdict) {
            (Some(ply), None | Some(false)) => self.ply_difference(path, ply, r)?,
            (None, Some(true)) => self.verdict_difference(path, r)?,
            _ => {
                self.problem(
                    path,
                    "expected exactly one of `ply: N` or `verdict: true`".into(),
                );
                return None;
            }
        };
        let same = match difference {
            Difference::Ply {
                published, engine, ..
            } => published == engine,
            Difference::Verdict { published, engine } => published == engine,
        };
        if same {
            self.problem(
                &join(path, "engine"),
                "is the same as `published`, expected a disagreement".into(),
            );
            return None;
        }
        Some(difference)
    }

    fn ply_difference(&mut self, path: &str, ply: usize, r: &RawRecord) -> Option<Difference> {
        let published = published_label(&r.published);
        let engine = Label::from_chinese(&r.engine);
        if published.is_none() {
            self.problem(
                &join(path, "published"),
                format!(
                    "'{}' is not a label, expected one of {LABELS}",
                    clip(&r.published)
                ),
            );
        }
        if engine.is_none() {
            self.problem(
                &join(path, "engine"),
                format!(
                    "'{}' is not a label, expected one of {LABELS} 未定",
                    clip(&r.engine)
                ),
            );
        }
        Some(Difference::Ply {
            ply,
            published: published?,
            engine: engine?,
        })
    }

    fn verdict_difference(&mut self, path: &str, r: &RawRecord) -> Option<Difference> {
        let published = Verdict::from_name(&r.published);
        let engine = Verdict::from_name(&r.engine);
        for (key, v, text) in [
            ("published", published, &r.published),
            ("engine", engine, &r.engine),
        ] {
            if v.is_none() {
                self.problem(
                    &join(path, key),
                    format!(
                        "'{}' is not a verdict, expected one of {}",
                        clip(text),
                        verdict_names()
                    ),
                );
            }
        }
        Some(Difference::Verdict {
            published: published?,
            engine: engine?,
        })
    }

    /// Check the record against the facts: the case, its edition, the ply, and what the corpus
    /// publishes there. False when the case is not in the corpus (the record is dropped); a
    /// broken case file has its own problems, and the record is checked once it loads.
    fn in_corpus(
        &mut self,
        path: &str,
        case_id: &str,
        edition: Edition,
        difference: Difference,
        corpus: &Corpus,
    ) -> bool {
        if corpus.is_broken(case_id) {
            return true;
        }
        let Some(case) = corpus.case(case_id) else {
            self.problem(
                &join(path, "case"),
                format!(
                    "no case '{}' in the corpus, expected the id of a case file",
                    clip(case_id)
                ),
            );
            return false;
        };
        match case.published.iter().find(|b| b.edition == edition) {
            None => self.problem(
                &join(path, "edition"),
                format!(
                    "case {case_id} has no answer published by {edition}, expected one of {}",
                    case.published
                        .iter()
                        .map(|b| b.edition.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ),
            Some(block) => self.as_published(path, case_id, block, difference),
        }
        true
    }

    /// The record's `published` side is what the block publishes.
    fn as_published(
        &mut self,
        path: &str,
        case_id: &str,
        block: &PublishedRuling,
        difference: Difference,
    ) {
        let edition = block.edition;
        match difference {
            Difference::Ply { ply, published, .. } => match block.moves.get(ply.wrapping_sub(1)) {
                None => self.problem(
                    &join(path, "ply"),
                    format!(
                        "{ply} is not a ply of {case_id} ({edition}), expected 1 to {}",
                        block.moves.len()
                    ),
                ),
                Some(m) if m.label != Some(published) => self.problem(
                    &join(path, "published"),
                    format!(
                        "the corpus says {} for ply {ply} of {case_id} ({edition}), expected the record to repeat it",
                        m.label.map_or("no label", |l| l.chinese()),
                    ),
                ),
                Some(_) => {}
            },
            Difference::Verdict { published, .. } => match block.verdict {
                None => self.problem(
                    &join(path, "verdict"),
                    format!(
                        "{case_id} ({edition}) publishes no verdict, so qili's cannot disagree with it, expected no verdict record"
                    ),
                ),
                Some(v) if v != published => self.problem(
                    &join(path, "published"),
                    format!(
                        "the corpus says {v} for {case_id} ({edition}), expected the record to repeat it"
                    ),
                ),
                Some(_) => {}
            },
        }
    }
}

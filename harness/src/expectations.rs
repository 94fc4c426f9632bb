//! Known disagreements: where qili's answer differs from a published one, each with its reason.
//! They live apart from the corpus (`expectations/disagreements.yaml`), as web-platform-tests
//! keep expectations beside the tests. A record that stops holding fails the run, so the file
//! stays true.

use std::path::Path;

use qili::rules::{Label, Verdict};
use serde::Deserialize;

use crate::compare::{Difference, Recorded};
use qili_corpus::corpus::Corpus;
use qili_corpus::edition::Edition;
use qili_corpus::locate::{index, join};
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
    let locs = doc.locations();
    let mut problems = Vec::new();
    let mut records: Vec<Record> = Vec::new();
    let mut problem = |path: &str, msg: String| {
        problems.push(Problem::new(
            file,
            locs.value(path),
            format!("{path}: {msg}"),
        ));
    };
    for (i, r) in raws.into_iter().enumerate() {
        let path = index("", i);
        let p = |k: &str| join(&path, k);
        if r.reason.trim().is_empty() {
            problem(&p("reason"), "expected why qili differs".into());
        }
        let Some(edition) = Edition::from_name(&r.edition) else {
            problem(
                &p("edition"),
                format!(
                    "'{}' is not an edition, expected one of {}",
                    clip(&r.edition),
                    Edition::names()
                ),
            );
            continue;
        };
        let difference = match (r.ply, r.verdict) {
            (Some(ply), None | Some(false)) => {
                let published = published_label(&r.published);
                let engine = Label::from_chinese(&r.engine);
                if published.is_none() {
                    problem(
                        &p("published"),
                        format!(
                            "'{}' is not a label, expected one of {LABELS}",
                            clip(&r.published)
                        ),
                    );
                }
                if engine.is_none() {
                    problem(
                        &p("engine"),
                        format!(
                            "'{}' is not a label, expected one of {LABELS} 未定",
                            clip(&r.engine)
                        ),
                    );
                }
                match (published, engine) {
                    (Some(published), Some(engine)) => Difference::Ply {
                        ply,
                        published,
                        engine,
                    },
                    _ => continue,
                }
            }
            (None, Some(true)) => {
                let published = Verdict::from_name(&r.published);
                let engine = Verdict::from_name(&r.engine);
                for (key, v, text) in [
                    ("published", published, &r.published),
                    ("engine", engine, &r.engine),
                ] {
                    if v.is_none() {
                        problem(
                            &p(key),
                            format!(
                                "'{}' is not a verdict, expected one of {}",
                                clip(text),
                                verdict_names()
                            ),
                        );
                    }
                }
                match (published, engine) {
                    (Some(published), Some(engine)) => Difference::Verdict { published, engine },
                    _ => continue,
                }
            }
            _ => {
                problem(
                    &path,
                    "expected exactly one of `ply: N` or `verdict: true`".into(),
                );
                continue;
            }
        };
        if let Difference::Ply {
            published, engine, ..
        } = difference
        {
            if published == engine {
                problem(
                    &p("engine"),
                    "is the same as `published`, expected a disagreement".into(),
                );
                continue;
            }
        }
        if let Difference::Verdict { published, engine } = difference {
            if published == engine {
                problem(
                    &p("engine"),
                    "is the same as `published`, expected a disagreement".into(),
                );
                continue;
            }
        }
        // Check the record against the facts.
        if corpus.is_broken(&r.case) {
            // The case file has its own problems; the record is checked once it loads.
        } else if let Some(case) = corpus.case(&r.case) {
            match case.published.iter().find(|b| b.edition == edition) {
                None => problem(
                    &p("edition"),
                    format!(
                        "case {} has no answer published by {edition}, expected one of {}",
                        r.case,
                        case.published
                            .iter()
                            .map(|b| b.edition.name())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ),
                Some(block) => match difference {
                    Difference::Ply { ply, published, .. } => {
                        match block.moves.get(ply.wrapping_sub(1)) {
                            None => problem(
                                &p("ply"),
                                format!("{ply} is not a ply of {} ({edition}), expected 1 to {}", r.case, block.moves.len()),
                            ),
                            Some(m) if m.label != Some(published) => problem(
                                &p("published"),
                                format!(
                                    "the corpus says {} for ply {ply} of {} ({edition}), expected the record to repeat it",
                                    m.label.map_or("no label", |l| l.chinese()),
                                    r.case
                                ),
                            ),
                            Some(_) => {}
                        }
                    }
                    Difference::Verdict { published, .. } => match block.verdict {
                        None => problem(
                            &p("verdict"),
                            format!(
                                "{} ({edition}) publishes no verdict, so qili's cannot disagree with it, expected no verdict record",
                                r.case
                            ),
                        ),
                        Some(v) if v != published => problem(
                            &p("published"),
                            format!(
                                "the corpus says {v} for {} ({edition}), expected the record to repeat it",
                                r.case
                            ),
                        ),
                        Some(_) => {}
                    },
                },
            }
        } else {
            problem(
                &p("case"),
                format!(
                    "no case '{}' in the corpus, expected the id of a case file",
                    clip(&r.case)
                ),
            );
            continue;
        }
        let location = {
            let at = locs.value(&path);
            format!("{file}:{}:{}", at.line, at.column)
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
        if records.iter().any(|o| {
            o.case == record.case
                && o.edition == record.edition
                && o.recorded.difference.point() == record.recorded.difference.point()
        }) {
            problem(
                &path,
                format!(
                    "{} {} {} is recorded twice, expected one record",
                    record.case,
                    record.edition,
                    record.recorded.difference.point()
                ),
            );
            continue;
        }
        records.push(record);
    }
    problems.sort();
    qili_corpus::problem::cap_problems(file, &mut problems);
    out.problems = problems;
    out.records = records;
    out
}

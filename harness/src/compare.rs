//! Published answer against engine ruling: which plies and which verdict differ, and how the
//! differences stand against the recorded disagreements.

use qili::rules::{Label, Ruling, Verdict};
use serde::Serialize;

use qili_corpus::case::PublishedRuling;

/// A point of a ruling where the engine and a book can differ, with both answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "at", rename_all = "snake_case")]
pub enum Difference {
    /// The label of one ply (1-based).
    Ply {
        ply: usize,
        #[serde(serialize_with = "ser_label")]
        published: Label,
        #[serde(serialize_with = "ser_label")]
        engine: Label,
    },
    Verdict {
        #[serde(serialize_with = "ser_verdict")]
        published: Verdict,
        #[serde(serialize_with = "ser_verdict")]
        engine: Verdict,
    },
}

fn ser_label<S: serde::Serializer>(l: &Label, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(l.chinese())
}

fn ser_verdict<S: serde::Serializer>(v: &Verdict, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(v.name())
}

impl Difference {
    /// Where: `ply 4` or `verdict`.
    pub fn point(&self) -> String {
        match self {
            Difference::Ply { ply, .. } => format!("ply {ply}"),
            Difference::Verdict { .. } => "verdict".to_string(),
        }
    }

    /// `ply 4: published 闲, qili 捉`.
    pub fn describe(&self) -> String {
        match self {
            Difference::Ply {
                ply,
                published,
                engine,
            } => format!("ply {ply}: published {published}, qili {engine}"),
            Difference::Verdict { published, engine } => {
                format!("verdict: published {published}, qili {engine}")
            }
        }
    }
}

/// A recorded disagreement as the comparison needs it: what differs, why, and where the
/// record is written. [`crate::expectations`] reads them; this module does not know the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Recorded {
    pub difference: Difference,
    pub reason: String,
    /// Where the record is written (`expectations/disagreements.yaml:12:3`).
    pub location: String,
}

/// How one case × edition came out. Ordered from best to worst.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Every published label and the verdict (when published) agree.
    Agrees,
    /// Every difference is recorded, and every record still holds.
    Recorded,
    /// A record no longer holds (qili now agrees, or differs in another way).
    Stale,
    /// A difference without a record.
    New,
    /// The case could not be judged (lint or engine error).
    Broken,
}

impl Outcome {
    pub const ALL: [Outcome; 5] = [
        Outcome::Agrees,
        Outcome::Recorded,
        Outcome::Stale,
        Outcome::New,
        Outcome::Broken,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Outcome::Agrees => "agrees",
            Outcome::Recorded => "recorded",
            Outcome::Stale => "stale",
            Outcome::New => "new",
            Outcome::Broken => "broken",
        }
    }

    /// In Chinese, for reports.
    pub const fn chinese(self) -> &'static str {
        match self {
            Outcome::Agrees => "一致",
            Outcome::Recorded => "已记录的分歧",
            Outcome::Stale => "记录已过期",
            Outcome::New => "新分歧",
            Outcome::Broken => "无法判定",
        }
    }

    /// Whether this outcome fails the run.
    pub const fn fails(self) -> bool {
        matches!(self, Outcome::Stale | Outcome::New | Outcome::Broken)
    }
}

/// A difference and the record that explains it, if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Explained {
    pub difference: Difference,
    /// The record's reason, when recorded.
    pub reason: Option<String>,
}

/// Published against engine for one case × edition.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Comparison {
    /// Plies with a published label.
    pub plies_compared: usize,
    /// Of those, plies where the engine gives the same label.
    pub plies_agreeing: usize,
    /// Whether the verdicts agree; `None` when the source publishes no verdict (only the
    /// labels are compared then).
    pub verdict_agrees: Option<bool>,
    /// Every difference, in ply order then the verdict; recorded ones carry their reason.
    pub differences: Vec<Explained>,
    /// Records that no longer hold, with what qili says now.
    pub stale: Vec<Stale>,
}

/// A record that no longer holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stale {
    pub record: Recorded,
    /// What qili says at that point now (the label's or verdict's name).
    pub engine_now: String,
}

impl Comparison {
    pub fn outcome(&self) -> Outcome {
        if self.differences.iter().any(|d| d.reason.is_none()) {
            Outcome::New
        } else if !self.stale.is_empty() {
            Outcome::Stale
        } else if !self.differences.is_empty() {
            Outcome::Recorded
        } else {
            Outcome::Agrees
        }
    }

    /// The differences no record explains.
    pub fn new_differences(&self) -> impl Iterator<Item = &Difference> {
        self.differences
            .iter()
            .filter(|d| d.reason.is_none())
            .map(|d| &d.difference)
    }
}

/// Compare a published answer with the engine's ruling on the same moves: every published
/// label, and the verdict when the source publishes one.
///
/// The ruling must have one ply per published move (the runner checks that before calling).
pub fn compare(published: &PublishedRuling, ruling: &Ruling, records: &[&Recorded]) -> Comparison {
    let mut differences = Vec::new();
    let mut cmp = Comparison::default();
    for (m, p) in published.moves.iter().zip(&ruling.plies) {
        let Some(label) = m.label else { continue };
        cmp.plies_compared += 1;
        if label == p.label {
            cmp.plies_agreeing += 1;
        } else {
            differences.push(Difference::Ply {
                ply: p.ply,
                published: label,
                engine: p.label,
            });
        }
    }
    if let Some(verdict) = published.verdict {
        cmp.verdict_agrees = Some(verdict == ruling.verdict);
        if verdict != ruling.verdict {
            differences.push(Difference::Verdict {
                published: verdict,
                engine: ruling.verdict,
            });
        }
    }
    cmp.differences = differences
        .into_iter()
        .map(|d| Explained {
            reason: records
                .iter()
                .find(|r| r.difference == d)
                .map(|r| r.reason.clone()),
            difference: d,
        })
        .collect();
    for r in records {
        if cmp.differences.iter().any(|d| d.difference == r.difference) {
            continue;
        }
        let engine_now = match r.difference {
            Difference::Ply { ply, .. } => ruling
                .plies
                .get(ply.wrapping_sub(1))
                .map_or("—".to_string(), |p| p.label.chinese().to_string()),
            Difference::Verdict { .. } => ruling.verdict.name().to_string(),
        };
        cmp.stale.push(Stale {
            record: (*r).clone(),
            engine_now,
        });
    }
    cmp
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili::rules::{Evidence, PlyRuling, RuleBookId};
    use qili::{Color, Move, Square};
    use qili_corpus::case::{CycleClaim, LabelsFrom, PublishedMove, Source};
    use qili_corpus::edition::Edition;

    fn mv(s: &str) -> Move {
        qili::notation::iccs::parse(s).unwrap()
    }

    fn published(labels: &[Option<Label>], verdict: impl Into<Option<Verdict>>) -> PublishedRuling {
        PublishedRuling {
            edition: Edition::Cxa2011,
            source: Source::default(),
            moves: labels
                .iter()
                .enumerate()
                .map(|(i, l)| PublishedMove {
                    text: format!("m{i}"),
                    mv: Move::new(
                        Square::from_index(i).unwrap(),
                        Square::from_index(i + 1).unwrap(),
                    ),
                    label: *l,
                    loose: None,
                    added: None,
                })
                .collect(),
            labels_from: LabelsFrom::Caption,
            cycle: CycleClaim::Exact,
            verdict: verdict.into(),
            text: None,
            lines: Vec::new(),
            notes: None,
            dispute: None,
        }
    }

    /// A synthetic ruling: the engine's real rulings are not asserted here, only the logic.
    fn ruling(labels: &[Label], verdict: Verdict) -> Ruling {
        Ruling {
            book: RuleBookId::Cxa2011,
            plies: labels
                .iter()
                .enumerate()
                .map(|(i, &label)| PlyRuling {
                    ply: i + 1,
                    side: if i % 2 == 0 { Color::Red } else { Color::Black },
                    mv: mv("a0a1"),
                    chinese: String::new(),
                    label,
                    evidence: Evidence::default(),
                    judged: true,
                })
                .collect(),
            cycle: None,
            verdict,
            reason: String::new(),
            draw_claim: None,
        }
    }

    fn record(d: Difference) -> Recorded {
        Recorded {
            difference: d,
            reason: "because".into(),
            location: "x:1:1".into(),
        }
    }

    use Label::*;

    #[test]
    fn agreeing_when_labels_and_verdict_match() {
        let p = published(&[Some(Check), Some(Idle), None], Verdict::RedLoses);
        let r = ruling(&[Check, Idle, Chase], Verdict::RedLoses);
        let c = compare(&p, &r, &[]);
        assert_eq!((c.plies_compared, c.plies_agreeing), (2, 2));
        assert_eq!(c.verdict_agrees, Some(true));
        assert_eq!(c.outcome(), Outcome::Agrees);
    }

    #[test]
    fn an_unpublished_verdict_compares_labels_only() {
        let p = published(&[Some(Check), Some(Idle)], None);
        let r = ruling(&[Check, Idle], Verdict::RedLoses);
        let c = compare(&p, &r, &[]);
        assert_eq!((c.plies_compared, c.plies_agreeing), (2, 2));
        assert_eq!(c.verdict_agrees, None);
        assert_eq!(c.outcome(), Outcome::Agrees);
        let r = ruling(&[Check, Chase], Verdict::Draw);
        let c = compare(&p, &r, &[]);
        let d: Vec<String> = c.new_differences().map(|d| d.describe()).collect();
        assert_eq!(d, ["ply 2: published 闲, qili 捉"]);
    }

    #[test]
    fn unrecorded_difference_is_new() {
        let p = published(&[Some(Check), Some(Idle)], Verdict::Draw);
        let r = ruling(&[Check, Chase], Verdict::BlackMustChange);
        let c = compare(&p, &r, &[]);
        assert_eq!(c.plies_agreeing, 1);
        assert_eq!(c.outcome(), Outcome::New);
        let d: Vec<String> = c.new_differences().map(|d| d.describe()).collect();
        assert_eq!(
            d,
            [
                "ply 2: published 闲, qili 捉",
                "verdict: published draw, qili black_must_change"
            ]
        );
    }

    #[test]
    fn recorded_difference_matching_its_record_is_recorded() {
        let p = published(&[Some(Check), Some(Idle)], Verdict::Draw);
        let r = ruling(&[Check, Chase], Verdict::Draw);
        let rec = record(Difference::Ply {
            ply: 2,
            published: Idle,
            engine: Chase,
        });
        let c = compare(&p, &r, &[&rec]);
        assert_eq!(c.outcome(), Outcome::Recorded);
        assert_eq!(c.differences[0].reason.as_deref(), Some("because"));
    }

    #[test]
    fn record_that_no_longer_holds_is_stale() {
        let p = published(&[Some(Check), Some(Idle)], Verdict::Draw);
        let r = ruling(&[Check, Idle], Verdict::Draw);
        let rec = record(Difference::Ply {
            ply: 2,
            published: Idle,
            engine: Chase,
        });
        let c = compare(&p, &r, &[&rec]);
        assert_eq!(c.outcome(), Outcome::Stale);
        assert_eq!(c.stale[0].engine_now, "闲");
    }

    #[test]
    fn a_changed_disagreement_is_new_and_its_record_stale() {
        let p = published(&[Some(Check), Some(Idle)], Verdict::Draw);
        let r = ruling(&[Check, Check], Verdict::Draw);
        let rec = record(Difference::Ply {
            ply: 2,
            published: Idle,
            engine: Chase,
        });
        let c = compare(&p, &r, &[&rec]);
        assert_eq!(c.outcome(), Outcome::New);
        assert_eq!(c.stale.len(), 1);
        assert_eq!(c.stale[0].engine_now, "将");
    }

    #[test]
    fn verdict_records() {
        let p = published(&[Some(Check)], Verdict::Draw);
        let r = ruling(&[Check], Verdict::RedMustChange);
        let rec = record(Difference::Verdict {
            published: Verdict::Draw,
            engine: Verdict::RedMustChange,
        });
        assert_eq!(compare(&p, &r, &[&rec]).outcome(), Outcome::Recorded);
        let r2 = ruling(&[Check], Verdict::Draw);
        assert_eq!(compare(&p, &r2, &[&rec]).outcome(), Outcome::Stale);
    }
}

//! Candidate errata: where two editions published the same figure with different answers and
//! qili sides with one of them. Such a ply is worth a referee's second look at the edition qili
//! does not follow.

use qili::rules::{Label, Ruling, Verdict};
use serde::Serialize;

use crate::run::EditionRun;
use qili_corpus::case::{Case, PublishedRuling};

/// One edition's published answer at the point in question.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EditionAnswer {
    pub edition: String,
    /// A label (将 …) or a verdict name.
    pub answer: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Erratum {
    pub case: String,
    /// `None` for the verdict.
    pub ply: Option<usize>,
    /// The move as the edition qili agrees with prints it.
    pub move_text: Option<String>,
    pub agrees_with: EditionAnswer,
    pub differs_from: EditionAnswer,
    /// What qili says, and under which rule book.
    pub engine: String,
    pub rule_book: String,
    /// The engine's evidence for that ply (or its reason for the verdict).
    pub evidence: String,
}

/// The ruling to use for an edition: its own, or the other edition's when this one could not
/// be judged by the engine (only valid on moves both editions share, which the callers check).
fn ruling_for<'r>(own: Option<&'r Ruling>, other: Option<&'r Ruling>) -> Option<&'r Ruling> {
    own.or(other)
}

/// The candidate errata of one case, given its runs (one per published block, in block order).
pub fn find(case: &Case, runs: &[EditionRun]) -> Vec<Erratum> {
    let mut out = Vec::new();
    for (ia, a) in runs.iter().enumerate() {
        for b in &runs[ia + 1..] {
            let pair = Pair {
                case: &case.id,
                pa: &case.published[a.block],
                pb: &case.published[b.block],
                ra: a.ruling(),
                rb: b.ruling(),
            };
            if pair.ra.is_none() && pair.rb.is_none() {
                continue;
            }
            let shared = pair.shared();
            out.extend((0..shared).filter_map(|k| pair.ply_erratum(k)));
            out.extend(pair.verdict_erratum(shared));
        }
    }
    out
}

/// Two editions of a case: their published blocks and qili's rulings of them.
struct Pair<'a> {
    case: &'a str,
    pa: &'a PublishedRuling,
    pb: &'a PublishedRuling,
    ra: Option<&'a Ruling>,
    rb: Option<&'a Ruling>,
}

impl Pair<'_> {
    /// How many moves the two editions share from the start.
    fn shared(&self) -> usize {
        self.pa
            .moves
            .iter()
            .zip(&self.pb.moves)
            .take_while(|(x, y)| x.mv == y.mv)
            .count()
    }

    /// A shared ply (0-based `k`) the editions label differently, where qili agrees with one.
    fn ply_erratum(&self, k: usize) -> Option<Erratum> {
        let (pa, pb, ra, rb) = (self.pa, self.pb, self.ra, self.rb);
        let (la, lb) = (pa.moves[k].label?, pb.moves[k].label?);
        if la == lb {
            return None;
        }
        let ea = ruling_for(ra, rb).and_then(|r| r.plies.get(k))?;
        let eb = ruling_for(rb, ra).and_then(|r| r.plies.get(k))?;
        let agrees_a = ea.label == la;
        let agrees_b = eb.label == lb;
        if agrees_a == agrees_b {
            return None;
        }
        let (good, bad, e, gl, bl, r) = if agrees_a {
            (pa, pb, ea, la, lb, ruling_for(ra, rb))
        } else {
            (pb, pa, eb, lb, la, ruling_for(rb, ra))
        };
        Some(Erratum {
            case: self.case.to_string(),
            ply: Some(k + 1),
            move_text: Some(good.moves[k].text.clone()),
            agrees_with: answer(good, gl),
            differs_from: answer(bad, bl),
            engine: e.label.chinese().to_string(),
            rule_book: r.map_or(String::new(), |r| r.book.name().to_string()),
            evidence: evidence_text(e),
        })
    }

    /// The verdict, when both editions judged the same sequence or each was judged (`shared`
    /// moves in common), where they differ and qili agrees with one. A verdict that one
    /// edition does not publish is not compared.
    fn verdict_erratum(&self, shared: usize) -> Option<Erratum> {
        let (pa, pb, ra, rb) = (self.pa, self.pb, self.ra, self.rb);
        let same_moves = shared == pa.moves.len() && shared == pb.moves.len();
        let (da, db) = (pa.verdict?, pb.verdict?);
        if da == db || !(same_moves || (ra.is_some() && rb.is_some())) {
            return None;
        }
        let (va, vb) = (ruling_for(ra, rb)?, ruling_for(rb, ra)?);
        let agrees_a = va.verdict == da;
        let agrees_b = vb.verdict == db;
        if agrees_a == agrees_b {
            return None;
        }
        let (good, bad, r, dg, dbad) = if agrees_a {
            (pa, pb, va, da, db)
        } else {
            (pb, pa, vb, db, da)
        };
        Some(Erratum {
            case: self.case.to_string(),
            ply: None,
            move_text: None,
            agrees_with: verdict_answer(good, dg),
            differs_from: verdict_answer(bad, dbad),
            engine: r.verdict.name().to_string(),
            rule_book: r.book.name().to_string(),
            evidence: r.reason(),
        })
    }
}

fn answer(p: &PublishedRuling, l: Label) -> EditionAnswer {
    EditionAnswer {
        edition: p.edition.name().to_string(),
        answer: l.chinese().to_string(),
    }
}

fn verdict_answer(p: &PublishedRuling, v: Verdict) -> EditionAnswer {
    EditionAnswer {
        edition: p.edition.name().to_string(),
        answer: v.name().to_string(),
    }
}

fn evidence_text(p: &qili::rules::PlyRuling) -> String {
    crate::view::one_line(&p.evidence)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::Comparison;
    use crate::run::Judged;
    use qili::rules::{Evidence, Finding, PlyRuling, RuleBookId};
    use qili::Color;
    use qili_corpus::lint::lint_text;

    fn case() -> Case {
        let text = include_str!("../tests/fixtures/fixture-two-editions.yaml");
        lint_text("f.yaml", "fixture-two-editions", text)
            .case
            .expect("the fixture lints")
    }

    /// A synthetic ruling of the fixture's moves: the logic is under test, not the engine.
    fn ruled(case: &Case, labels: [Label; 4], verdict: Verdict) -> Judged {
        let plies = case.published[0]
            .moves
            .iter()
            .zip(labels)
            .enumerate()
            .map(|(i, (m, label))| PlyRuling {
                ply: i + 1,
                side: if i % 2 == 0 { Color::Red } else { Color::Black },
                mv: m.mv,
                chinese: m.text.clone(),
                label,
                evidence: Evidence {
                    finding: Finding::Check {
                        king: Color::Black,
                        checkers: Vec::new(),
                    },
                    ..Evidence::default()
                },
                judged: true,
            })
            .collect();
        Judged::Ruled {
            book: RuleBookId::Cxa2011,
            ruling: Box::new(Ruling {
                book: RuleBookId::Cxa2011,
                plies,
                cycle: None,
                verdict,
                ground: None,
                draw_claim: None,
            }),
            comparison: Comparison::default(),
        }
    }

    fn runs(case: &Case, a: Judged, b: Judged) -> Vec<EditionRun<'_>> {
        vec![
            EditionRun {
                case,
                block: 0,
                judged: a,
            },
            EditionRun {
                case,
                block: 1,
                judged: b,
            },
        ]
    }

    use Label::{Chase, Check, Idle};

    /// A run the engine could not judge (it refused the moves).
    fn unjudged() -> Judged {
        Judged::EngineError {
            book: qili::rules::RuleBookId::Cxa2011Trial,
            message: "refused".to_string(),
        }
    }

    #[test]
    fn qili_siding_with_one_edition_is_a_candidate_erratum() {
        let c = case();
        // The fixture: cxa2011 prints 闲 for ply 1 and draw, the trial 将 and red_must_change.
        let labels = [Check, Idle, Check, Idle];
        let e = find(
            &c,
            &runs(
                &c,
                ruled(&c, labels, Verdict::Draw),
                ruled(&c, labels, Verdict::Draw),
            ),
        );
        assert_eq!(e.len(), 2, "{e:#?}");
        assert_eq!(e[0].ply, Some(1));
        assert_eq!(e[0].agrees_with.edition, "cxa2011-trial");
        assert_eq!(e[0].agrees_with.answer, "将");
        assert_eq!(e[0].differs_from.edition, "cxa2011");
        assert_eq!(e[0].differs_from.answer, "闲");
        assert_eq!(e[0].evidence, "24.1.check 走子后两帅（将）照面");
        assert_eq!(e[1].ply, None);
        assert_eq!(e[1].agrees_with.edition, "cxa2011");
        assert_eq!(e[1].engine, "draw");
    }

    #[test]
    fn an_edition_the_engine_could_not_judge_borrows_the_other_ruling_on_shared_moves() {
        let c = case();
        let labels = [Check, Idle, Check, Idle];
        let e = find(&c, &runs(&c, ruled(&c, labels, Verdict::Draw), unjudged()));
        assert_eq!(e.len(), 2, "{e:#?}");
        assert_eq!(e[0].rule_book, "cxa2011");
    }

    #[test]
    fn agreeing_with_neither_or_both_is_no_erratum() {
        let c = case();
        let labels = [Chase, Idle, Check, Idle];
        let e = find(
            &c,
            &runs(&c, ruled(&c, labels, Verdict::BlackLoses), unjudged()),
        );
        assert!(e.is_empty(), "{e:#?}");
        let e = find(&c, &runs(&c, unjudged(), unjudged()));
        assert!(e.is_empty());
    }
}

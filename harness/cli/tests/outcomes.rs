//! One trial per case × published edition of the corpus (or of `$QILI_CORPUS`), classified the
//! way `qili run` classifies it: agreeing passes, a recorded disagreement is shown as ignored
//! with its reason, a new disagreement, a stale record or a broken case fails. One more trial
//! checks the corpus as a whole (ids unique, disagreements file sound).

#[path = "../../tests/common/mod.rs"]
mod common;

use libtest_mimic::{Arguments, Completion, Failed, Trial};
use qili_corpus::corpus;
use qili_harness::compare::Difference;
use qili_harness::compare::Outcome;
use qili_harness::{expectations, results, run};

fn main() {
    let args = Arguments::from_args();
    let dir = common::corpus_dir();
    let corpus = corpus::load(&dir).expect("the corpus directory is readable");
    let exp_path = qili_cli::default_expectations(&dir);
    let exp = expectations::load(&exp_path, "expectations/disagreements.yaml", &corpus);
    let options = run::Options::default();
    let runs = run::judge_all(&corpus, &exp, &options);
    let results = results::build(&corpus, &exp, &runs, &options);

    let mut trials = Vec::new();
    let whole: Vec<String> = corpus
        .problems()
        .chain(&exp.problems)
        .map(|p| p.to_string())
        .collect();
    trials.push(Trial::test("corpus lints clean", move || {
        if whole.is_empty() {
            Ok(())
        } else {
            Err(Failed::from(whole.join("\n")))
        }
    }));
    for c in results.cases {
        for e in c.editions {
            let name = format!("{} [{}]", c.id, e.edition);
            trials.push(Trial::ignorable_test(name, move || match e.outcome {
                Outcome::Agrees => Ok(Completion::Completed),
                Outcome::Recorded => {
                    let reasons: Vec<String> = e
                        .comparison
                        .iter()
                        .flat_map(|c| &c.differences)
                        .filter_map(|d| {
                            d.reason
                                .as_ref()
                                .map(|r| format!("{}: {r}", d.difference.point()))
                        })
                        .collect();
                    Ok(Completion::ignored_with(reasons.join("; ")))
                }
                Outcome::Broken => Err(Failed::from(e.error.unwrap_or_default())),
                Outcome::New | Outcome::Stale => {
                    let cmp = e.comparison.unwrap_or_default();
                    let mut lines: Vec<String> = cmp
                        .new_differences()
                        .map(Difference::describe)
                        .map(|d| format!("new disagreement: {d}"))
                        .collect();
                    for s in &cmp.stale {
                        lines.push(format!(
                            "stale record at {}: {}, qili now says {}",
                            s.record.location,
                            s.record.difference.describe(),
                            s.engine_now
                        ));
                    }
                    Err(Failed::from(lines.join("\n")))
                }
            }));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}

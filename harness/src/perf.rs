//! How long judging takes: every case × edition timed alone, repeatedly, and the whole run, for
//! `qili perf` and `reports/perf.md`. The numbers vary from run to run and machine to machine;
//! everything else in the file is fixed, and `qili run --check` never compares it.

use std::fmt::Write;
use std::time::{Duration, Instant};

use qili::rules::RuleBook;

use crate::expectations::Expectations;
use crate::{pipeline, report, results, rulebooks, run};
use qili_corpus::corpus::Corpus;

/// The machine the numbers come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Machine {
    /// `model name` from /proc/cpuinfo, when there is one.
    pub model: Option<String>,
    /// The processors this process may use (what `nproc` prints).
    pub nproc: usize,
}

impl Machine {
    pub fn this() -> Machine {
        let model = std::fs::read_to_string("/proc/cpuinfo").ok().and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        });
        Machine {
            model,
            nproc: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }

    pub fn describe(&self) -> String {
        format!(
            "{}, {} processor(s) available (nproc)",
            self.model.as_deref().unwrap_or("unknown CPU model"),
            self.nproc
        )
    }
}

/// Repeated timings of one thing.
#[derive(Clone, Debug, PartialEq)]
pub struct Samples(pub Vec<Duration>);

impl Samples {
    pub fn median(&self) -> Duration {
        let mut v = self.0.clone();
        v.sort();
        match v.len() {
            0 => Duration::ZERO,
            n if n % 2 == 1 => v[n / 2],
            n => (v[n / 2 - 1] + v[n / 2]) / 2,
        }
    }

    pub fn min(&self) -> Duration {
        self.0.iter().copied().min().unwrap_or_default()
    }

    pub fn max(&self) -> Duration {
        self.0.iter().copied().max().unwrap_or_default()
    }
}

/// Time `f` `repeats` times.
pub fn time<T>(repeats: usize, mut f: impl FnMut() -> T) -> Samples {
    Samples(
        (0..repeats.max(1))
            .map(|_| {
                let t = Instant::now();
                std::hint::black_box(f());
                t.elapsed()
            })
            .collect(),
    )
}

/// One case × edition.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseTiming {
    pub case: String,
    pub edition: String,
    /// The rule book of the main run (the edition's own).
    pub rule_book: String,
    pub plies: usize,
    /// Judged and compared under its own rule book, as the main run does.
    pub own: Samples,
    /// The median under every rule book, summed: what the rule-book table costs for it.
    pub all_books: Duration,
}

/// Everything `perf.md` shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Perf {
    pub machine: Machine,
    pub repeats: usize,
    /// Slowest first (by median), then by case and edition.
    pub cases: Vec<CaseTiming>,
    /// `pipeline::results`: the whole run, the rule-book table included, on every processor.
    pub whole_run: Samples,
    /// `run::judge_all` and `results::build`: the main run without the rule-book table.
    pub main_run: Samples,
    /// `corpus::load`: reading and linting every file.
    pub lint: Samples,
    /// `report::render`: the three reports.
    pub render: Samples,
    /// Whether this binary was built with optimisations.
    pub optimised: bool,
}

/// Time every case × edition alone (one at a time, on this thread) and the whole run.
pub fn measure(corpus: &Corpus, expectations: &Expectations, repeats: usize) -> Perf {
    let books = RuleBook::all();
    let mut cases = Vec::new();
    for case in &corpus.cases {
        for (block, published) in case.published.iter().enumerate() {
            let own = time(repeats, || {
                run::judge_block(case, block, None, expectations);
            });
            let all_books = books
                .iter()
                .map(|b| time(repeats, || rulebooks::judge_cell(case, block, b)).median())
                .sum();
            cases.push(CaseTiming {
                case: case.id.clone(),
                edition: published.edition.name().to_string(),
                rule_book: published.edition.name().to_string(),
                plies: published.moves.len(),
                own,
                all_books,
            });
        }
    }
    cases.sort_by(|a, b| {
        b.own
            .median()
            .cmp(&a.own.median())
            .then_with(|| (&a.case, &a.edition).cmp(&(&b.case, &b.edition)))
    });
    let options = run::Options::default();
    let whole_run = time(repeats, || {
        pipeline::results(corpus, expectations, &options)
    });
    let main_run = time(repeats, || {
        let runs = run::judge_all(corpus, expectations, &options);
        results::build(corpus, expectations, &runs, &options)
    });
    let lint = time(repeats, || qili_corpus::corpus::load(&corpus.dir));
    let r = pipeline::results(corpus, expectations, &options);
    let render = time(repeats, || report::render(&r));
    Perf {
        machine: Machine::this(),
        repeats: repeats.max(1),
        cases,
        whole_run,
        main_run,
        lint,
        render,
        optimised: !cfg!(debug_assertions),
    }
}

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1e3)
}

/// `perf.md`: how it was measured, the totals, then every case × edition.
pub fn render(p: &Perf) -> String {
    let mut s = String::new();
    s.push_str("# qili: how long judging takes\n\n");
    s.push_str("Generated by `qili perf` (`cargo run --release -p qili-cli -- perf`); the divan benches in `harness/benches/run.rs` (`cargo bench -p qili-harness --bench run`) measure the same things, one bench per case × edition and the whole run. Only the numbers change from one run to the next, and they vary with the machine and its load; `qili run --check` does not compare this file.\n\n");
    let _ = writeln!(s, "Machine: {}.\n", p.machine.describe());
    if !p.optimised {
        s.push_str(
            "**Built without optimisations: these numbers say little; use `--release`.**\n\n",
        );
    }
    let _ = writeln!(
        s,
        "Each case × edition is judged alone on one thread, {} time(s) in a row, under its own rule book, and compared with what was published (`run::judge_block`); the table gives the median, the fastest and the slowest of those runs, and the medians under all the rule books added up (what the rule-book comparison of the reports costs for that case). The whole run is timed {} time(s) the same way.\n",
        p.repeats, p.repeats
    );
    s.push_str("| totals | ms |\n|---|---:|\n");
    for (k, v) in totals(p) {
        let _ = writeln!(s, "| {k} | {v} |");
    }
    s.push_str("\n## Per case × edition, slowest first\n\n");
    s.push_str("| case | edition | rule book | plies | median ms | min ms | max ms | all rule books ms |\n|---|---|---|---:|---:|---:|---:|---:|\n");
    for c in &p.cases {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            c.case,
            c.edition,
            c.rule_book,
            c.plies,
            ms(c.own.median()),
            ms(c.own.min()),
            ms(c.own.max()),
            ms(c.all_books)
        );
    }
    s
}

/// The rows of the totals table: what was timed, and its milliseconds.
fn totals(p: &Perf) -> [(String, String); 8] {
    let medians: Vec<Duration> = p.cases.iter().map(|c| c.own.median()).collect();
    let total: Duration = medians.iter().sum();
    let total_all: Duration = p.cases.iter().map(|c| c.all_books).sum();
    let mut sorted = medians.clone();
    sorted.sort();
    let middle = Samples(sorted).median();
    [
        (
            "whole run, rule-book table included (`pipeline::results`, every processor)"
                .to_string(),
            ms(p.whole_run.median()),
        ),
        (
            "main run only (`run::judge_all` + `results::build`, every processor)".to_string(),
            ms(p.main_run.median()),
        ),
        (
            "reading and linting the corpus (`corpus::load`)".to_string(),
            ms(p.lint.median()),
        ),
        (
            "rendering the three reports (`report::render`)".to_string(),
            ms(p.render.median()),
        ),
        (
            format!(
                "{} case × edition, sum of the medians, own rule book (one thread)",
                p.cases.len()
            ),
            ms(total),
        ),
        (
            "the same under all the rule books (one thread)".to_string(),
            ms(total_all),
        ),
        (
            "median case × edition, own rule book".to_string(),
            ms(middle),
        ),
        (
            format!(
                "slowest case × edition ({})",
                p.cases
                    .first()
                    .map_or("—".to_string(), |c| format!("{} [{}]", c.case, c.edition))
            ),
            p.cases
                .first()
                .map_or("—".to_string(), |c| ms(c.own.median())),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(ms: u64) -> Duration {
        Duration::from_millis(ms)
    }

    #[test]
    fn medians() {
        assert_eq!(Samples(vec![d(3), d(1), d(2)]).median(), d(2));
        assert_eq!(
            Samples(vec![d(4), d(1), d(2), d(3)]).median(),
            d(2) + d(1) / 2
        );
        assert_eq!(Samples(vec![]).median(), d(0));
    }

    #[test]
    fn the_file_differs_only_in_its_numbers() {
        let perf = |a: u64, b: u64| Perf {
            machine: Machine {
                model: Some("Test CPU".into()),
                nproc: 2,
            },
            repeats: 3,
            cases: vec![
                CaseTiming {
                    case: "slow".into(),
                    edition: "cxa2011".into(),
                    rule_book: "cxa2011".into(),
                    plies: 8,
                    own: Samples(vec![d(a), d(a + 2), d(a + 1)]),
                    all_books: d(4 * a),
                },
                CaseTiming {
                    case: "fast".into(),
                    edition: "cxa2011".into(),
                    rule_book: "cxa2011".into(),
                    plies: 4,
                    own: Samples(vec![d(b); 3]),
                    all_books: d(4 * b),
                },
            ],
            whole_run: Samples(vec![d(a + b); 3]),
            main_run: Samples(vec![d(a); 3]),
            lint: Samples(vec![d(1); 3]),
            render: Samples(vec![d(1); 3]),
            optimised: true,
        };
        let (x, y) = (render(&perf(100, 10)), render(&perf(200, 20)));
        assert_eq!(x.lines().count(), y.lines().count());
        let strip = |s: &str| s.replace(|c: char| c.is_ascii_digit() || c == '.', "");
        assert_eq!(strip(&x), strip(&y));
        assert!(x.contains("Machine: Test CPU, 2 processor(s) available (nproc)."));
        assert!(
            x.contains("| slowest case × edition (slow [cxa2011]) | 101.0 |"),
            "{x}"
        );
        assert!(x.contains("| slow | cxa2011 | cxa2011 | 8 | 101.0 | 100.0 | 102.0 | 400.0 |"));
        assert!(x.contains("cargo bench"));
    }
}

//! `qili run`: judge the corpus, compare, write (or check) the reports.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use qili::rules::{RuleBook, RuleBookId};

use super::{load_corpus, CliError, CliResult};
use qili_corpus::corpus::Corpus;
use qili_harness::engines::{self, conformance::Conformance};
use qili_harness::results::Results;
use qili_harness::{pipeline, report, run};

/// Failures listed on the terminal; the reports have all of them.
const MAX_LISTED: usize = 40;

#[derive(clap::Args)]
pub struct Args {
    /// The corpus directory (never written to).
    #[arg(long, default_value = "corpus", value_name = "DIR")]
    pub corpus: PathBuf,
    /// Where the reports go [default: reports, or conformance with --engine, so that the
    /// committed reports stay those of a plain run].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Judge every edition under this rule book instead of its own (see `qili rules`).
    #[arg(long, value_name = "R", value_parser = clap::value_parser!(RuleBookId))]
    pub rules: Option<RuleBookId>,
    /// Only cases whose id or title contains TEXT, or that carry the tag TEXT.
    #[arg(long, value_name = "TEXT")]
    pub filter: Option<String>,
    /// Write nothing: exit 1 if the reports in --out differ from a fresh run.
    #[arg(long)]
    pub check: bool,
    /// The recorded disagreements [default: DIR/../expectations/disagreements.yaml].
    #[arg(long, value_name = "FILE")]
    pub expectations: Option<PathBuf>,
    /// Also ask the engine NAME, an adapter started as COMMAND that speaks JSON lines
    /// (docs/engines.md); repeatable. Adds its column to the reports and writes engines.md
    /// and engines.json (with timings) beside them.
    #[arg(long = "engine", value_name = "NAME=COMMAND", value_parser = engines::Engine::parse)]
    pub engines: Vec<engines::Engine>,
    /// Ask only the --engine adapters: qili judges nothing, only engines.md and engines.json
    /// are written.
    #[arg(long, requires = "engines")]
    pub engines_only: bool,
    /// Seconds an adapter has to answer each request before it is killed.
    #[arg(long, value_name = "SECS", default_value_t = engines::DEFAULT_TIMEOUT.as_secs_f64())]
    pub engine_timeout: f64,
}

/// The reports' directory when --out is not given.
fn default_out(args: &Args) -> PathBuf {
    PathBuf::from(if args.engines.is_empty() {
        "reports"
    } else {
        "conformance"
    })
}

/// One line per engine for the terminal: its agreement over all rule books and its timing.
fn engine_lines(c: &Conformance, timings: &[engines::Timing]) -> Vec<String> {
    let all = c.table.iter().find(|r| r.rule_book == "all");
    timings
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let tally = all.and_then(|r| r.cells.get(i));
            let mut line = format!("engine {}:", t.engine);
            if let Some(t) = tally {
                line.push_str(&format!(
                    " verdicts agreeing {} / {}",
                    t.verdicts_agreeing, t.cases
                ));
                if t.errors > 0 {
                    line.push_str(&format!(", {} errors", t.errors));
                }
                if t.unsupported > 0 {
                    line.push_str(&format!(", {} unsupported", t.unsupported));
                }
            }
            line.push_str(&format!(
                ", {} requests in {:.0} ms (median {:.2} ms, max {:.2} ms)",
                t.requests, t.wall_ms, t.median_ms, t.max_ms
            ));
            if let Some(g) = c.engines.get(i).and_then(|e| e.given_up.as_deref()) {
                line.push_str(&format!("; given up: {g}"));
            }
            line
        })
        .collect()
}

/// The absolute form of a path that may not exist yet (its nearest existing ancestor
/// canonicalised, the rest appended).
fn absolute(p: &Path) -> PathBuf {
    let abs = std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let mut existing = abs.as_path();
    let mut rest = Vec::new();
    while !existing.exists() {
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                existing = parent;
            }
            _ => break,
        }
    }
    let mut out = existing
        .canonicalize()
        .unwrap_or_else(|_| existing.to_path_buf());
    for n in rest.into_iter().rev() {
        out.push(n);
    }
    out
}

/// Refuse an output directory inside (or equal to) the corpus.
pub fn guard_out(corpus: &Path, out: &Path) -> Result<(), CliError> {
    let (c, o) = (absolute(corpus), absolute(out));
    if o.starts_with(&c) {
        return Err(CliError(format!(
            "--out {} is inside the corpus directory {}; tools never write into the corpus, choose another directory",
            out.display(),
            corpus.display()
        )));
    }
    Ok(())
}

pub fn main(args: Args) -> CliResult {
    let out = args.out.clone().unwrap_or_else(|| default_out(&args));
    guard_out(&args.corpus, &out)?;
    let timeout = check_options(&args)?;
    let rules = args.rules.map(RuleBook::get);
    let (corpus, exp) = load_corpus(&args.corpus, args.expectations.as_deref(), true)?;
    if let Some(f) = &args.filter {
        check_filter(&corpus, f, &args.corpus)?;
    }
    let options = run::Options {
        rules,
        filter: args.filter.clone(),
        progress: true,
    };
    if args.engines_only {
        return engines_only(&corpus, &options, &args.engines, timeout, &out);
    }
    let mut asked = vec![engines::Engine::builtin()];
    asked.extend(args.engines.iter().cloned());
    let (results, timings) = pipeline::with_engines(&corpus, &exp, &options, &asked, timeout);
    drop(corpus);
    let engine_reports = if args.engines.is_empty() {
        Vec::new()
    } else {
        report::engines::render(&results.engines, &timings)
    };
    let mut names: Vec<&str> = report::FILES.to_vec();
    names.extend(engine_reports.iter().map(|r| r.name));

    // Reports first: whatever happens to the terminal output, the run's work is on disk.
    let stale = if args.check {
        check_reports(&results, &out)?
    } else {
        write_reports(&results, &engine_reports, &out)?;
        Vec::new()
    };

    // The same counts under the same names as the reports' totals.
    super::emit(
        results
            .totals
            .rows()
            .iter()
            .map(|row| format!("{} {}", row.english, row.value))
            .collect::<Vec<_>>()
            .join(", "),
    );
    if !args.engines.is_empty() {
        for line in engine_lines(&results.engines, &timings) {
            super::emit(line);
        }
    }
    list_failures(&results.failures(), &out);
    let reports_ok = if args.check {
        say_stale(&stale, &out)
    } else {
        super::emit(wrote(&out, &names));
        true
    };
    Ok(if results.passes() && reports_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The options that contradict each other or are out of range; the engines' timeout.
fn check_options(args: &Args) -> Result<std::time::Duration, CliError> {
    if args.check && args.filter.is_some() {
        return Err(CliError(
            "--check compares the reports of a whole run; drop --filter".into(),
        ));
    }
    if args.check && !args.engines.is_empty() {
        return Err(CliError(
            "--check compares the reports of a plain run (qili alone); drop --engine".into(),
        ));
    }
    if !(args.engine_timeout.is_finite() && args.engine_timeout > 0.0) {
        return Err(CliError(format!(
            "--engine-timeout {}: expected a number of seconds above 0",
            args.engine_timeout
        )));
    }
    let timeout = std::time::Duration::from_secs_f64(args.engine_timeout.min(86_400.0));
    let mut names = std::collections::BTreeSet::new();
    for e in &args.engines {
        if !names.insert(e.name.as_str()) {
            return Err(CliError(format!(
                "--engine {}: the name is given twice; each engine needs its own",
                e.name
            )));
        }
    }
    Ok(timeout)
}

/// A filter that matches no case (sound or broken) is an error: nothing would be judged.
fn check_filter(corpus: &Corpus, f: &str, dir: &Path) -> Result<(), CliError> {
    let sound = corpus.cases.iter().any(|c| run::selected(c, Some(f)));
    if !sound && !corpus.broken.iter().any(|b| b.id.contains(f)) {
        return Err(CliError(format!(
            "--filter {f}: matches no case (no id or title contains it, no case carries it as a tag) of the {} in {}; nothing judged, no report written",
            corpus.cases.len() + corpus.broken.len(),
            dir.display()
        )));
    }
    Ok(())
}

/// `--engines-only`: ask the adapters alone and write engines.md and engines.json.
fn engines_only(
    corpus: &Corpus,
    options: &run::Options,
    engines: &[engines::Engine],
    timeout: std::time::Duration,
    out: &Path,
) -> CliResult {
    let (conformance, timings) = pipeline::engines_only(corpus, options, engines, timeout);
    report::write_set(out, &report::engines::render(&conformance, &timings))
        .map_err(|e| CliError(format!("writing the reports: {e}")))?;
    for line in engine_lines(&conformance, &timings) {
        super::emit(line);
    }
    super::emit(wrote(out, &report::engines::ENGINE_FILES));
    Ok(ExitCode::SUCCESS)
}

/// `--check`: the reports in `out` that differ from this run's. Each is rendered, compared
/// and dropped before the next: one is held at a time.
fn check_reports(results: &Results, out: &Path) -> Result<Vec<report::StaleReport>, CliError> {
    let mut stale = Vec::new();
    report::each(results, |r| {
        stale.extend(report::check(out, std::slice::from_ref(&r)));
        Ok::<(), CliError>(())
    })?;
    Ok(stale)
}

/// Write the reports (and the engines' beside them) as one set: each is rendered, written and
/// dropped before the next, and the set is committed together.
fn write_reports(
    results: &Results,
    engine_reports: &[report::Rendered],
    out: &Path,
) -> Result<(), CliError> {
    let writing = |e: String| CliError(format!("writing the reports: {e}"));
    let mut set = report::disk::SetWriter::begin(out).map_err(writing)?;
    report::each(results, |r| set.write(r.name, r.content.as_bytes())).map_err(writing)?;
    for r in engine_reports {
        set.write(r.name, r.content.as_bytes()).map_err(writing)?;
    }
    set.commit(|_| true).map_err(writing)?;
    Ok(())
}

/// The first [`MAX_LISTED`] failures, and how many more the summary has.
fn list_failures(failures: &[String], out: &Path) {
    for f in failures.iter().take(MAX_LISTED) {
        super::emit(f);
    }
    if failures.len() > MAX_LISTED {
        super::emit(format!(
            "… and {} more (all of them in {})",
            failures.len() - MAX_LISTED,
            out.join("summary.md").display()
        ));
    }
}

/// Say which reports are stale, or that all are up to date (true).
fn say_stale(stale: &[report::StaleReport], out: &Path) -> bool {
    for s in stale {
        super::emit(format!("stale report: {}: {}", s.path.display(), s.why));
    }
    if stale.is_empty() {
        super::emit(format!("reports in {} are up to date", out.display()));
        true
    } else {
        super::emit("run `qili run` and commit the reports");
        false
    }
}

/// "wrote" and the files, in `out`.
fn wrote(out: &Path, names: &[&str]) -> String {
    format!(
        "wrote {}",
        names
            .iter()
            .map(|f| out.join(f).display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    )
}

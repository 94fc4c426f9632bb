//! `qili run`: judge the corpus, compare, write (or check) the reports.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use qili::rules::{RuleBook, RuleBookId};

use super::{load_corpus, CliError, CliResult};
use crate::{pipeline, report, run};

/// Failures listed on the terminal; the reports have all of them.
const MAX_LISTED: usize = 40;

#[derive(clap::Args)]
pub struct Args {
    /// The corpus directory (never written to).
    #[arg(long, default_value = "corpus", value_name = "DIR")]
    pub corpus: PathBuf,
    /// Where the reports go.
    #[arg(long, default_value = "reports", value_name = "DIR")]
    pub out: PathBuf,
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
    guard_out(&args.corpus, &args.out)?;
    if args.check && args.filter.is_some() {
        return Err(CliError(
            "--check compares the reports of a whole run; drop --filter".into(),
        ));
    }
    let rules = args.rules.map(RuleBook::get);
    let (corpus, exp) = load_corpus(&args.corpus, args.expectations.as_deref(), true)?;
    if let Some(f) = &args.filter {
        let sound = corpus.cases.iter().any(|c| run::selected(c, Some(f)));
        if !sound && !corpus.broken.iter().any(|b| b.id.contains(f.as_str())) {
            return Err(CliError(format!(
                "--filter {f}: matches no case (no id or title contains it, no case carries it as a tag) of the {} in {}; nothing judged, no report written",
                corpus.cases.len() + corpus.broken.len(),
                args.corpus.display()
            )));
        }
    }
    let options = run::Options {
        rules,
        filter: args.filter.clone(),
        progress: true,
    };
    let results = pipeline::results(&corpus, &exp, &options);
    let rendered = report::render(&results);

    // Reports first: whatever happens to the terminal output, the run's work is on disk.
    let mut ok = results.passes();
    let stale = if args.check {
        report::check(&args.out, &rendered)
    } else {
        report::write_set(&args.out, &rendered)
            .map_err(|e| CliError(format!("writing the reports: {e}")))?;
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
    let failures = results.failures();
    for f in failures.iter().take(MAX_LISTED) {
        super::emit(f);
    }
    if failures.len() > MAX_LISTED {
        super::emit(format!(
            "… and {} more (all of them in {})",
            failures.len() - MAX_LISTED,
            args.out.join("summary.md").display()
        ));
    }
    if args.check {
        for s in &stale {
            super::emit(format!("stale report: {}: {}", s.path.display(), s.why));
        }
        if stale.is_empty() {
            super::emit(format!("reports in {} are up to date", args.out.display()));
        } else {
            super::emit("run `qili run` and commit the reports");
            ok = false;
        }
    } else {
        super::emit(format!(
            "wrote {}",
            report::FILES
                .iter()
                .map(|f| args.out.join(f).display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

//! `qili perf`: time every case × edition and the whole run, write `reports/perf.md`.

use std::path::PathBuf;
use std::process::ExitCode;

use super::{load_corpus, CliError, CliResult};
use qili_harness::perf;

#[derive(clap::Args)]
pub struct Args {
    /// The corpus directory (never written to).
    #[arg(long, default_value = "corpus", value_name = "DIR")]
    pub corpus: PathBuf,
    /// Where the timings go.
    #[arg(long, default_value = "reports/perf.md", value_name = "FILE")]
    pub out: PathBuf,
    /// How many times each thing is timed (the median is reported; 1 to 1000,
    /// MAX_PERF_REPEATS).
    #[arg(long, default_value_t = 5, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=i64::from(qili_io::bounds::MAX_PERF_REPEATS)))]
    pub repeats: u32,
}

pub fn main(args: Args) -> CliResult {
    let parent = args
        .out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    super::run::guard_out(&args.corpus, parent)?;
    let (corpus, exp) = load_corpus(&args.corpus, None, true)?;
    if cfg!(debug_assertions) {
        eprintln!("warning: qili was built without optimisations; time a --release build");
    }
    eprintln!(
        "timing {} case(s), {} time(s) each …",
        corpus.cases.len(),
        args.repeats
    );
    let p = perf::measure(&corpus, &exp, args.repeats as usize);
    std::fs::create_dir_all(parent)
        .and_then(|()| std::fs::write(&args.out, perf::render(&p)))
        .map_err(|e| CliError(format!("writing {}: {e}", args.out.display())))?;
    let total: std::time::Duration = p.cases.iter().map(|c| c.own.median()).sum();
    super::emit(format!(
        "whole run {:.0} ms (main run {:.0} ms); {} case × edition, {:.0} ms in all on one thread; wrote {}",
        p.whole_run.median().as_secs_f64() * 1e3,
        p.main_run.median().as_secs_f64() * 1e3,
        p.cases.len(),
        total.as_secs_f64() * 1e3,
        args.out.display()
    ));
    Ok(ExitCode::SUCCESS)
}

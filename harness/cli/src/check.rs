//! `qili check`: lint every case file and the disagreements file.

use std::path::PathBuf;
use std::process::ExitCode;

use super::{load_corpus, CliResult};

#[derive(clap::Args)]
pub struct Args {
    /// The corpus directory.
    #[arg(long, default_value = "corpus", value_name = "DIR")]
    pub corpus: PathBuf,
    /// The recorded disagreements [default: DIR/../expectations/disagreements.yaml].
    #[arg(long, value_name = "FILE")]
    pub expectations: Option<PathBuf>,
}

pub fn main(args: Args) -> CliResult {
    let (corpus, exp) = load_corpus(&args.corpus, args.expectations.as_deref(), false)?;
    let mut problems = 0;
    for p in corpus.problems().chain(&exp.problems) {
        super::emit(format!("{p}"));
        problems += 1;
    }
    let files = corpus.cases.len() + corpus.broken.len();
    eprintln!(
        "checked {files} case file(s) and {} record(s): {problems} problem(s)",
        exp.records.len()
    );
    Ok(if problems == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

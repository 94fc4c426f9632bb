//! The `qili` command line: argument parsing with clap, one module per command.

pub mod check;
pub mod convert;
pub mod diff;
pub mod game;
pub mod input;
pub mod judge;
pub mod moves;
pub mod perf;
pub mod perft;
pub mod record;
pub mod rules;
pub mod run;
pub mod scan;
pub mod show;
pub mod table;

use std::path::{Path, PathBuf};

/// An error for the user: what went wrong, naming the file, field or ply. Printed as
/// `error: …` with exit status 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct CliError(pub String);

impl From<String> for CliError {
    fn from(s: String) -> Self {
        CliError(s)
    }
}

pub type CliResult = Result<std::process::ExitCode, CliError>;

/// What `--expectations` takes for no recorded disagreements at all.
pub const NO_EXPECTATIONS: &str = "none";

/// Read the corpus directory `dir` and its disagreements file (`expectations`, or the one
/// beside the corpus: [`default_expectations`]; [`NO_EXPECTATIONS`] for none). With
/// `must_exist`, a missing directory is named as such rather than as a read error. A missing
/// disagreements file is an error, whether named or the default: a misspelt name must not
/// read as "no disagreements recorded". Every `*.yml` file of the corpus, which is not read,
/// is warned about on standard error.
pub fn load_corpus(
    dir: &Path,
    expectations: Option<&Path>,
    must_exist: bool,
) -> Result<
    (
        qili_corpus::corpus::Corpus,
        qili_harness::expectations::Expectations,
    ),
    CliError,
> {
    if must_exist && !dir.is_dir() {
        return Err(CliError(format!(
            "the corpus directory {} does not exist; run from the repository root or pass --corpus DIR",
            dir.display()
        )));
    }
    let corpus = qili_corpus::corpus::load(dir).map_err(|e| {
        CliError(format!(
            "cannot read the corpus directory {}: {e}",
            dir.display()
        ))
    })?;
    for f in &corpus.ignored {
        let stem = f.file_stem().unwrap_or_default().to_string_lossy();
        eprintln!(
            "warning: {} is not read: case files end in .yaml (rename it {stem}.yaml)",
            qili_corpus::corpus::display_name(dir, f)
        );
    }
    if expectations.is_some_and(|p| p.as_os_str() == NO_EXPECTATIONS) {
        return Ok((corpus, qili_harness::expectations::none()));
    }
    let path = expectations.map_or_else(|| default_expectations(dir), Path::to_path_buf);
    if let Err(e) = std::fs::metadata(&path) {
        if e.kind() == std::io::ErrorKind::NotFound {
            let what = match expectations {
                Some(_) => format!("--expectations {}: no such file", path.display()),
                None => format!(
                    "the disagreements file {} does not exist (the default for the corpus {})",
                    path.display(),
                    dir.display()
                ),
            };
            return Err(CliError(format!(
                "{what}; give the file with --expectations FILE, or --expectations {NO_EXPECTATIONS} to run without recorded disagreements"
            )));
        }
    }
    let exp = qili_harness::expectations::load(&path, &path.display().to_string(), &corpus);
    Ok((corpus, exp))
}

/// The disagreements file that belongs to a corpus directory: `<corpus>/../expectations/…`.
pub fn default_expectations(corpus: &Path) -> PathBuf {
    let parent = corpus
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let p = parent.join("expectations").join("disagreements.yaml");
    p.strip_prefix("./").map(Path::to_path_buf).unwrap_or(p)
}

/// Print to stdout. A closed pipe (`qili perft … | head`) ends the output quietly instead of
/// panicking as `println!` would.
pub fn emit(text: impl AsRef<str>) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out
        .write_all(text.as_ref().as_bytes())
        .and_then(|()| out.write_all(b"\n"));
}

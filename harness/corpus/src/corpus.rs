//! A corpus directory: every `*.yaml` file linted, ids checked unique across files, cases in
//! id order. A broken file never stops the others.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::case::Case;
use crate::lint::{lint_file, FileLint};
use crate::problem::Problem;

/// A file that did not lint.
#[derive(Clone, Debug, Serialize)]
pub struct BrokenFile {
    /// The file's name without `.yaml` (the id it should have).
    pub id: String,
    /// The file as reports name it: `corpus/<id>.yaml`.
    pub file: String,
    pub problems: Vec<Problem>,
}

/// Everything loaded from a corpus directory.
#[derive(Debug, Default)]
pub struct Corpus {
    pub dir: PathBuf,
    /// Sound cases, by id.
    pub cases: Vec<Case>,
    /// Files with problems, by file name.
    pub broken: Vec<BrokenFile>,
    /// Files that look like case files but are not read: `*.yml`, `*.YAML` (only `*.yaml` is).
    pub ignored: Vec<PathBuf>,
}

impl Corpus {
    /// Every problem of every file, in file order.
    pub fn problems(&self) -> impl Iterator<Item = &Problem> {
        self.broken.iter().flat_map(|b| b.problems.iter())
    }

    pub fn case(&self, id: &str) -> Option<&Case> {
        self.cases.iter().find(|c| c.id == id)
    }

    /// Whether `id` names a file that exists but did not lint.
    pub fn is_broken(&self, id: &str) -> bool {
        self.broken.iter().any(|b| b.id == id)
    }
}

/// The `*.yaml` files directly in `dir`, sorted by name.
pub fn case_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    Ok(scan(dir)?.0)
}

/// The `*.yaml` files directly in `dir`, and the files that look like case files but are not
/// read (another spelling of the extension: `.yml`, `.YAML`), each sorted by name.
pub fn scan(dir: &Path) -> io::Result<(Vec<PathBuf>, Vec<PathBuf>)> {
    let mut files = Vec::new();
    let mut ignored = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if !path.is_file() {
            continue;
        }
        match path.extension() {
            Some(e) if e == "yaml" => {
                if files.len() == qili_io::bounds::MAX_CORPUS_FILES {
                    return Err(io::Error::other(format!(
                        "it holds more than {} case files (*.yaml), the most a corpus may have (MAX_CORPUS_FILES: its reports are rendered whole); split it into corpora of at most that many",
                        qili_io::bounds::thousands(qili_io::bounds::MAX_CORPUS_FILES)
                    )));
                }
                files.push(path)
            }
            Some(e) if e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml") => {
                ignored.push(path)
            }
            _ => {}
        }
    }
    files.sort();
    ignored.sort();
    Ok((files, ignored))
}

/// How a file is named in messages: as the user named the directory, then the file name.
pub fn display_name(dir: &Path, file: &Path) -> String {
    let name = file.file_name().unwrap_or_default().to_string_lossy();
    if dir.as_os_str().is_empty() || dir == Path::new(".") {
        name.into_owned()
    } else {
        format!("{}/{name}", dir.display()).replace("//", "/")
    }
}

/// Load and lint every case file of `dir`.
pub fn load(dir: &Path) -> io::Result<Corpus> {
    let (files, ignored) = scan(dir)?;
    let lints: Vec<(PathBuf, String, FileLint)> = files
        .into_iter()
        .map(|f| {
            let display = display_name(dir, &f);
            let lint = lint_file(&f, &display);
            (f, display, lint)
        })
        .collect();
    let mut corpus = assemble(dir, lints);
    corpus.ignored = ignored;
    Ok(corpus)
}

/// Combine per-file lints: cross-file checks, then sort into cases and broken files.
pub fn assemble(dir: &Path, mut lints: Vec<(PathBuf, String, FileLint)>) -> Corpus {
    // Ids must be unique across the corpus.
    let mut by_id: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, (_, _, l)) in lints.iter().enumerate() {
        if let Some((id, _)) = &l.declared_id {
            by_id.entry(id.clone()).or_default().push(i);
        }
    }
    for idxs in by_id.values().filter(|v| v.len() > 1) {
        for &i in idxs {
            let others: Vec<String> = idxs
                .iter()
                .filter(|&&j| j != i)
                .map(|&j| {
                    let (_, d, l) = &lints[j];
                    let at = l
                        .declared_id
                        .as_ref()
                        .map(|(_, at)| *at)
                        .unwrap_or_default();
                    format!("{d}:{}:{}", at.line, at.column)
                })
                .collect();
            let (_, display, l) = &mut lints[i];
            let (id, at) = l.declared_id.clone().expect("grouped by declared id");
            l.problems.push(Problem::new(
                display,
                at,
                format!(
                    "id: '{id}' is also declared by {}, expected ids unique across the corpus",
                    others.join(", ")
                ),
            ));
            l.problems.sort();
            l.case = None;
        }
    }
    let dir_name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "corpus".to_string());
    let mut corpus = Corpus {
        dir: dir.to_path_buf(),
        ..Corpus::default()
    };
    for (path, _, lint) in lints {
        match lint.case {
            Some(case) => corpus.cases.push(case),
            None => {
                let stem = path
                    .file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned();
                corpus.broken.push(BrokenFile {
                    file: format!("{dir_name}/{stem}.yaml"),
                    id: stem,
                    problems: lint.problems,
                });
            }
        }
    }
    corpus.cases.sort_by(|a, b| a.id.cmp(&b.id));
    corpus
}

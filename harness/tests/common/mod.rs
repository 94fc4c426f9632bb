//! Helpers shared by the integration tests of qili-harness and qili-cli (whose tests include
//! this file by path): scratch directories, the corpus and its fixtures, and the `qili` binary.

#![allow(dead_code)]

pub mod attacks;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh, empty scratch directory for one test (removed when dropped).
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("qili-test-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch dir");
        Scratch(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The repository's top folder, whichever harness crate's tests are running.
pub fn top() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .find(|p| p.join("corpus").is_dir() && p.join("harness").is_dir())
        .expect("the tests run inside the repository")
        .to_path_buf()
}

/// The corpus the data-driven suites run over: `$QILI_CORPUS`, or the repository's.
pub fn corpus_dir() -> PathBuf {
    std::env::var_os("QILI_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| top().join("corpus"))
}

/// Every case of that corpus with each of its published blocks (by index), the unit the
/// data-driven suites make their trials of; a case is shared by its blocks' trials.
pub fn corpus_blocks() -> Vec<(std::sync::Arc<qili_corpus::case::Case>, usize)> {
    let corpus =
        qili_corpus::corpus::load(&corpus_dir()).expect("the corpus directory is readable");
    corpus
        .cases
        .into_iter()
        .flat_map(|case| {
            let case = std::sync::Arc::new(case);
            (0..case.published.len()).map(move |block| (case.clone(), block))
        })
        .collect()
}

pub fn fixtures() -> PathBuf {
    top().join("harness/tests/fixtures")
}

/// What `qili run` exits with on the fixture corpus: 1, as the trial edition of
/// fixture-two-editions is a new disagreement (its published 将 is qili's 闲, on purpose).
pub const FIXTURES_FAIL: i32 = 1;

/// Copy the fixture cases into `dir/corpus`, with an empty disagreements file beside it
/// (`dir/expectations/disagreements.yaml`: a missing one is an error), and return the corpus
/// path.
pub fn corpus_copy(dir: &Path) -> PathBuf {
    let corpus = dir.join("corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    for e in std::fs::read_dir(fixtures()).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, corpus.join(p.file_name().unwrap())).unwrap();
    }
    std::fs::create_dir_all(dir.join("expectations")).unwrap();
    std::fs::write(dir.join("expectations/disagreements.yaml"), "").unwrap();
    corpus
}

/// Every file under `dir` with its content, sorted: a snapshot to compare before and after.
pub fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push((p.clone(), std::fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// The `qili` binary: cargo builds it for the tests of qili-cli, the crate it belongs to.
pub fn qili_bin() -> &'static str {
    // Not `env!`: qili-harness's tests include this file too, and have no binary to name.
    match option_env!("CARGO_BIN_EXE_qili") {
        Some(path) => path,
        None => panic!("the qili binary is built for qili-cli's tests only"),
    }
}

/// Run `qili` with `args` in `cwd`.
pub fn qili(cwd: &Path, args: &[&str]) -> Output {
    Command::new(qili_bin())
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("qili runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

//! Tests over the larger game collections of `../shared/games` (beside the checkout; not part
//! of the repository, see README.md's *Game records*), run with libtest-mimic so that a test
//! which cannot run says so. Where the collections are absent each such test is listed as
//! ignored, and one line counts them: "skipped for lack of ../shared: N of M tests …". Under
//! `CI=true` their absence is a failure instead, since CI has them. `QILI_SHARED` names
//! another directory holding `games/`.
//!
//! The harness's tests use this file too (`#[path]`), so that both crates skip alike.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use libtest_mimic::{Arguments, Failed, Trial};

/// `../shared/games` beside the checkout, or `$QILI_SHARED/games`.
pub fn games_dir() -> PathBuf {
    let shared = std::env::var_os("QILI_SHARED").map_or_else(
        || {
            // The crate's directory is in the workspace (its top folder holds Cargo.lock, crates
            // may be nested: engine/core), which is beside `shared`.
            let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
            let workspace = crate_dir
                .ancestors()
                .find(|d| d.join("Cargo.lock").is_file())
                .unwrap_or(crate_dir);
            workspace.parent().unwrap_or(workspace).join("shared")
        },
        PathBuf::from,
    );
    shared.join("games")
}

/// Whether the run is CI's (`CI=true`), where the collections must be present.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v.eq_ignore_ascii_case("true"))
}

/// For a plain `#[test]` (or a bench) that needs one file of `../shared/games` (`rel` in it):
/// its path, or `None` once `test` has said on the terminal that it is skipped for lack of it
/// (written to standard error directly, past the test harness's capture of `println!`).
/// Under `CI=true` its absence is a panic: CI has ../shared beside the checkout.
pub fn games_file(test: &str, rel: &str) -> Option<PathBuf> {
    use std::io::Write;
    let path = games_dir().join(rel);
    if path.is_file() {
        return Some(path);
    }
    assert!(
        !in_ci(),
        "{test} needs {} (absent) and CI=true: CI has ../shared beside the checkout",
        path.display()
    );
    let _ = writeln!(
        std::io::stderr(),
        "skipped for lack of ../shared: {test} needs {} (absent: the larger game collections live there, see README.md 'Game records'; with CI=true it fails instead)",
        path.display()
    );
    None
}

/// A test of the suite that needs `../shared/games`, given its directory.
pub struct SharedTest {
    name: String,
    run: Box<dyn FnOnce(&Path) + Send>,
}

/// A test over `../shared/games`: `run` gets the directory (it panics on failure, as a
/// `#[test]` does).
pub fn shared(name: &str, run: impl FnOnce(&Path) + Send + 'static) -> SharedTest {
    SharedTest {
        name: name.to_string(),
        run: Box::new(run),
    }
}

/// A test that needs nothing beside the checkout.
pub fn local(name: &str, run: impl FnOnce() + Send + 'static) -> Trial {
    Trial::test(name, move || {
        run();
        Ok(())
    })
}

/// Run the suite `suite`: `local` tests always, `shared` ones where `../shared/games` is (see
/// the module docs); exits with the run's status.
pub fn run(suite: &str, local: Vec<Trial>, shared: Vec<SharedTest>) -> ! {
    let dir = games_dir();
    let present = dir.is_dir();
    let ci = in_ci();
    let (total, skipped) = (local.len() + shared.len(), shared.len());
    let mut trials = local;
    for t in shared {
        let dir = dir.clone();
        let trial = Trial::test(t.name, move || {
            if !dir.is_dir() {
                return Err(Failed::from(format!(
                    "{} is absent{}",
                    dir.display(),
                    if ci {
                        " and CI=true: CI has ../shared beside the checkout, so these tests must run there"
                    } else {
                        ""
                    }
                )));
            }
            (t.run)(&dir);
            Ok(())
        });
        trials.push(trial.with_ignored_flag(!present && !ci));
    }
    let conclusion = libtest_mimic::run(&Arguments::from_args(), trials);
    if !present && skipped > 0 {
        if ci {
            println!(
                "FAILED for lack of ../shared: {skipped} of {total} tests of {suite} need {} (absent) and CI=true",
                dir.display()
            );
        } else {
            println!(
                "skipped for lack of ../shared: {skipped} of {total} tests of {suite} ({} is absent: the larger game collections live there, see README.md 'Game records'; with CI=true they fail instead)",
                dir.display()
            );
        }
    }
    conclusion.exit()
}

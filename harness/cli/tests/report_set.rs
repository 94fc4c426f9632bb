//! The reports are written as one set (issue 19): replaced whole or not at all, by several
//! runs at once into one directory without a failure, keeping what else the directory holds,
//! with every error naming its path, and what a killed run left removed by the next.

#[path = "../../tests/common/mod.rs"]
mod common;

use std::path::Path;
use std::process::{Command, Stdio};

use common::*;
use qili_harness::report;

fn temporaries(parent: &Path) -> Vec<String> {
    std::fs::read_dir(parent)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(report::disk::TEMP_INFIX))
        .collect()
}

#[test]
fn concurrent_runs_into_one_directory_all_succeed() {
    let s = Scratch::new("bounds-concurrent");
    corpus_copy(s.path());
    let o = qili(s.path(), &["run", "--corpus", "corpus", "--out", "alone"]);
    let code = o.status.code();
    std::fs::create_dir_all(s.path().join("reports")).unwrap();
    std::fs::write(s.path().join("reports/perf.md"), "kept").unwrap();
    let children: Vec<_> = (0..8)
        .map(|_| {
            Command::new(env!("CARGO_BIN_EXE_qili"))
                .args(["run", "--corpus", "corpus", "--out", "reports"])
                .current_dir(s.path())
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for c in children {
        let o = c.wait_with_output().unwrap();
        assert_eq!(o.status.code(), code, "{}", stderr(&o));
    }
    // One whole set, the same as a run alone, with the other file kept, and no temporary left.
    let reports = s.path().join("reports");
    for f in report::FILES {
        assert_eq!(
            std::fs::read(reports.join(f)).unwrap(),
            std::fs::read(s.path().join("alone").join(f)).unwrap(),
            "{f}"
        );
    }
    assert_eq!(
        std::fs::read_to_string(reports.join("perf.md")).unwrap(),
        "kept"
    );
    assert_eq!(std::fs::read_dir(&reports).unwrap().count(), 4);
    assert!(
        temporaries(s.path()).is_empty(),
        "{:?}",
        temporaries(s.path())
    );
}

fn rendered(tag: &str) -> Vec<report::Rendered> {
    report::FILES
        .iter()
        .map(|&name| report::Rendered {
            name,
            content: format!("{tag} {name}"),
        })
        .collect()
}

#[test]
fn a_set_is_replaced_whole_or_not_at_all() {
    let s = Scratch::new("bounds-set");
    let out = s.path().join("out");
    report::write_set(&out, &rendered("old")).unwrap();
    std::fs::write(out.join("perf.md"), "perf").unwrap();
    report::write_set(&out, &rendered("new")).unwrap();
    for f in report::FILES {
        assert_eq!(
            std::fs::read_to_string(out.join(f)).unwrap(),
            format!("new {f}")
        );
    }
    assert_eq!(
        std::fs::read_to_string(out.join("perf.md")).unwrap(),
        "perf"
    );
    assert!(temporaries(s.path()).is_empty());

    // A directory that holds directories is not a reports directory (`--out .`): refused
    // before anything is written.
    std::fs::create_dir_all(out.join("extra")).unwrap();
    let e = report::write_set(&out, &rendered("newer")).unwrap_err();
    assert_eq!(
        e,
        format!("{} holds the directory extra, expected a directory of reports only (the reports replace the whole directory as one set): choose another --out", out.display())
    );
    assert_eq!(
        std::fs::read_to_string(out.join("summary.md")).unwrap(),
        "new summary.md"
    );
    assert!(temporaries(s.path()).is_empty());
    std::fs::remove_dir(out.join("extra")).unwrap();

    // A write that fails part-way (the third report cannot be created) leaves the old set and
    // no temporary, and the error names the path.
    let mut broken = rendered("newer");
    broken[2].name = "no-such-dir/results.json";
    let e = report::write_set(&out, &broken).unwrap_err();
    assert!(
        e.starts_with("cannot write ") && e.contains("no-such-dir/results.json: "),
        "{e}"
    );
    for f in report::FILES {
        assert_eq!(
            std::fs::read_to_string(out.join(f)).unwrap(),
            format!("new {f}")
        );
    }
    assert!(temporaries(s.path()).is_empty());

    // An output path that is a file is named.
    let file = s.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    let e = report::write_set(&file, &rendered("x")).unwrap_err();
    assert_eq!(
        e,
        format!(
            "{} is not a directory, expected a directory for the reports",
            file.display()
        )
    );
    let e = report::write_set(&file.join("sub"), &rendered("x")).unwrap_err();
    assert!(e.contains(&file.display().to_string()), "{e}");

    // What a killed run left (its process gone) is removed by the next.
    let mut gone = Command::new("true").spawn().unwrap();
    let pid = gone.id();
    gone.wait().unwrap();
    let left = s
        .path()
        .join(format!(".out{}{pid}-abc", report::disk::TEMP_INFIX));
    std::fs::create_dir_all(&left).unwrap();
    std::fs::write(left.join("summary.md"), "half").unwrap();
    report::write_set(&out, &rendered("again")).unwrap();
    assert!(!left.exists());
    assert!(temporaries(s.path()).is_empty());
}

/// The three reports in `dir`, or `None` for one that cannot be read.
fn set(dir: &Path) -> Vec<Option<Vec<u8>>> {
    report::FILES
        .iter()
        .map(|f| std::fs::read(dir.join(f)).ok())
        .collect()
}

#[test]
fn a_killed_run_leaves_the_old_set_or_the_new_one() {
    let s = Scratch::new("bounds-kill");
    corpus_copy(s.path());
    let o = qili(s.path(), &["run", "--corpus", "corpus", "--out", "fresh"]);
    assert_eq!(o.status.code(), Some(FIXTURES_FAIL), "{}", stderr(&o));
    let new = set(&s.path().join("fresh"));
    let reports = s.path().join("reports");
    let old = rendered("old");
    report::write_set(&reports, &old).unwrap();
    let old: Vec<Option<Vec<u8>>> = old
        .iter()
        .map(|r| Some(r.content.clone().into_bytes()))
        .collect();
    // Killed at moments spread over a run: whatever the moment, the directory holds one whole
    // set. (The moments vary from machine to machine; what is asserted does not.)
    for i in 0..12u64 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_qili"))
            .args(["run", "--corpus", "corpus", "--out", "reports"])
            .current_dir(s.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(i * i * 3));
        let _ = child.kill();
        child.wait().unwrap();
        let now = set(&reports);
        assert!(now == old || now == new, "a mixed set after a kill {i}");
        if now == new {
            report::write_set(&reports, &rendered("old")).unwrap();
        }
    }
    // What the killed runs left is removed by the next run that finishes.
    let o = qili(s.path(), &["run", "--corpus", "corpus", "--out", "reports"]);
    assert_eq!(o.status.code(), Some(FIXTURES_FAIL), "{}", stderr(&o));
    assert_eq!(set(&reports), new);
    assert!(
        temporaries(s.path()).is_empty(),
        "{:?}",
        temporaries(s.path())
    );
}

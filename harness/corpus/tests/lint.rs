//! UI tests of the lint, in the manner of rustc's: each `tests/lint/*.yaml` is a small broken
//! case and `*.expected` holds the exact problems it must produce, `file:line:column: message`.
//! Run with `QILI_BLESS=1` to rewrite the expected files after a deliberate change, then review
//! the diff.

use std::path::Path;

use qili_corpus::lint::lint_file;

fn lint_ui(path: &Path) -> datatest_stable::Result<()> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let display = format!("tests/lint/{name}");
    let lint = lint_file(path, &display);
    let mut out = String::new();
    for p in &lint.problems {
        out.push_str(&format!("{p}\n"));
    }
    if lint.problems.is_empty() {
        return Err(format!("{display} is meant to be broken, but lints clean").into());
    }
    let expected_path = path.with_extension("expected");
    if std::env::var_os("QILI_BLESS").is_some() {
        std::fs::write(&expected_path, &out)?;
        return Ok(());
    }
    let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
    if out != expected {
        return Err(format!(
            "the problems of {display} differ from {}\n--- expected\n{expected}--- actual\n{out}(run with QILI_BLESS=1 to accept the actual output)",
            expected_path.display()
        )
        .into());
    }
    Ok(())
}

datatest_stable::harness! {
    { test = lint_ui, root = "tests/lint", pattern = r"\.yaml$" },
}

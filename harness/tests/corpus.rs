//! One test per `corpus/*.yaml`: the file lints clean and the engine judges every published
//! answer without an error. Whether qili *agrees* is the `outcomes` suite's business.
//!
//! `corpus/README.md` is a test too: it must print the closed tag list exactly as the code has
//! it, and keep its `## Contents` section. (It also keeps the suite from being empty, which
//! datatest-stable refuses, before the first case lands.)

use std::path::Path;

use qili_corpus::lint::lint_file;
use qili_harness::run::{judge_block, Judged};

fn readme(path: &Path) -> datatest_stable::Result<()> {
    let text = std::fs::read_to_string(path)?;
    let table = qili_corpus::tags::markdown_table();
    if !text.contains(&table) {
        return Err(format!(
            "corpus/README.md does not print the tag list of harness/corpus/src/tags.rs; expected this table:\n{table}"
        )
        .into());
    }
    if !text.contains("\n## Contents\n") {
        return Err("corpus/README.md lost its `## Contents` section".into());
    }
    Ok(())
}

fn lint_and_judge(path: &Path) -> datatest_stable::Result<()> {
    if path.file_name().is_some_and(|n| n == "README.md") {
        return readme(path);
    }
    let display = format!(
        "corpus/{}",
        path.file_name().unwrap_or_default().to_string_lossy()
    );
    let lint = lint_file(path, &display);
    let Some(case) = lint.case else {
        let mut msg = format!("{display} does not lint:\n");
        for p in &lint.problems {
            msg.push_str(&format!("  {p}\n"));
        }
        return Err(msg.into());
    };
    let records = qili_harness::expectations::Expectations::default();
    let mut errors = Vec::new();
    for (b, block) in case.published.iter().enumerate() {
        if let Judged::EngineError { book, message } = judge_block(&case, b, None, &records) {
            errors.push(format!("  [{}] under {book}: {message}", block.edition));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{display}: the engine could not judge it:\n{}",
            errors.join("\n")
        )
        .into())
    }
}

datatest_stable::harness! {
    { test = lint_and_judge, root = "../corpus", pattern = r"(^|/)([^/]+\.yaml|README\.md)$" },
}

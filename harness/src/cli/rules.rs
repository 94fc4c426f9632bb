//! `qili rules`: the rule books with their one-line descriptions, and the editions waiting for
//! one.

use std::process::ExitCode;

use qili::rules::RuleBook;

use super::CliResult;
use crate::edition::Edition;

pub fn main() -> CliResult {
    let books = RuleBook::all();
    let width = Edition::ALL
        .iter()
        .map(|e| e.name().len())
        .chain(books.iter().map(|b| b.id.name().len()))
        .max()
        .unwrap_or(0);
    for b in &books {
        super::emit(format!("{:width$}  {}", b.id.name(), b.description));
    }
    for e in Edition::ALL {
        if e.rule_book().is_none() {
            super::emit(format!("{:width$}  (not yet) {}", e.name(), e.chinese()));
        }
    }
    Ok(ExitCode::SUCCESS)
}

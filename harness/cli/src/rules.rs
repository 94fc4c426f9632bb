//! `qili rules`: the rule books, each with its one-line description and, indented under it, how
//! it differs from cxa2011.

use std::process::ExitCode;

use qili::rules::{RuleBook, RuleBookId};

use super::CliResult;

/// What `qili rules` prints.
pub fn text() -> String {
    let books = RuleBook::all();
    let width = books.iter().map(|b| b.id.name().len()).max().unwrap_or(0);
    let indent = " ".repeat(width + 2);
    let mut out = String::new();
    for b in &books {
        out.push_str(&format!("{:width$}  {}\n", b.id.name(), b.description));
        if b.id == RuleBookId::Cxa2011 {
            out.push_str(&format!(
                "{indent}the reference: each other rule book is listed with how it differs from it\n"
            ));
        } else if b.differences.is_empty() {
            out.push_str(&format!("{indent}no differences from cxa2011\n"));
        } else {
            for d in &b.differences {
                out.push_str(&format!("{indent}- {d}\n"));
            }
        }
    }
    out
}

pub fn main() -> CliResult {
    super::emit(text().trim_end());
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_book_and_every_difference_is_printed() {
        let t = text();
        for b in RuleBook::all() {
            assert!(
                t.lines()
                    .any(|l| l.starts_with(b.id.name()) && l.ends_with(b.description)),
                "{t}"
            );
            for d in &b.differences {
                assert!(t.lines().any(|l| l.trim_start() == format!("- {d}")), "{t}");
            }
        }
    }
}

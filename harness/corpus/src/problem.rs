//! A problem found in an input file, with where it is, printed the way editors and terminals
//! turn into links: `file:line:column: message`.

use std::fmt;

use qili_io::bounds::MAX_PROBLEMS_PER_FILE;
use serde::Serialize;

/// One thing wrong with an input file. `line` and `column` are 1-based; the column counts
/// characters, not bytes, so it matches what an editor shows on a line of Chinese text.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Problem {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl Problem {
    pub fn new(file: &str, at: crate::locate::Loc, message: impl Into<String>) -> Problem {
        Problem {
            file: file.to_string(),
            line: at.line,
            column: at.column,
            message: qili_io::bounds::clip_message(message.into()),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )
    }
}

/// Keep the first [`MAX_PROBLEMS_PER_FILE`] of a file's sorted problems; when more were found,
/// one more problem, after them, says how many were left out.
pub fn cap_problems(file: &str, problems: &mut Vec<Problem>) {
    if problems.len() <= MAX_PROBLEMS_PER_FILE {
        return;
    }
    let left_out = problems.len() - MAX_PROBLEMS_PER_FILE;
    let at = problems[MAX_PROBLEMS_PER_FILE].clone();
    problems.truncate(MAX_PROBLEMS_PER_FILE);
    problems.push(Problem {
        file: file.to_string(),
        line: at.line,
        column: at.column,
        message: format!(
            "… and {left_out} more problem(s) from here on, not listed: at most {MAX_PROBLEMS_PER_FILE} are listed per file (MAX_PROBLEMS_PER_FILE)"
        ),
    });
}

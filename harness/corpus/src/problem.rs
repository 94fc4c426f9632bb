//! A problem found in an input file, with where it is, printed the way editors and terminals
//! turn into links: `file:line:column: message`.

use std::fmt;

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
            message: crate::bounds::clip_message(message.into()),
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

//! The published verdict and its words, or the notes saying the source publishes none.

use qili::rules::Verdict;

use crate::case::raw;
use crate::locate::join;
use crate::vocabulary::{published_verdict, verdict_names};
use qili_io::bounds::clip;

use super::Linter;

impl Linter<'_> {
    /// The published verdict and its text, or neither when the source publishes no verdict
    /// (then the notes must say so). `None` when something is wrong; `Some(None)` when no
    /// verdict is published.
    pub(super) fn verdict(&mut self, path: &str, raw: &raw::Published) -> Option<Option<Verdict>> {
        let Some(name) = raw.verdict.as_deref() else {
            if raw.text.is_some() {
                self.problem(
                    &join(path, "text"),
                    "`text` without `verdict`, expected both (the published verdict and its words) or neither (the source publishes no verdict)",
                );
            }
            if !raw.notes.as_deref().is_some_and(mentions_verdict) {
                self.problem(
                    &join(path, "notes"),
                    "no `verdict`, but the notes do not say that the source publishes none, expected `notes` that mention the verdict ('verdict' or 结论) and say it is not published",
                );
            }
            return Some(None);
        };
        let verdict = published_verdict(name);
        if verdict.is_none() {
            let hint = Verdict::from_chinese(name).map_or_else(String::new, |v| {
                format!(
                    " ('{}' reads as `{}`: write that, and the book's words in `text`)",
                    clip(name),
                    v.name()
                )
            });
            self.problem(
                &join(path, "verdict"),
                format!(
                    "'{}' is not a verdict, expected one of {}{hint}",
                    clip(name),
                    verdict_names()
                ),
            );
        }
        match raw.text.as_deref() {
            None => self.problem(
                &join(path, "verdict"),
                "`verdict` without `text`, expected the published verdict, verbatim, in `text`",
            ),
            Some(t) if t.trim().is_empty() => self.problem(
                &join(path, "text"),
                "expected the published verdict, verbatim",
            ),
            Some(_) => {}
        }
        verdict.map(Some)
    }
}

/// Whether notes mention the verdict (as they must when none is published).
pub fn mentions_verdict(notes: &str) -> bool {
    notes.to_ascii_lowercase().contains("verdict") || notes.contains("结论")
}

//! `results.json`: the whole [`Results`], pretty-printed, with its schema version.

use crate::results::Results;

pub fn render(results: &Results) -> String {
    let mut s = serde_json::to_string_pretty(results).expect("results serialise to JSON");
    s.push('\n');
    s
}

//! How the reports, the errata and the rule-book table name things: a leaf module (it imports
//! nothing of this crate), so that the modules which show a ruling need not import each other.

use qili::rules::Evidence;

/// One line for tables: `24.3.direct 红马捉黑车 …` (the branch, which begins with its clause),
/// then each threat's pieces and line, and the line shown.
pub fn one_line(e: &Evidence) -> String {
    let mut s = if e.text.is_empty() {
        e.branch.id().to_string()
    } else {
        format!("{} {}", e.branch.id(), e.text)
    };
    let iccs = |line: &[qili::Move]| {
        line.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    for t in e.threats() {
        s.push_str(&format!(
            "；{}→{}（{}，{}）{}",
            t.attacker,
            t.target,
            t.kind.chinese(),
            t.rootedness.chinese(),
            iccs(&t.line)
        ));
    }
    if !e.line().is_empty() {
        s.push_str(&format!("；着法 {}", iccs(e.line())));
    }
    s
}

/// The anchor of a case × edition in `report.html`.
pub fn anchor(case: &str, edition: &str) -> String {
    format!("{case}--{edition}")
}

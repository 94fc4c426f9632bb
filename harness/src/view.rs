//! How the reports, the errata and the rule-book table name things: a leaf module (it imports
//! nothing of this crate), so that the modules which show a ruling need not import each other.

use qili::rules::Evidence;

/// One line for tables: `24.3.direct 红马捉黑车 …` (the branch, which begins with its clause
/// in the 2011 numbering; under another book's numbering, that book's clause), then each
/// threat's pieces and line, and the line shown.
pub fn one_line(e: &Evidence) -> String {
    let basis = basis(e);
    let mut s = if e.text.is_empty() {
        basis.to_string()
    } else {
        format!("{basis} {}", e.text)
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

/// The clause a ply's evidence cites: the model's branch where it is named by that clause (the
/// 2011 numbering), else the rule book's own clause (the Asian rules cite theirs).
pub fn basis(e: &Evidence) -> &str {
    let id = e.branch.id();
    if id.starts_with(e.clause.as_str()) {
        id
    } else {
        e.clause.as_str()
    }
}

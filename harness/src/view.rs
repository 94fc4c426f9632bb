//! How the reports, the errata and the rule-book table name things: a leaf module (it imports
//! nothing of this crate), so that the modules which show a ruling need not import each other.

use qili::rules::Evidence;

/// One line for tables: `24.3.direct 红马捉黑车 …` (the clause cited),
/// then each threat's pieces and line, and the line shown ([`Evidence::one_line`]).
pub fn one_line(e: &Evidence) -> String {
    e.one_line()
}

/// The anchor of a case × edition in `report.html`.
pub fn anchor(case: &str, edition: &str) -> String {
    format!("{case}--{edition}")
}

/// The clause a ply's evidence cites: the model's branch where it is named by that clause (the
/// 2011 numbering), else the rule book's own clause (the Asian rules cite theirs).
pub fn basis(e: &Evidence) -> &str {
    let id = e.branch().id();
    if id.starts_with(e.clause.as_str()) {
        id
    } else {
        e.clause.as_str()
    }
}

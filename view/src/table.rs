//! The ruling table of the reports and the scan pages: one row per ply, the cells the medium
//! chooses (the report adds the published label beside qili's). The rows carry what the
//! shared ruling-table script reads: `data-ply`, and `data-iccs` to step a board through.

use crate::html::{el, Element, Node};

/// A cell of a ply's row.
pub enum Cell {
    Text(String),
    /// ICCS, in `<code>`.
    Code(String),
    /// A label's character, centred and bold.
    Label(String),
    /// The evidence, as HTML (escaped, its squares marked: [`crate::evidence_html`]).
    Evidence(String),
}

/// One ply's row.
pub struct Row {
    pub class: &'static str,
    /// `data-ply` and `data-iccs`, for the script (none: a row it leaves alone).
    pub step: Option<(usize, String)>,
    pub cells: Vec<Cell>,
}

fn cell(c: Cell) -> Element {
    match c {
        Cell::Text(t) => el("td").text(t),
        Cell::Code(t) => el("td").child(el("code").text(t)),
        Cell::Label(t) => el("td").attr("class", "label").text(t),
        Cell::Evidence(h) => el("td").attr("class", "evidence").markup(h),
    }
}

/// `<table class="plies">` with the header `head` and the rows, a line each.
pub fn plies(head: &[&str], rows: impl IntoIterator<Item = Row>) -> Element {
    let nl = || Node::Markup("\n".into());
    let mut t = el("table")
        .attr("class", "plies")
        .child(nl())
        .child(el("tr").children(head.iter().map(|h| el("th").text(h))))
        .child(nl());
    for r in rows {
        let mut tr = el("tr").attr("class", r.class);
        if let Some((ply, iccs)) = r.step {
            tr = tr.attr("data-ply", ply).attr("data-iccs", iccs);
        }
        t.push(tr.children(r.cells.into_iter().map(cell)));
        t.push(nl());
    }
    t
}

//! The engines in the reports: the conformance table (rows: rule books, columns: engines;
//! cells: verdicts agreeing / cases) in `summary.md` and `report.html`, each engine's cell per
//! case × edition in the HTML, and `engines.md`/`engines.json` of a run with `--engine`, which
//! add the timings (they vary run to run, so the checked reports never hold them).

use std::fmt::Write;

use super::{cell, escape, Rendered};
use crate::engines::conformance::{Answer, Conformance, Row, Tally};
use crate::engines::Timing;
use crate::results::{EditionResult, SCHEMA_VERSION};

/// Failures listed per engine; the JSON has all of them.
const MAX_LISTED: usize = 20;

const ABOUT: &str = "Each engine is asked about every case × edition through the adapter protocol ([docs/engines.md](../docs/engines.md)); qili is the built-in adapter, compared by the same code. Per rule book: the verdicts agreeing with the published ones out of the case × edition that publish one; an engine's `red_loses` agrees with a published `red_must_change` (an engine that ends the game rules the side at fault lost), not the converse. Labels: agreeing / compared, where the engine gives them.";

/// One table cell: `70 / 75`, with labels, unsupported and errors when there are any.
fn tally_text(t: &Tally) -> String {
    let mut s = format!("{} / {}", t.verdicts_agreeing, t.cases);
    if t.labels_compared > 0 {
        let _ = write!(s, " (labels {} / {})", t.labels_agreeing, t.labels_compared);
    }
    if t.unsupported > 0 {
        let _ = write!(s, ", {} unsupported", t.unsupported);
    }
    if t.errors > 0 {
        let _ = write!(s, ", {} errors", t.errors);
    }
    s
}

/// Each engine's failed or erroneous cells (`case--edition: message`), and why an adapter
/// was given up.
fn problems(c: &Conformance) -> Vec<(String, Vec<String>)> {
    c.engines
        .iter()
        .enumerate()
        .map(|(i, col)| {
            let mut out: Vec<String> = col
                .given_up
                .iter()
                .map(|g| format!("given up: {g}"))
                .collect();
            out.extend(c.rows.iter().filter_map(|r| match &r.cells[i].answer {
                Answer::AdapterError { message } => {
                    Some(format!("{}: adapter error: {message}", r.anchor))
                }
                Answer::Failed { message } => Some(format!("{}: {message}", r.anchor)),
                _ => None,
            }));
            (col.name.clone(), out)
        })
        .filter(|(_, p)| !p.is_empty())
        .collect()
}

/// The conformance table and the engines' problems, in Markdown.
pub fn markdown(s: &mut String, c: &Conformance) {
    s.push_str("\n## Engines\n\n");
    if c.engines.is_empty() {
        s.push_str("No engine asked in this run.\n");
        return;
    }
    let _ = writeln!(s, "{ABOUT}\n");
    let names: Vec<String> = c
        .engines
        .iter()
        .map(|e| match &e.command {
            Some(cmd) => format!("{} (`{}`)", e.name, cell(cmd)),
            None => e.name.clone(),
        })
        .collect();
    let _ = writeln!(
        s,
        "| rule book | case × edition | {} |\n|---|---:|{}",
        names.join(" | "),
        "---|".repeat(names.len())
    );
    for row in &c.table {
        let cells: Vec<String> = row.cells.iter().map(tally_text).collect();
        let _ = writeln!(
            s,
            "| {} | {} | {} |",
            row.rule_book,
            row.runs,
            cells.join(" | ")
        );
    }
    for (engine, list) in problems(c) {
        let _ = writeln!(s, "\n{engine}: {} problems\n", list.len());
        for p in list.iter().take(MAX_LISTED) {
            let _ = writeln!(s, "- {}", cell(p));
        }
        if list.len() > MAX_LISTED {
            let _ = writeln!(s, "- … and {} more", list.len() - MAX_LISTED);
        }
    }
    if c.engines.len() > 1 {
        differing(s, c);
    }
}

/// The case × edition with a published verdict that some engine does not give.
fn differing_rows(c: &Conformance) -> Vec<&Row> {
    c.rows
        .iter()
        .filter(|r| r.published_verdict.is_some())
        .filter(|r| r.cells.iter().any(|x| x.answer.agrees() != Some(true)))
        .collect()
}

/// With several engines: the case × edition where some engine's verdict is not the
/// published one, each engine's answer in its column.
fn differing(s: &mut String, c: &Conformance) {
    let rows = differing_rows(c);
    let _ = writeln!(
        s,
        "\n{} case × edition where some engine does not give the published verdict:\n",
        rows.len()
    );
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        "| case | edition | published | {} |\n|---|---|---|{}",
        c.engines
            .iter()
            .map(|e| e.name.as_str())
            .collect::<Vec<_>>()
            .join(" | "),
        "---|".repeat(c.engines.len())
    );
    for r in rows {
        let cells: Vec<String> = r
            .cells
            .iter()
            .map(|x| match x.answer.agrees() {
                Some(true) => x.answer.short(),
                _ => format!("**{}**", x.answer.short()),
            })
            .collect();
        let _ = writeln!(
            s,
            "| [{}](report.html#{}) | {} | {} | {} |",
            r.case,
            r.anchor,
            r.edition,
            r.published_verdict.as_deref().unwrap_or("—"),
            cells.join(" | ")
        );
    }
}

/// The conformance table, in HTML.
pub fn html(s: &mut String, c: &Conformance) {
    s.push_str("<section id=\"engines\">\n<h2>Engines 引擎</h2>\n");
    if c.engines.is_empty() {
        s.push_str("<p class=\"muted\">No engine asked in this run.</p>\n</section>\n");
        return;
    }
    // The Markdown link syntax of ABOUT, as text.
    let about = ABOUT.replace(
        "([docs/engines.md](../docs/engines.md))",
        "(docs/engines.md)",
    );
    let _ = writeln!(s, "<p>{}</p>", escape(&about.replace('`', "")));
    s.push_str("<table><tr><th>rule book</th><th>case × edition</th>");
    for e in &c.engines {
        let title = e.command.as_deref().unwrap_or("built in");
        let _ = write!(
            s,
            "<th title=\"{}\">{}</th>",
            escape(title),
            escape(&e.name)
        );
    }
    s.push_str("</tr>\n");
    for row in &c.table {
        let _ = write!(
            s,
            "<tr><td>{}</td><td>{}</td>",
            escape(&row.rule_book),
            row.runs
        );
        for t in &row.cells {
            let _ = write!(s, "<td>{}</td>", escape(&tally_text(t)));
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</table>\n");
    if c.engines.len() > 1 {
        html_differing(s, c);
    }
    for (engine, list) in problems(c) {
        let _ = writeln!(
            s,
            "<p>{}: {} problems</p>\n<ul>",
            escape(&engine),
            list.len()
        );
        for p in list.iter().take(MAX_LISTED) {
            let _ = writeln!(s, "<li><code>{}</code></li>", escape(p));
        }
        if list.len() > MAX_LISTED {
            let _ = writeln!(s, "<li>… and {} more</li>", list.len() - MAX_LISTED);
        }
        s.push_str("</ul>\n");
    }
    s.push_str("</section>\n");
}

/// [`differing`] in HTML: answers other than the published verdict shaded, the message of a
/// failed one in its title.
fn html_differing(s: &mut String, c: &Conformance) {
    let rows = differing_rows(c);
    let _ = writeln!(
        s,
        "<p>{} case × edition where some engine does not give the published verdict:</p>",
        rows.len()
    );
    if rows.is_empty() {
        return;
    }
    s.push_str("<table><tr><th>case</th><th>edition</th><th>published</th>");
    for e in &c.engines {
        let _ = write!(s, "<th>{}</th>", escape(&e.name));
    }
    s.push_str("</tr>\n");
    for r in rows {
        let _ = write!(
            s,
            "<tr><td><a href=\"#{}\">{}</a></td><td>{}</td><td>{}</td>",
            escape(&r.anchor),
            escape(&r.case),
            escape(&r.edition),
            escape(r.published_verdict.as_deref().unwrap_or("—"))
        );
        for x in &r.cells {
            let class = if x.answer.agrees() == Some(true) {
                ""
            } else {
                " class=\"odd\""
            };
            let _ = write!(
                s,
                "<td{class} title=\"{}\">{}</td>",
                escape(x.answer.detail().unwrap_or("")),
                escape(&x.answer.short())
            );
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</table>\n");
}

/// Each engine's answer for one case × edition, in HTML (nothing when no engine was asked).
pub fn html_cells(s: &mut String, e: &EditionResult) {
    if e.engine_cells.is_empty() {
        return;
    }
    s.push_str("<p class=\"engines\">Engines 引擎:");
    for (i, c) in e.engine_cells.iter().enumerate() {
        let mark = match c.answer.agrees() {
            Some(true) => " ✓",
            Some(false) => " ✗",
            None => "",
        };
        let labels = match &c.answer {
            Answer::Answered {
                labels_compared,
                labels_agreeing,
                ..
            } if *labels_compared > 0 => format!(", labels {labels_agreeing}/{labels_compared}"),
            _ => String::new(),
        };
        let _ = write!(
            s,
            "{} <span title=\"{}\">{}: {}{}{}</span>",
            if i == 0 { "" } else { " ·" },
            escape(c.answer.detail().unwrap_or("")),
            escape(&c.engine),
            escape(&c.answer.short()),
            mark,
            labels
        );
    }
    s.push_str("</p>\n");
}

/// `engines.md` and `engines.json` of a run with `--engine`: the conformance table, the
/// problems and the timings.
pub fn render(c: &Conformance, timings: &[Timing]) -> Vec<Rendered> {
    let mut md = String::from("# qili: engines against the corpus\n\nGenerated by `qili run --engine …`; timings vary from run to run, so this file is not among the reports `qili run --check` compares.\n");
    markdown(&mut md, c);
    md.push_str("\n## Timings\n\nWall time for all of an engine's requests (the built-in adapter answers on every core, an external one in order through one process), and per request.\n\n| engine | requests | wall ms | median ms | max ms |\n|---|---:|---:|---:|---:|\n");
    for t in timings {
        let _ = writeln!(
            md,
            "| {} | {} | {:.1} | {:.2} | {:.2} |",
            t.engine, t.requests, t.wall_ms, t.median_ms, t.max_ms
        );
    }
    #[derive(serde::Serialize)]
    struct Json<'a> {
        schema_version: u32,
        engines: &'a Conformance,
        timings: &'a [Timing],
    }
    let mut json = serde_json::to_string_pretty(&Json {
        schema_version: SCHEMA_VERSION,
        engines: c,
        timings,
    })
    .expect("the conformance serialises");
    json.push('\n');
    vec![
        Rendered {
            name: ENGINE_FILES[0],
            content: md,
        },
        Rendered {
            name: ENGINE_FILES[1],
            content: json,
        },
    ]
}

/// The files [`render`] makes.
pub const ENGINE_FILES: [&str; 2] = ["engines.md", "engines.json"];

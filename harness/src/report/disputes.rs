//! The reports' section for real disputes (实战棋例): each ruling given at an event beside
//! qili's, one row per dispute case × edition, with the event, the year, the players, who ruled
//! and the ruling's words; a dispute whose reports disagree is marked.

use std::fmt::Write;

use super::{cell, escape};
use crate::results::{DisputeRow, Results};

/// The count line: how many rulings, and how many of their verdicts qili gives.
fn count_line(rows: &[DisputeRow]) -> String {
    let compared = rows.iter().filter(|d| d.verdict_agrees.is_some()).count();
    let agreeing = rows
        .iter()
        .filter(|d| d.verdict_agrees == Some(true))
        .count();
    let stated: usize = rows.iter().map(|d| d.labels_stated).sum();
    let labels: usize = rows.iter().map(|d| d.labels_agreeing).sum();
    format!(
        "{} ruling(s) given at events; qili gives {agreeing} of the {compared} verdicts recorded, and {labels} of the {stated} labels the sources state.",
        rows.len()
    )
}

/// The ruling as recorded: the verdict in Chinese, or that the source gives labels only.
fn ruling(d: &DisputeRow) -> String {
    d.ruling_chinese
        .clone()
        .unwrap_or_else(|| "labels only 只判着法性质".to_string())
}

/// `agrees`, `differs` or `—` (nothing to compare), for the verdict.
fn side_by_side(d: &DisputeRow) -> &'static str {
    match d.verdict_agrees {
        Some(true) => "agrees 一致",
        Some(false) => "differs 不一致",
        None => "—",
    }
}

/// `summary.md`'s section.
pub fn markdown(s: &mut String, r: &Results) {
    s.push_str("\n## Real disputes 实战棋例\n\n");
    if r.disputes.is_empty() {
        s.push_str("No case records a ruling given at an event.\n");
        return;
    }
    s.push_str("Rulings given at real events, as the sources report them (`source.kind: dispute`; corpus/disputes.md says which threads were read and why each is or is not a case), beside qili's ruling of the same cycle under the case's rule book. † another report of the ruling says something else.\n\n");
    let _ = writeln!(s, "{}\n", count_line(&r.disputes));
    s.push_str("| case | event | year | red – black | ruled by | recorded ruling | qili | verdict | labels | outcome |\n|---|---|---|---|---|---|---|---|---|---|\n");
    for d in &r.disputes {
        let _ = writeln!(
            s,
            "| [{}](report.html#{}) | {} | {} | {} – {} | {} | {}{}: {} | {} | {} | {}/{} | {} {} |",
            d.case,
            d.anchor,
            cell(&d.event),
            d.year,
            cell(&d.red),
            cell(&d.black),
            cell(&d.ruled_by),
            ruling(d),
            if d.sources_disagree { " †" } else { "" },
            cell(d.ruling_text.as_deref().unwrap_or("—")),
            d.qili_chinese.as_deref().unwrap_or("—"),
            side_by_side(d),
            d.labels_agreeing,
            d.labels_stated,
            d.outcome.name(),
            d.outcome.chinese()
        );
    }
}

/// `report.html`'s section.
pub fn html(s: &mut String, r: &Results) {
    s.push_str("<section id=\"disputes\">\n<h2>Real disputes 实战棋例</h2>\n");
    if r.disputes.is_empty() {
        s.push_str(
            "<p class=\"muted\">No case records a ruling given at an event.</p>\n</section>\n",
        );
        return;
    }
    s.push_str("<p>Rulings given at real events, as the sources report them, beside qili's ruling of the same cycle under the case's rule book. † another report of the ruling says something else (the case lists the reports).</p>\n");
    let _ = writeln!(s, "<p>{}</p>", escape(&count_line(&r.disputes)));
    s.push_str("<div class=\"scroll\"><table>\n<tr><th>case</th><th>event 赛事</th><th>year</th><th>red – black</th><th>ruled by 裁决者</th><th>recorded ruling 当时裁决</th><th>qili</th><th>verdict</th><th>labels</th><th>outcome</th></tr>\n");
    for d in &r.disputes {
        let _ = writeln!(
            s,
            "<tr class=\"{}\"><td><a href=\"#{}\">{}</a></td><td>{}</td><td>{}</td><td>{} – {}</td><td>{}</td><td><strong>{}</strong>{}<br><span class=\"muted\">{}</span></td><td>{}</td><td>{}</td><td>{}/{}</td><td>{}</td></tr>",
            if d.verdict_agrees == Some(false) { "differs" } else { "agrees" },
            escape(&d.anchor),
            escape(&d.case),
            escape(&d.event),
            d.year,
            escape(&d.red),
            escape(&d.black),
            escape(&d.ruled_by),
            escape(&ruling(d)),
            if d.sources_disagree { " †" } else { "" },
            escape(d.ruling_text.as_deref().unwrap_or("—")),
            escape(d.qili_chinese.as_deref().unwrap_or("—")),
            side_by_side(d),
            d.labels_agreeing,
            d.labels_stated,
            super::html::badge(d.outcome)
        );
    }
    s.push_str("</table></div>\n</section>\n");
}

/// The dispute's details in its case's section of `report.html`: event, game, who ruled, the
/// rules in force, and every other report of the ruling.
pub fn html_details(s: &mut String, d: &qili_corpus::case::Dispute) {
    let mut parts = vec![format!("赛事 {}", escape(&d.event)), escape(&d.date)];
    if let Some(r) = &d.round {
        parts.push(escape(r));
    }
    parts.push(format!("红 {} – 黑 {}", escape(&d.red), escape(&d.black)));
    parts.push(format!("裁决 {}", escape(&d.ruled_by)));
    if let Some(r) = &d.rules_in_force {
        parts.push(format!("规则 {}", escape(r)));
    }
    let mut source = format!("<code>{}</code>", escape(&d.thread));
    if let Some(p) = &d.post {
        let _ = write!(source, " {}", escape(p));
    }
    parts.push(source);
    let _ = writeln!(
        s,
        "<p><strong>实战棋例 dispute</strong> · {}</p>",
        parts.join(" · ")
    );
    if d.accounts.is_empty() {
        return;
    }
    if d.sources_disagree() {
        s.push_str("<p><strong>The reports of this ruling disagree 各方报道不一：</strong></p>");
    } else {
        s.push_str("<p>Other reports of the ruling 其他报道：</p>");
    }
    s.push_str("<ul>");
    for a in &d.accounts {
        let _ = write!(
            s,
            "<li>{} {}: “{}”{}</li>",
            if a.agrees { "✓" } else { "✗" },
            escape(&a.at),
            escape(&a.text),
            a.note
                .as_deref()
                .map_or(String::new(), |n| format!(" — {}", escape(n)))
        );
    }
    s.push_str("</ul>\n");
}

//! `report.html`: one self-contained page (inline CSS and SVG, one small script, no network).
//! What needs attention first (failures, new disagreements), then per case the start position
//! on a board with coordinates, and per edition the moves with the published and the engine's
//! labels side by side, the evidence, the verdicts and a unified diff of the two rulings. The
//! script steps through each edition's moves on its case's board.

use std::fmt::Write;

use qili::notation::fen;
use qili::SetupMode;
use similar::TextDiff;

use qili_view::html::el;
use qili_view::table::{self, Cell};
use qili_view::{assets, svg, BoardView};

use super::escape;
use crate::compare::Outcome;
use crate::results::{CaseResult, EditionResult, EngineResult, PlyStatus, Results};
use qili_corpus::case::{CycleClaim, Provenance, Source};

pub(crate) const STYLE: &str = r#"
body { margin: 2em auto; max-width: 72em; }
h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ccc; padding-bottom: .2em; margin-top: 2em; }
th, td { padding: .2em .5em; }
.totals td:last-child { text-align: right; }
.case-body { display: flex; gap: 1.5em; align-items: flex-start; flex-wrap: wrap; }
.case-body > .editions { flex: 1; min-width: 30em; }
.edition { border-left: 4px solid #ccc; padding-left: 1em; margin-bottom: 1.5em; }
.edition.agrees { border-color: #2a8a2a; } .edition.recorded { border-color: #d9a400; }
.edition.new, .edition.stale, .edition.broken { border-color: #c00; }
.badge { display: inline-block; padding: 0 .5em; border-radius: .6em; font-size: .85em; color: #fff; background: #999; }
.badge.agrees { background: #2a8a2a; } .badge.recorded { background: #b38600; }
.badge.new, .badge.stale, .badge.broken { background: #c00; }
tr.differs td { background: #fde2e2; } tr.recorded td { background: #fff4cc; }
.evidence { font-size: .9em; color: #444; }
pre.diff { background: #f8f8f8; padding: .6em; border: 1px solid #ddd; overflow-x: auto; }
pre.diff .del { color: #a00; } pre.diff .ins { color: #070; } pre.diff .hunk { color: #777; }
.muted { color: #777; }
td.own { font-weight: bold; } td.odd { background: #fff4cc; }
nav ul { columns: 2; } nav li { break-inside: avoid; }
#failures { border: 2px solid #c00; background: #fff5f5; padding: .2em 1em .6em; }
#failures h2 { color: #a00; border-color: #e99; margin-top: .6em; }
.all-hold { border-left: 4px solid #2a8a2a; padding-left: .6em; }
section.case > p code { word-break: break-all; }
table.plies td:nth-child(2) { white-space: nowrap; }
.board-col { flex: 0 0 auto; max-width: 100%; }
.board-col svg { max-width: 100%; height: auto; }
.steps { margin: .3em 0; }
.steps .step-label { min-width: 8em; text-align: center; font-size: .9em; }
.coords { font-size: .8em; color: #666; max-width: 392px; }
table.plies tr[data-ply] { cursor: pointer; }
.scroll { overflow-x: auto; max-width: 100%; }
@media (max-width: 40em) {
  body { margin: .5em; font-size: 15px; }
  nav ul { columns: 1; padding-left: 1.2em; }
  .case-body > .editions { min-width: 0; }
  th, td { padding: .15em .3em; }
  /* The plies: each row wraps, its evidence on a line of its own across the screen (as the
     last of six columns it was squeezed to a few characters a line). */
  table.plies, table.plies tbody { display: block; }
  table.plies tr { display: flex; flex-wrap: wrap; }
  table.plies th, table.plies td { box-sizing: border-box; flex: 1 1 0; min-width: 0; }
  table.plies tr > :nth-child(1) { flex: 0 0 2.4em; }
  table.plies tr > :nth-child(2) { flex: 0 0 6em; }
  table.plies tr > :nth-child(3) { flex: 0 0 3.8em; }
  table.plies tr > :last-child { flex: 1 0 100%; border-top: 0; }
  #candidate-errata td.evidence { min-width: 14em; }
}
"#;

pub fn render(r: &Results) -> String {
    let mut s = String::new();
    s.push_str("<!DOCTYPE html>\n<html lang=\"zh\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>qili: corpus report</title>\n<style>");
    s.push_str(assets::STYLE_CSS);
    s.push_str(STYLE);
    s.push_str("</style>\n</head>\n<body>\n<h1>qili: corpus report 棋例判例报告</h1>\n");
    failures(&mut s, r);
    totals(&mut s, r);
    nav(&mut s, r);
    super::disputes::html(&mut s, r);
    rule_books(&mut s, r);
    super::engines::html(&mut s, &r.engines);
    errata(&mut s, r);
    for c in &r.cases {
        case(&mut s, c);
    }
    scripts(&mut s);
    s.push_str("</body>\n</html>\n");
    s
}

pub(crate) fn badge(o: Outcome) -> String {
    format!(
        r#"<span class="badge {}">{} {}</span>"#,
        o.name(),
        o.name(),
        o.chinese()
    )
}

fn totals(s: &mut String, r: &Results) {
    match &r.rules_override {
        Some(b) => {
            let _ = writeln!(
                s,
                "<p>Every edition judged under <code>{}</code> (<code>--rules</code>).</p>",
                escape(b)
            );
        }
        None => s.push_str("<p>Each edition judged under its own rule book.</p>\n"),
    }
    if let Some(f) = &r.filter {
        let _ = writeln!(s, "<p>Only cases matching <code>{}</code>.</p>", escape(f));
    }
    s.push_str("<table class=\"totals\">\n");
    for row in r.totals.rows() {
        let name = if row.chinese.is_empty() {
            row.english.to_string()
        } else {
            format!("{} {}", row.english, row.chinese)
        };
        let _ = writeln!(s, "<tr><th>{name}</th><td>{}</td></tr>", row.value);
    }
    s.push_str("</table>\n");
}

fn nav(s: &mut String, r: &Results) {
    if r.cases.is_empty() {
        s.push_str("<p class=\"muted\">No cases.</p>\n");
        return;
    }
    s.push_str("<nav><h2>Cases</h2>\n<ul>\n");
    for c in &r.cases {
        for e in &c.editions {
            let _ = writeln!(
                s,
                "<li><a href=\"#{}\">{} [{}]</a> {} {}</li>",
                escape(&e.anchor),
                escape(&c.id),
                escape(&e.edition),
                escape(&c.title),
                badge(e.outcome)
            );
        }
    }
    s.push_str("</ul></nav>\n");
}

fn errata(s: &mut String, r: &Results) {
    s.push_str("<section id=\"candidate-errata\">\n<h2>Candidate errata 候选勘误</h2>\n");
    if r.candidate_errata.is_empty() {
        s.push_str("<p class=\"muted\">None: no figure published by two editions where qili sides with one of them.</p>\n");
    } else {
        s.push_str("<p>Where two editions print different answers and qili agrees with one of them; each edition named with its own figure number.</p>\n");
        s.push_str("<div class=\"scroll\"><table><tr><th>case</th><th>ply</th><th>move</th><th>qili agrees with</th><th>against</th><th>qili</th><th>evidence</th></tr>\n");
        for e in &r.candidate_errata {
            let agrees = super::edition_named(r, &e.case, &e.agrees_with.edition);
            let against = super::edition_named(r, &e.case, &e.differs_from.edition);
            let _ = writeln!(
                s,
                "<tr><td><a href=\"#{}\">{}</a> {}</td><td>{}</td><td>{}</td><td>{} {}</td><td>{} {}</td><td>{} ({})</td><td class=\"evidence\">{}</td></tr>",
                escape(&e.case),
                escape(&e.case),
                escape(super::case_title(r, &e.case)),
                e.ply.map_or("verdict".to_string(), |p| p.to_string()),
                escape(e.move_text.as_deref().unwrap_or("—")),
                escape(&agrees),
                escape(&e.agrees_with.answer),
                escape(&against),
                escape(&e.differs_from.answer),
                escape(&e.engine),
                escape(&e.rule_book),
                escape(&e.evidence)
            );
        }
        s.push_str("</table></div>\n");
    }
    s.push_str("</section>\n");
}

/// The verdicts under each rule book: one row per case × edition where they differ. A cell that
/// differs from the edition's own rule book is shaded; the own rule book's cell is bold.
fn rule_books(s: &mut String, r: &Results) {
    let t = &r.rule_books;
    s.push_str(
        "<section id=\"rule-books\">\n<h2>Verdicts under each rule book 各规则下的结论</h2>\n",
    );
    if t.rows.is_empty() {
        s.push_str("<p class=\"muted\">Not computed in this run.</p>\n</section>\n");
        return;
    }
    s.push_str("<p>Every case × edition judged under every rule book (<code>qili rules</code> says how each differs from cxa2011); the edition's own rule book in bold, verdicts that differ from it shaded (the verdict's keyword in each cell's tooltip). Only the rows where the rule books' verdicts differ.</p>\n");
    let _ = writeln!(s, "<p>{}</p>", escape(&t.count_line()));
    if t.differing > 0 {
        s.push_str(
            "<div class=\"scroll\"><table><tr><th>case</th><th>edition</th><th>published</th>",
        );
        for b in &t.rule_books {
            let _ = write!(s, "<th>{}</th>", escape(b));
        }
        s.push_str("</tr>\n");
        for row in t.differing_rows() {
            let own = row
                .cells
                .iter()
                .find(|c| c.rule_book == row.edition)
                .map(|c| c.cell.name());
            let _ = write!(
                s,
                "<tr><td><a href=\"#{}\">{}</a></td><td>{}</td><td title=\"{}\">{}</td>",
                escape(&row.anchor),
                escape(&row.case),
                escape(&row.edition),
                escape(row.published_verdict.unwrap_or("")),
                escape(&super::verdict_chinese(row.published_verdict))
            );
            for c in &row.cells {
                let class = if c.rule_book == row.edition {
                    " class=\"own\""
                } else if own.is_some_and(|o| o != c.cell.name()) {
                    " class=\"odd\""
                } else {
                    ""
                };
                let title = match c.cell.detail() {
                    Some(d) => format!("{}: {d}", c.cell.name()),
                    None => c.cell.name().to_string(),
                };
                let _ = write!(
                    s,
                    "<td{class} title=\"{}\">{}</td>",
                    escape(&title),
                    escape(c.cell.chinese())
                );
            }
            s.push_str("</tr>\n");
        }
        s.push_str("</table></div>\n");
    }
    s.push_str("</section>\n");
}

/// What needs attention, first on the page: every failure (broken files, new disagreements,
/// stale records), each linking to its case; one line saying so when there are none.
fn failures(s: &mut String, r: &Results) {
    let f = r.failure_items();
    if f.is_empty() {
        s.push_str("<p class=\"all-hold\">No failures and no new disagreements: every case × edition agrees with its book or with a recorded disagreement.</p>\n");
        return;
    }
    let _ = writeln!(
        s,
        "<section id=\"failures\">\n<h2>Failures and new disagreements ({})</h2>\n<ul>",
        f.len()
    );
    for item in f {
        match &item.anchor {
            Some(a) => {
                let _ = writeln!(
                    s,
                    "<li><a href=\"#{}\"><code>{}</code></a></li>",
                    escape(a),
                    escape(&item.text)
                );
            }
            None => {
                let _ = writeln!(s, "<li><code>{}</code></li>", escape(&item.text));
            }
        }
    }
    s.push_str("</ul>\n</section>\n");
}

fn case(s: &mut String, c: &CaseResult) {
    let _ = writeln!(
        s,
        "<section class=\"case\" id=\"{}\">\n<h2>{} — {}</h2>",
        escape(&c.id),
        escape(&c.id),
        escape(&c.title)
    );
    let tags: Vec<&str> = c.tags.iter().map(|t| t.name()).collect();
    let _ = writeln!(
        s,
        "<p><code>{}</code> · FEN <code>{}</code>{}{}</p>",
        escape(&c.file),
        escape(&c.fen),
        if tags.is_empty() {
            String::new()
        } else {
            format!(" · tags {}", escape(&tags.join(" ")))
        },
        match &c.provenance {
            Provenance::Published => String::new(),
            Provenance::Reconstructed { .. } =>
                " · <strong>复原局面 reconstructed</strong>".to_string(),
            Provenance::Game {
                record,
                game,
                after_ply,
            } => format!(
                " · 实战局面 from a game: <code>{}</code>, game {game}, after ply {after_ply}",
                escape(record)
            ),
        }
    );
    if let Provenance::Reconstructed { realises, missing } = &c.provenance {
        s.push_str("<p>Realises:</p><ul>");
        for x in realises {
            let _ = write!(s, "<li>{}</li>", escape(x));
        }
        s.push_str("</ul>\n");
        if !missing.is_empty() {
            s.push_str("<p>Left open by the source:</p><ul>");
            for x in missing {
                let _ = write!(s, "<li>{}</li>", escape(x));
            }
            s.push_str("</ul>\n");
        }
    }
    s.push_str("<div class=\"case-body\">\n");
    // The FEN was validated by the lint; a composed position may need the lenient mode.
    match fen::parse(&c.fen, SetupMode::Composed) {
        Ok(pos) => {
            s.push_str("<div class=\"board-col\">");
            svg::board(&BoardView::of(pos.board())).write_to(s);
            // Filled in by the step script: first, previous, next, last ply of an edition.
            s.push_str("<div class=\"steps\" hidden><button data-go=\"first\" title=\"first\">|◀</button><button data-go=\"prev\" title=\"previous\">◀</button><span class=\"step-label\"></span><button data-go=\"next\" title=\"next\">▶</button><button data-go=\"last\" title=\"last\">▶|</button></div>");
            s.push_str("<p class=\"coords\">坐标 squares: the evidence's (e0) is file e, rank 0 — ICCS letters a–i below the board, ranks 0–9 at its left (point at a square in the evidence to ring it); 红方 files 九–一 below, 黑方 1–9 above.</p></div>");
        }
        Err(e) => {
            let _ = write!(s, "<p class=\"muted\">{}</p>", escape(&e.to_string()));
        }
    }
    s.push_str("\n<div class=\"editions\">\n");
    for e in &c.editions {
        edition(s, e);
    }
    s.push_str("</div>\n</div>\n</section>\n");
}

fn edition(s: &mut String, e: &EditionResult) {
    let _ = writeln!(
        s,
        "<article class=\"edition {}\" id=\"{}\">\n<h3>{} {}</h3>",
        e.outcome.name(),
        escape(&e.anchor),
        escape(&e.edition),
        badge(e.outcome)
    );
    source(s, &e.source);
    notes(s, e);
    super::engines::html_cells(s, e);
    plies(s, e);
    published(s, e);
    if let Some(en) = &e.engine {
        verdict(s, en);
        diff(s, e);
    }
    s.push_str("</article>\n");
}

/// Where the edition was published: the work, what else names it, and its link.
fn source(s: &mut String, src: &Source) {
    let mut parts = vec![escape(&src.work)];
    for x in [
        &src.figure,
        &src.author,
        &src.article,
        &src.year,
        &src.page,
        &src.transcription,
        &src.via,
    ]
    .into_iter()
    .flatten()
    {
        parts.push(escape(x));
    }
    if let Some(u) = &src.url {
        parts.push(format!("<a href=\"{}\">{}</a>", escape(u), escape(u)));
    }
    let _ = writeln!(s, "<p class=\"muted\">{}</p>", parts.join(" · "));
}

/// What qualifies the edition's ruling: a dispute, a pattern instead of an exact repetition,
/// the rule book judged under, an error.
fn notes(s: &mut String, e: &EditionResult) {
    if let Some(d) = &e.dispute {
        super::disputes::html_details(s, d);
    }
    if let CycleClaim::Pattern { note } = &e.cycle {
        let _ = writeln!(s, "<p>Not an exact repetition: {}</p>", escape(note));
    }
    if let Some(b) = &e.rule_book {
        let _ = writeln!(s, "<p>Judged under <code>{}</code>.</p>", escape(b));
    }
    if let Some(err) = &e.error {
        let _ = writeln!(s, "<p><strong>{}</strong></p>", escape(err));
    }
}

/// The plies, the published label beside qili's.
fn plies(s: &mut String, e: &EditionResult) {
    let head = [
        "ply",
        "move 着法",
        "ICCS",
        "published 原书",
        "qili",
        "evidence 依据",
    ];
    el("div")
        .attr("class", "scroll")
        .child(table::plies(&head, e.plies.iter().map(ply_row)))
        .write_to(s);
    s.push('\n');
}

/// The published verdict, or that the source publishes none.
fn published(s: &mut String, e: &EditionResult) {
    match (&e.published_verdict_chinese, &e.published_text) {
        (Some(v), text) => {
            let _ = writeln!(
                s,
                "<p>Published 原书: <strong>{}</strong> — {}</p>",
                escape(v),
                escape(text.as_deref().unwrap_or(""))
            );
        }
        (None, _) => {
            let _ = writeln!(
                s,
                "<p>Published 原书: <strong>{}</strong> — the source publishes no verdict; only the labels are compared.</p>",
                escape(super::markdown::NOT_PUBLISHED)
            );
        }
    }
}

/// qili's verdict with its reason, and the cycle it judged (or that nothing repeats).
fn verdict(s: &mut String, en: &EngineResult) {
    let _ = writeln!(
        s,
        "<p>qili: <strong>{}</strong>{}</p>",
        escape(&en.verdict_chinese),
        if en.reason.is_empty() {
            String::new()
        } else {
            format!(" — {}", escape(&en.reason))
        }
    );
    match &en.cycle {
        Some(c) => {
            let _ = writeln!(
                s,
                "<p class=\"evidence\">红方 {} {} · 黑方 {} {} · judged plies {}–{} ({}): {}</p>",
                escape(c.red.class_chinese),
                escape(&c.red.summary()),
                escape(c.black.class_chinese),
                escape(&c.black.summary()),
                c.start + 1,
                c.start + c.len,
                c.rule.name(),
                escape(&c.note())
            );
        }
        None => {
            let _ = writeln!(
                s,
                "<p class=\"evidence\">No cycle repeats at the end of the moves: nothing judged.</p>"
            );
        }
    }
}

/// A ply of an edition: the published label beside qili's, the evidence and what the
/// comparison adds to it (a recorded disagreement's reason, a ply not judged, not printed).
fn ply_row(p: &crate::results::PlyResult) -> table::Row {
    let class = match p.status {
        PlyStatus::Differs => "differs",
        PlyStatus::Recorded => "recorded",
        PlyStatus::Agrees => "agrees",
        PlyStatus::Unlabelled => "unlabelled",
        PlyStatus::NotJudged => "not-judged",
    };
    let mut evidence = p
        .evidence
        .as_ref()
        .map(|ev| qili_view::evidence_html(&crate::view::one_line(ev)))
        .unwrap_or_default();
    let muted = |text: String| el("span").attr("class", "muted").text(text);
    let notes = [
        p.reason
            .as_ref()
            .map(|r| el("em").text(format!("recorded: {r}"))),
        (p.engine.is_some() && !p.judged)
            .then(|| muted("not judged: outside the cycle at the end".into())),
        p.added
            .as_ref()
            .map(|a| muted(format!("not printed, added: {a}"))),
        p.loose.as_ref().map(|l| muted(format!("loose text: {l}"))),
    ];
    for n in notes.into_iter().flatten() {
        evidence.push_str("<br>");
        n.write_to(&mut evidence);
    }
    table::Row {
        class,
        step: Some((p.ply, p.iccs.clone())),
        cells: vec![
            Cell::Text(p.ply.to_string()),
            Cell::Text(p.text.clone()),
            Cell::Code(p.iccs.clone()),
            Cell::Label(p.published.clone().unwrap_or_else(|| "—".into())),
            Cell::Label(p.engine.clone().unwrap_or_else(|| "—".into())),
            Cell::Evidence(evidence),
        ],
    }
}

fn diff(s: &mut String, e: &EditionResult) {
    let (published, engine) = e.ruling_lines();
    let text_diff = TextDiff::from_lines(&published, &engine);
    let unified = text_diff
        .unified_diff()
        .context_radius(100)
        .header(
            &format!("published ({})", e.edition),
            &format!("qili ({})", e.rule_book.as_deref().unwrap_or("")),
        )
        .to_string();
    if unified.is_empty() {
        s.push_str("<p class=\"muted\">The rulings agree line for line.</p>\n");
        return;
    }
    s.push_str("<pre class=\"diff\">");
    for line in unified.lines() {
        let class = if line.starts_with("+++") || line.starts_with("---") {
            "hunk"
        } else if line.starts_with('-') {
            "del"
        } else if line.starts_with('+') {
            "ins"
        } else if line.starts_with("@@") {
            "hunk"
        } else {
            ""
        };
        if class.is_empty() {
            let _ = writeln!(s, "{}", escape(line));
        } else {
            let _ = writeln!(s, "<span class=\"{class}\">{}</span>", escape(line));
        }
    }
    s.push_str("</pre>\n");
}

/// The shared scripts (the board's, the ruling table's), inlined, then the call that makes
/// each case's board step through its editions' moves.
pub(crate) fn scripts(s: &mut String) {
    s.push_str("<script>\n");
    s.push_str(assets::BOARD_JS);
    s.push_str(assets::RULING_JS);
    s.push_str("QiliRuling.stepReport(document);\n</script>\n");
}

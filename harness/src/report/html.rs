//! `report.html`: one self-contained page (inline CSS and SVG, one small script, no network).
//! What needs attention first (failures, new disagreements), then per case the start position
//! on a board with coordinates, and per edition the moves with the published and the engine's
//! labels side by side, the evidence, the verdicts and a unified diff of the two rulings. The
//! script steps through each edition's moves on its case's board.

use std::fmt::Write;

use qili::notation::fen;
use qili::SetupMode;
use similar::TextDiff;

use super::{escape, svg};
use crate::compare::Outcome;
use crate::results::{CaseResult, EditionResult, PlyStatus, Results};
use qili_corpus::case::{CycleClaim, Provenance};

pub(crate) const STYLE: &str = r#"
body { font-family: "Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif; margin: 2em auto; max-width: 72em; color: #222; line-height: 1.45; }
h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ccc; padding-bottom: .2em; margin-top: 2em; }
table { border-collapse: collapse; margin: .6em 0; }
th, td { border: 1px solid #ccc; padding: .2em .5em; text-align: left; vertical-align: top; }
th { background: #f2f2f2; }
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
td.label { text-align: center; font-weight: bold; }
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
.sq { border-bottom: 1px dotted #1a5fb4; cursor: help; }
table.plies td:nth-child(2) { white-space: nowrap; }
.board-col { flex: 0 0 auto; max-width: 100%; }
.board-col svg { max-width: 100%; height: auto; }
.steps { display: flex; gap: .4em; align-items: center; justify-content: center; margin: .3em 0; }
.steps .step-label { min-width: 8em; text-align: center; font-size: .9em; }
.coords { font-size: .8em; color: #666; max-width: 392px; }
table.plies tr[data-ply] { cursor: pointer; } table.plies tr.current td { outline: 2px solid #1a5fb4; outline-offset: -2px; }
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
    s.push_str(&step_script());
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
            s.push_str(&svg::board(pos.board()));
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
    let src = &e.source;
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
    super::engines::html_cells(s, e);
    s.push_str("<div class=\"scroll\"><table class=\"plies\">\n<tr><th>ply</th><th>move 着法</th><th>ICCS</th><th>published 原书</th><th>qili</th><th>evidence 依据</th></tr>\n");
    for p in &e.plies {
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
            .map(|ev| mark_squares(&escape(&crate::view::one_line(ev))))
            .unwrap_or_default();
        if let Some(reason) = &p.reason {
            let _ = write!(evidence, "<br><em>recorded: {}</em>", escape(reason));
        }
        if p.engine.is_some() && !p.judged {
            evidence.push_str(
                "<br><span class=\"muted\">not judged: outside the cycle at the end</span>",
            );
        }
        if let Some(a) = &p.added {
            let _ = write!(
                evidence,
                "<br><span class=\"muted\">not printed, added: {}</span>",
                escape(a)
            );
        }
        if let Some(l) = &p.loose {
            let _ = write!(
                evidence,
                "<br><span class=\"muted\">loose text: {}</span>",
                escape(l)
            );
        }
        let _ = writeln!(
            s,
            "<tr class=\"{class}\" data-ply=\"{}\" data-iccs=\"{}\"><td>{}</td><td>{}</td><td><code>{}</code></td><td class=\"label\">{}</td><td class=\"label\">{}</td><td class=\"evidence\">{}</td></tr>",
            p.ply,
            escape(&p.iccs),
            p.ply,
            escape(&p.text),
            escape(&p.iccs),
            escape(p.published.as_deref().unwrap_or("—")),
            escape(p.engine.as_deref().unwrap_or("—")),
            evidence
        );
    }
    s.push_str("</table></div>\n");
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
    if let Some(en) = &e.engine {
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
                    escape(&c.red.summary),
                    escape(c.black.class_chinese),
                    escape(&c.black.summary),
                    c.start + 1,
                    c.start + c.len,
                    c.rule.name(),
                    escape(&c.note)
                );
            }
            None => {
                let _ = writeln!(
                    s,
                    "<p class=\"evidence\">No cycle repeats at the end of the moves: nothing judged.</p>"
                );
            }
        }
        diff(s, e);
    }
    s.push_str("</article>\n");
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

/// The squares the evidence names a piece by (`红车(e0)`) marked, so that the script can show
/// each on the board when the pointer is over it.
fn mark_squares(escaped: &str) -> String {
    let mut out = String::with_capacity(escaped.len());
    let mut rest = escaped;
    while let Some(i) = rest.find('(') {
        out.push_str(&rest[..=i]);
        rest = &rest[i + 1..];
        let b = rest.as_bytes();
        if b.len() >= 3 && (b'a'..=b'i').contains(&b[0]) && b[1].is_ascii_digit() && b[2] == b')' {
            let _ = write!(
                out,
                "<span class=\"sq\" data-sq=\"{0}\">{0}</span>",
                &rest[..2]
            );
            rest = &rest[2..];
        }
    }
    out.push_str(rest);
    out
}

/// The script that steps through an edition's moves on its case's board: each ply row holds
/// its ICCS move; a piece is moved by translating its group from the point it was drawn at,
/// a captured one hidden. Clicking a row shows the board after it and makes its edition the
/// one the buttons step through.
fn step_script() -> String {
    format!(
        r##"<script>
(function () {{
  var CELL = {cell}, MARGIN = {margin};
  function xy(sq) {{ return [MARGIN + CELL * (sq.charCodeAt(0) - 97), MARGIN + CELL * (9 - +sq[1])]; }}
  document.querySelectorAll("section.case").forEach(function (section) {{
    var board = section.querySelector("svg.board"), steps = section.querySelector(".steps");
    var editions = Array.prototype.slice.call(section.querySelectorAll("article.edition"));
    if (!board || !steps || !editions.length) return;
    var pieces = Array.prototype.slice.call(board.querySelectorAll("g.piece"));
    var active = editions[0], at = 0;
    function rows(e) {{ return Array.prototype.slice.call(e.querySelectorAll("tr[data-iccs]")); }}
    function show(e, n) {{
      var r = rows(e);
      active = e; at = Math.max(0, Math.min(r.length, n));
      var on = {{}};
      pieces.forEach(function (p) {{ p.removeAttribute("transform"); p.style.display = ""; on[p.dataset.square] = p; }});
      r.slice(0, at).forEach(function (row) {{
        var m = row.dataset.iccs, from = m.slice(0, 2), to = m.slice(2, 4), p = on[from];
        if (!p) return;
        if (on[to]) on[to].style.display = "none";
        var a = xy(p.dataset.square), b = xy(to);
        p.setAttribute("transform", "translate(" + (b[0] - a[0]) + " " + (b[1] - a[1]) + ")");
        delete on[from]; on[to] = p;
      }});
      editions.forEach(function (x) {{ rows(x).forEach(function (row, i) {{ row.classList.toggle("current", x === e && i + 1 === at); }}); }});
      var label = steps.querySelector(".step-label"), head = e.querySelector("h3");
      label.textContent = (editions.length > 1 && head ? head.firstChild.textContent.trim() + ": " : "") + at + " / " + r.length;
    }}
    steps.hidden = false;
    steps.addEventListener("click", function (ev) {{
      var go = ev.target.dataset.go, n = rows(active).length;
      if (go) show(active, go === "first" ? 0 : go === "prev" ? at - 1 : go === "next" ? at + 1 : n);
    }});
    editions.forEach(function (e) {{ rows(e).forEach(function (row, i) {{ row.addEventListener("click", function () {{ show(e, i + 1); }}); }}); }});
    // A square named in the evidence, ringed on the board while the pointer is over it.
    var ring = null;
    section.addEventListener("mouseover", function (ev) {{
      var sq = ev.target.dataset && ev.target.dataset.sq;
      if (!sq) return;
      var c = xy(sq);
      ring = document.createElementNS(board.namespaceURI, "circle");
      ring.setAttribute("cx", c[0]); ring.setAttribute("cy", c[1]); ring.setAttribute("r", 21);
      ring.setAttribute("fill", "none"); ring.setAttribute("stroke", "#1a5fb4"); ring.setAttribute("stroke-width", 3);
      board.appendChild(ring);
    }});
    section.addEventListener("mouseout", function (ev) {{
      if (ring && ev.target.dataset && ev.target.dataset.sq) {{ ring.remove(); ring = null; }}
    }});
    show(active, 0);
  }});
}})();
</script>
"##,
        cell = svg::CELL,
        margin = svg::MARGIN
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_in_the_evidence_are_marked_and_nothing_else() {
        assert_eq!(
            mark_squares("红车(g4)→黑炮(i4)（无根）(x1) (j0) (a10)"),
            "红车(<span class=\"sq\" data-sq=\"g4\">g4</span>)→黑炮(<span class=\"sq\" data-sq=\"i4\">i4</span>)（无根）(x1) (j0) (a10)"
        );
        assert_eq!(mark_squares("(a"), "(a");
        assert_eq!(mark_squares(""), "");
    }
}

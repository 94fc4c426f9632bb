//! `qili scan --report DIR`: the scan as a report for people, in the corpus report's style
//! (its CSS and SVG boards), written as one set ([`crate::report::disk::SetWriter`]) and as it
//! goes, so that neither memory nor any one page grows with the collection:
//!
//! - `scan.html`, the index: the totals, every game whose recorded result or termination
//!   disagrees with its verdict and every error, each linked to where it is shown (the first
//!   [`MAX_LISTED`] of each list; the rest on `disagreements-N.html` and `errors-N.html`,
//!   linked from it), and the pages of games;
//! - `games-N.html`: at most [`GAMES_PER_PAGE`] games with a repetition or an error each (a
//!   page is closed early once it holds [`PAGE_BYTES`]): a game's headers and recorded result,
//!   and per episode the board where the judged cycle starts, the cycle's moves with their
//!   labels and evidence, each side's class and the verdict; a game of more than
//!   [`EPISODES_SHOWN`] episodes shows the rest one line each. The first
//!   [`MAX_REPORT_GAMES`] such games are drawn; the rest are counted and named unlinked.
//!
//! Every page fits a phone's width (390 px) without scrolling sideways, its headers' names
//! readable beside long values (`web/tests/scan-report.test.mjs`).

use std::fmt::Write;

use qili::rules::Ruling;

use crate::report::disk::SetWriter;
use crate::report::escape;
use qili_scan::record::{EpisodeLine, GameLine};
use qili_scan::summary::Summary;
use qili_view::table::{self, Cell};
use qili_view::{assets, svg, BoardView};

/// The index page's file name in the report directory.
pub const FILE: &str = "scan.html";

/// The most games on one page of games.
pub const GAMES_PER_PAGE: usize = 200;

/// A page of games is closed once its sections hold this many bytes (a game is never split).
pub const PAGE_BYTES: usize = 2 << 20;

/// Entries of a list (disagreements, errors) on the index; the rest go on pages of as many.
pub const MAX_LISTED: usize = 1_000;

/// Games drawn on the pages (the rest are counted and named in the index's lists).
pub use qili_io::bounds::MAX_REPORT_GAMES;

/// Episodes of a game shown whole; the rest are one line each.
pub const EPISODES_SHOWN: usize = 20;

/// The most episodes of a game listed at all (one line each past [`EPISODES_SHOWN`]).
pub const EPISODES_LISTED: usize = 2_000;

/// Extra rules for the scan's pages, on top of the corpus report's: long values wrap, the
/// board shrinks, so that nothing is wider than a phone.
const SCAN_STYLE: &str = r#"
.game h2 { font-size: 1.2em; } .headers th { width: 8em; }
.episode { border-left: 4px solid #ccc; padding-left: 1em; margin-bottom: 1.5em; }
.episode.agrees { border-color: #2a8a2a; } .episode.disagrees { border-color: #c00; }
td, th, p, li, h2, h3 { overflow-wrap: anywhere; }
code { word-break: break-all; }
.case-body > .board-col svg { max-width: 100%; height: auto; }
table { max-width: 100%; }
@media (max-width: 40em) { .episode { padding-left: .5em; } .headers th { width: 5.5em; } }
"#;

fn page_head(s: &mut String, title: &str) {
    s.push_str("<!DOCTYPE html>\n<html lang=\"zh\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
    s.push_str(&escape(title));
    s.push_str("</title>\n<style>");
    s.push_str(assets::STYLE_CSS);
    s.push_str(crate::report::html::STYLE);
    s.push_str(SCAN_STYLE);
    s.push_str("</style>\n</head>\n<body>\n");
}

const PAGE_END: &str = "</body>\n</html>\n";

/// The name of the `n`th (1-based) page of a kind.
fn page_name(kind: &str, n: usize) -> String {
    format!("{kind}-{n:04}.html")
}

/// A list of the index (disagreements, errors): its first [`MAX_LISTED`] entries kept for the
/// index, the rest written on pages of as many as they fill.
struct Listing {
    kind: &'static str,
    title: &'static str,
    shown: Vec<String>,
    more: Vec<String>,
    pages: usize,
    count: usize,
}

impl Listing {
    fn new(kind: &'static str, title: &'static str) -> Listing {
        Listing {
            kind,
            title,
            shown: Vec::new(),
            more: Vec::new(),
            pages: 0,
            count: 0,
        }
    }

    fn push(&mut self, set: &mut SetWriter, entry: String) -> Result<(), String> {
        self.count += 1;
        if self.shown.len() < MAX_LISTED {
            self.shown.push(entry);
            return Ok(());
        }
        self.more.push(entry);
        if self.more.len() == MAX_LISTED {
            self.flush(set)?;
        }
        Ok(())
    }

    fn flush(&mut self, set: &mut SetWriter) -> Result<(), String> {
        if self.more.is_empty() {
            return Ok(());
        }
        self.pages += 1;
        let mut s = String::new();
        page_head(
            &mut s,
            &format!("qili: scan, {} {}", self.title, self.pages),
        );
        let _ = writeln!(
            s,
            "<p><a href=\"{FILE}\">← scan 扫描</a></p>\n<h1>{} ({})</h1>\n<ul>",
            self.title, self.pages
        );
        for e in self.more.drain(..) {
            let _ = writeln!(s, "<li>{e}</li>");
        }
        s.push_str("</ul>\n");
        s.push_str(PAGE_END);
        set.write(&page_name(self.kind, self.pages), s.as_bytes())
    }

    fn index(&self, s: &mut String) {
        let _ = writeln!(
            s,
            "<section id=\"{}\">\n<h2>{} ({})</h2>",
            self.kind, self.title, self.count
        );
        if self.shown.is_empty() {
            s.push_str("<p class=\"muted\">none 无</p>\n");
        } else {
            s.push_str("<ul>\n");
            for e in &self.shown {
                let _ = writeln!(s, "<li>{e}</li>");
            }
            s.push_str("</ul>\n");
        }
        if self.pages > 0 {
            s.push_str("<p>more 更多:");
            for n in 1..=self.pages {
                let _ = write!(s, " <a href=\"{}\">{n}</a>", page_name(self.kind, n));
            }
            s.push_str("</p>\n");
        }
        s.push_str("</section>\n");
    }
}

/// A page of games: where it starts and ends.
struct PageInfo {
    first: String,
    last: String,
    games: usize,
}

/// The report as it is written.
pub struct Report {
    set: SetWriter,
    /// The sections of the page being filled.
    sections: String,
    current: Option<PageInfo>,
    pages: Vec<PageInfo>,
    disagreements: Listing,
    errors: Listing,
    games: usize,
}

impl Report {
    /// Start the report for `dir` (checked as `qili run` checks its output directory).
    pub fn begin(dir: &std::path::Path) -> Result<Report, String> {
        Ok(Report {
            set: SetWriter::begin(dir)?,
            sections: String::new(),
            current: None,
            pages: Vec::new(),
            disagreements: Listing::new("disagreements", "Disagreements 与裁决不符"),
            errors: Listing::new("errors", "Errors 错误"),
            games: 0,
        })
    }

    /// Add a game's section, if it has a repetition or an error, and its entries in the
    /// index's lists.
    pub fn add(&mut self, line: &GameLine) -> Result<(), String> {
        if line.episodes.is_empty() && line.error.is_none() {
            return Ok(());
        }
        self.games += 1;
        let drawn = self.games <= MAX_REPORT_GAMES;
        let id = format!("game-{}", self.games);
        let page = page_name("games", self.pages.len() + 1);
        let name = format!("{} · game {}", line.file, line.game);
        // A game past the budget is on no page: it is named, not linked.
        let link = if drawn {
            format!("<a href=\"{page}#{id}\">{}</a>", escape(&name))
        } else {
            escape(&name)
        };
        let disagrees = [
            line.recorded
                .as_ref()
                .filter(|r| r.agrees == Some(false))
                .map(|r| format!("recorded result 记录结果 {} = {}", r.header, r.value)),
            line.termination
                .as_ref()
                .filter(|t| t.agrees == Some(false))
                .map(|t| format!("termination 终局说明 {} = {}", t.header, t.value)),
        ];
        for why in disagrees.into_iter().flatten() {
            let verdict = line
                .episodes
                .last()
                .map_or("", |e| e.ruling.verdict.chinese());
            self.disagreements.push(
                &mut self.set,
                format!("{link}: {} · qili {}", escape(&why), escape(verdict)),
            )?;
        }
        if let Some(e) = &line.error {
            // The link names the file and the game; the message need not say them again.
            let said = format!("{}, game {}: ", line.file, line.game);
            let e = e.strip_prefix(&said).unwrap_or(e);
            self.errors
                .push(&mut self.set, format!("{link}: {}", escape(e)))?;
        }
        if !drawn {
            return Ok(());
        }
        game(&mut self.sections, &id, line);
        match &mut self.current {
            Some(p) => {
                p.last = name;
                p.games += 1;
            }
            None => {
                self.current = Some(PageInfo {
                    first: name.clone(),
                    last: name,
                    games: 1,
                })
            }
        }
        if self
            .current
            .as_ref()
            .is_some_and(|p| p.games >= GAMES_PER_PAGE)
            || self.sections.len() >= PAGE_BYTES
        {
            self.close_page()?;
        }
        Ok(())
    }

    /// An error of a file or of a game that could not be read at all (`kind` as the summary
    /// counts it).
    pub fn error(&mut self, kind: &str, message: &str) -> Result<(), String> {
        self.errors.push(
            &mut self.set,
            format!("<strong>{}</strong>: {}", escape(kind), escape(message)),
        )
    }

    fn close_page(&mut self) -> Result<(), String> {
        let Some(info) = self.current.take() else {
            return Ok(());
        };
        let n = self.pages.len() + 1;
        let mut s = String::with_capacity(self.sections.len() + 8192);
        page_head(&mut s, &format!("qili: scan, games {n}"));
        // The index lists the pages; a page links back to it and to the page before (the
        // next is not known to exist when a page is written).
        let _ = write!(s, "<p><a href=\"{FILE}\">← scan 扫描</a>");
        if n > 1 {
            let _ = write!(
                s,
                " · <a href=\"{}\">← {}</a>",
                page_name("games", n - 1),
                n - 1
            );
        }
        let _ = writeln!(s, "</p>\n<h1>Games 对局 {n}</h1>");
        s.push_str(&self.sections);
        s.push_str(PAGE_END);
        self.sections.clear();
        self.set.write(&page_name("games", n), s.as_bytes())?;
        self.pages.push(info);
        Ok(())
    }

    /// Write the last pages and the index with the totals of `summary`, and show the set.
    pub fn finish(mut self, summary: &Summary) -> Result<(), String> {
        self.close_page()?;
        self.disagreements.flush(&mut self.set)?;
        self.errors.flush(&mut self.set)?;
        let mut s = String::new();
        page_head(&mut s, "qili: scan");
        s.push_str("<h1>qili: scan 对局棋例扫描</h1>\n");
        totals(&mut s, summary);
        self.disagreements.index(&mut s);
        self.errors.index(&mut s);
        let _ = writeln!(
            s,
            "<section id=\"pages\">\n<h2>Games with a repetition or an error 有循环或错误的对局 ({})</h2>",
            self.games
        );
        if self.games > MAX_REPORT_GAMES {
            let _ = writeln!(
                s,
                "<p class=\"muted\">The first {} are drawn on the pages below (MAX_REPORT_GAMES); the {} after them are counted and in the JSON lines only.</p>",
                qili_io::bounds::thousands(MAX_REPORT_GAMES),
                qili_io::bounds::thousands(self.games - MAX_REPORT_GAMES)
            );
        }
        if self.pages.is_empty() {
            s.push_str("<p class=\"muted\">none 无</p>\n");
        } else {
            s.push_str("<ol>\n");
            for (i, p) in self.pages.iter().enumerate() {
                let _ = writeln!(
                    s,
                    "<li><a href=\"{}\">{} games</a>: {} … {}</li>",
                    page_name("games", i + 1),
                    p.games,
                    escape(&p.first),
                    escape(&p.last)
                );
            }
            s.push_str("</ol>\n");
        }
        s.push_str("</section>\n");
        s.push_str(PAGE_END);
        self.set.write(FILE, s.as_bytes())?;
        // The pages of an earlier scan are not carried over: the set is this scan's.
        self.set.commit(|name| !is_scan_page(name))
    }
}

/// Whether a file name is one of a scan report's pages.
fn is_scan_page(name: &str) -> bool {
    name == FILE
        || ["games-", "disagreements-", "errors-"]
            .iter()
            .any(|k| name.starts_with(k) && name.ends_with(".html"))
}

fn totals(s: &mut String, t: &Summary) {
    let rows: [(&str, String); 10] = [
        ("files 文件", t.files.to_string()),
        ("games 对局", t.games.to_string()),
        (
            "games with a repetition 有循环的对局",
            t.games_with_repetition.to_string(),
        ),
        ("episodes 循环段", t.episodes.to_string()),
        (
            "recorded results compared 对照记录结果",
            t.results_compared.to_string(),
        ),
        (
            "disagreeing with the verdict 与裁决不符",
            t.results_disagreeing.to_string(),
        ),
        (
            "terminations compared 对照终局说明",
            t.terminations_compared.to_string(),
        ),
        (
            "disagreeing with the verdict 与裁决不符",
            t.terminations_disagreeing.to_string(),
        ),
        (
            "games over their budget 超出预算的对局",
            t.games_over_budget.to_string(),
        ),
        ("errors 错误", t.errors.values().sum::<usize>().to_string()),
    ];
    s.push_str("<table class=\"totals\">\n");
    for (name, value) in rows {
        let _ = writeln!(s, "<tr><th>{name}</th><td>{value}</td></tr>");
    }
    for (verdict, n) in &t.verdicts {
        let chinese = qili::rules::Verdict::from_name(verdict).map_or("", |v| v.chinese());
        let _ = writeln!(
            s,
            "<tr><th>{} {}</th><td>{n}</td></tr>",
            escape(verdict),
            escape(chinese)
        );
    }
    for (kind, n) in &t.errors {
        let _ = writeln!(s, "<tr><th>{}</th><td>{n}</td></tr>", escape(kind));
    }
    s.push_str("</table>\n");
}

fn game(s: &mut String, id: &str, g: &GameLine) {
    heading(s, id, g);
    outcome(s, g);
    episodes(s, g);
    s.push_str("</section>\n");
}

/// The section's heading (file, game number, players), the format and the game's headers.
fn heading(s: &mut String, id: &str, g: &GameLine) {
    let header = |k: &str| {
        g.headers
            .iter()
            .find(|(h, _)| h.eq_ignore_ascii_case(k))
            .map(|(_, v)| v.as_str())
    };
    let players = match (header("Red"), header("Black")) {
        (Some(r), Some(b)) => format!(" {r} – {b}"),
        _ => String::new(),
    };
    let _ = writeln!(
        s,
        "<section class=\"game\" id=\"{id}\">\n<h2>{} · game {}{}</h2>",
        escape(&g.file),
        g.game,
        escape(&players)
    );
    let _ = writeln!(
        s,
        "<p class=\"muted\">{} · {} · {} plies</p>",
        g.format, g.encoding, g.plies
    );
    if !g.headers.is_empty() {
        s.push_str("<table class=\"headers\">\n");
        for (k, v) in &g.headers {
            let _ = writeln!(s, "<tr><th>{}</th><td>{}</td></tr>", escape(k), escape(v));
        }
        s.push_str("</table>\n");
    }
}

/// The recorded result and termination held against the verdict, an error, a spent budget.
fn outcome(s: &mut String, g: &GameLine) {
    if let Some(r) = &g.recorded {
        let agreement = agreement(r.agrees);
        let _ = writeln!(
            s,
            "<p>Recorded result 记录结果: {} = {} ({}): {agreement}</p>",
            escape(&r.header),
            escape(&r.value),
            r.outcome
        );
    }
    if let Some(t) = &g.termination {
        let agreement = agreement(t.agrees);
        let _ = writeln!(
            s,
            "<p>Termination 终局说明: {} = {}: {agreement}</p>",
            escape(&t.header),
            escape(&t.value)
        );
    }
    if let Some(e) = &g.error {
        let _ = writeln!(s, "<p><strong>{}</strong></p>", escape(e));
    }
    if let Some(b) = &g.budget {
        let _ = writeln!(s, "<p><strong>{}</strong></p>", escape(b));
    }
}

/// The episodes: the first ones and the last whole, then one line each, then a count.
fn episodes(s: &mut String, g: &GameLine) {
    let last = g.episodes.len();
    for (i, e) in g.episodes.iter().enumerate() {
        // The recorded result is held against the last episode only.
        let agrees = g
            .recorded
            .as_ref()
            .and_then(|r| r.agrees)
            .filter(|_| i + 1 == last);
        // The last episode whole too: the result is held against it.
        if i < EPISODES_SHOWN || i + 1 == last {
            episode(s, e, agrees);
        } else if i < EPISODES_LISTED {
            if i == EPISODES_SHOWN {
                let _ = writeln!(
                    s,
                    "<p class=\"muted\">{} more episodes, one line each 其余循环段:</p>",
                    last - EPISODES_SHOWN - 1
                );
            }
            let _ = writeln!(
                s,
                "<p>Plies {}–{}: {} {}</p>",
                e.first_ply,
                e.last_ply,
                e.ruling.verdict.name(),
                e.ruling.verdict.chinese()
            );
        } else if i == EPISODES_LISTED {
            let _ = writeln!(
                s,
                "<p class=\"muted\">… and {} more (all of them in the JSON lines)</p>",
                last - EPISODES_LISTED - 1
            );
        }
    }
}

/// Whether a recorded result or termination agrees with the verdict, in words.
fn agreement(agrees: Option<bool>) -> &'static str {
    match agrees {
        Some(true) => "agrees with the verdict 与裁决相符",
        Some(false) => "<strong>disagrees with the verdict 与裁决不符</strong>",
        None => "nothing to hold against a verdict 无可对照",
    }
}

fn episode(s: &mut String, e: &EpisodeLine, agrees: Option<bool>) {
    let class = match agrees {
        Some(true) => "episode agrees",
        Some(false) => "episode disagrees",
        None => "episode",
    };
    let r = &e.ruling;
    let _ = writeln!(
        s,
        "<div class=\"{class}\">\n<h3>Plies {}–{}: {} {}</h3>",
        e.first_ply,
        e.last_ply,
        r.verdict.name(),
        r.verdict.chinese()
    );
    s.push_str("<div class=\"case-body\">\n");
    if let Some(p) = &e.cycle_start {
        s.push_str("<div class=\"board-col\">");
        svg::board(&BoardView::of(p.board())).write_to(s);
        s.push_str("</div>\n");
    }
    s.push_str("<div class=\"editions\">\n");
    if let Some(fen) = &e.cycle_fen {
        let _ = writeln!(s, "<p class=\"muted\"><code>{}</code></p>", escape(fen));
    }
    if let Some(c) = &r.cycle {
        let _ = writeln!(s, "<p>{}</p>", escape(&c.note()));
    }
    plies(s, r, e.offset);
    sides(s, r);
    let _ = writeln!(
        s,
        "<p>qili: <strong>{}</strong> — {}</p>",
        r.verdict.chinese(),
        escape(&r.reason())
    );
    s.push_str("</div>\n</div>\n</div>\n");
}

/// The labelled plies, numbered as in the game.
fn plies(s: &mut String, r: &Ruling, offset: usize) {
    if r.plies.is_empty() {
        return;
    }
    let head = ["ply", "move 着法", "ICCS", "qili", "evidence 依据"];
    let rows = r.plies.iter().map(|p| table::Row {
        class: if p.judged { "agrees" } else { "not-judged" },
        step: None,
        cells: vec![
            Cell::Text((offset + p.ply - 1).to_string()),
            Cell::Text(p.chinese.clone()),
            Cell::Code(p.mv.to_string()),
            Cell::Label(p.label.chinese().to_string()),
            Cell::Evidence(escape(&crate::view::one_line(&p.evidence))),
        ],
    });
    table::plies(&head, rows).write_to(s);
    s.push('\n');
}

/// Each side's class in the cycle.
fn sides(s: &mut String, r: &Ruling) {
    let Some(c) = &r.cycle else { return };
    s.push_str("<table>\n");
    for (name, side) in [("红方", &c.red), ("黑方", &c.black)] {
        let _ = writeln!(
            s,
            "<tr><th>{name}</th><td>{}</td><td>{}</td></tr>",
            escape(&side.summary()),
            escape(side.class_chinese)
        );
    }
    s.push_str("</table>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili::notation::{fen, iccs};
    use qili::rules::RuleBook;
    use qili::SetupMode;
    use qili_scan::{scan_game, Source};

    /// The line of a game of `file` (ICCS moves from `start`), ruled under the CXA rules.
    fn line(file: &str, start: &qili::Position, moves: &str, headers: &[(&str, &str)]) -> GameLine {
        let moves: Vec<_> = moves
            .split_whitespace()
            .map(|m| iccs::parse(m).unwrap())
            .collect();
        let source = Source {
            file,
            game: 3,
            format: "pgn",
            encoding: "UTF-8",
        };
        let headers = headers
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        scan_game(source, headers, start, &moves, None, &RuleBook::cxa2011())
    }

    fn perpetual(file: &str, result: &str) -> GameLine {
        let start = fen::parse("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", SetupMode::Standard).unwrap();
        let round = "f0e0 e8f8 e0f0 f8e8";
        let moves = format!("{round} {round} {round}");
        line(file, &start, &moves, &[("Result", result)])
    }

    fn read(dir: &std::path::Path, name: &str) -> String {
        std::fs::read_to_string(dir.join(name)).unwrap()
    }

    /// 图6's perpetual check played three times: one section, with a board, the cycle's four
    /// plies numbered as in the game, the verdict in Chinese and the result held against it.
    #[test]
    fn a_game_with_a_repetition_is_a_section_with_its_board_plies_and_verdict() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("scan");
        let line = perpetual("a <game>.pgn", "0-1");
        let mut report = Report::begin(&out).unwrap();
        report.add(&line).unwrap();
        let mut summary = Summary::default();
        summary.add(&line);
        report.finish(&summary).unwrap();
        let html = read(&out, "games-0001.html");
        assert_eq!(html.matches("<section class=\"game\"").count(), 1);
        assert!(html.contains("a &lt;game&gt;.pgn · game 3"), "{html}");
        assert_eq!(html.matches("<svg class=\"board\"").count(), 1);
        assert!(
            html.contains("<td>12</td>"),
            "the last ply is numbered as in the game"
        );
        assert!(html.contains("红方作负"), "{html}");
        assert!(html.contains("episode agrees"), "{html}");
        assert!(html.contains(crate::report::html::STYLE));
        let index = read(&out, FILE);
        assert!(
            index.contains("<a href=\"games-0001.html\">1 games</a>"),
            "{index}"
        );
    }

    /// The index links every disagreement and every error to where it is; games fill pages
    /// of at most GAMES_PER_PAGE; lists longer than MAX_LISTED go on pages of their own; a
    /// report written again keeps none of the old pages.
    #[test]
    fn the_index_links_every_disagreement_and_error_and_the_pages_are_bounded() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("scan");
        let mut report = Report::begin(&out).unwrap();
        let mut summary = Summary::default();
        let agreeing = perpetual("agree.pgn", "0-1");
        let disagreeing = perpetual("disagree.pgn", "1-0");
        for i in 0..(GAMES_PER_PAGE + 5) {
            let l = if i == GAMES_PER_PAGE + 1 {
                &disagreeing
            } else {
                &agreeing
            };
            report.add(l).unwrap();
            summary.add(l);
        }
        for i in 0..(MAX_LISTED + 3) {
            report
                .error("no game", &format!("f{i}.pgn: no game in it"))
                .unwrap();
            summary.error("no game");
        }
        report.finish(&summary).unwrap();
        let index = read(&out, FILE);
        assert!(
            index.contains(&format!(
                "<a href=\"games-0002.html#game-{}\">disagree.pgn · game 3</a>",
                GAMES_PER_PAGE + 2
            )),
            "{index}"
        );
        assert!(index.contains("f0.pgn: no game in it"));
        assert!(!index.contains(&format!("f{MAX_LISTED}.pgn")));
        assert!(index.contains("<a href=\"errors-0001.html\">1</a>"));
        assert!(read(&out, "errors-0001.html").contains(&format!("f{}.pgn", MAX_LISTED + 2)));
        let first = read(&out, "games-0001.html");
        assert_eq!(
            first.matches("<section class=\"game\"").count(),
            GAMES_PER_PAGE
        );
        let second = read(&out, "games-0002.html");
        assert!(second.contains(&format!("id=\"game-{}\"", GAMES_PER_PAGE + 2)));
        // Again, with one game: the second page and the error pages are gone.
        let mut again = Report::begin(&out).unwrap();
        again.add(&agreeing).unwrap();
        again.finish(&Summary::default()).unwrap();
        assert!(!out.join("games-0002.html").exists());
        assert!(!out.join("errors-0001.html").exists());
    }

    /// Past MAX_REPORT_GAMES a game is counted and named in the lists, drawn on no page: the
    /// pages hold the budget's boards whatever the scan gives them.
    #[test]
    fn the_pages_draw_at_most_the_report_budget_of_games() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("scan");
        let mut report = Report::begin(&out).unwrap();
        let mut summary = Summary::default();
        let agreeing = perpetual("agree.pgn", "0-1");
        let disagreeing = perpetual("late.pgn", "1-0");
        for _ in 0..MAX_REPORT_GAMES {
            report.add(&agreeing).unwrap();
        }
        report.add(&disagreeing).unwrap();
        summary.add(&disagreeing);
        report.finish(&summary).unwrap();
        let (mut sections, mut boards, mut bytes) = (0, 0, 0);
        for n in 1.. {
            let Ok(page) = std::fs::read_to_string(out.join(page_name("games", n))) else {
                break;
            };
            sections += page.matches("<section class=\"game\"").count();
            boards += page.matches("<svg class=\"board\"").count();
            bytes += page.len();
            assert!(!page.contains("late.pgn"));
        }
        assert_eq!(sections, MAX_REPORT_GAMES);
        assert_eq!(boards, MAX_REPORT_GAMES);
        assert!(
            bytes < MAX_REPORT_GAMES * 16 * 1024,
            "{bytes} bytes of pages"
        );
        let index = read(&out, FILE);
        assert!(
            index.contains("late.pgn · game 3: recorded result"),
            "{index}"
        );
        assert!(!index.contains("href=\"games-0026.html#"), "{index}");
        assert!(
            index.contains("(MAX_REPORT_GAMES); the 1 after them"),
            "{index}"
        );
        assert!(
            index.contains(&format!("({})", MAX_REPORT_GAMES + 1)),
            "{index}"
        );
    }

    #[test]
    fn a_game_without_a_repetition_is_left_out() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("scan");
        let line = line("f.pgn", &qili::Position::start(), "h2e2 h9g7", &[]);
        let mut report = Report::begin(&out).unwrap();
        report.add(&line).unwrap();
        report.finish(&Summary::default()).unwrap();
        assert!(!out.join("games-0001.html").exists());
        assert!(read(&out, FILE).contains("none 无"));
    }
}

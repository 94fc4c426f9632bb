//! `qili scan --report DIR`: the scan as one self-contained HTML page (`scan.html`), in the
//! corpus report's style (its CSS and SVG boards): the totals, then one section per game with
//! a repetition: its headers and recorded result, and per episode the board where the judged
//! cycle starts, the cycle's moves with their labels and evidence, each side's class and the
//! verdict.
//!
//! The page is built section by section as the scan streams ([`Page::add`]), so only its text
//! is held, not the games.

use std::fmt::Write;

use qili::rules::Ruling;

use super::record::{EpisodeLine, GameLine};
use super::summary::Summary;
use crate::report::{escape, svg, Rendered};

/// The page's file name in the report directory.
pub const FILE: &str = "scan.html";

/// Extra rules for the scan's page, on top of the corpus report's.
const SCAN_STYLE: &str = r#"
.game h2 { font-size: 1.2em; } .headers th { width: 8em; }
.episode { border-left: 4px solid #ccc; padding-left: 1em; margin-bottom: 1.5em; }
.episode.agrees { border-color: #2a8a2a; } .episode.disagrees { border-color: #c00; }
"#;

/// The page as it is built.
#[derive(Debug, Default)]
pub struct Page {
    sections: String,
    games: usize,
}

impl Page {
    /// Add a game's section, if it has a repetition or an error.
    pub fn add(&mut self, line: &GameLine) {
        if line.episodes.is_empty() && line.error.is_none() {
            return;
        }
        self.games += 1;
        game(&mut self.sections, self.games, line);
    }

    /// The finished page, with the totals of `summary` at its top.
    pub fn finish(self, summary: &Summary) -> Rendered {
        let mut s = String::with_capacity(self.sections.len() + 4096);
        s.push_str("<!DOCTYPE html>\n<html lang=\"zh\">\n<head>\n<meta charset=\"utf-8\">\n<title>qili: scan</title>\n<style>");
        s.push_str(crate::report::html::STYLE);
        s.push_str(SCAN_STYLE);
        s.push_str("</style>\n</head>\n<body>\n<h1>qili: scan 对局棋例扫描</h1>\n");
        totals(&mut s, summary);
        s.push_str(&self.sections);
        s.push_str("</body>\n</html>\n");
        Rendered {
            name: FILE,
            content: s,
        }
    }
}

fn totals(s: &mut String, t: &Summary) {
    let rows: [(&str, String); 9] = [
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

fn game(s: &mut String, index: usize, g: &GameLine) {
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
        "<section class=\"game\" id=\"game-{index}\">\n<h2>{} · game {}{}</h2>",
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
    let last = g.episodes.len();
    for (i, e) in g.episodes.iter().enumerate() {
        // The recorded result is held against the last episode only.
        let agrees = g
            .recorded
            .as_ref()
            .and_then(|r| r.agrees)
            .filter(|_| i + 1 == last);
        episode(s, e, agrees);
    }
    s.push_str("</section>\n");
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
        s.push_str(&svg::board(p.board()));
    }
    s.push_str("<div class=\"editions\">\n");
    if let Some(fen) = &e.cycle_fen {
        let _ = writeln!(s, "<p class=\"muted\"><code>{}</code></p>", escape(fen));
    }
    if let Some(c) = &r.cycle {
        let _ = writeln!(s, "<p>{}</p>", escape(&c.note));
    }
    plies(s, r, e.offset);
    sides(s, r);
    let _ = writeln!(
        s,
        "<p>qili: <strong>{}</strong> — {}</p>",
        r.verdict.chinese(),
        escape(&r.reason)
    );
    s.push_str("</div>\n</div>\n</div>\n");
}

/// The labelled plies, numbered as in the game.
fn plies(s: &mut String, r: &Ruling, offset: usize) {
    if r.plies.is_empty() {
        return;
    }
    s.push_str("<table class=\"plies\">\n<tr><th>ply</th><th>move 着法</th><th>ICCS</th><th>qili</th><th>evidence 依据</th></tr>\n");
    for p in &r.plies {
        let class = if p.judged { "agrees" } else { "not-judged" };
        let _ = writeln!(
            s,
            "<tr class=\"{class}\"><td>{}</td><td>{}</td><td><code>{}</code></td><td class=\"label\">{}</td><td class=\"evidence\">{}</td></tr>",
            offset + p.ply - 1,
            escape(&p.chinese),
            p.mv,
            p.label.chinese(),
            escape(&crate::view::one_line(&p.evidence))
        );
    }
    s.push_str("</table>\n");
}

/// Each side's class in the cycle.
fn sides(s: &mut String, r: &Ruling) {
    let Some(c) = &r.cycle else { return };
    s.push_str("<table>\n");
    for (name, side) in [("红方", &c.red), ("黑方", &c.black)] {
        let _ = writeln!(
            s,
            "<tr><th>{name}</th><td>{}</td><td>{}</td></tr>",
            escape(&side.summary),
            escape(side.class_chinese)
        );
    }
    s.push_str("</table>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::{scan_game, Source};
    use qili::notation::{fen, iccs};
    use qili::rules::RuleBook;
    use qili::SetupMode;

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

    /// 图6's perpetual check played three times: one section, with a board, the cycle's four
    /// plies numbered as in the game, the verdict in Chinese and the result held against it.
    #[test]
    fn a_game_with_a_repetition_is_a_section_with_its_board_plies_and_verdict() {
        let start = fen::parse("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", SetupMode::Standard).unwrap();
        let round = "f0e0 e8f8 e0f0 f8e8";
        let moves = format!("{round} {round} {round}");
        let line = line("a <game>.pgn", &start, &moves, &[("Result", "0-1")]);
        let mut page = Page::default();
        page.add(&line);
        let mut summary = Summary::default();
        summary.add(&line);
        let html = page.finish(&summary).content;
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
    }

    #[test]
    fn a_game_without_a_repetition_is_left_out() {
        let line = line("f.pgn", &qili::Position::start(), "h2e2 h9g7", &[]);
        let mut page = Page::default();
        page.add(&line);
        assert!(!page
            .finish(&Summary::default())
            .content
            .contains("<section"));
    }
}

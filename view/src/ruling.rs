//! A ruling as every medium shows it: one row per labelled ply (its number, side, move, label
//! and evidence on one line) and the sentences under the table (each side's class, the cycle,
//! the verdict, the draw a player may claim). The CLI lays it out as text, the reports and the
//! referee's page as HTML; the Chinese is written here once.

use qili::rules::Ruling;
use serde::Serialize;

use crate::html::{el, escape};

/// One labelled ply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlyRow {
    /// 1-based, in the moves given.
    pub ply: usize,
    /// Whether the ply is one of the judged cycle's.
    pub judged: bool,
    /// The number as the table prints it: `3`, or `(3)` for a ply outside the judged cycle.
    pub number: String,
    /// 红 or 黑.
    pub side: &'static str,
    /// The move in Chinese notation.
    pub chinese: String,
    pub iccs: String,
    /// The label's character (将 杀 捉 闲 兑 献 拦 跟 …).
    pub label: &'static str,
    /// The evidence on one line: the clause cited, each threat's pieces and line.
    pub evidence: String,
}

/// One side's class in the judged cycle: `红方：禁止着法（长将）`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideLine {
    /// 红方 or 黑方.
    pub name: &'static str,
    pub class: &'static str,
    /// 长将, 一将一闲 … (may be empty).
    pub summary: String,
    /// The whole line.
    pub sentence: String,
}

impl SideLine {
    fn new(name: &'static str, class: &'static str, summary: String) -> SideLine {
        let sentence = if summary.is_empty() {
            format!("{name}：{class}")
        } else {
            format!("{name}：{class}（{summary}）")
        };
        SideLine {
            name,
            class,
            summary,
            sentence,
        }
    }
}

/// What a ruling shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RulingView {
    pub rows: Vec<PlyRow>,
    /// Red's then black's class; empty when nothing repeats.
    pub sides: Vec<SideLine>,
    /// `循环：…`: where the cycle is, or why there is none.
    pub cycle: String,
    pub verdict: &'static str,
    /// The verdict's reason (may be empty).
    pub reason: String,
    /// The natural move limit's draw claim, when reached.
    pub draw_claim: Option<String>,
    /// `结论：红方作负（…）`.
    pub verdict_line: String,
}

/// How the medium tells a reader to label every ply, when a ruling labelled none (the CLI:
/// `--all-plies`); `None` where the reader has it at hand (the page's check box).
pub type AllPliesHint = Option<&'static str>;

impl RulingView {
    pub fn new(ruling: &Ruling, hint: AllPliesHint) -> RulingView {
        let rows = ruling
            .plies
            .iter()
            .map(|p| PlyRow {
                ply: p.ply,
                judged: p.judged,
                number: if p.judged {
                    p.ply.to_string()
                } else {
                    format!("({})", p.ply)
                },
                side: p.side.chinese(),
                chinese: p.chinese.clone(),
                iccs: p.mv.to_string(),
                label: p.label.chinese(),
                evidence: p.evidence.one_line(),
            })
            .collect();
        let (sides, cycle) = match &ruling.cycle {
            Some(c) => (
                [("红方", &c.red), ("黑方", &c.black)]
                    .into_iter()
                    .map(|(name, s)| SideLine::new(name, s.class_chinese, s.summary.clone()))
                    .collect(),
                format!("循环：{}", c.note),
            ),
            None if ruling.plies.is_empty() => (
                Vec::new(),
                match hint {
                    Some(h) => format!(
                        "循环：无（着法末尾未形成循环重复，未判任何一着；{h} 列出各着性质）"
                    ),
                    None => "循环：无（着法末尾未形成循环重复，未判任何一着）".to_string(),
                },
            ),
            None => (
                Vec::new(),
                "循环：无（着法末尾未形成循环重复；各着性质仅供参考）".to_string(),
            ),
        };
        let (verdict, reason) = (ruling.verdict.chinese(), ruling.reason.clone());
        RulingView {
            rows,
            sides,
            cycle,
            verdict,
            verdict_line: if reason.is_empty() {
                format!("结论：{verdict}")
            } else {
                format!("结论：{verdict}（{reason}）")
            },
            reason,
            draw_claim: ruling.draw_claim.as_ref().map(|c| c.chinese()),
        }
    }

    /// The verdict as the page shows it first, its words strong.
    pub fn verdict_html(&self) -> String {
        let mut verdict = el("p")
            .attr("class", "verdict")
            .attr("id", "verdict")
            .text("结论：")
            .child(el("strong").text(self.verdict));
        if !self.reason.is_empty() {
            verdict = verdict.text(format!("（{}）", self.reason));
        }
        verdict.to_string()
    }

    /// Each side's class and the cycle, as the page shows them above its table.
    pub fn sides_html(&self) -> String {
        let mut out = String::new();
        for side in &self.sides {
            el("p")
                .attr("class", "side-class")
                .text(&side.sentence)
                .write_to(&mut out);
        }
        el("p")
            .attr("class", "cycle")
            .text(&self.cycle)
            .write_to(&mut out);
        out
    }
}

/// The squares the evidence names a piece by (`红车(e0)`) marked, so that the shared board
/// script can ring each on the board while the pointer is over it. `escaped` is HTML.
pub fn mark_squares(escaped: &str) -> String {
    let mut out = String::with_capacity(escaped.len());
    let mut rest = escaped;
    while let Some(i) = rest.find('(') {
        out.push_str(&rest[..=i]);
        rest = &rest[i + 1..];
        let b = rest.as_bytes();
        if b.len() >= 3 && (b'a'..=b'i').contains(&b[0]) && b[1].is_ascii_digit() && b[2] == b')' {
            out.push_str(&format!(
                "<span class=\"sq\" data-sq=\"{0}\">{0}</span>",
                &rest[..2]
            ));
            rest = &rest[2..];
        }
    }
    out.push_str(rest);
    out
}

/// Evidence text as HTML: escaped, its squares marked.
pub fn evidence_html(text: &str) -> String {
    mark_squares(&escape(text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili::notation::{fen, iccs};
    use qili::rules::{judge_with, RuleBook, Scope};
    use qili::SetupMode;

    #[test]
    fn squares_in_the_evidence_are_marked_and_nothing_else() {
        assert_eq!(
            mark_squares("红车(g4)→黑炮(i4)（无根）(x1) (j0) (a10)"),
            "红车(<span class=\"sq\" data-sq=\"g4\">g4</span>)→黑炮(<span class=\"sq\" data-sq=\"i4\">i4</span>)（无根）(x1) (j0) (a10)"
        );
        assert_eq!(mark_squares("(a"), "(a");
        assert_eq!(mark_squares(""), "");
    }

    #[test]
    fn a_perpetual_check_reads_as_the_referee_says_it() {
        let start = fen::parse("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", SetupMode::Standard).unwrap();
        let moves: Vec<_> = "f0e0 e8f8 e0f0 f8e8"
            .split(' ')
            .map(|m| iccs::parse(m).unwrap())
            .collect();
        let r = judge_with(&start, &moves, &RuleBook::cxa2011(), Scope::Cycle).unwrap();
        let v = RulingView::new(&r, Some("--all-plies"));
        assert_eq!(v.rows.len(), 4);
        assert_eq!((v.rows[0].side, v.rows[0].label), ("红", "将"));
        assert_eq!(v.sides[0].sentence, "红方：禁止着法（长将）");
        assert!(v.verdict_line.starts_with("结论：红方作负（"));
        let none = judge_with(&start, &moves[..2], &RuleBook::cxa2011(), Scope::Cycle).unwrap();
        assert!(RulingView::new(&none, Some("--all-plies"))
            .cycle
            .contains("--all-plies"));
        assert!(!RulingView::new(&none, None).cycle.contains("--all-plies"));
    }
}

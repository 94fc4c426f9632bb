//! What a single move is (着法性质), and the evidence that shows it.

use std::fmt;

use crate::rules::{Finding, Rootedness};
use crate::{Color, Move, Piece, Position, Square};

/// The nature of one move inside a repeating cycle (24.1–24.8).
///
/// 将, 杀 and 捉 are attacks (打); 兑, 献, 拦, 跟 and 闲 are idle (闲 in the wide sense).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Label {
    /// 将: the move checks (24.1).
    Check,
    /// 杀: the move threatens mate by a check or a series of checks (24.2).
    MateThreat,
    /// 捉: the move threatens to win material (24.3).
    Chase,
    /// 兑: an offer to exchange same-kind pieces (24.4).
    Exchange,
    /// 献: a piece offered for capture (24.5).
    Offer,
    /// 拦: a block of an opponent piece that does not attack (24.6).
    Block,
    /// 跟: shadowing a protected piece without attacking (24.7).
    Follow,
    /// 闲: none of the above (24.8).
    Idle,
    /// The search budget ran out before the move could be classified; the evidence says why.
    Undetermined,
}

impl Label {
    pub const ALL: [Label; 9] = [
        Label::Check,
        Label::MateThreat,
        Label::Chase,
        Label::Exchange,
        Label::Offer,
        Label::Block,
        Label::Follow,
        Label::Idle,
        Label::Undetermined,
    ];

    /// The character the rule book prints: 将 杀 捉 兑 献 拦 跟 闲 (and 未定 for undetermined).
    pub const fn chinese(self) -> &'static str {
        match self {
            Label::Check => "将",
            Label::MateThreat => "杀",
            Label::Chase => "捉",
            Label::Exchange => "兑",
            Label::Offer => "献",
            Label::Block => "拦",
            Label::Follow => "跟",
            Label::Idle => "闲",
            Label::Undetermined => "未定",
        }
    }

    /// The English name machine-readable output writes beside the character: `check`,
    /// `mate_threat`, `chase`, `exchange`, `offer`, `block`, `follow`, `idle`, `undetermined`.
    pub const fn name(self) -> &'static str {
        match self {
            Label::Check => "check",
            Label::MateThreat => "mate_threat",
            Label::Chase => "chase",
            Label::Exchange => "exchange",
            Label::Offer => "offer",
            Label::Block => "block",
            Label::Follow => "follow",
            Label::Idle => "idle",
            Label::Undetermined => "undetermined",
        }
    }

    /// A label by its English [`name`](Label::name).
    pub fn from_name(name: &str) -> Option<Label> {
        Label::ALL.into_iter().find(|l| l.name() == name)
    }

    /// Read a label in either script (将/將, 杀/殺, 兑/兌, 献/獻, 拦/攔, 闲/閑/閒).
    pub fn from_chinese(text: &str) -> Option<Label> {
        Some(match text.trim() {
            "将" | "將" => Label::Check,
            "杀" | "殺" => Label::MateThreat,
            "捉" => Label::Chase,
            "兑" | "兌" => Label::Exchange,
            "献" | "獻" => Label::Offer,
            "拦" | "攔" => Label::Block,
            "跟" => Label::Follow,
            "闲" | "閑" | "閒" => Label::Idle,
            "未定" => Label::Undetermined,
            _ => return None,
        })
    }

    /// 将, 杀 and 捉: the moves that make a cycle forbidden when a side plays nothing else.
    pub const fn is_attack(self) -> bool {
        matches!(self, Label::Check | Label::MateThreat | Label::Chase)
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.chinese())
    }
}

/// A piece on its square, as evidence names it (红车d4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placed {
    pub piece: Piece,
    pub square: Square,
}

impl Placed {
    pub fn new(piece: Piece, square: Square) -> Placed {
        Placed { piece, square }
    }
}

impl fmt::Display for Placed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}({})",
            self.piece.color.chinese(),
            self.piece.chinese(),
            self.square
        )
    }
}

/// How the material would be won (the four ways of 24.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChaseKind {
    /// 直接吃子: one piece takes a piece that is not adequately protected.
    Direct,
    /// 联合捉: several pieces together win a protected piece.
    Joint,
    /// 将军得子: a check or a series of checks wins material.
    ByChecks,
    /// 完整交换: a complete exchange comes out ahead.
    ByExchange,
}

impl ChaseKind {
    /// As evidence names it: 直接吃子, 联合捉, 将军得子, 完整交换.
    pub const fn chinese(self) -> &'static str {
        match self {
            ChaseKind::Direct => "直接吃子",
            ChaseKind::Joint => "联合捉",
            ChaseKind::ByChecks => "将军得子",
            ChaseKind::ByExchange => "完整交换",
        }
    }

    /// The English name machine-readable output writes: `direct`, `joint`, `by_checks`,
    /// `by_exchange`.
    pub const fn name(self) -> &'static str {
        match self {
            ChaseKind::Direct => "direct",
            ChaseKind::Joint => "joint",
            ChaseKind::ByChecks => "by_checks",
            ChaseKind::ByExchange => "by_exchange",
        }
    }
}

/// One threat to win material (24.3): what wins what, how, and the line that shows it. The
/// gain search's lines are described as threats (the rules' `threats` module); the labelling
/// and the adjudication read them, and the evidence shows them: one type for all three.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Threat {
    pub kind: ChaseKind,
    /// The piece that takes the target.
    pub attacker: Placed,
    /// The mover's pieces that move in the line up to the capture (checking, taking, or taking
    /// on the target's square in turn), the attacker first.
    pub attackers: Vec<Placed>,
    pub target: Placed,
    pub rootedness: Rootedness,
    /// The line that wins the material, starting with the mover's next move.
    pub line: Vec<Move>,
    /// The moved piece holds the target in place (不能离线): where it stands.
    pub held_by: Option<Placed>,
    /// The target is kept in place by a pin and a guard: its one way out takes `way`, which
    /// `guard` takes back (不能离线, won jointly).
    pub kept: Option<Kept>,
    /// The threat stood before the move but did not pay: the line that showed it then, from
    /// the position before the move (走子前此着得不偿失).
    pub freed: Option<Vec<Move>>,
    /// Index in `line` of the move that takes the target.
    pub(crate) capture_index: usize,
    /// The piece that makes the last capture on the target's square.
    pub(crate) finisher: Piece,
    /// Checks the attacker gives before taking the target.
    pub(crate) checks: usize,
    /// One of them is a discovered check or a check by another piece than the capturer
    /// (抽将, 抽吃子).
    pub(crate) discovered: bool,
    /// Another piece of the attacker makes a guard of the target a false root: pins it, or
    /// covers the square it would take back on; or guards the only piece the held target could
    /// take to get away.
    pub(crate) shared: bool,
    /// A threat the move keeps up rather than makes (it weighs the move, 26.9, but is no
    /// new attack).
    pub(crate) standing: bool,
    /// The finisher's capture gives check by another piece (26.8: 兵(卒)吃子时产生其他子将军).
    pub(crate) finish_checks: bool,
}

impl Threat {
    /// The value of the target, for naming a move by its biggest threat.
    pub(crate) fn target_worth(&self) -> i32 {
        crate::analysis::material::worth(self.target.piece, self.target.square)
    }

    /// The line and its capture, as the analysis of roots, pins and taking part reads it.
    pub(crate) fn taking(&self) -> crate::analysis::Taking<'_> {
        crate::analysis::Taking {
            line: &self.line,
            index: self.capture_index,
            target: self.target.square,
        }
    }
}

/// A target kept in place: the piece its one way out takes, and the guard that takes back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kept {
    pub way: Placed,
    pub guard: Placed,
}

/// Who did what in one ruling, in words a referee can check on a board. The evidence is
/// data: the finding, the clause and the ply it is read on; its sentence is rendered on demand
/// ([`Evidence::text`], by [`crate::text::ply`]).
#[derive(Clone, Debug)]
pub struct Evidence {
    /// What decided the label: the branch of the ruling model, with the pieces, squares and
    /// lines it rests on.
    pub finding: Finding,
    /// The clause the label comes from (`24.3`, `26.1.1` …): the branch's, in the rule book's
    /// numbering.
    pub clause: crate::rules::Clause,
    /// The position the move was played in: what the finding's lines are read on.
    pub before: Position,
    /// The move.
    pub mv: Move,
}

/// Evidence is the same where its finding and clause are, on the same placement, side to move
/// and move: the move counters of the position it is read on say nothing about the ply.
impl PartialEq for Evidence {
    fn eq(&self, other: &Evidence) -> bool {
        self.finding == other.finding
            && self.clause == other.clause
            && self.before.board() == other.before.board()
            && self.before.turn() == other.before.turn()
            && self.mv == other.mv
    }
}

impl Eq for Evidence {}

/// An idle ply: the opening's 炮二平五.
impl Default for Evidence {
    fn default() -> Evidence {
        let h2: Square = "h2".parse().expect("a square");
        let e2: Square = "e2".parse().expect("a square");
        Evidence {
            finding: Finding::Idle,
            clause: crate::rules::Clause::default(),
            before: Position::start(),
            mv: Move::new(h2, e2),
        }
    }
}

impl Evidence {
    /// The finding in one or two Chinese sentences ([`crate::text::ply::describe`]).
    pub fn text(&self) -> String {
        crate::text::ply::describe(&self.finding, &self.before, self.mv)
    }

    /// The branch of the ruling model that decided the label.
    pub fn branch(&self) -> crate::rules::Branch {
        self.finding.branch()
    }

    /// The threats found (for 捉), each with its winning line.
    pub fn threats(&self) -> &[Threat] {
        self.finding.threats()
    }

    /// The mating line (for 杀), or the first threat's line (for 捉).
    pub fn line(&self) -> &[Move] {
        self.finding.line()
    }

    /// The clause the evidence cites: the model's branch where it is named by that clause (the
    /// 2011 numbering: `24.3.direct`), else the rule book's own clause (the Asian rules cite
    /// theirs: `AXF术语“捉”`).
    pub fn basis(&self) -> &str {
        let id = self.branch().id();
        if id.starts_with(self.clause.as_str()) {
            id
        } else {
            self.clause.as_str()
        }
    }

    /// One line for tables, as `qili judge` and the reports show it: `24.3.direct 红马捉黑车 …`
    /// (its [`basis`](Evidence::basis)), then each threat's pieces and line, and the line
    /// shown. Here so that every front end (the CLI, the reports, the web page) prints
    /// the same words.
    pub fn one_line(&self) -> String {
        let basis = self.basis();
        let text = self.text();
        let mut s = if text.is_empty() {
            basis.to_string()
        } else {
            format!("{basis} {text}")
        };
        let iccs = |line: &[Move]| {
            line.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        for t in self.threats() {
            s.push_str(&format!(
                "；{}→{}（{}，{}）{}",
                t.attacker,
                t.target,
                t.kind.chinese(),
                t.rootedness.chinese(),
                iccs(&t.line)
            ));
        }
        if !self.line().is_empty() {
            s.push_str(&format!("；着法 {}", iccs(self.line())));
        }
        s
    }
}

/// The ruling on one ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyRuling {
    /// 1-based ply number in the sequence given.
    pub ply: usize,
    pub side: Color,
    pub mv: Move,
    /// The move in standard Chinese notation.
    pub chinese: String,
    pub label: Label,
    pub evidence: Evidence,
    /// Whether the ply is one of the judged cycle's (the others are labelled only for showing).
    pub judged: bool,
}

//! What a single move is (着法性质), and the evidence that shows it.

use std::fmt;

use crate::{Color, Move, Piece, Square};

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

/// Why the target may be won: the protection it lacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rootedness {
    /// 无根子: nothing protects it (false roots included).
    Rootless,
    /// 少根子: fewer protectors than attackers.
    ShortRooted,
    /// 有根 but worth more than the attacker (a 车 attacked by 马 or 炮).
    Rooted,
}

/// One threat the move creates: what wins what, and the line that shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threat {
    pub kind: ChaseKind,
    /// The piece that takes first.
    pub attacker: Placed,
    pub target: Placed,
    pub rootedness: Rootedness,
    /// The line that wins the material, starting with the mover's next move.
    pub line: Vec<Move>,
}

/// Who did what in one ruling, in words a referee can check on a board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Evidence {
    /// The branch of the ruling model that decided the label.
    pub branch: crate::rules::Branch,
    /// The clause the label comes from (`24.3`, `26.1.1` …): the branch's, in the rule book's
    /// numbering.
    pub clause: crate::rules::Clause,
    /// One or two Chinese sentences.
    pub text: String,
    /// The threats found (for 捉), each with its winning line.
    pub threats: Vec<Threat>,
    /// The mating line (for 杀) or the check (for 将).
    pub line: Vec<Move>,
}

impl Evidence {
    /// Evidence decided by `branch`, in `text`; the clause is the rule book's, filled in when
    /// the ply is labelled.
    pub fn of(branch: crate::rules::Branch, text: String) -> Evidence {
        Evidence {
            branch,
            clause: crate::rules::Clause::default(),
            text,
            threats: Vec::new(),
            line: Vec::new(),
        }
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

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

impl Rootedness {
    /// 无根子, 少根子, 有根子.
    pub const fn chinese(self) -> &'static str {
        match self {
            Rootedness::Rootless => "无根子",
            Rootedness::ShortRooted => "少根子",
            Rootedness::Rooted => "有根子",
        }
    }

    /// `rootless`, `short_rooted`, `rooted`.
    pub const fn name(self) -> &'static str {
        match self {
            Rootedness::Rootless => "rootless",
            Rootedness::ShortRooted => "short_rooted",
            Rootedness::Rooted => "rooted",
        }
    }
}

/// One threat the move creates: what wins what, and the line that shows it.
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
}

/// A target kept in place: the piece its one way out takes, and the guard that takes back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kept {
    pub way: Placed,
    pub guard: Placed,
}

/// What else a move is besides the heavier label it gets (从重: 兑兼捉, 献兼捉 …).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Also {
    #[default]
    Nothing,
    /// It offers this piece for exchange too.
    Exchange(Placed),
    /// It offers a piece for capture too.
    Offer,
}

/// Which piece's own chase 26.1 permits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwnChaser {
    /// The king's or the pawn's that takes (the threat's capturer is named).
    Capturer,
    /// The moved king or pawn only backs up the square the capture is made on.
    Backing(Placed),
}

/// The pieces, squares and lines a label rests on, one shape per way a label is decided: what
/// a referee checks on the board. The evidence's Chinese text is rendered from these
/// ([`describe`](crate::rules::describe)).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Facts {
    /// 将 (24.1): the pieces that attack the king of `king`'s side; none when the kings face.
    Check { king: Color, checkers: Vec<Placed> },
    /// 26.1.2: the king of `king`'s side answers check.
    KingAnswer { king: Color },
    /// 杀 (24.2): the mating line, the mover moving again.
    Mate { line: Vec<Move>, also: Also },
    /// 杀 through a seeming exchange (24.4, 24.2): taking `offered` with `partner` is mated at
    /// once; the line is the taking and the mate.
    MatedExchange {
        offered: Placed,
        partner: Placed,
        line: Vec<Move>,
    },
    /// 捉 (24.3): the new threats, and the threats the move keeps up (which weigh it too).
    Chase {
        threats: Vec<Threat>,
        kept: Vec<Threat>,
        also: Also,
    },
    /// 兑 (24.4): `offered` and `partner` attack each other, and taking is even.
    Exchange { offered: Placed, partner: Placed },
    /// 献 (24.5): `offered` may be taken by `taker` without loss to the taker.
    Offer { offered: Placed, taker: Placed },
    /// 拦 (24.6): `blocker` stands on the first move `threat` of a mating line `blocked` had.
    Block {
        blocker: Placed,
        blocked: Placed,
        threat: Move,
    },
    /// 跟 (24.7): `follower` made the step `followed` made and watches it again.
    Follow { follower: Placed, followed: Placed },
    /// 26.2: `side` holds a draw with a single attacking piece; the threat on an advisor or
    /// an elephant is incidental.
    KeyPoint { side: Color, threat: Threat },
    /// 26.1: the king's or a pawn's own chase.
    OwnChase { by: OwnChaser, threat: Threat },
    /// 从捉到捉: the capture stood before the move (`capturer` could already win `target`).
    StoodBefore { capturer: Placed, target: Placed },
    /// 24.8: none of the above.
    #[default]
    Idle,
    /// The searches ran out of `spent`; what had been found so far.
    Undetermined {
        spent: Spent,
        so_far: Label,
        facts: Box<Facts>,
    },
}

/// Which budget of a ply's searches ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spent {
    /// This many positions were searched.
    Nodes(u32),
    /// The caches reached this many MiB.
    CacheMib(usize),
    /// The plies judged together (a call, a game's episodes, a case under every rule book,
    /// see [`crate::rules::Work`]) had searched this many positions: less than the ply's own
    /// budget was left for it.
    Shared(u64),
}

impl Facts {
    /// The threats a chase is labelled by (the new ones).
    pub fn threats(&self) -> &[Threat] {
        match self {
            Facts::Chase { threats, .. } => threats,
            Facts::Undetermined { facts, .. } => facts.threats(),
            _ => &[],
        }
    }

    /// The line that shows the label: the mate (杀), or the first threat's winning line (捉).
    pub fn line(&self) -> &[Move] {
        match self {
            Facts::Mate { line, .. } | Facts::MatedExchange { line, .. } => line,
            Facts::Chase { threats, .. } => threats.first().map_or(&[], |t| &t.line),
            Facts::Undetermined { facts, .. } => facts.line(),
            _ => &[],
        }
    }
}

/// Who did what in one ruling, in words a referee can check on a board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Evidence {
    /// The branch of the ruling model that decided the label.
    pub branch: crate::rules::Branch,
    /// The clause the label comes from (`24.3`, `26.1.1` …): the branch's, in the rule book's
    /// numbering.
    pub clause: crate::rules::Clause,
    /// The pieces, squares and lines the label rests on.
    pub facts: Facts,
    /// The facts in one or two Chinese sentences.
    pub text: String,
}

impl Evidence {
    /// The threats found (for 捉), each with its winning line.
    pub fn threats(&self) -> &[Threat] {
        self.facts.threats()
    }

    /// The mating line (for 杀), or the first threat's line (for 捉).
    pub fn line(&self) -> &[Move] {
        self.facts.line()
    }

    /// The clause the evidence cites: the model's branch where it is named by that clause (the
    /// 2011 numbering: `24.3.direct`), else the rule book's own clause (the Asian rules cite
    /// theirs: `AXF术语“捉”`).
    pub fn basis(&self) -> &str {
        let id = self.branch.id();
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
        let mut s = if self.text.is_empty() {
            basis.to_string()
        } else {
            format!("{basis} {}", self.text)
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

//! What the labelling of one ply decides: one [`Finding`] per branch of the ruling model
//! (docs/ruling-model.md), carrying the pieces, squares and lines it rests on. The label, the
//! branch id and the evidence's facts all derive from it, so they cannot disagree.

use crate::rules::{Branch, Label, Placed, Threat};
use crate::{Color, Move, Role};

/// The decision on one ply: the branch of the model that names the move, with its facts (what
/// a referee checks on the board). The evidence's Chinese sentence is rendered from it
/// ([`crate::text::ply`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Finding {
    /// `24.1.check`: the pieces that attack the king of `king`'s side; none when the kings
    /// face.
    Check { king: Color, checkers: Vec<Placed> },
    /// `26.1.2.king-answer`: the king of `king`'s side answers check.
    KingAnswer { king: Color },
    /// `24.2.mate`: the mating line, the mover moving again.
    Mate { line: Vec<Move>, also: Also },
    /// `24.4.mated-exchange`: taking `offered` with `partner` is mated at once; the line is the
    /// taking and the mate.
    MatedExchange {
        offered: Placed,
        partner: Placed,
        line: Vec<Move>,
    },
    /// `24.3.direct`: the first new threat takes a piece not adequately guarded.
    ChaseDirect(Chase),
    /// `24.3.joint`: several pieces take it together.
    ChaseJoint(Chase),
    /// `24.3.by-checks`: checks before the capture win it.
    ChaseByChecks(Chase),
    /// `24.3.by-exchange`: a complete exchange comes out ahead.
    ChaseByExchange(Chase),
    /// `24.3.freed`: a threat that stood but did not pay pays after the move.
    ChaseFreed(Chase),
    /// `24.3.holds`: the moved piece holds the target in place (不能离线).
    ChaseHolds(Chase),
    /// `24.4.exchange`: `offered` and `partner` attack each other, and taking is even.
    Exchange { offered: Placed, partner: Placed },
    /// `24.5.offer`: `offered` may be taken by `taker` without loss to the taker.
    Offer { offered: Placed, taker: Placed },
    /// `24.6.block`: `blocker` stands on the first move `threat` of a mating line `blocked`
    /// had.
    Block {
        blocker: Placed,
        blocked: Placed,
        threat: Move,
    },
    /// `24.7.follow`: `follower` made the step `followed` made and watches it again.
    Follow { follower: Placed, followed: Placed },
    /// `24.8.idle`: none of the above.
    #[default]
    Idle,
    /// `24.8.chase-to-chase`: the capture stood before the move (`capturer` could already win
    /// `target`).
    ChaseToChase { capturer: Placed, target: Placed },
    /// `26.1.king-own`: the king's own chase.
    KingOwn(OwnChase),
    /// `26.1.pawn-own`: a pawn's own chase.
    PawnOwn(OwnChase),
    /// `26.2.key-point`: `side` holds a draw with a single attacking piece; the threat on an
    /// advisor or an elephant is incidental.
    KeyPoint { side: Color, threat: Threat },
    /// `budget`: the searches ran out of `spent`; what had been found so far.
    Budget { spent: Spent, so_far: Box<Finding> },
}

/// A chase (捉, 24.3): the new threats, the biggest first, and the threats the move keeps up
/// (which weigh it too, 26.9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chase {
    pub threats: Vec<Threat>,
    pub kept: Vec<Threat>,
    pub also: Also,
}

/// The king's or a pawn's own chase (26.1): who it is, and the threat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnChase {
    pub by: OwnChaser,
    pub threat: Threat,
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

impl Finding {
    /// A chase, named by how its first (biggest) new threat is new, or else how it wins.
    pub fn chase(chase: Chase) -> Finding {
        use crate::rules::ChaseKind;
        let first = &chase.threats[0];
        if first.held_by.is_some() {
            Finding::ChaseHolds(chase)
        } else if first.freed.is_some() {
            Finding::ChaseFreed(chase)
        } else {
            match first.kind {
                ChaseKind::Direct => Finding::ChaseDirect(chase),
                ChaseKind::Joint => Finding::ChaseJoint(chase),
                ChaseKind::ByChecks => Finding::ChaseByChecks(chase),
                ChaseKind::ByExchange => Finding::ChaseByExchange(chase),
            }
        }
    }

    /// The own chase of the king or of a pawn (`role`).
    pub fn own(role: Role, own: OwnChase) -> Finding {
        if role == Role::King {
            Finding::KingOwn(own)
        } else {
            Finding::PawnOwn(own)
        }
    }

    /// The branch of the model this finding is.
    pub const fn branch(&self) -> Branch {
        match self {
            Finding::Check { .. } => Branch::Check,
            Finding::KingAnswer { .. } => Branch::KingAnswer,
            Finding::Mate { .. } => Branch::Mate,
            Finding::MatedExchange { .. } => Branch::MatedExchange,
            Finding::ChaseDirect(_) => Branch::ChaseDirect,
            Finding::ChaseJoint(_) => Branch::ChaseJoint,
            Finding::ChaseByChecks(_) => Branch::ChaseByChecks,
            Finding::ChaseByExchange(_) => Branch::ChaseByExchange,
            Finding::ChaseFreed(_) => Branch::ChaseFreed,
            Finding::ChaseHolds(_) => Branch::ChaseHolds,
            Finding::Exchange { .. } => Branch::Exchange,
            Finding::Offer { .. } => Branch::Offer,
            Finding::Block { .. } => Branch::Block,
            Finding::Follow { .. } => Branch::Follow,
            Finding::Idle => Branch::Idle,
            Finding::ChaseToChase { .. } => Branch::ChaseToChase,
            Finding::KingOwn(_) => Branch::KingOwn,
            Finding::PawnOwn(_) => Branch::PawnOwn,
            Finding::KeyPoint { .. } => Branch::KeyPoint,
            Finding::Budget { .. } => Branch::Budget,
        }
    }

    /// The label it gives (the branch's).
    pub const fn label(&self) -> Label {
        self.branch().label()
    }

    /// The chase, for the six ways of 捉.
    pub fn as_chase(&self) -> Option<&Chase> {
        match self {
            Finding::ChaseDirect(c)
            | Finding::ChaseJoint(c)
            | Finding::ChaseByChecks(c)
            | Finding::ChaseByExchange(c)
            | Finding::ChaseFreed(c)
            | Finding::ChaseHolds(c) => Some(c),
            _ => None,
        }
    }

    /// The threats a chase is labelled by (the new ones).
    pub fn threats(&self) -> &[Threat] {
        match self {
            Finding::Budget { so_far, .. } => so_far.threats(),
            f => f.as_chase().map_or(&[], |c| &c.threats),
        }
    }

    /// The line that shows the label: the mate (杀), or the first threat's winning line (捉).
    pub fn line(&self) -> &[Move] {
        match self {
            Finding::Mate { line, .. } | Finding::MatedExchange { line, .. } => line,
            Finding::Budget { so_far, .. } => so_far.line(),
            f => f.threats().first().map_or(&[], |t| &t.line),
        }
    }

    /// What a chase is weighed by (26.9): its new threats and those it keeps up.
    pub(crate) fn weighed(&self) -> Vec<Threat> {
        self.as_chase().map_or_else(Vec::new, |c| {
            c.threats.iter().chain(&c.kept).cloned().collect()
        })
    }
}

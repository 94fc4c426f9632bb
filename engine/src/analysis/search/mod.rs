//! The two bounded searches the definitions need.
//!
//! * [`Searcher::mate_by_checks`]: 24.2 杀 — can the side to move mate by a check or a series of
//!   checks? Every move of the attacker checks; the defender tries every legal answer.
//! * [`Searcher::gain_lines`]: 24.3 捉 — can the side to move win material starting now, by
//!   capturing, by checks, or through a complete exchange (完整互吃交换)? Following the 片段论, a
//!   line goes on while each move is a capture, a check or an answer to check; whoever plays a
//!   quiet move ends it, so either side may stop (stand pat) when not in check.
//!
//!   The attacker may capture or check anywhere. The defender's answers are what protection
//!   (根) means: it may take back the piece that just captured (a real root), or win that piece
//!   back through a series of checks (a hidden root, 暗根: 图3), or take a piece that backs the
//!   capture up (an attacker of the square taken: 图25). Its threats that stood before the
//!   capture against other pieces are its own business and do not protect the piece taken
//!   (图8); a series of checks that does not win the capturing piece back changes nothing.
//!   During such checks the piece to win back stays the capturer, even when the attacker takes
//!   something while answering them (参考图31).
//!
//!   What the defender takes off the exchange (not the capturer, not a piece backing the
//!   capture up) is its own business too unless it leaves the chaser behind (交换吃亏): what the
//!   capture itself lays open (图23: the pinned cannon that takes loses the rook behind it), a
//!   piece it takes while answering a check, and in a win that starts with a check (借将, 抽将),
//!   whose checks parry none of the defender's threats, even a capture that stood before, if it
//!   wins by itself (参考图28; the final edition's 参考图8, which corrected the trial edition's 捉
//!   of 炮8平9 to 闲). A capture off the exchange that only evens the score does not undo the
//!   chase (参考图12: the rook that blocked takes the checking cannon; 参考图27: the cannon that
//!   takes the rook uncovers a rook of its own; 参考图30: the pawn that uncovered the check is
//!   taken after the horse; 图28: the rook that takes the horse uncovers the cannon's check and
//!   the cannon is taken). Behind is the ledger's score, the crossed pawn's float included: a
//!   pawn for a piece is neither gain nor loss (the referee's 闲 in
//!   `dispute-2010-zongyongsheng-wangyang` rests on it).
//!
//!   Whether a move made an old threat pay is asked under [`Terms::laying_open`]: then the
//!   defender may also take a piece the capturer stopped guarding by capturing
//!   (参考图16: a rook that guards a pawn wins nothing by taking if the pawn is then taken).
//!
//!   A line in which the winner can then be mated at once — by the defender's next move, the
//!   answer to the capture — is no gain (24.3: 得子后不致立即（下一着不予考虑）被对方将死); a mate
//!   that takes more, a series of checks or a quiet move first, is the move after, not looked at.
//!   Only a mate threat the defender already made before the line began (24.2 杀) refutes a
//!   line that does not parry it whatever its length (参考图20, 35).

use crate::analysis::budget::{Budget, Exhausted};
use crate::Move;

use cache::Caches;

/// Ordering the answers to check costs a count of the opponent's checks for each: it pays only
/// in a mate search with at least this many checks left (7 spares 3% of the ruling bench's
/// instructions, but a game of `engine/tests/next_moves.rs` then took minutes instead of half a
/// second: tried in two rounds, rejected both times),
const ORDER_CHECKS: u32 = 4;
/// or in a material line with more than this many plies left.
const ORDER_PLIES: u32 = 6;

/// How much more than a plain check a check that also takes weighs in ordering answers.
const TAKING_CHECK: usize = 4;

/// Score of a line in which the defender is mated (from the attacker's side).
pub(crate) const MATE: i32 = 1_000_000;
/// Beyond any score: an open search window.
pub(crate) const INF: i32 = 10_000_000;

/// Limits of the searches.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// Most checking moves in a mating line (杀, and the refutation of a gain).
    pub mate_checks: u32,
    /// Checking moves in a mate that refutes a gain at once (立即被将死: one, the defender's next
    /// move); a mate threat standing before the line is searched to `mate_checks`.
    pub refute_checks: u32,
    /// Most plies in a material line.
    pub gain_plies: u32,
}

/// The outcome of one candidate first move of a gain search.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct GainLine {
    /// The score of the line from the attacker's side: positive wins material, `MATE` mates.
    pub score: i32,
    /// The principal variation, starting with the attacker's first move.
    pub line: Vec<Move>,
}

/// What a gain search is asked under besides its position and first move. It stays the same
/// for the whole search, so every node remembered is keyed by it compared whole: a new field is
/// part of the key without anyone folding it in by hand.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Terms {
    /// Captures the attacker may not make in a line: an exchange it offered is an exchange,
    /// not a threat (24.4).
    pub forbidden: Vec<Move>,
    /// Weigh what a capture really costs: the defender may also take a piece the capturer
    /// stops guarding (see `abandoned`), and these captures of the defender answer the first
    /// move whether they stood before it or not. For telling whether a move made an old
    /// threat pay. `None` in a plain search.
    pub laid_open: Option<Vec<Move>>,
    /// Weigh what taking an offered piece loses at once (24.4, 24.5: 不致立即…在子力价值上遭受
    /// 损失): every capture the offerer answers with counts, even one that only evens the score
    /// (see [`segment::even_counts`]).
    pub offer_taken: bool,
}

impl Terms {
    /// A plain search: every capture allowed, nothing laid open, counter-checks count only
    /// when they win the capturer back.
    pub const PLAIN: Terms = Terms {
        forbidden: Vec::new(),
        laid_open: None,
        offer_taken: false,
    };

    /// A plain search in which the attacker may not make the captures `forbidden`.
    pub fn forbidding(forbidden: Vec<Move>) -> Terms {
        Terms {
            forbidden,
            ..Terms::PLAIN
        }
    }

    /// A search weighing what the capture lays open, with `counted` answering it.
    pub fn laying_open(counted: Vec<Move>) -> Terms {
        Terms {
            laid_open: Some(counted),
            ..Terms::PLAIN
        }
    }

    /// A search weighing what taking an offered piece loses at once.
    pub fn taking_offer() -> Terms {
        Terms {
            offer_taken: true,
            ..Terms::PLAIN
        }
    }
}

/// One search's terms with what the search adds itself: fixed while it runs, and part of the
/// key of every node it remembers (through its index in [`Caches::frames`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Frame {
    terms: Terms,
    /// Captures the attacker may make only as the first move of a line: each standing threat
    /// is judged on its own, not as the tail of every other line.
    elsewhere: Vec<Move>,
    /// The line began with a check rather than a capture.
    check_first: bool,
    /// The defender threatened mate before the line began (24.2 杀: it would mate by a check
    /// or a series of checks were it to move): a line that does not parry that threat is
    /// refuted by it, however many checks it takes.
    mate_threat: bool,
}

/// A frame as a running search holds it: the frame, and its index for the node keys.
#[derive(Clone, Copy)]
struct Search<'a> {
    frame: &'a Frame,
    id: u32,
}

mod cache;
mod gain;
mod mate;
mod mate_line;
mod order;
mod segment;
mod standing;
#[cfg(test)]
mod tests;

/// Runs the searches of one ply under its budget. What it is asked under comes with each
/// question ([`Terms`]); what it remembers lasts for the ply.
pub(crate) struct Searcher {
    limits: Limits,
    budget: Budget,
    caches: Caches,
    /// Positions on the current line, so a line of checks that goes round in circles stops.
    path: Vec<u64>,
}

thread_local! {
    /// The caches of the last searcher dropped on this thread, emptied: the next one (the next
    /// ruling's) starts with their room instead of growing its tables, and touching freshly
    /// mapped pages, all over again. What they held is gone (see [`Caches::reset`]).
    static SPARE: std::cell::Cell<Option<Box<Caches>>> = const { std::cell::Cell::new(None) };
}

/// Most room ([`Caches::room`]) a searcher's caches may have to be kept for the next one on
/// its thread; larger ones are freed, so an idle thread holds at most this much.
const SPARE_ROOM: usize = 16 << 20;

impl Drop for Searcher {
    fn drop(&mut self) {
        if self.caches.room() <= SPARE_ROOM {
            let mut caches = Box::new(std::mem::take(&mut self.caches));
            caches.reset();
            // A thread being torn down has no spare to keep.
            let _ = SPARE.try_with(|s| s.set(Some(caches)));
        }
    }
}

impl Searcher {
    pub fn new(limits: Limits, nodes: u32) -> Searcher {
        let mut caches = SPARE
            .try_with(|s| s.take())
            .ok()
            .flatten()
            .map_or_else(Caches::default, |c| *c);
        caches.reset();
        // Room for the nodes of a typical ply from the start: growing the table again and
        // again costs more than the memory. (Kept below the size the system allocator maps
        // afresh for each ruling: with rulings on every processor that costs more still.)
        caches.segments.reserve(1 << 10);
        Searcher {
            limits,
            budget: Budget::new(nodes),
            caches,
            path: Vec::new(),
        }
    }

    /// Start the searches of a new ply, with `nodes` to spend and nothing remembered.
    pub fn start_ply(&mut self, nodes: u32) {
        self.budget = Budget::new(nodes);
        self.caches.clear();
    }

    /// Why some search of this ply had to stop early, if one did.
    pub fn exhaustion(&self) -> Option<Exhausted> {
        self.budget.exhaustion()
    }

    /// Whether some search of this ply had to stop early.
    pub fn exhausted(&self) -> bool {
        self.budget.exhausted()
    }

    /// The positions the searches of this ply have visited.
    pub fn spent(&self) -> u32 {
        self.budget.spent()
    }

    /// Take one node of the budget, if it and the room for caches last.
    #[inline]
    fn take(&mut self) -> bool {
        self.budget.take(self.caches.bytes())
    }
}

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

use rustc_hash::FxHashMap;

use crate::analysis::budget::{Budget, Exhausted};
use crate::analysis::material::{is_material, Ledger};
use crate::position::Wanted;
use crate::{Color, Move, Position, Square};

/// Ordering the answers to check costs a count of the opponent's checks for each: it pays only
/// in a mate search with at least this many checks left,
const ORDER_CHECKS: u32 = 4;
/// or in a material line with more than this many plies left.
const ORDER_PLIES: u32 = 8;

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
    /// (see [`even_counts`]).
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

/// What the searches of one ply remember. Emptied for every ply ([`Searcher::start_ply`]): a
/// ply's label may not depend on what was searched before it, and what they keep is counted
/// against the budget, so it stays bounded whatever the input. (The move lists stay, but a ply
/// sees and counts only those it asked for itself: see [`MoveLists`].)
#[derive(Default)]
struct Caches {
    /// Mates by checks by position and most checks (`None`: none).
    mates: FxHashMap<(u64, u32), Option<Vec<Move>>>,
    /// Positions (attacker to move) known to have no mate by checks within so many checks.
    no_mate: FxHashMap<u64, u32>,
    /// The frames of the searches so far, by index.
    frames: FxHashMap<Frame, u32>,
    /// The standing captures met in segment nodes, by index (see [`SegmentKey`]).
    standings: FxHashMap<Vec<Move>, u32>,
    /// Segment nodes already searched (see [`Searcher::node`]): the value and where its line
    /// starts in `segment_lines` and how long it is.
    segments: FxHashMap<SegmentKey, (i32, u32, u32)>,
    /// The lines of `segments`, one after the other in one buffer, so remembering a node costs
    /// no allocation of its own.
    segment_lines: Vec<Move>,
    /// The move lists of the positions met so far (see [`MoveLists`]).
    lists: MoveLists,
    /// Bytes the maps above hold, as the budget counts them (see [`Caches::bytes`]).
    kept: usize,
}

/// What an entry of a map costs: its key and value, and a control byte.
const fn entry<K, V>() -> usize {
    std::mem::size_of::<(K, V)>() + 1
}

impl Caches {
    /// Bytes kept, as the budget counts them: entries and the moves they hold, not the tables'
    /// spare room.
    fn bytes(&self) -> usize {
        self.kept + self.lists.bytes()
    }

    /// Forget everything a ply may not find again, keeping the room the tables have grown to
    /// (the move lists stay, the ply's own again only when it asks: see [`MoveLists`]).
    fn clear(&mut self) {
        self.mates.clear();
        self.no_mate.clear();
        self.frames.clear();
        self.standings.clear();
        self.segments.clear();
        self.segment_lines.clear();
        self.lists.next_ply();
        self.kept = 0;
    }

    /// Forget everything, the move lists too: for a new searcher, which has seen nothing.
    fn reset(&mut self) {
        self.clear();
        self.lists.forget();
    }

    /// The room the tables and buffers have grown to, in bytes (roughly: their capacities).
    fn room(&self) -> usize {
        let lists = &self.lists;
        self.mates.capacity() * entry::<(u64, u32), Option<Vec<Move>>>()
            + self.no_mate.capacity() * entry::<u64, u32>()
            + self.frames.capacity() * entry::<Frame, u32>()
            + self.standings.capacity() * entry::<Vec<Move>, u32>()
            + self.segments.capacity() * entry::<SegmentKey, (i32, u32, u32)>()
            + self.segment_lines.capacity() * size_of::<Move>()
            + lists.index.capacity() * entry::<(u64, List), Kept>()
            + lists.checks.capacity() * entry::<u64, (u32, u32)>()
            + lists.moves.capacity() * size_of::<Move>()
            + lists.keyed.capacity() * size_of::<(u64, Move)>()
    }

    fn keep_mate(&mut self, key: (u64, u32), found: Option<Vec<Move>>) {
        let moves = found.as_ref().map_or(0, Vec::len);
        self.kept += entry::<(u64, u32), Option<Vec<Move>>>() + moves * size_of::<Move>();
        self.mates.insert(key, found);
    }

    fn keep_no_mate(&mut self, hash: u64, checks: u32) {
        let e = self.no_mate.entry(hash).or_insert_with(|| {
            self.kept += entry::<u64, u32>();
            0
        });
        *e = (*e).max(checks);
    }

    /// The index of the frame `frame`, made if need be.
    fn frame(&mut self, frame: &Frame) -> u32 {
        if let Some(&id) = self.frames.get(frame) {
            return id;
        }
        let id = u32::try_from(self.frames.len()).expect("fewer than 4 G frames");
        let held = frame.terms.forbidden.len()
            + frame.terms.laid_open.as_ref().map_or(0, Vec::len)
            + frame.elsewhere.len();
        self.kept += entry::<Frame, u32>() + held * size_of::<Move>();
        self.frames.insert(frame.clone(), id);
        id
    }

    /// The index of the standing captures `standing`, made if need be.
    fn standing(&mut self, standing: &[Move]) -> u32 {
        if let Some(&id) = self.standings.get(standing) {
            return id;
        }
        let id = u32::try_from(self.standings.len()).expect("fewer than 4 G lists");
        self.kept += entry::<Vec<Move>, u32>() + size_of_val(standing);
        self.standings.insert(standing.to_vec(), id);
        id
    }

    fn keep_segment(&mut self, key: SegmentKey, value: i32, line: &[Move]) {
        let start = u32::try_from(self.segment_lines.len()).expect("fewer than 4 G moves");
        let len = u32::try_from(line.len()).expect("a short line");
        self.segment_lines.extend_from_slice(line);
        self.kept += entry::<SegmentKey, (i32, u32, u32)>() + size_of_val(line);
        self.segments.insert(key, (value, start, len));
    }
}

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

    /// A forced mate by checks for the side to move: the whole main line.
    pub fn mate_by_checks(&mut self, pos: &Position) -> Option<Vec<Move>> {
        self.mate_within(pos, self.limits.mate_checks)
    }

    /// A forced mate by checks for the side to move in which it never makes the capture
    /// `avoid` (the trade an exchange offer offers, 24.4, is not the way a mate goes). Searched
    /// apart from the remembered mates, which assume every move is allowed.
    pub fn mate_avoiding(&mut self, pos: &Position, avoid: Move) -> Option<Vec<Move>> {
        let mates = std::mem::take(&mut self.caches.mates);
        let no_mate = std::mem::take(&mut self.caches.no_mate);
        let found = self.mate_search(pos, self.limits.mate_checks, Some(avoid));
        self.caches.mates = mates;
        self.caches.no_mate = no_mate;
        found
    }

    /// A forced mate by checks that starts with `first` (a legal checking move), if any.
    pub fn mate_starting_with(&mut self, pos: &Position, first: Move) -> Option<Vec<Move>> {
        let mut p = pos.clone();
        p.play_unchecked(first);
        if !p.in_check() {
            return None;
        }
        for depth in 0..self.limits.mate_checks {
            let mut line = Vec::new();
            if self.mate_defend(&mut p, depth, None, &mut line) {
                let mut out = vec![first];
                out.extend(line);
                return Some(out);
            }
            if self.exhausted() {
                break;
            }
        }
        None
    }

    fn mate_within(&mut self, pos: &Position, max_checks: u32) -> Option<Vec<Move>> {
        self.mate_search(pos, max_checks, None)
    }

    /// A mate by at most `max_checks` checks, none of them `avoid`.
    fn mate_search(
        &mut self,
        pos: &Position,
        max_checks: u32,
        avoid: Option<Move>,
    ) -> Option<Vec<Move>> {
        let key = (pos.hash(), max_checks);
        if let Some(r) = self.caches.mates.get(&key) {
            return r.clone();
        }
        let mut p = pos.clone();
        // Most positions have no mate: one search to the full depth says so for the price of
        // the deepest iteration alone. Only when there is one are the depths deepened one by
        // one, so the line shown is the shortest mate (what it learns about positions without
        // a mate is kept and spares those iterations work).
        if max_checks > 1 && !self.mate_attack(&mut p, max_checks, avoid, &mut Vec::new()) {
            if !self.exhausted() {
                self.caches.keep_mate(key, None);
            }
            return None;
        }
        let mut found = None;
        for depth in 1..=max_checks {
            let mut line = Vec::new();
            if self.mate_attack(&mut p, depth, avoid, &mut line) {
                found = Some(line);
                break;
            }
            if self.exhausted() {
                break;
            }
        }
        if !self.exhausted() {
            self.caches.keep_mate(key, found.clone());
        }
        found
    }

    /// Attacker to move with `checks` checking moves left: is there a check (other than
    /// `avoid`) that mates by force?
    fn mate_attack(
        &mut self,
        pos: &mut Position,
        checks: u32,
        avoid: Option<Move>,
        line: &mut Vec<Move>,
    ) -> bool {
        if checks == 0 || !self.take() {
            return false;
        }
        // Known not to mate within this many checks (or more)?
        if self
            .caches
            .no_mate
            .get(&pos.hash())
            .is_some_and(|&d| d >= checks)
        {
            return false;
        }
        for i in self.caches.lists.range(pos, List::Checks) {
            let m = self.caches.lists.moves[i];
            if avoid == Some(m) {
                continue;
            }
            let u = pos.play_unchecked(m);
            let mut sub = Vec::new();
            let mated = self.mate_defend(pos, checks - 1, avoid, &mut sub);
            pos.undo(m, u);
            if mated {
                line.push(m);
                line.extend(sub);
                return true;
            }
            if self.exhausted() {
                return false;
            }
        }
        if !self.exhausted() {
            self.caches.keep_no_mate(pos.hash(), checks);
        }
        false
    }

    /// Defender to move, in check: does every answer lose to further checks?
    fn mate_defend(
        &mut self,
        pos: &mut Position,
        checks: u32,
        avoid: Option<Move>,
        line: &mut Vec<Move>,
    ) -> bool {
        // Every answer must lose; the ones most likely to hold come first so a defence that
        // holds ends the search early (see `answer_order`). With no check left only whether
        // there is an answer at all matters: ask that without generating and ordering them
        // all, unless they are already known.
        if checks == 0 {
            return match self.caches.lists.known(pos, List::Legal) {
                Some(answers) => answers.is_empty(),
                None => !pos.has_legal_move(),
            };
        }
        let answers = self.caches.lists.range(pos, List::Legal);
        if answers.is_empty() {
            return true;
        }
        let mut main: Option<(Vec<Move>, usize)> = None;
        // Unordered, the answers are walked in place, with nothing to allocate.
        let ordered =
            (checks >= ORDER_CHECKS).then(|| self.answer_order(pos, answers.clone(), false));
        for k in 0..answers.len() {
            let i = ordered.as_ref().map_or(answers.start + k, |o| o[k]);
            let a = self.caches.lists.moves[i];
            let u = pos.play_unchecked(a);
            let mut sub = Vec::new();
            let mated = self.mate_attack(pos, checks, avoid, &mut sub);
            pos.undo(a, u);
            if !mated {
                return false;
            }
            // Keep the longest defence as the main line a referee would check, the first in
            // the canonical order among equally long ones.
            let longer = main.as_ref().is_none_or(|(l, first)| {
                sub.len() + 1 > l.len() || (sub.len() + 1 == l.len() && i < *first)
            });
            if longer {
                let mut l = vec![a];
                l.extend(sub);
                main = Some((l, i));
            }
        }
        line.extend(main.map(|(l, _)| l).unwrap_or_default());
        true
    }

    /// For each first move of the side to move that is a capture or a check and wins material
    /// (or mates) by force inside the segment under `terms`, its best line, in the search
    /// order.
    ///
    /// Each threat is judged on its own: a capture that wins as a first move may not be tacked
    /// onto another line (see [`Frame::elsewhere`]). So the captures of material are asked
    /// first, each only whether it wins (a null window around "no gain"); a check, or a
    /// capture of what is no material, then counts only if it wins without them, which also
    /// spares searching the many moves that would win only by taking one of them on the way.
    pub fn gain_lines(&mut self, terms: &Terms, pos: &Position) -> Vec<GainLine> {
        let standing = self.caches.lists.get(pos, List::Standing);
        let moves = self.caches.lists.get(pos, List::Tactical);
        let mut frame = Frame {
            terms: terms.clone(),
            elsewhere: Vec::new(),
            check_first: false,
            mate_threat: self.threatens_mate(pos),
        };
        let wins = |s: &mut Searcher, frame: &mut Frame, m: Move| {
            s.evaluate_with(frame, pos, m, (0, 1), &standing)
                .is_some_and(|g| g.score > 0)
        };
        // A capture of what is no material (a pawn that has not crossed the river) is no
        // threat by itself: like a check it counts only if it wins without the winning
        // captures. Whether other lines may tack it on does not matter: without check it
        // cannot help them, for the defender may stop right after it.
        let takes = |m: Move| pos.piece_at(m.to).is_some_and(|p| is_material(p, m.to));
        let captures: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| takes(m) && wins(self, &mut frame, m))
            .collect();
        let mut out = Vec::new();
        for m in moves {
            let capture = takes(m);
            if capture && !captures.contains(&m) {
                continue;
            }
            frame.elsewhere = captures.iter().copied().filter(|&c| c != m).collect();
            if capture || wins(self, &mut frame, m) {
                if let Some(e) = self
                    .evaluate_with(&mut frame, pos, m, (0, INF), &standing)
                    .filter(|e| e.score > 0)
                {
                    out.push(e);
                }
            }
        }
        out
    }

    /// What [`Searcher::evaluate`] in an open window scores, without the line: found by null
    /// windows alone (MTD(f)), each telling on which side of a bound the outcome lies, which
    /// costs far less than one search in the open window.
    pub fn value(&mut self, terms: &Terms, pos: &Position, m: Move) -> Option<i32> {
        let (mut lower, mut upper) = (-INF, INF);
        // First: does it gain anything? (It was a threat.)
        let mut guess = 1;
        while lower < upper {
            let b = guess.max(lower + 1);
            let g = self.evaluate(terms, pos, m, (b - 1, b))?;
            guess = g.score;
            if g.score < b {
                upper = g.score;
            } else {
                lower = g.score;
            }
            if self.exhausted() {
                break;
            }
        }
        Some(guess)
    }

    /// The outcome the side to move forces under `terms` by starting with `m`, if `m` is a
    /// capture or a check (and so starts a segment); `m` must be legal. The score is exact
    /// inside the open window `(lo, hi)`; outside it, it is only a bound (at most `lo`, at
    /// least `hi`), and the narrower the window the faster the answer.
    pub fn evaluate(
        &mut self,
        terms: &Terms,
        pos: &Position,
        m: Move,
        window: (i32, i32),
    ) -> Option<GainLine> {
        let standing = self.caches.lists.get(pos, List::Standing);
        let mut frame = Frame {
            terms: terms.clone(),
            elsewhere: Vec::new(),
            check_first: false,
            mate_threat: self.threatens_mate(pos),
        };
        self.evaluate_with(&mut frame, pos, m, window, &standing)
    }

    /// [`Searcher::evaluate`] in `frame` (whose `check_first` it sets to fit `m`).
    fn evaluate_with(
        &mut self,
        frame: &mut Frame,
        pos: &Position,
        m: Move,
        window: (i32, i32),
        standing: &[Move],
    ) -> Option<GainLine> {
        let attacker = pos.turn();
        let mut p = pos.clone();
        let captured = p.piece_at(m.to);
        if frame.terms.forbidden.contains(&m) {
            return None;
        }
        let guarded = laid_open_guard(&frame.terms, &p, m.from, standing);
        p.play_unchecked(m);
        let mut unguarded = abandoned(&p, m.to, standing, guarded);
        if let Some(counted) = frame.terms.laid_open.as_ref().filter(|c| !c.is_empty()) {
            let rest = unguarded.as_deref().unwrap_or(standing);
            unguarded = Some(
                rest.iter()
                    .copied()
                    .filter(|d| !counted.contains(d))
                    .collect(),
            );
        }
        let standing = unguarded.as_deref().unwrap_or(standing);
        let in_check = p.in_check();
        if captured.is_none() && !in_check {
            return None;
        }
        let ledger = match captured {
            Some(c) => Ledger::default().capture(c, m.to, true),
            None => Ledger::default(),
        };
        let mut pv = Vec::new();
        frame.check_first = captured.is_none();
        let search = Search {
            id: self.caches.frame(frame),
            frame,
        };
        self.path.clear();
        self.path.push(pos.hash());
        let node = Node {
            in_check,
            attacker,
            ledger,
            tracked: captured.map(|_| m.to),
            base: None,
            ply: 1,
            took: captured.is_some(),
        };
        let score = self.node(search, &mut p, node, standing, window, &mut pv);
        let mut line = vec![m];
        line.extend(pv);
        Some(GainLine { score, line })
    }

    /// The defender's answers to the attacker's first move `first`, each with the outcome it
    /// leads to (best play after it) and its line; a stand (no answer inside the segment)
    /// has an empty line. Tells which pieces the defender can choose to lose.
    ///
    /// Outcomes are exact inside the open window `(lo, hi)`; outside it they are only bounds
    /// (at least `hi`, at most `lo`), which is all a caller asking "which answers still lose
    /// material" needs, and much faster.
    pub fn replies(&mut self, pos: &Position, first: Move, window: (i32, i32)) -> Vec<GainLine> {
        let attacker = pos.turn();
        let standing = self.caches.lists.get(pos, List::Standing);
        let mut p = pos.clone();
        let captured = p.piece_at(first.to);
        let frame = Frame {
            terms: Terms::PLAIN,
            elsewhere: Vec::new(),
            check_first: captured.is_none(),
            mate_threat: self.threatens_mate(pos),
        };
        let search = Search {
            id: self.caches.frame(&frame),
            frame: &frame,
        };
        let guarded = laid_open_guard(&frame.terms, &p, first.from, &standing);
        p.play_unchecked(first);
        let standing = abandoned(&p, first.to, &standing, guarded).unwrap_or(standing);
        let ledger = match captured {
            Some(c) => Ledger::default().capture(c, first.to, true),
            None => Ledger::default(),
        };
        let tracked = captured.map(|_| first.to);
        let in_check = p.in_check();
        let stand = ledger.score();
        if !in_check && stand > 0 {
            if let Some(line) = self.refutation(&frame, &p) {
                return vec![GainLine { score: -MATE, line }];
            }
        }
        let supporters = match tracked {
            Some(t) => p.attackers(t, attacker),
            _ => Vec::new(),
        };
        let ctx = Context {
            maximizing: false,
            in_check,
            tracked,
            base: None,
            stand,
            standing: &standing,
            supporters: &supporters,
            even_counts: even_counts(&frame.terms),
        };
        let mut out = Vec::new();
        if !in_check {
            out.push(GainLine {
                score: stand,
                line: Vec::new(),
            });
        }
        let list = if p.in_check() {
            List::Legal
        } else {
            List::Tactical
        };
        for m in self.caches.lists.get(&p, list) {
            let c = p.piece_at(m.to);
            let u = p.play_unchecked(m);
            let checks = p.in_check();
            let taken = c.map(|c| ledger.capture(c, m.to, false));
            let counts = Counts {
                counter: false,
                behind: taken.is_some_and(Ledger::is_loss),
                takes: taken.is_some_and(|l| l != ledger),
            };
            let next = ctx.successor(m, c.is_some(), checks, counts);
            if let Some(Next::Ends) = next {
                out.push(GainLine {
                    score: stand,
                    line: vec![m],
                });
            } else if let Some(Next::On(t, b)) = next {
                let l = match c {
                    Some(c) => ledger.capture(c, m.to, false),
                    None => ledger,
                };
                self.path.clear();
                self.path.push(pos.hash());
                let node = Node {
                    in_check: checks,
                    attacker,
                    ledger: l,
                    tracked: t,
                    base: b,
                    ply: 2,
                    took: false,
                };
                let mut sub = Vec::new();
                let v = self.node(search, &mut p, node, &[], window, &mut sub);
                let mut line = vec![m];
                line.extend(sub);
                out.push(GainLine { score: v, line });
            }
            p.undo(m, u);
        }
        out
    }

    /// Alpha-beta over the segment, remembering each node searched with the same inputs (the
    /// same position, node, standing captures and window, in the same frame): the lines of one
    /// ply meet the same positions again and again.
    fn node(
        &mut self,
        s: Search,
        pos: &mut Position,
        node: Node,
        standing: &[Move],
        window: (i32, i32),
        pv: &mut Vec<Move>,
    ) -> i32 {
        let key = SegmentKey {
            hash: pos.hash(),
            frame: s.id,
            standing: self.caches.standing(standing),
            node,
            window,
        };
        if let Some(&(v, start, len)) = self.caches.segments.get(&key) {
            pv.clear();
            pv.extend_from_slice(
                &self.caches.segment_lines[start as usize..(start + len) as usize],
            );
            return v;
        }
        let v = self.search_node(s, pos, node, standing, window, pv);
        if !self.exhausted() {
            self.caches.keep_segment(key, v, pv);
        }
        v
    }

    /// One segment node searched: stop, or try the moves that go on with the segment.
    fn search_node(
        &mut self,
        s: Search,
        pos: &mut Position,
        node: Node,
        standing: &[Move],
        window: (i32, i32),
        pv: &mut Vec<Move>,
    ) -> i32 {
        let maximizing = pos.turn() == node.attacker;
        // Inside the defender's counter-checks nothing counts until the piece is won back.
        let mut stand = node.stand();
        if !self.take() || self.path.contains(&pos.hash()) {
            return stand;
        }
        let moves =
            match self.first_moves(pos, &node, maximizing, s.frame.mate_threat, stand, window) {
                Ok(moves) => moves,
                Err(settled) => return settled,
            };
        // Ahead: the gain stands only if the defender cannot mate at once (立即: with the move
        // that answers the capture; the moves after it are not looked at, 下一着不予考虑). Asked
        // last, and only if the defender's other answers leave the attacker better than it
        // already is.
        let refute = !maximizing && stand > 0 && (node.took || s.frame.mate_threat);
        let floor = window.0;
        if node.ply >= self.limits.gain_plies {
            if node.in_check {
                stand = if maximizing { stand.min(0) } else { stand };
            }
            if refute && stand > floor && self.refuted(s.frame, pos, pv) {
                return -MATE;
            }
            return stand;
        }
        self.path.push(pos.hash());
        let best = self.children(s, pos, &node, standing, moves, window, pv);
        self.path.pop();
        if refute && best > floor && self.refuted(s.frame, pos, pv) {
            return -MATE;
        }
        best
    }

    /// The first moves a node tries (the answers to check, or the captures, the quiet checks
    /// coming after them), or the node's outcome when it is settled before any move: no
    /// answer to check, a side that may stop here, or stalemate.
    fn first_moves(
        &mut self,
        pos: &Position,
        node: &Node,
        maximizing: bool,
        mate_threat: bool,
        stand: i32,
        (alpha, beta): (i32, i32),
    ) -> Result<std::ops::Range<usize>, i32> {
        let lost = if maximizing { -MATE } else { MATE };
        // In check every answer goes on with the segment; otherwise only captures and checks
        // can (whether a quiet move would also be possible matters only for stalemate).
        if node.in_check {
            let answers = self.caches.lists.range(pos, List::Legal);
            return match node.base {
                // Mated by the defender's series of checks after the gain: not at once (24.3
                // 立即, 下一着不予考虑) unless it carries out a mate threat that stood before the
                // line; what stands is what the attacker had won.
                Some(base) if answers.is_empty() && maximizing && !mate_threat => Err(base),
                _ if answers.is_empty() => Err(lost),
                _ => Ok(answers),
            };
        }
        // A quiet move ends the segment: the side to move may stop here, unless it has no legal
        // move at all (stalemate, lost). Asked before any move is generated, since stopping
        // often settles the node at once.
        let stops = if maximizing {
            stand >= beta
        } else {
            stand <= alpha
        };
        if stops {
            let stalemate = match self.caches.lists.known(pos, List::Legal) {
                Some(moves) => moves.is_empty(),
                None => !pos.has_legal_move(),
            };
            return Err(if stalemate { lost } else { stand });
        }
        // Tactical moves are legal moves: only when there is none must a quiet one be looked
        // for, to tell a stalemate (lost) from a position the side may stop in.
        let captures = self.caches.lists.range(pos, List::Captures);
        if captures.is_empty()
            && (!quiet_checks(node, maximizing)
                || self.caches.lists.range(pos, List::QuietChecks).is_empty())
            && !pos.has_legal_move()
        {
            return Err(lost);
        }
        Ok(captures)
    }

    /// The moves of a node that go on with the segment (`moves`, then the quiet checks if they
    /// may), each searched in turn until one cuts the search off: the node's outcome, with its
    /// line in `pv`.
    #[allow(clippy::too_many_arguments)]
    fn children(
        &mut self,
        s: Search,
        pos: &mut Position,
        node: &Node,
        standing: &[Move],
        mut moves: std::ops::Range<usize>,
        (mut alpha, mut beta): (i32, i32),
        pv: &mut Vec<Move>,
    ) -> i32 {
        let maximizing = pos.turn() == node.attacker;
        let in_check = node.in_check;
        let stand = node.stand();
        // Only a node searched with a window wider than a null window can be on the line
        // shown: a null window only ever tells on which side of a bound the outcome lies.
        let shown = beta - alpha > 1;
        // Out of check the side to move may stop: what it has is where its outcome starts.
        let mut best = if in_check {
            if maximizing {
                -INF
            } else {
                INF
            }
        } else {
            if maximizing {
                alpha = alpha.max(stand);
            } else {
                beta = beta.min(stand);
            }
            stand
        };
        // Out of check the moves are the tactical ones, captures first: the checks that capture
        // nothing come after them in the same order, and are made only if no capture cuts the
        // search off.
        let mut quiet = !in_check && quiet_checks(node, maximizing);
        // The defender's captures that stand before each attacker move (see the module docs):
        // they do not answer the attacker's capture, unless it lays them open (`abandoned`) or
        // the line began with a check (`counter` below).
        let next_standing = if maximizing && !in_check {
            self.caches.lists.get(pos, List::Standing)
        } else {
            Vec::new()
        };
        // The attacker's pieces that back up the capture: taking one of them is part of the
        // exchange (图25), not a threat of the defender's own.
        let supporters = match node.tracked {
            Some(t) if !maximizing => pos.attackers(t, node.attacker),
            _ => Vec::new(),
        };
        let ctx = Context {
            maximizing,
            in_check,
            tracked: node.tracked,
            base: node.base,
            stand,
            standing,
            supporters: &supporters,
            even_counts: even_counts(&s.frame.terms),
        };
        // In check the answers most likely to hold are tried first (`answer_order`); equal
        // outcomes are still settled in the canonical order (see `tie` below), so the order
        // changes how soon the search ends, not what it finds.
        let ordered =
            if in_check && moves.len() > 1 && node.ply + ORDER_PLIES < self.limits.gain_plies {
                Some(self.answer_order(pos, moves.clone(), true))
            } else {
                None
            };
        let mut tried = 0;
        // Where the canonical index of a move in `moves` starts (the quiet checks follow the
        // captures).
        let (mut start, mut offset) = (moves.start, 0);
        let mut best_index = usize::MAX;
        loop {
            let next = match &ordered {
                Some(o) => o.get(tried).copied(),
                None => moves.next(),
            };
            tried += 1;
            let Some(i) = next else {
                if quiet {
                    quiet = false;
                    offset += moves.end - start;
                    moves = self.caches.lists.range(pos, List::QuietChecks);
                    start = moves.start;
                    continue;
                }
                break;
            };
            let canonical = offset + i - start;
            let m = self.caches.lists.moves[i];
            let Some(child) = self.child(s, pos, node, &ctx, m, &next_standing) else {
                continue;
            };
            // When the answers are reordered, one that comes first in the canonical order wins
            // a tie with the best so far: it is searched with the window opened by one on that
            // side, so that an equal outcome shows as exactly equal rather than as a bound.
            // Only where the line can be shown (`shown`).
            let tie = shown
                && ordered.is_some()
                && canonical < best_index
                && if maximizing {
                    alpha == best
                } else {
                    beta == best
                };
            let window = match (tie, maximizing) {
                (true, true) => (alpha - 1, beta),
                (true, false) => (alpha, beta + 1),
                (false, _) => (alpha, beta),
            };
            let mut sub = Vec::new();
            let standing = child.unguarded.as_deref().unwrap_or(&next_standing);
            let v = if child.ends {
                stand
            } else {
                self.node(s, pos, child.node, standing, window, &mut sub)
            };
            pos.undo(m, child.undo);
            // On equal outcomes the first in the canonical order is kept, except that the
            // attacker prefers to stop and the defender to take back: the main line then shows
            // what is really won.
            let better = if maximizing {
                v > best
            } else {
                v < best
                    || (v == best && child.captures && child.node.base.is_none() && pv.is_empty())
            } || (tie && v == best);
            if better {
                best_index = canonical;
                best = v;
                pv.clear();
                pv.push(m);
                pv.extend(sub);
            }
            if maximizing {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta || self.exhausted() {
                break;
            }
        }
        best
    }

    /// `m` played, with the node after it, if `m` goes on with the segment (else `pos` is
    /// left as it was).
    fn child(
        &mut self,
        s: Search,
        pos: &mut Position,
        node: &Node,
        ctx: &Context,
        m: Move,
        next_standing: &[Move],
    ) -> Option<Child> {
        let maximizing = ctx.maximizing;
        // A line that needs the offered exchange (even as an answer to check) shows the
        // exchange, not a chase.
        if maximizing && s.frame.terms.forbidden.contains(&m) {
            return None;
        }
        let captured = pos.piece_at(m.to);
        // A capture of the defender's off the exchange counts when it leaves the chaser behind
        // (交换吃亏: 图23, 参考图28); one that only evens the score is the defender's own
        // business (参考图12, 27, 30; 图28), see `Context::successor`.
        let taken = captured
            .filter(|_| !maximizing)
            .map(|c| node.ledger.capture(c, m.to, false));
        let behind = taken.is_some_and(Ledger::is_loss);
        let takes = taken.is_some_and(|l| l != node.ledger);
        // In a line begun with a check, even a capture that stood before the line counts when it
        // leaves the chaser behind and wins by itself: the checks parry none of the defender's
        // threats (参考图28; the final edition's 参考图8).
        let counter = !maximizing && s.frame.check_first && behind && wins_by_itself(pos, m);
        let guarded = laid_open_guard(&s.frame.terms, pos, m.from, next_standing);
        let mover = pos.turn();
        let undo = pos.play_unchecked(m);
        let checks = pos.in_check();
        let unguarded = abandoned(pos, m.to, next_standing, guarded);
        // Another standing capture may not be tacked on, unless it checks or answers check.
        let tacked_on = maximizing
            && !ctx.in_check
            && !checks
            && s.frame.elsewhere.contains(&m)
            && Some(m.to) != node.tracked;
        let counts = Counts {
            counter,
            behind,
            takes,
        };
        let next = if tacked_on {
            None
        } else {
            ctx.successor(m, captured.is_some(), checks, counts)
        };
        let (tracked, base, ends) = match next {
            Some(Next::On(tracked, base)) => (tracked, base, false),
            Some(Next::Ends) => (node.tracked, node.base, true),
            None => {
                pos.undo(m, undo);
                return None;
            }
        };
        let ledger = match captured {
            Some(c) => node.ledger.capture(c, m.to, mover == node.attacker),
            None => node.ledger,
        };
        Some(Child {
            undo,
            ends,
            captures: captured.is_some(),
            unguarded,
            node: Node {
                in_check: checks,
                attacker: node.attacker,
                ledger,
                tracked,
                base,
                ply: node.ply + 1,
                // Inside the defender's counter-checks nothing the attacker takes counts (`base`).
                took: maximizing && captured.is_some() && base.is_none(),
            },
        })
    }

    /// The answers to check in `range` of `lists.moves`, the most promising first: one that
    /// takes, then one that checks back, then the fewer checks it leaves the other side the
    /// sooner, a check that also takes counting as several (the usual order of mate solvers:
    /// an answer that leaves the opponent little to do most often holds; one that lets it
    /// take with check seldom does). Only how soon a search ends depends on it: every caller
    /// settles equal outcomes in the canonical order, whatever order the moves were tried in.
    ///
    /// The checks are counted, or with `count_only` false listed (and kept) for a search that
    /// will want them.
    fn answer_order(
        &mut self,
        pos: &mut Position,
        range: std::ops::Range<usize>,
        count_only: bool,
    ) -> Vec<usize> {
        let lists = &mut self.caches.lists;
        let mut keyed: Vec<(usize, usize)> = Vec::with_capacity(range.len());
        for i in range {
            let m = lists.moves[i];
            let u = pos.play_unchecked(m);
            let key = if u.captured().is_some() {
                0
            } else if pos.in_check() {
                1
            } else {
                // A list a mate search already made gives the plain number of checks: cheaper
                // than weighing each, and measured faster.
                2 + match lists.known(pos, List::Checks) {
                    Some(checks) => checks.len(),
                    None if count_only => lists.weighed_checks(pos) as usize,
                    None => lists.range(pos, List::Checks).len(),
                }
            };
            pos.undo(m, u);
            keyed.push((key, i));
        }
        keyed.sort_by_key(|&(key, _)| key);
        keyed.into_iter().map(|(_, i)| i).collect()
    }

    /// The captures the other side could make here if it were its turn (what stood before a
    /// move of the side to move).
    pub fn standing(&mut self, pos: &Position) -> Vec<Move> {
        self.caches.lists.get(pos, List::Standing)
    }

    /// The defender's captures that the capture `m` of the side to move lays open: the pieces
    /// it stops guarding that the defender already attacks.
    pub fn laid_open_by(&self, pos: &Position, m: Move) -> Vec<Move> {
        let standing = standing_captures(pos);
        let guarded = guarded_by(pos, m.from, &standing);
        let after = pos.after(m);
        match abandoned(&after, m.to, &standing, guarded) {
            Some(rest) => standing.into_iter().filter(|d| !rest.contains(d)).collect(),
            None => Vec::new(),
        }
    }

    /// Whether the side to move (the defender) refutes the attacker's gain by mate; if so the
    /// line becomes `pv`. See [`Searcher::refutation`].
    fn refuted(&mut self, frame: &Frame, pos: &Position, pv: &mut Vec<Move>) -> bool {
        match self.refutation(frame, pos) {
            Some(line) => {
                pv.clear();
                pv.extend(line);
                true
            }
            None => false,
        }
    }

    /// The mate by which the side to move (the defender, after a capture of the attacker's)
    /// refutes the gain (24.3: 得子后不致立即（下一着不予考虑）被对方将死): one its next move gives
    /// at once (`refute_checks`, one check: the moves after it are not looked at), or, when
    /// it threatened mate before the line began, that threat carried out (the line did not
    /// parry it), within the checks a mate threat is searched to.
    fn refutation(&mut self, frame: &Frame, pos: &Position) -> Option<Vec<Move>> {
        let checks = if frame.mate_threat {
            self.limits.mate_checks
        } else {
            self.limits.refute_checks
        };
        self.mate_within(pos, checks)
    }

    /// Whether the other side than the one to move threatens mate here (24.2: were it to
    /// move, it would mate by a check or a series of checks).
    fn threatens_mate(&mut self, pos: &Position) -> bool {
        pos.with_turn(!pos.turn())
            .is_some_and(|p| self.mate_by_checks(&p).is_some())
    }
}

/// Where a segment node stands besides its position: handed down the line by value, and with
/// the position's hash, the frame, the standing captures and the window, the key of the node
/// remembered (every field counts, compared whole).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Node {
    /// Whether the side to move is in check (the caller knows).
    in_check: bool,
    attacker: Color,
    ledger: Ledger,
    /// The piece the defender may take back (the last capturer, or the piece on the exchange
    /// square).
    tracked: Option<Square>,
    /// Inside the defender's counter-checks: the score that counts until the piece is won back.
    base: Option<i32>,
    /// The attacker's move that led here took something: the defender's answer is what "at
    /// once" (立即) means for a mate that refutes the gain.
    took: bool,
    ply: u32,
}

impl Node {
    /// What the side to move has if it stops here: the ledger's score, or inside the
    /// defender's counter-checks the score frozen until the piece is won back.
    fn stand(&self) -> i32 {
        self.base.unwrap_or_else(|| self.ledger.score())
    }
}

/// A move that goes on with the segment, played: what to search after it and how to take it
/// back.
struct Child {
    node: Node,
    /// The move ends the segment with what the attacker has before it (see [`Next::Ends`]).
    ends: bool,
    /// The standing captures after it when it laid some open (else the node's).
    unguarded: Option<Vec<Move>>,
    captures: bool,
    undo: crate::Undo,
}

/// The key of a segment node remembered: everything its result depends on, the position by its
/// Zobrist hash (as in the other caches) and the frame and standing captures by their indexes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct SegmentKey {
    hash: u64,
    frame: u32,
    standing: u32,
    node: Node,
    window: (i32, i32),
}

/// Whether the checks that take nothing go on with the segment out of check: the attacker's
/// always; the defender's only to win back a piece (see `Context::successor`), so with none to
/// win back they need not be made.
fn quiet_checks(node: &Node, maximizing: bool) -> bool {
    maximizing || node.tracked.is_some()
}

/// See [`guarded_by`]; nothing when laid-open captures are not counted.
fn laid_open_guard(terms: &Terms, pos: &Position, from: Square, standing: &[Move]) -> u64 {
    if terms.laid_open.is_some() {
        guarded_by(pos, from, standing)
    } else {
        0
    }
}

/// What a node needs to decide which moves continue the segment.
struct Context<'a> {
    maximizing: bool,
    in_check: bool,
    tracked: Option<Square>,
    base: Option<i32>,
    stand: i32,
    standing: &'a [Move],
    supporters: &'a [Square],
    /// See [`even_counts`].
    even_counts: bool,
}

impl Context<'_> {
    /// Whether `m` (a capture or not, giving check or not) continues the segment, and if so
    /// the piece to track and the counter-check base after it.
    fn successor(&self, m: Move, captures: bool, checks: bool, c: Counts) -> Option<Next> {
        if self.maximizing {
            if !self.in_check && !captures && !checks {
                return None;
            }
            // Inside the defender's counter-checks the piece it is after stays the capturer,
            // wherever that goes: what the attacker takes while answering them is on the
            // ledger, but the defender may still win the capturer back (参考图31: 炮五进四
            // takes an elephant with check, 象7退5 takes back, 马三进一 takes the cannon).
            let follows = captures && (self.base.is_none() || !self.in_check);
            let t = if follows || Some(m.from) == self.tracked {
                Some(m.to)
            } else {
                self.tracked
            };
            return Some(Next::On(t, if self.in_check { self.base } else { None }));
        }
        let retakes = captures && Some(m.to) == self.tracked;
        if self.in_check {
            // An answer to check that takes material off the exchange (not the capturer, not a
            // piece backing the capture up) without leaving the chaser behind does not undo
            // what the chaser won (图28: the rook takes the horse and uncovers the cannon's
            // check; the rook that answers by taking the cannon only evens the score).
            let elsewhere = c.takes && !retakes && !self.supporters.contains(&m.to);
            let ends = elsewhere && !c.behind && self.base.is_none() && !self.even_counts;
            return Some(if ends {
                Next::Ends
            } else {
                Next::On(self.tracked, None)
            });
        }
        // What the capture laid open counts when it leaves the chaser behind (图23: the pinned
        // cannon that takes loses the rook behind it); what only evens the score does not
        // (参考图27: the cannon that takes the rook uncovers a rook of its own).
        let laid_open = !self.standing.contains(&m) && (c.behind || self.even_counts);
        let counts = captures
            && self.base.is_none()
            && (c.counter || self.supporters.contains(&m.to) || laid_open);
        if retakes || counts {
            // The exchange goes on on that square.
            Some(Next::On(Some(m.to), None))
        } else if checks && self.tracked.is_some() {
            Some(Next::On(self.tracked, Some(self.stand)))
        } else {
            None
        }
    }
}

/// What a defender's move takes, for [`Context::successor`].
#[derive(Clone, Copy)]
struct Counts {
    /// In a line begun with a check, a capture that counts though it stood before the line.
    counter: bool,
    /// It leaves the chaser behind (交换吃亏): a loss on the ledger.
    behind: bool,
    /// It takes material.
    takes: bool,
}

/// How a move goes on with the segment.
enum Next {
    /// It goes on: the piece to track, and the counter-check base after it.
    On(Option<Square>, Option<i32>),
    /// An answer to check that takes off the exchange without leaving the chaser behind: the
    /// defender's own business, and the segment ends with what the attacker has before it.
    Ends,
}

/// Whether the defender's captures off the exchange count even when they only even the score:
/// when weighing what a capture lays open (whether an old threat paid, `freed`) or what taking
/// an offered piece loses (24.4, 24.5), where every piece given counts.
fn even_counts(t: &Terms) -> bool {
    t.laid_open.is_some() || t.offer_taken
}

/// Whether the capture `m` of the side to move wins material by itself: it takes material that
/// nothing can take back, or a piece worth more than the capturer.
fn wins_by_itself(pos: &Position, m: Move) -> bool {
    use crate::analysis::material::{is_material, piece_value};
    let (Some(victim), Some(capturer)) = (pos.piece_at(m.to), pos.piece_at(m.from)) else {
        return false;
    };
    if !is_material(victim, m.to) {
        return false;
    }
    let worth = |p: crate::Piece| piece_value(p.role).unwrap_or(1);
    if capturer.role != crate::Role::King && worth(victim) > worth(capturer) {
        return true;
    }
    pos.after(m).takers(m.to).is_empty()
}

/// Which of the `standing` captures take a piece guarded by the piece on `from` (as a bit
/// set over `standing`): if that piece moves off, those captures may be laid open.
fn guarded_by(pos: &Position, from: Square, standing: &[Move]) -> u64 {
    let Some(guard) = pos.piece_at(from) else {
        return 0;
    };
    standing.iter().take(64).enumerate().fold(0, |set, (i, d)| {
        if pos.attackers(d.to, guard.color).contains(&from) {
            set | 1 << i
        } else {
            set
        }
    })
}

/// After the guard of [`guarded_by`] moved to `to`: the standing captures minus those on the
/// pieces it no longer guards, or `None` if it left none. Taking a piece whose guard has just
/// stepped away to capture is an answer the capture itself laid open (参考图16), not a threat
/// the defender had anyway.
fn abandoned(pos: &Position, to: Square, standing: &[Move], guarded: u64) -> Option<Vec<Move>> {
    if guarded == 0 {
        return None;
    }
    let guard = pos.piece_at(to)?;
    let left = |i: usize| {
        guarded & 1 << i != 0 && !pos.attackers(standing[i].to, guard.color).contains(&to)
    };
    if !(0..standing.len().min(64)).any(left) {
        return None;
    }
    Some(
        standing
            .iter()
            .enumerate()
            .filter(|&(i, _)| !(i < 64 && left(i)))
            .map(|(_, &d)| d)
            .collect(),
    )
}

/// The captures the other side could make here if it were its turn.
fn standing_captures(pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    standing_captures_into(pos, &mut out);
    out
}

/// [`standing_captures`], added to `out` (in the generator's order).
fn standing_captures_into(pos: &Position, out: &mut Vec<Move>) {
    if let Some(p) = pos.with_turn(!pos.turn()) {
        p.collect_moves(Wanted::Captures, out);
    }
}

/// Which list of moves of a position [`MoveLists`] keeps.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum List {
    /// Every legal move, in the order of [`canonical`].
    Legal,
    /// The checking moves, in the order of [`canonical`].
    Checks,
    /// The captures and checks, in the order of [`canonical`].
    Tactical,
    /// The legal captures, in the order of [`canonical`]: the head of `Tactical` (captures sort
    /// before all other moves, and the stable sort keeps the generator's order on ties).
    Captures,
    /// The checks that capture nothing, in the order of [`canonical`]: the tail of `Tactical`.
    QuietChecks,
    /// The captures the other side could make if it were its turn ([`standing_captures`]),
    /// in the generator's order.
    Standing,
}

/// The move lists of the positions the searches have met, each generated and ordered once:
/// the mate searches deepen one check at a time and the gain searches of one ply meet the same
/// positions again and again, so most lists are asked for several times; and the plies of a
/// cycle search around the same positions, so the lists are kept from ply to ply too. A list
/// depends on the position only (placement and side to move, which its Zobrist key stands for,
/// as in the other caches), so keeping it changes no answer. What a ply sees is still the
/// ply's own: a list is [`MoveLists::known`] and counted in [`MoveLists::bytes`] only once the
/// ply has asked for it (its `ply` stamp), exactly as if every ply started empty. The lists
/// share one buffer, so keeping one costs no allocation of its own.
#[derive(Default)]
struct MoveLists {
    /// Where each list stands in `moves`, and the last ply that asked for it.
    index: FxHashMap<(u64, List), Kept>,
    moves: Vec<Move>,
    /// How many checks the side to move has, weighted as [`Searcher::answer_order`] weighs
    /// them, where only that number was wanted; and the last ply that asked.
    checks: FxHashMap<u64, (u32, u32)>,
    /// Room for sorting a new list (see [`canonical`]).
    keyed: Vec<(u64, Move)>,
    /// The current ply's stamp.
    ply: u32,
    /// Bytes the lists the current ply asked for would hold had it made them itself.
    charged: usize,
}

/// A list kept by [`MoveLists`]: its place in the buffer and the stamp of the last ply that
/// asked for it.
#[derive(Clone, Copy)]
struct Kept {
    start: u32,
    len: u32,
    ply: u32,
}

/// Most moves [`MoveLists`] keeps from one ply to the next (8 MiB of them): beyond, the next
/// ply starts empty, so what a ruling holds stays near what one ply may.
const KEPT_MOVES: usize = (8 << 20) / size_of::<Move>();

impl MoveLists {
    /// Bytes the current ply's lists hold, as the budget counts them: what a ply that made
    /// them all itself would hold.
    fn bytes(&self) -> usize {
        self.charged
    }

    /// Start a new ply: no list is the ply's yet. The lists stay for it to find again, unless
    /// they hold more than [`KEPT_MOVES`].
    fn next_ply(&mut self) {
        if self.moves.len() > KEPT_MOVES || self.ply == u32::MAX {
            self.forget();
        }
        self.ply += 1;
        self.charged = 0;
    }

    /// Forget every list, keeping the room.
    fn forget(&mut self) {
        self.index.clear();
        self.moves.clear();
        self.checks.clear();
        self.ply = 0;
        self.charged = 0;
    }

    /// How many checks the side to move has, weighted as [`Searcher::answer_order`] weighs
    /// them.
    fn weighed_checks(&mut self, pos: &Position) -> u32 {
        let ply = self.ply;
        let e = self.checks.entry(pos.hash()).or_insert_with(|| {
            let (checks, taking) = pos.count_checks();
            let n = u32::try_from(checks + TAKING_CHECK * taking).expect("few checks");
            (n, ply.wrapping_sub(1))
        });
        if e.1 != ply {
            e.1 = ply;
            self.charged += entry::<u64, u32>();
        }
        e.0
    }

    /// The list `list` of `pos` if this ply already asked for it.
    fn known(&self, pos: &Position, list: List) -> Option<&[Move]> {
        let k = self
            .index
            .get(&(pos.hash(), list))
            .filter(|k| k.ply == self.ply)?;
        Some(&self.moves[k.start as usize..(k.start + k.len) as usize])
    }

    /// Where the list `list` of `pos` stands in `moves`, made if need be. The buffer only
    /// grows while a ply lasts, so the range stays good while the searches below add lists of
    /// their own, and walking it costs no copy. A new list is generated straight into the
    /// buffer.
    fn range(&mut self, pos: &Position, list: List) -> std::ops::Range<usize> {
        let key = (pos.hash(), list);
        if let Some(k) = self.index.get_mut(&key) {
            if k.ply != self.ply {
                k.ply = self.ply;
                self.charged +=
                    entry::<(u64, List), (u32, u32)>() + k.len as usize * size_of::<Move>();
            }
            return k.start as usize..(k.start + k.len) as usize;
        }
        let start = self.moves.len();
        let wanted = match list {
            List::Legal => Wanted::All,
            List::Checks => Wanted::Checks,
            List::Tactical => Wanted::Tactical,
            List::Captures => Wanted::Captures,
            List::QuietChecks => Wanted::QuietChecks,
            List::Standing => {
                standing_captures_into(pos, &mut self.moves);
                return self.keep(key, start);
            }
        };
        pos.collect_moves(wanted, &mut self.moves);
        canonical(pos, &mut self.moves[start..], &mut self.keyed);
        self.keep(key, start)
    }

    /// Index the list just added to `moves` from `start` on.
    fn keep(&mut self, key: (u64, List), start: usize) -> std::ops::Range<usize> {
        let at = u32::try_from(start).expect("fewer than 4 G moves kept");
        let len = u32::try_from(self.moves.len() - start).expect("a short list");
        self.index.insert(
            key,
            Kept {
                start: at,
                len,
                ply: self.ply,
            },
        );
        self.charged += entry::<(u64, List), (u32, u32)>() + len as usize * size_of::<Move>();
        start..self.moves.len()
    }

    /// The list `list` of `pos`.
    fn get(&mut self, pos: &Position, list: List) -> Vec<Move> {
        let range = self.range(pos, list);
        self.moves[range].to_vec()
    }
}

/// Captures first, most valuable victim first, so cut-offs come early; then an order that
/// does not depend on how the board is turned: by the moving piece's role, where it comes
/// from and where it goes, each seen from its own side (rank from its back rank, distance
/// from the centre file). A mirrored or colour-swapped position is then searched in the same
/// order and ruled the same. Equal keys keep the generator's order (a stable sort).
fn canonical(pos: &Position, moves: &mut [Move], keyed: &mut Vec<(u64, Move)>) {
    let us = pos.turn();
    // The key packed into one integer, field by field in the order above, each field in its
    // own byte (or more), so comparing integers compares the fields in turn; worked out once
    // per move rather than once per comparison.
    let key = |m: Move| -> u64 {
        let victim = pos.piece_at(m.to).map_or(-1, |p| {
            crate::analysis::material::piece_value(p.role).unwrap_or(1)
        });
        let role = pos.piece_at(m.from).map_or(0, |p| p.role.index());
        let rel = |s: crate::Square| {
            u64::from(s.rank().relative_to(us)) << 8 | u64::from(s.file().index().abs_diff(4))
        };
        let most_valuable_first = u64::try_from(1_000_000 - i64::from(victim))
            .expect("piece values are far below a million");
        most_valuable_first << 40 | (role as u64) << 32 | rel(m.from) << 16 | rel(m.to)
    };
    keyed.clear();
    keyed.extend(moves.iter().map(|&m| (key(m), m)));
    keyed.sort_by_key(|&(k, _)| k);
    for (slot, &(_, m)) in moves.iter_mut().zip(keyed.iter()) {
        *slot = m;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{fen, iccs};
    use crate::SetupMode;

    fn searcher() -> Searcher {
        let limits = Limits {
            mate_checks: 9,
            refute_checks: 1,
            gain_plies: 14,
        };
        Searcher::new(limits, 1_000_000)
    }

    fn wins(position: &str, first: &str) -> bool {
        let pos = fen::parse(position, SetupMode::Standard).expect("legal");
        let m = iccs::parse(first).expect("ICCS");
        searcher()
            .evaluate(&Terms::PLAIN, &pos, m, (0, 1))
            .is_some_and(|g| g.score > 0)
    }

    /// The rook wins the advisor by a check (车二进七 将6进1 车二平六), but black's rook takes
    /// the horse red left hanging: a chase by checks that loses more than it wins is none.
    #[test]
    fn a_win_by_checks_is_weighed_against_what_the_defender_takes_meanwhile() {
        let hanging = "3a1k3/2N6/2r6/9/9/9/9/7R1/9/4K4 w";
        assert!(!wins(hanging, "h2h9"));
        // Without the hanging horse the same checks win the advisor.
        let safe = "3a1k3/9/2r6/9/9/9/9/7R1/9/4K4 w";
        assert!(wins(safe, "h2h9"));
    }

    /// The same checks win a horse while black's rook takes a horse left hanging: an even
    /// trade elsewhere does not cancel a win by checks (参考图12), only one that leaves the
    /// chaser behind does (交换吃亏).
    #[test]
    fn a_win_by_checks_stands_against_an_even_capture_elsewhere() {
        assert!(wins("3n1k3/2N6/2r6/9/9/9/9/7R1/9/4K4 w", "h2h9"));
    }

    /// The horse steps off the file to give a discovered check and the rook then takes the
    /// cannon; black's rook takes the horse, which only evens the score: the cannon is still
    /// won (参考图30: the pawn that uncovers the check is taken after the horse, and the book
    /// rules 捉). The contrast, a capture meanwhile that leaves the chaser behind, is
    /// `a_win_by_checks_is_weighed_against_what_the_defender_takes_meanwhile`.
    #[test]
    fn a_win_by_checks_is_undone_only_by_what_leaves_the_chaser_behind() {
        assert!(wins("3akar2/9/9/9/4N4/9/c3R4/9/9/3K5 w", "e5g6"));
    }

    /// The cannon takes the rook on c1 and so uncovers its own rook on a6 to the black rook:
    /// rook for rook, what the capture lays open only evens the score, and the rook is won
    /// (参考图27: 炮六平七 捉). Where it takes a horse instead, losing the rook for it leaves red
    /// behind (交换吃亏, 图23): no gain.
    #[test]
    fn what_a_capture_lays_open_counts_when_it_leaves_the_chaser_behind() {
        assert!(wins("5k3/9/9/R1C2r3/2p6/9/9/9/2r6/4K4 w", "c6c1"));
        assert!(!wins("5k3/9/9/R1C2r3/2p6/9/9/9/2n6/4K4 w", "c6c1"));
    }

    /// The rook takes the horse on c7 and uncovers the cannon's check over the advisor; black's
    /// only fair answer takes the cannon, which evens the score: the horse is won (图28:
    /// 车八平七 捉). Where the rook takes an elephant, losing the cannon for it leaves red behind.
    #[test]
    fn an_answer_to_check_that_only_evens_the_score_does_not_undo_the_gain() {
        assert!(wins("C1Raka3/9/2n1P4/9/9/9/r8/9/9/3K5 w", "c9c7"));
        assert!(!wins("C1Raka3/9/4P4/9/2b6/9/r8/9/9/3K5 w", "c9c5"));
    }

    /// 24.3 得子后不致立即（下一着不予考虑）被对方将死: the rook leaves the i-file to take the
    /// cannon, and black mates with two checks (车1进9, 帅五进一, 车2进4): not at once, the
    /// cannon is won. Where black's rook mates with its next move (the horse covers e1), the
    /// gain is refuted; and where black already threatened that two-check mate before the
    /// rook took, the capture that does not parry it is refuted by it.
    #[test]
    fn only_a_mate_at_once_or_a_standing_mate_threat_refutes_a_gain() {
        assert!(wins("5k2r/9/9/9/7r1/1c6R/4P1n2/9/9/4K4 w", "i4b4"));
        assert!(!wins("5k3/9/9/9/8r/9/3c4R/6n2/9/3AK4 w", "i3d3"));
        assert!(!wins("5k2r/9/9/9/7r1/Rc7/4P1n2/9/9/4K4 w", "a4b4"));
    }

    /// Black's cannon takes the pawn over its elephant. Red's horse cannot simply take back (it
    /// guards the cannon the rook would then take), but red's cannon takes an elephant with
    /// check first; the elephant takes it, and only then does the horse take the cannon back:
    /// a pawn for an elephant, no gain (参考图31).
    #[test]
    fn the_capturer_may_be_won_back_after_counter_checks_even_if_the_attacker_took_meanwhile() {
        assert!(!wins("4k4/4a4/4b4/4r4/2c3b1P/6N2/4C4/9/9/3K5 b", "c5i5"));
    }

    /// The horse takes a pawn that has not crossed the river, with check; after the king steps
    /// aside the rook could take the horse on a7, but that capture stands anyway and is a
    /// threat of its own. Taking no material, the horse's capture is no threat by itself: only
    /// the rook's capture and its check that wins an advisor are listed.
    #[test]
    fn a_capture_of_no_material_is_no_threat_by_itself() {
        let position = "3a5/4ak3/n8/4p4/9/3N5/9/R8/9/3K5 w";
        let pos = fen::parse(position, SetupMode::Standard).expect("legal");
        let firsts: Vec<String> = searcher()
            .gain_lines(&Terms::PLAIN, &pos)
            .iter()
            .map(|g| g.line[0].to_string())
            .collect();
        assert_eq!(firsts, ["a2a7", "a2f2"]);
        // The horse's capture does win the horse if the rook's capture may follow it.
        assert!(wins(position, "d4e6"));
    }

    /// What the null windows find a capture worth is what one search in the open window finds.
    #[test]
    fn the_laid_open_worth_found_by_null_windows_is_the_open_windows() {
        for (position, first) in [
            ("3a1k3/2N6/2r6/9/9/9/9/3R5/9/4K4 w", "d2d9"),
            ("4k4/4a4/4b4/4r4/2c3b1P/6N2/4C4/9/9/3K5 b", "c5i5"),
            ("3a5/4ak3/n8/4p4/9/3N5/9/R8/9/3K5 w", "a2a7"),
            ("3a5/4ak3/n8/4p4/9/3N5/9/R8/9/3K5 w", "d4e6"),
        ] {
            let pos = fen::parse(position, SetupMode::Standard).expect("legal");
            let m = iccs::parse(first).expect("ICCS");
            let terms = Terms::laying_open(Vec::new());
            let open = searcher()
                .evaluate(&terms, &pos, m, (-INF, INF))
                .map(|g| g.score);
            assert_eq!(
                searcher().value(&terms, &pos, m),
                open,
                "{position} {first}"
            );
        }
    }

    /// A direct capture is a chase whatever the defender threatens elsewhere (图8): its own
    /// threats do not protect the piece taken.
    #[test]
    fn a_direct_capture_is_not_answered_by_the_defenders_other_threats() {
        let hanging = "3a1k3/2N6/2r6/9/9/9/9/3R5/9/4K4 w";
        assert!(wins(hanging, "d2d9"));
    }
}

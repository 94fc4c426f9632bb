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
//!   capture up (an attacker of the square taken: 图25), or take what the capture itself laid
//!   open (a piece that stepped off a line to take exposes what it shielded: 图23). Its threats
//!   that stood before the capture against other pieces are its own business and do not protect
//!   the piece taken (图8); a series of checks that does not win the capturing piece back
//!   changes nothing. During such checks the piece to win back stays the capturer, even when
//!   the attacker takes something while answering them (参考图31).
//!
//!   A win that starts with a check (借将, 抽将) is different: the checks do nothing about the
//!   defender's own threats, so during the line the defender may answer with a capture that
//!   wins material by itself when it takes a piece the chaser moved in the line (the price of
//!   the line itself, 参考图33) or leaves the chaser behind (交换吃亏: 参考图28; the final
//!   edition's 参考图8, which corrected the trial edition's 捉 of 炮8平9 to 闲). A capture
//!   elsewhere that only evens the score does not undo the chase (参考图12).
//!
//!   Whether a move made an old threat pay is asked with [`Searcher::evaluate_laid_open`]:
//!   then the defender may also take a piece the capturer stopped guarding by capturing
//!   (参考图16: a rook that guards a pawn wins nothing by taking if the pawn is then taken).
//!
//!   A line in which the winner can then be mated at once — by a check or a series of checks
//!   starting with the defender's next move — is no gain (24.3: 得子后不致立即被将死); a mate that
//!   needs a quiet move is not looked at (下一着不予考虑).

use rustc_hash::FxHashMap;

use crate::analysis::budget::Budget;
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
pub const MATE: i32 = 1_000_000;
/// Beyond any score: an open search window.
pub const INF: i32 = 10_000_000;

/// Limits of the searches.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Most checking moves in a mating line (杀, and the refutation of a gain).
    pub mate_checks: u32,
    /// Most checking moves in a mate that refutes a gain (立即被将死: at once, a short series).
    pub refute_checks: u32,
    /// Most plies in a material line.
    pub gain_plies: u32,
}

/// The outcome of one candidate first move of a gain search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GainLine {
    /// The score of the line from the attacker's side: positive wins material, `MATE` mates.
    pub score: i32,
    /// The principal variation, starting with the attacker's first move.
    pub line: Vec<Move>,
}

/// Runs the searches of one ruling under one node budget, remembering mate results.
pub struct Searcher {
    pub limits: Limits,
    pub budget: Budget,
    mates: FxHashMap<u64, Option<Vec<Move>>>,
    /// Positions on the current line, so a line of checks that goes round in circles stops.
    path: Vec<u64>,
    /// Captures the attacker may not make in a line: an exchange it offered is an exchange,
    /// not a threat (24.4).
    pub forbidden: Vec<Move>,
    /// A check the mating side may not give (see [`Searcher::mate_avoiding`]).
    avoid: Option<Move>,
    /// Positions (attacker to move) known to have no mate by checks within so many checks.
    no_mate: FxHashMap<u64, u32>,
    /// Segment nodes already searched (see [`Searcher::node`]): the value and where its
    /// line starts in `segment_lines` and how long it is.
    segments: FxHashMap<SegmentKey, (i32, u32, u32)>,
    /// The lines of `segments`, one after the other in one buffer, so remembering a node
    /// costs no allocation of its own.
    segment_lines: Vec<Move>,
    /// Captures the attacker may make only as the first move of a line: each standing threat
    /// is judged on its own, not as the tail of every other line.
    pub elsewhere: Vec<Move>,
    /// The line being searched began with a check rather than a capture.
    check_first: bool,
    /// Count the defender's captures of pieces the attacker's capture stopped guarding (see
    /// `abandoned`): how much a threat is really worth, for telling whether a move made an
    /// old threat better.
    laid_open: bool,
    /// Captures of the defender that count as answers to the first move whether they stood
    /// before it or not (with `laid_open`: what answered the same threat before the move).
    counted: Vec<Move>,
    /// Count what the defender wins by a series of checks even if it does not win the capturer
    /// back: how much taking an offered piece loses at once (24.4, 24.5: 不立即在子力价值上受损).
    counter_checks: bool,
    /// Where the attacker's pieces that moved in the current line stand (a bit per square).
    moved: u128,
    /// The move lists of the positions met so far (see [`MoveLists`]).
    lists: MoveLists,
    /// The part of a segment node's context that stays the same for a whole search (see
    /// [`Searcher::set_context`]), worked out once when the search starts.
    context: u64,
}

impl Searcher {
    pub fn new(limits: Limits, nodes: u32) -> Searcher {
        Searcher {
            limits,
            budget: Budget::new(nodes),
            mates: FxHashMap::default(),
            path: Vec::new(),
            forbidden: Vec::new(),
            avoid: None,
            elsewhere: Vec::new(),
            no_mate: FxHashMap::default(),
            // Room for the nodes of a typical ruling from the start: growing the table
            // again and again costs more than the memory.
            segments: FxHashMap::with_capacity_and_hasher(1 << 12, Default::default()),
            segment_lines: Vec::new(),
            check_first: false,
            laid_open: false,
            counted: Vec::new(),
            counter_checks: false,
            moved: 0,
            lists: MoveLists::default(),
            context: 0,
        }
    }

    /// A forced mate by checks for the side to move: the whole main line.
    pub fn mate_by_checks(&mut self, pos: &Position) -> Option<Vec<Move>> {
        self.mate_within(pos, self.limits.mate_checks)
    }

    /// A forced mate by checks for the side to move in which it never makes the capture
    /// `avoid` (the trade an exchange offer offers, 24.4, is not the way a mate goes). Searched
    /// apart from the remembered mates, which assume every move is allowed.
    pub fn mate_avoiding(&mut self, pos: &Position, avoid: Move) -> Option<Vec<Move>> {
        let mates = std::mem::take(&mut self.mates);
        let no_mate = std::mem::take(&mut self.no_mate);
        self.avoid = Some(avoid);
        let found = self.mate_within(pos, self.limits.mate_checks);
        self.avoid = None;
        self.mates = mates;
        self.no_mate = no_mate;
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
            if self.mate_defend(&mut p, depth, &mut line) {
                let mut out = vec![first];
                out.extend(line);
                return Some(out);
            }
            if self.budget.exhausted() {
                break;
            }
        }
        None
    }

    fn mate_within(&mut self, pos: &Position, max_checks: u32) -> Option<Vec<Move>> {
        let key = pos.hash() ^ u64::from(max_checks).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        if let Some(r) = self.mates.get(&key) {
            return r.clone();
        }
        let mut p = pos.clone();
        // Most positions have no mate: one search to the full depth says so for the price of
        // the deepest iteration alone. Only when there is one are the depths deepened one by
        // one, so the line shown is the shortest mate (what it learns about positions without
        // a mate is kept and spares those iterations work).
        if max_checks > 1 && !self.mate_attack(&mut p, max_checks, &mut Vec::new()) {
            if !self.budget.exhausted() {
                self.mates.insert(key, None);
            }
            return None;
        }
        let mut found = None;
        for depth in 1..=max_checks {
            let mut line = Vec::new();
            if self.mate_attack(&mut p, depth, &mut line) {
                found = Some(line);
                break;
            }
            if self.budget.exhausted() {
                break;
            }
        }
        if !self.budget.exhausted() {
            self.mates.insert(key, found.clone());
        }
        found
    }

    /// Attacker to move with `checks` checking moves left: is there a check that mates by force?
    fn mate_attack(&mut self, pos: &mut Position, checks: u32, line: &mut Vec<Move>) -> bool {
        if checks == 0 || !self.budget.take() {
            return false;
        }
        // Known not to mate within this many checks (or more)?
        if self.no_mate.get(&pos.hash()).is_some_and(|&d| d >= checks) {
            return false;
        }
        for i in self.lists.range(pos, List::Checks) {
            let m = self.lists.moves[i];
            if self.avoid == Some(m) {
                continue;
            }
            let u = pos.play_unchecked(m);
            let mut sub = Vec::new();
            let mated = self.mate_defend(pos, checks - 1, &mut sub);
            pos.undo(m, u);
            if mated {
                line.push(m);
                line.extend(sub);
                return true;
            }
            if self.budget.exhausted() {
                return false;
            }
        }
        if !self.budget.exhausted() {
            let e = self.no_mate.entry(pos.hash()).or_insert(0);
            *e = (*e).max(checks);
        }
        false
    }

    /// Defender to move, in check: does every answer lose to further checks?
    fn mate_defend(&mut self, pos: &mut Position, checks: u32, line: &mut Vec<Move>) -> bool {
        // Every answer must lose; the ones most likely to hold come first so a defence that
        // holds ends the search early (see `answer_order`). With no check left only whether
        // there is an answer at all matters: ask that without generating and ordering them
        // all, unless they are already known.
        if checks == 0 {
            return match self.lists.known(pos, List::Legal) {
                Some(answers) => answers.is_empty(),
                None => !pos.has_legal_move(),
            };
        }
        let answers = self.lists.range(pos, List::Legal);
        if answers.is_empty() {
            return true;
        }
        let mut main: Option<(Vec<Move>, usize)> = None;
        let order: Vec<usize> = if checks >= ORDER_CHECKS {
            self.answer_order(pos, answers, false)
        } else {
            answers.collect()
        };
        for i in order {
            let a = self.lists.moves[i];
            let u = pos.play_unchecked(a);
            let mut sub = Vec::new();
            let mated = self.mate_attack(pos, checks, &mut sub);
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
    /// (or mates) by force inside the segment, its best line, in the search order.
    ///
    /// Each threat is judged on its own: a capture that wins as a first move may not be tacked
    /// onto another line (see [`Searcher::elsewhere`]). So the captures of material are asked
    /// first, each only whether it wins (a null window around "no gain"); a check, or a
    /// capture of what is no material, then counts only if it wins without them, which also
    /// spares searching the many moves that would win only by taking one of them on the way.
    pub fn gain_lines(&mut self, pos: &Position) -> Vec<GainLine> {
        let standing = self.lists.get(pos, List::Standing);
        let moves = self.lists.get(pos, List::Tactical);
        let wins = |s: &mut Searcher, m: Move| {
            s.evaluate_with(pos, m, (0, 1), &standing)
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
            .filter(|&m| takes(m) && wins(self, m))
            .collect();
        let mut out = Vec::new();
        for m in moves {
            let capture = takes(m);
            if capture && !captures.contains(&m) {
                continue;
            }
            self.elsewhere = captures.iter().copied().filter(|&c| c != m).collect();
            if capture || wins(self, m) {
                if let Some(e) = self
                    .evaluate_with(pos, m, (0, INF), &standing)
                    .filter(|e| e.score > 0)
                {
                    out.push(e);
                }
            }
        }
        self.elsewhere.clear();
        out
    }

    /// [`Searcher::evaluate`] weighing what the capture `m` really costs: the defender may
    /// also take what it lays open (a piece its capturer stops guarding), and the `counted`
    /// captures answer it whether they stood before or not. For telling whether a move made
    /// an old threat pay.
    pub fn evaluate_laid_open(
        &mut self,
        pos: &Position,
        m: Move,
        window: (i32, i32),
        counted: Vec<Move>,
    ) -> Option<GainLine> {
        self.laid_open = true;
        self.counted = counted;
        let g = self.evaluate(pos, m, window);
        self.counted.clear();
        self.laid_open = false;
        g
    }

    /// What [`Searcher::evaluate_laid_open`] in an open window scores, without the line: found
    /// by null windows alone (MTD(f)), each telling on which side of a bound the outcome lies,
    /// which costs far less than one search in the open window.
    pub fn value_laid_open(&mut self, pos: &Position, m: Move, counted: Vec<Move>) -> Option<i32> {
        let (mut lower, mut upper) = (-INF, INF);
        // First: does it gain anything? (It was a threat.)
        let mut guess = 1;
        while lower < upper {
            let b = guess.max(lower + 1);
            let g = self.evaluate_laid_open(pos, m, (b - 1, b), counted.clone())?;
            guess = g.score;
            if g.score < b {
                upper = g.score;
            } else {
                lower = g.score;
            }
            if self.budget.exhausted() {
                break;
            }
        }
        Some(guess)
    }

    /// [`Searcher::evaluate`] counting what the defender wins by a series of checks even if it
    /// does not win the capturer back: what taking an offered piece loses at once (24.4, 24.5).
    pub fn evaluate_counting_checks(
        &mut self,
        pos: &Position,
        m: Move,
        window: (i32, i32),
    ) -> Option<GainLine> {
        self.counter_checks = true;
        let g = self.evaluate(pos, m, window);
        self.counter_checks = false;
        g
    }

    /// The outcome the side to move forces by starting with `m`, if `m` is a capture or a
    /// check (and so starts a segment); `m` must be legal. The score is exact inside the open
    /// window `(lo, hi)`; outside it, it is only a bound (at most `lo`, at least `hi`), and
    /// the narrower the window the faster the answer.
    pub fn evaluate(&mut self, pos: &Position, m: Move, window: (i32, i32)) -> Option<GainLine> {
        let standing = self.lists.get(pos, List::Standing);
        self.evaluate_with(pos, m, window, &standing)
    }

    fn evaluate_with(
        &mut self,
        pos: &Position,
        m: Move,
        (lo, hi): (i32, i32),
        standing: &[Move],
    ) -> Option<GainLine> {
        let attacker = pos.turn();
        let mut p = pos.clone();
        let captured = p.piece_at(m.to);
        if self.forbidden.contains(&m) {
            return None;
        }
        let guarded = self.guarded_by(&p, m.from, standing);
        p.play_unchecked(m);
        let mut unguarded = abandoned(&p, m.to, standing, guarded);
        if !self.counted.is_empty() {
            let counted = &self.counted;
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
        self.check_first = captured.is_none();
        self.set_context();
        self.moved = bit(m.to);
        self.path.clear();
        self.path.push(pos.hash());
        let tracked = captured.map(|_| m.to);
        let score = self.node(
            &mut p, in_check, attacker, ledger, tracked, None, standing, 1, lo, hi, &mut pv,
        );
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
    pub fn replies(&mut self, pos: &Position, first: Move, (lo, hi): (i32, i32)) -> Vec<GainLine> {
        let attacker = pos.turn();
        let standing = self.lists.get(pos, List::Standing);
        let mut p = pos.clone();
        let captured = p.piece_at(first.to);
        self.check_first = captured.is_none();
        self.set_context();
        self.moved = bit(first.to);
        let guarded = self.guarded_by(&p, first.from, &standing);
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
            if let Some(line) = self.mate_within(&p, self.limits.refute_checks) {
                return vec![GainLine { score: -MATE, line }];
            }
        }
        let supporters = match tracked {
            Some(t) if !in_check => p.attackers(t, attacker),
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
            counter_checks: self.counter_checks,
        };
        let mut out = Vec::new();
        if !in_check {
            out.push(GainLine {
                score: stand,
                line: Vec::new(),
            });
        }
        let next_standing = Vec::new();
        let list = if p.in_check() {
            List::Legal
        } else {
            List::Tactical
        };
        for m in self.lists.get(&p, list) {
            let c = p.piece_at(m.to);
            let u = p.play_unchecked(m);
            let checks = p.in_check();
            if let Some((t, b)) = ctx.successor(m, c.is_some(), checks, false) {
                let l = match c {
                    Some(c) => ledger.capture(c, m.to, false),
                    None => ledger,
                };
                self.path.clear();
                self.path.push(pos.hash());
                let mut sub = Vec::new();
                let v = self.node(
                    &mut p,
                    checks,
                    attacker,
                    l,
                    t,
                    b,
                    &next_standing,
                    2,
                    lo,
                    hi,
                    &mut sub,
                );
                let mut line = vec![m];
                line.extend(sub);
                out.push(GainLine { score: v, line });
            }
            p.undo(m, u);
        }
        out
    }

    /// Alpha-beta over the segment, remembering each node searched with the same inputs (the
    /// same position, window, ledger, tracked piece and standing captures, in the same
    /// search context): the lines of one ruling meet the same positions again and again.
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        pos: &mut Position,
        in_check: bool,
        attacker: Color,
        ledger: Ledger,
        tracked: Option<Square>,
        base: Option<i32>,
        standing: &[Move],
        ply: u32,
        alpha: i32,
        beta: i32,
        pv: &mut Vec<Move>,
    ) -> i32 {
        let key = SegmentKey::new(
            pos.hash(),
            attacker,
            ledger,
            tracked,
            base,
            fingerprint(standing),
            self.context ^ ((self.moved as u64) ^ (self.moved >> 64) as u64).rotate_left(41),
            ply,
            (alpha, beta),
        );
        if let Some(&(v, start, len)) = self.segments.get(&key) {
            pv.clear();
            pv.extend_from_slice(&self.segment_lines[start as usize..(start + len) as usize]);
            return v;
        }
        let v = self.search_node(
            pos, in_check, attacker, ledger, tracked, base, standing, ply, alpha, beta, pv,
        );
        if !self.budget.exhausted() {
            let start = u32::try_from(self.segment_lines.len()).expect("fewer than 4 G moves");
            let len = u32::try_from(pv.len()).expect("a short line");
            self.segment_lines.extend_from_slice(pv);
            self.segments.insert(key, (v, start, len));
        }
        v
    }

    /// `in_check`: whether the side to move in `pos` is in check (the caller knows).
    #[allow(clippy::too_many_arguments)]
    fn search_node(
        &mut self,
        pos: &mut Position,
        in_check: bool,
        attacker: Color,
        ledger: Ledger,
        tracked: Option<Square>,
        base: Option<i32>,
        standing: &[Move],
        ply: u32,
        mut alpha: i32,
        mut beta: i32,
        pv: &mut Vec<Move>,
    ) -> i32 {
        let maximizing = pos.turn() == attacker;
        // Inside the defender's counter-checks nothing counts until the piece is won back.
        let mut stand = base.unwrap_or_else(|| ledger.score());
        if !self.budget.take() || self.path.contains(&pos.hash()) {
            return stand;
        }
        // In check every answer goes on with the segment; otherwise only captures and checks
        // can (whether a quiet move would also be possible matters only for stalemate).
        let lost = if maximizing { -MATE } else { MATE };
        // Out of check the moves are the tactical ones, captures first: the checks that capture
        // nothing come after them in the same order, and are made only if no capture cuts the
        // search off.
        // The defender's checks that take nothing go on with the segment only to win back a
        // piece (see `Context::successor`): with none to win back they need not be made.
        let mut quiet_checks = !in_check && (maximizing || tracked.is_some());
        let mut moves = if in_check {
            let answers = self.lists.range(pos, List::Legal);
            if answers.is_empty() {
                return lost;
            }
            answers
        } else {
            // A quiet move ends the segment: the side to move may stop here, unless it has no
            // legal move at all (stalemate, lost). Asked before any move is generated, since
            // stopping often settles the node at once.
            let stops = if maximizing {
                stand >= beta
            } else {
                stand <= alpha
            };
            if stops {
                let stalemate = match self.lists.known(pos, List::Legal) {
                    Some(moves) => moves.is_empty(),
                    None => !pos.has_legal_move(),
                };
                return if stalemate { lost } else { stand };
            }
            // Tactical moves are legal moves: only when there is none must a quiet one be
            // looked for, to tell a stalemate (lost) from a position the side may stop in.
            let captures = self.lists.range(pos, List::Captures);
            if captures.is_empty()
                && (!quiet_checks || self.lists.range(pos, List::QuietChecks).is_empty())
                && !pos.has_legal_move()
            {
                return lost;
            }
            captures
        };
        // Ahead: the gain stands only if the defender cannot mate at once. Asked last, and
        // only if the defender's other answers leave the attacker better than it already is.
        let refute = !maximizing && stand > 0;
        let floor = alpha;
        // Only a node searched with a window wider than a null window can be on the line
        // shown: a null window only ever tells on which side of a bound the outcome lies.
        let shown = beta - alpha > 1;
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
        if ply >= self.limits.gain_plies {
            if in_check {
                stand = if maximizing { stand.min(0) } else { stand };
            }
            if refute && stand > floor && self.refuted(pos, pv) {
                return -MATE;
            }
            return stand;
        }
        let mover = pos.turn();
        // The defender's captures that stand before each attacker move (see the module docs):
        // they do not answer the attacker's capture, unless it lays them open (`abandoned`) or
        // the line began with a check (`counter` below).
        let next_standing = if maximizing && !in_check {
            self.lists.get(pos, List::Standing)
        } else {
            Vec::new()
        };
        // The attacker's pieces that back up the capture: taking one of them is part of the
        // exchange (图25), not a threat of the defender's own.
        let supporters = match tracked {
            Some(t) if !maximizing && !in_check => pos.attackers(t, attacker),
            _ => Vec::new(),
        };
        self.path.push(pos.hash());
        let ctx = Context {
            maximizing,
            in_check,
            tracked,
            base,
            stand,
            standing,
            supporters: &supporters,
            counter_checks: self.counter_checks,
        };
        // In check the answers most likely to hold are tried first (`answer_order`); equal
        // outcomes are still settled in the canonical order (see `tie` below), so the order
        // changes how soon the search ends, not what it finds.
        let ordered = if in_check && moves.len() > 1 && ply + ORDER_PLIES < self.limits.gain_plies {
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
                if quiet_checks {
                    quiet_checks = false;
                    offset += moves.end - start;
                    moves = self.lists.range(pos, List::QuietChecks);
                    start = moves.start;
                    continue;
                }
                break;
            };
            let canonical = offset + i - start;
            let m = self.lists.moves[i];
            // A line that needs the offered exchange (even as an answer to check) shows the
            // exchange, not a chase.
            if maximizing && self.forbidden.contains(&m) {
                continue;
            }
            let captured = pos.piece_at(m.to);
            // In a line begun with a check, the defender's own capture that wins by itself
            // counts when it takes a piece the chaser moved in the line (part of the price of
            // the line, 参考图33) or leaves the chaser behind (交换吃亏, 参考图28); one that
            // only evens the score elsewhere is the defender's own business (参考图12).
            let counter = !maximizing
                && self.check_first
                && captured.is_some_and(|c| {
                    self.moved & bit(m.to) != 0 || ledger.capture(c, m.to, false).is_loss()
                })
                && wins_by_itself(pos, m);
            let moved = self.moved;
            self.moved = if maximizing {
                moved & !bit(m.from) | bit(m.to)
            } else {
                moved & !bit(m.to)
            };
            let guarded = self.guarded_by(pos, m.from, &next_standing);
            let u = pos.play_unchecked(m);
            let checks = pos.in_check();
            let unguarded = abandoned(pos, m.to, &next_standing, guarded);
            // Another standing capture may not be tacked on, unless it checks or answers check.
            let tacked_on = maximizing
                && !in_check
                && !checks
                && self.elsewhere.contains(&m)
                && Some(m.to) != tracked;
            let next = if tacked_on {
                None
            } else {
                ctx.successor(m, captured.is_some(), checks, counter)
            };
            let Some((next_tracked, next_base)) = next else {
                pos.undo(m, u);
                self.moved = moved;
                continue;
            };
            let l = match captured {
                Some(c) => ledger.capture(c, m.to, mover == attacker),
                None => ledger,
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
            let (lo, hi) = match (tie, maximizing) {
                (true, true) => (alpha - 1, beta),
                (true, false) => (alpha, beta + 1),
                (false, _) => (alpha, beta),
            };
            let mut sub = Vec::new();
            let v = self.node(
                pos,
                checks,
                attacker,
                l,
                next_tracked,
                next_base,
                unguarded.as_deref().unwrap_or(&next_standing),
                ply + 1,
                lo,
                hi,
                &mut sub,
            );
            pos.undo(m, u);
            self.moved = moved;
            // On equal outcomes the first in the canonical order is kept, except that the
            // attacker prefers to stop and the defender to take back: the main line then shows
            // what is really won.
            let better = if maximizing {
                v > best
            } else {
                v < best
                    || (v == best && captured.is_some() && next_base.is_none() && pv.is_empty())
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
            if alpha >= beta || self.budget.exhausted() {
                break;
            }
        }
        self.path.pop();
        if refute && best > floor && self.refuted(pos, pv) {
            return -MATE;
        }
        best
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
        let mut keyed: Vec<(usize, usize)> = Vec::with_capacity(range.len());
        for i in range {
            let m = self.lists.moves[i];
            let u = pos.play_unchecked(m);
            let key = if u.captured().is_some() {
                0
            } else if pos.in_check() {
                1
            } else {
                // A list a mate search already made gives the plain number of checks: cheaper
                // than weighing each, and measured faster.
                2 + match self.lists.known(pos, List::Checks) {
                    Some(checks) => checks.len(),
                    None if count_only => {
                        *self.lists.checks.entry(pos.hash()).or_insert_with(|| {
                            let (checks, taking) = pos.count_checks();
                            u32::try_from(checks + TAKING_CHECK * taking).expect("few checks")
                        }) as usize
                    }
                    None => self.lists.range(pos, List::Checks).len(),
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
        self.lists.get(pos, List::Standing)
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

    /// See [`guarded_by`]; nothing when laid-open captures are not counted.
    fn guarded_by(&self, pos: &Position, from: Square, standing: &[Move]) -> u64 {
        if self.laid_open {
            guarded_by(pos, from, standing)
        } else {
            0
        }
    }

    /// Works out the fingerprint of what a segment node's result depends on besides its own
    /// inputs and the moved pieces: the forbidden, elsewhere and counted captures and the
    /// flags. None of them changes during a search, so it is done once as the search starts
    /// (after `check_first` is set) rather than at every node.
    fn set_context(&mut self) {
        self.context = fingerprint(&self.forbidden)
            ^ fingerprint(&self.elsewhere).rotate_left(17)
            ^ u64::from(self.check_first)
            ^ u64::from(self.laid_open) << 1
            ^ fingerprint(&self.counted).rotate_left(29)
            ^ u64::from(self.counter_checks) << 2;
    }

    /// Whether the side to move mates at once (立即将死) by a short series of checks; if so the
    /// line becomes `pv`.
    fn refuted(&mut self, pos: &Position, pv: &mut Vec<Move>) -> bool {
        match self.mate_within(pos, self.limits.refute_checks) {
            Some(line) => {
                pv.clear();
                pv.extend(line);
                true
            }
            None => false,
        }
    }
}

/// Everything a segment node's result depends on: the position's hash, and a 64-bit digest
/// of the rest (attacker, ledger, tracked piece, frozen base, standing captures, search
/// context and moved pieces, ply and window), small so the cache stays small and quick (two
/// different inputs meet on one digest about as rarely as two positions on one hash).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct SegmentKey {
    hash: u64,
    rest: u64,
}

impl SegmentKey {
    #[allow(clippy::too_many_arguments)]
    fn new(
        hash: u64,
        attacker: Color,
        ledger: Ledger,
        tracked: Option<Square>,
        base: Option<i32>,
        standing: u64,
        context: u64,
        ply: u32,
        window: (i32, i32),
    ) -> SegmentKey {
        use std::hash::{Hash, Hasher};
        let mut h = rustc_hash::FxHasher::default();
        (
            attacker, ledger, tracked, base, standing, context, ply, window,
        )
            .hash(&mut h);
        SegmentKey {
            hash,
            rest: h.finish(),
        }
    }
}

/// The bit of a square in a set of squares.
fn bit(sq: Square) -> u128 {
    1 << sq.index()
}

/// A hash of a list of moves, in order.
fn fingerprint(moves: &[Move]) -> u64 {
    moves.iter().fold(0x51_7c_c1_b7_27_22_0a_95, |h, m| {
        (h ^ (m.from.index() * 90 + m.to.index()) as u64).wrapping_mul(0x0100_0000_01b3)
    })
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
    counter_checks: bool,
}

impl Context<'_> {
    /// Whether `m` (a capture or not, giving check or not) continues the segment, and if so
    /// the piece to track and the counter-check base after it.
    fn successor(
        &self,
        m: Move,
        captures: bool,
        checks: bool,
        counter: bool,
    ) -> Option<(Option<Square>, Option<i32>)> {
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
            return Some((t, if self.in_check { self.base } else { None }));
        }
        if self.in_check {
            return Some((self.tracked, None));
        }
        let retakes = captures && Some(m.to) == self.tracked;
        let counts = captures
            && self.base.is_none()
            && (counter || self.supporters.contains(&m.to) || !self.standing.contains(&m));
        if retakes || counts {
            // The exchange goes on on that square.
            Some((Some(m.to), None))
        } else if checks && self.tracked.is_some() {
            let base = if self.counter_checks {
                None
            } else {
                Some(self.stand)
            };
            Some((self.tracked, base))
        } else {
            None
        }
    }
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

/// The move lists of the positions one ruling's searches have met, each generated and
/// ordered once: the mate searches deepen one check at a time and the gain searches of one
/// ruling meet the same positions again and again, so most lists are asked for several
/// times. A list depends on the position only (placement and side to move, which its
/// Zobrist key stands for, as in the other caches). The lists share one buffer, so keeping
/// one costs no allocation of its own.
#[derive(Default)]
struct MoveLists {
    index: FxHashMap<(u64, List), (u32, u32)>,
    moves: Vec<Move>,
    /// How many checks the side to move has, weighted as [`Searcher::answer_order`] weighs
    /// them, where only that number was wanted.
    checks: FxHashMap<u64, u32>,
    /// Room for sorting a new list (see [`canonical`]).
    keyed: Vec<(u64, Move)>,
}

impl MoveLists {
    /// The list `list` of `pos` if it was already made.
    fn known(&self, pos: &Position, list: List) -> Option<&[Move]> {
        let &(start, len) = self.index.get(&(pos.hash(), list))?;
        Some(&self.moves[start as usize..(start + len) as usize])
    }

    /// Where the list `list` of `pos` stands in `moves`, made if need be. The buffer only
    /// grows, so the range stays good while the searches below add lists of their own, and
    /// walking it costs no copy. A new list is generated straight into the buffer.
    fn range(&mut self, pos: &Position, list: List) -> std::ops::Range<usize> {
        let key = (pos.hash(), list);
        if let Some(&(start, len)) = self.index.get(&key) {
            return start as usize..(start + len) as usize;
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
        self.index.insert(key, (at, len));
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
            refute_checks: 4,
            gain_plies: 14,
        };
        Searcher::new(limits, 1_000_000)
    }

    fn wins(position: &str, first: &str) -> bool {
        let pos = fen::parse(position, SetupMode::Standard).expect("legal");
        let m = iccs::parse(first).expect("ICCS");
        searcher()
            .evaluate(&pos, m, (0, 1))
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
    /// cannon, but black's rook takes the horse: what the line itself gives up counts even
    /// when it only evens the score (参考图33).
    #[test]
    fn a_win_by_checks_pays_for_the_pieces_it_moves() {
        assert!(!wins("3akar2/9/9/9/4N4/9/c3R4/9/9/3K5 w", "e5g6"));
        // With the black rook elsewhere the horse is safe and the cannon is won.
        assert!(wins("3aka1r1/9/9/9/4N4/9/c3R4/9/9/3K5 w", "e5g6"));
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
            .gain_lines(&pos)
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
            let open = searcher()
                .evaluate_laid_open(&pos, m, (-INF, INF), Vec::new())
                .map(|g| g.score);
            assert_eq!(
                searcher().value_laid_open(&pos, m, Vec::new()),
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

//! The segment (片段) searched: alpha-beta over captures, checks and answers to check.

use super::cache::List;
use super::order::{Answers, ChildOrder};
use super::standing::{abandoned, laid_open_guard, wins_by_itself};
use super::{Search, Searcher, Terms, INF, MATE, ORDER_PLIES};
use crate::analysis::material::Ledger;
use crate::{Color, Move, Position, Square};

impl Searcher {
    /// Alpha-beta over the segment, remembering each node searched with the same inputs (the
    /// same position, node, standing captures and window, in the same frame): the lines of one
    /// ply meet the same positions again and again.
    pub(super) fn node(
        &mut self,
        s: Search,
        pos: &mut Position,
        node: Node,
        standing: Standing,
        window: (i32, i32),
        pv: &mut Vec<Move>,
    ) -> i32 {
        let key = SegmentKey::new(pos.hash(), s.id, standing.id, node, window);
        if let Some(&(v, start, len)) = self.caches.segments.get(&key) {
            pv.clear();
            pv.extend_from_slice(
                &self.caches.segment_lines[start as usize..(start + len) as usize],
            );
            return v;
        }
        let v = self.search_node(s, pos, node, standing.moves, window, pv);
        if !self.exhausted() {
            self.caches.keep_segment(key, v, pv);
        }
        v
    }

    /// One segment node searched: stop, or try the moves that go on with the segment.
    pub(super) fn search_node(
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
    pub(super) fn first_moves(
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
    pub(super) fn children(
        &mut self,
        s: Search,
        pos: &mut Position,
        node: &Node,
        standing: &[Move],
        moves: std::ops::Range<usize>,
        window: (i32, i32),
        pv: &mut Vec<Move>,
    ) -> i32 {
        let maximizing = pos.turn() == node.attacker;
        let in_check = node.in_check;
        let stand = node.stand();
        // Only a node searched with a window wider than a null window can be on the line
        // shown: a null window only ever tells on which side of a bound the outcome lies.
        let shown = window.1 - window.0 > 1;
        let mut out = Outcome::open(in_check, maximizing, stand, window);
        // Out of check the moves are the tactical ones, captures first: the checks that capture
        // nothing come after them in the same order, and are made only if no capture cuts the
        // search off.
        let quiet = !in_check && quiet_checks(node, maximizing);
        let next_standing = self.next_standing(pos, node, maximizing);
        let ctx = Context::of(node, maximizing, standing, &s.frame.terms);
        let mut order = self.child_order(pos, node, moves, quiet);
        let mut next_id = None;
        while let Some((i, canonical)) = order.next(&mut self.caches.lists, pos) {
            let m = self.caches.lists.moves[i];
            let Some(child) = self.child(s, pos, node, &ctx, m, &next_standing) else {
                continue;
            };
            // When the answers are reordered, one that comes first in the canonical order wins
            // a tie with the best so far: it is searched with the window opened by one on that
            // side, so that an equal outcome shows as exactly equal rather than as a bound.
            // Only where the line can be shown (`shown`).
            let tie =
                shown && order.reordered() && canonical < out.index && out.at_bound(maximizing);
            let mut sub = self.caches.spare_line();
            let v = if child.ends {
                stand
            } else {
                let standing = self.child_standing(&child, &next_standing, &mut next_id);
                let window = out.window(tie, maximizing);
                self.node(s, pos, child.node, standing, window, &mut sub)
            };
            pos.undo(m, child.undo);
            // On equal outcomes the first in the canonical order is kept, except that the
            // attacker prefers to stop and the defender to take back: the main line then shows
            // what is really won.
            let best = out.best;
            let better = if maximizing {
                v > best
            } else {
                v < best
                    || (v == best && child.captures && child.node.base.is_none() && pv.is_empty())
            } || (tie && v == best);
            if better {
                out.index = canonical;
                out.best = v;
                pv.clear();
                pv.push(m);
                pv.extend_from_slice(&sub);
            }
            self.caches.give_back(sub);
            out.narrow(v, maximizing);
            if out.alpha >= out.beta || self.exhausted() {
                break;
            }
        }
        self.caches.give_back(next_standing);
        if let Some(keys) = order.into_keys() {
            self.caches.spare_keys.push(keys);
        }
        out.best
    }

    /// The standing captures a child is searched with: those its move laid open, else the
    /// node's `next` (whose index `next_id` is worked out for the first child that needs it).
    fn child_standing<'a>(
        &mut self,
        child: &'a Child,
        next: &'a [Move],
        next_id: &mut Option<u32>,
    ) -> Standing<'a> {
        match child.unguarded.as_deref() {
            Some(moves) => Standing {
                moves,
                id: self.caches.standing(moves),
            },
            None => Standing {
                moves: next,
                id: *next_id.get_or_insert_with(|| self.caches.standing(next)),
            },
        }
    }

    /// What the attacker's moves of a node are weighed against: the defender's captures that
    /// stand before each of them.
    fn next_standing(&mut self, pos: &Position, node: &Node, maximizing: bool) -> Vec<Move> {
        // The defender's captures that stand before each attacker move (see the module docs):
        // they do not answer the attacker's capture, unless it lays them open (`abandoned`) or
        // the line began with a check (`counter` in `child`).
        let mut next_standing = self.caches.spare_line();
        if maximizing && !node.in_check {
            let range = self.caches.lists.range(pos, List::Standing);
            next_standing.extend_from_slice(&self.caches.lists.moves[range]);
        }
        next_standing
    }

    /// The order the moves of a node are tried in. In check the answers most likely to hold
    /// come first ([`Answers`]), where the line has room enough for it to pay; equal outcomes
    /// are still settled in the canonical order (see `tie` in `children`), so the order
    /// changes how soon the search ends, not what it finds. The answers that take or check
    /// come first whatever the others weigh, so the others are weighed only once they are
    /// reached.
    fn child_order(
        &mut self,
        pos: &mut Position,
        node: &Node,
        moves: std::ops::Range<usize>,
        quiet: bool,
    ) -> ChildOrder {
        let ordered =
            (node.in_check && moves.len() > 1 && node.ply + ORDER_PLIES < self.limits.gain_plies)
                .then(|| {
                    let keys = self.caches.spare_keys.pop().unwrap_or_default();
                    Answers::new(&self.caches.lists, pos, moves.clone(), keys)
                });
        ChildOrder::new(moves, ordered, quiet)
    }

    /// `m` played, with the node after it, if `m` goes on with the segment (else `pos` is
    /// left as it was).
    pub(super) fn child(
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
        let supports = ctx.supports(pos, m, captured.is_some(), takes, counter);
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
            supports,
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
}

/// Where a segment node stands besides its position: handed down the line by value, and with
/// the position's hash, the frame, the standing captures and the window, the key of the node
/// remembered (every field counts, compared whole).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Node {
    /// Whether the side to move is in check (the caller knows).
    pub(super) in_check: bool,
    pub(super) attacker: Color,
    pub(super) ledger: Ledger,
    /// The piece the defender may take back (the last capturer, or the piece on the exchange
    /// square).
    pub(super) tracked: Option<Square>,
    /// Inside the defender's counter-checks: the score that counts until the piece is won back.
    pub(super) base: Option<i32>,
    /// The attacker's move that led here took something: the defender's answer is what "at
    /// once" (立即) means for a mate that refutes the gain.
    pub(super) took: bool,
    pub(super) ply: u32,
}

impl Node {
    /// What the side to move has if it stops here: the ledger's score, or inside the
    /// defender's counter-checks the score frozen until the piece is won back.
    pub(super) fn stand(&self) -> i32 {
        self.base.unwrap_or_else(|| self.ledger.score())
    }
}

/// The standing captures a node is searched with, and their index in [`Caches::standings`]
/// (part of the node's key), worked out once for all the children that share them.
///
/// [`Caches::standings`]: super::cache::Caches::standings
#[derive(Clone, Copy)]
pub(super) struct Standing<'a> {
    pub(super) moves: &'a [Move],
    pub(super) id: u32,
}

/// A move that goes on with the segment, played: what to search after it and how to take it
/// back.
pub(super) struct Child {
    pub(super) node: Node,
    /// The move ends the segment with what the attacker has before it (see [`Next::Ends`]).
    pub(super) ends: bool,
    /// The standing captures after it when it laid some open (else the node's).
    pub(super) unguarded: Option<Vec<Move>>,
    pub(super) captures: bool,
    pub(super) undo: crate::Undo,
}

/// The key of a segment node remembered: everything its result depends on, the position by its
/// Zobrist hash (as in the other caches) and the frame and standing captures by their indexes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct SegmentKey {
    pub(super) hash: u64,
    pub(super) frame: u32,
    pub(super) standing: u32,
    pub(super) node: Node,
    pub(super) window: (i32, i32),
    /// The key's hash, worked out once ([`SegmentKey::new`]): a node looked up and then kept
    /// is hashed once, not twice. A function of the fields, so the derived equality agrees
    /// with it; it fills what would be padding, so an entry costs no more room.
    digest: u32,
}

impl SegmentKey {
    pub(super) fn new(
        hash: u64,
        frame: u32,
        standing: u32,
        node: Node,
        window: (i32, i32),
    ) -> SegmentKey {
        use std::hash::Hasher;
        // A few packed words rather than field by field: each word is a round of the hasher.
        let n = &node;
        let pair = |a: i32, b: i32| u64::from(a as u32) | u64::from(b as u32) << 32;
        let tracked = n.tracked.map_or(0, |s| s.index() as u64 + 1);
        let flags = u64::from(n.in_check)
            | u64::from(n.took) << 1
            | (n.attacker.index() as u64) << 2
            | u64::from(n.base.is_some()) << 3
            | tracked << 8
            | u64::from(n.ply) << 32;
        let mut h = rustc_hash::FxHasher::default();
        h.write_u64(hash);
        h.write_u64(u64::from(frame) | u64::from(standing) << 32);
        h.write_u64(pair(n.ledger.pieces, n.ledger.pawns));
        h.write_u64(pair(window.0, window.1));
        h.write_u64(flags);
        h.write_u64(pair(n.base.unwrap_or(0), 0));
        let h = h.finish();
        SegmentKey {
            hash,
            frame,
            standing,
            node,
            window,
            digest: (h >> 32 ^ h) as u32,
        }
    }
}

/// Hashed by its digest alone (see [`super::cache::Digested`]).
impl std::hash::Hash for SegmentKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u32(self.digest);
    }
}

/// Whether the checks that take nothing go on with the segment out of check: the attacker's
/// always; the defender's only to win back a piece (see `Context::successor`), so with none to
/// win back they need not be made.
pub(super) fn quiet_checks(node: &Node, maximizing: bool) -> bool {
    maximizing || node.tracked.is_some()
}

/// What a node needs to decide which moves continue the segment.
pub(super) struct Context<'a> {
    pub(super) maximizing: bool,
    pub(super) in_check: bool,
    pub(super) tracked: Option<Square>,
    pub(super) base: Option<i32>,
    pub(super) stand: i32,
    pub(super) standing: &'a [Move],
    /// The attacker's pieces that back up the capture: taking one of them is part of the
    /// exchange (图25), not a threat of the defender's own.
    pub(super) supporters: Supporters,
    /// See [`even_counts`].
    pub(super) even_counts: bool,
}

impl<'a> Context<'a> {
    /// The context of `node`'s moves, `standing` the captures that stood before it.
    fn of(node: &Node, maximizing: bool, standing: &'a [Move], terms: &Terms) -> Context<'a> {
        Context {
            maximizing,
            in_check: node.in_check,
            tracked: node.tracked,
            base: node.base,
            stand: node.stand(),
            standing,
            supporters: Supporters::of(node.tracked.filter(|_| !maximizing), node.attacker),
            even_counts: even_counts(terms),
        }
    }

    /// Whether the defender's move `m` (played from `pos`, which it has not left yet) takes a
    /// piece backing up the capture, asked only where [`Context::successor`] weighs it (a
    /// capture other than the retake, that takes material when answering check, not inside
    /// counter-checks nor a counter capture otherwise), so the supporters are found only
    /// where it matters.
    pub(super) fn supports(
        &self,
        pos: &Position,
        m: Move,
        captures: bool,
        takes: bool,
        counter: bool,
    ) -> bool {
        let weighed = if self.in_check {
            takes
        } else {
            self.base.is_none() && !counter
        };
        !self.maximizing
            && captures
            && Some(m.to) != self.tracked
            && weighed
            && self.supporters.contain(pos, m.to)
    }

    /// Whether `m` (a capture or not, giving check or not) continues the segment, and if so
    /// the piece to track and the counter-check base after it.
    pub(super) fn successor(
        &self,
        m: Move,
        captures: bool,
        checks: bool,
        c: Counts,
    ) -> Option<Next> {
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
            let elsewhere = c.takes && !retakes && !c.supports;
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
        let counts = captures && self.base.is_none() && (c.counter || c.supports || laid_open);
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
pub(super) struct Counts {
    /// In a line begun with a check, a capture that counts though it stood before the line.
    pub(super) counter: bool,
    /// It leaves the chaser behind (交换吃亏): a loss on the ledger.
    pub(super) behind: bool,
    /// It takes material.
    pub(super) takes: bool,
    /// It takes a piece backing up the capture (see [`Context::supports`]).
    pub(super) supports: bool,
}

/// The attacker's pieces that back up a capture (those that attack the square the defender may
/// take back on), found when first asked: most nodes never ask, and finding them allocates.
pub(super) struct Supporters {
    /// The square and the attacker, if there is a capture to back up.
    of: Option<(Square, Color)>,
    found: std::cell::OnceCell<Vec<Square>>,
}

impl Supporters {
    /// The supporters of `by` on `tracked`; none without a square.
    pub(super) fn of(tracked: Option<Square>, by: Color) -> Supporters {
        Supporters {
            of: tracked.map(|t| (t, by)),
            found: std::cell::OnceCell::new(),
        }
    }

    /// Whether the piece on `s` backs up the capture in `pos` (the node's position).
    fn contain(&self, pos: &Position, s: Square) -> bool {
        let Some((t, by)) = self.of else {
            return false;
        };
        self.found.get_or_init(|| pos.attackers(t, by)).contains(&s)
    }
}

/// How a move goes on with the segment.
pub(super) enum Next {
    /// It goes on: the piece to track, and the counter-check base after it.
    On(Option<Square>, Option<i32>),
    /// An answer to check that takes off the exchange without leaving the chaser behind: the
    /// defender's own business, and the segment ends with what the attacker has before it.
    Ends,
}

/// Whether the defender's captures off the exchange count even when they only even the score:
/// when weighing what a capture lays open (whether an old threat paid, `freed`) or what taking
/// an offered piece loses (24.4, 24.5), where every piece given counts.
pub(super) fn even_counts(t: &Terms) -> bool {
    t.laid_open.is_some() || t.offer_taken
}

/// The outcome of a node's children so far: the best, the canonical index of the move that
/// gave it, and the window narrowed by what has been found.
struct Outcome {
    best: i32,
    index: usize,
    alpha: i32,
    beta: i32,
}

impl Outcome {
    /// Before any child: in check nothing (every answer must be tried); out of check the side
    /// to move may stop, so what it has is where its outcome starts.
    fn open(
        in_check: bool,
        maximizing: bool,
        stand: i32,
        (mut alpha, mut beta): (i32, i32),
    ) -> Outcome {
        let best = if in_check {
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
        Outcome {
            best,
            index: usize::MAX,
            alpha,
            beta,
        }
    }

    /// Whether the best so far is the bound of the window on the side to move's side.
    fn at_bound(&self, maximizing: bool) -> bool {
        if maximizing {
            self.alpha == self.best
        } else {
            self.beta == self.best
        }
    }

    /// The window to search the next child with: opened by one on the side to move's side
    /// when it may win a tie (see [`Searcher::children`]).
    fn window(&self, tie: bool, maximizing: bool) -> (i32, i32) {
        match (tie, maximizing) {
            (true, true) => (self.alpha - 1, self.beta),
            (true, false) => (self.alpha, self.beta + 1),
            (false, _) => (self.alpha, self.beta),
        }
    }

    /// The window narrowed by a child's outcome `v`.
    fn narrow(&mut self, v: i32, maximizing: bool) {
        if maximizing {
            self.alpha = self.alpha.max(v);
        } else {
            self.beta = self.beta.min(v);
        }
    }
}

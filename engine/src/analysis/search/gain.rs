//! 24.3 捉: the gain search's questions, each first move of the attacker weighed.

use super::cache::List;
use super::segment::{even_counts, Context, Counts, Next, Node, Standing, Supporters};
use super::standing::{abandoned, laid_open_guard};
use super::{Frame, GainLine, Search, Searcher, Terms, INF, MATE};
use crate::analysis::material::{is_material, Ledger};
use crate::{Move, Position};

impl Searcher {
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
            frame.elsewhere.clear();
            frame
                .elsewhere
                .extend(captures.iter().copied().filter(|&c| c != m));
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
    pub(super) fn evaluate_with(
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
        let mut pv = self.caches.spare_line();
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
        let standing = Standing {
            moves: standing,
            id: self.caches.standing(standing),
        };
        let score = self.node(search, &mut p, node, standing, window, &mut pv);
        let line = [&[m], &pv[..]].concat();
        self.caches.give_back(pv);
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
        let ctx = Context {
            maximizing: false,
            in_check,
            tracked,
            base: None,
            stand,
            standing: &standing,
            supporters: Supporters::of(tracked, attacker),
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
            out.extend(self.reply(search, &ctx, pos, &mut p, ledger, m, window));
        }
        out
    }

    /// The defender's answer `m` to the attacker's first move, played on `p` (the position
    /// after that move, left as it was), with the outcome it leads to, if it goes on with the
    /// segment; `pos` is the position before the first move.
    #[allow(clippy::too_many_arguments)]
    fn reply(
        &mut self,
        search: Search,
        ctx: &Context,
        pos: &Position,
        p: &mut Position,
        ledger: Ledger,
        m: Move,
        window: (i32, i32),
    ) -> Option<GainLine> {
        let c = p.piece_at(m.to);
        let taken = c.map(|c| ledger.capture(c, m.to, false));
        let takes = taken.is_some_and(|l| l != ledger);
        let counts = Counts {
            counter: false,
            behind: taken.is_some_and(Ledger::is_loss),
            takes,
            supports: ctx.supports(p, m, c.is_some(), takes, false),
        };
        let u = p.play_unchecked(m);
        let checks = p.in_check();
        let next = ctx.successor(m, c.is_some(), checks, counts);
        let reply = if let Some(Next::Ends) = next {
            Some(GainLine {
                score: ctx.stand,
                line: vec![m],
            })
        } else if let Some(Next::On(t, b)) = next {
            let l = match c {
                Some(c) => ledger.capture(c, m.to, false),
                None => ledger,
            };
            self.path.clear();
            self.path.push(pos.hash());
            let node = Node {
                in_check: checks,
                attacker: pos.turn(),
                ledger: l,
                tracked: t,
                base: b,
                ply: 2,
                took: false,
            };
            let mut sub = self.caches.spare_line();
            let standing = Standing {
                moves: &[],
                id: self.caches.standing(&[]),
            };
            let v = self.node(search, p, node, standing, window, &mut sub);
            let line = [&[m], &sub[..]].concat();
            self.caches.give_back(sub);
            Some(GainLine { score: v, line })
        } else {
            None
        };
        p.undo(m, u);
        reply
    }
}

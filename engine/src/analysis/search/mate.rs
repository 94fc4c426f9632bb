//! 24.2 杀: mates by checks, and the mate that refutes a gain (24.3 立即被将死).

use super::cache::List;
use super::{Frame, Searcher, ORDER_CHECKS};
use crate::{Move, Position};

impl Searcher {
    /// A forced mate by checks for the side to move: the whole main line.
    pub fn mate_by_checks(&mut self, pos: &Position) -> Option<Vec<Move>> {
        self.mate_within(pos, self.limits.mate_checks)
    }

    /// A forced mate by checks for the side to move in which it never makes the capture
    /// `avoid` (the trade an exchange offer offers, 24.4, is not the way a mate goes). Searched
    /// apart from the remembered mates, which assume every move is allowed.
    pub fn mate_avoiding(&mut self, pos: &Position, avoid: Move) -> Option<Vec<Move>> {
        let mates = std::mem::take(&mut self.caches.mates);
        let bounds = std::mem::take(&mut self.caches.mate_bounds);
        let found = self.mate_search(pos, self.limits.mate_checks, Some(avoid));
        self.caches.mates = mates;
        self.caches.mate_bounds = bounds;
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
            if self.mate_defend(&mut p, depth, None) {
                let mut out = vec![first];
                out.extend(self.defend_line(&mut p, depth, None));
                return Some(out);
            }
            if self.exhausted() {
                break;
            }
        }
        None
    }

    pub(super) fn mate_within(&mut self, pos: &Position, max_checks: u32) -> Option<Vec<Move>> {
        self.mate_search(pos, max_checks, None)
    }

    /// A mate by at most `max_checks` checks, none of them `avoid`.
    pub(super) fn mate_search(
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
        // one, so the line shown is the shortest mate (what it learns about positions with and
        // without a mate is kept and spares those iterations work). The searches only tell
        // whether there is a mate; the line is drawn once, at the depth found.
        if max_checks > 1 && !self.mate_attack(&mut p, max_checks, avoid) {
            if !self.exhausted() {
                self.caches.keep_mate(key, None);
            }
            return None;
        }
        let mut found = None;
        for depth in 1..=max_checks {
            if self.mate_attack(&mut p, depth, avoid) {
                found = Some(self.attack_line(&mut p, depth, avoid));
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
    pub(super) fn mate_attack(
        &mut self,
        pos: &mut Position,
        checks: u32,
        avoid: Option<Move>,
    ) -> bool {
        if checks == 0 || !self.take() {
            return false;
        }
        // Known not to mate within this many checks (or fewer), or to mate within this many
        // (or more)?
        if let Some(b) = self.caches.mate_bounds.get(&pos.hash()) {
            if b.none_within >= checks {
                return false;
            }
            if b.mates_within <= checks {
                return true;
            }
        }
        for i in self.caches.lists.range(pos, List::Checks) {
            let m = self.caches.lists.moves[i];
            if avoid == Some(m) {
                continue;
            }
            let u = pos.play_unchecked(m);
            let mated = self.mate_defend(pos, checks - 1, avoid);
            pos.undo(m, u);
            if mated {
                self.caches.keep_mate_within(pos.hash(), checks);
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
    pub(super) fn mate_defend(
        &mut self,
        pos: &mut Position,
        checks: u32,
        avoid: Option<Move>,
    ) -> bool {
        // With no check left only whether there is an answer at all matters: ask that without
        // generating them all, unless they are already known.
        if checks == 0 {
            return match self.caches.lists.known(pos, List::Legal) {
                Some(answers) => answers.is_empty(),
                None => !pos.has_legal_move(),
            };
        }
        let answers = self.caches.lists.range(pos, List::Legal);
        if checks >= ORDER_CHECKS {
            self.ordered_answers(pos, answers, checks, avoid)
        } else {
            answers
                .into_iter()
                .all(|i| self.answer_loses(pos, i, checks, avoid))
        }
    }

    /// Every answer in `answers` tried, the ones most likely to hold first (the order of
    /// [`super::order::Answers`], the checks listed rather than weighed: captures, then checks
    /// back, then the fewer checks an answer leaves the attacker the sooner), each group in the
    /// canonical order: whether all lose.
    /// The groups are tried one after the other, so the attacker's checks after each quiet
    /// answer are listed only when no capture or check back holds; and a quiet answer after
    /// which the attacker has no check at all holds at once, with nothing more to list.
    fn ordered_answers(
        &mut self,
        pos: &mut Position,
        answers: std::ops::Range<usize>,
        checks: u32,
        avoid: Option<Move>,
    ) -> bool {
        let mut back = Vec::new();
        let mut quiet = Vec::new();
        for i in answers {
            let a = self.caches.lists.moves[i];
            if pos.piece_at(a.to).is_some() {
                if !self.answer_loses(pos, i, checks, avoid) {
                    return false;
                }
                continue;
            }
            let u = pos.play_unchecked(a);
            let checking = pos.in_check();
            pos.undo(a, u);
            if checking {
                back.push(i);
            } else {
                quiet.push(i);
            }
        }
        for i in back {
            if !self.answer_loses(pos, i, checks, avoid) {
                return false;
            }
        }
        let mut keyed = Vec::with_capacity(quiet.len());
        for i in quiet {
            let a = self.caches.lists.moves[i];
            let u = pos.play_unchecked(a);
            let left = self.caches.lists.range(pos, List::Checks).len();
            pos.undo(a, u);
            if left == 0 {
                return false;
            }
            keyed.push((left, i));
        }
        keyed.sort_by_key(|&(left, _)| left);
        keyed
            .into_iter()
            .all(|(_, i)| self.answer_loses(pos, i, checks, avoid))
    }

    /// The answer at `i` of `lists.moves` played: whether the attacker still mates within
    /// `checks`.
    fn answer_loses(
        &mut self,
        pos: &mut Position,
        i: usize,
        checks: u32,
        avoid: Option<Move>,
    ) -> bool {
        let a = self.caches.lists.moves[i];
        let u = pos.play_unchecked(a);
        let mated = self.mate_attack(pos, checks, avoid);
        pos.undo(a, u);
        mated
    }

    /// Whether the side to move (the defender) refutes the attacker's gain by mate; if so the
    /// line becomes `pv`. See [`Searcher::refutation`].
    pub(super) fn refuted(&mut self, frame: &Frame, pos: &Position, pv: &mut Vec<Move>) -> bool {
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
    pub(super) fn refutation(&mut self, frame: &Frame, pos: &Position) -> Option<Vec<Move>> {
        let checks = if frame.mate_threat {
            self.limits.mate_checks
        } else {
            self.limits.refute_checks
        };
        self.mate_within(pos, checks)
    }

    /// Whether the other side than the one to move threatens mate here (24.2: were it to
    /// move, it would mate by a check or a series of checks).
    pub(super) fn threatens_mate(&mut self, pos: &Position) -> bool {
        pos.with_turn(!pos.turn())
            .is_some_and(|p| self.mate_by_checks(&p).is_some())
    }
}

//! Which threats after a move are new (24.3, 从捉到捉), under the books that read 捉 as material
//! won ([`ChaseTest::Gain`](crate::rules::ChaseTest::Gain)): a threat the move makes, or one it
//! makes pay.

use rustc_hash::FxHashMap;

use crate::analysis::part;
use crate::analysis::pins;
use crate::analysis::search::{GainLine, Terms};
use crate::rules::classify::{placed, Classifier};
use crate::rules::idle::ExchangeOffer;
use crate::rules::rulebook::ChaseTargets;
use crate::rules::{threats, ChaseKind, Placed, Rootedness, Threat};
use crate::{Move, Position, Square};

/// The mover's threats after a move, sorted: the new ones, those that only carried on from
/// before (which weigh a chase too, 26.9), and a note of the first that stood (从捉到捉).
#[derive(Default)]
pub(crate) struct Newness {
    pub fresh: Vec<Threat>,
    pub continuing: Vec<Threat>,
    pub stood: Option<(Placed, Placed)>,
}

/// A threat after the move and the threats before it it is compared with.
type Before<'t> = Vec<&'t (GainLine, Threat)>;

/// What comparing each threat after the move with the threats before it asks of the position
/// before the move, the same for every threat after it: asked once, kept for the ply (and only
/// what was found within the budget, as [`Classifier`] keeps its gains).
#[derive(Default)]
struct Asked {
    /// The targets of each threat before the move, by its first move (one threat each).
    then_targets: FxHashMap<Move, Vec<Square>>,
}

impl Classifier<'_> {
    /// The threats of the mover in `again` (the position after `mv`, mover to move) that the
    /// move created, and a note when threats only carried on from before (从捉到捉).
    pub(crate) fn new_threats(
        &mut self,
        before: &Position,
        mv: Move,
        again: &Position,
        offers: &[ExchangeOffer],
    ) -> Newness {
        // The exchange offered is an exchange, not a chase of the partner (24.4).
        let offered = offers
            .iter()
            .map(|o| Move::new(o.offered, o.partner))
            .collect();
        let mut after = self.threats(&Terms::forbidding(offered), again);
        // A move that answers check chases only with what it moves or the lines it opens: the
        // other captures stood before, when the check had to be answered first (参考图6, 19,
        // 22); one the answer unblocks is its own (参考图47).
        if before.in_check() {
            after.retain(|(g, f)| {
                let first = g.line[0];
                part::participates(again, f.taking(), mv.to)
                    || !before.pseudo_targets(first.from).contains(&first.to)
            });
        }
        after.retain(|(_, f)| self.counts(again, f));
        let mut out = Newness::default();
        if after.is_empty() {
            return out;
        }
        let earlier: Vec<(GainLine, Threat)> = if before.in_check() {
            Vec::new()
        } else {
            self.threats(&Terms::PLAIN, before)
        };
        let origin = |sq: Square| if sq == mv.to { mv.from } else { sq };
        let mut asked = Asked::default();
        for (g, mut f) in after {
            // A threat the moved piece takes part in is compared with the threats it took part
            // in before (a new attacker on an old target is a new chase: seed 001 图2); any
            // other threat with the threats of the same capturer.
            let moved_acts = part::participates(again, f.taking(), mv.to);
            let same: Before<'_> = earlier
                .iter()
                .filter(|(bg, b)| {
                    if moved_acts {
                        part::participates(before, b.taking(), mv.from)
                    } else {
                        // The same piece starting the same piece's win (参考图42: a check by a
                        // new piece is a new way to win, even for the same capturer).
                        b.attacker.square == origin(f.attacker.square)
                            && bg.line[0].from == origin(g.line[0].from)
                    }
                })
                .collect();
            if same.is_empty() {
                if moved_acts && pins::holds_target(again, f.taking(), mv.to) {
                    f.held_by = Some(placed(again, mv.to));
                }
                out.fresh.push(f);
            } else if let Some(freed) = self.renewed(before, again, (&g, &f), &same, &mut asked) {
                f.freed = freed.map(|then| then.line);
                out.fresh.push(f);
            } else {
                let b = &same[0].1;
                out.stood.get_or_insert((b.attacker, b.target));
                out.continuing.push(f);
            }
        }
        out
    }

    /// Whether the threat `g` (described as `f`) after the move is new though threats of the
    /// same pieces stood before (`same`): it wins another target or more, or it was freed
    /// (with the line that showed it before, [`Classifier::freed`]). `None` when it only
    /// carries on.
    ///
    /// A threat that wins more than any of them is new whatever it targets, so the targets are
    /// sought only for one that does not. A target set begins with the threat's own target,
    /// so a threat on a target one of them had shares a target without a search; else the
    /// targets of the threats before the move are sought one by one until one is shared, each
    /// once for all the threats after it (`asked`).
    fn renewed(
        &mut self,
        before: &Position,
        again: &Position,
        (g, f): (&GainLine, &Threat),
        same: &Before<'_>,
        asked: &mut Asked,
    ) -> Option<Option<GainLine>> {
        let then_best = same
            .iter()
            .map(|(bg, _)| bg.score)
            .max()
            .unwrap_or(i32::MIN);
        if g.score > then_best {
            return Some(None);
        }
        let target = f.target.square;
        let overlap = same.iter().any(|(_, b)| b.target.square == target) || {
            let now_targets = threats::target_set(&mut self.searcher, again, g);
            same.iter()
                .any(|(_, b)| now_targets.contains(&b.target.square))
                || same.iter().any(|(bg, _)| {
                    self.then_targets(before, bg, asked)
                        .iter()
                        .any(|t| now_targets.contains(t))
                })
        };
        if !overlap {
            return Some(None);
        }
        if !self.book.chase_ways.freed {
            return None;
        }
        self.freed(before, again, g, same).map(Some)
    }

    /// [`threats::target_set`] of the threat `bg` before the move, asked once a ply.
    fn then_targets(&mut self, before: &Position, bg: &GainLine, asked: &mut Asked) -> Vec<Square> {
        if let Some(t) = asked.then_targets.get(&bg.line[0]) {
            return t.clone();
        }
        let t = threats::target_set(&mut self.searcher, before, bg);
        if !self.searcher.exhausted() {
            asked.then_targets.insert(bg.line[0], t.clone());
        }
        t
    }

    /// Whether the rule book counts this way of winning as a chase at all.
    fn counts(&self, again: &Position, f: &Threat) -> bool {
        let target_ok = match self.book.chase_targets {
            ChaseTargets::Winnable => true,
            ChaseTargets::RootlessOnly => f.rootedness != Rootedness::Rooted,
        };
        let by_single_check = f.kind == ChaseKind::ByChecks && f.checks == 1 && !f.discovered;
        let ways = self.book.chase_ways;
        // A lesser piece that takes a greater one first wins whatever the protection (a rook
        // taken by a horse or cannon): a chase under every book, even when the line goes on
        // with the recapture.
        let value = |p: crate::Piece| crate::analysis::material::piece_value(p.role).unwrap_or(0);
        let lesser_first = f.capture_index == 0
            && f.line[0].to == f.target.square
            && value(f.attacker.piece) < value(f.target.piece);
        // A joint chase that only takes a target whose guards are false roots (pinned, or kept
        // off the square) takes a piece without a real root: the Asian rules' chase too.
        let way_ok = lesser_first
            || match f.kind {
                ChaseKind::Direct => true,
                ChaseKind::Joint => ways.outnumbering || f.shared,
                ChaseKind::ByChecks => ways.by_checks,
                ChaseKind::ByExchange => ways.by_exchange,
            };
        let root_ok = ways.outnumbering || lesser_first || f.rootedness != Rootedness::ShortRooted;
        let one_sided = ways.mutual_chase
            || f.capture_index != 0
            || f.attacker.piece.role != f.target.piece.role
            || !again
                .with_turn(!again.turn())
                .is_some_and(|t| t.is_legal(Move::new(f.target.square, f.attacker.square)));
        target_ok
            && way_ok
            && root_ok
            && one_sided
            && (self.book.single_check_wins || !by_single_check)
    }
}

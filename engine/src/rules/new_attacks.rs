//! Which attacks after a move are new chases under the Asian rules
//! ([`ChaseTest::Attack`](crate::rules::ChaseTest::Attack)): one capture, next move, of a piece
//! without a real root or of a greater piece by a lesser one.

use crate::analysis::material::worth;
use crate::analysis::search::GainLine;
use crate::analysis::{part, pins};
use crate::rules::classify::{placed, Classifier};
use crate::rules::idle::ExchangeOffer;
use crate::rules::new_threats::Newness;
use crate::rules::{threats, Placed, RuleBook, Threat};
use crate::{Move, Position, Role, Square};

impl Classifier<'_> {
    /// The Asian rules' chases ([`crate::rules::ChaseTest::Attack`]) of the mover in `again` (the
    /// position after `mv`, mover to move): its captures next move, one capture each, that are
    /// chases ([`attack_counts`]), split into the new ones and those that stood before (the
    /// capturer could already take the target from where it stood, as unprotected: before the move,
    /// or before the opponent's last move when that move gave check, the target standing where it
    /// stands), with a note when one stood (从捉到捉). A move that answers check makes only the chases
    /// it takes part in or opens (参考图6, 19, 22; 47): an attack that stood before the check, though
    /// illegal while the check had to be answered, is no new one.
    pub(crate) fn new_attacks(
        &mut self,
        before: &Position,
        mv: Move,
        again: &Position,
        offers: &[ExchangeOffer],
        previous: Option<(&Position, Move)>,
    ) -> Newness {
        let mut attacks = attacks(again, offers, self.book);
        if before.in_check() {
            attacks.retain(|f| {
                part::participates(again, f.taking(), mv.to)
                    || !before
                        .pseudo_targets(f.attacker.square)
                        .contains(&f.target.square)
            });
        }
        let origin = |sq: Square| if sq == mv.to { mv.from } else { sq };
        // Before the opponent's last move, when that move gave check: an attack the check
        // interrupted (blocked it, or made it illegal) and the answer restores is no new one.
        let earlier = previous
            .filter(|_| before.in_check())
            .and_then(|(p, _)| p.with_turn(before.turn()));
        let mut out = Newness::default();
        for mut f in attacks {
            let from = origin(f.attacker.square);
            let old = stood(before, &f, from, self.book)
                || earlier
                    .as_ref()
                    .is_some_and(|p| stood(p, &f, from, self.book));
            if old {
                out.stood
                    .get_or_insert((Placed::new(f.attacker.piece, from), f.target));
                out.continuing.push(f);
            } else {
                if part::participates(again, f.taking(), mv.to)
                    && pins::holds_target(again, f.taking(), mv.to)
                {
                    f.held_by = Some(placed(again, mv.to));
                }
                out.fresh.push(f);
            }
        }
        out
    }
}

/// The mover's captures next move in `again` that are Asian chases ([`attack_counts`]), the
/// exchanges offered aside.
fn attacks(again: &Position, offers: &[ExchangeOffer], book: &RuleBook) -> Vec<Threat> {
    let offered: Vec<Move> = offers
        .iter()
        .map(|o| Move::new(o.offered, o.partner))
        .collect();
    again
        .legal_moves()
        .into_iter()
        .filter(|m| !offered.contains(m))
        .filter_map(|m| {
            let victim = again.piece_at(m.to)?;
            let worth = worth(victim, m.to);
            (worth > 0).then(|| {
                threats::describe(
                    again,
                    &GainLine {
                        score: worth,
                        line: vec![m],
                    },
                )
            })?
        })
        .filter(|f| attack_counts(again, f, book))
        .collect()
}

/// Whether in `pos` (the mover to move) the capturer, where it stood (`from`), could take the
/// target, standing where it stands, as a chase.
fn stood(pos: &Position, f: &Threat, from: Square, book: &RuleBook) -> bool {
    pos.piece_at(from) == Some(f.attacker.piece)
        && pos.piece_at(f.target.square) == Some(f.target.piece)
        && pos.pseudo_targets(from).contains(&f.target.square)
        && attack_counts_at(pos, Move::new(from, f.target.square), book)
}

/// Whether a capture found in `again` (the mover to move) is an Asian chase: of a piece without
/// a real root — once taken, no piece of the defender may legally take back; where the capture
/// mates, no piece of the defender bears on the square (a protected piece taken with mate is a
/// mate threat, which is allowed, not a chase; an unprotected one is chased, diagram 53) — or of a
/// greater piece by a lesser one, taken first (a rook by a horse or cannon, rule 15). Same-type
/// pieces that can take each other on the spot offer an exchange (rule 24, 40), and the king's
/// and a pawn's own chases are sorted out afterwards, as for every book.
fn attack_counts(again: &Position, f: &Threat, book: &RuleBook) -> bool {
    f.line.len() == 1 && attack_counts_at(again, f.line[0], book)
}

/// [`attack_counts`] for the capture `take` in `pos` (the capturer's side to move; the capture
/// may be illegal there, as before an answer to check, and is then judged on the board).
fn attack_counts_at(pos: &Position, take: Move, book: &RuleBook) -> bool {
    let (Some(capturer), Some(target)) = (pos.piece_at(take.from), pos.piece_at(take.to)) else {
        return false;
    };
    if capturer.color == target.color || !crate::analysis::material::is_material(target, take.to) {
        return false;
    }
    let value = |r: Role| crate::analysis::material::piece_value(r).unwrap_or(0);
    let lesser = value(capturer.role) < value(target.role);
    let mut taken = pos.clone();
    taken.play_unchecked(take);
    // A capture that mates leaves no answer at all: the target was unprotected only if nothing
    // of the defender bore on it (a protected piece taken with mate is a mate threat, allowed,
    // not a chase); otherwise none of the answers takes back.
    let answers = taken.legal_moves();
    let unprotected = if answers.is_empty() {
        taken.attackers(take.to, target.color).is_empty()
    } else {
        !answers.iter().any(|m| m.to == take.to)
    };
    let one_sided = book.chase_ways.mutual_chase
        || capturer.role != target.role
        || !pos
            .with_turn(!pos.turn())
            .is_some_and(|t| t.is_legal(Move::new(take.to, take.from)));
    (unprotected || lesser) && one_sided
}

//! The natures of a move, one detector each, in 从重 order (docs/ruling-model.md, §3): the
//! first that finds names the move. A new nature is one file here, one line in [`NATURES`],
//! one [`Finding`] variant, its sentence (`text::ply`) and its clause rows (the rule books).

mod block;
mod chase;
mod chase_to_chase;
mod check;
mod exchange;
mod follow;
mod idle;
mod key_point;
mod king_answer;
mod mate;
mod mated_exchange;
mod offer;
mod own_chase;

use crate::rules::classify::{placed, Classifier};
use crate::rules::idle::{self as kinds, ExchangeOffer};
use crate::rules::new_threats::Newness;
use crate::rules::rulebook::{ChaseTest, ExchangeKinds};
use crate::rules::{Also, Finding, Placed, Threat};
use crate::{Color, Move, Piece, Position, Role};

/// A detector: the finding it names the move by, if the move is of its nature.
pub(crate) enum Nature {
    /// Decided on the board, before any search.
    Plain(fn(&mut Classifier<'_>, &Ply<'_>) -> Option<Finding>),
    /// Reads what the searches found ([`Read`]), and may search more.
    Read(fn(&mut Classifier<'_>, &Ply<'_>, &Read) -> Option<Finding>),
}

/// The natures in 从重 order: 将, a king's answer to check, 杀 (before 捉 where the book puts it
/// first or nothing is chased), 捉, 杀, the exchange that is a mate, then the idle kinds 兑 献 拦
/// 跟, the permitted chases (26.2, 26.1), 从捉到捉, and 闲, which names every move left.
pub(crate) const NATURES: [Nature; 14] = [
    Nature::Plain(check::detect),
    Nature::Plain(king_answer::detect),
    Nature::Read(mate::before_chase),
    Nature::Read(chase::detect),
    Nature::Read(mate::detect),
    Nature::Read(mated_exchange::detect),
    Nature::Read(exchange::detect),
    Nature::Read(offer::detect),
    Nature::Read(block::detect),
    Nature::Read(follow::detect),
    Nature::Read(key_point::detect),
    Nature::Read(own_chase::detect),
    Nature::Read(chase_to_chase::detect),
    Nature::Read(idle::detect),
];

/// The ply being labelled: the move, where it is played, and what precedes it.
pub(crate) struct Ply<'p> {
    pub before: &'p Position,
    pub mv: Move,
    /// The opponent's last move with the position before it, when the sequence has one.
    pub previous: Option<(&'p Position, Move)>,
    pub after: Position,
    pub mover: Color,
    pub moved: Piece,
}

impl<'p> Ply<'p> {
    pub fn new(before: &'p Position, mv: Move, previous: Option<(&'p Position, Move)>) -> Ply<'p> {
        Ply {
            before,
            mv,
            previous,
            after: before.after(mv),
            mover: before.turn(),
            moved: before.piece_at(mv.from).expect("a legal move has a piece"),
        }
    }

    /// The moved piece where it stands now.
    pub fn placed_moved(&self) -> Placed {
        Placed::new(self.moved, self.mv.to)
    }
}

/// What the searches find once for the natures after 26.1.2: the exchanges and the gift the
/// move offers (what the opponent may take), the mate and the threats the mover has moving
/// again, sorted by what the rule book counts.
pub(crate) struct Read {
    /// The position after the move, the mover to move again (接续再走).
    pub again: Position,
    pub offers: Vec<ExchangeOffer>,
    /// The capture of the piece the move gives, when it offers no exchange (献).
    pub sacrifice: Option<Move>,
    /// The mate by checks, not through the trade an exchange offers (24.4).
    pub mate: Option<Vec<Move>>,
    /// The new threats that are chases.
    pub chases: Vec<Threat>,
    /// The new threats that are the king's or a pawn's own (26.1).
    pub exempt: Vec<Threat>,
    /// The new threats on an advisor or an elephant by a side holding a draw alone (26.2).
    pub incidental: Vec<Threat>,
    /// The threats that only carried on from before.
    pub continuing: Vec<Threat>,
    /// The first threat that stood before the move (从捉到捉).
    pub stood: Option<(Placed, Placed)>,
    /// Whether an attack outweighs the exchange or the gift the move also is (从重).
    pub upgrade: bool,
    /// The exchange or the gift the move also is.
    pub also: Also,
}

/// Run the searches the natures after 26.1.2 read, in the order that spends the budget as the
/// labelling always has: offers, the gift, the mate, the threats (each only where what it
/// finds can show, see [`mate_and_threats`]).
pub(crate) fn read(c: &mut Classifier<'_>, ply: &Ply<'_>) -> Read {
    let (before, mv, after) = (ply.before, ply.mv, &ply.after);
    let again = after
        .with_turn(ply.mover)
        .expect("the mover did not give check, so it may move again");
    // 兑 / 献: what the opponent may take (it moves next, not the mover).
    let same_kind = c.book.exchange_kinds == ExchangeKinds::SameKind;
    let offers = kinds::exchange_offers(&mut c.searcher, before, mv, after, same_kind);
    let sacrifice = if offers.is_empty() {
        kinds::sacrifice(&mut c.searcher, mv, after, c.book.offer_same_kind_only)
    } else {
        None
    };
    let upgrade = c.book.offers_upgrade || (offers.is_empty() && sacrifice.is_none());
    let (mate, newness) = mate_and_threats(c, ply, &again, &offers, upgrade);
    let (chases, exempt): (Vec<Threat>, Vec<Threat>) = newness
        .fresh
        .into_iter()
        .partition(|f| !c.exempt(f) && !c.own_attack(before, &again, mv, f));
    let (chases, incidental) = key_point::sort(c, before, chases);
    // Under the Asian test the chases are read on the board, so the mate is searched after
    // them, and only where it may name the move: before 捉 (the book weighs it first), or
    // nothing is chased, or the chase is outweighed ([`mate::before_chase`], [`chase::detect`],
    // [`mate::detect`]).
    let mate = match mate {
        Some(m) => m,
        None if c.book.chase_ways.mate_first || chases.is_empty() || !upgrade => {
            mate::search(c, &again, &offers)
        }
        None => None,
    };
    let also = match (offers.first(), sacrifice) {
        (Some(o), _) => Also::Exchange(placed(after, o.offered)),
        (None, Some(_)) => Also::Offer,
        (None, None) => Also::Nothing,
    };
    Read {
        again,
        offers,
        sacrifice,
        mate,
        chases,
        exempt,
        incidental,
        continuing: newness.continuing,
        stood: newness.stood,
        upgrade,
        also,
    }
}

/// The mate (when searched here) and the new threats of the mover moving again, `upgrade`
/// telling whether an attack outweighs what else the move is (if not, neither is asked).
/// Under the gain test the mate is searched first, as the labelling always has; the threats
/// are not asked when 杀 names the move whatever it chases (the book weighs it first,
/// [`mate::before_chase`]): nothing read of them then shows in the label, its evidence or the
/// chases weighed. Under the Asian test ([`ChaseTest::Attack`], no search) the mate is left
/// to [`read`] (`None`).
#[allow(clippy::option_option)]
fn mate_and_threats(
    c: &mut Classifier<'_>,
    ply: &Ply<'_>,
    again: &Position,
    offers: &[ExchangeOffer],
    upgrade: bool,
) -> (Option<Option<Vec<Move>>>, Newness) {
    let (before, mv) = (ply.before, ply.mv);
    // Where the exchange or the gift outweighs any attack (the 排局 draft), it names the move:
    // neither a mate nor a threat could show.
    if !upgrade {
        return (Some(None), Newness::default());
    }
    match c.book.chase_test {
        ChaseTest::Gain => {
            let mate = mate::search(c, again, offers);
            let named = c.book.chase_ways.mate_first && upgrade && mate.is_some();
            let newness = if named {
                Newness::default()
            } else {
                c.new_threats(before, mv, again, offers)
            };
            (Some(mate), newness)
        }
        ChaseTest::Attack => (None, c.new_attacks(before, mv, again, offers, ply.previous)),
    }
}

/// Whether `role` is the king's or a pawn's own chaser under the book (26.1; a pawn's chase
/// counts in mutual attack under the 1999 style books).
pub(crate) fn exempt_role(c: &Classifier<'_>, role: Option<Role>) -> bool {
    match role {
        Some(Role::King) => true,
        Some(Role::Pawn) => {
            !(c.book.pawn_chase == crate::rules::PawnChase::CountsInMutualAttack && c.mutual_attack)
        }
        _ => false,
    }
}

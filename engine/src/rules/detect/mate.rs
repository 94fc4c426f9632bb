//! 杀 (`24.2.mate`): moving again, the mover mates by a check or a series of checks.

use crate::rules::classify::Classifier;
use crate::rules::detect::{Ply, Read};
use crate::rules::idle::ExchangeOffer;
use crate::rules::Finding;
use crate::{Move, Position};

/// The mate of the mover moving again (`again`), as 24.2 counts it.
///
/// A mate that must begin by taking material with check is that capture's threat first
/// (将军得子, 24.3: 图17), unless the capture mates at once. An exchange offered is an exchange
/// (24.4): the offered piece taking its partner is the trade the move offers, not a threat of
/// its own, even when it would mate (图29: the rook offered on three files is 兑). The move
/// threatens mate only by a way that does not go through that trade. The partner's side may
/// always take instead, evenly (that is what makes it an offer); where taking loses, there is
/// no offer and the mate counts (图29's variant 车五平二: the rook that takes is mated, 杀).
pub(crate) fn search(
    c: &mut Classifier<'_>,
    again: &Position,
    offers: &[ExchangeOffer],
) -> Option<Vec<Move>> {
    let mut mate = c.searcher.mate_by_checks(again);
    if let Some(line) = mate.clone() {
        if line.len() > 1 && again.piece_at(line[0].to).is_some() {
            mate = None;
            for first in again.legal_moves() {
                if again.piece_at(first.to).is_none() {
                    if let Some(l) = c.searcher.mate_starting_with(again, first) {
                        mate = Some(l);
                        break;
                    }
                }
            }
        }
    }
    if let Some(line) = mate.clone() {
        let offered = |o: &&ExchangeOffer| {
            let take = Move::new(o.offered, o.partner);
            line.iter().step_by(2).any(|&m| m == take)
        };
        if let Some(&o) = offers.iter().find(offered) {
            mate = c
                .searcher
                .mate_avoiding(again, Move::new(o.offered, o.partner));
        }
    }
    mate
}

/// 杀 named before 捉: where the rule book weighs it first, or nothing is chased.
pub(crate) fn before_chase(c: &mut Classifier<'_>, ply: &Ply<'_>, r: &Read) -> Option<Finding> {
    if c.book.chase_ways.mate_first || r.chases.is_empty() {
        detect(c, ply, r)
    } else {
        None
    }
}

/// 杀, where no exchange or gift outweighs it.
pub(crate) fn detect(_: &mut Classifier<'_>, _: &Ply<'_>, r: &Read) -> Option<Finding> {
    let line = r.mate.clone().filter(|_| r.upgrade)?;
    Some(Finding::Mate { line, also: r.also })
}

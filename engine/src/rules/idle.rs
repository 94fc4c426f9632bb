//! The idle kinds (24.4–24.7): 兑, 献, 拦, 跟. They all count as 闲; telling them apart is what a
//! referee writes on the score sheet, and 兑 also decides which threats are part of the offer.

use crate::analysis::search::{GainLine, Searcher, Terms, MATE};
use crate::{Move, Position, Square};

/// A same-kind exchange the move offers (24.4): the opponent's `partner` may take the mover's
/// `offered` piece without being mated at once or losing material at once, and the two attack
/// each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ExchangeOffer {
    pub offered: Square,
    pub partner: Square,
}

/// The same-kind exchanges the move offers: pairs that attack each other where the opponent's
/// taking comes out exactly even (24.4), and did not before the move. The move may be one of
/// the pair, open a line between them (参考图26), or make the exchange even by protecting the
/// piece offered or stepping out of a line (图30: the horses attacked each other already; the
/// move is what makes taking an even trade).
pub(crate) fn exchange_offers(
    searcher: &mut Searcher,
    before: &Position,
    mv: Move,
    after: &Position,
    same_kind: bool,
) -> Vec<ExchangeOffer> {
    offered_pairs(searcher, before, mv, after, same_kind, even_take)
}

/// The same-kind exchanges the move seems to offer but whose acceptance gets the taker mated
/// at once: not 兑 (24.4), a mate threat (貌似兑实为杀, 《棋例的新变革》图3).
pub(crate) fn exchange_traps(
    searcher: &mut Searcher,
    before: &Position,
    mv: Move,
    after: &Position,
    same_kind: bool,
) -> Vec<ExchangeOffer> {
    offered_pairs(searcher, before, mv, after, same_kind, mated_take)
}

/// The pairs of the mover's piece and a piece of the other side that attack each other after
/// the move where taking has `outcome`, and did not have it before the move or have the moved
/// piece as the guard of the piece offered.
fn offered_pairs(
    searcher: &mut Searcher,
    before: &Position,
    mv: Move,
    after: &Position,
    same_kind: bool,
    outcome: fn(&mut Searcher, &Position, Move) -> bool,
) -> Vec<ExchangeOffer> {
    let mover = before.turn();
    let theirs_before = before.with_turn(!mover);
    let mut out = Vec::new();
    for (sq, piece) in after.board().pieces() {
        if piece.color != mover || piece.role == crate::Role::King {
            continue;
        }
        for x in after.attackers(sq, !mover) {
            let Some(xp) = after.piece_at(x) else {
                continue;
            };
            // Two pieces of one kind attack each other; two kinds of equal value (older books)
            // cannot, so there the moved piece is simply put where it is traded evenly.
            // (Whether they attack each other is asked only of one kind.)
            let fits = if xp.role == piece.role {
                after.attackers(x, mover).contains(&sq)
            } else {
                exchangeable(xp.role, piece.role, same_kind) && sq == mv.to
            };
            if !fits {
                continue;
            }
            if !outcome(searcher, after, Move::new(x, sq)) {
                continue;
            }
            let origin = if sq == mv.to { mv.from } else { sq };
            // The moved piece guarding the piece offered takes part in the offer even if the
            // pair could trade before (图21: the rook steps back and still guards the horse):
            // then whether it could is not asked.
            let guards = after.attackers(sq, mover).contains(&mv.to);
            let had_it = !guards
                && origin == sq
                && theirs_before.as_ref().is_some_and(|b| {
                    b.piece_at(x) == Some(xp)
                        && b.attackers(x, mover).contains(&origin)
                        && outcome(searcher, b, Move::new(x, origin))
                });
            if !had_it {
                out.push(ExchangeOffer {
                    offered: sq,
                    partner: x,
                });
            }
        }
    }
    out
}

/// Whether two kinds may be exchanged: the same kind, or (older books) equal values.
fn exchangeable(a: crate::Role, b: crate::Role, same_kind: bool) -> bool {
    use crate::analysis::material::piece_value;
    a == b || (!same_kind && piece_value(a).is_some() && piece_value(a) == piece_value(b))
}

/// Whether the side to move may make the capture `take` and come out exactly even, not mated.
fn even_take(searcher: &mut Searcher, pos: &Position, take: Move) -> bool {
    pos.is_legal(take) && taking(searcher, pos, take, (-1, 1)).is_some_and(|g| g.score == 0)
}

/// What taking an offered piece comes to for the taker: 24.4 and 24.5 ask that the taker be
/// neither mated nor lose material at once (立即: by the offerer's next move, the exchange on
/// the spot and any capture that answers the taking; a series of checks counts only as it wins
/// the taker back, as in 24.3).
fn taking(
    searcher: &mut Searcher,
    pos: &Position,
    take: Move,
    window: (i32, i32),
) -> Option<GainLine> {
    searcher.evaluate(&Terms::taking_offer(), pos, take, window)
}

/// Whether the side to move, taking with `take`, is mated at once (by checks) for it.
fn mated_take(searcher: &mut Searcher, pos: &Position, take: Move) -> bool {
    pos.is_legal(take)
        && searcher
            .evaluate(&Terms::PLAIN, pos, take, (-MATE - 1, -MATE + 1))
            .is_some_and(|g| g.score <= -MATE)
}

/// The line in which the taker of `offer` is mated: the capture, then the mate.
pub(crate) fn trap_line(
    searcher: &mut Searcher,
    after: &Position,
    offer: ExchangeOffer,
) -> Vec<Move> {
    let take = Move::new(offer.partner, offer.offered);
    searcher
        .evaluate(&Terms::PLAIN, after, take, (-MATE - 1, -MATE + 1))
        .map(|g| g.line)
        .unwrap_or_else(|| vec![take])
}

/// The moved piece given away (24.5 送吃): the opponent may take it and come out ahead, without
/// being mated at once. A piece that can only be traded evenly is not given (参考图6, 24).
pub(crate) fn sacrifice(
    searcher: &mut Searcher,
    mv: Move,
    after: &Position,
    same_kind_taker: bool,
) -> Option<Move> {
    let role = after.piece_at(mv.to).map(|p| p.role);
    for x in after.takers(mv.to) {
        if same_kind_taker && after.piece_at(x).map(|p| p.role) != role {
            continue;
        }
        let take = Move::new(x, mv.to);
        if taking(searcher, after, take, (0, MATE)).is_some_and(|g| g.score > 0 && g.score < MATE) {
            return Some(take);
        }
    }
    None
}

/// Squares a move passes over or needs empty: the line of a rook or cannon, a horse's leg, an
/// elephant's eye.
fn path(pos: &Position, m: Move) -> Vec<Square> {
    let (ff, fr) = (m.from.file().index() as i32, m.from.rank().index() as i32);
    let (tf, tr) = (m.to.file().index() as i32, m.to.rank().index() as i32);
    let (df, dr) = (tf - ff, tr - fr);
    let role = pos.piece_at(m.from).map(|p| p.role);
    let mut out = Vec::new();
    match role {
        Some(crate::Role::Horse) => {
            let leg = if df.abs() == 2 {
                (ff + df / 2, fr)
            } else {
                (ff, fr + dr / 2)
            };
            out.extend(Square::from_coords(leg.0, leg.1));
        }
        Some(crate::Role::Elephant) => {
            out.extend(Square::from_coords(ff + df / 2, fr + dr / 2));
        }
        Some(crate::Role::Rook) | Some(crate::Role::Cannon) => {
            let steps = df.abs().max(dr.abs());
            for k in 1..steps {
                out.extend(Square::from_coords(
                    ff + df.signum() * k,
                    fr + dr.signum() * k,
                ));
            }
        }
        _ => {}
    }
    out
}

/// 拦 (24.6): the moved piece now stands in the way of an opponent piece on its way to mate —
/// the first move of a mating line the opponent had before this move, and has no longer (图7).
/// Parrying a threat to win material by interposing is a defence like any other and stays 闲
/// (参考图1, 参考图31). Returns the opponent's move that is now blocked.
pub(crate) fn block(
    searcher: &mut Searcher,
    before: &Position,
    mv: Move,
    after: &Position,
) -> Option<Move> {
    let mover = before.turn();
    let threatening = before.with_turn(!mover)?;
    let first = searcher.mate_by_checks(&threatening)?[0];
    (path(&threatening, first).contains(&mv.to) && !after.is_legal(first)).then_some(first)
}

/// 跟 (24.7 盯牵): the moved piece follows the opponent piece that has just moved — the same
/// step — and pins it again: the piece is protected, so the watch wins nothing, but it may not
/// step off the line without exposing what stands behind it to the follower. Merely attacking
/// a protected piece that moved, or shadowing it without a pin, is not following (图20,
/// 参考图16, 33). `previous` is the opponent's last move and the position before it.
pub(crate) fn follow(
    previous: Option<(&Position, Move)>,
    mv: Move,
    after: &Position,
) -> Option<Square> {
    let (prev_pos, prev) = previous?;
    let mover = !after.turn();
    // Following: the same step as the piece followed.
    let step = |m: Move| {
        (
            m.to.file().index() as i32 - m.from.file().index() as i32,
            m.to.rank().index() as i32 - m.from.rank().index() as i32,
        )
    };
    if step(prev) != step(mv) {
        return None;
    }
    let watched_before = prev_pos.attackers(prev.from, mover).contains(&mv.from);
    let watches_now = after.attackers(prev.to, mover).contains(&mv.to);
    if !(watched_before && watches_now) {
        return None;
    }
    // Pinned: with the watched piece lifted, the follower would attack something behind it.
    let mut lifted = after.board().clone();
    lifted.set(prev.to, None)?;
    let behind = Square::all().any(|s| {
        s != prev.to
            && after.piece_at(s).is_some_and(|p| p.color != mover)
            && !line_attack(after.board(), mv.to, s)
            && line_attack(&lifted, mv.to, s)
    });
    behind.then_some(prev.to)
}

/// Whether the rook or cannon on `from` attacks `target` on `board`.
fn line_attack(board: &crate::Board, from: Square, target: Square) -> bool {
    let Some(p) = board.get(from) else {
        return false;
    };
    let (ff, fr) = (from.file().index() as i32, from.rank().index() as i32);
    let (tf, tr) = (target.file().index() as i32, target.rank().index() as i32);
    if ff != tf && fr != tr {
        return false;
    }
    let (df, dr) = ((tf - ff).signum(), (tr - fr).signum());
    let steps = (tf - ff).abs().max((tr - fr).abs());
    let blockers = (1..steps)
        .filter_map(|k| Square::from_coords(ff + df * k, fr + dr * k))
        .filter(|&s| board.get(s).is_some())
        .count();
    match p.role {
        crate::Role::Rook => blockers == 0,
        crate::Role::Cannon => blockers == 1,
        _ => false,
    }
}

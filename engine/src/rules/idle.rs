//! The idle kinds (24.4–24.7): 兑, 献, 拦, 跟. They all count as 闲; telling them apart is what a
//! referee writes on the score sheet, and 兑 also decides which threats are part of the offer.

use crate::analysis::search::{Searcher, MATE};
use crate::{Move, Position, Square};

/// A same-kind exchange the move offers (24.4): the opponent's `partner` may take the mover's
/// `offered` piece without being mated at once or losing material at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Offer {
    pub offered: Square,
    pub partner: Square,
    /// The line of the taker taking, with the mover's answer.
    pub even: bool,
}

/// Mutual attacks between same-kind pieces that the move creates (the moved piece, or a line
/// it opens), where taking is safe for the taker. `even` says the taker comes out level (兑);
/// otherwise it would win (the piece is simply offered: 献).
pub(crate) fn exchange_offers(
    searcher: &mut Searcher,
    before: &Position,
    mv: Move,
    after: &Position,
) -> Vec<Offer> {
    let mover = before.turn();
    let mut out = Vec::new();
    for (sq, piece) in after.board().pieces() {
        if piece.color != mover || piece.role == crate::Role::King {
            continue;
        }
        for x in after.attackers(sq, !mover) {
            let Some(xp) = after.piece_at(x) else {
                continue;
            };
            if xp.role != piece.role || !after.is_legal(Move::new(x, sq)) {
                continue;
            }
            // Mutual: the offered piece attacks its partner too.
            if !after.attackers(x, mover).contains(&sq) {
                continue;
            }
            let origin = if sq == mv.to { mv.from } else { sq };
            let stood_before = before.piece_at(x) == Some(xp)
                && before.attackers(x, mover).contains(&origin)
                && before.attackers(origin, !mover).contains(&x);
            if stood_before {
                continue;
            }
            if let Some(g) = searcher.evaluate(after, Move::new(x, sq), true) {
                if g.score >= 0 && g.score < MATE {
                    out.push(Offer {
                        offered: sq,
                        partner: x,
                        even: g.score == 0,
                    });
                }
            }
        }
    }
    out
}

/// The moved piece put where the opponent may take it without loss (24.5 送吃): the capture
/// that shows it.
pub(crate) fn sacrifice(searcher: &mut Searcher, mv: Move, after: &Position) -> Option<Move> {
    let mover = !after.turn();
    for x in after.attackers(mv.to, !mover) {
        let take = Move::new(x, mv.to);
        if !after.is_legal(take) {
            continue;
        }
        if let Some(g) = searcher.evaluate(after, take, true) {
            if g.score >= 0 && g.score < MATE {
                return Some(take);
            }
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

/// 拦 (24.6): the moved piece now stands in the way of an opponent piece's threat — a mating
/// line or a winning capture the opponent had before this move and has no longer. Returns the
/// opponent's move that is now blocked.
pub(crate) fn block(
    searcher: &mut Searcher,
    before: &Position,
    mv: Move,
    after: &Position,
) -> Option<Move> {
    let mover = before.turn();
    let threatening = before.with_turn(!mover)?;
    let mut firsts: Vec<Move> = Vec::new();
    if let Some(line) = searcher.mate_by_checks(&threatening) {
        firsts.push(line[0]);
    }
    for g in searcher.gain_lines(&threatening) {
        firsts.push(g.line[0]);
    }
    firsts
        .into_iter()
        .find(|&f| path(&threatening, f).contains(&mv.to) && !after.is_legal(f))
}

/// 跟 (24.7): the moved piece keeps up its watch on the opponent piece that has just moved,
/// which is protected (the watch wins nothing). `previous` is the opponent's last move and the
/// position before it.
pub(crate) fn follow(
    previous: Option<(&Position, Move)>,
    mv: Move,
    after: &Position,
) -> Option<Square> {
    let (prev_pos, prev) = previous?;
    let mover = !after.turn();
    let watched_before = prev_pos.attackers(prev.from, mover).contains(&mv.from);
    let watches_now = after.attackers(prev.to, mover).contains(&mv.to);
    (watched_before && watches_now).then_some(prev.to)
}

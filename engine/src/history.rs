//! Building game histories around a position: what came before a cycle must not change how it
//! is ruled, and tests (and anyone checking that of a ruling) need histories to put before it.

use crate::{Game, Move, Position};

/// The there-and-backs of both sides from `pos`: a move of the side to move, one of the other
/// side, and the same two moves back, all legal and none taking, that bring the position back.
/// With `quiet`, none of the four gives check either. In the order of the legal moves.
pub fn there_and_backs(pos: &Position, quiet: bool) -> impl Iterator<Item = [Move; 4]> + '_ {
    let calm = move |p: &Position, m: Move| {
        p.piece_at(m.to).is_none() && (!quiet || !p.after(m).in_check())
    };
    pos.legal_moves()
        .into_iter()
        .filter(move |&a| calm(pos, a))
        .flat_map(move |a| {
            let p1 = pos.after(a);
            p1.legal_moves()
                .into_iter()
                .filter(|&b| calm(&p1, b))
                .filter_map(|b| {
                    let p2 = p1.after(b);
                    let back_a = Move::new(a.to, a.from);
                    if !p2.is_legal(back_a) || !calm(&p2, back_a) {
                        return None;
                    }
                    let p3 = p2.after(back_a);
                    let back_b = Move::new(b.to, b.from);
                    if !p3.is_legal(back_b) || !calm(&p3, back_b) {
                        return None;
                    }
                    let back = p3.after(back_b);
                    (back.board() == pos.board()).then_some([a, b, back_a, back_b])
                })
                .collect::<Vec<_>>()
        })
}

/// A game that shuffles, one ply per choice: the mover often takes back its last move (when
/// that is legal and `choice % 3` is not 0), so that positions recur and cycles of every
/// length come up, and otherwise plays the legal move `choice` picks. It ends early where the
/// side to move has no legal move.
pub fn shuffling_game(start: &Position, choices: impl IntoIterator<Item = u16>) -> Game {
    let mut game = Game::new(start.clone());
    for c in choices {
        let legal = game.position().legal_moves();
        if legal.is_empty() {
            break;
        }
        let n = game.len();
        let back = (n >= 2)
            .then(|| Move::new(game.moves()[n - 2].to, game.moves()[n - 2].from))
            .filter(|m| legal.contains(m));
        let m = match back {
            Some(b) if c % 3 > 0 => b,
            _ => legal[c as usize % legal.len()],
        };
        if game.push(m).is_err() {
            break;
        }
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;
    use crate::SetupMode;

    #[test]
    fn kings_step_out_and_back() {
        let pos = fen::parse("4k4/9/9/9/5R3/9/9/9/9/3K5 w", SetupMode::Standard).expect("legal");
        let first = there_and_backs(&pos, true)
            .next()
            .expect("the kings can step");
        let mut p = pos.clone();
        for m in first {
            assert!(p.piece_at(m.to).is_none());
            p = p.play(m).expect("legal");
            assert!(!p.in_check());
        }
        assert_eq!(p.board(), pos.board());
        assert_eq!(p.turn(), pos.turn());
        // Rook checks are allowed when not quiet.
        let checks = there_and_backs(&pos, false).count();
        assert!(checks > there_and_backs(&pos, true).count());
    }

    #[test]
    fn none_when_a_side_cannot_step_back() {
        // The black horse keeps the red king in place; red's pawn cannot go back.
        let pos = fen::parse("4k4/9/9/9/9/9/4P4/5n3/9/3K5 w", SetupMode::Standard).expect("legal");
        assert_eq!(pos.legal_moves().len(), 1);
        assert_eq!(there_and_backs(&pos, false).count(), 0);
    }
}

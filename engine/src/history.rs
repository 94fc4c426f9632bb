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

/// A long game that keeps coming back: from `start`, two quiet moves (no capture, no check) to
/// positions not seen before, then a quiet there-and-back of both sides ([`there_and_backs`]),
/// and again, until `plies` moves or no such moves are left. Every sixth ply repeats a
/// position, so a game of 10 000 plies has 1 666 repetitions, none of them threefold: the
/// hostile game of issue 30 (a scan that rules every repetition in a window of its own pays
/// for each). `seed` picks among the moves (the same seed, the same game).
pub fn recurring_game(start: &Position, plies: usize, seed: u64) -> Vec<Move> {
    let mut rng = seed | 1;
    let mut pick = move |n: usize| {
        // xorshift64*: enough to vary the game, and the same everywhere.
        rng ^= rng >> 12;
        rng ^= rng << 25;
        rng ^= rng >> 27;
        (rng.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    };
    let quiet = |p: &Position, m: Move| p.piece_at(m.to).is_none() && !p.after(m).in_check();
    let mut seen = std::collections::HashSet::new();
    let mut pos = start.clone();
    seen.insert(pos.hash());
    let mut moves = Vec::with_capacity(plies);
    'game: while moves.len() < plies {
        for _ in 0..2 {
            let fresh: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|&m| quiet(&pos, m) && !seen.contains(&pos.after(m).hash()))
                .collect();
            if fresh.is_empty() {
                break 'game;
            }
            let m = fresh[pick(fresh.len())];
            pos.play_unchecked(m);
            seen.insert(pos.hash());
            moves.push(m);
        }
        // A there-and-back through positions not seen before, so that only its end repeats.
        let round: Vec<[Move; 4]> = there_and_backs(&pos, true)
            .filter(|r| {
                let mut p = pos.clone();
                r[..3].iter().all(|&m| {
                    p.play_unchecked(m);
                    !seen.contains(&p.hash())
                })
            })
            .take(16)
            .collect();
        if round.is_empty() {
            break;
        }
        for m in round[pick(round.len())] {
            pos.play_unchecked(m);
            seen.insert(pos.hash());
            moves.push(m);
        }
    }
    moves.truncate(plies);
    moves
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
    fn a_recurring_game_repeats_every_sixth_ply_and_never_three_times() {
        let start = Position::start();
        let game = recurring_game(&start, 600, 7);
        assert_eq!(game.len(), 600);
        assert_eq!(game, recurring_game(&start, 600, 7));
        let mut p = start.clone();
        let mut counts = std::collections::HashMap::new();
        *counts.entry(p.hash()).or_insert(0) += 1;
        let mut recurrences = 0;
        for &m in &game {
            p = p.play(m).expect("legal");
            let n = counts.entry(p.hash()).or_insert(0);
            *n += 1;
            recurrences += usize::from(*n == 2);
            assert!(*n < 3);
        }
        assert_eq!(recurrences, 100);
    }

    #[test]
    fn none_when_a_side_cannot_step_back() {
        // The black horse keeps the red king in place; red's pawn cannot go back.
        let pos = fen::parse("4k4/9/9/9/9/9/4P4/5n3/9/3K5 w", SetupMode::Standard).expect("legal");
        assert_eq!(pos.legal_moves().len(), 1);
        assert_eq!(there_and_backs(&pos, false).count(), 0);
    }
}

//! Which next moves can lead back to a position of the game, told before any move is looked
//! at: a move leads back only to a position of the game's last stretch of reversible moves
//! with the opponent to move ([`Game::reversible_since`]), and to such a position only if the
//! two placements differ on exactly two points, the mover's piece standing on one of them now
//! and on the other then (a move changes two points and nothing else). Undoing the stretch's
//! moves one by one from the position reached (none of them took anything, so undoing one moves
//! a piece back and empties the point it went to) keeps the set of points where the two
//! placements differ, and each position with two leaves one move, the only one that can lead
//! there. So the query costs a few operations per move of the stretch and nothing per next
//! move, where [`KeyFilter`] costs a key per next move: the walk is taken for stretches of up
//! to [`WALK_LIMIT`] moves.

use crate::{Game, Move, Piece, Square, SquareSet};

/// The longest stretch walked back: beyond, the key of each next move is filtered instead
/// (a walk's step costs about half of a key's computing, and a position has about forty moves).
pub(super) const WALK_LIMIT: usize = 80;

/// The moves that may lead back to a position of the game, however told.
pub(super) enum Returns {
    /// No move can (the stretch is too short to return to).
    None,
    /// The only moves that can, each once (they are legal or not: the walk does not ask).
    Moves(Vec<Move>),
    /// Any reversible move whose key the filter holds may.
    Keys(KeyFilter),
}

impl Returns {
    /// The returns of the position `game` has reached, by the walk where the stretch is
    /// `walk_limit` moves or fewer, else by the key filter.
    pub(super) fn new(game: &Game, walk_limit: usize) -> Returns {
        let stretch = game.len() - game.reversible_since();
        // The position after `n - 1` moves is never returned to: the opponent's last move
        // moved a piece of the opponent's without taking, and the mover's move leaves it
        // there. So the stretch must hold three moves or more.
        if stretch < 3 {
            Returns::None
        } else if stretch <= walk_limit {
            Returns::Moves(walked(game))
        } else {
            Returns::Keys(KeyFilter::new(game))
        }
    }
}

/// The moves that lead the position reached back to a position of the stretch with the
/// opponent to move, found by undoing the stretch's moves (see the module docs).
fn walked(game: &Game) -> Vec<Move> {
    let now = game.position().board();
    let mover = game.position().turn();
    // The placement then, as what differs from now: `None` where a point holds what it
    // holds now (a whole board kept up costs three times as much a move).
    let mut then: [Option<Option<Piece>>; 90] = [None; 90];
    let was = |then: &[Option<Option<Piece>>; 90], sq: Square| {
        then[sq.index()].unwrap_or_else(|| now.get(sq))
    };
    let mut differ = SquareSet::EMPTY;
    let mut found = Vec::new();
    let n = game.len();
    for i in (game.reversible_since()..n).rev() {
        // Undo the move that led from the position after `i` moves: it took nothing.
        let m = game.moves()[i];
        let piece = was(&then, m.to);
        for (sq, p) in [(m.from, piece), (m.to, None)] {
            if p == now.get(sq) {
                then[sq.index()] = None;
                differ.remove(sq);
            } else {
                then[sq.index()] = Some(p);
                differ.insert(sq);
            }
        }
        // After `i` moves the opponent is to move when `n - i` is odd.
        if (n - i) % 2 == 0 || differ.len() != 2 {
            continue;
        }
        let mut two = differ.into_iter();
        let (a, b) = (two.next().expect("two"), two.next().expect("two"));
        let (from, to) = if now.get(a).is_some() { (a, b) } else { (b, a) };
        let leads_back = now.get(to).is_none()
            && was(&then, from).is_none()
            && was(&then, to) == now.get(from)
            && now.get(from).is_some_and(|p| p.color == mover);
        let m = Move::new(from, to);
        if leads_back && !found.contains(&m) {
            found.push(m);
        }
    }
    found
}

/// A filter of the keys a reversible next move can lead back to: those of the last reversible
/// stretch with the opponent to move, one bit of 256 for each, picked by the key's top bits.
/// A move whose key's bit is clear leads to a position that never occurred, told without a
/// lookup; a set bit sends it to [`Game::occurrences`].
pub(super) struct KeyFilter([u64; 4]);

impl KeyFilter {
    fn new(game: &Game) -> KeyFilter {
        let mut bits = [0u64; 4];
        let n = game.len();
        let keys = game.keys();
        // After the next move the opponent is to move, as after `n - 1`, `n - 3`, … moves.
        let mut i = n.wrapping_sub(1);
        while i < n && i >= game.reversible_since() {
            let b = KeyFilter::bit(keys[i]);
            bits[b >> 6] |= 1 << (b & 63);
            i = i.wrapping_sub(2);
        }
        KeyFilter(bits)
    }

    #[inline]
    fn bit(key: u64) -> usize {
        (key >> 56) as usize
    }

    /// Whether the position with `key` may be one of the stretch's.
    #[inline]
    pub(super) fn may_hold(&self, key: u64) -> bool {
        let b = KeyFilter::bit(key);
        self.0[b >> 6] & (1 << (b & 63)) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{fen, parse_moves};
    use crate::SetupMode;

    /// Games of reversible moves (and some not), from choices a fixed xorshift draws.
    fn games() -> Vec<Game> {
        let mut state = 0x7e7u64;
        let starts = [
            "4k4/9/9/9/5R3/9/9/9/9/3K5 w",
            "3akab2/9/4b4/p3p3p/2p3p2/9/P3P1c1P/2N1B1C2/4A4/2BAK1R2 w",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        ];
        (0..60)
            .map(|g| {
                let start = fen::parse(starts[g % 3], SetupMode::Standard).unwrap();
                let choices = std::iter::repeat_with(|| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state >> 16) as u16
                });
                crate::history::shuffling_game(&start, choices.take(10 + g))
            })
            .collect()
    }

    #[test]
    fn the_walk_finds_every_move_that_leads_back_and_no_other() {
        // Against the keys: a legal move leads back to an earlier position exactly when it is
        // one the walk found (a found move that is not legal is never asked about).
        let mut returning = 0;
        for game in games() {
            let found = match Returns::new(&game, usize::MAX) {
                Returns::None => Vec::new(),
                Returns::Moves(found) => found,
                Returns::Keys(_) => unreachable!("no limit"),
            };
            for m in game.position().legal_moves() {
                let back = game.occurrences(game.key_after(m)) > 0;
                assert_eq!(found.contains(&m), back, "{game} {m}");
                returning += usize::from(back);
            }
        }
        assert!(returning > 30, "{returning}");
    }

    #[test]
    fn a_there_and_back_is_the_one_move_found() {
        let start = fen::parse("4k4/9/9/9/5R3/9/9/9/9/3K5 w", SetupMode::Standard).unwrap();
        // The rook goes to g5 and on to g6 while the king goes to f9 and back: only the
        // position after the first move, the rook on g5, differs from the one reached in the
        // mover's piece alone (after the third the king stood elsewhere).
        let moves = parse_moves(&start, "车四平三 将5平6 车三进一 将6平5").unwrap();
        let game = Game::from_moves(start, &moves).unwrap();
        let Returns::Moves(found) = Returns::new(&game, usize::MAX) else {
            panic!("a stretch of four")
        };
        assert_eq!(found, vec!["g6g5".parse().unwrap()]);
        assert!(matches!(Returns::new(&game, 3), Returns::Keys(_)));
    }
}

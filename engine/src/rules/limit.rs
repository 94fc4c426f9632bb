//! The natural move limit (自然限着): a draw either player may claim when the game has gone a
//! number of rounds without a capture, for a player who gave few enough checks in them. The
//! Asian rules set 60 rounds and 10 checks (digest §2.3, "Other details"); the digest states
//! no limit for the CXA books, so theirs is `None`.
//!
//! It is a claim, not a ruling on the repetition: the ruling's verdict stays what the cycle
//! says, and the claim is reported beside it.

use crate::{Color, Move, Position};

/// A rule book's natural move limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NaturalLimit {
    /// Rounds (two plies each) without a capture.
    pub rounds: usize,
    /// The most checks a claimant may have given in them.
    pub checks: usize,
    pub clause: &'static str,
}

/// The limit reached at the end of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawClaim {
    /// Plies since the last capture (or since the start, if none was made).
    pub plies_without_capture: usize,
    /// The checks each side gave in those plies.
    pub red_checks: usize,
    pub black_checks: usize,
    /// The sides who may claim the draw: those within the checks allowed.
    pub claimants: Vec<Color>,
    pub clause: &'static str,
}

impl DrawClaim {
    /// The claim in the book's terms, in Chinese.
    pub fn chinese(&self) -> String {
        let who = match self.claimants.as_slice() {
            [Color::Red] => "红方可要求判和",
            [Color::Black] => "黑方可要求判和",
            _ => "双方均可要求判和",
        };
        format!(
            "自然限着：已连续{}着（{}回合）未吃子，其间红方将军{}次、黑方将军{}次，{who}（{}）",
            self.plies_without_capture,
            self.plies_without_capture / 2,
            self.red_checks,
            self.black_checks,
            self.clause
        )
    }
}

/// Whether the game `positions` (the start and the position after each of `moves`) ends with
/// the limit reached, and who may claim it.
pub(crate) fn claim(
    limit: &NaturalLimit,
    positions: &[Position],
    moves: &[Move],
) -> Option<DrawClaim> {
    let since = moves
        .iter()
        .enumerate()
        .rev()
        .take_while(|&(i, m)| positions[i].piece_at(m.to).is_none())
        .count();
    if since < 2 * limit.rounds {
        return None;
    }
    let first = moves.len() - since;
    let checks = |color: Color| {
        (first..moves.len())
            .filter(|&i| positions[i].turn() == color && positions[i + 1].in_check())
            .count()
    };
    let (red_checks, black_checks) = (checks(Color::Red), checks(Color::Black));
    let claimants: Vec<Color> = [(Color::Red, red_checks), (Color::Black, black_checks)]
        .into_iter()
        .filter(|&(_, n)| n <= limit.checks)
        .map(|(c, _)| c)
        .collect();
    (!claimants.is_empty()).then_some(DrawClaim {
        plies_without_capture: since,
        red_checks,
        black_checks,
        claimants,
        clause: limit.clause,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{fen, iccs};
    use crate::SetupMode;

    const LIMIT: NaturalLimit = NaturalLimit {
        rounds: 3,
        checks: 1,
        clause: "test",
    };

    fn game(position: &str, text: &str) -> (Vec<Position>, Vec<Move>) {
        let mut positions = vec![fen::parse(position, SetupMode::Standard).unwrap()];
        let moves: Vec<Move> = text
            .split_whitespace()
            .map(|m| iccs::parse(m).unwrap())
            .collect();
        for &m in &moves {
            let next = positions.last().unwrap().after(m);
            positions.push(next);
        }
        (positions, moves)
    }

    /// Kings and rooks walking: the limit counts from the last capture, and a side that
    /// checked more often than allowed may not claim.
    #[test]
    fn counts_from_the_last_capture_and_the_checks() {
        let pos = "3k5/9/9/9/9/4r4/9/9/4R4/5K3 w";
        // The kings step: three rounds without a capture or a check.
        let quiet = "f0f1 d9d8 f1f0 d8d9 f0f1 d9d8";
        let (p, m) = game(pos, quiet);
        let c = claim(&LIMIT, &p, &m).expect("three rounds without a capture");
        assert_eq!(c.plies_without_capture, 6);
        assert_eq!((c.red_checks, c.black_checks), (0, 0));
        assert_eq!(c.claimants, vec![Color::Red, Color::Black]);
        // One round short.
        let (p, m) = game(pos, "f0f1 d9d8 f1f0 d8d9");
        assert_eq!(claim(&LIMIT, &p, &m), None);
        // A capture resets the count: the rook takes and two rounds follow.
        let (p, m) = game(pos, "e1e4 d9d8 e4e5 d8d9 f0f1 d9d8");
        assert_eq!(claim(&LIMIT, &p, &m), None);
        // Red checks twice (the rook to the d-file and back to it): red may not claim.
        let (p, m) = game(pos, "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9");
        let c = claim(&LIMIT, &p, &m).expect("three rounds without a capture");
        assert!(c.red_checks > LIMIT.checks);
        assert_eq!(c.claimants, vec![Color::Black]);
    }
}

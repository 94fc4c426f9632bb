//! The requests of a run: one per selected case × edition, in the runner's order, each with
//! the moves that take its last cycle to a third occurrence.

use qili::notation::fen;
use qili::{Move, Position};

use super::protocol::Request;
use crate::run::{self, Options};
use crate::view::anchor;
use qili_corpus::case::Case;
use qili_corpus::corpus::Corpus;

/// A request and the case × edition it asks about.
pub struct Job<'c> {
    pub case: &'c Case,
    /// Index into `case.published`.
    pub block: usize,
    pub request: Request,
}

/// The moves that continue the last cycle of `moves` (the shortest period whose start
/// position recurs at the last move) until the last position has occurred three times in the
/// whole game; empty when nothing repeats, a move is illegal, or it has already.
pub fn to_threefold(start: &Position, moves: &[Move]) -> Vec<Move> {
    let mut keys = Vec::with_capacity(moves.len() + 1);
    keys.push(start.hash());
    let mut pos = start.clone();
    for &m in moves {
        match pos.play(m) {
            Ok(p) => pos = p,
            Err(_) => return Vec::new(),
        }
        keys.push(pos.hash());
    }
    let n = moves.len();
    let last = keys[n];
    let Some(period) = (1..=n).find(|&p| keys[n - p] == last) else {
        return Vec::new();
    };
    let occurrences = keys.iter().filter(|&&k| k == last).count();
    // Each period played again is one more occurrence of the last position.
    moves[n - period..]
        .iter()
        .cycle()
        .take(period * 3usize.saturating_sub(occurrences))
        .copied()
        .collect()
}

/// Every selected case × edition as a request, in case order then the file's edition order
/// (the order of [`run::judge_all`]).
pub fn jobs<'c>(corpus: &'c Corpus, options: &Options) -> Vec<Job<'c>> {
    let iccs = |ms: &[Move]| ms.iter().map(ToString::to_string).collect();
    corpus
        .cases
        .iter()
        .filter(|c| run::selected(c, options.filter.as_deref()))
        .flat_map(|case| {
            case.published.iter().enumerate().map(move |(block, p)| {
                let moves = p.engine_moves();
                let rules = options.rules.as_ref().map_or(p.edition, |b| b.id);
                Job {
                    case,
                    block,
                    request: Request {
                        id: anchor(&case.id, p.edition.name()),
                        rules: rules.name().to_string(),
                        fen: fen::write(&case.start),
                        moves_to_threefold: iccs(&to_threefold(&case.start, &moves)),
                        moves: iccs(&moves),
                    },
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili::SetupMode;

    fn moves(s: &str) -> Vec<Move> {
        s.split_whitespace()
            .map(|m| qili::notation::iccs::parse(m).unwrap())
            .collect()
    }

    fn text(ms: &[Move]) -> String {
        ms.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn a_cycle_is_played_until_its_third_occurrence() {
        let start = fen::parse("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", SetupMode::Standard).unwrap();
        let once = moves("f0e0 e8f8 e0f0 f8e8");
        // The start position has occurred twice: one more period.
        assert_eq!(text(&to_threefold(&start, &once)), "f0e0 e8f8 e0f0 f8e8");
        let twice = moves("f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8");
        assert!(to_threefold(&start, &twice).is_empty());
        // Ending inside the cycle: the period ending at the last move is played.
        let part = moves("f0e0 e8f8 e0f0 f8e8 f0e0 e8f8");
        assert_eq!(text(&to_threefold(&start, &part)), "e0f0 f8e8 f0e0 e8f8");
    }

    #[test]
    fn nothing_repeats_nothing_is_added() {
        let start = fen::parse("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", SetupMode::Standard).unwrap();
        assert!(to_threefold(&start, &moves("f0e0 e8f8")).is_empty());
        assert!(to_threefold(&start, &[]).is_empty());
        assert!(to_threefold(&start, &moves("a0a1")).is_empty());
    }
}

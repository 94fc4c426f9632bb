//! The repetitions of a game, grouped into episodes, each ruled at its end.
//!
//! A position that occurs again is a recurrence. Recurrences within [`GAP`] plies of each other
//! belong to one episode (a cycle repeats a position every ply once it has begun); the episode
//! is ruled on the game up to its last recurrence, as the whole-game rules rule a game that
//! ends there: the cycle repeating at that end is what is judged.
//!
//! The episodes of a game share one budget of positions ([`MAX_GAME_WORK`]) and the plies
//! they label: a ply labelled for one episode is not labelled again for the next (episodes
//! overlap where a repetition goes on), so a game costs at most its budget whatever its length
//! and however often it repeats; once the budget is spent, what is left to search is 未定 and
//! the episodes it decides are `undetermined`, with the budget named.

use qili::rules::{judge_in, JudgeError, RuleBook, Ruling, Scope, Work};
use qili::{Move, Position};
use rustc_hash::FxHashSet;

/// Recurrences more than this many plies apart are separate episodes.
pub const GAP: usize = 2;

/// Plies of history an episode's ruling looks back over (the cycle and what led into it); a
/// longer game is judged from that many plies before the episode's end, so that every ruling
/// is bounded whatever the game's length.
pub const WINDOW: usize = 400;

/// Positions the searches of one game's episodes may visit together (the per-ply budget,
/// [`qili::rules::Budgets::nodes`], still bounds each ply).
pub const MAX_GAME_WORK: u64 = qili_io::bounds::MAX_GAME_WORK;

/// Plies the episodes of one game may label together (each labelled once).
pub const MAX_GAME_PLIES: u64 = qili_io::bounds::MAX_GAME_PLIES;

/// One stretch of recurring positions and its ruling.
#[derive(Clone, Debug)]
pub struct Episode {
    /// The 1-based ply after which a position first recurred in the stretch.
    pub first: usize,
    /// The 1-based ply of its last recurrence, where it is ruled.
    pub last: usize,
    /// The 1-based ply of the game the ruling's first ply is (the ruling judges a window of
    /// at most [`WINDOW`] plies ending at `last`).
    pub offset: usize,
    /// The position before the judged cycle's first ply, where a case built from the episode
    /// starts (`None` when nothing was judged).
    pub cycle_start: Option<Position>,
    pub ruling: Ruling,
}

/// The stretches of recurring positions in a game: `(first, last)`, the 1-based plies after
/// which a position first and last recurred, stretches more than [`GAP`] plies apart kept apart.
///
/// One position is played forward with its incremental zobrist key; the keys seen are kept
/// only since the last capture (no position before a capture can occur after it), in a set
/// that the caller may reuse across games, so the search allocates nothing per move.
pub fn recurrences(
    start: &Position,
    moves: &[Move],
    seen: &mut FxHashSet<u64>,
) -> Vec<(usize, usize)> {
    seen.clear();
    let mut pos = start.clone();
    seen.insert(pos.hash());
    let mut spans: Vec<(usize, usize)> = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        if pos.play_unchecked(m).captured().is_some() {
            seen.clear();
        }
        // The same placement with the same side to move (the key covers both).
        if !seen.insert(pos.hash()) {
            let ply = i + 1;
            match spans.last_mut() {
                Some((_, last)) if ply - *last <= GAP => *last = ply,
                _ => spans.push((ply, ply)),
            }
        }
    }
    spans
}

/// The ruling of an episode left unruled because the game's budget is spent.
fn unruled(book: &RuleBook, positions: u64, plies: u64) -> Ruling {
    Ruling {
        book: book.id,
        plies: Vec::new(),
        cycle: None,
        verdict: qili::rules::Verdict::Undetermined,
        reason: format!(
            "本局各循环段的搜索已用尽预算（共 {} 个局面或 {plies} 着，MAX_GAME_WORK / MAX_GAME_PLIES），此段未判。",
            qili_io::bounds::thousands(positions as usize)
        ),
        draw_claim: None,
    }
}

/// A game's episodes and what ruling them cost.
#[derive(Clone, Debug)]
pub struct Episodes {
    pub found: Vec<Episode>,
    /// Positions the searches visited, for all the episodes together.
    pub positions: u64,
    /// Plies labelled (each once), for all the episodes together.
    pub plies: u64,
    /// The last ply of the first episode the game's budget did not suffice for, if one did
    /// not: there its searches ran out, and each episode after it is left unruled.
    pub spent_at: Option<usize>,
}

/// Every episode of the game `moves` from `start` (legal moves), ruled under `book` within
/// [`MAX_GAME_WORK`].
pub fn episodes(start: &Position, moves: &[Move], book: &RuleBook) -> Result<Episodes, JudgeError> {
    episodes_within(start, moves, book, MAX_GAME_WORK, MAX_GAME_PLIES)
}

/// [`episodes`] within `positions` searched and `plies` labelled.
pub fn episodes_within(
    start: &Position,
    moves: &[Move],
    book: &RuleBook,
    positions: u64,
    plies: u64,
) -> Result<Episodes, JudgeError> {
    let spans = recurrences(start, moves, &mut FxHashSet::default());
    let mut work = Work::new(positions);
    let mut spent_at = None;
    // The positions where the rulings' windows start, played to in one pass.
    let mut pos = start.clone();
    let mut played = 0;
    let found = spans
        .into_iter()
        .map(|(first, last)| {
            let from = last.saturating_sub(WINDOW);
            for &m in &moves[played..from] {
                pos.play_unchecked(m);
            }
            played = from;
            if work.exhausted() || work.classified() >= plies {
                // Nothing is left to rule with: the episode is named and left undetermined.
                spent_at.get_or_insert(last);
                return Ok(Episode {
                    first,
                    last,
                    offset: from + 1,
                    cycle_start: None,
                    ruling: unruled(book, positions, plies),
                });
            }
            let ruling = judge_in(&pos, &moves[from..last], book, Scope::Cycle, &mut work)?;
            if work.exhausted() {
                spent_at.get_or_insert(last);
            }
            let cycle_start = ruling.cycle.as_ref().map(|c| {
                let mut p = pos.clone();
                for &m in &moves[from..from + c.start] {
                    p.play_unchecked(m);
                }
                p
            });
            Ok(Episode {
                first,
                last,
                offset: from + 1,
                cycle_start,
                ruling,
            })
        })
        .collect::<Result<Vec<_>, JudgeError>>()?;
    Ok(Episodes {
        found,
        positions: work.spent(),
        plies: work.classified(),
        spent_at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili::notation::{fen, iccs};
    use qili::rules::Verdict;
    use qili::SetupMode;

    fn moves(text: &str) -> Vec<Move> {
        text.split_whitespace()
            .map(|m| iccs::parse(m).unwrap())
            .collect()
    }

    /// 图6's perpetual check played three times, after a few moves and before others: one
    /// episode, ruled at its last recurrence (red loses); a game that never repeats has none.
    #[test]
    fn a_repetition_in_the_middle_of_a_game_is_one_episode_ruled_at_its_end() {
        let start = fen::parse("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", SetupMode::Standard).unwrap();
        let round = "f0e0 e8f8 e0f0 f8e8";
        let game = moves(&format!("{round} {round} {round}"));
        let found = episodes(&start, &game, &RuleBook::cxa2011()).unwrap().found;
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].first, found[0].last), (4, 12));
        assert_eq!(found[0].ruling.verdict, Verdict::RedLoses);
        let fresh = episodes(&start, &game[..3], &RuleBook::cxa2011()).unwrap();
        assert!(fresh.found.is_empty());
    }

    /// Two repetitions far apart are two episodes.
    #[test]
    fn repetitions_far_apart_are_separate_episodes() {
        let start = Position::start();
        let shuffle = "h0g2 h9g7 g2h0 g7h9";
        let between = "b2e2 b7e7 b0c2 b9c7 a0b0 a9b9";
        let game = moves(&format!("{shuffle} {between} {shuffle}"));
        let found = episodes(&start, &game, &RuleBook::cxa2011()).unwrap().found;
        assert_eq!(
            found.len(),
            2,
            "{:?}",
            found.iter().map(|e| (e.first, e.last)).collect::<Vec<_>>()
        );
        assert!(found[1].first > found[0].last + GAP);
    }
}

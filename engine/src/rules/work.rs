//! The work several judge calls share: the positions their searches may still visit, and the
//! plies already labelled, so that what a caller bounds (a game's episodes in a scan, a case's
//! runs under every rule book) costs at most its budget, and a ply labelled once is not
//! labelled again.
//!
//! Counted in positions, as the per-ply budget is, never in time: a ruling runs out at the
//! same point on every machine.

use rustc_hash::FxHashMap;

use super::{Labelled, RuleBook};
use crate::{Board, Color, Move};

/// What a ply's label depends on besides the rule book: its position (the board and the side
/// to move; not the move counters) and move, the predecessor's, and whether the rule book's
/// mutual-attack reading of a pawn's chase is in force (the 1999 books, 排局).
pub(super) type PlyKey = (Board, Color, Move, Option<(Board, Color, Move)>, bool);

/// Positions the searches of a run of judge calls may visit together, and the plies they have
/// labelled.
///
/// Each ply gets the rule book's budget ([`super::Budgets::nodes`]) or what is left here if
/// that is less; a ply that runs out because less was left is 未定 with this budget named
/// ([`super::Spent::Shared`]), and once nothing is left each further ply is labelled from what
/// needs no search (a check is still 将) or 未定. A ply labelled under the same rule book with
/// the same predecessor is taken from here, at no cost.
///
/// ```
/// use qili::notation::{fen, iccs};
/// use qili::rules::{judge_in, RuleBook, Scope, Work};
/// use qili::SetupMode;
///
/// let start = fen::parse("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", SetupMode::Standard).unwrap();
/// let round: Vec<_> = ["f0e0", "e8f8", "e0f0", "f8e8"].iter().map(|m| iccs::parse(m).unwrap()).collect();
/// let game = round.repeat(3);
/// let mut work = Work::new(1_000_000);
/// let first = judge_in(&start, &game[..8], &RuleBook::cxa2011(), Scope::Cycle, &mut work).unwrap();
/// let spent = work.spent();
/// // The same cycle again, later in the game: labelled from what the first call kept.
/// let again = judge_in(&start, &game, &RuleBook::cxa2011(), Scope::Cycle, &mut work).unwrap();
/// assert_eq!(work.spent(), spent);
/// assert_eq!(first.verdict, again.verdict);
/// ```
#[derive(Clone)]
pub struct Work {
    budget: u64,
    left: u64,
    book: Option<RuleBook>,
    labelled: FxHashMap<PlyKey, Labelled>,
    /// Plies classified (searched for), over every rule book.
    classified: u64,
}

impl std::fmt::Debug for Work {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Work")
            .field("budget", &self.budget)
            .field("left", &self.left)
            .field("labelled", &self.labelled.len())
            .field("classified", &self.classified)
            .finish()
    }
}

impl Work {
    /// At most `positions` for all the searches of the calls that share it.
    pub fn new(positions: u64) -> Work {
        Work {
            budget: positions,
            left: positions,
            book: None,
            labelled: FxHashMap::default(),
            classified: 0,
        }
    }

    /// The budget given.
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// The positions visited so far.
    pub fn spent(&self) -> u64 {
        self.budget - self.left
    }

    /// The positions left.
    pub fn left(&self) -> u64 {
        self.left
    }

    /// Whether nothing is left.
    pub fn exhausted(&self) -> bool {
        self.left == 0
    }

    /// The plies classified so far (each searched for once; the plies taken from those kept
    /// are not counted): what bounds the work that is not searching.
    pub fn classified(&self) -> u64 {
        self.classified
    }

    /// The budget of the next ply: the rule book's, or what is left if that is less.
    pub(super) fn ply_budget(&self, per_ply: u32) -> u32 {
        u32::try_from(self.left).map_or(per_ply, |left| left.min(per_ply))
    }

    /// Count a ply classified and what its searches visited.
    pub(super) fn spend(&mut self, positions: u32) {
        self.classified += 1;
        self.left = self.left.saturating_sub(u64::from(positions));
    }

    /// Start a call under `book`: what was labelled under another rule book is dropped.
    pub(super) fn start(&mut self, book: &RuleBook) {
        if self.book.as_ref() != Some(book) {
            self.labelled.clear();
            self.book = Some(book.clone());
        }
    }

    /// The whole budget again with the labels kept, for calls that share labels but each
    /// get their own budget ([`super::memo`]); false (and nothing renewed) once more than
    /// `most` labels are kept.
    pub(super) fn renew(&mut self, most: usize) -> bool {
        self.left = self.budget;
        self.labelled.len() <= most
    }

    pub(super) fn get(&self, key: &PlyKey) -> Option<&Labelled> {
        self.labelled.get(key)
    }

    pub(super) fn keep(&mut self, key: PlyKey, l: Labelled) {
        self.labelled.insert(key, l);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{fen, iccs};
    use crate::rules::{judge_in, Finding, Label, Scope, Spent, Verdict};
    use crate::SetupMode;

    fn moves(text: &str) -> Vec<Move> {
        text.split_whitespace()
            .map(|m| iccs::parse(m).expect("ICCS"))
            .collect()
    }

    /// The composed position of `a_monstrous_position_stays_within_its_budget`: every ply's
    /// searches explode.
    fn monstrous() -> crate::Position {
        fen::parse(
            "r1N1k2r1/5c3/N3n4/2R6/r2Rn3C/3C5/3cc1R2/3nC4/4NK3/9 w",
            SetupMode::Composed,
        )
        .expect("legal as a composed position")
    }

    /// Shared by every ply, the budget is never overdrawn: the ply that finds less left than
    /// its own budget is 未定 naming the shared budget, and so is every ply after it that needs
    /// a search.
    #[test]
    fn plies_judged_together_never_spend_more_than_their_budget() {
        let book = RuleBook::cxa2011();
        let mut work = Work::new(30_000);
        let r = judge_in(
            &monstrous(),
            &moves("i5i4 d3b3 i4i5 b3d3"),
            &book,
            Scope::AllPlies,
            &mut work,
        )
        .expect("legal");
        assert!(work.spent() <= 30_000, "{work:?}");
        assert!(
            work.exhausted(),
            "the searches want more than 30 000: {work:?}"
        );
        let shared: Vec<_> = r
            .plies
            .iter()
            .filter(|p| {
                matches!(
                    p.evidence.finding,
                    Finding::Budget {
                        spent: Spent::Shared(30_000),
                        ..
                    }
                )
            })
            .collect();
        assert!(!shared.is_empty(), "{:#?}", r.plies);
        for p in &shared {
            assert_eq!(p.label, Label::Undetermined);
            assert!(p.evidence.text().contains("30000"), "{}", p.evidence.text());
        }
        assert_eq!(r.verdict, Verdict::Undetermined);
    }

    /// A ply judged again, in another call or later in the same game, is taken from the work
    /// kept: nothing is searched or classified twice, and the ruling is the same.
    #[test]
    fn a_ply_labelled_once_is_not_labelled_again() {
        let book = RuleBook::cxa2011();
        let start =
            fen::parse("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", SetupMode::Standard).expect("legal");
        let round = moves("f0e0 e8f8 e0f0 f8e8");
        let mut work = Work::new(u64::MAX);
        let once = judge_in(&start, &round, &book, Scope::AllPlies, &mut work).expect("legal");
        let classified = work.classified();
        assert_eq!(classified, 4);
        let thrice = round.repeat(3);
        let again = judge_in(&start, &thrice, &book, Scope::AllPlies, &mut work).expect("legal");
        // The first round's predecessors differ from the later rounds' (a cycle's first ply
        // follows its last): at most those plies are new.
        assert!(work.classified() <= classified + 4, "{work:?}");
        assert_eq!(once.verdict, again.verdict);
        let spent = work.spent();
        let third = judge_in(&start, &thrice, &book, Scope::AllPlies, &mut work).expect("legal");
        assert_eq!(work.spent(), spent);
        assert_eq!(third, again);
        // Another rule book labels afresh.
        let trial = RuleBook::cxa2011_trial();
        let before = work.classified();
        judge_in(&start, &round, &trial, Scope::AllPlies, &mut work).expect("legal");
        assert!(work.classified() > before);
    }
}

//! One ply → one [`Finding`] (24.1–24.8, 26.1, 26.2): the heart of the rulings.
//!
//! The natures of a move are asked in 从重 order (the heavier nature names the move), one
//! detector each, listed once in [`detect::NATURES`](crate::rules::detect::NATURES). 杀 and 捉
//! ask what the mover could do if it moved again (接续再走); 兑 and 献 ask what the opponent, who
//! really moves next, could take.

use rustc_hash::FxHashMap;

use crate::analysis::budget::Exhausted;
use crate::analysis::search::{GainLine, Searcher, Terms};
use crate::rules::detect::{self, Nature, Ply};
use crate::rules::rulebook::RuleBook;
use crate::rules::{threats, Finding, Placed, Threat};
use crate::{Move, Position, Role, Square};

/// What the classifier keeps while it labels a ply: what it remembers is the ply's own (see
/// [`Classifier::start_ply`]).
pub(crate) struct Classifier<'a> {
    pub book: &'a RuleBook,
    pub(crate) searcher: Searcher,
    /// The winning first moves by position and terms searched under.
    gains: FxHashMap<(u64, Terms), Vec<GainLine>>,
    /// Both sides attack on every move of the cycle (for rule books where a pawn's chase then
    /// counts, 1999 style).
    pub mutual_attack: bool,
}

/// The ruling on one ply, before it is dressed for output.
pub(crate) struct Classified {
    pub finding: Finding,
    /// The chases found, for the adjudication (which kind of chase a side makes).
    pub threats: Vec<Threat>,
    /// The move is idle only because the chase is the pawn's own (26.1).
    pub pawn_exempt: bool,
}

impl<'a> Classifier<'a> {
    pub fn new(book: &'a RuleBook) -> Classifier<'a> {
        Classifier {
            book,
            searcher: Searcher::new(book.search_limits(), book.budgets.nodes),
            gains: FxHashMap::default(),
            mutual_attack: false,
        }
    }

    /// Start labelling a new ply: a fresh budget, and nothing remembered from the plies before,
    /// so that a ply's label is the same wherever it stands in a sequence and its searches'
    /// memory is the ply's alone.
    /// `nodes` is the ply's budget (the rule book's, or less when the plies judged together
    /// have less left, see [`crate::rules::Work`]).
    pub fn start_ply(&mut self, nodes: u32) {
        self.searcher.start_ply(nodes);
        self.gains.clear();
    }

    /// The positions this ply's searches have visited.
    pub fn spent(&self) -> u32 {
        self.searcher.spent()
    }

    /// Why the searches of this ply had to stop early, if they did.
    pub fn exhaustion(&self) -> Option<Exhausted> {
        self.searcher.exhaustion()
    }

    /// The winning first moves of the side to move under `terms`, each with its best line.
    fn gain_lines(&mut self, terms: &Terms, pos: &Position) -> Vec<GainLine> {
        let key = (pos.hash(), terms.clone());
        if let Some(g) = self.gains.get(&key) {
            return g.clone();
        }
        let g = self.searcher.gain_lines(terms, pos);
        if !self.searcher.exhausted() {
            self.gains.insert(key, g.clone());
        }
        g
    }

    /// The material threats of the side to move in `pos` under `terms`, described.
    pub(crate) fn threats(&mut self, terms: &Terms, pos: &Position) -> Vec<(GainLine, Threat)> {
        self.gain_lines(terms, pos)
            .into_iter()
            .filter_map(|g| threats::describe(pos, &g).map(|f| (g, f)))
            .collect()
    }

    /// Label `mv` played in `before`. `previous` is the opponent's last move with the position
    /// before it, when the sequence has one. The natures are asked in 从重 order; those after
    /// 26.1.2 read what the searches find once ([`detect::read`]).
    pub fn classify(
        &mut self,
        before: &Position,
        mv: Move,
        previous: Option<(&Position, Move)>,
    ) -> Classified {
        let ply = Ply::new(before, mv, previous);
        let mut read = None;
        let mut finding = None;
        for nature in detect::NATURES {
            finding = match nature {
                Nature::Plain(d) => d(self, &ply),
                Nature::Read(d) => {
                    let r = read.get_or_insert_with(|| detect::read(self, &ply));
                    d(self, &ply, r)
                }
            };
            if finding.is_some() {
                break;
            }
        }
        let finding = finding.expect("24.8 idle names every move the others do not");
        // Only a move left idle (or 从捉到捉) is idle because a pawn's chase is its own.
        let idle = matches!(
            finding,
            Finding::KingOwn(_)
                | Finding::PawnOwn(_)
                | Finding::ChaseToChase { .. }
                | Finding::Idle
        );
        let pawn_exempt = idle
            && read.as_ref().is_some_and(|r| {
                r.exempt
                    .iter()
                    .any(|f| threats::own_chase_of(f, Role::Pawn))
            });
        Classified {
            threats: finding.weighed(),
            finding,
            pawn_exempt,
        }
    }
}

/// A piece where it stands in `pos` (the caller knows a piece is there).
pub(crate) fn placed(pos: &Position, sq: Square) -> Placed {
    Placed::new(pos.piece_at(sq).expect("a piece stands there"), sq)
}

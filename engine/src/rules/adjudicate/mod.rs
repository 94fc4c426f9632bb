//! From labels to each side's class and the verdict: the [`Adjudicate`] trait, one
//! implementation per family of books (`cxa_matrix.rs`: the CXA books' classes and 26.9
//! weighing; `asian_chase.rs`: the Asian rules' perpetual check and perpetual chase), and the
//! verdict they share.
//!
//! The CXA books (24.9–24.14, 25, 26.9):
//! A side whose every move checks plays 长将; a side whose every move is 将, 杀 or 捉 plays a
//! forbidden cycle (禁止着法); one idle move makes the cycle allowed (允许着法). Forbidden cycles
//! come in two weights (26.9.2, 26.9.3): chasing a rook or a rootless piece with a single
//! piece, checks and mate threats are the heavier; a cycle with a joint chase (联合捉) or a
//! chase of a short-rooted piece (少根子) is the lighter. The matrix (checked against every
//! published verdict of the 2011 book):
//!
//! | red \ black | allowed | 长将 | heavy | light |
//! |---|---|---|---|---|
//! | allowed | draw | black changes | black changes | black changes |
//! | 长将 | red changes | draw | red changes | red changes |
//! | heavy | red changes | black changes | draw | red changes |
//! | light | red changes | black changes | black changes | draw |
//!
//! The side that must change and cannot (no other legal move at any of its turns) loses (图6).

mod asian_chase;
mod cxa_matrix;

use crate::rules::rulebook::{Adjudication, Perpetual, RuleBook};
use crate::rules::verdict::{Ground, SideClass, Verdict};
use crate::rules::Label;
use crate::rules::Threat as Found;
use crate::{Color, Move, Position};

/// One side's plies in the judged sequence.
pub(crate) struct SidePlies<'a> {
    pub labels: Vec<Label>,
    pub chases: Vec<&'a [Found]>,
    /// The opponent's move after each ply (round the cycle after the last), which moves a
    /// chased piece on; `None` where there is none.
    pub replies: Vec<Option<Move>>,
    /// The positions before and after each reply (the second where the side moves again);
    /// `None` where there is no reply.
    pub around_replies: Vec<Option<(&'a Position, &'a Position)>>,
}

/// Why a side whose every move attacks is allowed all the same, in the reading's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WhyAllowed {
    /// Every move chases, but no one piece is chased throughout (AXF rule 32): 所捉不是同一子.
    NotOnePiece,
    /// One piece is chased throughout but never answers the chase (§2.2): 被捉之子不应.
    Unanswered,
}

/// A family of adjudications: how a side's labelled plies are classed, and which side of two
/// classes must change. One implementation per family, its settings the book's
/// [`Adjudication`].
pub(crate) trait Adjudicate {
    /// The class of one side's cycle.
    fn class(&self, side: &SidePlies<'_>) -> SideClass;

    /// Why a side is allowed though its every move attacks, where the reading has a reason.
    fn why_allowed(&self, _side: &SidePlies<'_>, _class: SideClass) -> Option<WhyAllowed> {
        None
    }

    /// Which side must change, if either.
    fn culprit(&self, red: SideClass, black: SideClass) -> Option<Color>;
}

/// The adjudication a book's settings name.
pub(crate) fn of(a: &Adjudication) -> Box<dyn Adjudicate + '_> {
    match a.perpetual {
        Perpetual::AnyAttack => Box::new(cxa_matrix::CxaMatrix(a)),
        Perpetual::OneKind => Box::new(asian_chase::AsianChase),
    }
}

/// The class of one side's cycle under `book`.
#[cfg(test)]
pub(crate) fn classify_side(side: &SidePlies<'_>, book: &RuleBook) -> SideClass {
    of(&book.adjudication).class(side)
}

/// Which side must change under `book`'s adjudication.
pub(crate) fn culprit(book: &RuleBook, red: SideClass, black: SideClass) -> Option<Color> {
    of(&book.adjudication).culprit(red, black)
}

/// Which side must change, by the matrix above; without `weigh` (the 排局 draft, 附录一, the
/// Asian rules) forbidden cycles are not weighed against each other.
pub(crate) fn ranked(red: SideClass, black: SideClass, weigh: bool) -> Option<Color> {
    use SideClass::*;
    let (red, black) = if weigh {
        (red, black)
    } else {
        let flat = |c| if c == ForbiddenSoft { ForbiddenHard } else { c };
        (flat(red), flat(black))
    };
    match (red, black) {
        (Undetermined, _) | (_, Undetermined) => None,
        (Allowed, Allowed) => None,
        (Allowed, _) => Some(Color::Black),
        (_, Allowed) => Some(Color::Red),
        (LongCheck, LongCheck) => None,
        (LongCheck, _) => Some(Color::Red),
        (_, LongCheck) => Some(Color::Black),
        (ForbiddenHard, ForbiddenHard) | (ForbiddenSoft, ForbiddenSoft) => None,
        (ForbiddenHard, ForbiddenSoft) => Some(Color::Red),
        (ForbiddenSoft, ForbiddenHard) => Some(Color::Black),
    }
}

/// Whether `color` could play anything but the sequence's move at one of its turns.
pub(crate) fn can_deviate(positions: &[Position], moves: &[Move], color: Color) -> bool {
    positions
        .iter()
        .zip(moves)
        .filter(|(p, _)| p.turn() == color)
        .any(|(p, &m)| p.legal_moves().iter().any(|&l| l != m))
}

/// The verdict for the two classes.
pub(crate) fn verdict(
    book: &RuleBook,
    red: SideClass,
    black: SideClass,
    positions: &[Position],
    moves: &[Move],
) -> Verdict {
    if red == SideClass::Undetermined || black == SideClass::Undetermined {
        return Verdict::Undetermined;
    }
    match culprit(book, red, black) {
        None => Verdict::Draw,
        Some(c) => {
            let stuck = !can_deviate(positions, moves, c);
            match (c, stuck) {
                (Color::Red, false) => Verdict::RedMustChange,
                (Color::Red, true) => Verdict::RedLoses,
                (Color::Black, false) => Verdict::BlackMustChange,
                (Color::Black, true) => Verdict::BlackLoses,
            }
        }
    }
}

/// What the verdict rests on, with the clauses the book cites for it.
pub(crate) fn ground(
    book: &RuleBook,
    red: SideClass,
    black: SideClass,
    verdict: Verdict,
) -> Ground {
    let a = &book.adjudication;
    let general = a.general;
    match verdict {
        Verdict::Undetermined => Ground::Undetermined { general },
        Verdict::Draw => match (red, black) {
            (SideClass::Allowed, SideClass::Allowed) => Ground::BothAllowed { general },
            (SideClass::LongCheck, SideClass::LongCheck) => Ground::BothLongCheck { general },
            _ => Ground::BothForbidden {
                general,
                weighing: a.weighing.map(|w| w.clause),
            },
        },
        _ => {
            let (c, o) = match verdict.culprit() {
                Some(Color::Red) => (red, black),
                _ => (black, red),
            };
            match (c, o) {
                (SideClass::LongCheck, _) => Ground::OneSidedLongCheck {
                    clause: a.long_check,
                },
                (_, SideClass::Allowed) => Ground::ForbiddenAgainstAllowed {
                    clause: a.one_forbidden,
                },
                (SideClass::ForbiddenHard, SideClass::ForbiddenSoft) => match a.weighing {
                    Some(w) => Ground::SingleAgainstJoint {
                        changes: w.heavier_changes,
                        clause: w.single_against_joint,
                    },
                    None => Ground::Heavier { general },
                },
                _ => Ground::ForbiddenAgainstForbidden {
                    clause: a.weighing.map_or(general, |w| w.clause),
                },
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_books_do_not_weigh_forbidden_cycles() {
        use SideClass::*;
        for book in [RuleBook::paiju(), RuleBook::cxa2011_mass()] {
            assert_eq!(culprit(&book, ForbiddenHard, ForbiddenSoft), None);
            assert_eq!(culprit(&book, ForbiddenSoft, Allowed), Some(Color::Red));
            assert_eq!(culprit(&book, LongCheck, ForbiddenHard), Some(Color::Red));
            assert_eq!(culprit(&book, LongCheck, LongCheck), None);
        }
        let one_attack = SidePlies {
            labels: vec![Label::Chase],
            chases: vec![&[]],
            replies: vec![None],
            around_replies: vec![None],
        };
        assert_eq!(
            classify_side(&one_attack, &RuleBook::paiju()),
            SideClass::Allowed
        );
        assert_eq!(
            classify_side(&one_attack, &RuleBook::cxa2011()),
            SideClass::ForbiddenHard
        );
    }

    #[test]
    fn the_matrix_names_the_heavier_side() {
        use SideClass::*;
        let book = RuleBook::cxa2011();
        let culprit = |r, b| culprit(&book, r, b);
        assert_eq!(culprit(Allowed, Allowed), None);
        assert_eq!(culprit(ForbiddenHard, Allowed), Some(Color::Red));
        assert_eq!(culprit(LongCheck, ForbiddenHard), Some(Color::Red));
        assert_eq!(culprit(ForbiddenHard, ForbiddenHard), None);
        assert_eq!(culprit(ForbiddenHard, ForbiddenSoft), Some(Color::Red));
        assert_eq!(culprit(ForbiddenSoft, ForbiddenHard), Some(Color::Black));
        assert_eq!(culprit(LongCheck, LongCheck), None);
    }
}

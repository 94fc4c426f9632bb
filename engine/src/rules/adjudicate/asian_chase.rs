//! The Asian rules' adjudication (AXF, digest §2.2–2.4): forbidden are only perpetual check
//! (every move checks) and perpetual chase (every move chases, one and the same piece
//! throughout, followed as it moves, answering every chase: rule 32). Mate threats, one check
//! one chase, chasing different pieces in turn are allowed.

use super::{ranked, Adjudicate, SidePlies, WhyAllowed};
use crate::rules::verdict::SideClass;
use crate::rules::Label;
use crate::rules::Threat as Found;
use crate::{Color, Move};

/// The Asian perpetual-chase reading.
pub(crate) struct AsianChase;

impl Adjudicate for AsianChase {
    fn class(&self, side: &SidePlies<'_>) -> SideClass {
        class(side)
    }

    fn why_allowed(&self, side: &SidePlies<'_>, class: SideClass) -> Option<WhyAllowed> {
        why_allowed(side, class)
    }

    /// Perpetual check outranks perpetual chase; equal violations draw (no 26.9 weighing).
    fn culprit(&self, red: SideClass, black: SideClass) -> Option<Color> {
        ranked(red, black, false)
    }
}

/// The Asian rules' classes: every move a check is perpetual check; every move a chase, with
/// one piece chased on every one of them (followed as it moves), is perpetual chase (rule 32:
/// chasing different pieces in turn is allowed); anything else is allowed.
fn class(side: &SidePlies<'_>) -> SideClass {
    if side.labels.is_empty() {
        return SideClass::Allowed;
    }
    if side.labels.iter().all(|&l| l == Label::Check) {
        return SideClass::LongCheck;
    }
    if !every_move_chases(side) {
        return SideClass::Allowed;
    }
    if side.labels.contains(&Label::Undetermined) {
        return SideClass::Undetermined;
    }
    // One and the same piece chased throughout is perpetual chase, whatever the piece and
    // whatever chases it: a horse or cannon after a rook (rule 15) is no heavier than the
    // rook's side chasing back, so a rook and a horse chasing each other draw (§2.4: equal
    // violations draw).
    if chased_throughout(side, true).is_empty() {
        SideClass::Allowed
    } else {
        SideClass::ForbiddenHard
    }
}

/// Whether every move of the side chases (or may: undetermined). An answer to check is no
/// exception: it must chase too (a rook that answers a cannon's check by stepping back next to
/// it attacks the cannon it may take, AXF 427), as in Fairy-Stockfish, where the chased pieces
/// of every move of the loop are intersected.
fn every_move_chases(side: &SidePlies<'_>) -> bool {
    let chasing = |l: &Label| matches!(l, Label::Chase | Label::Undetermined);
    side.labels.iter().all(chasing)
}

/// The pieces chased on every ply of the side, each as the squares it stands on after each of
/// the side's plies (indexed as the plies are), followed through the opponent's answers; only
/// new attacks count, not those kept up. The chased piece must answer every chase (§2.2: a
/// piece that neither moves away nor is got out of the attack is not chased perpetually, the
/// appendix's "Example of Non-Perpetual Chase").
///
/// The side's moves are a cycle, not a window with a first and a last move: a piece is followed
/// once round it, back to the ply it started from, so the pieces found, and the class, are the
/// same whichever ply of the cycle the record ends on.
pub(crate) fn chased_throughout(side: &SidePlies<'_>, answered: bool) -> Vec<Vec<crate::Square>> {
    let m = side.labels.len();
    let targets = |k: usize| -> Vec<crate::Square> {
        side.chases[k]
            .iter()
            .filter(|f| !f.standing)
            .map(|f| f.target.square)
            .collect()
    };
    let follow = |sq: crate::Square, k: usize| match side.replies[k] {
        Some(r) if r.from == sq => r.to,
        _ => sq,
    };
    if m == 0 {
        return Vec::new();
    }
    targets(0)
        .into_iter()
        .filter_map(|first| {
            let mut path = Vec::with_capacity(m);
            let mut sq = first;
            for k in 0..m {
                path.push(sq);
                if answered && ignored(side, k, sq) {
                    return None;
                }
                sq = follow(sq, k);
                if !targets((k + 1) % m).contains(&sq) {
                    return None;
                }
            }
            (sq == first).then_some(path)
        })
        .collect()
}

/// Why a side that chased on every move is allowed under the Asian rules, in the book's
/// terms: no one piece was chased throughout (rule 32), or the piece chased never answered.
fn why_allowed(side: &SidePlies<'_>, class: SideClass) -> Option<WhyAllowed> {
    // An allowed side whose every move chases has no undetermined move (that side would be
    // undetermined).
    if class != SideClass::Allowed || !every_move_chases(side) {
        return None;
    }
    Some(if chased_throughout(side, false).is_empty() {
        WhyAllowed::NotOnePiece
    } else {
        WhyAllowed::Unanswered
    })
}

/// Whether the opponent's reply to ply `k` leaves every new attack of that ply on `target`
/// standing: the target, which had a move, did not move, no attacker was taken, and each can
/// still take it.
fn ignored(side: &SidePlies<'_>, k: usize, target: crate::Square) -> bool {
    let (Some(reply), Some((before, after))) = (side.replies[k], side.around_replies[k]) else {
        return false;
    };
    let attacks: Vec<&Found> = side.chases[k]
        .iter()
        .filter(|f| !f.standing && f.target.square == target)
        .collect();
    // A piece with no move at all cannot run: standing still is no choice of its side.
    if attacks.is_empty()
        || reply.from == target
        || !before.legal_moves().iter().any(|m| m.from == target)
    {
        return false;
    }
    let legal = after.legal_moves();
    attacks.iter().all(|f| {
        reply.to != f.attacker.square && legal.contains(&Move::new(f.attacker.square, target))
    })
}

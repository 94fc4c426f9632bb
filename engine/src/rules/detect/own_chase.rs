//! `26.1.king-own`, `26.1.pawn-own`: the king's or a pawn's own chase is permitted (idle), and
//! so is a threat the moved king or pawn takes part in only by its own attack.

use crate::analysis::part;
use crate::rules::classify::Classifier;
use crate::rules::detect::{exempt_role, Ply, Read};
use crate::rules::{threats, Finding, OwnChase, OwnChaser, Threat};
use crate::{Move, Position, Role};

pub(crate) fn detect(c: &mut Classifier<'_>, ply: &Ply<'_>, r: &Read) -> Option<Finding> {
    let f = r.exempt.first()?;
    let (role, by) = if c.own_attack(ply.before, &r.again, ply.mv, f) {
        (ply.moved.role, OwnChaser::Backing(ply.placed_moved()))
    } else {
        (f.finisher.role, OwnChaser::Capturer)
    };
    Some(Finding::own(
        role,
        OwnChase {
            by,
            threat: f.clone(),
        },
    ))
}

impl Classifier<'_> {
    /// Whether the moved king or pawn takes part in a threat only by its own attack: it backs
    /// the capture up (guards the square the target is taken on) and does nothing else for it
    /// (it does not take, move in the line, screen, or hold), and the line's first move was
    /// open to the capturer before (the move unblocked nothing). Such a threat is its own chase
    /// too (26.1 帅(将)、兵(卒)本身捉子); one its move makes possible otherwise, by unblocking a
    /// line or a leg (图15) or becoming a screen (霍文会 图3), is not (26.1.1).
    pub(crate) fn own_attack(
        &self,
        before: &Position,
        again: &Position,
        mv: Move,
        f: &Threat,
    ) -> bool {
        let first = f.line[0];
        exempt_role(self, again.piece_at(mv.to).map(|p| p.role))
            && part::backs_up(again, f.taking(), mv.to)
            && !part::needed_for(again, f.taking(), mv.to)
            && before.pseudo_targets(first.from).contains(&first.to)
    }

    /// Whether a chase is the king's or a pawn's own, which the rule book permits (26.1).
    pub(crate) fn exempt(&self, f: &Threat) -> bool {
        threats::own_chase_of(f, Role::King)
            || (threats::own_chase_of(f, Role::Pawn) && exempt_role(self, Some(Role::Pawn)))
    }
}

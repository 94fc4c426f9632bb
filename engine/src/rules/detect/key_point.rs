//! `26.2.key-point` (守和要点): the side holding a draw with a single attacking piece chases an
//! advisor or an elephant only incidentally: idle.

use crate::rules::classify::Classifier;
use crate::rules::detect::{Ply, Read};
use crate::rules::{Finding, Threat};
use crate::{Position, Role};

/// The chases split into those that stay chases and those that are incidental (26.2:
/// 占据守和要点，附带产生的捉士相按闲处理).
pub(crate) fn sort(
    c: &Classifier<'_>,
    before: &Position,
    chases: Vec<Threat>,
) -> (Vec<Threat>, Vec<Threat>) {
    if c.book.key_point && holds_draw_alone(before) {
        chases
            .into_iter()
            .partition(|f| !matches!(f.target.piece.role, Role::Advisor | Role::Elephant))
    } else {
        (chases, Vec::new())
    }
}

pub(crate) fn detect(_: &mut Classifier<'_>, ply: &Ply<'_>, r: &Read) -> Option<Finding> {
    let threat = r.incidental.first()?.clone();
    Some(Finding::KeyPoint {
        side: ply.mover,
        threat,
    })
}

/// Whether the side to move holds a draw with a single attacking piece (26.2, 守和方只有一个
/// 进攻子): one rook, horse, cannon or crossed pawn, against more attacking force.
fn holds_draw_alone(pos: &Position) -> bool {
    let force = |color: crate::Color| -> (usize, i32) {
        pos.board()
            .pieces()
            .filter(|(sq, p)| {
                p.color == color
                    && matches!(p.role, Role::Rook | Role::Horse | Role::Cannon | Role::Pawn)
                    && crate::analysis::material::is_material(*p, *sq)
            })
            .fold((0, 0), |(n, v), (_, p)| {
                (
                    n + 1,
                    v + crate::analysis::material::piece_value(p.role).unwrap_or(1),
                )
            })
    };
    let (mine, my_value) = force(pos.turn());
    let (_, their_value) = force(!pos.turn());
    mine == 1 && their_value > my_value
}

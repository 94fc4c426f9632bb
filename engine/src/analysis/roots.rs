//! Roots (根, 24.15): how a target is guarded when it is taken, and the guards that are false
//! roots (假根) because a piece of the attacker pins them.

use crate::analysis::pins::bare;
use crate::analysis::Taking;
use crate::{Color, Move, Position, Square};

/// Why the target may be won: the protection it lacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rootedness {
    /// 无根子: nothing protects it (false roots included).
    Rootless,
    /// 少根子: fewer protectors than attackers.
    ShortRooted,
    /// 有根 but worth more than the attacker (a 车 attacked by 马 or 炮).
    Rooted,
}

impl Rootedness {
    /// 无根子, 少根子, 有根子.
    pub const fn chinese(self) -> &'static str {
        match self {
            Rootedness::Rootless => "无根子",
            Rootedness::ShortRooted => "少根子",
            Rootedness::Rooted => "有根子",
        }
    }

    /// `rootless`, `short_rooted`, `rooted`.
    pub const fn name(self) -> &'static str {
        match self {
            Rootedness::Rootless => "rootless",
            Rootedness::ShortRooted => "short_rooted",
            Rootedness::Rooted => "rooted",
        }
    }
}

/// How the target of `take` is guarded (24.15), judged when it is taken: the defender's pieces
/// that can legally take back (a pinned or otherwise unable guard is a false root, 假根),
/// against the attacker's pieces bearing on the square. None: 无根; fewer than the attackers:
/// 少根; otherwise 有根 (then only a gain in value, such as a horse taking a rook, wins).
pub(crate) fn rootedness(pos: &Position, take: Move, attacker: Color) -> Rootedness {
    let attackers = pos.attackers(take.to, attacker).len().max(1);
    if pos.turn() != attacker || !pos.is_legal(take) {
        return Rootedness::Rooted;
    }
    let protectors = pos.after(take).takers(take.to).len();
    if protectors == 0 {
        Rootedness::Rootless
    } else if protectors < attackers {
        Rootedness::ShortRooted
    } else {
        Rootedness::Rooted
    }
}

/// Whether the attacker's piece on `sq` makes a guard of the target a false root: once the
/// target is taken (the line up to the capture), a defender piece that could take back may
/// not, because `sq` pins it to its king, and could without `sq` (图11: the cannon behind
/// the elephant).
pub(crate) fn holds_guard(pos: &Position, t: Taking<'_>, sq: Square) -> bool {
    let guards = false_guards(pos, t);
    !guards.is_empty() && held_guard(pos, t, sq, &guards)
}

/// The defender's pieces that bear on the target's square but may not take back once it is
/// taken (the line up to the capture): the false roots (假根). Most targets have none, and
/// then no piece holds a guard.
pub(crate) fn false_guards(pos: &Position, t: Taking<'_>) -> Vec<Square> {
    let Some(take) = t.take() else {
        return Vec::new();
    };
    let p = t.taken(pos);
    p.attackers(take.to, p.turn())
        .into_iter()
        .filter(|&r| !p.is_legal(Move::new(r, take.to)))
        .collect()
}

/// Whether one of the false `guards` could take back without the attacker's piece on `sq`.
pub(crate) fn held_guard(pos: &Position, t: Taking<'_>, sq: Square, guards: &[Square]) -> bool {
    let (Some(take), Some(mut q)) = (t.take(), bare(pos, t, sq)) else {
        return false;
    };
    for &m in &t.line[..=t.index] {
        if m.from == sq || m.to == sq || !q.is_legal(m) {
            return false;
        }
        q.play_unchecked(m);
    }
    guards.iter().any(|&r| q.is_legal(Move::new(r, take.to)))
}

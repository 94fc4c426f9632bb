//! What a move does, as the generator weighs it: checks, new attacks on pieces a chase may
//! target, mate threats, flights from attack. Cheap tests on the board (the engines rule the
//! cycles; these only steer which cycles are built).

use qili::{Color, Move, Piece, Position, Role, Square};

/// How strongly a whole cycle is favoured: by the share of each side's moves that check, make
/// a new attack on a piece the rules protect from chases, or threaten mate ([`attacking`]);
/// most when a side does so on every move.
pub(super) fn cycle_weight(start: &Position, cycle: &[Move]) -> u32 {
    let mut attacks = [0usize; 2];
    let mut pos = start.clone();
    for (i, &m) in cycle.iter().enumerate() {
        if attacking(&pos, m, true) {
            attacks[i % 2] += 1;
        }
        pos = pos.after(m);
    }
    let per_side = cycle.len() / 2;
    let all = attacks.iter().filter(|&&a| a == per_side).count() as u32;
    let half = attacks.iter().filter(|&&a| 2 * a >= per_side).count() as u32;
    1 + 40 * all + 4 * half
}

/// Whether a move checks, newly attacks a piece a chase may target ([`victims`]), or (with
/// `mate`: the test costs most of the generation's time) threatens mate.
pub(super) fn attacking(pos: &Position, m: Move, mate: bool) -> bool {
    let after = pos.after(m);
    after.in_check()
        || !victims(pos, &after, m).is_empty()
        || mate && mate_threat(&after, pos.turn())
}

/// The squares of the pieces `m` newly attacks that a chase may target: one without a
/// protector (an uncrossed pawn excepted), a rook by a horse or cannon, a piece worth more
/// than its new attacker. An attack is new if its attacker did not attack the piece before
/// the move (the moved piece counted as itself from where it came: a rook that slides along
/// the line of its victim attacks it no more than before), and the moved piece does not stand
/// where the opponent may take it unprotected (then the move is an offer rather than a chase).
pub(super) fn victims(pos: &Position, after: &Position, m: Move) -> Vec<Square> {
    let us = pos.turn();
    let them = !us;
    let mut out = Vec::new();
    let mut en_prise = None;
    for (sq, victim) in after.board().pieces() {
        // Most pieces are not attacked at all: that test allocates nothing.
        if victim.color != them || victim.role == Role::King || !after.is_attacked_by(sq, us) {
            continue;
        }
        let moved_en_prise = *en_prise.get_or_insert_with(|| {
            after.is_attacked_by(m.to, them)
                && !after
                    .with_turn(us)
                    .is_some_and(|p| p.is_attacked_by(m.to, us))
        });
        let before: Vec<Square> = pos
            .attackers(sq, us)
            .into_iter()
            .map(|a| if a == m.from { m.to } else { a })
            .collect();
        let chased = after.attackers(sq, us).into_iter().any(|a| {
            if before.contains(&a) || (a == m.to && moved_en_prise) {
                return false;
            }
            let Some(attacker) = after.piece_at(a) else {
                return false;
            };
            let unprotected = after.attackers(sq, them).is_empty() && material(victim, sq);
            let rook =
                victim.role == Role::Rook && matches!(attacker.role, Role::Horse | Role::Cannon);
            let lesser = attacker.role != Role::King && worth(attacker.role) < worth(victim.role);
            unprotected || rook || lesser
        });
        if chased {
            out.push(sq);
        }
    }
    out
}

/// Whether a chase may target the piece: not a pawn on its own side of the river.
fn material(piece: Piece, sq: Square) -> bool {
    piece.role != Role::Pawn || sq.across_river_for(piece.color)
}

/// A rough value for choosing victims: rook 4, horse and cannon 2, the others 1.
fn worth(role: Role) -> u32 {
    match role {
        Role::Rook => 4,
        Role::Horse | Role::Cannon => 2,
        _ => 1,
    }
}

/// How strongly a move is favoured: 1 for a quiet move, more for each thing it does that the
/// rules care about (a check, a new attack on an unprotected piece, a rook attacked by a horse
/// or cannon, a stronger piece by a weaker one, a mate threat, a flight from an attack).
pub(super) fn weight(pos: &Position, m: Move) -> u32 {
    let us = pos.turn();
    let them = !us;
    let after = pos.after(m);
    let mut w = 1;
    if after.in_check() {
        w += 6;
    }
    let moved = pos.piece_at(m.from).map(|p| p.role);
    for (sq, victim) in after.board().pieces() {
        if victim.color != them || victim.role == Role::King {
            continue;
        }
        let now = after.attackers(sq, us);
        if now.is_empty() {
            continue;
        }
        let before = pos.attackers(sq, us);
        // The moved piece where it lands, or a piece it uncovered.
        let new: Vec<Square> = now.into_iter().filter(|s| !before.contains(s)).collect();
        let new_roles: Vec<Role> = new
            .iter()
            .filter_map(|&s| after.piece_at(s).map(|p| p.role))
            .collect();
        if new_roles.is_empty() {
            continue;
        }
        let unprotected = after.attackers(sq, them).is_empty();
        let by_lesser = new_roles
            .iter()
            .any(|&r| worth(r) < worth(victim.role) && r != Role::King);
        if victim.role == Role::Rook
            && new_roles
                .iter()
                .any(|r| matches!(r, Role::Horse | Role::Cannon))
        {
            w += 10;
        } else if unprotected && material(victim, sq) {
            w += 8;
        } else if by_lesser {
            w += 5;
        } else {
            w += 1;
        }
    }
    // A flight: the moved piece stood attacked and is not where it goes.
    if moved != Some(Role::King)
        && !pos.attackers(m.from, them).is_empty()
        && after.attackers(m.to, them).is_empty()
    {
        w += 5;
    }
    // Mates start from the opponent's half (or down an open line from a rook or cannon
    // behind): the search is skipped for other moves, where it costs and finds nothing.
    let near = m.to.across_river_for(us) || matches!(moved, Some(Role::Rook | Role::Cannon));
    if near && mate_threat(&after, us) {
        w += 6;
    }
    w
}

/// Whether `us`, moving again in `pos`, mates with one check.
fn mate_threat(pos: &Position, us: Color) -> bool {
    let Some(again) = pos.with_turn(us) else {
        return false;
    };
    again
        .checking_moves()
        .into_iter()
        .any(|m| !again.after(m).has_legal_move())
}

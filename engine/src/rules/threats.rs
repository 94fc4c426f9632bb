//! Threats to win material (24.3): the gain search's lines described piece by piece as
//! [`Threat`]s (who takes what, how, how well it was guarded).

use crate::analysis::material::worth;
use crate::analysis::search::{GainLine, Searcher, MATE};
use crate::analysis::{pins, roots};
use crate::rules::{ChaseKind, Kept, Placed, Rootedness, Threat};
use crate::{Move, Piece, Position, Role, Square};

/// A capture made along a line, with the pieces named by where they stood at its start.
#[derive(Clone, Copy, Debug)]
struct Capture {
    by_attacker: bool,
    capturer_origin: Square,
    capturer: Piece,
    victim_origin: Square,
    victim: Piece,
    /// Where the capture happened.
    square: Square,
    /// Where the capturer stands now (it may move on).
    at: Square,
    index: usize,
    /// The capturer was taken afterwards.
    retaken: bool,
}

/// Replay `line` from `pos`; list its captures and, per ply, whether it gave check.
fn captures(pos: &Position, line: &[Move]) -> (Vec<Capture>, Vec<bool>) {
    let attacker = pos.turn();
    let mut p = pos.clone();
    let mut origin: Vec<Option<Square>> = (0..90).map(Square::from_index).collect();
    let mut out: Vec<Capture> = Vec::new();
    let mut checks = Vec::with_capacity(line.len());
    for (i, &m) in line.iter().enumerate() {
        let Some(mover) = p.piece_at(m.from) else {
            break;
        };
        for c in out.iter_mut().filter(|c| !c.retaken) {
            if c.at == m.to {
                c.retaken = true;
            } else if c.at == m.from {
                c.at = m.to;
            }
        }
        if let Some(victim) = p.piece_at(m.to) {
            out.push(Capture {
                by_attacker: mover.color == attacker,
                capturer_origin: origin[m.from.index()].unwrap_or(m.from),
                capturer: mover,
                victim_origin: origin[m.to.index()].unwrap_or(m.to),
                victim,
                square: m.to,
                at: m.to,
                index: i,
                retaken: false,
            });
        }
        origin[m.to.index()] = origin[m.from.index()];
        origin[m.from.index()] = None;
        p.play_unchecked(m);
        checks.push(p.in_check());
    }
    (out, checks)
}

/// Describe a winning line: which piece wins what, how, and how well the target was protected.
///
/// The captures of a line are grouped by square: on each square the attacker's winnings minus
/// the defender's. The target is the piece first taken on the square that nets the most (a
/// cannon traded for a horse nets nothing; the pawn taken afterwards is what is won, 图4; a
/// horse taking a rook and taken back still wins the rook).
pub(crate) fn describe(pos: &Position, g: &GainLine) -> Option<Threat> {
    // A mating line counts as a material threat only when it begins by taking material.
    let mates = g.score >= MATE;
    if g.score <= 0 || (mates && pos.piece_at(g.line[0].to).is_none()) {
        return None;
    }
    let attacker = pos.turn();
    let (caps, checks) = captures(pos, &g.line);
    let ours: Vec<&Capture> = caps.iter().filter(|c| c.by_attacker).collect();
    let main = main_capture(&caps, &ours, if mates { Some(g.line[0].to) } else { None })?;
    let attacker_checks = checks
        .iter()
        .enumerate()
        .take(main.index)
        .filter(|&(i, &chk)| chk && i % 2 == 0)
        .count();
    let on_target = ours.iter().filter(|c| c.square == main.square).count();
    // How the target is guarded now, as the move leaves it: tested by the capture itself when
    // the line starts with it, else by the guards it has (a line of checks is needed exactly
    // because a guarded piece cannot simply be taken).
    let rootedness = if main.index == 0 {
        roots::rootedness(pos, g.line[0], attacker)
    } else if pos.is_attacked_by(main.victim_origin, !attacker) {
        Rootedness::Rooted
    } else {
        Rootedness::Rootless
    };
    // Joint (联合捉, 24.3 联合吃子): several pieces take part in taking it — taking in turn on
    // its square, one checking while another takes (参考图14, 41), or one making a guard of it
    // a false root (below). A piece that holds the target in place takes no part in taking
    // it: with the mover moving again, the target does not get to leave (参考图49: the horse
    // holds the cannon, 长捉无根子). A cannon's screen, of either side, is no partner either
    // (参考图35, 47: 捉车 over a pawn or a cannon of its own).
    let joint = on_target >= 2
        || (rootedness == Rootedness::ShortRooted && caps.len() >= 2)
        || helped_by_check(pos, &g.line[..=main.index], main.capturer_origin);
    let kind = if joint {
        ChaseKind::Joint
    } else if attacker_checks > 0 {
        ChaseKind::ByChecks
    } else if caps.len() >= 2 {
        ChaseKind::ByExchange
    } else {
        ChaseKind::Direct
    };
    // The piece that finally wins it: the last of ours to take on that square (a pawn that
    // takes after an even trade by others is the pawn's own chase: seed 004 图3, 参考图32).
    let last = ours.iter().rfind(|c| c.square == main.square).copied();
    let mut found = Threat {
        kind,
        attacker: Placed::new(main.capturer, main.capturer_origin),
        attackers: Vec::new(),
        target: Placed::new(main.victim, main.victim_origin),
        rootedness,
        line: g.line.clone(),
        held_by: None,
        kept: None,
        freed: None,
        capture_index: main.index,
        finisher: last.map_or(main.capturer, |c| c.capturer),
        checks: attacker_checks,
        discovered: helped_by_check(pos, &g.line[..main.index], main.capturer_origin),
        shared: false,
        standing: false,
        finish_checks: last.is_some_and(|c| checked_by_another(pos, &g.line[..=c.index])),
    };
    share(pos, &mut found);
    found.attackers = attackers(pos, &found)
        .into_iter()
        .filter_map(|sq| pos.piece_at(sq).map(|p| Placed::new(p, sq)))
        .collect();
    Some(found)
}

/// The capture that wins the target: on the square that nets the attacker the most (or
/// `mated`, the first capture of a mating line), else the most valuable piece it takes.
fn main_capture(caps: &[Capture], ours: &[&Capture], mated: Option<Square>) -> Option<Capture> {
    let mut squares: Vec<(Square, i32, usize)> = Vec::new();
    for c in caps {
        let w = worth(c.victim, c.victim_origin) * if c.by_attacker { 1 } else { -1 };
        match squares.iter_mut().find(|(s, _, _)| *s == c.square) {
            Some((_, net, _)) => *net += w,
            None => squares.push((c.square, w, c.index)),
        }
    }
    let best = squares
        .iter()
        .filter(|(s, net, _)| *net > 0 && caps.iter().any(|c| c.square == *s && c.by_attacker))
        .max_by_key(|(_, net, idx)| (*net, -(*idx as i32)))
        .map(|(s, _, _)| *s);
    match mated.or(best) {
        Some(s) => ours.iter().find(|c| c.square == s).map(|c| **c),
        None => ours
            .iter()
            .max_by_key(|c| (worth(c.victim, c.victim_origin), -(c.index as i32)))
            .map(|c| **c),
    }
}

/// Make the threat joint where another piece shares in it: a guard of the target pinned by
/// another piece is a false root that piece makes (图11: 车炮联合捉子, the cannon pins the
/// elephant that guards the one the rook takes); or the target is kept in place by a pin and
/// a guard ([`kept_in_place`]).
fn share(pos: &Position, found: &mut Threat) {
    let guards = roots::false_guards(pos, found.taking());
    if !guards.is_empty() {
        let capturer = found.attacker.square;
        let mut others = pos
            .board()
            .pieces()
            .filter(|(sq, p)| p.color == pos.turn() && *sq != capturer && p.role != Role::King)
            .map(|(sq, _)| sq);
        if others.any(|sq| roots::held_guard(pos, found.taking(), sq, &guards)) {
            found.kind = ChaseKind::Joint;
            found.shared = true;
        }
    }
    if found.kind != ChaseKind::Joint {
        if let Some((way, guard)) = kept_in_place(pos, found) {
            found.kind = ChaseKind::Joint;
            found.shared = true;
            let at = |sq: Square| pos.piece_at(sq).map(|p| Placed::new(p, sq));
            found.kept = at(way)
                .zip(at(guard))
                .map(|(way, guard)| Kept { way, guard });
        }
    }
}

/// Where the attacker's pieces that move in the line up to the capture stand in `pos` (the
/// capturer first): the pieces that check, take, or take on the target's square in turn.
fn attackers(pos: &Position, f: &Threat) -> Vec<Square> {
    let mut origin: Vec<(Square, Square)> = Vec::new();
    let mut out = vec![f.attacker.square];
    for (i, &m) in f.line.iter().enumerate().take(f.capture_index + 1) {
        let from = origin
            .iter()
            .find(|(now, _)| *now == m.from)
            .map_or(m.from, |&(_, o)| o);
        origin.retain(|(now, _)| *now != m.from && *now != m.to);
        if i % 2 == 0 {
            origin.push((m.to, from));
            if !out.contains(&from) && pos.piece_at(from).is_some_and(|p| p.color == pos.turn()) {
                out.push(from);
            }
        }
    }
    out
}

/// Whether the target is kept in place by two pieces: it cannot leave
/// ([`pins::cannot_leave`]), and each move it has takes a piece of the attacker that another
/// piece than the capturer then takes back, losing the target for less. Left where it stands
/// the capturer takes it; taking its way out, the guard does: two pieces take part in winning
/// it (联合吃子). A target with no move at all is held by the pin alone and taken by one piece
/// (参考图49, 长捉无根子). Returns the first way out and its guard.
fn kept_in_place(pos: &Position, f: &Threat) -> Option<(Square, Square)> {
    if !pins::cannot_leave(pos, f.target.square) {
        return None;
    }
    let defender = pos.with_turn(!pos.turn())?;
    let ways: Vec<Move> = defender
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == f.target.square)
        .collect();
    let mut first = None;
    for way in ways {
        let taken = defender.piece_at(way.to)?;
        let mut after = defender.clone();
        after.play_unchecked(way);
        let guard = after
            .attackers(way.to, pos.turn())
            .into_iter()
            .filter(|&g| g != f.attacker.square)
            .find(|&g| after.is_legal(Move::new(g, way.to)))?;
        if f.target_worth() <= worth(taken, way.to) {
            return None;
        }
        first.get_or_insert((way.to, guard));
    }
    first
}

/// Whether another piece of the attacker helps by giving check: a piece other than the
/// capturer checks (directly or by discovery) and is still on the board when the target is
/// taken — two pieces acting together, 车炮联合 (参考图14, 41). A piece that checks and is
/// taken, only clearing the way for another, does not make the chase joint (图26).
fn helped_by_check(pos: &Position, line: &[Move], capturer: Square) -> bool {
    let attacker = pos.turn();
    let mut p = pos.clone();
    let mut origin: Vec<Option<Square>> = (0..90).map(Square::from_index).collect();
    let mut helpers: Vec<Square> = Vec::new();
    for &m in line {
        let ours = p.piece_at(m.from).is_some_and(|x| x.color == attacker);
        if let Some(o) = origin[m.to.index()] {
            // A helper taken is no help.
            helpers.retain(|&h| h != o);
        }
        origin[m.to.index()] = origin[m.from.index()];
        origin[m.from.index()] = None;
        p.play_unchecked(m);
        if ours {
            for c in p.checkers(attacker) {
                if let Some(o) = origin[c.index()] {
                    if o != capturer && !helpers.contains(&o) {
                        helpers.push(o);
                    }
                }
            }
        }
    }
    !helpers.is_empty()
}

/// The targets the defender can choose to lose against the first move of `g`, the main one
/// included: what the move threatens as a whole.
pub(crate) fn target_set(searcher: &mut Searcher, pos: &Position, g: &GainLine) -> Vec<Square> {
    let mut out = Vec::new();
    if let Some(f) = describe(pos, g) {
        out.push(f.target.square);
    }
    let first = g.line[0];
    // Whether each answer still loses material is all that counts: a null window, and the
    // line shown is the first winning one in the search order (the most valuable victim first).
    for r in searcher.replies(pos, first, (0, 1)) {
        if r.score <= 0 {
            continue;
        }
        let mut line = vec![first];
        line.extend(r.line);
        if let Some(f) = describe(
            pos,
            &GainLine {
                score: r.score,
                line,
            },
        ) {
            if !out.contains(&f.target.square) {
                out.push(f.target.square);
            }
        }
    }
    out
}

/// Whether a threat is the king's or a pawn's own (26.1 帅(将)、兵(卒)本身捉子): it is the one
/// that finally wins the target, and its capture does not give check by another piece (26.8:
/// 兵(卒)吃子时产生其他子将军，按捉处理; 参考图11: 炮5平6, where the pawn's capture of the advisor
/// uncovers the cannon's check, is 炮卒联合捉). What the others do besides does not make it
/// theirs: a piece that makes a guard of the target a false root (参考图11: 炮6平5 pins the
/// advisor's guard, and the pawn alone on the advisor is 闲), or what they did before (参考图13: a
/// cannon's check makes the elephant interpose, and the pawn that takes it chases on its own;
/// 参考图32, 霍文会 图3: the king or the pawn takes after an even trade).
pub(crate) fn own_chase_of(f: &Threat, role: Role) -> bool {
    f.finisher.role == role && !f.finish_checks
}

/// Whether after `line` (played from `pos`) the side that moved first gives check with a piece
/// other than the one that made the line's last move.
fn checked_by_another(pos: &Position, line: &[Move]) -> bool {
    let Some(last) = line.last() else {
        return false;
    };
    let mut p = pos.clone();
    for &m in line {
        p.play_unchecked(m);
    }
    p.checkers(pos.turn()).into_iter().any(|s| s != last.to)
}

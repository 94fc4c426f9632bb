//! Threats to win material (24.3), found by the search and described piece by piece, and the
//! test that a threat is new (从捉到捉).

use crate::analysis::material::{is_material, piece_value};
use crate::analysis::search::{GainLine, Searcher, MATE};
use crate::rules::label::{ChaseKind, Rootedness};
use crate::{Color, Move, Piece, Position, Role, Square};

/// One way the side to move can win material, with the pieces it concerns.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    /// The winning line, starting with the attacker's first move.
    pub line: Vec<Move>,
    /// Where the piece that takes the target stands now.
    pub capturer: Square,
    pub capturer_piece: Piece,
    /// The piece the line wins, where it stands now.
    pub target: Square,
    pub target_piece: Piece,
    pub kind: ChaseKind,
    pub rootedness: Rootedness,
    /// Index in `line` of the move that takes the target.
    pub capture_index: usize,
    /// The piece that makes the last capture on the target's square.
    pub finisher: Piece,
    /// Checks the attacker gives before taking the target.
    pub checks: usize,
    /// One of them is a discovered check or a check by another piece than the capturer
    /// (抽将, 抽吃子).
    pub discovered: bool,
    /// Set when the threat stood before the move but did not pay, because carrying it out laid
    /// open a piece its capturer guarded: the line that showed it then (from the position
    /// before the move).
    pub freed: Option<Vec<Move>>,
    /// Set when the moved piece takes part by holding the target in place (不能离线): where it
    /// stands.
    pub held_by: Option<Square>,
    /// Another piece of the attacker makes a guard of the target a false root: pins it, or
    /// covers the square it would take back on; or guards the only piece the held target could
    /// take to get away.
    pub shared: bool,
    /// Set when the target is held in place and its only ways out take a piece of the
    /// attacker that another piece takes back (不能离线, won jointly): the piece it could take
    /// and the guard that takes back.
    pub kept: Option<(Square, Square)>,
    /// A threat the move keeps up rather than makes (it weighs the move, 26.9, but is no
    /// new attack).
    pub standing: bool,
    /// The finisher's capture gives check by another piece (26.8: 兵(卒)吃子时产生其他子将军).
    pub finish_checks: bool,
}

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

/// What a piece standing on `sq` is worth as material (a crossed pawn 1, the king and an
/// uncrossed pawn nothing).
pub(crate) fn worth(piece: Piece, sq: Square) -> i32 {
    match piece_value(piece.role) {
        Some(v) => v,
        None if is_material(piece, sq) => 1,
        None => 0,
    }
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
pub(crate) fn describe(pos: &Position, g: &GainLine) -> Option<Found> {
    // A mating line counts as a material threat only when it begins by taking material.
    let mates = g.score >= MATE;
    if g.score <= 0 || (mates && pos.piece_at(g.line[0].to).is_none()) {
        return None;
    }
    let attacker = pos.turn();
    let (caps, checks) = captures(pos, &g.line);
    let mut squares: Vec<(Square, i32, usize)> = Vec::new();
    for c in &caps {
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
    let ours: Vec<&Capture> = caps.iter().filter(|c| c.by_attacker).collect();
    let best = if mates { Some(g.line[0].to) } else { best };
    let main = match best {
        Some(s) => *ours.iter().find(|c| c.square == s)?,
        None => *ours
            .iter()
            .max_by_key(|c| (worth(c.victim, c.victim_origin), -(c.index as i32)))?,
    };
    let attacker_checks = checks
        .iter()
        .enumerate()
        .take(main.index)
        .filter(|&(i, &chk)| chk && i % 2 == 0)
        .count();
    let checks_before = attacker_checks > 0;
    let on_target = ours.iter().filter(|c| c.square == main.square).count();
    // How the target is guarded now, as the move leaves it: tested by the capture itself when
    // the line starts with it, else by the guards it has (a line of checks is needed exactly
    // because a guarded piece cannot simply be taken).
    let rootedness = if main.index == 0 {
        rootedness(pos, g.line[0], attacker)
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
    } else if checks_before {
        ChaseKind::ByChecks
    } else if caps.len() >= 2 {
        ChaseKind::ByExchange
    } else {
        ChaseKind::Direct
    };
    // The piece that finally wins it: the last of ours to take on that square (a pawn that
    // takes after an even trade by others is the pawn's own chase: seed 004 图3, 参考图32).
    let last = ours.iter().rfind(|c| c.square == main.square).copied();
    let finisher = last.map_or(main.capturer, |c| c.capturer);
    let finish_checks = last.is_some_and(|c| checked_by_another(pos, &g.line[..=c.index]));
    let mut found = Found {
        line: g.line.clone(),
        capturer: main.capturer_origin,
        capturer_piece: main.capturer,
        finisher,
        checks: attacker_checks,
        discovered: helped_by_check(pos, &g.line[..main.index], main.capturer_origin),
        target: main.victim_origin,
        target_piece: main.victim,
        kind,
        rootedness,
        capture_index: main.index,
        freed: None,
        held_by: None,
        shared: false,
        kept: None,
        standing: false,
        finish_checks,
    };
    // A guard of the target pinned by another piece is a false root that piece makes (图11:
    // 车炮联合捉子, the cannon pins the elephant that guards the one the rook takes).
    let guards = false_guards(pos, &found);
    if !guards.is_empty() {
        let others: Vec<Square> = pos
            .board()
            .pieces()
            .filter(|(sq, p)| p.color == attacker && *sq != found.capturer && p.role != Role::King)
            .map(|(sq, _)| sq)
            .collect();
        if others
            .into_iter()
            .any(|sq| held_guard(pos, &found, sq, &guards))
        {
            found.kind = ChaseKind::Joint;
            found.shared = true;
        }
    }
    if found.kind != ChaseKind::Joint {
        if let Some(kept) = kept_in_place(pos, &found) {
            found.kind = ChaseKind::Joint;
            found.shared = true;
            found.kept = Some(kept);
        }
    }
    Some(found)
}

/// Where the attacker's pieces that move in the line up to the capture stand in `pos` (the
/// capturer first): the pieces that check, take, or take on the target's square in turn.
pub(crate) fn attackers(pos: &Position, f: &Found) -> Vec<Square> {
    let mut origin: Vec<(Square, Square)> = Vec::new();
    let mut out = vec![f.capturer];
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

/// Whether the target is kept in place by two pieces: it cannot leave ([`cannot_leave`]), and
/// each move it has takes a piece of the attacker that another piece than the capturer then
/// takes back, losing the target for less. Left where it stands the capturer takes it; taking
/// its way out, the guard does: two pieces take part in winning it (联合吃子). A target with no
/// move at all is held by the pin alone and taken by one piece (参考图49, 长捉无根子). Returns
/// the first way out and its guard.
fn kept_in_place(pos: &Position, f: &Found) -> Option<(Square, Square)> {
    if !cannot_leave(pos, f.target) {
        return None;
    }
    let defender = pos.with_turn(!pos.turn())?;
    let ways: Vec<Move> = defender
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == f.target)
        .collect();
    let mut first = None;
    for way in ways {
        let taken = defender.piece_at(way.to)?;
        let mut after = defender.clone();
        after.play_unchecked(way);
        let guard = after
            .attackers(way.to, pos.turn())
            .into_iter()
            .filter(|&g| g != f.capturer)
            .find(|&g| after.is_legal(Move::new(g, way.to)))?;
        if worth(f.target_piece, f.target) <= worth(taken, way.to) {
            return None;
        }
        first.get_or_insert((way.to, guard));
    }
    first
}

/// Whether the defender's piece on `sq` cannot leave (不能离线) in `pos` (the attacker to
/// move): were it the defender's turn, it could step to empty points but may step to none,
/// pinned to its king. (Only a pin: that every way out would lose is the defender's look
/// ahead, and with the mover moving again the target does not get to leave; counting it
/// makes an evasion that covers a square a chase, which the final edition corrected in
/// 参考图37.)
fn cannot_leave(pos: &Position, sq: Square) -> bool {
    let Some(p) = pos.with_turn(!pos.turn()) else {
        return false;
    };
    let steps: Vec<Square> = p
        .pseudo_targets(sq)
        .into_iter()
        .filter(|&t| p.piece_at(t).is_none())
        .collect();
    !steps.is_empty() && steps.iter().all(|&t| !p.is_legal(Move::new(sq, t)))
}

/// `pos` without the piece on `sq`, if that is still a legal position.
fn without(pos: &Position, sq: Square) -> Option<Position> {
    let mut board = pos.board().clone();
    board.set(sq, None)?;
    Position::new(
        crate::Setup::new(board, pos.turn()),
        crate::SetupMode::Composed,
    )
    .ok()
}

/// `pos` without the attacker's piece on `sq`, when that leaves the attacker's own king
/// covered (a piece that only shields its king holds nothing) and the position legal.
fn bare(pos: &Position, f: &Found, sq: Square) -> Option<Position> {
    if pos
        .piece_at(sq)
        .is_none_or(|p| p.color != pos.turn() || p.role == Role::King)
        || f.line.first().is_some_and(|m| m.from == sq)
    {
        return None;
    }
    without(pos, sq).filter(|b| b.with_turn(!b.turn()).is_some())
}

/// Whether the attacker's piece on `sq` holds the target in place: the target cannot leave
/// ([`cannot_leave`]), and could without `sq` (不能离线, 参考图49: the horse pins the cannon
/// to its king).
pub(crate) fn holds_target(pos: &Position, f: &Found, sq: Square) -> bool {
    cannot_leave(pos, f.target) && bare(pos, f, sq).is_some_and(|b| !cannot_leave(&b, f.target))
}

/// Whether the attacker's piece on `sq` makes a guard of the target a false root: once the
/// target is taken (the line up to the capture), a defender piece that could take back may
/// not, because `sq` pins it to its king, and could without `sq` (图11: the cannon behind
/// the elephant).
pub(crate) fn holds_guard(pos: &Position, f: &Found, sq: Square) -> bool {
    let guards = false_guards(pos, f);
    !guards.is_empty() && held_guard(pos, f, sq, &guards)
}

/// The defender's pieces that bear on the target's square but may not take back once it is
/// taken (the line up to the capture): the false roots (假根). Most targets have none, and
/// then no piece holds a guard.
fn false_guards(pos: &Position, f: &Found) -> Vec<Square> {
    let Some(&take) = f.line.get(f.capture_index) else {
        return Vec::new();
    };
    let mut p = pos.clone();
    for &m in &f.line[..=f.capture_index] {
        p.play_unchecked(m);
    }
    p.attackers(take.to, p.turn())
        .into_iter()
        .filter(|&r| !p.is_legal(Move::new(r, take.to)))
        .collect()
}

/// Whether one of the false `guards` could take back without the attacker's piece on `sq`.
fn held_guard(pos: &Position, f: &Found, sq: Square, guards: &[Square]) -> bool {
    let (Some(&take), Some(mut q)) = (f.line.get(f.capture_index), bare(pos, f, sq)) else {
        return false;
    };
    for &m in &f.line[..=f.capture_index] {
        if m.from == sq || m.to == sq || !q.is_legal(m) {
            return false;
        }
        q.play_unchecked(m);
    }
    guards.iter().any(|&r| q.is_legal(Move::new(r, take.to)))
}

/// Whether the piece standing on `sq` takes part in winning the target: it takes it, it is
/// the screen of the cannon that takes, it guards the capturer or the screen, it backs the
/// capture up (attacks the square once the target is taken), or it holds the target or a guard
/// of it in place ([`holds_target`], [`holds_guard`]).
pub(crate) fn participates(pos: &Position, f: &Found, sq: Square) -> bool {
    let p = Part::of(pos, f, sq);
    p.takes
        || p.screen
        || p.guard
        || p.backer
        || holds_guard(pos, f, sq)
        || holds_target(pos, f, sq)
}

/// Whether the piece on `sq` backs the capture up: once the target is taken, it could take
/// back on that square (and it is not the piece that took).
pub(crate) fn backs_up(pos: &Position, f: &Found, sq: Square) -> bool {
    Part::of(pos, f, sq).backer
}

/// Whether the piece on `sq` is needed for the capture itself: it moves in the line up to the
/// capture (it takes, or checks), it is the capturing cannon's screen, or it holds the target
/// or a guard of it in place. A piece that only guards the capturer or backs the capture up
/// is not: with the mover moving again, nothing takes the capturer first. Losing a needed
/// piece is what a threat costs (see `freed`).
pub(crate) fn needed_for(pos: &Position, f: &Found, sq: Square) -> bool {
    let p = Part::of(pos, f, sq);
    p.moved || p.takes || p.screen || holds_guard(pos, f, sq) || holds_target(pos, f, sq)
}

/// What the attacker's piece on a square does in a threat's line up to and at its capture.
#[derive(Clone, Copy, Debug, Default)]
struct Part {
    /// It moves before the capture (a check, a capture on the way).
    moved: bool,
    /// It makes the capture.
    takes: bool,
    /// It is the screen of the cannon that takes.
    screen: bool,
    /// It guards the capturer or that screen: what keeps the attack from being parried by
    /// taking an attacker (参考图15, 39).
    guard: bool,
    /// It could take back on the square once the target is taken.
    backer: bool,
}

impl Part {
    fn of(pos: &Position, f: &Found, sq: Square) -> Part {
        let attacker = pos.turn();
        let mut part = Part::default();
        let mut p = pos.clone();
        let mut at = sq;
        for &m in &f.line[..f.capture_index] {
            if m.from == at {
                at = m.to;
                part.moved = true;
            } else if m.to == at {
                return Part::default();
            }
            p.play_unchecked(m);
        }
        let Some(&take) = f.line.get(f.capture_index) else {
            return Part::default();
        };
        if take.from == at {
            part.takes = true;
            return part;
        }
        let screens: Vec<Square> = if p.piece_at(take.from).map(|x| x.role) == Some(Role::Cannon) {
            between(take.from, take.to)
                .into_iter()
                .filter(|&s| p.piece_at(s).is_some())
                .collect()
        } else {
            Vec::new()
        };
        part.screen = screens.contains(&at);
        let guards = |s: Square| {
            p.piece_at(s).is_some_and(|x| x.color == attacker)
                && p.attackers(s, attacker).contains(&at)
        };
        part.guard = guards(take.from) || screens.iter().any(|&s| guards(s));
        p.play_unchecked(take);
        part.backer = p.attackers(take.to, attacker).contains(&at);
        part
    }
}

/// The squares strictly between two squares on one file or rank.
fn between(a: Square, b: Square) -> Vec<Square> {
    let (af, ar) = (a.file().index() as i32, a.rank().index() as i32);
    let (bf, br) = (b.file().index() as i32, b.rank().index() as i32);
    if af != bf && ar != br {
        return Vec::new();
    }
    let (df, dr) = ((bf - af).signum(), (br - ar).signum());
    let steps = (bf - af).abs().max((br - ar).abs());
    (1..steps)
        .filter_map(|k| Square::from_coords(af + df * k, ar + dr * k))
        .collect()
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

/// The targets the defender can choose to lose against the first move of `g`, the main one
/// included: what the move threatens as a whole.
pub(crate) fn target_set(searcher: &mut Searcher, pos: &Position, g: &GainLine) -> Vec<Square> {
    let mut out = Vec::new();
    if let Some(f) = describe(pos, g) {
        out.push(f.target);
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
            if !out.contains(&f.target) {
                out.push(f.target);
            }
        }
    }
    out
}

impl Found {
    /// The value of the target, for naming a move by its biggest threat.
    pub(crate) fn target_worth(&self) -> i32 {
        worth(self.target_piece, self.target)
    }
}

/// Whether a threat is the king's or a pawn's own (26.1 帅(将)、兵(卒)本身捉子): it is the one
/// that finally wins the target, and its capture does not give check by another piece (26.8:
/// 兵(卒)吃子时产生其他子将军，按捉处理; 参考图11: 炮5平6, where the pawn's capture of the advisor
/// uncovers the cannon's check, is 炮卒联合捉). What the others do besides does not make it
/// theirs: a piece that makes a guard of the target a false root (参考图11: 炮6平5 pins the
/// advisor's guard, and the pawn alone on the advisor is 闲), or what they did before (参考图13: a
/// cannon's check makes the elephant interpose, and the pawn that takes it chases on its own;
/// 参考图32, 霍文会 图3: the king or the pawn takes after an even trade).
pub(crate) fn own_chase_of(f: &Found, role: Role) -> bool {
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

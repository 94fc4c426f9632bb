//! Every disagreement in one rule-level class, read off qili's per-ply facts (labels,
//! branches, threats with their attackers and targets) and the board, with the model of
//! Fairy-Stockfish's rule ([`fsf_model`]) naming the piece Fairy-Stockfish counts as chased.
//!
//! The order: what the record's history does (qili must not change; Fairy-Stockfish does,
//! [`FSF_HISTORY`]); then, on the cycle alone, the side Fairy-Stockfish condemns and qili
//! does not (the first move of that side where qili sees no chase of the model's victim, and
//! why), or the side qili condemns and Fairy-Stockfish does not (the first move whose chase the
//! model does not count, and why).

use qili::rules::{Branch, Finding, Label, PlyRuling, Ruling};
use qili::{Color, Move, Position, Role, Square};
use serde::Serialize;

use super::fsf_model::{self, Attack, Model};
use super::{Judged, Outcome};

/// The class of a disagreement: its id (the rule-level reason; docs/differential.md has a
/// section per id), and where it shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Class {
    pub id: &'static str,
    /// The side the class is about: the one an engine condemns and the other does not.
    pub side: Option<&'static str>,
    /// The move of the cycle (0-based, in the cycle from its start) the class turns on, and
    /// the move itself.
    pub at: Option<usize>,
    pub mv: Option<String>,
    /// The piece chased there and what attacks it (红车(d4)).
    pub victim: Option<String>,
    pub attacker: Option<String>,
    /// qili's label and branch of that move (`闲 24.8.chase-to-chase`), and under the Chinese
    /// rules (`cxa2011`), where its search shows what the Asian rules' filters drop.
    pub qili: Option<String>,
    pub cxa2011: Option<String>,
}

impl Class {
    fn plain(id: &'static str) -> Class {
        Class {
            id,
            side: None,
            at: None,
            mv: None,
            victim: None,
            attacker: None,
            qili: None,
            cxa2011: None,
        }
    }
}

/// Every class id the classifier gives, in the order of docs/differential.md.
pub const IDS: &[&str] = &[
    FSF_HISTORY,
    QILI_HISTORY,
    CHECK_AND_CHASE,
    ATTACK_KEPT,
    PINNED_ATTACKER,
    PINNER_TAKEN,
    ADVISOR_ELEPHANT,
    UNANSWERED,
    ROOT_CUT,
    SECOND_ATTACKER,
    NOT_NEW_BY_GAIN,
    HIDDEN_BY_LINE,
    STANDING_ATTACK,
    KEY_POINT,
    FORCED_ANSWER,
    CAPTURE_MET_BY_MATE,
    EXCHANGE_OVER_CHASE,
    OFFER_OVER_CHASE,
    MATE_OVER_CHASE,
    IDLE_KIND_OVER_CHASE,
    NO_THREAT_FOUND,
    PROTECTOR_DISCOUNTED,
    JOINT_CHASE,
    KING_PAWN_MOVE,
    FSF_MISSES_CHASE,
    UNEXPLAINED,
    UNDETERMINED,
    ERROR,
];

pub const FSF_HISTORY: &str = "fsf-reads-the-move-before-the-cycle";
pub const QILI_HISTORY: &str = "qili-verdict-turns-on-the-history";
pub const CHECK_AND_CHASE: &str = "one-check-one-chase";
pub const ATTACK_KEPT: &str = "attack-kept-from-a-new-square";
pub const PINNED_ATTACKER: &str = "attack-by-a-piece-pinned-to-its-king";
pub const PINNER_TAKEN: &str = "pinned-piece-attacking-its-pinner";
pub const UNDETERMINED: &str = "qili-undetermined";
pub const KING_PAWN_MOVE: &str = "chase-made-by-a-king-or-pawn-move";
pub const ADVISOR_ELEPHANT: &str = "stronger-piece-attacked-by-advisor-or-elephant";
pub const UNANSWERED: &str = "chased-piece-does-not-answer";
pub const ROOT_CUT: &str = "chase-by-cutting-a-root";
pub const SECOND_ATTACKER: &str = "second-attacker-on-an-attacked-piece";
pub const NOT_NEW_BY_GAIN: &str = "new-attack-judged-old-by-its-gain";
pub const HIDDEN_BY_LINE: &str = "capture-hidden-by-a-line-the-axf-does-not-count";
pub const STANDING_ATTACK: &str = "standing-attack-counted-as-new";
pub const KEY_POINT: &str = "cxa-key-point-rule-under-axf";
pub const FORCED_ANSWER: &str = "chase-with-a-forced-answer-to-check";
pub const CAPTURE_MET_BY_MATE: &str = "capture-met-by-a-mate-threat";
pub const EXCHANGE_OVER_CHASE: &str = "exchange-offer-that-also-chases";
pub const OFFER_OVER_CHASE: &str = "offer-that-also-chases";
pub const MATE_OVER_CHASE: &str = "mate-threat-that-also-chases";
pub const IDLE_KIND_OVER_CHASE: &str = "follow-or-block-that-also-chases";
pub const NO_THREAT_FOUND: &str = "unprotected-piece-attacked-without-gain";
pub const PROTECTOR_DISCOUNTED: &str = "protector-that-cannot-really-take-back";
pub const JOINT_CHASE: &str = "joint-chase";
pub const FSF_MISSES_CHASE: &str = "chase-the-model-does-not-see";
pub const UNEXPLAINED: &str = "fsf-unexplained";
pub const ERROR: &str = "engine-error";

/// The class of a disagreement.
pub fn classify(j: &Judged) -> Class {
    if let Some(b) = &j.bare {
        if b.qili_outcome() != j.qili_outcome() {
            return Class::plain(QILI_HISTORY);
        }
        if b.agrees() {
            return Class::plain(FSF_HISTORY);
        }
        return on_cycle(b);
    }
    on_cycle(j)
}

/// A cycle's positions and qili's rulings of its moves, in the cycle's order.
struct Cycle<'a> {
    positions: Vec<Position>,
    moves: &'a [Move],
    plies: Vec<&'a PlyRuling>,
    ruling: &'a Ruling,
    model: Model,
    /// qili's rulings of the same plies under the Chinese rules, when it rules them.
    probe: Option<Vec<&'a PlyRuling>>,
}

impl Cycle<'_> {
    fn n(&self) -> usize {
        self.moves.len()
    }

    /// The indices of `color`'s moves.
    fn of(&self, color: Color) -> Vec<usize> {
        (0..self.n())
            .filter(|&i| self.positions[i].turn() == color)
            .collect()
    }

    fn class(&self, id: &'static str, side: Color, at: usize) -> Class {
        let label = |p: &PlyRuling| format!("{} {}", p.label, p.evidence.branch());
        Class {
            id,
            side: Some(side.name()),
            at: Some(at),
            mv: Some(self.moves[at].to_string()),
            victim: None,
            attacker: None,
            qili: Some(label(self.plies[at])),
            cxa2011: self.probe.as_ref().map(|p| label(p[at])),
        }
    }

    fn named(&self, mut c: Class, attacker: Square, victim: Square) -> Class {
        let at = c.at.expect("a class at a move");
        let after = &self.positions[at + 1];
        let name = |sq: Square| {
            after
                .piece_at(sq)
                .map(|p| qili::rules::Placed::new(p, sq).to_string())
        };
        c.attacker = name(attacker);
        c.victim = name(victim);
        c
    }
}

fn on_cycle(j: &Judged) -> Class {
    let (Ok(ruling), Ok(_)) = (&j.qili, &j.fsf) else {
        return Class::plain(ERROR);
    };
    let s = &j.sample;
    let n = s.cycle.len();
    let judged: Vec<&PlyRuling> = ruling.plies.iter().filter(|p| p.judged).collect();
    let Some(c) = ruling.cycle.as_ref() else {
        return Class::plain(ERROR);
    };
    if c.len != n || judged.len() != n {
        return Class::plain(ERROR);
    }
    let mut positions = vec![s.start.clone()];
    for &m in &s.cycle {
        let next = positions.last().expect("start").after(m);
        positions.push(next);
    }
    // The same cycle under the Chinese rules: its threats show what qili's search found for
    // a piece the Asian rules' filters then drop (a line that wins it with checks, or through
    // an exchange).
    let (_, record) = s.record();
    let probe = qili::rules::judge(
        &s.start,
        &record[s.history_len()..],
        &qili::rules::RuleBook::cxa2011(),
    )
    .ok();
    let cyc = Cycle {
        positions,
        moves: &s.cycle,
        plies: judged,
        ruling,
        model: fsf_model::rule(&s.start, &s.cycle),
        probe: probe
            .as_ref()
            .map(|p| p.plies.iter().filter(|p| p.judged).collect()),
    };
    let (q, f) = (j.qili_outcome(), j.fsf_outcome());
    if q == Outcome::Undetermined {
        return Class::plain(UNDETERMINED);
    }
    match (q.culprit(), f.culprit()) {
        (_, Some(x)) if q != Outcome::Fault(x) => fsf_condemns(&cyc, x),
        (Some(x), _) => qili_condemns(&cyc, x),
        _ => Class::plain(ERROR),
    }
}

/// The moves of `color` that answer check and are no chase: qili's reading lets them pass
/// in a perpetual chase (an answer to check is forced).
fn forced(cyc: &Cycle<'_>, color: Color) -> Vec<bool> {
    cyc.of(color)
        .iter()
        .map(|&i| cyc.positions[i].in_check() && cyc.plies[i].label != Label::Chase)
        .collect()
}

/// The piece qili finds chased on every move of `color` (its squares after each of the side's
/// moves, followed through the replies; qili's new threats only, forced answers to check
/// passing), as the Asian rules' adjudication reads them.
fn qili_chased(cyc: &Cycle<'_>, color: Color) -> Option<Vec<Square>> {
    let mine = cyc.of(color);
    let attacks: Vec<Vec<Attack>> = mine
        .iter()
        .map(|&i| {
            let p = cyc.plies[i];
            if p.label != Label::Chase {
                return Vec::new();
            }
            p.evidence
                .threats()
                .iter()
                .map(|t| Attack {
                    attacker: t.attacker.square,
                    victim: t.target.square,
                    direct: t.attacker.square == cyc.moves[i].to,
                })
                .collect()
        })
        .collect();
    fsf_model::chased_round(&attacks, &mine, cyc.moves, &forced(cyc, color))
        .into_iter()
        .next()
}

/// Fairy-Stockfish condemns `x`, qili does not.
fn fsf_condemns(cyc: &Cycle<'_>, x: Color) -> Class {
    if cyc.model.culprit != Some(x) {
        return Class {
            side: Some(x.name()),
            ..Class::plain(UNEXPLAINED)
        };
    }
    let side = &cyc.model.sides[x.index()];
    let mine = cyc.of(x);
    if side.perpetual_check {
        let at = mine
            .iter()
            .copied()
            .find(|&i| cyc.plies[i].label != Label::Check)
            .unwrap_or(mine[0]);
        return cyc.class(UNEXPLAINED, x, at);
    }
    let path = &side.chased[0];
    if never_moves(cyc, x, path) {
        return cyc.class(UNANSWERED, x, mine[0]);
    }
    for (k, &i) in mine.iter().enumerate() {
        let v = path[k];
        let p = cyc.plies[i];
        let chases_v =
            p.label == Label::Chase && p.evidence.threats().iter().any(|t| t.target.square == v);
        if chases_v {
            continue;
        }
        let attack = side.attacks[k]
            .iter()
            .copied()
            .find(|a| a.victim == v)
            .expect("the model's path is made of its attacks");
        let id = why_no_chase(cyc, i, attack, x);
        return cyc.named(cyc.class(id, x, i), attack.attacker, v);
    }
    // Every move of the side chases the model's piece in qili's facts too: qili condemns the
    // other side as well (a mutual chase), or finds that the piece never answers.
    if cyc.ruling.side(!x).is_some_and(|s| s.class.is_forbidden()) {
        return qili_condemns(cyc, !x);
    }
    let answered = mine.iter().enumerate().any(|(k, &i)| {
        let reply = cyc.moves[(i + 1) % cyc.n()];
        reply.from == path[k]
    });
    let id = if answered { UNEXPLAINED } else { UNANSWERED };
    cyc.class(id, x, mine[0])
}

/// Why qili labels the move at `i` no chase of the piece the model's `attack` falls on: the
/// first of the reasons below that holds, in this order.
fn why_no_chase(cyc: &Cycle<'_>, i: usize, attack: Attack, x: Color) -> &'static str {
    let after = &cyc.positions[i + 1];
    let v = attack.victim;
    // An attacker pinned to its own king may take only what it can take legally: where the
    // capture is illegal there is no attack at all, whatever qili's branch for the move says
    // of other pieces' attacks (a 从捉到捉 note on another capturer of the victim). Where it
    // may take (its pinner), qili's branch says why first (an attack along the pin that stood).
    let pinned_attacker = pinned(after, attack.attacker);
    let legal = || {
        after
            .with_turn(x)
            .is_some_and(|p| p.is_legal(Move::new(attack.attacker, v)))
    };
    if pinned_attacker && !legal() {
        return PINNED_ATTACKER;
    }
    if let Some(id) = by_branch(cyc, i, attack, x) {
        return id;
    }
    if pinned_attacker {
        return PINNER_TAKEN;
    }
    let attacker = after.piece_at(attack.attacker).map(|pc| pc.role);
    let victim = after.piece_at(v).map(|pc| pc.role);
    let heavier_by_minor = matches!(attacker, Some(Role::Advisor | Role::Elephant))
        && matches!(victim, Some(Role::Rook | Role::Cannon | Role::Horse));
    if heavier_by_minor && real_root(after, attack.attacker, v) {
        return ADVISOR_ELEPHANT;
    }
    if let Some(id) = by_search(cyc, i, attack) {
        return id;
    }
    // The defender's move before threatened mate: taking would be met by it.
    let prev = (i + cyc.n() - 1) % cyc.n();
    if cyc.plies[prev].label == Label::MateThreat {
        return CAPTURE_MET_BY_MATE;
    }
    by_label(cyc.plies[i])
}

/// The reason qili's branch for the move gives, where it says why by itself (a check, a key
/// point, an attack that stood before: 从捉到捉).
fn by_branch(cyc: &Cycle<'_>, i: usize, attack: Attack, x: Color) -> Option<&'static str> {
    match cyc.plies[i].evidence.branch() {
        Branch::Check => Some(CHECK_AND_CHASE),
        Branch::KeyPoint => Some(KEY_POINT),
        Branch::ChaseToChase => {
            let origin = if attack.direct {
                cyc.moves[i].from
            } else {
                attack.attacker
            };
            let prior = cyc.positions[i].attackers(attack.victim, x);
            Some(if prior.contains(&origin) {
                ATTACK_KEPT
            } else if !prior.is_empty() {
                SECOND_ATTACKER
            } else {
                NOT_NEW_BY_GAIN
            })
        }
        _ => None,
    }
}

/// What qili's search found for the piece: under the Chinese rules, the threats of the same
/// ply (none when the cycle was not probed under them).
fn by_search(cyc: &Cycle<'_>, i: usize, attack: Attack) -> Option<&'static str> {
    let probe = cyc.probe.as_ref()?;
    let v = attack.victim;
    let take = Move::new(attack.attacker, v);
    let on_v = |t: &&qili::rules::Threat| t.target.square == v || t.line.first() == Some(&take);
    let found: Vec<&qili::rules::Threat> =
        probe[i].evidence.threats().iter().filter(on_v).collect();
    // The Chinese rules' 从捉到捉 finds the threat stood but did not pay, and pays now: the
    // Asian rules' new-threat test, the same comparison, calls it old.
    if found.iter().any(|t| t.freed.is_some()) {
        return Some(NOT_NEW_BY_GAIN);
    }
    let hidden = found.iter().any(|t| {
        matches!(
            t.kind,
            qili::rules::ChaseKind::ByChecks | qili::rules::ChaseKind::ByExchange
        )
    });
    hidden.then_some(HIDDEN_BY_LINE)
}

/// The label qili gives the move instead of a chase.
fn by_label(p: &PlyRuling) -> &'static str {
    match p.label {
        Label::Exchange => EXCHANGE_OVER_CHASE,
        Label::Offer => OFFER_OVER_CHASE,
        Label::MateThreat => MATE_OVER_CHASE,
        Label::Block | Label::Follow => IDLE_KIND_OVER_CHASE,
        Label::Undetermined => ERROR,
        _ if matches!(p.evidence.finding, Finding::Budget { .. }) => ERROR,
        _ => NO_THREAT_FOUND,
    }
}

/// qili condemns `x`, Fairy-Stockfish does not.
fn qili_condemns(cyc: &Cycle<'_>, x: Color) -> Class {
    let mine = cyc.of(x);
    let Some(path) = qili_chased(cyc, x) else {
        return cyc.class(UNEXPLAINED, x, mine[0]);
    };
    if cyc.model.culprit == Some(x) {
        return cyc.class(UNEXPLAINED, x, mine[0]);
    }
    let side = &cyc.model.sides[x.index()];
    // A forced answer to check that chases nothing breaks the chase for the model, not for
    // qili.
    let exempt = forced(cyc, x);
    if exempt.iter().any(|&e| e)
        && !fsf_model::chased_round(&side.attacks, &mine, cyc.moves, &exempt).is_empty()
    {
        let at = mine[exempt.iter().position(|&e| e).expect("one is exempt")];
        return cyc.class(FORCED_ANSWER, x, at);
    }
    // The model may condemn the other side too (a mutual chase, a draw for it) where qili
    // does not: then the disagreement is that side's.
    if cyc.model.culprit.is_none()
        && !cyc.model.sides[(!x).index()].chased.is_empty()
        && cyc.ruling.side(!x).is_some_and(|s| !s.class.is_forbidden())
    {
        let other = fsf_condemns_as_mutual(cyc, !x);
        if other.id != UNEXPLAINED {
            return other;
        }
    }
    for (k, &i) in mine.iter().enumerate() {
        if exempt[k] {
            continue;
        }
        let v = path[k];
        if side.attacks[k].iter().any(|a| a.victim == v) {
            continue;
        }
        let p = cyc.plies[i];
        let Some(t) = p.evidence.threats().iter().find(|t| t.target.square == v) else {
            continue;
        };
        let id = why_unseen(cyc, i, t, x);
        return cyc.named(cyc.class(id, x, i), t.attacker.square, v);
    }
    cyc.class(UNEXPLAINED, x, mine[0])
}

/// The model finds `y` chasing too (so that, for it, both sides chase: a draw) while qili
/// does not: why qili does not, as for a side Fairy-Stockfish condemns.
fn fsf_condemns_as_mutual(cyc: &Cycle<'_>, y: Color) -> Class {
    let side = &cyc.model.sides[y.index()];
    let mine = cyc.of(y);
    let path = &side.chased[0];
    if never_moves(cyc, y, path) {
        return cyc.class(UNANSWERED, y, mine[0]);
    }
    for (k, &i) in mine.iter().enumerate() {
        let v = path[k];
        let p = cyc.plies[i];
        if p.label == Label::Chase && p.evidence.threats().iter().any(|t| t.target.square == v) {
            continue;
        }
        let Some(attack) = side.attacks[k].iter().copied().find(|a| a.victim == v) else {
            continue;
        };
        let id = why_no_chase(cyc, i, attack, y);
        return cyc.named(cyc.class(id, y, i), attack.attacker, v);
    }
    let answered = mine.iter().enumerate().any(|(k, &i)| {
        let reply = cyc.moves[(i + 1) % cyc.n()];
        reply.from == path[k]
    });
    let id = if answered { UNEXPLAINED } else { UNANSWERED };
    cyc.class(id, y, mine[0])
}

/// Whether the piece the model finds chased by `x` (its squares `path`) never moves in the
/// cycle and has no real root on any of `x`'s moves: it neither runs nor is protected (the
/// AXF appendix's non-perpetual chase).
fn never_moves(cyc: &Cycle<'_>, x: Color, path: &[Square]) -> bool {
    let mine = cyc.of(x);
    let still = path.iter().all(|&v| v == path[0]) && cyc.moves.iter().all(|m| m.from != path[0]);
    still
        && mine.iter().enumerate().all(|(k, &i)| {
            cyc.model.sides[x.index()].attacks[k]
                .iter()
                .filter(|a| a.victim == path[k])
                .all(|a| !real_root(&cyc.positions[i + 1], a.attacker, a.victim))
        })
}

/// Why the model does not count qili's threat `t` of the move at `i`.
fn why_unseen(cyc: &Cycle<'_>, i: usize, t: &qili::rules::Threat, x: Color) -> &'static str {
    let before = &cyc.positions[i];
    let after = &cyc.positions[i + 1];
    let m = cyc.moves[i];
    let v = t.target.square;
    let a = t.attacker.square;
    let protected_after = real_root(after, a, v);
    // The same capture on the board before the move (the attacker from where it stood).
    let from = if a == m.to { m.from } else { a };
    let protected_before = root_on(before, from, v, x);
    let king_or_pawn = before
        .piece_at(m.from)
        .is_some_and(|p| matches!(p.role, Role::King | Role::Pawn));
    if !protected_after && protected_before == Some(true) && !king_or_pawn {
        return ROOT_CUT;
    }
    if king_or_pawn {
        return KING_PAWN_MOVE;
    }
    if t.kind == qili::rules::ChaseKind::Joint || t.held_by.is_some() || t.kept.is_some() {
        return JOINT_CHASE;
    }
    // The attacker could take the piece before the move already, as it stood, and the move
    // took no root away.
    let stood = a != m.to && before.attackers(v, x).contains(&a) && !pinned(before, a);
    if stood {
        return STANDING_ATTACK;
    }
    if protected_after && t.rootedness == qili::rules::Rootedness::Rootless {
        return PROTECTOR_DISCOUNTED;
    }
    FSF_MISSES_CHASE
}

/// Whether the piece on `sq` is pinned to its own king: without it, its king would be
/// attacked (or the kings would face).
fn pinned(pos: &Position, sq: Square) -> bool {
    let Some(p) = pos.piece_at(sq) else {
        return false;
    };
    if p.role == Role::King {
        return false;
    }
    let mut board = pos.board().clone();
    board.set(sq, None);
    let setup = qili::Setup::new(board, !p.color);
    match Position::new(setup, qili::SetupMode::Composed) {
        Ok(_) => false,
        Err(e) => e.problems.iter().any(|x| {
            matches!(x, qili::SetupProblem::OpponentInCheck(c) if *c == p.color)
                || matches!(x, qili::SetupProblem::KingsFacing(..))
        }),
    }
}

/// Whether the piece on `victim` has a real root against the attacker on `attacker` in
/// `after` (the attacker's side just moved): once taken, its side may legally take back.
fn real_root(after: &Position, attacker: Square, victim: Square) -> bool {
    let mut p = after.clone();
    let mover = !after.turn();
    p.play_unchecked(Move::new(attacker, victim));
    if p.is_king_attacked(mover) {
        return true;
    }
    p.with_turn(!mover)
        .is_some_and(|q| !q.takers(victim).is_empty())
}

/// Whether, on the board of `pos` (`x` to move), the piece on `victim` would have a real root
/// once the piece of `x` on `from` stood on its square instead (taken there, whatever the
/// way): `None` when that board is no position.
fn root_on(pos: &Position, from: Square, victim: Square, x: Color) -> Option<bool> {
    let mut board = pos.board().clone();
    let piece = board.set(from, None)?;
    board.set(victim, Some(piece));
    let setup = qili::Setup::new(board, !x);
    let p = Position::new(setup, qili::SetupMode::Composed).ok()?;
    Some(!p.takers(victim).is_empty())
}

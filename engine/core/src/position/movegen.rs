//! Legal move generation: every move, or only the captures, the checks or both.

use super::legality::{Guard, Mover};
use super::zones::{
    bit, lines_through, sq, ZoneTable, ELEPHANT_SQUARES, HORSE_SQUARES, LEGS, ON_LINES,
};
use super::Position;
use crate::attacks::{self, between, ADVISOR, ELEPHANT, HORSE, HORSE_FROM, KING, PAWN_FROM};
use crate::board::{first_on, run_on};
use crate::{Color, Move, Piece, Role, Square, SquareSet};

impl Position {
    /// Squares the piece on `from` could move to by its geometry, including captures, ignoring
    /// whether its own king is left in check.
    pub fn pseudo_targets(&self, from: Square) -> Vec<Square> {
        let mut out = Vec::new();
        self.gen_piece(from, |m| out.push(m.to));
        out
    }

    #[inline]
    pub(super) fn gen_piece(&self, from: Square, push: impl FnMut(Move)) {
        self.gen_piece_as::<false>(from, push)
    }

    /// The pseudo-legal moves of the piece on `from` in the generator's order, or with
    /// `TAKES` only its captures (the same moves in the same order, the others skipped
    /// without being made).
    #[inline(always)]
    pub(super) fn gen_piece_as<const TAKES: bool>(&self, from: Square, mut push: impl FnMut(Move)) {
        let Some(p) = self.board.get(from) else {
            return;
        };
        let us = p.color;
        let f = from.index();
        let free = |s: u8| match self.board.get(sq(s)) {
            None => !TAKES,
            Some(q) => q.color != us,
        };
        match p.role {
            // The empty run along each line is a bit scan away; the squares are stepped to.
            // Each line with its direction a constant, in the order of the directions.
            Role::Rook => {
                self.slide::<TAKES, 1, 0>(from, us, &mut push);
                self.slide::<TAKES, 1, 1>(from, us, &mut push);
                self.slide::<TAKES, 1, 2>(from, us, &mut push);
                self.slide::<TAKES, 1, 3>(from, us, &mut push);
            }
            Role::Cannon => {
                self.slide::<TAKES, 2, 0>(from, us, &mut push);
                self.slide::<TAKES, 2, 1>(from, us, &mut push);
                self.slide::<TAKES, 2, 2>(from, us, &mut push);
                self.slide::<TAKES, 2, 3>(from, us, &mut push);
            }
            Role::Horse => {
                for j in HORSE[f].iter() {
                    if self.board.get(sq(j.block)).is_none() && free(j.to) {
                        push(Move::new(from, sq(j.to)));
                    }
                }
            }
            Role::Elephant => {
                for j in ELEPHANT[f].iter() {
                    if self.board.get(sq(j.block)).is_none() && free(j.to) {
                        push(Move::new(from, sq(j.to)));
                    }
                }
            }
            Role::Advisor => {
                for s in ADVISOR[f].iter() {
                    if free(s) {
                        push(Move::new(from, sq(s)));
                    }
                }
            }
            Role::King => {
                for s in KING[f].iter() {
                    if free(s) {
                        push(Move::new(from, sq(s)));
                    }
                }
            }
            Role::Pawn => {
                for s in attacks::pawn_steps(us, from).iter() {
                    if free(s) {
                        push(Move::new(from, sq(s)));
                    }
                }
            }
        }
    }

    /// The moves of a rook (`N` = 1) or cannon (`N` = 2) of `us` on `from` along direction
    /// `DIR`: the empty run, unless only captures are wanted, then the capture of the `N`th
    /// piece on the line if it is theirs.
    #[inline(always)]
    fn slide<const TAKES: bool, const N: usize, const DIR: usize>(
        &self,
        from: Square,
        us: Color,
        push: &mut impl FnMut(Move),
    ) {
        let (run, hits) = run_on::<N>(self.board.line(from, DIR), from, DIR);
        if !TAKES {
            push_run(from, DIR, run, push);
        }
        if let Some(s) = hits[N - 1] {
            if self.board.get(s).is_some_and(|q| q.color != us) {
                push(Move::new(from, s));
            }
        }
    }

    /// Every legal move of the side to move, appended to `out` (which is cleared first).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        self.collect_moves(Wanted::All, out);
    }

    /// Every legal move of the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(64);
        self.legal_moves_into(&mut v);
        v
    }

    /// The legal moves of the side to move that give check.
    pub fn checking_moves(&self) -> Vec<Move> {
        self.collected(Wanted::Checks)
    }

    /// The legal captures of the side to move.
    pub fn capturing_moves(&self) -> Vec<Move> {
        self.collected(Wanted::Captures)
    }

    /// The legal moves of the side to move that give check without capturing: with
    /// [`Position::capturing_moves`] before them, the [`Position::tactical_moves`] in their
    /// order (each list keeps the generator's order).
    pub fn quiet_checking_moves(&self) -> Vec<Move> {
        self.collected(Wanted::QuietChecks)
    }

    /// The legal moves of the side to move that capture or give check: the moves that go on
    /// with a tactical line (片段) when the side is not in check.
    pub fn tactical_moves(&self) -> Vec<Move> {
        self.collected(Wanted::Tactical)
    }

    /// The legal moves that are wanted, in the generator's order.
    pub(super) fn collected(&self, wanted: Wanted) -> Vec<Move> {
        let mut v = Vec::new();
        self.collect_moves(wanted, &mut v);
        v
    }

    /// Generate pseudo-legal moves and keep the legal ones that are wanted. Most moves need
    /// no trial: only one that touches the squares through which the king can be attacked
    /// can expose our king (or leave it in check), and only one that lands on or leaves a
    /// square of [`CheckSquares`] can give check.
    ///
    /// The searches call this with one buffer per depth, so that a generation allocates
    /// nothing.
    pub fn collect_moves(&self, wanted: Wanted, out: &mut Vec<Move>) {
        match wanted {
            Wanted::All => self.collect_legal(false, out),
            Wanted::Captures => self.collect_legal(true, out),
            Wanted::Checks => self.collect_checking(Some(false), out),
            Wanted::Tactical => self.collect_checking(Some(true), out),
            Wanted::QuietChecks => self.collect_checking(None, out),
        }
    }

    /// The legal moves, or only the captures: no move needs the gives-check trial. The
    /// captures are generated as such, not filtered out of every move.
    pub(super) fn collect_legal(&self, captures_only: bool, out: &mut Vec<Move>) {
        if captures_only {
            self.collect_legal_as::<true>(out);
        } else {
            self.collect_legal_as::<false>(out);
        }
    }

    fn collect_legal_as<const TAKES: bool>(&self, out: &mut Vec<Move>) {
        let us = self.turn;
        let guard = Guard::new(self);
        let theirs = self.board.side(!us);
        for from in self.board.occupied_by(us) {
            match self.board.get(from) {
                // A piece with nothing of theirs around it takes nothing.
                Some(p) if TAKES && !reach(p.role, from).intersects(theirs) => continue,
                Some(p) if guard.may_move(from, p.role) => {}
                _ => continue,
            }
            // Most pieces cannot expose the king wherever they go, and in check most can
            // only land on a point that stops it: their moves are kept by a bit test, one
            // piece at a time. The arms spell out `Guard::passes` for each kind of mover: one
            // closure matching on the mover is not inlined and cost more (callgrind, ruling
            // bench: 302 M instructions against 298 M).
            match guard.mover(from, TAKES) {
                Mover::Free => self.gen_piece_as::<TAKES>(from, |m| out.push(m)),
                Mover::Onto(stops) => self.gen_piece_as::<TAKES>(from, |m| {
                    if stops.contains(m.to) {
                        out.push(m);
                    }
                }),
                Mover::Screens(screens) => self.gen_piece_as::<TAKES>(from, |m| {
                    if !screens.contains(m.to) || guard.allows(self, m) {
                        out.push(m);
                    }
                }),
                Mover::Stops(check) => self.gen_piece_as::<TAKES>(from, |m| {
                    if check.may_stop(m) && guard.allows(self, m) {
                        out.push(m);
                    }
                }),
                Mover::Tried => self.gen_piece_as::<TAKES>(from, |m| {
                    if guard.allows(self, m) {
                        out.push(m);
                    }
                }),
            }
        }
    }

    /// How many legal moves of the side to move give check, and how many of those also take
    /// a piece: as [`Position::checking_moves`] without making the list, for ordering moves
    /// by what they leave the opponent.
    pub fn count_checks(&self) -> (usize, usize) {
        let (mut checks, mut taking) = (0, 0);
        self.each_checking(Some(false), |m| {
            checks += 1;
            if self.board.get(m.to).is_some() {
                taking += 1;
            }
        });
        (checks, taking)
    }

    /// The legal moves that give check, and with `Some(true)` the legal captures too; with
    /// `None` only the checks that capture nothing.
    pub(super) fn collect_checking(&self, captures: Option<bool>, out: &mut Vec<Move>) {
        self.each_checking(captures, |m| out.push(m));
    }

    /// See [`Position::collect_checking`]: each move found goes to `found`. A piece that
    /// reaches no square of its [`CheckSquares::targets`] gives no check and, unless captures
    /// are wanted too, makes no move at all; with captures wanted only its captures are made.
    /// Only a horse or pawn that moves, or a piece that leaves a horse's leg, can give a new
    /// check by a jump, so only then are the horses and pawns looked at.
    pub(super) fn each_checking(&self, captures: Option<bool>, mut found: impl FnMut(Move)) {
        let quiet_only = captures.is_none();
        let captures = captures == Some(true);
        let us = self.turn;
        let guard = Guard::new(self);
        let their_king = self.king(!us);
        let legs = LEGS.0[their_king.index()];
        let checking = CheckSquares::new(self);
        let theirs = self.board.side(!us);
        for from in self.board.occupied_by(us) {
            let role = match self.board.get(from) {
                Some(p) if guard.may_move(from, p.role) => p.role,
                _ => continue,
            };
            let mover = guard.mover(from, false);
            // Squares on which this piece may give check, or all of them when moving it off
            // `from` may uncover one.
            let checks_to = checking.targets(from, role);
            if !checks_to.intersects(reach(role, from)) {
                if captures && reach(role, from).intersects(theirs) {
                    self.gen_piece_as::<true>(from, |m| {
                        if guard.passes(self, mover, m) {
                            found(m);
                        }
                    });
                }
                continue;
            }
            let jumps = matches!(role, Role::Horse | Role::Pawn) || legs.contains(from);
            // Off the doubtful squares, a landing on `checks_to` is a check (see
            // [`CheckSquares::doubtful`]) and needs no trial.
            let sure_from = !checking.doubtful.contains(from);
            // The landings that may be wanted: a test inline in the generator, the rest
            // of the work only for those.
            let within = if quiet_only {
                checks_to - theirs
            } else if captures {
                checks_to | theirs
            } else {
                checks_to
            };
            let trial = CheckTrial {
                guard: &guard,
                mover,
                captures,
                theirs,
                sure_from,
                unsure: checking.unsure,
                their_king,
                jumps,
            };
            self.gen_piece(from, |m| {
                if within.contains(m.to) && self.wanted_check(&trial, m) {
                    found(m);
                }
            });
        }
    }

    /// Whether `m`, a move of [`CheckTrial`]'s piece landing where it may be wanted, is a
    /// legal capture (when captures are wanted) or check. Kept out of line, so that the
    /// generator's own test of the landing stays small and inline.
    #[inline(never)]
    fn wanted_check(&self, t: &CheckTrial, m: Move) -> bool {
        if !t.guard.passes(self, t.mover, m) {
            return false;
        }
        // The enemy king is never attacked before our move: a new check comes along a line
        // the move touches, from a horse it unblocks or moves, or from a pawn it moves beside
        // the king (on its lines).
        (t.captures && t.theirs.contains(m.to))
            || (t.sure_from && !t.unsure.contains(m.to))
            || self.attacked_after_move(
                !self.turn,
                m,
                lines_through(t.their_king, m.from, m.to),
                t.jumps,
            )
    }

    /// Whether the side to move has at least one legal move (if not, it has lost: mated, or
    /// stalemated, which also loses in Xiangqi).
    pub fn has_legal_move(&self) -> bool {
        let us = self.turn;
        let guard = Guard::new(self);
        for from in self.board.occupied_by(us) {
            match self.board.get(from) {
                Some(p) if guard.may_move(from, p.role) => {}
                _ => continue,
            }
            let mover = guard.mover(from, false);
            let mut found = false;
            self.gen_piece(from, |m| {
                if !found && guard.passes(self, mover, m) {
                    found = true;
                }
            });
            if found {
                return true;
            }
        }
        false
    }
}

/// What [`Position::wanted_check`] needs of one piece of a checking generation.
struct CheckTrial<'a> {
    guard: &'a Guard,
    mover: Mover,
    /// Whether captures are wanted too.
    captures: bool,
    theirs: SquareSet,
    /// Whether a landing on the piece's targets is a check (see [`CheckSquares::doubtful`]).
    sure_from: bool,
    unsure: SquareSet,
    their_king: Square,
    /// Whether a horse or pawn check may follow the move.
    jumps: bool,
}

/// The points a piece of `role` on `from` may move to, and more: its lines, horse squares,
/// diagonal neighbours or elephant points around it.
#[inline]
fn reach(role: Role, from: Square) -> SquareSet {
    REACH[role.index()].0[from.index()]
}

/// The zone of [`reach`] by role, in the order of [`Role::index`]: a load, not a branch.
static REACH: [&ZoneTable; 7] = [
    &ON_LINES,
    &LEGS,
    &ELEPHANT_SQUARES,
    &HORSE_SQUARES,
    &ON_LINES,
    &ON_LINES,
    &ON_LINES,
];

/// The moves from `from` to the `run` empty points that follow it in direction `dir`.
#[inline(always)]
pub(super) fn push_run(from: Square, dir: usize, run: u32, push: &mut impl FnMut(Move)) {
    let step = attacks::DIRECTIONS[dir] as isize;
    let mut s = from.index() as isize;
    for _ in 0..run {
        s += step;
        push(Move::new(from, Square::from_index_unchecked(s as usize)));
    }
}

/// Which legal moves a generation asks for ([`Position::collect_moves`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// Every legal move ([`Position::legal_moves`]).
    All,
    /// The captures ([`Position::capturing_moves`]).
    Captures,
    /// The checking moves ([`Position::checking_moves`]).
    Checks,
    /// The captures and the checks ([`Position::tactical_moves`]).
    Tactical,
    /// The checks that capture nothing ([`Position::quiet_checking_moves`]).
    QuietChecks,
}

/// What the enemy king's lines give [`CheckSquares`]: the squares from which our rook or
/// cannon attacks it, the new screens for our cannons, the pieces that uncover a check.
#[derive(Default)]
struct KingLines {
    rook: SquareSet,
    cannon: SquareSet,
    screens: SquareSet,
    uncover: SquareSet,
    cannon_first: SquareSet,
    unsure: SquareSet,
}

impl KingLines {
    /// The line from the enemy king `k` in direction `DIR`, for a move of `us`.
    #[inline(always)]
    fn scan<const DIR: usize>(&mut self, pos: &Position, k: Square, us: Color) {
        let ours = |s: Option<Square>, role: Role| {
            s.is_some_and(|s| pos.board.get(s) == Some(Piece::new(us, role)))
        };
        let [b1, b2, b3] = first_on::<3>(pos.board.line(k, DIR), k, DIR);
        let ray = attacks::RAYS[k.index()][DIR];
        let Some(b1) = b1 else {
            self.rook |= ray;
            return;
        };
        let before_first = between(k, b1, DIR);
        self.rook |= before_first | bit(b1);
        self.cannon |= match b2 {
            Some(b2) => between(b1, b2, DIR) | bit(b2),
            None => attacks::RAYS[b1.index()][DIR],
        };
        if ours(Some(b1), Role::Cannon) {
            self.screens |= before_first;
            // That cannon jumping along the line to take the third piece.
            self.cannon |= b3.map_or(SquareSet::EMPTY, bit);
            self.cannon_first |= bit(b1);
            self.unsure |= b3.map_or(SquareSet::EMPTY, bit);
        }
        if ours(b2, Role::Rook) || ours(b3, Role::Cannon) {
            self.uncover |= bit(b1);
        }
        if let Some(b2) = b2.filter(|_| ours(b3, Role::Cannon)) {
            self.uncover |= bit(b2);
        }
    }
}

/// Where a move of the side to move may give check, worked out once per generation from the
/// lines and horse squares around the enemy king (which is not in check). A move checks only
/// if it lands where its piece attacks the king (a rook before the first piece on a line, a
/// cannon behind exactly one, a horse whose leg is free, a pawn beside the king), lands
/// between the king and our cannon that stands first on a line (a new screen), or leaves a
/// square whose piece shields the king from our rook, cannon or horse. These sets may hold
/// a little more than the checking moves (a piece moving along the line it shields), never
/// less: each move they let through is still tried on the board. The one move along a line
/// that checks from a square these rules miss, our first cannon taking the line's third
/// piece, is added to the cannon's squares.
pub(super) struct CheckSquares {
    /// By role, the landing squares from which a piece of that role attacks the king.
    pub(super) direct: [SquareSet; 7],
    /// The new screens for our cannons, where a piece of any role may land to check.
    pub(super) screens: SquareSet,
    /// Pieces that may uncover a check by moving: a line's first piece before our rook or a
    /// line's first or second piece before our cannon, our horse's blocked leg.
    pub(super) uncover: SquareSet,
    /// Where a move from elsewhere that lands on its [`CheckSquares::targets`] may still give
    /// no check: the squares of `uncover` and our cannons standing first on a line of the
    /// king (moving along it, such a cannon lands on its own screens or the cannon squares
    /// of the line). Landing on a target from any other square is a check: a rook, horse,
    /// pawn or cannon lands where it attacks the king with the line or leg as it was (a
    /// piece off the line cannot change it, and no piece on it passes the first one), any
    /// piece landing on a screen has only the king before it and the cannon behind it.
    pub(super) doubtful: SquareSet,
    /// The squares of `direct` on which a landing may give no check whatever square it
    /// comes from: the third piece behind our first cannon, a check only for that cannon.
    pub(super) unsure: SquareSet,
}

impl CheckSquares {
    pub(super) fn new(pos: &Position) -> CheckSquares {
        let us = pos.turn;
        let k = pos.king(!us);
        let mut direct = [SquareSet::EMPTY; 7];
        let mut lines = KingLines::default();
        // Each line with its direction a constant, in the order of the directions.
        lines.scan::<0>(pos, k, us);
        lines.scan::<1>(pos, k, us);
        lines.scan::<2>(pos, k, us);
        lines.scan::<3>(pos, k, us);
        let KingLines {
            rook,
            cannon,
            screens,
            mut uncover,
            cannon_first,
            unsure,
        } = lines;
        let horse = Some(Piece::new(us, Role::Horse));
        // Without a horse of ours, no horse square matters.
        let horses = pos.board.pieces_of(us, &[Role::Horse]);
        for j in HORSE_FROM[k.index()].iter().filter(|_| !horses.is_empty()) {
            match pos.board.get(sq(j.block)) {
                None => direct[Role::Horse.index()] |= bit(sq(j.to)),
                Some(_) if pos.board.get(sq(j.to)) == horse => uncover |= bit(sq(j.block)),
                Some(_) => {}
            }
        }
        direct[Role::Pawn.index()] = PAWN_FROM[us.index()][k.index()].iter().map(sq).collect();
        direct[Role::Rook.index()] = rook;
        direct[Role::Cannon.index()] = cannon;
        CheckSquares {
            direct,
            screens,
            uncover,
            doubtful: uncover | cannon_first,
            unsure,
        }
    }

    /// The landing squares on which the move of our `role` from `from` may give check.
    #[inline]
    pub(super) fn targets(&self, from: Square, role: Role) -> SquareSet {
        if self.uncover.contains(from) {
            SquareSet::FULL
        } else {
            self.direct[role.index()] | self.screens
        }
    }
}

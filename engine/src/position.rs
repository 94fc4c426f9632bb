//! A legal position: the setup checked against the rules of placement, with legal move
//! generation, make/unmake, check detection and attack queries.

use std::fmt;

use crate::attacks::{self, ADVISOR, ELEPHANT, HORSE, HORSE_FROM, KING, PAWN_FROM};
use crate::board::{first_on, first_two_on, place_on_line, run_on};
use crate::zobrist;
use crate::{Board, Color, Move, Piece, Role, Setup, Square};

/// How strictly a setup is checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SetupMode {
    /// Games: at most the standard set of pieces per side.
    #[default]
    Standard,
    /// Composed problems (排局): piece counts may exceed the standard set, except kings.
    Composed,
}

/// One reason a setup is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SetupProblem {
    MissingKing(Color),
    TooManyKings(Color, usize),
    KingOutsidePalace(Color, Square),
    KingsFacing(Square, Square),
    AdvisorOffPoint(Color, Square),
    ElephantOffPoint(Color, Square),
    PawnOffPoint(Color, Square),
    TooMany {
        color: Color,
        role: Role,
        count: usize,
    },
    /// The side that is not to move is in check: its king could be taken.
    OpponentInCheck(Color),
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SetupProblem::MissingKing(c) => write!(f, "{c} has no king"),
            SetupProblem::TooManyKings(c, n) => write!(f, "{c} has {n} kings, one is allowed"),
            SetupProblem::KingOutsidePalace(c, s) => {
                write!(f, "{c} king on {s} is outside its palace")
            }
            SetupProblem::KingsFacing(a, b) => write!(
                f,
                "the kings on {a} and {b} face each other on an open file"
            ),
            SetupProblem::AdvisorOffPoint(c, s) => write!(
                f,
                "{c} advisor on {s} is not on one of its palace's five advisor points"
            ),
            SetupProblem::ElephantOffPoint(c, s) => {
                if s.on_side_of(c) {
                    write!(f, "{c} elephant on {s} is not on one of its seven elephant points")
                } else {
                    write!(f, "{c} elephant on {s} is across the river")
                }
            }
            SetupProblem::PawnOffPoint(c, s) => {
                if s.rank().relative_to(c) < 3 {
                    write!(f, "{c} pawn on {s} is behind its starting rank")
                } else {
                    write!(f, "{c} pawn on {s} is on a file it cannot reach before crossing the river")
                }
            }
            SetupProblem::TooMany { color, role, count } => write!(
                f,
                "{color} has {count} {role}s, the standard set has {} (composed problems may allow more)",
                role.standard_count()
            ),
            SetupProblem::OpponentInCheck(c) => {
                write!(f, "{c} is in check but it is {}'s turn", !c)
            }
        }
    }
}

/// Every reason a setup is illegal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal position: {}", .problems.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
pub struct IllegalSetup {
    pub problems: Vec<SetupProblem>,
}

/// Why a move cannot be played in a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    #[error("the piece on {from} is {}'s {}, but it is {}'s turn", .piece.color, .piece.role, !.piece.color)]
    NotYourPiece { from: Square, piece: Piece },
    #[error("a {} cannot move from {from} to {to}", .piece.role)]
    CannotReach {
        piece: Piece,
        from: Square,
        to: Square,
    },
    #[error("the horse's leg at {leg} is blocked")]
    HorseLegBlocked { leg: Square },
    #[error("the elephant's eye at {eye} is blocked")]
    ElephantEyeBlocked { eye: Square },
    #[error("the {}'s line is blocked at {at}", .piece.role)]
    LineBlocked { piece: Piece, at: Square },
    #[error("the cannon needs exactly one screen to capture on {to}, there is none")]
    CannonNeedsScreen { to: Square },
    #[error("the cannon needs exactly one screen to capture on {to}, there are several")]
    CannonTooManyScreens { to: Square },
    #[error("{to} holds a piece of the same side")]
    CapturesOwnPiece { to: Square },
    #[error("the move leaves the own king in check")]
    LeavesKingInCheck,
    #[error("the move leaves the kings facing on an open file")]
    KingsWouldFace,
}

/// What `play_unchecked` needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: Option<Piece>,
    halfmoves: u32,
}

impl Undo {
    /// The piece the move took, if any.
    pub fn captured(&self) -> Option<Piece> {
        self.captured
    }
}

/// A legal position.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    board: Board,
    turn: Color,
    kings: [Square; 2],
    hash: u64,
    halfmoves: u32,
    fullmoves: u32,
}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", crate::notation::fen::write(self))
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// The standard opening position.
    pub fn start() -> Position {
        Position::new(Setup::start(), SetupMode::Standard).expect("the start position is legal")
    }

    /// Validate a setup, listing every problem found.
    pub fn new(setup: Setup, mode: SetupMode) -> Result<Position, IllegalSetup> {
        let mut problems = Vec::new();
        let board = setup.board;
        let mut kings = [None, None];
        for color in Color::ALL {
            let ks: Vec<Square> = board.squares_of(Piece::new(color, Role::King)).collect();
            match ks.len() {
                0 => problems.push(SetupProblem::MissingKing(color)),
                1 => kings[color.index()] = Some(ks[0]),
                n => problems.push(SetupProblem::TooManyKings(color, n)),
            }
            for role in Role::ALL {
                if role == Role::King || mode == SetupMode::Composed {
                    continue;
                }
                let count = board.count(Piece::new(color, role));
                if count > role.standard_count() {
                    problems.push(SetupProblem::TooMany { color, role, count });
                }
            }
        }
        for (sq, p) in board.pieces() {
            let ok = match p.role {
                Role::King => sq.in_palace_of(p.color),
                Role::Advisor => sq.advisor_point_of(p.color),
                Role::Elephant => sq.elephant_point_of(p.color),
                Role::Pawn => sq.pawn_point_of(p.color),
                _ => true,
            };
            if !ok {
                problems.push(match p.role {
                    Role::King => SetupProblem::KingOutsidePalace(p.color, sq),
                    Role::Advisor => SetupProblem::AdvisorOffPoint(p.color, sq),
                    Role::Elephant => SetupProblem::ElephantOffPoint(p.color, sq),
                    _ => SetupProblem::PawnOffPoint(p.color, sq),
                });
            }
        }
        let (Some(rk), Some(bk)) = (kings[0], kings[1]) else {
            return Err(IllegalSetup { problems });
        };
        if !problems.is_empty() {
            return Err(IllegalSetup { problems });
        }
        let mut pos = Position {
            board,
            turn: setup.turn,
            kings: [rk, bk],
            hash: 0,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
        };
        pos.hash = pos.compute_hash();
        if pos.kings_face() {
            problems.push(SetupProblem::KingsFacing(rk, bk));
        } else if pos.is_king_attacked(!pos.turn) {
            problems.push(SetupProblem::OpponentInCheck(!pos.turn));
        }
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(IllegalSetup { problems })
        }
    }

    /// The position as an unvalidated setup.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            turn: self.turn,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    fn compute_hash(&self) -> u64 {
        let mut h = zobrist::side_key(self.turn);
        for (sq, p) in self.board.pieces() {
            h ^= zobrist::piece_key(p, sq);
        }
        h
    }

    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.get(sq)
    }

    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.kings[color.index()]
    }

    /// The Zobrist key of placement and side to move (counters excluded), for repetitions.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The same position with the other side to move. Used by the rulings, which ask what the
    /// side that just moved could do if it moved again (接续再走). `None` when that side's
    /// opponent would then be in check (the question is meaningless then).
    pub fn with_turn(&self, turn: Color) -> Option<Position> {
        if turn == self.turn {
            return Some(self.clone());
        }
        if self.is_king_attacked(self.turn) {
            return None;
        }
        let mut p = self.clone();
        p.hash ^= zobrist::side_key(p.turn) ^ zobrist::side_key(turn);
        p.turn = turn;
        Some(p)
    }

    fn kings_face(&self) -> bool {
        let (r, b) = (self.kings[0], self.kings[1]);
        if r.file() != b.file() {
            return false;
        }
        attacks::ray(r, 0)
            .take_while(|&s| s != b)
            .all(|s| self.board.get(s).is_none())
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.is_king_attacked(self.turn)
    }

    /// Whether the king of `color` is attacked (including by the other king on an open file).
    /// Only the lines on which a rook, cannon or king of the other side stands are scanned,
    /// and the horse squares only when a horse of theirs is on one.
    #[inline]
    pub fn is_king_attacked(&self, color: Color) -> bool {
        let k = self.kings[color.index()];
        let them = !color;
        let board = &self.board;
        let rook = Some(Piece::new(them, Role::Rook));
        let cannon = Some(Piece::new(them, Role::Cannon));
        let king = Some(Piece::new(them, Role::King));
        let sliders = board.pieces_of(them, &[Role::Rook, Role::Cannon, Role::King]);
        for dir in 0..4 {
            if attacks::RAYS[k.index()][dir] & sliders == 0 {
                continue;
            }
            let [first, second] = board.first_two(k, dir);
            let Some(first) = first else { continue };
            let p = board.get(first);
            if p == rook || (dir < 2 && p == king) {
                return true;
            }
            if second.is_some_and(|s| board.get(s) == cannon) {
                return true;
            }
        }
        let horse = Some(Piece::new(them, Role::Horse));
        if board.pieces_of(them, &[Role::Horse]) & HORSE_SQUARES.0[k.index()] != 0 {
            for j in HORSE_FROM[k.index()].iter() {
                if board.get(sq(j.to)) == horse && board.get(sq(j.block)).is_none() {
                    return true;
                }
            }
        }
        let pawn = Some(Piece::new(them, Role::Pawn));
        PAWN_FROM[them.index()][k.index()]
            .iter()
            .any(|s| board.get(sq(s)) == pawn)
    }

    /// Whether the king of `color` would be attacked once `m` (a pseudo-legal move of either
    /// side) is played, read off the board as it would be then instead of playing the move:
    /// a trial costs a few bit scans rather than a make and an unmake. Only the lines through
    /// the king in `dirs` (a bit per entry of [`attacks::DIRECTIONS`]) are scanned, and the
    /// horses and pawns only if `jumps`. `m` may not take that king.
    #[inline]
    fn attacked_after_move(&self, color: Color, m: Move, dirs: u8, jumps: bool) -> bool {
        let moved = self.board.get(m.from);
        let own_king = Some(Piece::new(color, Role::King));
        let k = if moved == own_king {
            m.to
        } else {
            self.kings[color.index()]
        };
        // The piece on a square once the move is made.
        let at = |s: Square| {
            if s == m.to {
                moved
            } else if s == m.from {
                None
            } else {
                self.board.get(s)
            }
        };
        let them = !color;
        let rook = Some(Piece::new(them, Role::Rook));
        let cannon = Some(Piece::new(them, Role::Cannon));
        let king = Some(Piece::new(them, Role::King));
        // Only lines on which a slider of theirs stands, or lands, are scanned; the same for
        // the horses.
        let landing = if moved.is_some_and(|p| p.color == them) {
            bit(m.to)
        } else {
            0
        };
        let sliders = self
            .board
            .pieces_of(them, &[Role::Rook, Role::Cannon, Role::King])
            | landing;
        for dir in 0..4 {
            if dirs & (1 << dir) == 0 || attacks::RAYS[k.index()][dir] & sliders == 0 {
                continue;
            }
            let mut line = self.board.line(k, dir);
            if let Some(i) = place_on_line(k, dir, m.from) {
                line &= !(1 << i);
            }
            if let Some(i) = place_on_line(k, dir, m.to) {
                line |= 1 << i;
            }
            let [first, second] = first_two_on(line, k, dir);
            let Some(first) = first else { continue };
            let p = at(first);
            if p == rook || (dir < 2 && p == king) {
                return true;
            }
            if second.is_some_and(|s| at(s) == cannon) {
                return true;
            }
        }
        if !jumps {
            return false;
        }
        let horse = Some(Piece::new(them, Role::Horse));
        if (self.board.pieces_of(them, &[Role::Horse]) | landing) & HORSE_SQUARES.0[k.index()] != 0
        {
            for j in HORSE_FROM[k.index()].iter() {
                if at(sq(j.to)) == horse && at(sq(j.block)).is_none() {
                    return true;
                }
            }
        }
        let pawn = Some(Piece::new(them, Role::Pawn));
        PAWN_FROM[them.index()][k.index()]
            .iter()
            .any(|s| at(sq(s)) == pawn)
    }

    /// The pieces of `by` giving check to the other side's king (flying general excluded).
    pub fn checkers(&self, by: Color) -> Vec<Square> {
        let k = self.kings[(!by).index()];
        self.attackers(k, by)
    }

    /// The pieces of the side to move that may legally take on `target` now: what protects a
    /// piece just taken there (a pinned or otherwise unable guard is no root).
    pub fn takers(&self, target: Square) -> Vec<Square> {
        self.attackers(target, self.turn)
            .into_iter()
            .filter(|&s| self.is_legal(Move::new(s, target)))
            .collect()
    }

    /// Every piece of `by` that could move to `target` by the geometry of its move, whatever
    /// stands on `target` (so for a piece of `by` itself this lists its protectors). Pins and
    /// checks are ignored: that is the business of the root analysis. The flying general is not
    /// an attack on anything but a king and is left out.
    pub fn attackers(&self, target: Square, by: Color) -> Vec<Square> {
        let mut out = Vec::new();
        self.for_each_attacker(target, by, |s| out.push(s));
        out
    }

    /// Whether any piece of `by` attacks `target` (see [`Position::attackers`]).
    pub fn is_attacked_by(&self, target: Square, by: Color) -> bool {
        let mut found = false;
        self.for_each_attacker(target, by, |_| found = true);
        found
    }

    fn for_each_attacker(&self, target: Square, by: Color, mut f: impl FnMut(Square)) {
        let t = target.index();
        let board = &self.board;
        let rooks = board.pieces_of(by, &[Role::Rook]);
        let cannons = board.pieces_of(by, &[Role::Cannon]);
        for dir in 0..4 {
            if attacks::RAYS[t][dir] & (rooks | cannons) == 0 {
                continue;
            }
            let [first, second] = first_on::<2>(board.line(target, dir), target, dir);
            if let Some(s) = first.filter(|&s| rooks & bit(s) != 0) {
                f(s);
            }
            if let Some(s) = second.filter(|&s| cannons & bit(s) != 0) {
                f(s);
            }
        }
        if board.pieces_of(by, &[Role::Horse]) & HORSE_SQUARES.0[t] != 0 {
            for j in HORSE_FROM[t].iter() {
                if board.get(sq(j.to)) == Some(Piece::new(by, Role::Horse))
                    && board.get(sq(j.block)).is_none()
                {
                    f(sq(j.to));
                }
            }
        }
        for s in PAWN_FROM[by.index()][t].iter() {
            if self.board.get(sq(s)) == Some(Piece::new(by, Role::Pawn)) {
                f(sq(s));
            }
        }
        for j in ELEPHANT[t].iter() {
            if self.board.get(sq(j.to)) == Some(Piece::new(by, Role::Elephant))
                && self.board.get(sq(j.block)).is_none()
            {
                f(sq(j.to));
            }
        }
        for s in ADVISOR[t].iter() {
            if self.board.get(sq(s)) == Some(Piece::new(by, Role::Advisor)) {
                f(sq(s));
            }
        }
        for s in KING[t].iter() {
            if self.board.get(sq(s)) == Some(Piece::new(by, Role::King)) {
                f(sq(s));
            }
        }
    }

    /// Squares the piece on `from` could move to by its geometry, including captures, ignoring
    /// whether its own king is left in check.
    pub fn pseudo_targets(&self, from: Square) -> Vec<Square> {
        let mut out = Vec::new();
        self.gen_piece(from, |m| out.push(m.to));
        out
    }

    #[inline]
    fn gen_piece(&self, from: Square, mut push: impl FnMut(Move)) {
        let Some(p) = self.board.get(from) else {
            return;
        };
        let us = p.color;
        let f = from.index();
        let free = |s: u8| match self.board.get(sq(s)) {
            None => true,
            Some(q) => q.color != us,
        };
        match p.role {
            // The empty run along each line is a bit scan away; the squares are stepped to.
            Role::Rook => {
                for dir in 0..4 {
                    let (run, [target]) = run_on::<1>(self.board.line(from, dir), from, dir);
                    push_run(from, dir, run, &mut push);
                    if let Some(s) = target.filter(|s| free(s.index() as u8)) {
                        push(Move::new(from, s));
                    }
                }
            }
            Role::Cannon => {
                for dir in 0..4 {
                    let (run, [_, target]) = run_on::<2>(self.board.line(from, dir), from, dir);
                    push_run(from, dir, run, &mut push);
                    if let Some(s) = target.filter(|s| free(s.index() as u8)) {
                        push(Move::new(from, s));
                    }
                }
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
    fn collected(&self, wanted: Wanted) -> Vec<Move> {
        let mut v = Vec::new();
        self.collect_moves(wanted, &mut v);
        v
    }

    /// Generate pseudo-legal moves and keep the legal ones that are wanted. Most moves need
    /// no trial: only one that touches the squares through which the king can be attacked
    /// can expose our king (or leave it in check), and only one that lands on or leaves a
    /// square of [`CheckSquares`] can give check.
    pub(crate) fn collect_moves(&self, wanted: Wanted, out: &mut Vec<Move>) {
        match wanted {
            Wanted::All => self.collect_legal(false, out),
            Wanted::Captures => self.collect_legal(true, out),
            Wanted::Checks => self.collect_checking(Some(false), out),
            Wanted::Tactical => self.collect_checking(Some(true), out),
            Wanted::QuietChecks => self.collect_checking(None, out),
        }
    }

    /// The legal moves, or only the captures: no move needs the gives-check trial.
    fn collect_legal(&self, captures_only: bool, out: &mut Vec<Move>) {
        let us = self.turn;
        let guard = Guard::new(self);
        for from in self.board.occupied_by(us) {
            match self.board.get(from) {
                Some(p) if guard.may_move(from, p.role) => {}
                _ => continue,
            }
            // Most pieces cannot expose the king wherever they go: their moves are kept
            // without a test, one piece at a time.
            let safe = guard.safe_from(from);
            self.gen_piece(from, |m| {
                let wanted = !captures_only || self.board.get(m.to).is_some();
                if wanted && (safe || guard.allows(self, m)) {
                    out.push(m);
                }
            });
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
    fn collect_checking(&self, captures: Option<bool>, out: &mut Vec<Move>) {
        self.each_checking(captures, |m| out.push(m));
    }

    /// See [`Position::collect_checking`]: each move found goes to `found`.
    fn each_checking(&self, captures: Option<bool>, mut found: impl FnMut(Move)) {
        let quiet_only = captures.is_none();
        let captures = captures == Some(true);
        let us = self.turn;
        let guard = Guard::new(self);
        let their_king = self.king(!us);
        let checking = CheckSquares::new(self);
        for from in self.board.occupied_by(us) {
            let role = match self.board.get(from) {
                Some(p) if guard.may_move(from, p.role) => p.role,
                _ => continue,
            };
            // Squares on which this piece may give check, or all of them when moving it off
            // `from` may uncover one.
            let checks_to = checking.targets(from, role);
            self.gen_piece(from, |m| {
                let takes = self.board.get(m.to).is_some();
                if quiet_only && takes {
                    return;
                }
                let keep = captures && takes;
                if !keep && checks_to & bit(m.to) == 0 {
                    return;
                }
                if !guard.allows(self, m) {
                    return;
                }
                // The enemy king is never attacked before our move: a new check comes along a
                // line the move touches, from a horse it unblocks or moves, or from a pawn it
                // moves beside the king (on its lines).
                if keep
                    || self.attacked_after_move(
                        !us,
                        m,
                        lines_through(their_king, m.from, m.to),
                        true,
                    )
                {
                    found(m);
                }
            });
        }
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
            let safe = guard.safe_from(from);
            let mut found = false;
            self.gen_piece(from, |m| {
                if !found && (safe || guard.allows(self, m)) {
                    found = true;
                }
            });
            if found {
                return true;
            }
        }
        false
    }

    /// Whether `m` is a legal move here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.check_move(m).is_ok()
    }

    /// Check a move and say precisely why it is illegal.
    pub fn check_move(&self, m: Move) -> Result<(), MoveError> {
        let Some(p) = self.board.get(m.from) else {
            return Err(MoveError::NoPiece(m.from));
        };
        if p.color != self.turn {
            return Err(MoveError::NotYourPiece {
                from: m.from,
                piece: p,
            });
        }
        if let Some(q) = self.board.get(m.to) {
            if q.color == p.color {
                return Err(MoveError::CapturesOwnPiece { to: m.to });
            }
        }
        let mut reachable = false;
        self.gen_piece(m.from, |g| reachable |= g == m);
        if !reachable {
            return Err(self.why_unreachable(p, m));
        }
        // Legal moves, the common case, are told without playing them; only an illegal one
        // is played to say why.
        if !self.attacked_after_move(p.color, m, ALL_LINES, true) {
            return Ok(());
        }
        let mut scratch = self.clone();
        let undo = scratch.play_unchecked(m);
        if scratch.kings_face() {
            return Err(MoveError::KingsWouldFace);
        }
        if scratch.is_king_attacked(p.color) {
            return Err(MoveError::LeavesKingInCheck);
        }
        scratch.undo(m, undo);
        Ok(())
    }

    fn why_unreachable(&self, p: Piece, m: Move) -> MoveError {
        let cannot = MoveError::CannotReach {
            piece: p,
            from: m.from,
            to: m.to,
        };
        let (f, t) = (m.from.index(), m.to.index());
        match p.role {
            Role::Horse => HORSE[f]
                .iter()
                .find(|j| j.to as usize == t)
                .map_or(cannot, |j| MoveError::HorseLegBlocked { leg: sq(j.block) }),
            Role::Elephant => ELEPHANT[f]
                .iter()
                .find(|j| j.to as usize == t)
                .map_or(cannot, |j| MoveError::ElephantEyeBlocked {
                    eye: sq(j.block),
                }),
            Role::Rook | Role::Cannon => {
                let Some(dir) = (0..4).find(|&d| attacks::ray(m.from, d).any(|s| s == m.to)) else {
                    return cannot;
                };
                let between: Vec<Square> = attacks::ray(m.from, dir)
                    .take_while(|&s| s != m.to)
                    .filter(|&s| self.board.get(s).is_some())
                    .collect();
                if p.role == Role::Rook || self.board.get(m.to).is_none() {
                    MoveError::LineBlocked {
                        piece: p,
                        at: between[0],
                    }
                } else if between.is_empty() {
                    MoveError::CannonNeedsScreen { to: m.to }
                } else {
                    MoveError::CannonTooManyScreens { to: m.to }
                }
            }
            _ => cannot,
        }
    }

    /// Play a move without checking it. The caller guarantees it is at least pseudo-legal.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) -> Undo {
        let captured = self.board.move_piece(m.from, m.to);
        let p = self.board.get(m.to).expect("the moved piece");
        let mut h = self.hash ^ zobrist::piece_key(p, m.from) ^ zobrist::piece_key(p, m.to);
        if let Some(c) = captured {
            h ^= zobrist::piece_key(c, m.to);
        }
        h ^= zobrist::side_key(self.turn) ^ zobrist::side_key(!self.turn);
        self.hash = h;
        if p.role == Role::King {
            self.kings[p.color.index()] = m.to;
        }
        let undo = Undo {
            captured,
            halfmoves: self.halfmoves,
        };
        self.halfmoves = if captured.is_some() {
            0
        } else {
            self.halfmoves + 1
        };
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !self.turn;
        undo
    }

    /// Take back `m`, played with [`Position::play_unchecked`].
    #[inline]
    pub fn undo(&mut self, m: Move, undo: Undo) {
        self.turn = !self.turn;
        if self.turn == Color::Black {
            self.fullmoves -= 1;
        }
        self.halfmoves = undo.halfmoves;
        self.board.unmove_piece(m.from, m.to, undo.captured);
        let p = self.board.get(m.from).expect("the moved piece");
        let mut h = self.hash ^ zobrist::piece_key(p, m.from) ^ zobrist::piece_key(p, m.to);
        if let Some(c) = undo.captured {
            h ^= zobrist::piece_key(c, m.to);
        }
        h ^= zobrist::side_key(self.turn) ^ zobrist::side_key(!self.turn);
        self.hash = h;
        if p.role == Role::King {
            self.kings[p.color.index()] = m.from;
        }
    }

    /// Play a legal move, or say why it is not legal.
    pub fn play(&self, m: Move) -> Result<Position, MoveError> {
        self.check_move(m)?;
        let mut p = self.clone();
        p.play_unchecked(m);
        Ok(p)
    }

    /// Play a move known to be legal (for example one from [`Position::legal_moves`]).
    pub fn after(&self, m: Move) -> Position {
        let mut p = self.clone();
        p.play_unchecked(m);
        p
    }

    /// Count leaf nodes of the legal move tree to `depth` (bulk-counted at the last ply).
    pub fn perft(&self, depth: u32) -> u64 {
        let mut bufs: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(128)).collect();
        let mut pos = self.clone();
        perft_inner(&mut pos, depth, &mut bufs)
    }
}

fn perft_inner(pos: &mut Position, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (head, tail) = bufs.split_first_mut().expect("one buffer per ply");
    pos.legal_moves_into(head);
    if depth == 1 {
        return head.len() as u64;
    }
    let mut n = 0;
    for &m in head.iter() {
        let u = pos.play_unchecked(m);
        n += perft_inner(pos, depth - 1, tail);
        pos.undo(m, u);
    }
    n
}

/// The moves from `from` to the `run` empty points that follow it in direction `dir`.
#[inline(always)]
fn push_run(from: Square, dir: usize, run: u32, push: &mut impl FnMut(Move)) {
    let step = attacks::DIRECTIONS[dir] as isize;
    let mut s = from.index() as isize;
    for _ in 0..run {
        s += step;
        push(Move::new(from, Square::from_index_unchecked(s as usize)));
    }
}

/// A check on the king of the side to move and what stops it (see [`Guard`]).
#[derive(Clone, Copy)]
struct Check {
    /// Where a move must land to stop it: on the checker, between it and the king, on the
    /// horse's leg (a set of [`bit`]s).
    stops: u128,
    /// The cannon's screen, which may also stop it by stepping away.
    screen: Option<Square>,
}

impl Check {
    /// Whether `m` (not a king move) can stop this check; if not, the king stays attacked.
    #[inline]
    fn may_stop(&self, m: Move) -> bool {
        self.stops & bit(m.to) != 0 || self.screen == Some(m.from)
    }
}

/// A square as a one-bit set of the 90 points.
#[inline]
fn bit(s: Square) -> u128 {
    1 << s.index()
}

use attacks::between;

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
struct CheckSquares {
    /// By role, the landing squares from which a piece of that role attacks the king, with
    /// the new screens for our cannons added to every role.
    direct: [u128; 7],
    /// Pieces that may uncover a check by moving: a line's first piece before our rook or a
    /// line's first or second piece before our cannon, our horse's blocked leg.
    uncover: u128,
}

impl CheckSquares {
    fn new(pos: &Position) -> CheckSquares {
        let us = pos.turn;
        let k = pos.king(!us);
        let ours = |s: Option<Square>, role: Role| {
            s.is_some_and(|s| pos.board.get(s) == Some(Piece::new(us, role)))
        };
        let mut direct = [0u128; 7];
        let (mut rook, mut cannon, mut screens, mut uncover) = (0u128, 0u128, 0u128, 0u128);
        for dir in 0..4 {
            let [b1, b2, b3] = first_on::<3>(pos.board.line(k, dir), k, dir);
            let ray = attacks::RAYS[k.index()][dir];
            let Some(b1) = b1 else {
                rook |= ray;
                continue;
            };
            let before_first = between(k, b1, dir);
            rook |= before_first | bit(b1);
            cannon |= match b2 {
                Some(b2) => between(b1, b2, dir) | bit(b2),
                None => attacks::RAYS[b1.index()][dir],
            };
            if ours(Some(b1), Role::Cannon) {
                screens |= before_first;
                // That cannon jumping along the line to take the third piece.
                cannon |= b3.map_or(0, bit);
            }
            if ours(b2, Role::Rook) || ours(b3, Role::Cannon) {
                uncover |= bit(b1);
            }
            if let Some(b2) = b2.filter(|_| ours(b3, Role::Cannon)) {
                uncover |= bit(b2);
            }
        }
        let horse = Some(Piece::new(us, Role::Horse));
        for j in HORSE_FROM[k.index()].iter() {
            match pos.board.get(sq(j.block)) {
                None => direct[Role::Horse.index()] |= bit(sq(j.to)),
                Some(_) if pos.board.get(sq(j.to)) == horse => uncover |= bit(sq(j.block)),
                Some(_) => {}
            }
        }
        direct[Role::Pawn.index()] = PAWN_FROM[us.index()][k.index()]
            .iter()
            .fold(0, |set, s| set | bit(sq(s)));
        direct[Role::Rook.index()] = rook;
        direct[Role::Cannon.index()] = cannon;
        for d in direct.iter_mut() {
            *d |= screens;
        }
        CheckSquares { direct, uncover }
    }

    /// The landing squares on which the move of our `role` from `from` may give check.
    #[inline]
    fn targets(&self, from: Square, role: Role) -> u128 {
        if self.uncover & bit(from) != 0 {
            u128::MAX
        } else {
            self.direct[role.index()]
        }
    }
}

/// What the legality test of each move of one generation needs, worked out once: where the
/// king of the side to move stands, the first check found on it, if any, and out of check the
/// few squares through which a move can expose it. Any legal move other than a king move must
/// stop every check, so it must at least stop the first.
struct Guard {
    king: Square,
    check: Option<Check>,
    /// Out of check, the pieces whose leaving their square may expose the king: a line's first
    /// piece before an enemy rook (or the enemy king on the file), a line's first or second
    /// piece before an enemy cannon, the blocked leg of an enemy horse aimed at the king
    /// (pins, in chess words). Enemy pieces may be listed too: they never move here.
    uncovers: u128,
    /// Out of check, the empty squares between the king and an enemy cannon standing first on
    /// one of its lines: a piece landing there becomes the cannon's screen.
    screens: u128,
}

impl Guard {
    /// One scan of the king's four lines and its horse and pawn squares finds both the check
    /// and, out of check, the squares of `uncovers` and `screens`.
    fn new(pos: &Position) -> Guard {
        let king = pos.king(pos.turn);
        let them = !pos.turn;
        let board = &pos.board;
        let piece = |s: Square| board.get(s);
        let rook = Some(Piece::new(them, Role::Rook));
        let cannon = Some(Piece::new(them, Role::Cannon));
        let their_king = Some(Piece::new(them, Role::King));
        let (mut uncovers, mut screens) = (0, 0);
        let mut check = None;
        let sliders = board.pieces_of(them, &[Role::Rook, Role::Cannon, Role::King]);
        for dir in 0..4 {
            if attacks::RAYS[king.index()][dir] & sliders == 0 {
                continue;
            }
            let [b1, b2, b3] = first_on::<3>(board.line(king, dir), king, dir);
            let Some(b1) = b1 else { continue };
            let p1 = piece(b1);
            let p2 = b2.and_then(piece);
            if p1 == rook || (dir < 2 && p1 == their_king) {
                check.get_or_insert(Check {
                    stops: between(king, b1, dir) | bit(b1),
                    screen: None,
                });
                continue;
            }
            if let Some(b2) = b2.filter(|_| p2 == cannon) {
                check.get_or_insert(Check {
                    stops: between(king, b2, dir) & !bit(b1) | bit(b2),
                    screen: Some(b1),
                });
                continue;
            }
            if p1 == cannon {
                screens |= between(king, b1, dir);
            }
            let cannon_third = b3.and_then(piece) == cannon;
            if cannon_third || p2 == rook || (dir < 2 && p2 == their_king) {
                uncovers |= bit(b1);
            }
            if let Some(b2) = b2.filter(|_| cannon_third) {
                uncovers |= bit(b2);
            }
        }
        let horses = board.pieces_of(them, &[Role::Horse]) & HORSE_SQUARES.0[king.index()];
        for j in HORSE_FROM[king.index()].iter().filter(|_| horses != 0) {
            if horses & bit(sq(j.to)) == 0 {
                continue;
            }
            if piece(sq(j.block)).is_none() {
                check.get_or_insert(Check {
                    stops: bit(sq(j.to)) | bit(sq(j.block)),
                    screen: None,
                });
            } else {
                uncovers |= bit(sq(j.block));
            }
        }
        if check.is_none() {
            let pawn = Some(Piece::new(them, Role::Pawn));
            check = PAWN_FROM[them.index()][king.index()]
                .iter()
                .find(|&s| piece(sq(s)) == pawn)
                .map(|s| Check {
                    stops: bit(sq(s)),
                    screen: None,
                });
        }
        Guard {
            king,
            check,
            uncovers,
            screens,
        }
    }

    /// Whether the piece of the side to move on `from`, a `role`, may have a legal move at
    /// all as far as the check goes: in check, a rook or cannon that shares no line with a
    /// point that stops the check, or a horse that cannot jump onto one, has none (unless it
    /// is the screen that may step away), and its moves need not be generated.
    #[inline]
    fn may_move(&self, from: Square, role: Role) -> bool {
        let Some(check) = self.check else {
            return true;
        };
        if from == self.king || check.screen == Some(from) {
            return true;
        }
        match role {
            Role::Rook | Role::Cannon => check.stops & ON_LINES.0[from.index()] != 0,
            Role::Horse => check.stops & HORSE_SQUARES.0[from.index()] != 0,
            _ => true,
        }
    }

    /// Whether every pseudo-legal move of the piece on `from` is legal: out of check, a piece
    /// that is not the king and uncovers nothing, when no cannon stands first on a king's
    /// line waiting for a screen.
    #[inline]
    fn safe_from(&self, from: Square) -> bool {
        self.check.is_none()
            && from != self.king
            && self.screens == 0
            && (self.uncovers == 0 || self.uncovers & bit(from) == 0)
    }

    /// Whether the pseudo-legal move `m` of the side to move leaves its king safe. A king
    /// move is tried against every line; in check, only a move that may stop the check is
    /// tried; out of check, a safe king is exposed only by a move off a square of `uncovers`
    /// or onto one of `screens` (a capture changes no occupancy, a landing piece only blocks
    /// otherwise, and no move uncovers a pawn), and only along the lines that move touches.
    #[inline]
    fn allows(&self, pos: &Position, m: Move) -> bool {
        let us = pos.turn;
        if m.from == self.king {
            return !pos.attacked_after_move(us, m, ALL_LINES, true);
        }
        if let Some(check) = self.check {
            return check.may_stop(m) && !pos.attacked_after_move(us, m, ALL_LINES, true);
        }
        if (self.uncovers & bit(m.from)) | (self.screens & bit(m.to)) == 0 {
            return true;
        }
        let from_leg = LEGS.0[self.king.index()] & bit(m.from) != 0;
        !pos.attacked_after_move(us, m, lines_through(self.king, m.from, m.to), from_leg)
    }
}

/// Every line through a king, as a `dirs` mask of [`Position::attacked_after_move`].
const ALL_LINES: u8 = 0b1111;

/// The lines through the king on `k` (as a `dirs` mask) on which `a` or `b` lies: the only
/// lines a move between them can open or close.
#[inline]
fn lines_through(k: Square, a: Square, b: Square) -> u8 {
    let dir_to = |s: Square| -> u8 {
        if s.file() == k.file() {
            if s.rank() > k.rank() {
                0b0001
            } else {
                0b0010
            }
        } else if s.rank() == k.rank() {
            if s.file() > k.file() {
                0b0100
            } else {
                0b1000
            }
        } else {
            0
        }
    };
    dir_to(a) | dir_to(b)
}

#[inline(always)]
fn sq(i: u8) -> Square {
    Square::from_index_unchecked(i as usize)
}

/// Which legal moves a generation asks for.
#[derive(Clone, Copy)]
pub(crate) enum Wanted {
    All,
    Captures,
    Checks,
    Tactical,
    QuietChecks,
}

/// The squares of one kind around each of the 90 points: on its file and rank, its diagonal
/// neighbours (horse legs), the points a horse jumps to.
struct ZoneTable([u128; 90]);

/// Which squares a [`ZoneTable`] lists.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Zone {
    Lines,
    Legs,
    Horses,
}

/// For each point, the squares of kind `zone` around it, by their (file, rank) offset.
const fn zone_table(zone: Zone) -> ZoneTable {
    let mut t = [0u128; 90];
    let mut k = 0usize;
    while k < 90 {
        let mut s = 0usize;
        while s < 90 {
            let df = (k % 9).abs_diff(s % 9);
            let dr = (k / 9).abs_diff(s / 9);
            let near = match zone {
                Zone::Lines => df == 0 || dr == 0,
                Zone::Legs => df == 1 && dr == 1,
                Zone::Horses => (df == 1 && dr == 2) || (df == 2 && dr == 1),
            };
            if near {
                t[k] |= 1 << s;
            }
            s += 1;
        }
        k += 1;
    }
    ZoneTable(t)
}

static ON_LINES: ZoneTable = zone_table(Zone::Lines);
static LEGS: ZoneTable = zone_table(Zone::Legs);
static HORSE_SQUARES: ZoneTable = zone_table(Zone::Horses);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;

    fn pos(f: &str) -> Position {
        fen::parse(f, SetupMode::Standard).unwrap()
    }

    fn mv(s: &str) -> Move {
        crate::notation::iccs::parse(s).unwrap()
    }

    #[test]
    fn illegal_moves_say_why() {
        let p = Position::start();
        assert_eq!(
            p.check_move(mv("b0d1")).unwrap_err().to_string(),
            "the horse's leg at c0 is blocked"
        );
        assert_eq!(
            p.check_move(mv("b0b1")).unwrap_err().to_string(),
            "a horse cannot move from b0 to b1"
        );
        let p2 = p.play(mv("b2b6")).unwrap().play(mv("h9g7")).unwrap();
        assert_eq!(p2.check_move(mv("b0c2")), Ok(()));
        assert_eq!(p.check_move(mv("c0e2")), Ok(()), "elephant to the centre");
        assert_eq!(
            p.check_move(mv("a0a4")).unwrap_err().to_string(),
            "the rook's line is blocked at a3"
        );
        assert_eq!(
            p.check_move(mv("b2b7")).unwrap_err().to_string(),
            "the cannon needs exactly one screen to capture on b7, there is none"
        );
        assert_eq!(
            p.check_move(mv("b2b9")),
            Ok(()),
            "the cannon takes over the screen"
        );
        let screens = pos("1rbakabnr/1n7/1c5c1/4p4/9/9/4P4/1C5C1/9/RNBAKABNR w");
        assert_eq!(
            screens.check_move(mv("b2b9")).unwrap_err().to_string(),
            "the cannon needs exactly one screen to capture on b9, there are several"
        );
        assert_eq!(
            p.check_move(mv("a6a5")).unwrap_err().to_string(),
            "the piece on a6 is black's pawn, but it is red's turn"
        );
        // A horse whose leg is blocked.
        let q = pos("3k5/9/9/9/9/9/9/9/4A2R1/3AK2N1 w");
        assert_eq!(
            q.check_move(mv("h0i2")).unwrap_err().to_string(),
            "the horse's leg at h1 is blocked"
        );
        // The flying general: the advisor may not leave the file between the kings.
        let f = pos("4k4/9/9/9/9/9/9/9/4A4/4K4 w");
        assert_eq!(f.check_move(mv("e1d2")), Err(MoveError::KingsWouldFace));
    }

    #[test]
    fn make_and_undo_restore_everything() {
        let p = pos("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w");
        let mut q = p.clone();
        for m in p.legal_moves() {
            let u = q.play_unchecked(m);
            assert_eq!(q.hash(), q.compute_hash(), "incremental hash after {m}");
            let mut placed = Board::empty();
            for (s, piece) in q.board.pieces() {
                placed.set(s, Some(piece));
            }
            assert_eq!(q.board, placed, "the board's bit sets after {m}");
            q.undo(m, u);
            assert_eq!(q, p);
        }
    }

    #[test]
    fn checking_and_tactical_moves_are_the_legal_moves_that_check_or_capture() {
        let fens = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
            "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w",
            "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w",
            "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w",
        ];
        // The perft positions too: many lines, screens and horse legs around both kings.
        let perft: Vec<&str> = include_str!("../tests/perft.txt")
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| l.split(';').next().expect("a FEN"))
            .collect();
        for f in fens.into_iter().chain(perft) {
            let root = pos(f);
            // The position and every position one and two plies later, for both sides.
            let mut all = vec![root.clone()];
            for m in root.legal_moves() {
                let p = root.after(m);
                all.extend(p.legal_moves().into_iter().map(|m| p.after(m)));
                all.push(p);
            }
            for p in all {
                // Each generator against the legal moves filtered by what it promises.
                let same = |mut got: Vec<Move>, wanted: &dyn Fn(Move) -> bool| {
                    let mut expected: Vec<Move> =
                        p.legal_moves().into_iter().filter(|&m| wanted(m)).collect();
                    expected.sort();
                    got.sort();
                    assert_eq!(got, expected, "{}", crate::notation::fen::write(&p));
                };
                let checks = |m: Move| p.after(m).in_check();
                let captures = |m: Move| p.piece_at(m.to).is_some();
                same(p.checking_moves(), &checks);
                same(p.capturing_moves(), &captures);
                same(p.tactical_moves(), &|m| captures(m) || checks(m));
                let legal = p.legal_moves();
                let counted = (
                    legal.iter().filter(|&&m| checks(m)).count(),
                    legal.iter().filter(|&&m| checks(m) && captures(m)).count(),
                );
                assert_eq!(
                    p.count_checks(),
                    counted,
                    "{}",
                    crate::notation::fen::write(&p)
                );
            }
        }
    }

    /// The generator's shortcuts (only moves that may stop a check are tried in check, only
    /// the lines a move touches out of check) agree with trying every pseudo-legal move in
    /// full, on the perft positions and every position up to two plies after them.
    #[test]
    fn legal_moves_are_the_pseudo_legal_moves_that_pass_check_move() {
        let roots: Vec<Position> = include_str!("../tests/perft.txt")
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| pos(l.split(';').next().expect("a FEN")))
            .collect();
        let mut all = Vec::new();
        for root in roots {
            for m in root.legal_moves() {
                let p = root.after(m);
                all.extend(p.legal_moves().into_iter().map(|m| p.after(m)));
                all.push(p);
            }
            all.push(root);
        }
        for p in all {
            let mut expected: Vec<Move> = Square::all()
                .filter(|&s| p.piece_at(s).is_some_and(|q| q.color == p.turn()))
                .flat_map(|s| {
                    p.pseudo_targets(s)
                        .into_iter()
                        .map(move |t| Move::new(s, t))
                })
                .filter(|&m| p.check_move(m).is_ok())
                .collect();
            let mut got = p.legal_moves();
            expected.sort();
            got.sort();
            assert_eq!(got, expected, "{}", crate::notation::fen::write(&p));
            assert_eq!(p.has_legal_move(), !expected.is_empty());
        }
    }

    /// The attackers of a square are the pieces whose pseudo-legal moves would take a piece
    /// of the other side standing there, on the perft positions and one ply after them.
    #[test]
    fn attackers_are_the_pieces_that_could_take_there() {
        let mut all = Vec::new();
        for l in include_str!("../tests/perft.txt")
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let root = pos(l.split(';').next().expect("a FEN"));
            all.extend(root.legal_moves().into_iter().map(|m| root.after(m)));
            all.push(root);
        }
        for p in all {
            for target in Square::all() {
                for by in Color::ALL {
                    let mut bait = p.clone();
                    bait.board.set(target, Some(Piece::new(!by, Role::Pawn)));
                    let mut expected: Vec<Square> = Square::all()
                        .filter(|&s| bait.piece_at(s).is_some_and(|q| q.color == by))
                        .filter(|&s| bait.pseudo_targets(s).contains(&target))
                        .collect();
                    let mut got = p.attackers(target, by);
                    expected.sort();
                    got.sort();
                    assert_eq!(got, expected, "{target} by {by} in {p:?}");
                    assert_eq!(p.is_attacked_by(target, by), !expected.is_empty());
                }
            }
        }
    }

    #[test]
    fn checks_and_attackers() {
        // Cannon check through a screen; horse check; pawn check.
        let p = pos("4k4/9/4P4/9/9/9/9/9/4C4/3K5 b");
        assert!(p.in_check());
        assert_eq!(
            p.checkers(Color::Red),
            vec![Square::parse("e1").unwrap()],
            "the pawn on e7 attacks e8, not the king"
        );
        let h = pos("4k4/9/5N3/9/9/9/9/9/9/3K5 b");
        assert!(h.in_check());
        let blocked = pos("4k4/5C3/5N3/9/9/9/9/9/9/3K5 b");
        assert!(!blocked.in_check());
    }
}

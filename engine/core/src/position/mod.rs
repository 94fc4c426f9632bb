//! A legal position: the setup checked against the rules of placement, with legal move
//! generation, make/unmake, check detection and attack queries.

use std::fmt;

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

mod attack;
mod legality;
mod movegen;
mod perft;
#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;
mod validation;
mod zones;

pub use movegen::Wanted;

impl Position {
    /// The standard opening position.
    pub fn start() -> Position {
        Position::new(Setup::start(), SetupMode::Standard).expect("the start position is legal")
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
}

//! What makes a setup a legal position, and a move a legal move, each refusal saying why.

use super::zones::{sq, ALL_LINES};
use super::{IllegalSetup, MoveError, Position, SetupMode, SetupProblem};
use crate::attacks::{self, ELEPHANT, HORSE};
use crate::zobrist;
use crate::{Color, Move, Piece, Role, Setup, Square};

impl Position {
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

    pub(super) fn compute_hash(&self) -> u64 {
        let mut h = zobrist::side_key(self.turn);
        for (sq, p) in self.board.pieces() {
            h ^= zobrist::piece_key(p, sq);
        }
        h
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

    pub(super) fn why_unreachable(&self, p: Piece, m: Move) -> MoveError {
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
}

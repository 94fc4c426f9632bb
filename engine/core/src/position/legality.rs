//! What keeps a move legal: the check to stop and the pieces pinned to their king.

use super::zones::{bit, lines_through, sq, ALL_LINES, HORSE_SQUARES, LEGS, ON_LINES};
use super::Position;
use crate::attacks::{self, between, HORSE_FROM, PAWN_FROM};
use crate::board::first_on;
use crate::{Move, Piece, Role, Square, SquareSet};

/// A check on the king of the side to move and what stops it (see [`Guard`]).
#[derive(Clone, Copy)]
pub(super) struct Check {
    /// Where a move must land to stop it: on the checker, between it and the king, on the
    /// horse's leg (a set of [`bit`]s).
    pub(super) stops: SquareSet,
    /// The points of the checking line beyond the king (none for a horse): a piece there
    /// may take the checker and leave the king to a piece behind.
    pub(super) line: SquareSet,
    /// The cannon's screen, which may also stop it by stepping away.
    pub(super) screen: Option<Square>,
}

/// What the pseudo-legal moves of one piece need to be legal, found once per piece so that
/// most moves are kept or dropped by a bit test.
#[derive(Clone, Copy)]
pub(super) enum Mover {
    /// Out of check, a piece that uncovers nothing and cannot land on a screen: every move.
    Free,
    /// In check by one piece, a piece that is not the screen, off the checking line and
    /// uncovering nothing on the other lines and legs: the moves that land on one of these
    /// points, those that stop the check but for the points before a cannon screening the
    /// checking cannon. Such a move exposes nothing where it leaves, and a piece it adds on
    /// the checking line (or in the checker's place) makes no other new screen for a cannon
    /// there (one behind a checking rook would give check too).
    Onto(SquareSet),
    /// Out of check, a piece that uncovers nothing: a move onto one of these empty points
    /// between the king and an enemy cannon is tried, the others are legal.
    Screens(SquareSet),
    /// In check, a piece near the king: a move that may stop the check is tried.
    Stops(Check),
    /// The king, or out of check a piece that may uncover it: every move is tried.
    Tried,
}

impl Check {
    /// Whether `m` (not a king move) can stop this check; if not, the king stays attacked.
    #[inline]
    pub(super) fn may_stop(&self, m: Move) -> bool {
        self.stops.contains(m.to) || self.screen == Some(m.from)
    }
}

/// What the legality test of each move of one generation needs, worked out once: where the
/// king of the side to move stands, the first check found on it, if any, and out of check the
/// few squares through which a move can expose it. Any legal move other than a king move must
/// stop every check, so it must at least stop the first.
pub(super) struct Guard {
    pub(super) king: Square,
    pub(super) check: Option<Check>,
    /// Whether exactly one piece gives check.
    pub(super) single: bool,
    /// Out of check, the pieces whose leaving their square may expose the king: a line's first
    /// piece before an enemy rook (or the enemy king on the file), a line's first or second
    /// piece before an enemy cannon, the blocked leg of an enemy horse aimed at the king
    /// (pins, in chess words). Enemy pieces may be listed too: they never move here.
    pub(super) uncovers: SquareSet,
    /// The empty squares between the king and an enemy cannon standing first on one of its
    /// lines: a piece landing there becomes the cannon's screen. Out of check, and in check
    /// on the lines scanned before the check is found and on a cannon's checking line.
    pub(super) screens: SquareSet,
}

/// The first enemy pawn giving check to the king on `king` (of the side to move) as a
/// [`Check`], and how many do.
fn pawn_checks(pos: &Position, king: Square) -> (Option<Check>, u8) {
    let them = !pos.turn;
    let pawn = Some(Piece::new(them, Role::Pawn));
    let mut first = None;
    let mut n = 0;
    for s in PAWN_FROM[them.index()][king.index()].iter() {
        if pos.board.get(sq(s)) == pawn {
            n += 1;
            first.get_or_insert(Check {
                stops: bit(sq(s)),
                line: ON_LINES.0[king.index()],
                screen: None,
            });
        }
    }
    (first, n)
}

impl Guard {
    /// One scan of the king's four lines and its horse and pawn squares finds both the check
    /// and, out of check, the squares of `uncovers` and `screens`.
    pub(super) fn new(pos: &Position) -> Guard {
        let king = pos.king(pos.turn);
        let them = !pos.turn;
        let board = &pos.board;
        let mut g = Guard {
            king,
            check: None,
            single: false,
            uncovers: SquareSet::EMPTY,
            screens: SquareSet::EMPTY,
        };
        // How many pieces give check: with one only, a move that stops it need be tried
        // only along the lines it touches.
        let mut checkers = 0u8;
        let sliders = board.pieces_of(them, &[Role::Rook, Role::Cannon, Role::King]);
        // Each line with its direction a constant, in the order of the directions.
        g.scan_line::<0>(pos, sliders, &mut checkers);
        g.scan_line::<1>(pos, sliders, &mut checkers);
        g.scan_line::<2>(pos, sliders, &mut checkers);
        g.scan_line::<3>(pos, sliders, &mut checkers);
        let horses = board.pieces_of(them, &[Role::Horse]) & HORSE_SQUARES.0[king.index()];
        for j in HORSE_FROM[king.index()]
            .iter()
            .filter(|_| !horses.is_empty())
        {
            if !horses.contains(sq(j.to)) {
                continue;
            }
            if board.get(sq(j.block)).is_none() {
                checkers += 1;
                g.check.get_or_insert(Check {
                    stops: bit(sq(j.to)) | bit(sq(j.block)),
                    line: SquareSet::EMPTY,
                    screen: None,
                });
            } else {
                g.uncovers |= bit(sq(j.block));
            }
        }
        let (pawn_check, pawns) = pawn_checks(pos, king);
        g.check = g.check.or(pawn_check);
        g.single = checkers + pawns == 1;
        g
    }

    /// The king's line in direction `DIR`: a check along it (counted in `checkers`), or the
    /// pieces on it that uncover the king and the points that would screen it.
    #[inline(always)]
    fn scan_line<const DIR: usize>(
        &mut self,
        pos: &Position,
        sliders: SquareSet,
        checkers: &mut u8,
    ) {
        let king = self.king;
        if !attacks::RAYS[king.index()][DIR].intersects(sliders) {
            return;
        }
        let them = !pos.turn;
        let board = &pos.board;
        let piece = |s: Square| board.get(s);
        let rook = Some(Piece::new(them, Role::Rook));
        let cannon = Some(Piece::new(them, Role::Cannon));
        let their_king = Some(Piece::new(them, Role::King));
        let [b1, b2, b3] = first_on::<3>(board.line(king, DIR), king, DIR);
        let Some(b1) = b1 else { return };
        let p1 = piece(b1);
        let p2 = b2.and_then(piece);
        if p1 == rook || (DIR < 2 && p1 == their_king) {
            // A cannon behind it, with it for a screen, checks as well.
            *checkers += 1 + u8::from(p2 == cannon);
            self.check.get_or_insert(Check {
                stops: between(king, b1, DIR) | bit(b1),
                line: attacks::RAYS[king.index()][DIR],
                screen: None,
            });
            return;
        }
        if let Some(b2) = b2.filter(|_| p2 == cannon) {
            *checkers += 1;
            if p1 == cannon {
                // Its screen a cannon too: a piece landing before it makes that one check.
                self.screens |= between(king, b1, DIR);
            }
            self.check.get_or_insert(Check {
                stops: (between(king, b2, DIR) - bit(b1)) | bit(b2),
                line: attacks::RAYS[king.index()][DIR],
                screen: Some(b1),
            });
            return;
        }
        if p1 == cannon {
            self.screens |= between(king, b1, DIR);
        }
        let cannon_third = b3.and_then(piece) == cannon;
        if cannon_third || p2 == rook || (DIR < 2 && p2 == their_king) {
            self.uncovers |= bit(b1);
        }
        if let Some(b2) = b2.filter(|_| cannon_third) {
            self.uncovers |= bit(b2);
        }
    }

    /// Whether the piece of the side to move on `from`, a `role`, may have a legal move at
    /// all as far as the check goes: in check, a rook or cannon that shares no line with a
    /// point that stops the check, or a horse that cannot jump onto one, has none (unless it
    /// is the screen that may step away), and its moves need not be generated.
    #[inline]
    pub(super) fn may_move(&self, from: Square, role: Role) -> bool {
        let Some(check) = self.check else {
            return true;
        };
        if from == self.king || check.screen == Some(from) {
            return true;
        }
        match role {
            Role::Rook | Role::Cannon => check.stops.intersects(ON_LINES.0[from.index()]),
            Role::Horse => check.stops.intersects(HORSE_SQUARES.0[from.index()]),
            _ => true,
        }
    }

    /// Whether every pseudo-legal move of the piece on `from` is legal: out of check, a piece
    /// that is not the king and uncovers nothing, when no cannon stands first on a king's
    /// line waiting for a screen.
    #[cfg(test)]
    #[inline]
    pub(super) fn safe_from(&self, from: Square) -> bool {
        self.check.is_none()
            && from != self.king
            && self.screens.is_empty()
            && (self.uncovers.is_empty() || !self.uncovers.contains(from))
    }

    /// How the moves of the piece of the side to move on `from` are tested (see [`Mover`]),
    /// for a generation of only captures if `takes_only`.
    #[inline]
    pub(super) fn mover(&self, from: Square, takes_only: bool) -> Mover {
        if from == self.king {
            return Mover::Tried;
        }
        if let Some(check) = self.check {
            return if self.single
                && check.screen != Some(from)
                && !(self.uncovers | check.line).contains(from)
            {
                Mover::Onto(check.stops - self.screens)
            } else {
                Mover::Stops(check)
            };
        }
        if self.uncovers.contains(from) {
            Mover::Tried
        } else if takes_only || self.screens.is_empty() {
            Mover::Free
        } else {
            Mover::Screens(self.screens)
        }
    }

    /// Whether `m`, a pseudo-legal move of the piece whose [`Guard::mover`] is `mover`, is
    /// legal: [`Guard::allows`], with the tests the mover makes needless left out.
    #[inline(always)]
    pub(super) fn passes(&self, pos: &Position, mover: Mover, m: Move) -> bool {
        match mover {
            Mover::Free => true,
            Mover::Onto(stops) => stops.contains(m.to),
            Mover::Screens(screens) => !screens.contains(m.to) || self.allows(pos, m),
            Mover::Stops(check) => check.may_stop(m) && self.allows(pos, m),
            Mover::Tried => self.allows(pos, m),
        }
    }

    /// Whether the pseudo-legal move `m` of the side to move leaves its king safe. A king
    /// move is tried against every line; in check, only a move that may stop the check is
    /// tried; out of check, a safe king is exposed only by a move off a square of `uncovers`
    /// or onto one of `screens` (a capture changes no occupancy, a landing piece only blocks
    /// otherwise, and no move uncovers a pawn), and only along the lines that move touches.
    #[inline]
    pub(super) fn allows(&self, pos: &Position, m: Move) -> bool {
        let us = pos.turn;
        if m.from == self.king {
            return !pos.attacked_after_move(us, m, ALL_LINES, true);
        }
        if let Some(check) = self.check {
            if !check.may_stop(m) {
                return false;
            }
            // A move that stops the only check is exposed only along the lines it touches
            // or by a horse whose leg it leaves.
            return if self.single {
                let from_leg = LEGS.0[self.king.index()].contains(m.from);
                !pos.attacked_after_move(us, m, lines_through(self.king, m.from, m.to), from_leg)
            } else {
                !pos.attacked_after_move(us, m, ALL_LINES, true)
            };
        }
        if ((self.uncovers & bit(m.from)) | (self.screens & bit(m.to))).is_empty() {
            return true;
        }
        let from_leg = LEGS.0[self.king.index()].contains(m.from);
        !pos.attacked_after_move(us, m, lines_through(self.king, m.from, m.to), from_leg)
    }
}

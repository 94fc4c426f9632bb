//! Check detection and attack queries: which pieces attack a point, whether a king is attacked.

use super::zones::{bit, sq, HORSE_SQUARES};
use super::Position;
use crate::attacks::{self, ADVISOR, ELEPHANT, HORSE_FROM, KING, PAWN_FROM};
use crate::board::{first_on, first_two_on, place_on_line};
use crate::{Color, Move, Piece, Role, Square, SquareSet};

/// A move being tried against a king (see [`Position::attacked_after_move`]): the king's
/// square once it is made, the piece moved, the attacking side and its sliders.
struct LineTrial {
    k: Square,
    m: Move,
    moved: Option<Piece>,
    them: Color,
    sliders: SquareSet,
}

impl Position {
    pub(super) fn kings_face(&self) -> bool {
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
        let sliders = board.pieces_of(them, &[Role::Rook, Role::Cannon, Role::King]);
        // Each line with its direction a constant, so that its scan has no branch on it.
        if self.king_line_attacked::<0>(k, them, sliders)
            || self.king_line_attacked::<1>(k, them, sliders)
            || self.king_line_attacked::<2>(k, them, sliders)
            || self.king_line_attacked::<3>(k, them, sliders)
        {
            return true;
        }
        let horse = Some(Piece::new(them, Role::Horse));
        if board
            .pieces_of(them, &[Role::Horse])
            .intersects(HORSE_SQUARES.0[k.index()])
        {
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
    pub(super) fn attacked_after_move(&self, color: Color, m: Move, dirs: u8, jumps: bool) -> bool {
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
        // Only lines on which a slider of theirs stands, or lands, are scanned; the same for
        // the horses.
        let landing = if moved.is_some_and(|p| p.color == them) {
            bit(m.to)
        } else {
            SquareSet::EMPTY
        };
        let sliders = self
            .board
            .pieces_of(them, &[Role::Rook, Role::Cannon, Role::King])
            | landing;
        // Each line with its direction a constant, so that its scan has no branch on it.
        let trial = LineTrial {
            k,
            m,
            moved,
            them,
            sliders,
        };
        if (dirs & 1 != 0 && self.line_attacked::<0>(&trial))
            || (dirs & 2 != 0 && self.line_attacked::<1>(&trial))
            || (dirs & 4 != 0 && self.line_attacked::<2>(&trial))
            || (dirs & 8 != 0 && self.line_attacked::<3>(&trial))
        {
            return true;
        }
        if !jumps {
            return false;
        }
        let horse = Some(Piece::new(them, Role::Horse));
        if (self.board.pieces_of(them, &[Role::Horse]) | landing)
            .intersects(HORSE_SQUARES.0[k.index()])
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

    /// Whether the king on `k` is attacked along direction `DIR` by a rook, cannon or king of
    /// `them` (one of `sliders`).
    #[inline(always)]
    fn king_line_attacked<const DIR: usize>(
        &self,
        k: Square,
        them: Color,
        sliders: SquareSet,
    ) -> bool {
        if !attacks::RAYS[k.index()][DIR].intersects(sliders) {
            return false;
        }
        let board = &self.board;
        let [first, second] = board.first_two(k, DIR);
        let Some(first) = first else { return false };
        let p = board.get(first);
        if p == Some(Piece::new(them, Role::Rook))
            || (DIR < 2 && p == Some(Piece::new(them, Role::King)))
        {
            return true;
        }
        second.is_some_and(|s| board.get(s) == Some(Piece::new(them, Role::Cannon)))
    }

    /// Whether the king of [`LineTrial::k`] is attacked along direction `DIR` once the
    /// trial's move is made (see [`Position::attacked_after_move`]).
    #[inline(always)]
    fn line_attacked<const DIR: usize>(&self, t: &LineTrial) -> bool {
        let (k, m) = (t.k, t.m);
        if !attacks::RAYS[k.index()][DIR].intersects(t.sliders) {
            return false;
        }
        let at = |s: Square| {
            if s == m.to {
                t.moved
            } else if s == m.from {
                None
            } else {
                self.board.get(s)
            }
        };
        let mut line = self.board.line(k, DIR);
        if let Some(i) = place_on_line(k, DIR, m.from) {
            line &= !(1 << i);
        }
        if let Some(i) = place_on_line(k, DIR, m.to) {
            line |= 1 << i;
        }
        let [first, second] = first_two_on(line, k, DIR);
        let Some(first) = first else { return false };
        let p = at(first);
        if p == Some(Piece::new(t.them, Role::Rook))
            || (DIR < 2 && p == Some(Piece::new(t.them, Role::King)))
        {
            return true;
        }
        second.is_some_and(|s| at(s) == Some(Piece::new(t.them, Role::Cannon)))
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

    pub(super) fn for_each_attacker(&self, target: Square, by: Color, mut f: impl FnMut(Square)) {
        let t = target.index();
        let board = &self.board;
        let rooks = board.pieces_of(by, &[Role::Rook]);
        let cannons = board.pieces_of(by, &[Role::Cannon]);
        for dir in 0..4 {
            if !attacks::RAYS[t][dir].intersects(rooks | cannons) {
                continue;
            }
            let [first, second] = first_on::<2>(board.line(target, dir), target, dir);
            if let Some(s) = first.filter(|&s| rooks.contains(s)) {
                f(s);
            }
            if let Some(s) = second.filter(|&s| cannons.contains(s)) {
                f(s);
            }
        }
        if board
            .pieces_of(by, &[Role::Horse])
            .intersects(HORSE_SQUARES.0[t])
        {
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
}

//! Piece placement only: which piece stands on each of the 90 points.

use std::fmt;
use std::ops::Index;

use crate::{Color, Piece, Role, Square, SquareSet};

/// The placement of pieces, nothing else (no side to move, no validity).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    squares: [Option<Piece>; 90],
    /// Occupied points of each rank (bit = file) and of each file (bit = rank), kept with the
    /// squares: the first and second piece along a line are then a bit scan away.
    ranks: [u16; 10],
    files: [u16; 9],
    /// The points of each side's pieces and of each role's, both sides together (bit =
    /// square index), so a generator walks its own pieces only and an attack test looks
    /// only where an attacker of the right kind stands.
    sides: [SquareSet; 2],
    roles: [SquareSet; 7],
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    pub const fn empty() -> Board {
        Board {
            squares: [None; 90],
            ranks: [0; 10],
            files: [0; 9],
            sides: [SquareSet::EMPTY; 2],
            roles: [SquareSet::EMPTY; 7],
        }
    }

    #[inline]
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// Put a piece on a square (or clear it), returning what stood there.
    #[inline]
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) -> Option<Piece> {
        let (f, r) = (sq.file().index() as usize, sq.rank().index() as usize);
        if piece.is_some() {
            self.ranks[r] |= 1 << f;
            self.files[f] |= 1 << r;
        } else {
            self.ranks[r] &= !(1 << f);
            self.files[f] &= !(1 << r);
        }
        let old = std::mem::replace(&mut self.squares[sq.index()], piece);
        let bit = SquareSet::from(sq);
        if let Some(p) = old {
            self.sides[p.color.index()] -= bit;
            self.roles[p.role.index()] -= bit;
        }
        if let Some(p) = piece {
            self.sides[p.color.index()] |= bit;
            self.roles[p.role.index()] |= bit;
        }
        old
    }

    /// Move the piece on `from` (there must be one) to `to`, returning what stood there: as
    /// two [`Board::set`]s, with each bit set touched once.
    #[inline]
    pub(crate) fn move_piece(&mut self, from: Square, to: Square) -> Option<Piece> {
        let p = self.squares[from.index()]
            .take()
            .expect("a piece on the from square");
        let captured = self.squares[to.index()].replace(p);
        self.clear_line_bits(from);
        self.set_line_bits(to);
        self.toggle(p, from, to, captured);
        captured
    }

    /// Take back [`Board::move_piece`]: the piece on `to` goes back to `from`, and
    /// `captured` (what `move_piece` returned) back on `to`.
    #[inline]
    pub(crate) fn unmove_piece(&mut self, from: Square, to: Square, captured: Option<Piece>) {
        let p =
            std::mem::replace(&mut self.squares[to.index()], captured).expect("the moved piece");
        self.squares[from.index()] = Some(p);
        self.set_line_bits(from);
        if captured.is_none() {
            self.clear_line_bits(to);
        }
        self.toggle(p, from, to, captured);
    }

    /// The bit sets' side of moving `p` between `from` and `to`, either way, over `captured`.
    #[inline(always)]
    fn toggle(&mut self, p: Piece, from: Square, to: Square, captured: Option<Piece>) {
        let (from, to) = (SquareSet::from(from), SquareSet::from(to));
        self.sides[p.color.index()] ^= from | to;
        self.roles[p.role.index()] ^= from | to;
        if let Some(c) = captured {
            self.sides[c.color.index()] ^= to;
            self.roles[c.role.index()] ^= to;
        }
    }

    #[inline(always)]
    fn set_line_bits(&mut self, sq: Square) {
        let (f, r) = (sq.file().index() as usize, sq.rank().index() as usize);
        self.ranks[r] |= 1 << f;
        self.files[f] |= 1 << r;
    }

    #[inline(always)]
    fn clear_line_bits(&mut self, sq: Square) {
        let (f, r) = (sq.file().index() as usize, sq.rank().index() as usize);
        self.ranks[r] &= !(1 << f);
        self.files[f] &= !(1 << r);
    }

    /// The first two occupied points from `sq` (exclusive) in direction `dir` of
    /// [`crate::attacks::DIRECTIONS`] (up the file, down, right, left), nearest first.
    #[inline]
    pub(crate) fn first_two(&self, sq: Square, dir: usize) -> [Option<Square>; 2] {
        first_two_on(self.line(sq, dir), sq, dir)
    }

    /// The occupancy of the line through `sq` that direction `dir` runs along: its file (bit =
    /// rank) for directions 0 and 1, its rank (bit = file) for 2 and 3.
    #[inline]
    pub(crate) fn line(&self, sq: Square, dir: usize) -> u16 {
        if dir < 2 {
            self.files[sq.file().index() as usize]
        } else {
            self.ranks[sq.rank().index() as usize]
        }
    }

    /// The points of the pieces of `color` that have one of `roles`.
    #[inline]
    pub(crate) fn pieces_of(&self, color: Color, roles: &[Role]) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for r in roles {
            set |= self.roles[r.index()];
        }
        set & self.sides[color.index()]
    }

    /// The points of the pieces of `color`.
    #[inline]
    pub(crate) fn side(&self, color: Color) -> SquareSet {
        self.sides[color.index()]
    }

    /// The squares of the pieces of `color`, rank 0 first, then by file (the order of
    /// [`Square::all`]), found by scanning a bit set rather than looking at all 90 points.
    #[inline]
    pub(crate) fn occupied_by(&self, color: Color) -> impl Iterator<Item = Square> {
        self.sides[color.index()].into_iter()
    }

    /// Every occupied square with its piece, rank 0 first, then by file.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(move |sq| self.get(sq).map(|p| (sq, p)))
    }

    /// Squares holding the given piece.
    pub fn squares_of(&self, piece: Piece) -> impl Iterator<Item = Square> + '_ {
        self.pieces()
            .filter(move |&(_, p)| p == piece)
            .map(|(sq, _)| sq)
    }

    pub fn count(&self, piece: Piece) -> usize {
        self.squares_of(piece).count()
    }

    /// The board turned by 180° with the colours swapped: the same position seen from the
    /// other side (red's pieces become black's on the rotated squares).
    pub fn rotated_swapped(&self) -> Board {
        let mut b = Board::empty();
        for (sq, p) in self.pieces() {
            b.set(sq.rotate(), Some(Piece::new(!p.color, p.role)));
        }
        b
    }

    /// The board mirrored left to right (files a↔i).
    pub fn mirrored(&self) -> Board {
        let mut b = Board::empty();
        for (sq, p) in self.pieces() {
            b.set(sq.mirror(), Some(p));
        }
        b
    }

    /// The standard starting placement.
    pub fn start() -> Board {
        let mut b = Board::empty();
        let back = [
            Role::Rook,
            Role::Horse,
            Role::Elephant,
            Role::Advisor,
            Role::King,
            Role::Advisor,
            Role::Elephant,
            Role::Horse,
            Role::Rook,
        ];
        for (f, &role) in back.iter().enumerate() {
            let f = f as i32;
            b.set(sq(f, 0), Some(Piece::new(Color::Red, role)));
            b.set(sq(f, 9), Some(Piece::new(Color::Black, role)));
        }
        for f in [1, 7] {
            b.set(sq(f, 2), Some(Piece::new(Color::Red, Role::Cannon)));
            b.set(sq(f, 7), Some(Piece::new(Color::Black, Role::Cannon)));
        }
        for f in [0, 2, 4, 6, 8] {
            b.set(sq(f, 3), Some(Piece::new(Color::Red, Role::Pawn)));
            b.set(sq(f, 6), Some(Piece::new(Color::Black, Role::Pawn)));
        }
        b
    }
}

fn sq(f: i32, r: i32) -> Square {
    Square::from_coords(f, r).expect("start squares are on the board")
}

/// Where `s` sits on the line through `sq` along direction `dir` (its bit in [`Board::line`]),
/// or `None` when `s` is not on that line.
#[inline]
pub(crate) fn place_on_line(sq: Square, dir: usize, s: Square) -> Option<u32> {
    if dir < 2 {
        (s.file() == sq.file()).then(|| u32::from(s.rank().index()))
    } else {
        (s.rank() == sq.rank()).then(|| u32::from(s.file().index()))
    }
}

/// The first two occupied points of `line` (the occupancy of the line through `sq`, as
/// [`Board::line`] gives it, possibly altered by a move being tried) from `sq` (exclusive) in
/// direction `dir`, nearest first: a bit scan instead of a walk along the ray.
#[inline]
pub(crate) fn first_two_on(line: u16, sq: Square, dir: usize) -> [Option<Square>; 2] {
    first_on(line, sq, dir)
}

/// The first `N` occupied points of `line` from `sq` (exclusive) in direction `dir`, nearest
/// first (see [`first_two_on`]).
#[inline(always)]
pub(crate) fn first_on<const N: usize>(line: u16, sq: Square, dir: usize) -> [Option<Square>; N] {
    run_on(line, sq, dir).1
}

/// How many empty points follow `sq` in direction `dir` before the first occupied one of
/// `line` (or the edge), and the first `N` occupied points, nearest first: a rook's quiet
/// moves are the run, a cannon's capture the second point.
#[inline(always)]
pub(crate) fn run_on<const N: usize>(
    line: u16,
    sq: Square,
    dir: usize,
) -> (u32, [Option<Square>; N]) {
    let (f, r) = (sq.file().index() as u32, sq.rank().index() as u32);
    let (at, len) = if dir < 2 { (r, 10) } else { (f, 9) };
    let to_square = |i: u32| {
        let (ff, rr) = if dir < 2 { (f, i) } else { (i, r) };
        Square::from_index_unchecked((rr * 9 + ff) as usize)
    };
    let mut out = [None; N];
    if dir % 2 == 0 {
        // Towards higher indices.
        let mut m = u32::from(line) >> (at + 1);
        let run = if m == 0 {
            len - 1 - at
        } else {
            m.trailing_zeros()
        };
        for o in out.iter_mut() {
            if m == 0 {
                break;
            }
            let i = m.trailing_zeros();
            *o = Some(to_square(at + 1 + i));
            m &= m - 1;
        }
        (run, out)
    } else {
        let mut m = u32::from(line) & ((1 << at) - 1);
        let run = if m == 0 {
            at
        } else {
            at - 1 - (31 - m.leading_zeros())
        };
        for o in out.iter_mut() {
            if m == 0 {
                break;
            }
            let i = 31 - m.leading_zeros();
            *o = Some(to_square(i));
            m &= !(1 << i);
        }
        (run, out)
    }
}

impl Index<Square> for Board {
    type Output = Option<Piece>;
    #[inline]
    fn index(&self, sq: Square) -> &Option<Piece> {
        &self.squares[sq.index()]
    }
}

impl fmt::Debug for Board {
    /// A picture with black at the top, as diagrams print it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in (0..10).rev() {
            for file in 0..9 {
                let s = Square::from_coords(file, r).expect("on board");
                let c = self.get(s).map_or('.', |p| p.fen_char());
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks;

    /// The bit scans agree with walking the ray, on boards filled in many patterns.
    #[test]
    fn first_two_and_the_run_are_the_ray_walk() {
        let piece = Piece::new(Color::Red, Role::Pawn);
        for seed in 0u64..200 {
            let mut b = Board::empty();
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            for sq in Square::all() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if x % 4 == 0 {
                    b.set(sq, Some(piece));
                }
            }
            // Clear a few again, so removal is exercised too.
            for sq in Square::all().step_by(7) {
                b.set(sq, None);
            }
            for sq in Square::all() {
                for dir in 0..4 {
                    let walked: Vec<Square> = attacks::ray(sq, dir)
                        .filter(|&s| b.get(s).is_some())
                        .take(2)
                        .collect();
                    let scanned: Vec<Square> = b.first_two(sq, dir).into_iter().flatten().collect();
                    assert_eq!(scanned, walked, "from {sq:?} dir {dir}");
                    let run = attacks::ray(sq, dir)
                        .take_while(|&s| b.get(s).is_none())
                        .count();
                    assert_eq!(run_on::<0>(b.line(sq, dir), sq, dir).0 as usize, run);
                }
            }
        }
    }
}

//! A board as inline SVG: the grid, the river, the two palaces and the pieces as circles with
//! their Chinese characters in red or black. Red sits at the bottom, as diagrams print it.

use std::fmt::Write;

use qili::{Board, Color, Square};

/// Distance between two lines.
pub const CELL: i32 = 40;
/// Space around the grid (room for the file numbers).
pub const MARGIN: i32 = 36;
/// Space below the grid: red's file numbers and the ICCS letters, clear of red's back rank.
pub const BOTTOM: i32 = 52;
pub const WIDTH: i32 = 2 * MARGIN + 8 * CELL;
pub const HEIGHT: i32 = MARGIN + 9 * CELL + BOTTOM;
const RADIUS: i32 = 17;

/// The centre of a point: files left to right from a, ranks bottom to top from 0.
pub fn point(sq: Square) -> (i32, i32) {
    let x = MARGIN + CELL * i32::from(sq.file().index());
    let y = MARGIN + CELL * (9 - i32::from(sq.rank().index()));
    (x, y)
}

/// The point at a centre, the inverse of [`point`].
pub fn square_at(x: i32, y: i32) -> Option<Square> {
    let (fx, ry) = (x - MARGIN, y - MARGIN);
    if fx % CELL != 0 || ry % CELL != 0 {
        return None;
    }
    Square::from_coords(fx / CELL, 9 - ry / CELL)
}

/// The board as an `<svg>` element. Pieces are `<g class="piece red">` groups holding a
/// `<circle>` at the point and a `<text>` with the character.
pub fn board(board: &Board) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="board">"##
    );
    let _ = write!(
        s,
        r##"<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#f3d9a4"/>"##
    );
    s.push_str(r##"<g stroke="#5a3b1c" stroke-width="1" fill="none">"##);
    let (left, right) = (MARGIN, MARGIN + 8 * CELL);
    let (top, bottom) = (MARGIN, MARGIN + 9 * CELL);
    let _ = write!(
        s,
        r#"<rect x="{}" y="{}" width="{}" height="{}" stroke-width="2"/>"#,
        left,
        top,
        8 * CELL,
        9 * CELL
    );
    for r in 1..9 {
        let y = top + r * CELL;
        let _ = write!(s, r#"<line x1="{left}" y1="{y}" x2="{right}" y2="{y}"/>"#);
    }
    // Files are cut by the river, except the two edges (drawn by the frame).
    let river_top = top + 4 * CELL;
    let river_bottom = top + 5 * CELL;
    for f in 1..8 {
        let x = left + f * CELL;
        let _ = write!(
            s,
            r#"<line x1="{x}" y1="{top}" x2="{x}" y2="{river_top}"/>"#
        );
        let _ = write!(
            s,
            r#"<line x1="{x}" y1="{river_bottom}" x2="{x}" y2="{bottom}"/>"#
        );
    }
    // Palaces: the diagonals of files d–f on ranks 7–9 and 0–2.
    for (y0, y1) in [(top, top + 2 * CELL), (bottom - 2 * CELL, bottom)] {
        let (x0, x1) = (left + 3 * CELL, left + 5 * CELL);
        let _ = write!(s, r#"<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}"/>"#);
        let _ = write!(s, r#"<line x1="{x1}" y1="{y0}" x2="{x0}" y2="{y1}"/>"#);
    }
    s.push_str("</g>");
    let mid = (river_top + river_bottom) / 2 + 7;
    let _ = write!(
        s,
        r##"<text class="river" x="{}" y="{mid}" font-size="20" fill="#5a3b1c" text-anchor="middle">楚 河</text><text class="river" x="{}" y="{mid}" font-size="20" fill="#5a3b1c" text-anchor="middle">汉 界</text>"##,
        left + 2 * CELL,
        left + 6 * CELL
    );
    // File numbers: black's 1–9 from its right (our left) on top, red's 九–一 at the bottom;
    // under them the ICCS letters a–i, and the ranks 0–9 at the left: the squares the evidence
    // names (红车(e0)).
    const RED_NUMBERS: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];
    for f in 0..9 {
        let x = left + f * CELL;
        let _ = write!(
            s,
            r##"<text class="file" x="{x}" y="{}" font-size="12" fill="#333" text-anchor="middle">{}</text>"##,
            top - 22,
            f + 1
        );
        let _ = write!(
            s,
            r##"<text class="file" x="{x}" y="{}" font-size="12" fill="#b00" text-anchor="middle">{}</text>"##,
            bottom + 33,
            RED_NUMBERS[f as usize]
        );
        let _ = write!(
            s,
            r##"<text class="iccs" x="{x}" y="{}" font-size="10" fill="#666" text-anchor="middle">{}</text>"##,
            bottom + 46,
            char::from(b'a' + f as u8)
        );
    }
    for r in 0..10 {
        let _ = write!(
            s,
            r##"<text class="iccs" x="{}" y="{}" font-size="10" fill="#666" text-anchor="middle">{r}</text>"##,
            left - 24,
            top + (9 - r) * CELL + 4
        );
    }
    for (sq, piece) in board.pieces() {
        let (x, y) = point(sq);
        let (class, color) = match piece.color {
            Color::Red => ("red", "#c00"),
            Color::Black => ("black", "#111"),
        };
        let _ = write!(
            s,
            r##"<g class="piece {class}" data-square="{sq}"><circle cx="{x}" cy="{y}" r="{RADIUS}" fill="#fdf3dc" stroke="{color}" stroke-width="2"/><text x="{x}" y="{}" font-size="20" fill="{color}" text-anchor="middle">{}</text></g>"##,
            y + 7,
            piece.chinese()
        );
    }
    s.push_str("</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_and_square_at_are_inverse() {
        for sq in Square::all() {
            let (x, y) = point(sq);
            assert_eq!(square_at(x, y), Some(sq));
        }
        assert_eq!(square_at(MARGIN + 1, MARGIN), None);
        assert_eq!(point(Square::parse("a9").unwrap()), (MARGIN, MARGIN));
        assert_eq!(
            point(Square::parse("i0").unwrap()),
            (MARGIN + 8 * CELL, MARGIN + 9 * CELL)
        );
    }
}

//! A board as inline SVG: the grid, the river, the two palaces, the coordinates and the pieces
//! as circles with their Chinese characters in red or black, then what a [`BoardView`] marks
//! (the last move, the point picked, the evidence's arrows). Red sits at the bottom, as
//! diagrams print it. The one drawing of a board: the reports and the scan pages write it, the
//! referee's page gets it from the engine (WASM). The `<svg>` carries its geometry
//! (`data-cell`, `data-margin`) for the shared board script (`static/board.js`).

use qili::Square;

use crate::arrows::{Arrow, KINDS};
use crate::board::BoardView;
use crate::html::{svg, Element};

/// Distance between two lines.
pub const CELL: i32 = 40;
/// Space around the grid (room for the file numbers).
pub const MARGIN: i32 = 36;
/// Space below the grid: red's file numbers and the ICCS letters, clear of red's back rank.
pub const BOTTOM: i32 = 52;
pub const WIDTH: i32 = 2 * MARGIN + 8 * CELL;
pub const HEIGHT: i32 = MARGIN + 9 * CELL + BOTTOM;
const RADIUS: i32 = 17;
const LINES: &str = "#5a3b1c";

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

fn point_of(sq: &str) -> (i32, i32) {
    Square::parse(sq).map_or((0, 0), point)
}

fn line(x1: i32, y1: i32, x2: i32, y2: i32) -> Element {
    svg("line")
        .attr("x1", x1)
        .attr("y1", y1)
        .attr("x2", x2)
        .attr("y2", y2)
}

fn label(
    class: &str,
    x: i32,
    y: i32,
    size: i32,
    fill: &str,
    text: impl std::fmt::Display,
) -> Element {
    svg("text")
        .attr("class", class)
        .attr("x", x)
        .attr("y", y)
        .attr("font-size", size)
        .attr("fill", fill)
        .attr("text-anchor", "middle")
        .text(text)
}

/// The grid: the frame, the ranks, the files cut by the river, the palaces' diagonals.
fn grid() -> Element {
    let (left, right) = (MARGIN, MARGIN + 8 * CELL);
    let (top, bottom) = (MARGIN, MARGIN + 9 * CELL);
    let mut g = svg("g")
        .attr("stroke", LINES)
        .attr("stroke-width", 1)
        .attr("fill", "none")
        .child(
            svg("rect")
                .attr("x", left)
                .attr("y", top)
                .attr("width", 8 * CELL)
                .attr("height", 9 * CELL)
                .attr("stroke-width", 2),
        );
    for r in 1..9 {
        g.push(line(left, top + r * CELL, right, top + r * CELL));
    }
    // Files are cut by the river, except the two edges (drawn by the frame).
    for f in 1..8 {
        let x = left + f * CELL;
        g.push(line(x, top, x, top + 4 * CELL));
        g.push(line(x, top + 5 * CELL, x, bottom));
    }
    for (y0, y1) in [(top, top + 2 * CELL), (bottom - 2 * CELL, bottom)] {
        let (x0, x1) = (left + 3 * CELL, left + 5 * CELL);
        g.push(line(x0, y0, x1, y1));
        g.push(line(x1, y0, x0, y1));
    }
    g
}

/// The river's words and the coordinates: black's file numbers 1–9 from its right (our left)
/// on top, red's 九–一 at the bottom; under them the ICCS letters a–i, and the ranks 0–9 at
/// the left: the squares the evidence names (红车(e0)).
fn coordinates() -> Vec<Element> {
    const RED_NUMBERS: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];
    let (left, top, bottom) = (MARGIN, MARGIN, MARGIN + 9 * CELL);
    let mid = top + 4 * CELL + CELL / 2 + 7;
    let mut out = vec![
        label("river", left + 2 * CELL, mid, 20, LINES, "楚 河"),
        label("river", left + 6 * CELL, mid, 20, LINES, "汉 界"),
    ];
    for (f, red) in RED_NUMBERS.iter().enumerate() {
        let x = left + f as i32 * CELL;
        out.push(label("file", x, top - 22, 12, "#333", f + 1));
        out.push(label("file", x, bottom + 33, 12, "#b00", red));
        out.push(label(
            "iccs",
            x,
            bottom + 46,
            10,
            "#666",
            char::from(b'a' + f as u8),
        ));
    }
    for r in 0..10 {
        out.push(label(
            "iccs",
            left - 24,
            top + (9 - r) * CELL + 4,
            10,
            "#666",
            r,
        ));
    }
    out
}

/// The arrow heads, one marker per kind drawn.
fn markers(arrows: &[Arrow]) -> Element {
    let mut defs = svg("defs");
    for (kind, colour) in KINDS {
        if arrows.iter().any(|a| a.kind == kind) {
            defs.push(
                svg("marker")
                    .attr("id", format!("head-{kind}"))
                    .attr("viewBox", "0 0 10 10")
                    .attr("refX", 5)
                    .attr("refY", 5)
                    .attr("markerWidth", 3)
                    .attr("markerHeight", 3)
                    .attr("orient", "auto-start-reverse")
                    .child(
                        svg("path")
                            .attr("d", "M0,0 L10,5 L0,10 z")
                            .attr("fill", colour),
                    ),
            );
        }
    }
    defs
}

/// An arrow from its attacker's point to its target's, stopping short of the target's piece.
fn arrow(a: &Arrow) -> Element {
    let ((x1, y1), (x2, y2)) = (point_of(&a.from), point_of(&a.to));
    let (dx, dy) = (f64::from(x2 - x1), f64::from(y2 - y1));
    let len = dx.hypot(dy).max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    let short = f64::from(RADIUS + 2);
    let r = |v: f64| (v * 100.0).round() / 100.0;
    let dashed = matches!(a.kind, "kept" | "stood");
    svg("line")
        .attr("x1", r(f64::from(x1) + ux * 10.0))
        .attr("y1", r(f64::from(y1) + uy * 10.0))
        .attr("x2", r(f64::from(x2) - ux * short))
        .attr("y2", r(f64::from(y2) - uy * short))
        .attr("stroke", a.colour())
        .attr("stroke-width", 5)
        .attr("stroke-opacity", 0.8)
        .attr("marker-end", format!("url(#head-{})", a.kind))
        .attr("stroke-dasharray", if dashed { "8 5" } else { "none" })
        .attr("class", format!("arrow {}", a.kind))
        .attr("data-from", &a.from)
        .attr("data-to", &a.to)
}

/// The board as an `<svg>` element. Pieces are `<g class="piece red" data-square="e0">`
/// groups holding a `<circle>` at the point and a `<text>` with the character.
pub fn board(view: &BoardView) -> Element {
    let mut s = svg("svg")
        .attr("class", "board")
        .attr("xmlns", "http://www.w3.org/2000/svg")
        .attr("viewBox", format!("0 0 {WIDTH} {HEIGHT}"))
        .attr("width", WIDTH)
        .attr("height", HEIGHT)
        .attr("role", "img")
        .attr("aria-label", "board")
        .attr("data-cell", CELL)
        .attr("data-margin", MARGIN);
    if !view.arrows.is_empty() {
        s.push(markers(&view.arrows));
    }
    s.push(
        svg("rect")
            .attr("x", 0)
            .attr("y", 0)
            .attr("width", WIDTH)
            .attr("height", HEIGHT)
            .attr("fill", "#f3d9a4"),
    );
    s.push(grid());
    s = s.children(coordinates());
    for sq in view.last_move.iter().flatten() {
        let (x, y) = point_of(sq);
        s.push(
            svg("rect")
                .attr("x", x - CELL / 2)
                .attr("y", y - CELL / 2)
                .attr("width", CELL)
                .attr("height", CELL)
                .attr("fill", "none")
                .attr("stroke", "#1a5fb4")
                .attr("stroke-width", 2)
                .attr("stroke-dasharray", "4 3")
                .attr("class", "last-move"),
        );
    }
    for p in &view.pieces {
        let (x, y) = point_of(&p.square);
        let (class, colour) = if p.red {
            ("piece red", "#c00")
        } else {
            ("piece black", "#111")
        };
        let fill = if view.selected.as_deref() == Some(p.square.as_str()) {
            "#cfe0ff"
        } else {
            "#fdf3dc"
        };
        s.push(
            svg("g")
                .attr("class", class)
                .attr("data-square", &p.square)
                .child(
                    svg("circle")
                        .attr("cx", x)
                        .attr("cy", y)
                        .attr("r", RADIUS)
                        .attr("fill", fill)
                        .attr("stroke", colour)
                        .attr("stroke-width", 2),
                )
                .child(
                    svg("text")
                        .attr("x", x)
                        .attr("y", y + 7)
                        .attr("font-size", 20)
                        .attr("fill", colour)
                        .attr("text-anchor", "middle")
                        .text(p.glyph),
                ),
        );
    }
    s.children(view.arrows.iter().map(arrow))
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

    #[test]
    fn the_board_draws_its_pieces_marks_and_arrows() {
        let pos = qili::Position::start();
        let mut view = BoardView::of(pos.board());
        let plain = board(&view).to_string();
        assert_eq!(plain.matches("<g class=\"piece red\"").count(), 16);
        assert!(!plain.contains("<defs>") && !plain.contains("last-move"));
        assert!(plain.contains("data-cell=\"40\" data-margin=\"36\""));
        view = view.with_last_move(Square::parse("h2").unwrap(), Square::parse("e2").unwrap());
        view.selected = Some("e0".into());
        view.arrows.push(Arrow {
            from: "e0".into(),
            to: "e9".into(),
            kind: "check",
        });
        let marked = board(&view).to_string();
        assert_eq!(marked.matches("class=\"last-move\"").count(), 2);
        assert!(marked.contains("id=\"head-check\""));
        assert!(marked.contains("class=\"arrow check\" data-from=\"e0\" data-to=\"e9\""));
        assert_eq!(marked.matches("#cfe0ff").count(), 1);
    }
}

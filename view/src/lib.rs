//! qili-view: one view model of a ruling and a board, and its renderings shared by every
//! medium. The CLI lays [`RulingView`] out as text; the reports, the scan pages and the
//! referee's page draw [`BoardView`] with [`svg::board`] (the page through the engine's WASM)
//! and share one board script, one ruling-table script and one stylesheet ([`assets`]),
//! included in the reports and loaded by the page, never copied.

pub mod arrows;
pub mod board;
pub mod html;
pub mod ruling;
pub mod svg;
pub mod table;

pub use arrows::{arrows, lines, Arrow, Line};
pub use board::{BoardView, PieceView};
pub use ruling::{evidence_html, mark_squares, PlyRow, RulingView, SideLine};

/// The files the reports inline and the page loads (`web/tools/bundle.mjs` copies them from
/// `view/static/` beside the page's own).
pub mod assets {
    /// The board's behaviour: its geometry read off the `<svg>`, a point ringed, pieces moved
    /// through a list of moves (the reports' stepping), the point under a click.
    pub const BOARD_JS: &str = include_str!("../static/board.js");
    /// The ruling table's behaviour: a row chosen, a square in the evidence ringed on its board.
    pub const RULING_JS: &str = include_str!("../static/ruling.js");
    /// The board's and the ruling table's looks.
    pub const STYLE_CSS: &str = include_str!("../static/view.css");
}

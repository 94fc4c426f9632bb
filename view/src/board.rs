//! The board as the reports, the scan pages and the referee's page show it: the pieces on
//! their points, the last move's two points, the point picked to move from, and the arrows of
//! a ply's evidence. Built from the engine's board; drawn by [`crate::svg`].

use qili::{Board, Color, Square};
use serde::Serialize;

use crate::arrows::Arrow;

/// A piece where it stands: its point (ICCS, `e0`), its side and its character.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceView {
    pub square: String,
    pub red: bool,
    pub glyph: char,
}

/// What one board shows.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BoardView {
    pub pieces: Vec<PieceView>,
    /// The last move's from and to points, marked.
    pub last_move: Option<[String; 2]>,
    /// The point picked to move from (its piece drawn highlighted).
    pub selected: Option<String>,
    pub arrows: Vec<Arrow>,
}

impl BoardView {
    /// The pieces of `board`, nothing marked.
    pub fn of(board: &Board) -> BoardView {
        BoardView {
            pieces: board
                .pieces()
                .map(|(sq, p)| PieceView {
                    square: sq.to_string(),
                    red: p.color == Color::Red,
                    glyph: p.chinese(),
                })
                .collect(),
            ..BoardView::default()
        }
    }

    /// The last move's points marked.
    pub fn with_last_move(mut self, from: Square, to: Square) -> BoardView {
        self.last_move = Some([from.to_string(), to.to_string()]);
        self
    }
}

//! The board the page shows, drawn by the engine's side: the position after some moves (or a
//! set-up being placed), as the view's SVG with its marks and arrows, and the pieces, side to
//! move and FEN the page's clicks need. The page parses no FEN of its own.

use qili::notation::{fen, iccs};
use qili::{Color, Piece, Role, Setup, Square};
use qili_view::{svg, Arrow, BoardView};
use serde::{Deserialize, Serialize};

use crate::input::{Field, InputError};

/// What the page draws and asks about one board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Shown {
    /// The board as SVG markup.
    pub svg: String,
    /// The position shown (maybe only a set-up: unvalidated), as FEN.
    pub fen: String,
    /// `w` (red) or `b` (black) to move.
    pub turn: char,
    pub pieces: Vec<qili_view::PieceView>,
}

/// An arrow as the page hands it back from a ruling's ply.
#[derive(Deserialize)]
struct GivenArrow {
    from: String,
    to: String,
    kind: String,
}

fn setup(text: &str) -> Result<Setup, InputError> {
    fen::parse_setup(text.trim())
        .map_err(|e| InputError::new(Field::Position, format!("position (FEN): {e}")))
}

fn write(setup: &Setup) -> String {
    format!(
        "{} {}",
        fen::write_board(&setup.board),
        setup.turn.fen_char()
    )
}

/// The board of `fen_text` after `moves` (ICCS, as the page holds them: already read and
/// legal), the last one marked, `selected` (a point or empty) highlighted, `arrows` (JSON, a
/// ply's `arrows` from `judge`) drawn.
pub fn shown(
    fen_text: &str,
    moves: &str,
    selected: &str,
    arrows: &str,
) -> Result<Shown, InputError> {
    let mut setup = setup(fen_text)?;
    let mut last = None;
    for t in moves.split_whitespace() {
        let m = iccs::parse(t)
            .map_err(|e| InputError::new(Field::Moves, format!("moves: {t}: {e}")))?;
        let piece = setup.board.set(m.from, None);
        setup.board.set(m.to, piece);
        setup.turn = !setup.turn;
        last = Some(m);
    }
    let given: Vec<GivenArrow> = serde_json::from_str(if arrows.trim().is_empty() {
        "[]"
    } else {
        arrows
    })
    .map_err(|e| InputError::new(Field::Moves, format!("arrows: {e}")))?;
    let mut view = BoardView::of(&setup.board);
    if let Some(m) = last {
        view = view.with_last_move(m.from, m.to);
    }
    view.selected = Square::parse(selected).map(|s| s.to_string());
    view.arrows = given
        .into_iter()
        .filter_map(|a| Arrow::new(a.from, a.to, &a.kind))
        .collect();
    Ok(Shown {
        svg: svg::board(&view).to_string(),
        fen: write(&setup),
        turn: setup.turn.fen_char(),
        pieces: view.pieces,
    })
}

/// The set-up `fen_text` with `side` (`w`, `b`, or empty: as it is) to move and, when
/// `square` is a point, `piece` (a FEN letter, or empty to remove) placed there, or taken
/// away when it is already there.
pub fn placed(fen_text: &str, side: &str, square: &str, piece: &str) -> Result<String, InputError> {
    let mut setup = setup(fen_text)?;
    match side {
        "w" => setup.turn = Color::Red,
        "b" => setup.turn = Color::Black,
        _ => {}
    }
    if let Some(sq) = Square::parse(square) {
        let p = piece.chars().next().and_then(Piece::from_fen_char);
        let now = setup.board.get(sq);
        setup.board.set(sq, if now == p { None } else { p });
    }
    Ok(write(&setup))
}

/// The pieces of the set-up palette: `{piece, glyph, red}`, red's first.
pub fn palette() -> Vec<(char, char, bool)> {
    [Color::Red, Color::Black]
        .into_iter()
        .flat_map(|c| {
            Role::ALL.map(move |r| {
                let p = Piece::new(c, r);
                (p.fen_char(), p.chinese(), c == Color::Red)
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_after_moves_marks_the_last_and_draws_the_arrows() {
        let s = shown(
            "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w",
            "f0e0",
            "",
            r#"[{"from":"e0","to":"e8","kind":"check"}]"#,
        )
        .unwrap();
        assert_eq!(s.fen, "2b6/4k4/9/9/9/9/9/9/2p6/3KR1Bc1 b");
        assert_eq!(s.turn, 'b');
        assert!(s
            .svg
            .contains("class=\"arrow check\" data-from=\"e0\" data-to=\"e8\""));
        assert_eq!(s.svg.matches("last-move").count(), 2);
        assert!(s
            .pieces
            .iter()
            .any(|p| p.square == "e0" && p.red && p.glyph == '车'));
    }

    #[test]
    fn placing_a_piece_twice_takes_it_away_and_the_side_is_kept_or_set() {
        let empty = "9/9/9/9/9/9/9/9/9/9 w";
        let one = placed(empty, "", "e0", "K").unwrap();
        assert_eq!(one, "9/9/9/9/9/9/9/9/9/4K4 w");
        assert_eq!(
            placed(&one, "b", "e0", "K").unwrap(),
            "9/9/9/9/9/9/9/9/9/9 b"
        );
        assert_eq!(placed(&one, "", "e0", "").unwrap(), empty);
        assert_eq!(palette().len(), 14);
        assert_eq!(palette()[0], ('K', '帅', true));
    }
}

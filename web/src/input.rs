//! What the page's two text fields hold: a position (FEN, `startpos`, a DhtmlXQ binit) and
//! moves (in any notation qili reads, detected per move) or a whole game record (PGN, DhtmlXQ),
//! read with the engine's readers into the FEN and ICCS the page works with.

use qili::notation::{self, chinese, dhtmlxq, fen};
use qili::{Color, Move, Position, SetupMode};
use qili_records::{dhtmlxq_game, pgn};
use serde::Serialize;

/// The page's inputs, so that a rejected one can be named and marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Field {
    Position,
    Side,
    Moves,
    Rules,
}

/// A rejected input: which field and why. The message names the field (and the ply) too, so
/// that it reads alone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InputError {
    pub field: Field,
    pub message: String,
}

impl InputError {
    pub fn new(field: Field, message: impl Into<String>) -> InputError {
        InputError {
            field,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

fn position_error(message: impl Into<String>) -> InputError {
    InputError::new(Field::Position, message)
}

fn moves_error(message: impl Into<String>) -> InputError {
    InputError::new(Field::Moves, message)
}

/// A position and its moves as the page holds them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Game {
    /// The start position (with its side to move).
    pub fen: String,
    pub moves: Vec<GameMove>,
    /// A game record's headers (`Event`, `Red` …), empty for a move list.
    pub headers: Vec<(String, String)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameMove {
    pub iccs: String,
    pub chinese: String,
}

impl Game {
    /// The moves again as moves, from the position `start` the page read.
    pub fn played(&self, start: &Position) -> Result<Vec<Move>, InputError> {
        let mut pos = start.clone();
        let mut out = Vec::with_capacity(self.moves.len());
        for (i, m) in self.moves.iter().enumerate() {
            let mv = notation::parse_move(&pos, &m.iccs)
                .map_err(|e| moves_error(format!("moves: ply {} ({}): {e}", i + 1, m.iccs)))?;
            pos.play_unchecked(mv);
            out.push(mv);
        }
        Ok(out)
    }
}

/// The side to move as the page's selector names it: `w`/`r` red, `b` black, empty for none.
fn side(text: &str) -> Result<Option<Color>, InputError> {
    match text.trim() {
        "" => Ok(None),
        "w" | "r" | "red" => Ok(Some(Color::Red)),
        "b" | "black" => Ok(Some(Color::Black)),
        s => Err(InputError::new(
            Field::Side,
            format!("side to move '{s}': expected w (red) or b (black)"),
        )),
    }
}

/// A position from the position field: `startpos`, 64 digits (a DhtmlXQ binit, which holds
/// no side to move: `side_text` gives it, red when empty), or a FEN (`side_text`, when given,
/// overrides its side to move). Standard setups first, then composed ones (排局).
pub fn read_position(text: &str, side_text: &str) -> Result<Position, InputError> {
    let text = text.trim();
    let side = side(side_text)?;
    let setup = if text.is_empty() {
        return Err(position_error(
            "position: empty, expected a FEN, `startpos` or a DhtmlXQ binit",
        ));
    } else if text == "startpos" {
        Position::start().to_setup()
    } else if text.len() == 64 && text.bytes().all(|b| b.is_ascii_digit()) {
        let setup = dhtmlxq::parse(text, side.unwrap_or(Color::Red))
            .map_err(|e| position_error(format!("position (binit): {e}")))?;
        return Position::new(setup, SetupMode::Standard)
            .map_err(|e| position_error(format!("position (binit): {e}")));
    } else {
        if side.is_none() && text.split_whitespace().nth(1).is_none() {
            return Err(position_error("position: the FEN has no side to move, expected ' w' (red) or ' b' (black) after the placement"));
        }
        fen::parse_setup(text).map_err(|e| position_error(format!("position (FEN): {e}")))?
    };
    let mut setup = setup;
    if let Some(s) = side {
        setup.turn = s;
    }
    Position::new(setup.clone(), SetupMode::Standard)
        .or_else(|_| Position::new(setup, SetupMode::Composed))
        .map_err(|e| position_error(format!("position: {e}")))
}

/// The position and the moves of the page's fields. A moves field holding a game record (a
/// PGN with `[Tag "…"]` headers, or a DhtmlXQ block) gives its own start position and main
/// line; otherwise the moves are read in turn from the position field's position.
pub fn read_game(position: &str, side_text: &str, moves: &str) -> Result<Game, InputError> {
    if let Some(game) = record(moves)? {
        return Ok(game);
    }
    let start = read_position(position, side_text)?;
    let mut pos = start.clone();
    let mut out = Vec::new();
    for (i, t) in notation::move_tokens(moves).enumerate() {
        if i == qili::rules::MAX_PLIES {
            return Err(moves_error(format!(
                "moves: more than {} plies, the most a ruling takes",
                qili::rules::MAX_PLIES
            )));
        }
        let m = notation::parse_move(&pos, t).map_err(|e| {
            moves_error(format!(
                "moves: ply {} ({t}, {} to move): {e}",
                i + 1,
                pos.turn().name()
            ))
        })?;
        out.push(GameMove {
            iccs: m.to_string(),
            chinese: chinese::write(&pos, m),
        });
        pos.play_unchecked(m);
    }
    Ok(Game {
        fen: fen::write(&start),
        moves: out,
        headers: Vec::new(),
    })
}

/// A whole game record pasted into the moves field: its first game, or `None` when the text is
/// a plain move list.
fn record(text: &str) -> Result<Option<Game>, InputError> {
    let trimmed = text.trim_start();
    let game = if text.contains("[DhtmlXQ") {
        dhtmlxq_game::read(text)
            .into_iter()
            .next()
            .ok_or_else(|| moves_error("moves: a DhtmlXQ block without a game"))?
            .map_err(|e| moves_error(format!("moves (DhtmlXQ): {e}")))?
    } else if trimmed.starts_with('[') {
        pgn::read(text)
            .into_iter()
            .next()
            .ok_or_else(|| moves_error("moves: a PGN text without a game"))?
            .map_err(|e| moves_error(format!("moves (PGN): {e}")))?
    } else {
        return Ok(None);
    };
    if let Some(e) = &game.error {
        return Err(moves_error(format!("moves (game record): {e}")));
    }
    let mut pos = game.start.clone();
    let moves = game
        .moves
        .iter()
        .map(|&m| {
            let gm = GameMove {
                iccs: m.to_string(),
                chinese: chinese::write(&pos, m),
            };
            pos.play_unchecked(m);
            gm
        })
        .collect();
    Ok(Some(Game {
        fen: fen::write(&game.start),
        moves,
        headers: game.headers,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_notation_reads_the_same_moves() {
        let iccs = read_game("startpos", "", "h2e2 h9g7").unwrap();
        for text in [
            "炮二平五 马8进7",
            "炮二平五 馬8進7",
            "C2.5 H8+7",
            "1. h2e2 h9g7",
        ] {
            assert_eq!(read_game("startpos", "", text).unwrap(), iccs, "{text}");
        }
        assert_eq!(iccs.moves[1].chinese, "马8进7");
    }

    #[test]
    fn a_binit_takes_the_side_given() {
        let binit = "9999075947398799999999999999999999999950403099414899499999996323";
        let p = read_position(binit, "w").unwrap();
        assert_eq!(fen::write(&p), "3aka3/4n4/9/2p3p2/9/9/9/B3K3B/4r4/3AcA3 w");
        assert!(read_position(binit, "b")
            .unwrap_err()
            .message
            .contains("binit"));
    }

    #[test]
    fn a_pgn_record_brings_its_own_start() {
        let pgn = "[Event \"t\"]\n[FEN \"4k4/9/9/9/5R3/9/9/9/9/3K5 w\"]\n\n1. R4.5 K5.6 *\n";
        let g = read_game("", "", pgn).unwrap();
        assert_eq!(g.fen, "4k4/9/9/9/5R3/9/9/9/9/3K5 w");
        assert_eq!(g.moves.len(), 2);
        assert_eq!(g.headers[0], ("Event".to_string(), "t".to_string()));
    }

    #[test]
    fn errors_name_the_field_and_ply() {
        let e = read_position("", "").unwrap_err();
        assert_eq!(e.field, Field::Position);
        assert!(e.message.starts_with("position"), "{e}");
        let e = read_position("9/9 w", "").unwrap_err();
        assert_eq!(e.field, Field::Position);
        assert!(e.message.contains("FEN"), "{e}");
        let e = read_game("startpos", "", "h2e2 xyz").unwrap_err();
        assert_eq!(e.field, Field::Moves);
        assert!(
            e.message.starts_with("moves: ply 2 (xyz, black to move)"),
            "{e}"
        );
        // A bad position is the position's error even when the moves are bad too.
        let e = read_game("9/9 w", "", "xyz").unwrap_err();
        assert_eq!(e.field, Field::Position);
        let e = read_position("startpos", "x").unwrap_err();
        assert_eq!(e.field, Field::Side);
        assert!(e.message.contains("'x'"), "{e}");
        let e = read_game("", "", "[Event \"t\"]\n\n1. h2e2 h2e2 *\n").unwrap_err();
        assert_eq!(e.field, Field::Moves);
    }
}

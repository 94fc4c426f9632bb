//! # qili-records: Xiangqi game records read into games
//!
//! The readers of the game-record formats referees and collections use: PGN and its dialects
//! ([`pgn`]), XQF ([`xqf`]), 象棋桥's CBL/CBR ([`cbl`]) and CBF ([`cbf`]), DhtmlXQ game blocks
//! ([`dhtmlxq_game`]) and plain move lines ([`lines`]). Each returns a [`game::Game`]: the
//! start position, the moves checked legal, and the headers; a bad record is an error naming
//! where and why, never a panic. Positions and moves are `qili-core`'s.
//!
//! ```
//! use qili_records::pgn;
//!
//! let games = pgn::read("[Event \"demo\"]\n\n1. 炮二平五 马8进7 2. 马二进三 *\n");
//! let game = games[0].as_ref().unwrap();
//! assert_eq!(game.moves.len(), 3);
//! assert_eq!(game.header("Event"), Some("demo"));
//! ```

pub mod cbf;
pub mod cbl;
pub mod dhtmlxq_game;
pub mod game;
pub mod lines;
pub mod pgn;
pub mod xqf;

pub use game::{Game, GameError};

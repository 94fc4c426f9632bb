//! # qili-core: the Xiangqi vocabulary, board, legal positions and move notations
//!
//! The vocabulary ([`Color`], [`Role`], [`Piece`], [`File`], [`Rank`], [`Square`], [`Move`]),
//! the board ([`Board`], [`Setup`], [`Position`]) and the notations ([`notation`]). It rules
//! nothing and reads no game files: the rulings are the `qili` crate's, the game records
//! `qili-records`'.
//!
//! ```
//! use qili_core::{notation::fen, Position, SetupMode};
//!
//! let pos = fen::parse("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", SetupMode::Standard)?;
//! assert_eq!(pos.legal_moves().len(), 44);
//! assert_eq!(pos.perft(2), 1920);
//! # Ok::<(), qili_core::notation::fen::FenError>(())
//! ```

mod attacks;
mod board;
mod color;
mod moves;
pub mod notation;
mod piece;
pub mod position;
mod role;
mod setup;
mod square;
mod square_set;
pub mod zobrist;

pub use board::Board;
pub use color::Color;
pub use moves::Move;
pub use piece::Piece;
pub use position::{IllegalSetup, MoveError, Position, SetupMode, SetupProblem, Undo, Wanted};
pub use role::Role;
pub use setup::Setup;
pub use square::{File, Rank, Square, SquareError};
pub use square_set::{SquareSet, Squares};

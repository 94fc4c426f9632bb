//! # qili: Xiangqi repetition rulings (棋例) as the rule books define them
//!
//! The vocabulary ([`Color`], [`Role`], [`Piece`], [`File`], [`Rank`], [`Square`], [`Move`]),
//! the board ([`Board`], [`Setup`], [`Position`]) and the notations ([`notation`]).
//!
//! ```
//! use qili::{notation::fen, Position, SetupMode};
//!
//! let pos = fen::parse("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", SetupMode::Standard)?;
//! assert_eq!(pos.legal_moves().len(), 44);
//! assert_eq!(pos.perft(2), 1920);
//! # Ok::<(), qili::notation::fen::FenError>(())
//! ```

pub mod analysis;
mod attacks;
mod board;
mod color;
mod moves;
pub mod notation;
mod piece;
mod position;
mod role;
mod setup;
mod square;
mod zobrist;

pub use board::Board;
pub use color::Color;
pub use moves::Move;
pub use piece::Piece;
pub use position::{IllegalSetup, MoveError, Position, SetupMode, SetupProblem, Undo};
pub use role::Role;
pub use setup::Setup;
pub use square::{File, Rank, Square};
pub mod rules;

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
//!
//! Rulings ([`rules`]): judge a sequence of moves under a rule book, and read each ply's label
//! with its evidence, each side's class and the verdict. The rule book's 图6: red checks with
//! its only movable piece, black steps aside; one-sided 长将 must change, and red cannot.
//!
//! ```
//! use qili::notation::{fen, parse_moves};
//! use qili::rules::{judge, Label, RuleBook, Verdict};
//! use qili::SetupMode;
//!
//! let pos = fen::parse("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", SetupMode::Standard).unwrap();
//! let moves = parse_moves(&pos, "车四平五 将5平6 车五平四 将6平5").unwrap();
//! let ruling = judge(&pos, &moves, &RuleBook::cxa2011()).unwrap();
//! assert_eq!(ruling.plies[0].label, Label::Check);
//! assert_eq!(ruling.plies[0].evidence.clause, "24.1");
//! let cycle = ruling.cycle.as_ref().unwrap(); // the four plies repeat
//! assert_eq!(cycle.red.summary, "长将");
//! assert_eq!(ruling.verdict, Verdict::RedLoses);
//! println!("{}", ruling.reason); // 红方长将，为长将（禁止着法）；… 红方作负。
//! ```

mod analysis;
mod attacks;
mod board;
mod color;
mod game;
pub mod history;
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
pub use game::{Game, PushError};
pub use moves::Move;
pub use piece::Piece;
pub use position::{IllegalSetup, MoveError, Position, SetupMode, SetupProblem, Undo};
pub use role::Role;
pub use setup::Setup;
pub use square::{File, Rank, Square, SquareError};
pub mod rules;
pub mod text;

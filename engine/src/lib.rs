//! # qili: Xiangqi repetition rulings (棋例) as the rule books define them
//!
//! The vocabulary ([`Color`], [`Role`], [`Piece`], [`File`], [`Rank`], [`Square`], [`Move`]),
//! the board ([`Board`], [`Setup`], [`Position`]) and the notations ([`notation`]) are
//! `qili-core`'s, re-exported here; the game-record readers are `qili-records`'.
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
mod game;
pub mod history;
pub mod rules;
pub mod text;

// The core crate's vocabulary, board, positions and notations, at the paths they had when they
// lived here (`qili::Position`, `qili::notation::fen`); `position` and `zobrist` are named for
// the engine's own paths (`crate::position::Wanted`, `crate::zobrist`).
pub use game::{Game, PushError};
pub use qili_core::notation;
use qili_core::{position, zobrist};
pub use qili_core::{
    Board, Color, File, IllegalSetup, Move, MoveError, Piece, Position, Rank, Role, Setup,
    SetupMode, SetupProblem, Square, SquareError, SquareSet, Undo,
};

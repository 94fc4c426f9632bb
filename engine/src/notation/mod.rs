//! Reading and writing positions and moves in the notations referees and engines use.
//! Each notation has its own module and error type; [`parse_move`] detects the notation of a
//! single move text.

pub mod chinese;
pub mod fen;
pub mod iccs;

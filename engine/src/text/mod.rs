//! The rulings in words: the Chinese a referee reads, rendered from the inert data of a ruling.

pub mod ply;

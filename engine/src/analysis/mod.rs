//! Board analysis the rulings are built on: material (子力价值), bounded searches for mates by
//! checks and for material won by captures, checks and exchanges.

pub mod budget;
pub mod material;
pub mod search;

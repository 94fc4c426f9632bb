//! Board analysis the rulings are built on: material (子力价值), bounded searches for mates by
//! checks and for material won by captures, checks and exchanges, and what the pieces do in a
//! line that takes a target: its roots (`roots`), the pins that hold a piece in place
//! (`pins`), and which pieces take part (`part`).

pub mod budget;
pub mod material;
pub(crate) mod part;
pub(crate) mod pins;
pub(crate) mod roots;
pub mod search;
mod taking;

pub(crate) use taking::Taking;

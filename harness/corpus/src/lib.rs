//! # qili-corpus: the case format
//!
//! One published case per YAML file (`corpus/README.md` is the authority): [`yaml`] reads a
//! text within the limits of [`qili_io::bounds`] into a tree with every node's place
//! ([`locate`]), [`case`] is the schema, [`lint`] checks a file against it, the engine and the
//! closed vocabularies ([`vocabulary`], [`tags`]), and [`corpus`] loads a directory of them.
//! Every [`problem::Problem`] names its file, line and column.
//!
//! It reads; it never writes, and it knows nothing of runs, reports or terminals.

pub mod case;
pub mod corpus;
pub mod edition;
pub mod lint;
pub mod locate;
pub mod problem;
pub mod tags;
pub mod vocabulary;
pub mod yaml;

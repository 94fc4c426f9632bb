//! # qili-harness: the corpus runner and the reports
//!
//! Data flows one way: `corpus/*.yaml` is loaded and linted into `qili_corpus::case::Case`s
//! (the case format is its own crate, `qili-corpus`), each published
//! answer is judged by the engine under its edition's rule book ([`run`]), compared with what the
//! book printed ([`compare`]) and classified against the recorded disagreements
//! ([`expectations`]); the [`results::Results`] are then rendered as Markdown, HTML and JSON
//! ([`report`]). Every case × edition is also judged under every other rule book
//! ([`rulebooks`]); [`pipeline::results`] is the whole run as one call, and [`perf`] times it.
//! The `qili` binary (crate `qili-cli`) is a thin layer over these modules; the scanner
//! (`qili-scan`) rules game records, whose pages [`report::scan`] draws.
//!
//! Nothing here writes into the corpus directory.

pub mod compare;
pub mod diff;
pub mod engines;
pub mod errata;
pub mod expectations;
pub mod perf;
pub mod pipeline;
pub mod report;
pub mod results;
pub mod rulebooks;
pub mod run;
pub mod view;

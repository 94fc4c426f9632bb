//! # qili-harness: the corpus of published cases, the runner and the reports
//!
//! Data flows one way: `corpus/*.yaml` is loaded and linted into [`case::Case`]s, each published
//! answer is judged by the engine under its edition's rule book ([`run`]), compared with what the
//! book printed ([`compare`]) and classified against the recorded disagreements
//! ([`expectations`]); the [`results::Results`] are then rendered as Markdown, HTML and JSON
//! ([`report`]). Every case × edition is also judged under every other rule book
//! ([`rulebooks`]); [`pipeline::results`] is the whole run as one call, and [`perf`] times it.
//! The `qili` binary ([`cli`]) is a thin layer over these modules.
//!
//! Nothing here writes into the corpus directory.

pub mod bounds;
pub mod case;
pub mod cli;
pub mod compare;
pub mod corpus;
pub mod diff;
pub mod edition;
pub mod engines;
pub mod errata;
pub mod expectations;
pub mod lint;
pub mod locate;
pub mod perf;
pub mod pipeline;
pub mod problem;
pub mod report;
pub mod results;
pub mod rulebooks;
pub mod run;
pub mod scan;
pub mod tags;
pub mod view;
pub mod vocabulary;
pub mod yaml;

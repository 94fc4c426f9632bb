//! The rulings in Chinese: the data the engine returns holds facts (labels, classes, counts,
//! clauses), and these modules write the sentences a referee reads. The CLI, the reports, the
//! page and the bindings all print what is written here.

pub mod ply;
pub mod ruling;

//! # qili-io: bounded reading and whole writing
//!
//! What qili's tools read is bounded by a documented limit ([`bounds`], README *Limits*); what
//! they write replaces a file or a directory of reports in one rename, so a reader sees the
//! old set or the new one, never a mix ([`disk`]). It depends on no crate of qili's.

pub mod bounds;
pub mod disk;

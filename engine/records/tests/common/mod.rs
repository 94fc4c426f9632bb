//! Helpers shared by the readers' integration tests.

#![allow(dead_code)]

// The tests over `../shared/games`: one file for every crate's suites, so that all skip alike.
#[path = "../../../tests/common/shared.rs"]
pub mod shared;

use std::path::{Path, PathBuf};

/// The committed game records, `games/records` (README.md there says what each is).
pub fn game_records() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../games/records")
}

//! Chinese 纵线 notation (placeholder until the notation module lands).

use crate::{Move, Position};

/// The move in standard simplified Chinese notation.
pub fn write(_pos: &Position, m: Move) -> String {
    m.to_string()
}

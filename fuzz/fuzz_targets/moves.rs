//! Move lists in any notation (`parse_moves`, which detects each move's notation): any text is
//! a list of moves each legal in turn, or an error naming a ply of the list.
#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use qili::notation;
use qili::Position;

static POSITIONS: LazyLock<Vec<Position>> = LazyLock::new(qili_fuzz::positions);

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for pos in POSITIONS.iter() {
        match notation::parse_moves(pos, text) {
            Ok(moves) => {
                let mut p = pos.clone();
                for m in moves {
                    p = p
                        .play(m)
                        .unwrap_or_else(|e| panic!("{text:?}: {m} in {p:?}: {e}"));
                }
            }
            Err(e) => {
                assert!(e.ply >= 1, "{text:?}: {e}");
                let _ = e.to_string();
            }
        }
    }
});

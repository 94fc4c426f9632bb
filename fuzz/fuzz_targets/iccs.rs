//! ICCS: any text is a move or an error; a move read writes back to itself, and in a position
//! [`qili::notation::parse_move`] only returns a legal move.
#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use qili::notation::{self, iccs};
use qili::Position;

static POSITIONS: LazyLock<Vec<Position>> = LazyLock::new(qili_fuzz::positions);

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(m) = iccs::parse(text) {
        assert_eq!(iccs::parse(&iccs::write(m)), Ok(m), "{text:?}");
    }
    for pos in POSITIONS.iter() {
        if let Ok(m) = notation::parse_move(pos, text) {
            assert_eq!(pos.check_move(m), Ok(()), "{text:?} in {pos:?}");
            let written = iccs::write(m);
            assert_eq!(
                notation::parse_move(pos, &written),
                Ok(m),
                "{text:?} → {written:?}"
            );
        }
    }
});

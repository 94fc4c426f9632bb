//! Chinese 纵线 notation: in each fixed position any text is a legal move or an error; a move
//! read is written back (both scripts) and read again as the same move.
#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use qili::notation::chinese;
use qili::Position;

static POSITIONS: LazyLock<Vec<Position>> = LazyLock::new(qili_fuzz::positions);

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for pos in POSITIONS.iter() {
        match chinese::parse(pos, text) {
            Ok(m) => {
                assert_eq!(pos.check_move(m), Ok(()), "{text:?} in {pos:?}");
                for written in [chinese::write(pos, m), chinese::write_traditional(pos, m)] {
                    assert_eq!(
                        chinese::parse(pos, &written),
                        Ok(m),
                        "{text:?} → {written:?} in {pos:?}"
                    );
                }
            }
            Err(e) => {
                let _ = e.to_string();
                for &c in e.candidates() {
                    assert_eq!(
                        pos.check_move(c),
                        Ok(()),
                        "{text:?} candidate {c} in {pos:?}"
                    );
                }
            }
        }
    }
});

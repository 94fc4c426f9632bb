//! WXF: in each fixed position any text is a legal move or an error; a move read is written
//! back and read again as the same move.
#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use qili::notation::wxf;
use qili::Position;

static POSITIONS: LazyLock<Vec<Position>> = LazyLock::new(qili_fuzz::positions);

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for pos in POSITIONS.iter() {
        match wxf::parse(pos, text) {
            Ok(m) => {
                assert_eq!(pos.check_move(m), Ok(()), "{text:?} in {pos:?}");
                let written = wxf::write(pos, m);
                assert_eq!(
                    wxf::parse(pos, &written),
                    Ok(m),
                    "{text:?} → {written:?} in {pos:?}"
                );
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

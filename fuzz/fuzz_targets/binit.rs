//! DhtmlXQ `binit`: any text is a setup or an error; a board read is written back and read
//! again as the same board (the writer orders same pieces its own way, so the texts may differ).
#![no_main]

use libfuzzer_sys::fuzz_target;
use qili::notation::dhtmlxq;
use qili::{Color, Position, SetupMode};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for turn in Color::ALL {
        let Ok(setup) = dhtmlxq::parse(text, turn) else {
            continue;
        };
        let written = dhtmlxq::write(&setup.board)
            .unwrap_or_else(|e| panic!("{text:?}: a board binit read cannot be written: {e}"));
        let again = dhtmlxq::parse(&written, turn).expect("binit written reads");
        assert_eq!(again, setup, "{text:?} → {written:?}");
        let _ = Position::new(setup, SetupMode::Standard);
    }
});

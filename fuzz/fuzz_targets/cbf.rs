//! 象棋桥 CBF (XML) records: any text is a game or an error, never a panic; every move of a
//! game read is legal from its start.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qili_records::cbf;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(game) = cbf::read(text) {
        let mut pos = game.start.clone();
        for &m in &game.moves {
            assert!(pos.is_legal(m), "{m} is not legal");
            pos.play_unchecked(m);
        }
    }
});

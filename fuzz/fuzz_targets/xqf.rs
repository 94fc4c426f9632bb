//! XQF: any bytes are a game or an error, never a panic; every move of a game read is legal
//! from its start, and the main line stays under the reader's cap.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qili_records::xqf;

fuzz_target!(|data: &[u8]| {
    let lossy = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    if let Ok(game) = xqf::read(data, lossy) {
        assert!(game.moves.len() <= xqf::MAX_PLIES);
        let mut pos = game.start.clone();
        for &m in &game.moves {
            assert!(pos.is_legal(m), "{m} is not legal");
            pos.play_unchecked(m);
        }
    }
});

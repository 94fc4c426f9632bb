//! 象棋桥 CBL libraries and CBR records: any bytes are games or errors, never a panic; every
//! move of a game read is legal from its start.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qili_records::cbl;
use qili_records::game::Game;

fn legal(game: &Game) {
    let mut pos = game.start.clone();
    for &m in &game.moves {
        assert!(pos.is_legal(m), "{m} is not legal");
        pos.play_unchecked(m);
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(game) = cbl::read_record(data) {
        legal(&game);
    }
    if let Ok(games) = cbl::read_library(data) {
        for game in games.iter().flatten() {
            legal(game);
        }
    }
});

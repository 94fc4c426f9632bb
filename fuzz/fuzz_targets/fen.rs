//! FEN: any text is read or refused, never a panic; a position read is written back and read
//! again as the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qili::notation::fen;
use qili::SetupMode;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = fen::parse_setup(text);
    let standard = fen::parse(text, SetupMode::Standard);
    for mode in [SetupMode::Standard, SetupMode::Composed] {
        let Ok(pos) = fen::parse(text, mode) else {
            continue;
        };
        // All six fields: the counters come back too.
        let full = fen::write_full(&pos);
        assert_eq!(
            fen::parse(&full, mode).as_ref(),
            Ok(&pos),
            "{text:?} → {full:?}"
        );
        // The short form: placement and side to move.
        let short = fen::write(&pos);
        let again = fen::parse(&short, mode).expect("the short form of a legal position reads");
        assert_eq!(again.board(), pos.board(), "{text:?} → {short:?}");
        assert_eq!(again.turn(), pos.turn(), "{text:?} → {short:?}");
        // What a game may hold a composed problem may hold too.
        if mode == SetupMode::Composed {
            if let Ok(s) = &standard {
                assert_eq!(s, &pos, "{text:?}: standard and composed disagree");
            }
        }
    }
});

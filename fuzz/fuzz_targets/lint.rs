//! The corpus loader and lint (`qili_corpus::lint::lint_text`): any text is a checked case or
//! a list of problems, never a panic, and exactly one of the two.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qili_corpus::lint;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut l = lint::lint_text("fuzz.yaml", "fuzz", text);
    // The id must equal the file name: lint again under the name the text declares, so that
    // a valid case (the corpus seeds) gets past that check to the case itself.
    if let Some((id, _)) = l.declared_id.take().filter(|(id, _)| id != "fuzz") {
        l = lint::lint_text(&format!("{id}.yaml"), &id, text);
    }
    assert_eq!(
        l.case.is_some(),
        l.problems.is_empty(),
        "{text:?}: {:?}",
        l.problems
    );
    for p in &l.problems {
        let _ = p.to_string();
    }
});

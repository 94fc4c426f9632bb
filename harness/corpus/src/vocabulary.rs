//! The closed words of the corpus format that the case lint and the disagreements file both
//! read: the published labels and verdicts, and the shape of an id.

use qili::rules::{Label, Verdict};

/// The eight published labels, for messages.
pub const LABELS: &str = "将 杀 捉 兑 献 拦 跟 闲";

/// Read a published label: the eight of 24.1–24.8 in either script (未定 is the engine's, not a
/// book's).
pub fn published_label(text: &str) -> Option<Label> {
    Label::from_chinese(text).filter(|l| *l != Label::Undetermined)
}

/// The verdict names, for messages.
pub fn verdict_names() -> String {
    Verdict::PUBLISHED.map(Verdict::name).join(", ")
}

/// Read a published verdict (`undetermined` is the engine's, not a book's).
pub fn published_verdict(name: &str) -> Option<Verdict> {
    Verdict::from_name(name).filter(|v| Verdict::PUBLISHED.contains(v))
}

/// Whether `id` has the shape of an id: lower-case ASCII letters and digits in groups joined by
/// single dashes.
pub fn is_id(id: &str) -> bool {
    !id.is_empty()
        && id.split('-').all(|g| {
            !g.is_empty()
                && g.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids() {
        assert!(is_id("cxa2011-fig02"));
        assert!(is_id("huo-2015-fig1"));
        assert!(!is_id("Cxa2011"));
        assert!(!is_id("a--b"));
        assert!(!is_id("-a"));
    }
}

//! Reading a YAML text into the raw structs: one problem at the place serde reports, in the
//! lint's words (the location in front, what a missing key may hold).

use crate::bounds;
use crate::edition::Edition;
use crate::locate::Loc;
use crate::problem::Problem;
use crate::vocabulary::{verdict_names, LABELS};

/// Remove the first ` at line L column C` of a serde_norway message (that position is printed
/// in front instead); a second one, such as where a quoted scalar started, stays.
pub fn strip_location(message: &str) -> String {
    let mut from = 0;
    while let Some(i) = message[from..].find(" at line ").map(|i| i + from) {
        let tail = &message[i + " at line ".len()..];
        let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
        let n = digits(tail);
        if n > 0 && tail[n..].starts_with(" column ") {
            let m = digits(&tail[n + " column ".len()..]);
            if m > 0 {
                let end = i + " at line ".len() + n + " column ".len() + m;
                return format!("{}{}", &message[..i], &message[end..]);
            }
        }
        from = i + 1;
    }
    message.to_string()
}

/// Read a YAML text into `T`, or one problem at the place serde reports.
pub fn deserialize<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, Problem> {
    serde_yaml::from_str(text).map_err(|e| {
        let at = e
            .location()
            .map(|l| Loc {
                line: l.line(),
                column: column_of(text, l.line(), l.index()),
            })
            .unwrap_or(Loc::START);
        Problem::new(
            file,
            at,
            bounds::clip_quoted(&with_allowed_values(&strip_location(&e.to_string()))),
        )
    })
}

/// A missing key's message, with what the key may hold (`missing field `cycle``, expected
/// `exact` or `pattern`).
fn with_allowed_values(message: &str) -> String {
    let Some(key) = message
        .split_once("missing field `")
        .and_then(|(_, rest)| rest.split('`').next())
    else {
        return message.to_string();
    };
    let allowed = match key {
        "cycle" => "exact, pattern".to_string(),
        "labels_from" => "caption, summary".to_string(),
        "provenance" => "published, reconstructed".to_string(),
        "edition" => Edition::names(),
        "verdict" => verdict_names(),
        "label" => LABELS.replace(' ', ", "),
        _ => return message.to_string(),
    };
    format!("{message}, expected one of {allowed}")
}

/// The 1-based character column of a byte index (serde_norway counts bytes).
fn column_of(text: &str, line: usize, byte: usize) -> usize {
    let byte = byte.min(text.len());
    let start = text[..byte].rfind('\n').map_or(0, |i| i + 1);
    let _ = line;
    text.get(start..byte).map_or(1, |s| s.chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_are_stripped_once() {
        assert_eq!(
            strip_location("unknown field `x` at line 3 column 5, expected `a`"),
            "unknown field `x`, expected `a`"
        );
        assert_eq!(strip_location("at line is fine"), "at line is fine");
        assert_eq!(
            strip_location("end of stream at line 20 column 1, while scanning a quoted scalar at line 3 column 8"),
            "end of stream, while scanning a quoted scalar at line 3 column 8"
        );
    }
}

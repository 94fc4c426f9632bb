//! The adapter protocol's messages (docs/engines.md): one JSON request per line to the adapter,
//! one JSON response per line back, in order. A response is read strictly (unknown fields,
//! verdicts and labels are errors that name what was expected), since a typo must not read as
//! "no verdict".

use qili::rules::{Label, Verdict};
use serde::{Deserialize, Serialize};

use qili_corpus::vocabulary;

/// One case × edition, as an adapter is asked about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// `case--edition`, the report's anchor; the response must carry it back.
    pub id: String,
    /// The rule book the published answer is under (`cxa2011`, `axf` …; `qili rules`).
    pub rules: String,
    /// Placement and side to move (`… w` or `… b`).
    pub fen: String,
    /// The moves as published, in ICCS (files a–i, ranks 0–9 from red's side).
    pub moves: Vec<String>,
    /// The moves that continue the last cycle of `moves` until its last position has occurred
    /// three times (empty when nothing repeats or it already has): for an engine that rules a
    /// repetition only at the third occurrence. Labels are for `moves` alone.
    pub moves_to_threefold: Vec<String>,
}

/// What an adapter answered, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A verdict (`None`: the adapter says this rule book or case is `unsupported`), and
    /// labels per ply of `moves` when it gives them (`None` in the list: no label for that ply).
    Answer {
        verdict: Option<Verdict>,
        labels: Option<Vec<Option<Label>>>,
        note: Option<String>,
    },
    /// The adapter answered with its own `error` for this case.
    AdapterError(String),
    /// The exchange failed: the adapter crashed, was silent past the time-out, answered junk
    /// or another id. Says which, for the report.
    Failure(String),
}

/// The response as written, before it is checked against its request.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    id: serde_json::Value,
    #[serde(default)]
    verdict: Option<String>,
    #[serde(default)]
    labels: Option<Vec<Option<String>>>,
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    note: Option<String>,
}

/// The verdict names a response may use.
pub fn verdict_names() -> String {
    format!("{}, unsupported", vocabulary::verdict_names())
}

/// At most this much of a bad line is quoted in an error.
const QUOTED: usize = 120;

/// The start of a line, for messages.
pub fn quote(line: &str) -> String {
    let mut q: String = line.chars().take(QUOTED).collect();
    if q.len() < line.len() {
        q.push('…');
    }
    format!("{q:?}")
}

/// Read one response line to `request`.
pub fn read(line: &str, request: &Request) -> Reply {
    let raw: Raw = match serde_json::from_str(line) {
        Ok(r) => r,
        Err(e) => {
            return Reply::Failure(format!(
                "answered {} , which is not a response ({e}); expected one JSON object per line with \"id\" and \"verdict\" or \"error\"",
                quote(line)
            ))
        }
    };
    if raw.id.as_str() != Some(request.id.as_str()) {
        return Reply::Failure(format!(
            "answered the id {} to the request {:?} (responses come one per request, in order, with the request's id)",
            qili_io::bounds::clip(&raw.id.to_string()),
            request.id
        ));
    }
    if let Some(e) = raw.error {
        return Reply::AdapterError(e);
    }
    let verdict = match raw.verdict.as_deref() {
        None => return Reply::Failure("answered neither \"verdict\" nor \"error\"".to_string()),
        Some("unsupported") => None,
        Some(v) => match vocabulary::published_verdict(v) {
            Some(v) => Some(v),
            None => {
                return Reply::Failure(format!(
                    "answered the verdict {v:?}; expected one of {}",
                    verdict_names()
                ))
            }
        },
    };
    let labels = match raw.labels {
        None => None,
        Some(ls) if ls.len() != request.moves.len() => {
            return Reply::Failure(format!(
                "answered {} labels for {} moves (one per ply of \"moves\", null where none)",
                ls.len(),
                request.moves.len()
            ))
        }
        Some(ls) => {
            let mut out = Vec::with_capacity(ls.len());
            for (i, l) in ls.iter().enumerate() {
                out.push(match l.as_deref() {
                    None => None,
                    Some(text) => match vocabulary::published_label(text) {
                        Some(l) => Some(l),
                        None => {
                            return Reply::Failure(format!(
                            "answered the label {text:?} for ply {}; expected one of {} or null",
                            i + 1,
                            vocabulary::LABELS
                        ))
                        }
                    },
                });
            }
            Some(out)
        }
    };
    Reply::Answer {
        verdict,
        labels,
        note: raw.note,
    }
}

/// The request as one line (no newline).
pub fn write(request: &Request) -> String {
    serde_json::to_string(request).expect("a request serialises")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req() -> Request {
        Request {
            id: "c--cxa2011".into(),
            rules: "cxa2011".into(),
            fen: "4k4/9/9/9/9/9/9/9/9/4K4 w".into(),
            moves: vec!["e0e1".into(), "e9e8".into()],
            moves_to_threefold: vec![],
        }
    }

    #[test]
    fn a_verdict_with_labels_reads() {
        let r = read(
            r#"{"id":"c--cxa2011","verdict":"red_must_change","labels":["将",null]}"#,
            &req(),
        );
        assert_eq!(
            r,
            Reply::Answer {
                verdict: Some(Verdict::RedMustChange),
                labels: Some(vec![Some(Label::Check), None]),
                note: None
            }
        );
    }

    #[test]
    fn unsupported_and_errors_read() {
        let r = read(r#"{"id":"c--cxa2011","verdict":"unsupported"}"#, &req());
        assert!(matches!(r, Reply::Answer { verdict: None, .. }));
        let r = read(r#"{"id":"c--cxa2011","error":"no such variant"}"#, &req());
        assert_eq!(r, Reply::AdapterError("no such variant".into()));
    }

    #[test]
    fn bad_responses_say_what_was_expected() {
        let cases = [
            ("hello", "not a response"),
            (r#"{"id":"other","verdict":"draw"}"#, "the id \"other\""),
            (r#"{"id":7,"verdict":"draw"}"#, "the id 7"),
            (r#"{"id":"c--cxa2011"}"#, "neither"),
            (
                r#"{"id":"c--cxa2011","verdict":"win"}"#,
                "expected one of draw",
            ),
            (
                r#"{"id":"c--cxa2011","verdict":"undetermined"}"#,
                "\"undetermined\"",
            ),
            (
                r#"{"id":"c--cxa2011","verdit":"draw"}"#,
                "unknown field `verdit`",
            ),
            (
                r#"{"id":"c--cxa2011","verdict":"draw","labels":["将"]}"#,
                "1 labels for 2 moves",
            ),
            (
                r#"{"id":"c--cxa2011","verdict":"draw","labels":["将","x"]}"#,
                "label \"x\" for ply 2",
            ),
        ];
        for (line, want) in cases {
            match read(line, &req()) {
                Reply::Failure(m) => assert!(m.contains(want), "{line}: {m}"),
                other => panic!("{line}: {other:?}"),
            }
        }
    }

    #[test]
    fn a_long_line_is_quoted_short() {
        let q = quote(&"x".repeat(1000));
        assert!(q.len() < 130 && q.ends_with("…\""), "{q}");
    }

    proptest::proptest! {
        /// Any line, JSON or not, is read as some reply: never a panic.
        #[test]
        fn any_line_reads_as_a_reply(line in "\\PC{0,200}") {
            let _ = read(&line, &req());
        }

        /// Any verdict and label words under the right id: an answer, or a failure naming
        /// what was expected.
        #[test]
        fn any_words_read_or_say_what_was_expected(
            verdict in "[a-z_]{0,20}",
            labels in proptest::collection::vec(proptest::option::of("\\PC{0,3}"), 0..4),
        ) {
            let line = serde_json::json!({"id": "c--cxa2011", "verdict": verdict, "labels": labels})
                .to_string();
            match read(&line, &req()) {
                Reply::Answer { .. } => {}
                Reply::Failure(m) => proptest::prop_assert!(m.contains("expected") || m.contains("labels for 2 moves"), "{}", m),
                Reply::AdapterError(m) => proptest::prop_assert!(false, "{}", m),
            }
        }
    }

    #[test]
    fn requests_are_one_line_and_read_back() {
        let line = write(&req());
        assert!(!line.contains('\n'));
        assert_eq!(serde_json::from_str::<Request>(&line).unwrap(), req());
    }
}

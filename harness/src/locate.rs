//! Where each field of a YAML file is, so that a problem found after deserialising (an illegal
//! move, an unknown label) can be reported at its line and column.
//!
//! serde gives positions only for the errors it finds itself; the semantic lint needs the
//! position of the n-th item of `moves` or of a key. This module walks the YAML event stream of
//! `saphyr-parser` once and records the start of every node under a path such as
//! `published[0].moves[2].iccs`.

use std::collections::HashMap;
use std::fmt;

use saphyr_parser::{Event, Parser};

/// A 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Loc {
    pub line: usize,
    pub column: usize,
}

impl Loc {
    pub const START: Loc = Loc { line: 1, column: 1 };
}

impl Default for Loc {
    fn default() -> Self {
        Loc::START
    }
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// The positions of the nodes of one YAML document, by path.
#[derive(Clone, Debug, Default)]
pub struct Locations {
    values: HashMap<String, Loc>,
    keys: HashMap<String, Loc>,
}

enum Frame {
    Map { path: String, key: Option<String> },
    Seq { path: String, next: usize },
}

/// `parent.key`, or `key` at the top.
pub fn join(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        key.to_string()
    } else {
        format!("{parent}.{key}")
    }
}

/// `parent[index]`.
pub fn index(parent: &str, i: usize) -> String {
    format!("{parent}[{i}]")
}

/// The path one level up: `a.b[2]` → `a.b`, `a.b` → `a`, `a` → ``.
fn parent(path: &str) -> Option<&str> {
    if path.is_empty() {
        return None;
    }
    let cut = path.rfind(['.', '[']).unwrap_or(0);
    Some(&path[..cut])
}

impl Locations {
    /// Scan a YAML text. A syntax error stops the scan; what was seen before it is kept (the
    /// error itself is reported by the deserialiser).
    pub fn scan(text: &str) -> Locations {
        let mut locs = Locations::default();
        let mut stack: Vec<Frame> = Vec::new();
        let mut parser = Parser::new_from_str(text);
        while let Some(Ok((event, span))) = parser.next_event() {
            let at = Loc {
                line: span.start.line(),
                column: span.start.col() + 1,
            };
            let (is_node, opens) = match &event {
                Event::Scalar(..) | Event::Alias(_) => (true, None),
                Event::MappingStart(..) => (true, Some(true)),
                Event::SequenceStart(..) => (true, Some(false)),
                Event::MappingEnd | Event::SequenceEnd => {
                    stack.pop();
                    continue;
                }
                _ => (false, None),
            };
            if !is_node {
                continue;
            }
            // Work out this node's path; a mapping key is recorded as a key, not a node.
            let path = match stack.last_mut() {
                None => String::new(),
                Some(Frame::Seq { path, next }) => {
                    let p = index(path, *next);
                    *next += 1;
                    p
                }
                Some(Frame::Map { path, key }) => match key.take() {
                    Some(k) => join(path, &k),
                    None => {
                        let name = match &event {
                            Event::Scalar(v, ..) => v.to_string(),
                            _ => "?".to_string(),
                        };
                        locs.keys.entry(join(path, &name)).or_insert(at);
                        *key = Some(name);
                        if let Some(is_map) = opens {
                            // A complex key: skip its insides by giving them a throwaway frame.
                            stack.push(if is_map {
                                Frame::Map {
                                    path: "?".into(),
                                    key: None,
                                }
                            } else {
                                Frame::Seq {
                                    path: "?".into(),
                                    next: 0,
                                }
                            });
                        }
                        continue;
                    }
                },
            };
            locs.values.entry(path.clone()).or_insert(at);
            match opens {
                Some(true) => stack.push(Frame::Map { path, key: None }),
                Some(false) => stack.push(Frame::Seq { path, next: 0 }),
                None => {}
            }
        }
        locs
    }

    /// Where the value at `path` starts; falls back to the nearest enclosing node that exists
    /// (a missing key is reported at its parent), then to the start of the file.
    pub fn value(&self, path: &str) -> Loc {
        let mut p = Some(path);
        while let Some(q) = p {
            if let Some(&l) = self.values.get(q) {
                return l;
            }
            if let Some(&l) = self.keys.get(q) {
                return l;
            }
            p = parent(q);
        }
        Loc::START
    }

    /// Where the key of `path` is written (for unknown or misplaced keys); falls back to
    /// [`Locations::value`].
    pub fn key(&self, path: &str) -> Loc {
        self.keys
            .get(path)
            .copied()
            .unwrap_or_else(|| self.value(path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "id: x\nposition:\n  fen: 4k4 w\npublished:\n  - edition: cxa2011\n    moves:\n      - { move: 车四平五, iccs: f0e0 }\n      - { move: 将5平6, iccs: e8f8, label: 闲 }\n    lines:\n      - { after_ply: 1, moves: [a0a1, 马二进三] }\n";

    #[test]
    fn finds_nested_values_and_keys() {
        let l = Locations::scan(TEXT);
        assert_eq!(l.value("id"), Loc { line: 1, column: 5 });
        assert_eq!(l.key("position.fen"), Loc { line: 3, column: 3 });
        assert_eq!(l.value("position.fen"), Loc { line: 3, column: 8 });
        assert_eq!(l.value("published[0].moves[0]"), Loc { line: 7, column: 9 });
        // Columns count characters: 将5平6 is four characters wide.
        assert_eq!(
            l.value("published[0].moves[1].iccs"),
            Loc {
                line: 8,
                column: 29
            }
        );
        assert_eq!(
            l.value("published[0].lines[0].moves[1]"),
            Loc {
                line: 10,
                column: 39
            }
        );
    }

    #[test]
    fn missing_paths_fall_back_to_their_parent() {
        let l = Locations::scan(TEXT);
        assert_eq!(
            l.value("published[0].moves[1].loose"),
            l.value("published[0].moves[1]")
        );
        assert_eq!(l.value("nothing.here"), Loc::START);
        assert_eq!(parent("a.b[2]"), Some("a.b"));
        assert_eq!(parent("a"), Some(""));
    }
}

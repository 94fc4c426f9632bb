//! Where each field of a YAML file is, so that a problem found after deserialising (an illegal
//! move, an unknown label) can be reported at its line and column.
//!
//! serde gives positions only for the errors it finds itself; the semantic lint needs the
//! position of the n-th item of `moves` or of a key. [`crate::yaml::Document::locations`]
//! records the start of every node of the tree the one walk of the text built, under a path
//! such as `published[0].moves[2].iccs`.

use std::collections::HashMap;
use std::fmt;

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
    /// Record where the value at `path` starts (the first time: a key written twice keeps
    /// its first place).
    pub fn add_value(&mut self, path: String, at: Loc) {
        self.values.entry(path).or_insert(at);
    }

    /// Record where the key of `path` is written.
    pub fn add_key(&mut self, path: String, at: Loc) {
        self.keys.entry(path).or_insert(at);
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

    #[test]
    fn missing_paths_fall_back_to_their_parent() {
        let mut l = Locations::default();
        l.add_value("a".into(), Loc { line: 2, column: 3 });
        l.add_key("a.b".into(), Loc { line: 3, column: 5 });
        l.add_value("a".into(), Loc { line: 9, column: 9 });
        assert_eq!(l.value("a.b.c"), Loc { line: 3, column: 5 });
        assert_eq!(l.value("a[1]"), Loc { line: 2, column: 3 });
        assert_eq!(l.key("a"), Loc { line: 2, column: 3 });
        assert_eq!(l.value("nothing.here"), Loc::START);
        assert_eq!(parent("a.b[2]"), Some("a.b"));
        assert_eq!(parent("a"), Some(""));
    }
}

//! YAML, read once: one walk of saphyr's event stream checks the bounds (size, nesting, no
//! alias) as it goes and builds a tree of located nodes. The raw structs are deserialised
//! from that tree (serde, through [`Node`]'s deserialiser), and [`crate::locate::Locations`]
//! is read off it, so no parser ever sees a text the walk has not checked, and a problem found
//! after deserialising is at the same line and column as one serde finds.
//!
//! Scalars resolve as in YAML 1.2's core schema (null, booleans, integers, floats, else
//! strings; quoted scalars are strings), and an error names the path of the node as the lint's
//! messages always have (serde_norway's form: `published[0].moves`, `.[0]` for an item at the
//! top), so the messages of a wrong shape read as before.

use std::fmt;

use saphyr_parser::{Event, Parser, ScalarStyle};
use serde::de::{self, DeserializeOwned, Unexpected, Visitor};

use crate::edition::Edition;
use crate::locate::{index, join, Loc, Locations};
use crate::problem::Problem;
use crate::vocabulary::{verdict_names, LABELS};
use qili_io::bounds::{self, MAX_FILE_BYTES, MAX_YAML_DEPTH};

/// A node of the document and where it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub at: Loc,
    pub value: Value,
}

/// What a node holds. A mapping keeps its pairs in the order written (a repeated key is kept
/// too: the struct it is read into refuses it).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `plain` is false for quoted and block scalars, which are always strings.
    Scalar {
        text: String,
        plain: bool,
    },
    Seq(Vec<Node>),
    Map(Vec<(Node, Node)>),
}

/// A YAML text read and checked: its first document (`None` when it holds none, as an empty
/// file or one of comments only), and where the stream ends (where a missing value is).
#[derive(Clone, Debug)]
pub struct Document {
    pub root: Option<Node>,
    pub end: Loc,
}

/// A collection being built.
enum Open {
    Seq(Loc, Vec<Node>),
    /// The pairs so far and a key waiting for its value.
    Map(Loc, Vec<(Node, Node)>, Option<Node>),
}

/// Read `text` in one walk, checking the bounds as it goes: at most [`MAX_FILE_BYTES`], no
/// alias, nothing nested deeper than [`MAX_YAML_DEPTH`]. The first violation or syntax error
/// is the problem, at its place; nothing after it is read.
pub fn read(file: &str, text: &str) -> Result<Document, Problem> {
    if text.len() > MAX_FILE_BYTES {
        return Err(Problem::new(
            file,
            Loc::START,
            bounds::too_large(text.len(), true),
        ));
    }
    let mut parser = Parser::new_from_str(text);
    let mut tree = Tree::default();
    while let Some(next) = parser.next_event() {
        let (event, span) = next.map_err(|e| not_well_formed(file, &e))?;
        let at = Loc {
            line: span.start.line().max(1),
            column: span.start.col() + 1,
        };
        if event == Event::StreamEnd {
            return Ok(Document {
                root: tree.root,
                end: at,
            });
        }
        if let Some(node) = tree.node(file, event, at)? {
            tree.place(node);
        }
    }
    Ok(Document {
        root: tree.root,
        end: Loc::START,
    })
}

/// A syntax error where saphyr found it, with what was expected for a quoted scalar it cannot
/// read (it points at the opening quote).
fn not_well_formed(file: &str, e: &saphyr_parser::ScanError) -> Problem {
    let m = e.marker();
    let at = Loc {
        line: m.line().max(1),
        column: m.col() + 1,
    };
    // The scanner's own limit on flow nesting, reached while looking ahead.
    if e.info() == "recursion limit exceeded" {
        return too_deep(file, at);
    }
    let info = e.info();
    let hint = if !info.contains("quoted scalar") {
        ""
    } else if info.contains("escape") {
        ", expected only YAML's escapes (\\n, \\t, \\\", \\\\, \\u…) in the scalar that starts here, or single quotes"
    } else {
        ", expected the closing quote of the scalar that starts here"
    };
    Problem::new(
        file,
        at,
        format!(
            "not well-formed YAML: {}{hint}",
            bounds::clip_quoted(e.info())
        ),
    )
}

/// The tree as the events come: the collections still open, the documents begun, and the
/// first document's root once it is complete.
#[derive(Default)]
struct Tree {
    stack: Vec<Open>,
    root: Option<Node>,
    documents: usize,
}

impl Tree {
    /// The node an event completes, if any (a scalar, or a collection it closes); an event
    /// that opens a collection or begins a document is taken into the tree's state.
    fn node(&mut self, file: &str, event: Event, at: Loc) -> Result<Option<Node>, Problem> {
        Ok(match event {
            Event::Alias(_) => {
                return Err(Problem::new(
                    file,
                    at,
                    "an alias (*name): aliases are not allowed, expected every value written out where it is used",
                ))
            }
            Event::MappingStart(..) | Event::SequenceStart(..) => {
                if self.stack.len() >= MAX_YAML_DEPTH {
                    return Err(too_deep(file, at));
                }
                self.stack.push(if matches!(event, Event::MappingStart(..)) {
                    Open::Map(at, Vec::new(), None)
                } else {
                    Open::Seq(at, Vec::new())
                });
                None
            }
            Event::MappingEnd | Event::SequenceEnd => match self.stack.pop() {
                Some(Open::Seq(at, items)) => Some(Node {
                    at,
                    value: Value::Seq(items),
                }),
                Some(Open::Map(at, pairs, _)) => Some(Node {
                    at,
                    value: Value::Map(pairs),
                }),
                None => None,
            },
            Event::Scalar(text, style, ..) => Some(Node {
                at,
                value: Value::Scalar {
                    text: text.into_owned(),
                    plain: style == ScalarStyle::Plain,
                },
            }),
            Event::DocumentStart(_) => {
                self.documents += 1;
                None
            }
            _ => None,
        })
    }

    /// Put a complete node where it belongs: in the collection open around it, or as the root.
    fn place(&mut self, node: Node) {
        match self.stack.last_mut() {
            Some(Open::Seq(_, items)) => items.push(node),
            Some(Open::Map(_, pairs, key)) => match key.take() {
                Some(k) => pairs.push((k, node)),
                None => *key = Some(node),
            },
            // Only the first document is read, as serde_norway did; the others are checked.
            None if self.documents == 1 => self.root = Some(node),
            None => {}
        }
    }
}

fn too_deep(file: &str, at: Loc) -> Problem {
    Problem::new(
        file,
        at,
        format!(
            "collections nested more than {MAX_YAML_DEPTH} deep (MAX_YAML_DEPTH), expected the shallow shape of the schema"
        ),
    )
}

impl Document {
    /// Where each node is, by path (`published[0].moves[2]`), for problems found after
    /// deserialising.
    pub fn locations(&self) -> Locations {
        fn visit(locs: &mut Locations, node: &Node, path: String) {
            locs.add_value(path.clone(), node.at);
            match &node.value {
                Value::Scalar { .. } => {}
                Value::Seq(items) => {
                    for (i, item) in items.iter().enumerate() {
                        visit(locs, item, index(&path, i));
                    }
                }
                Value::Map(pairs) => {
                    for (key, value) in pairs {
                        // A key that is a collection is named `?`; its insides are not paths.
                        let p = join(&path, key.scalar().unwrap_or("?"));
                        locs.add_key(p.clone(), key.at);
                        visit(locs, value, p);
                    }
                }
            }
        }
        let mut locs = Locations::default();
        if let Some(root) = &self.root {
            visit(&mut locs, root, String::new());
        }
        locs
    }
}

impl Node {
    /// The text of a scalar.
    pub fn scalar(&self) -> Option<&str> {
        match &self.value {
            Value::Scalar { text, .. } => Some(text),
            _ => None,
        }
    }
}

/// Read a checked text into `T`, or one problem at the node serde stopped at.
pub fn deserialize<T: DeserializeOwned>(file: &str, doc: &Document) -> Result<T, Problem> {
    // An empty document reads as an empty plain scalar at its end: null, an empty list, or a
    // struct that misses its fields.
    let empty = Node {
        at: doc.end,
        value: Value::Scalar {
            text: String::new(),
            plain: true,
        },
    };
    T::deserialize(At {
        node: doc.root.as_ref().unwrap_or(&empty),
        path: Path::Root,
    })
    .map_err(|e| {
        let message = match &e.path {
            Some(p) if p != "." => format!("{p}: {}", e.message),
            _ => e.message,
        };
        Problem::new(
            file,
            e.at.unwrap_or(Loc::START),
            bounds::clip_quoted(&with_allowed_values(&message)),
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

/// A deserialisation error, located at the innermost node it was raised in.
#[derive(Debug)]
pub struct Error {
    message: String,
    at: Option<Loc>,
    path: Option<String>,
}

impl Error {
    fn located(mut self, at: Loc, path: &Path) -> Error {
        if self.at.is_none() {
            self.at = Some(at);
            self.path = Some(path.to_string());
        }
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error {
            message: msg.to_string(),
            at: None,
            path: None,
        }
    }
}

/// Where a node is, written as serde_norway writes it: `.` for the top, `a.b[2]`, `.[0]`.
#[derive(Clone, Debug)]
enum Path {
    Root,
    Item(String),
}

impl Path {
    fn index(&self, i: usize) -> Path {
        Path::Item(format!("{self}[{i}]"))
    }

    fn key(&self, key: &str) -> Path {
        match self {
            Path::Root => Path::Item(key.to_string()),
            p => Path::Item(format!("{p}.{key}")),
        }
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Path::Root => f.write_str("."),
            Path::Item(p) => f.write_str(p),
        }
    }
}

/// A scalar as the core schema reads it.
enum Resolved<'a> {
    Null,
    Bool(bool),
    Unsigned(u64),
    Signed(i64),
    Float(f64),
    Str(&'a str),
}

fn resolve(text: &str, plain: bool) -> Resolved<'_> {
    if !plain {
        return Resolved::Str(text);
    }
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Resolved::Null,
        "true" | "True" | "TRUE" => return Resolved::Bool(true),
        "false" | "False" | "FALSE" => return Resolved::Bool(false),
        _ => {}
    }
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    // Leading zeros followed by digits are a string in YAML 1.2 (`007`).
    let zero_led = digits.len() > 1 && digits.starts_with('0');
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && !zero_led {
        if let Ok(u) = text.strip_prefix('+').unwrap_or(text).parse::<u64>() {
            return Resolved::Unsigned(u);
        }
        if let Ok(i) = text.parse::<i64>() {
            return Resolved::Signed(i);
        }
    }
    let numeric = digits
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_digit() || b == b'.')
        && digits
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'-' | b'+'));
    if numeric && !zero_led {
        if let Ok(f) = text.parse::<f64>() {
            return Resolved::Float(f);
        }
    }
    match text {
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => Resolved::Float(f64::INFINITY),
        "-.inf" | "-.Inf" | "-.INF" => Resolved::Float(f64::NEG_INFINITY),
        ".nan" | ".NaN" | ".NAN" => Resolved::Float(f64::NAN),
        _ => Resolved::Str(text),
    }
}

/// A node being deserialised, with its path for messages.
struct At<'a> {
    node: &'a Node,
    path: Path,
}

impl<'a> At<'a> {
    fn unexpected(&self) -> Unexpected<'a> {
        match &self.node.value {
            Value::Scalar { text, plain } => match resolve(text, *plain) {
                Resolved::Null => Unexpected::Unit,
                Resolved::Bool(b) => Unexpected::Bool(b),
                Resolved::Unsigned(u) => Unexpected::Unsigned(u),
                Resolved::Signed(i) => Unexpected::Signed(i),
                Resolved::Float(f) => Unexpected::Float(f),
                Resolved::Str(s) => Unexpected::Str(s),
            },
            Value::Seq(_) => Unexpected::Seq,
            Value::Map(_) => Unexpected::Map,
        }
    }

    /// An empty plain scalar (`key:` with nothing after it), read as an empty collection.
    fn is_empty_plain(&self) -> bool {
        matches!(&self.node.value, Value::Scalar { text, plain: true } if text.is_empty())
    }

    fn locate<T>(&self, r: Result<T, Error>) -> Result<T, Error> {
        r.map_err(|e| e.located(self.node.at, &self.path))
    }
}

impl<'de> de::Deserializer<'de> for At<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let r = match &self.node.value {
            Value::Scalar { text, plain } => match resolve(text, *plain) {
                Resolved::Null => visitor.visit_unit(),
                Resolved::Bool(b) => visitor.visit_bool(b),
                Resolved::Unsigned(u) => visitor.visit_u64(u),
                Resolved::Signed(i) => visitor.visit_i64(i),
                Resolved::Float(f) => visitor.visit_f64(f),
                Resolved::Str(s) => visitor.visit_str(s),
            },
            Value::Seq(items) => visitor.visit_seq(Items {
                items: items.iter().enumerate(),
                path: &self.path,
            }),
            Value::Map(pairs) => visitor.visit_map(Pairs {
                pairs: pairs.iter(),
                path: &self.path,
                value: None,
            }),
        };
        self.locate(r)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let r = match &self.node.value {
            Value::Scalar { text, .. } => visitor.visit_str(text),
            _ => Err(de::Error::invalid_type(self.unexpected(), &visitor)),
        };
        self.locate(r)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let none = match &self.node.value {
            Value::Scalar { text, plain } => matches!(resolve(text, *plain), Resolved::Null),
            _ => false,
        };
        if none {
            let r = visitor.visit_none();
            self.locate(r)
        } else {
            let (at, path) = (self.node.at, self.path.clone());
            visitor.visit_some(self).map_err(|e| e.located(at, &path))
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let r = match &self.node.value {
            Value::Seq(items) => visitor.visit_seq(Items {
                items: items.iter().enumerate(),
                path: &self.path,
            }),
            _ if self.is_empty_plain() => visitor.visit_seq(Items {
                items: [].iter().enumerate(),
                path: &self.path,
            }),
            _ => Err(de::Error::invalid_type(self.unexpected(), &visitor)),
        };
        self.locate(r)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let r = match &self.node.value {
            Value::Map(pairs) => visitor.visit_map(Pairs {
                pairs: pairs.iter(),
                path: &self.path,
                value: None,
            }),
            _ if self.is_empty_plain() => visitor.visit_map(Pairs {
                pairs: [].iter(),
                path: &self.path,
                value: None,
            }),
            _ => Err(de::Error::invalid_type(self.unexpected(), &visitor)),
        };
        self.locate(r)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_map(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char bytes byte_buf unit
        unit_struct newtype_struct tuple tuple_struct enum
    }
}

/// The items of a sequence.
struct Items<'a, I> {
    items: I,
    path: &'a Path,
}

impl<'de, 'a, I: Iterator<Item = (usize, &'a Node)>> de::SeqAccess<'de> for Items<'a, I> {
    type Error = Error;

    fn next_element_seed<T: de::DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        match self.items.next() {
            None => Ok(None),
            Some((i, node)) => seed
                .deserialize(At {
                    node,
                    path: self.path.index(i),
                })
                .map(Some),
        }
    }
}

/// The pairs of a mapping; a key is read at the mapping's path (as serde_norway does), its
/// value under the key's.
struct Pairs<'a, I> {
    pairs: I,
    path: &'a Path,
    value: Option<(&'a Node, Path)>,
}

impl<'de, 'a, I: Iterator<Item = &'a (Node, Node)>> de::MapAccess<'de> for Pairs<'a, I> {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((key, value)) = self.pairs.next() else {
            return Ok(None);
        };
        let name = key.scalar().unwrap_or("?");
        self.value = Some((value, self.path.key(name)));
        seed.deserialize(At {
            node: key,
            path: self.path.clone(),
        })
        .map(Some)
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let (node, path) = self
            .value
            .take()
            .ok_or_else(|| <Error as de::Error>::custom("a value without its key"))?;
        seed.deserialize(At { node, path })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct S {
        a: Vec<String>,
        #[serde(default)]
        n: Option<usize>,
    }

    fn problem<T: DeserializeOwned + fmt::Debug>(text: &str) -> String {
        let doc = read("f", text).unwrap();
        deserialize::<T>("f", &doc).unwrap_err().to_string()
    }

    #[test]
    fn errors_are_at_the_node_with_its_path() {
        assert_eq!(
            problem::<S>("a: [x]\nb: 1\n"),
            "f:2:1: unknown field `b`, expected `a` or `n`"
        );
        assert_eq!(problem::<S>("n: 3\n"), "f:1:1: missing field `a`");
        assert_eq!(
            problem::<S>("a: [x]\nn: -1\n"),
            "f:2:4: n: invalid value: integer `-1`, expected usize"
        );
        assert_eq!(
            problem::<S>("a: x\n"),
            "f:1:4: a: invalid type: string \"x\", expected a sequence"
        );
        assert_eq!(
            problem::<S>("a:\n  - [1]\n"),
            "f:2:5: a[0]: invalid type: sequence, expected a string"
        );
        assert_eq!(
            problem::<Vec<S>>("- a: []\n  x: 1\n"),
            "f:2:3: .[0]: unknown field `x`, expected `a` or `n`"
        );
        assert_eq!(problem::<S>("# nothing\n"), "f:2:1: missing field `a`");
        assert_eq!(problem::<S>("a: []\na: []\n"), "f:1:1: duplicate field `a`");
    }

    #[test]
    fn scalars_resolve_as_the_core_schema() {
        let doc = read("f", "a: ['007', 007, 7, x]\nn: 7\n").unwrap();
        let s: S = deserialize("f", &doc).unwrap();
        assert_eq!(s.a, ["007", "007", "7", "x"]);
        assert_eq!(s.n, Some(7));
        let doc = read("f", "a:\nn: ~\n").unwrap();
        let s: S = deserialize("f", &doc).unwrap();
        assert!(s.a.is_empty() && s.n.is_none());
        assert_eq!(
            problem::<S>("a: []\nn: '7'\n"),
            "f:2:4: n: invalid type: string \"7\", expected usize"
        );
    }

    const TEXT: &str = "id: x\nposition:\n  fen: 4k4 w\npublished:\n  - edition: cxa2011\n    moves:\n      - { move: 车四平五, iccs: f0e0 }\n      - { move: 将5平6, iccs: e8f8, label: 闲 }\n    lines:\n      - { after_ply: 1, moves: [a0a1, 马二进三] }\n";

    #[test]
    fn finds_nested_values_and_keys() {
        let l = read("f", TEXT).unwrap().locations();
        let at = |line, column| Loc { line, column };
        assert_eq!(l.value("id"), at(1, 5));
        assert_eq!(l.key("position.fen"), at(3, 3));
        assert_eq!(l.value("position.fen"), at(3, 8));
        assert_eq!(l.value("published[0].moves[0]"), at(7, 9));
        // Columns count characters: 将5平6 is four characters wide.
        assert_eq!(l.value("published[0].moves[1].iccs"), at(8, 29));
        assert_eq!(l.value("published[0].lines[0].moves[1]"), at(10, 39));
        assert_eq!(
            l.value("published[0].moves[1].loose"),
            l.value("published[0].moves[1]")
        );
    }

    #[test]
    fn the_walk_checks_the_bounds() {
        assert!(read("f", "a: [1, {b: c}]\n").is_ok());
        let alias = read("f", "a: &s x\nb: [*s]\n").unwrap_err();
        assert_eq!((alias.line, alias.column), (2, 5));
        // Nesting on several lines is walked event by event: the problem is at the first
        // collection too deep.
        let deep = format!("a: {}{}\n", "[\n  ".repeat(40), "]".repeat(40));
        let p = read("f", &deep).unwrap_err();
        assert_eq!((p.line, p.column), (MAX_YAML_DEPTH, 3));
        assert!(
            p.message.contains("nested more than 32 deep"),
            "{}",
            p.message
        );
        // On one line the scanner looks ahead to its own limit first; same problem.
        let deep = format!("a: {}{}\n", "[".repeat(400), "]".repeat(400));
        let p = read("f", &deep).unwrap_err();
        assert!(
            p.message.contains("nested more than 32 deep"),
            "{}",
            p.message
        );
        // A syntax error is the problem, at the quoted scalar it is in, saying what was
        // expected.
        let bad = read("f", "a: 'open\n").unwrap_err();
        assert_eq!(
            bad.to_string(),
            "f:1:4: not well-formed YAML: while scanning a quoted scalar, found unexpected end of stream, expected the closing quote of the scalar that starts here"
        );
        let bad = read("f", "a: \"x\\qy\"\n").unwrap_err();
        assert!(
            bad.message.ends_with(
                r#"expected only YAML's escapes (\n, \t, \", \\, \u…) in the scalar that starts here, or single quotes"#
            ),
            "{}",
            bad.message
        );
    }
}

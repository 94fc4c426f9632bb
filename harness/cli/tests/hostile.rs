//! Hostile input on the harness side: whatever text a case file, the disagreements file or a
//! command line holds, the loader, the lint and the move-list reader answer with a value or an
//! error, never a panic. (The engine's own parsers have theirs in engine/core/tests/notation_props.rs.)
//!
//! Case files are made three ways: arbitrary text; YAML-shaped documents with the schema's keys
//! and values drawn from a pool of near misses; and real case files with a few mutations (a value
//! replaced, a line deleted, duplicated or cut, characters inserted), which reach the deep checks
//! (moves, cited lines, editions) as often as the shallow ones.

#[path = "../../tests/common/mod.rs"]
mod common;

use common::Scratch;
use proptest::prelude::*;
use qili::notation::{chinese, wxf};
use qili::{Color, Position};
use qili_cli::input;
use qili_corpus::corpus::{self, Corpus};
use qili_corpus::lint;
use qili_harness::expectations;
use qili_io::bounds;

const FIXTURES: &[(&str, &str)] = &[
    (
        "fixture-fig06",
        include_str!("../../tests/fixtures/fixture-fig06.yaml"),
    ),
    (
        "fixture-king",
        include_str!("../../tests/fixtures/fixture-king.yaml"),
    ),
    (
        "fixture-pattern",
        include_str!("../../tests/fixtures/fixture-pattern.yaml"),
    ),
    (
        "fixture-two-editions",
        include_str!("../../tests/fixtures/fixture-two-editions.yaml"),
    ),
    (
        "cxa2011-ref08",
        include_str!("../../../corpus/cxa2011-ref08.yaml"),
    ),
];

const DISAGREEMENTS: &str = include_str!("../../../expectations/disagreements.yaml");

/// Scalars and fragments that are almost right, plus YAML's sharper edges.
const POOL: &[&str] = &[
    "",
    "~",
    "null",
    "[]",
    "{}",
    "[a, b]",
    "[[[[[[[[]]]]]]]]",
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[x]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
    "&s [a, b]",
    "[*s, *s, *s]",
    "{ <<: *s }",
    "{ move: 车四平五 }",
    "{ move: 车四平五, iccs: f0e0, label: 将 }",
    "{ move: h0h9, iccs: a0a1, loose: x }",
    "- x",
    "'unterminated",
    "\"bad escape \\u00\"",
    "&anchor x",
    "*anchor",
    "*nowhere",
    "!!binary AAAA",
    "!custom x",
    "? complex",
    "|",
    ">-",
    "1e400",
    "-1",
    "0",
    "0x10",
    "99999999999999999999",
    "18446744073709551616",
    "true",
    "🀄",
    "\t",
    "#",
    ":",
    ": :",
    "---",
    "...",
    "车四平五",
    "車四平五",
    "将5平6",
    "马二进三",
    "前车进一",
    "h0h9",
    "f0e0",
    "K5.4",
    "R5.4",
    "w",
    "b",
    "cxa2011",
    "cxa2011-trial",
    "paiju",
    "axf",
    "draw",
    "red_must_change",
    "no_repetition",
    "exact",
    "pattern",
    "caption",
    "summary",
    "published",
    "reconstructed",
    "长将",
    "不存在的标签",
    "将",
    "闲",
    "未定",
    "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w",
    "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 b",
    "2b6/4k4/9/9/9/9/9/9/2p6/RR1K1RBc1 w",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    "9/9/9/9/9/9/9/9/9/9 w",
    "4k4/9/9/9/9/9/9/9/9/4K4 w",
    "2b6/4k4 w",
    "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc10 w",
];

fn pool() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => prop::sample::select(POOL).prop_map(str::to_string),
        1 => "[ -~一-龥]{0,12}",
        1 => ".{0,12}",
    ]
}

/// A mapping of the schema's keys (or close relatives) to pool values, nested to a few levels.
fn yamlish() -> impl Strategy<Value = String> {
    let key = prop::sample::select(
        &[
            "id",
            "title",
            "tags",
            "position",
            "fen",
            "provenance",
            "realises",
            "missing",
            "published",
            "edition",
            "source",
            "work",
            "figure",
            "year",
            "page",
            "moves",
            "move",
            "iccs",
            "label",
            "loose",
            "labels_from",
            "cycle",
            "cycle_note",
            "verdict",
            "text",
            "lines",
            "after_ply",
            "note",
            "notes",
            "unknown",
        ][..],
    );
    let leaf = pool().prop_map(|v| format!(" {v}"));
    leaf.prop_recursive(4, 48, 6, move |inner| {
        prop_oneof![
            prop::collection::vec((key.clone(), inner.clone()), 1..6).prop_map(|kvs| {
                let mut s = String::new();
                for (k, v) in kvs {
                    s.push('\n');
                    s.push_str(k);
                    s.push(':');
                    s.push_str(&indent(&v));
                }
                s
            }),
            prop::collection::vec(inner, 1..4).prop_map(|items| {
                let mut s = String::new();
                for v in items {
                    s.push_str("\n- ");
                    s.push_str(indent(&v).trim_start());
                }
                s
            }),
        ]
    })
    .prop_map(|s| s.trim_start().to_string())
}

fn indent(v: &str) -> String {
    v.replace('\n', "\n  ")
}

/// One edit of a text.
#[derive(Clone, Debug)]
enum Edit {
    /// Replace what follows the first `:` of a line with a pool value.
    Value(usize, String),
    DeleteLine(usize),
    DuplicateLine(usize),
    /// Insert text at a character position.
    Insert(usize, String),
    /// Cut the text at a character position.
    Truncate(usize),
    /// Change a line's indentation.
    Indent(usize, usize),
    /// Swap two lines (moves out of order, keys moved between blocks).
    Swap(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        6 => (any::<usize>(), pool()).prop_map(|(i, v)| Edit::Value(i, v)),
        2 => (any::<usize>(), any::<usize>()).prop_map(|(i, j)| Edit::Swap(i, j)),
        1 => any::<usize>().prop_map(Edit::DeleteLine),
        1 => any::<usize>().prop_map(Edit::DuplicateLine),
        1 => (any::<usize>(), prop_oneof!["[ -~一-龥]{1,4}", ".{1,4}"]).prop_map(|(i, v)| Edit::Insert(i, v)),
        1 => any::<usize>().prop_map(Edit::Truncate),
        1 => (any::<usize>(), 0..9usize).prop_map(|(i, n)| Edit::Indent(i, n)),
    ]
}

fn apply(text: &str, e: &Edit) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let chars: Vec<char> = text.chars().collect();
    let n = lines.len().max(1);
    let line = |i: usize| i % n;
    match e {
        Edit::Value(i, v) if !lines.is_empty() => {
            let l = &mut lines[line(*i)];
            if let Some(at) = l.find(':') {
                l.truncate(at + 1);
                l.push(' ');
                l.push_str(v);
            }
        }
        Edit::DeleteLine(i) if !lines.is_empty() => {
            lines.remove(line(*i));
        }
        Edit::DuplicateLine(i) if !lines.is_empty() => {
            let l = lines[line(*i)].clone();
            lines.insert(line(*i), l);
        }
        Edit::Insert(i, v) => {
            let at = i % (chars.len() + 1);
            let mut s: String = chars[..at].iter().collect();
            s.push_str(v);
            s.extend(&chars[at..]);
            return s;
        }
        Edit::Truncate(i) => return chars[..i % (chars.len() + 1)].iter().collect(),
        Edit::Indent(i, n) if !lines.is_empty() => {
            let l = line(*i);
            lines[l] = format!("{}{}", " ".repeat(*n), lines[l].trim_start());
        }
        Edit::Swap(i, j) if !lines.is_empty() => lines.swap(line(*i), line(*j)),
        _ => {}
    }
    lines.join("\n")
}

fn mutated() -> impl Strategy<Value = (usize, String)> {
    (0..FIXTURES.len(), prop::collection::vec(edit(), 1..4)).prop_map(|(i, edits)| {
        let text = edits
            .iter()
            .fold(FIXTURES[i].1.to_string(), |t, e| apply(&t, e));
        (i, text)
    })
}

/// Lint a text as a case file; a case that passes must hold what the lint promises, and what a
/// broken one prints stays within the bounds (problems per file, characters per message).
fn lint_ok(stem: &str, text: &str) {
    let l = lint::lint_text(&format!("corpus/{stem}.yaml"), stem, text);
    assert_eq!(l.case.is_some(), l.problems.is_empty(), "{:?}", l.problems);
    assert!(l.problems.len() <= bounds::MAX_PROBLEMS_PER_FILE + 1);
    for p in &l.problems {
        let shown = p.to_string();
        assert!(
            shown.starts_with(&format!("corpus/{stem}.yaml:")),
            "{shown}"
        );
        assert!(
            p.message.chars().count() <= bounds::MAX_MESSAGE_CHARS + 1,
            "{shown}"
        );
    }
    if let Some(c) = &l.case {
        assert_eq!(c.id, stem);
        assert!(!c.published.is_empty());
        for p in &c.published {
            assert!(!p.moves.is_empty());
        }
    }
}

fn corpus_of(cases: &[(&str, &str)]) -> Corpus {
    let lints = cases
        .iter()
        .map(|(stem, text)| {
            let display = format!("corpus/{stem}.yaml");
            (
                std::path::PathBuf::from(&display),
                display.clone(),
                lint::lint_text(&display, stem, text),
            )
        })
        .collect();
    corpus::assemble(std::path::Path::new("corpus"), lints)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn any_text_lints_without_panicking(text in prop_oneof![".{0,200}", "[ -~\n\t]{0,200}"]) {
        lint_ok("any", &text);
    }

    #[test]
    fn yaml_shaped_documents_lint_without_panicking(doc in yamlish()) {
        lint_ok("doc", &doc);
    }

    #[test]
    fn mutated_case_files_lint_without_panicking((i, text) in mutated()) {
        lint_ok(FIXTURES[i].0, &text);
    }

    #[test]
    fn mutated_disagreements_parse_without_panicking(
        edits in prop::collection::vec(edit(), 1..5),
        which in 0..3usize,
    ) {
        let text = edits.iter().fold(DISAGREEMENTS.to_string(), |t, e| apply(&t, e));
        let corpus = corpus_of(&FIXTURES[which..which + 2]);
        let e = expectations::parse("expectations/disagreements.yaml", &text, &corpus);
        for p in &e.problems {
            prop_assert!(p.to_string().starts_with("expectations/disagreements.yaml:"));
        }
    }

    #[test]
    fn any_text_as_disagreements_parses_without_panicking(text in ".{0,200}") {
        let corpus = corpus_of(FIXTURES);
        let e = expectations::parse("expectations/disagreements.yaml", &text, &corpus);
        for p in &e.problems {
            prop_assert!(p.to_string().starts_with("expectations/disagreements.yaml:"), "{}", p);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// The loader `qili check` uses, on a directory: several hostile files and a sound one; the
    /// sound one is loaded whatever the others hold.
    #[test]
    fn a_directory_of_hostile_files_loads(
        files in prop::collection::vec(prop_oneof![mutated().prop_map(|m| m.1), yamlish(), ".{0,80}"], 1..4),
    ) {
        let s = Scratch::new(&format!("hostile-{}", files.iter().map(String::len).sum::<usize>()));
        for (i, f) in files.iter().enumerate() {
            std::fs::write(s.path().join(format!("h{i}.yaml")), f).unwrap();
        }
        std::fs::write(s.path().join("fixture-fig06.yaml"), FIXTURES[0].1).unwrap();
        let c = corpus::load(s.path()).unwrap();
        prop_assert_eq!(c.cases.len() + c.broken.len(), files.len() + 1);
        prop_assert!(c.case("fixture-fig06").is_some() || c.is_broken("fixture-fig06"));
        // A missing disagreements file is one problem, named by the name it was given.
        let e = expectations::load(&s.path().join("missing.yaml"), "x", &c);
        prop_assert_eq!(e.problems.len(), 1);
        prop_assert!(e.problems[0].to_string().starts_with("x:1:1: cannot read the file: "), "{}", e.problems[0]);
    }
}

/// Separators the move-list reader accepts, and a few it does not.
const SEPARATORS: &[&str] = &[" ", ",", "，", "、", "\t", "\n", "  ", ", ", ";", "|", ""];

/// A move list: at each step a legal move written in one of the notations, or junk.
fn move_list() -> impl Strategy<Value = (usize, Vec<(u8, u16, String, usize)>)> {
    (
        0..START.len(),
        prop::collection::vec((0..8u8, any::<u16>(), pool(), 0..SEPARATORS.len()), 0..10),
    )
}

const START: &[&str] = &[
    "startpos",
    "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w",
    "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w",
    "2b6/4k4/9/9/9/9/9/9/2p6/RR1K1RBc1 w",
];

fn write_list(start: &Position, steps: &[(u8, u16, String, usize)]) -> String {
    let mut pos = start.clone();
    let mut text = String::new();
    for (kind, choice, junk, sep) in steps {
        let moves = pos.legal_moves();
        let token = if moves.is_empty() || *kind == 7 {
            junk.clone()
        } else {
            let m = moves[*choice as usize % moves.len()];
            let t = match kind % 4 {
                0 => m.to_string(),
                1 => chinese::write(&pos, m),
                2 => chinese::write_traditional(&pos, m),
                _ => wxf::write(&pos, m),
            };
            pos.play_unchecked(m);
            t
        };
        text.push_str(&token);
        text.push_str(SEPARATORS[*sep]);
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn move_lists_read_or_name_the_ply((start, steps) in move_list()) {
        let pos = input::position(Some(START[start]), None, None, None).unwrap();
        let text = write_list(&pos, &steps);
        match input::moves(&pos, &text) {
            Ok(read) => {
                prop_assert!(!read.is_empty());
                prop_assert_eq!(read.len(), input::split_moves(&text).len());
                for (before, m) in &read {
                    prop_assert!(before.check_move(*m).is_ok());
                }
            }
            Err(e) => prop_assert!(e.0.starts_with("--moves: "), "{}", e.0),
        }
    }

    #[test]
    fn any_text_as_a_move_list_is_read_or_refused(text in prop_oneof![".{0,40}", pool()]) {
        for s in START {
            let pos = input::position(Some(s), None, None, None).unwrap();
            if let Err(e) = input::moves(&pos, &text) {
                prop_assert!(e.0.starts_with("--moves: "), "{}", e.0);
            }
        }
    }

    #[test]
    fn any_position_arguments_are_read_or_refused(
        fen in prop_oneof![pool(), ".{0,80}"],
        binit in prop_oneof!["[0-9]{0,70}", ".{0,70}"],
        which in 0..4u8,
        side in prop::option::of(prop_oneof![Just(Color::Red), Just(Color::Black)]),
    ) {
        let (f, b) = match which {
            0 => (Some(fen.as_str()), None),
            1 => (None, Some(binit.as_str())),
            2 => (Some(fen.as_str()), Some(binit.as_str())),
            _ => (None, None),
        };
        // An error names the option it is about (or both, when the two are given or neither).
        for default in [None, Some(Color::Red)] {
            if let Err(e) = input::position(f, b, side, default) {
                let named = match which {
                    0 => e.0.starts_with("--fen"),
                    1 => e.0.starts_with("--binit"),
                    _ => e.0.contains("--fen") && e.0.contains("--binit"),
                };
                prop_assert!(named, "{}", e.0);
            }
        }
        if let Err(e) = input::parse_side(&fen) {
            prop_assert!(e.starts_with(&format!("'{fen}' is not a side")), "{}", e);
        }
    }
}

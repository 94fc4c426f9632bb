//! The lint: a case file's text in, a checked [`Case`] or every problem out, each at its line
//! and column. A problem says what is wrong and what was expected.
//!
//! Moves are read in any notation the engine reads (ICCS, WXF, Chinese in either script),
//! detected per move by [`qili::notation::parse_move`].
//!
//! One file per part checked: [`case`] the case as a whole (id, tags, position, provenance),
//! [`published`] a published block and its moves, [`moves`] a move text and a cited line,
//! [`verdict`] the verdict and its words, [`dispute`] a ruling given at an event.

use std::path::Path;

use crate::case::{raw, Case};
use crate::locate::{Loc, Locations};
use crate::problem::Problem;
use crate::yaml;
use qili_io::bounds::{self, clip_value_in};

mod case;
mod dispute;
mod moves;
mod published;
mod verdict;

pub use verdict::mentions_verdict;

/// The outcome of linting one file.
#[derive(Debug)]
pub struct FileLint {
    /// The checked case; `Some` exactly when `problems` is empty.
    pub case: Option<Case>,
    pub problems: Vec<Problem>,
    /// The id the file declares and where, for the corpus-wide uniqueness check.
    pub declared_id: Option<(String, Loc)>,
}

/// Lint the file at `path`, naming it `display` in problems. A file larger than
/// [`bounds::MAX_FILE_BYTES`] is refused before more than that is read.
pub fn lint_file(path: &Path, display: &str) -> FileLint {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    match bounds::read_file(path) {
        Ok(text) => lint_text(display, &stem, &text),
        Err(e) => FileLint {
            case: None,
            problems: vec![Problem::new(display, Loc::START, e.to_string())],
            declared_id: None,
        },
    }
}

/// Lint a case file's text. `stem` is the file name without `.yaml`, which the id must equal.
/// The text is read by the one walk of [`yaml::read`], which checks the bounds (size, nesting,
/// no alias) as it goes; one that breaks them is not deserialised.
pub fn lint_text(file: &str, stem: &str, text: &str) -> FileLint {
    let broken = |p: Problem| FileLint {
        case: None,
        problems: vec![p],
        declared_id: None,
    };
    let doc = match yaml::read(file, text) {
        Ok(d) => d,
        Err(p) => return broken(p),
    };
    let raw: raw::CaseFile = match yaml::deserialize(file, &doc) {
        Ok(r) => r,
        Err(p) => return broken(p),
    };
    let mut l = Linter {
        file,
        text,
        locs: doc.locations(),
        problems: Vec::new(),
    };
    // The id is reported even when the rest of the file is broken; an empty one declares none.
    let declared_id = (!raw.id.is_empty()).then(|| (raw.id.clone(), l.locs.value("id")));
    let case = l.case(raw, stem);
    let mut problems = l.problems;
    problems.sort();
    crate::problem::cap_problems(file, &mut problems);
    let case = if problems.is_empty() { case } else { None };
    FileLint {
        declared_id,
        case,
        problems,
    }
}

/// The 1-based `n`-th line of `text`.
fn text_line(text: &str, n: usize) -> &str {
    text.lines().nth(n.saturating_sub(1)).unwrap_or("")
}

struct Linter<'a> {
    file: &'a str,
    text: &'a str,
    locs: Locations,
    problems: Vec<Problem>,
}

impl Linter<'_> {
    fn problem(&mut self, path: &str, message: impl Into<String>) {
        let at = self.locs.value(path);
        self.problems.push(Problem::new(
            self.file,
            at,
            format!("{path}: {}", message.into()),
        ));
    }

    /// [`Linter::problem`] for a message that may quote the input `values` (move texts): each
    /// is clipped to [`bounds::MAX_ECHO_CHARS`] wherever the message quotes it.
    fn echo(&mut self, values: &[&str], path: &str, message: String) {
        let mut values: Vec<&str> = values.iter().flat_map(|v| [*v, v.trim()]).collect();
        // The longest first, so that a value inside another is not clipped apart from it.
        values.sort_by_key(|v| std::cmp::Reverse(v.len()));
        let message = values.iter().fold(message, |m, v| clip_value_in(&m, v));
        self.problem(path, message);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili::rules::Verdict;

    /// A case whose second red move is the loose text `马四进二` (two red horses on file 四).
    fn loose_case(iccs: &str) -> String {
        format!(
            "id: loose\ntitle: t\ntags: []\nposition:\n  fen: 3k5/9/9/9/9/9/5N3/9/5N3/4K4 w\n  provenance: published\npublished:\n  - edition: cxa2011\n    source: {{ work: w }}\n    moves:\n      - {{ move: {iccs}, loose: 原书未写前后 }}\n    cycle: pattern\n    cycle_note: n\n    verdict: draw\n    text: t\n"
        )
        .replace("move: f", "move: 马四进二, iccs: f")
    }

    #[test]
    fn loose_move_iccs_must_be_a_candidate() {
        // The two horses f3 and f1 can both 进二 (to h4 and h2): the text is ambiguous, and a
        // loose move is read as its iccs when that is one of the two.
        for iccs in ["f1h2", "f3h4"] {
            let l = lint_text("loose.yaml", "loose", &loose_case(iccs));
            assert!(l.problems.is_empty(), "{iccs}: {:?}", l.problems);
            let case = l.case.unwrap();
            assert_eq!(case.published[0].moves[0].mv.to_string(), iccs);
        }
        // f3g5 is legal, but not a move 马四进二 could mean.
        let l = lint_text("loose.yaml", "loose", &loose_case("f3g5"));
        assert_eq!(
            l.problems.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
            ["loose.yaml:11:29: published[0].moves[0].iccs: ply 1: f3g5 is not one of the moves the loose text '马四进二' could mean, expected one of f3h4, f1h2"]
        );
        // Without `loose`, an ambiguous text is a problem, and says how to write it strictly.
        let strict = loose_case("f1h2").replace(", loose: 原书未写前后", "");
        let l = lint_text("loose.yaml", "loose", &strict);
        assert_eq!(
            l.problems.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
            ["loose.yaml:11:17: published[0].moves[0].move: ply 1: '马四进二' is ambiguous: two red horses stand on file 四 (f3, f1) and both can advance to file 二; write 前马进二 or 后马进二, expected strict notation, or `loose: <why>` with `iccs`"]
        );
    }

    #[test]
    fn chinese_and_wxf_are_read_without_iccs() {
        let moves = ["后马进二", "将4进1", "H4+3", "K4-1"]
            .map(|m| format!("{{ move: {m} }}"))
            .join("\n      - ");
        let case = loose_case("f1h2").replace(
            "{ move: 马四进二, iccs: f1h2, loose: 原书未写前后 }",
            &moves,
        );
        let l = lint_text("loose.yaml", "loose", &case);
        assert!(l.problems.is_empty(), "{:?}", l.problems);
        let moves: Vec<String> = l.case.unwrap().published[0]
            .moves
            .iter()
            .map(|m| m.mv.to_string())
            .collect();
        assert_eq!(moves, ["f1h2", "d9d8", "f3g5", "d8d9"]);
    }

    /// The fig. 6 moves (red checks with the rook, the black king steps aside) with `tail` as
    /// the end of the published block.
    fn fig6(tail: &str) -> String {
        format!(
            "id: f\ntitle: t\ntags: []\nposition:\n  fen: 2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w\n  provenance: published\npublished:\n  - edition: cxa2011\n    source: {{ work: w }}\n    moves: [{{ move: f0e0 }}, {{ move: e8f8 }}, {{ move: e0f0 }}, {{ move: f8e8 }}]\n    cycle: exact\n{tail}"
        )
    }

    #[test]
    fn a_verdict_the_source_does_not_publish_is_omitted() {
        let l = lint_text(
            "f.yaml",
            "f",
            &fig6("    notes: The source prints the labels but no verdict.\n"),
        );
        assert!(l.problems.is_empty(), "{:?}", l.problems);
        let block = &l.case.unwrap().published[0];
        assert_eq!((block.verdict, block.text.as_deref()), (None, None));
        let l = lint_text(
            "f.yaml",
            "f",
            &fig6("    verdict: red_loses\n    text: 红方长将，不变作负。\n"),
        );
        assert!(l.problems.is_empty(), "{:?}", l.problems);
        let block = &l.case.unwrap().published[0];
        assert_eq!(block.verdict, Some(Verdict::RedLoses));
        assert!(mentions_verdict("原文未给出结论"));
        assert!(!mentions_verdict("labels only"));
    }

    #[test]
    fn a_line_with_again_is_played_by_the_side_that_just_moved() {
        // After 将5平6 black moves again: 将6进1, then red's rook follows the king.
        let tail = "    verdict: red_loses\n    text: t\n    lines:\n      - { after_ply: 2, again: true, moves: [将6进1, 车五平四] }\n";
        let l = lint_text("f.yaml", "f", &fig6(tail));
        assert!(l.problems.is_empty(), "{:?}", l.problems);
        let lines = &l.case.unwrap().published[0].lines;
        assert!(lines[0].again);
    }
}

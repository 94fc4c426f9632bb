//! Bounded under hostile input (issue 19): small versions of the attack files, each answered
//! with a clear error that names the file and the limit, and with bounded work, shown without
//! timing: the error comes from the check that runs before any parser, what is allocated is
//! counted (a counting allocator), and what is printed or written is measured.
//!
//! Also the disagreements file required unless `--expectations none`, `*.yml` files warned
//! about and a `--filter` that matches nothing (issue 18).

#[path = "../../tests/common/mod.rs"]
mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::*;
use qili_corpus::{corpus, lint};
use qili_harness::expectations;
use qili_io::bounds::{
    MAX_CASE_MOVES, MAX_CASE_PLIES, MAX_ECHO_CHARS, MAX_FILE_BYTES, MAX_JUDGE_PLIES,
    MAX_PROBLEMS_PER_FILE, MAX_YAML_DEPTH,
};

/// Counts the bytes this thread allocates, so that a test can bound what a call allocates.
struct Counting;

thread_local! {
    static ALLOCATED: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATED.try_with(|a| a.set(a.get() + layout.size()));
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATED.try_with(|a| a.set(a.get() + new_size));
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// What `f` returns, and the bytes it allocated on this thread (reallocations counted whole).
fn allocated<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = ALLOCATED.with(Cell::get);
    let out = f();
    (out, ALLOCATED.with(Cell::get) - before)
}

const FIG06: &str = include_str!("../../tests/fixtures/fixture-fig06.yaml");

/// The fixture case with its tags replaced by `tags` (a flow sequence's insides) and the title
/// by `title`.
fn fig06_with(title: &str, tags: &str) -> String {
    FIG06
        .replace(
            "title: 图6 红方长将，黑方无着可变",
            &format!("title: {title}"),
        )
        .replace("tags: [长将, 无着可变]", &format!("tags: [{tags}]"))
}

/// The issue's anchor attack, at `value` bytes referenced `times` times.
fn alias_bomb(value: usize, times: usize) -> String {
    fig06_with(
        &format!("&s \"{}\"", "x".repeat(value)),
        &vec!["*s"; times].join(", "),
    )
}

/// The issue's nesting attack: a title of `levels` nested brackets.
fn nested(levels: usize) -> String {
    fig06_with(
        &format!("{}{}", "[".repeat(levels), "]".repeat(levels)),
        "长将",
    )
}

fn messages(l: &lint::FileLint) -> Vec<String> {
    l.problems.iter().map(|p| p.to_string()).collect()
}

#[test]
fn an_alias_is_refused_before_anything_is_expanded() {
    // 10 KB referenced 1 000 times: 10 MB once expanded, refused at the first alias.
    let text = alias_bomb(10_000, 1_000);
    assert!(text.len() < MAX_FILE_BYTES);
    let (l, bytes) = allocated(|| lint::lint_text("bomb.yaml", "fixture-fig06", &text));
    assert_eq!(
        messages(&l),
        ["bomb.yaml:5:8: an alias (*name): aliases are not allowed, expected every value written out where it is used"]
    );
    assert!(l.case.is_none());
    // Not even one expansion of the value is made per alias.
    assert!(bytes < 1_000_000, "{bytes} bytes allocated");
    // A merge key is an alias too.
    let merge = FIG06.replace(
        "    source:\n",
        "    base: &b { work: w }\n    source:\n      <<: *b\n",
    );
    let l = lint::lint_text("merge.yaml", "fixture-fig06", &merge);
    assert!(
        messages(&l)[0].contains("aliases are not allowed"),
        "{:?}",
        messages(&l)
    );
}

#[test]
fn nesting_is_refused_at_the_limit_without_parsing_the_rest() {
    // 50 000 levels (100 KB): the walk stops at the first collection too deep.
    let text = nested(50_000);
    assert!(text.len() < MAX_FILE_BYTES);
    let (l, bytes) = allocated(|| lint::lint_text("deep.yaml", "fixture-fig06", &text));
    // Where the parser's look-ahead gives up (its own limit is 255 levels), on the title's
    // line.
    let m = messages(&l);
    assert_eq!(m.len(), 1);
    assert!(
        m[0].starts_with("deep.yaml:4:")
            && m[0].ends_with(&format!(": collections nested more than {MAX_YAML_DEPTH} deep (MAX_YAML_DEPTH), expected the shallow shape of the schema")),
        "{m:?}"
    );
    assert!(bytes < 1_000_000, "{bytes} bytes allocated");
    // Block nesting is counted as well: `- - - …` on one line.
    let text = fig06_with("t", "长将")
        .replace("tags: [长将]", &format!("tags:\n  {}x", "- ".repeat(1_000)));
    let l = lint::lint_text("block.yaml", "fixture-fig06", &text);
    assert!(
        messages(&l)[0].contains("nested more than 32 deep"),
        "{:?}",
        messages(&l)
    );
    // The shape the schema needs passes.
    assert!(lint::lint_text("f.yaml", "fixture-fig06", FIG06)
        .problems
        .is_empty());
}

#[test]
fn a_file_over_the_size_limit_is_not_read_past_it() {
    let s = Scratch::new("bounds-size");
    // The issue's 1 MB anchor file, and 4 MB of junk: each refused having read at most the
    // limit.
    for (name, text) in [
        ("bomb.yaml", alias_bomb(1 << 20, 4_000)),
        ("junk.yaml", "{[: - ? ]x\n".repeat(400_000)),
    ] {
        let path = s.path().join(name);
        std::fs::write(&path, &text).unwrap();
        let (l, bytes) = allocated(|| lint::lint_file(&path, name));
        assert_eq!(
            messages(&l),
            [format!(
                "{name}:1:1: the file is {} bytes, over the limit of 131,072 bytes (128 KiB, MAX_FILE_BYTES), expected a smaller file",
                thousands(text.len())
            )]
        );
        assert!(
            bytes < 3 * MAX_FILE_BYTES,
            "{name}: {bytes} bytes allocated"
        );
    }
    // The text itself, given to the lint directly (as the fuzz target does).
    let l = lint::lint_text("big.yaml", "big", &"#".repeat(MAX_FILE_BYTES + 1));
    assert!(messages(&l)[0].contains("over the limit of 131,072 bytes"));
    // Just under the limit is read.
    let under = format!("{FIG06}#{}\n", "x".repeat(MAX_FILE_BYTES - FIG06.len() - 3));
    assert!(under.len() <= MAX_FILE_BYTES);
    assert!(lint::lint_text("f.yaml", "fixture-fig06", &under)
        .problems
        .is_empty());
}

fn thousands(n: usize) -> String {
    let d = n.to_string();
    d.chars()
        .enumerate()
        .flat_map(|(i, c)| {
            ((i > 0 && (d.len() - i) % 3 == 0).then_some(','))
                .into_iter()
                .chain([c])
        })
        .collect()
}

#[test]
fn echoed_values_are_clipped_and_problems_capped() {
    // A tag of 10 000 characters is quoted with its first characters only.
    let long = "标".repeat(10_000);
    let l = lint::lint_text("t.yaml", "fixture-fig06", &fig06_with("t", &long));
    let m = messages(&l);
    assert_eq!(m.len(), 1);
    assert!(
        m[0].starts_with(&format!(
            "t.yaml:5:8: tags[0]: '{}…' is not a known tag",
            "标".repeat(MAX_ECHO_CHARS)
        )),
        "{}",
        m[0]
    );
    assert!(m[0].chars().count() < 1_000, "{}", m[0]);
    // So is a value the deserialiser quotes (a string where a list belongs).
    let text = FIG06.replace("tags: [长将, 无着可变]", &format!("tags: \"{long}\""));
    let m = messages(&lint::lint_text("t.yaml", "fixture-fig06", &text));
    assert!(
        m[0].contains(&format!("{}…", "标".repeat(MAX_ECHO_CHARS))),
        "{}",
        m[0]
    );
    assert!(m[0].chars().count() < 300, "{}", m[0]);
    // And a move text the engine cannot read.
    let text = FIG06.replace("{ move: 将5平6, iccs: e8f8", &format!("{{ move: {long}"));
    let m = messages(&lint::lint_text("t.yaml", "fixture-fig06", &text));
    assert!(m[0].contains("标…"), "{}", m[0]);
    assert!(m[0].chars().count() < 500, "{}", m[0]);

    // 500 unknown tags: the first MAX_PROBLEMS_PER_FILE listed, then how many more.
    let tags: Vec<String> = (0..500).map(|i| format!("t{i}")).collect();
    let l = lint::lint_text(
        "t.yaml",
        "fixture-fig06",
        &fig06_with("t", &tags.join(", ")),
    );
    assert_eq!(l.problems.len(), MAX_PROBLEMS_PER_FILE + 1);
    assert!(
        l.problems[MAX_PROBLEMS_PER_FILE]
            .message
            .starts_with("… and 400 more problem(s) from here on, not listed"),
        "{}",
        l.problems[MAX_PROBLEMS_PER_FILE]
    );
    let printed: usize = messages(&l).iter().map(String::len).sum();
    assert!(printed < 200 * 1024, "{printed} bytes of problems");
}

#[test]
fn moves_are_bounded_per_block_and_per_case() {
    let cycle = "{ move: f0e0 }, { move: e8f8 }, { move: e0f0 }, { move: f8e8 }, ";
    let moves = |rounds: usize| {
        format!(
            "    moves: [{}]\n",
            cycle.repeat(rounds).trim_end_matches(", ")
        )
    };
    let block = |rounds: usize| {
        let start = FIG06.find("    moves:\n").unwrap();
        let end = FIG06.find("    cycle: exact").unwrap();
        format!("{}{}{}", &FIG06[..start], moves(rounds), &FIG06[end..])
    };
    // 75 rounds are 300 plies, the limit; 76 are over it.
    assert!(
        lint::lint_text("m.yaml", "fixture-fig06", &block(MAX_CASE_PLIES / 4))
            .problems
            .is_empty()
    );
    let l = lint::lint_text("m.yaml", "fixture-fig06", &block(MAX_CASE_PLIES / 4 + 1));
    assert_eq!(
        messages(&l),
        [format!("m.yaml:15:12: published[0].moves: 304 moves, over the limit of {MAX_CASE_PLIES} plies a published block may hold (MAX_CASE_PLIES), expected the cycle as published")]
    );
    // Cited lines count towards the moves of the case.
    let line = format!(
        "    lines:\n      - {{ after_ply: 0, moves: [{}] }}\n",
        vec!["f0e0"; MAX_CASE_MOVES].join(", ")
    );
    let l = lint::lint_text("m.yaml", "fixture-fig06", &format!("{FIG06}{line}"));
    assert_eq!(
        messages(&l),
        [format!("m.yaml:10:3: published: 1004 moves in all (published and in cited lines), over the limit of {MAX_CASE_MOVES} a case file may hold (MAX_CASE_MOVES), expected a shorter case")]
    );
}

#[test]
fn the_disagreements_file_has_the_bounds_of_a_case_file() {
    let s = Scratch::new("bounds-exp");
    std::fs::write(s.path().join("fixture-fig06.yaml"), FIG06).unwrap();
    let c = corpus::load(s.path()).unwrap();
    let record = "- case: fixture-fig06\n  edition: cxa2011\n  ply: 2\n  published: 闲\n  engine: 将\n  reason: r\n";
    assert!(expectations::parse("d.yaml", record, &c)
        .problems
        .is_empty());
    let bomb = format!(
        "- case: &c fixture-fig06\n  edition: cxa2011\n  ply: 2\n  published: 闲\n  engine: 将\n  reason: [{}]\n",
        vec!["*c"; 100].join(", ")
    );
    let e = expectations::parse("d.yaml", &bomb, &c);
    assert_eq!(e.problems.len(), 1);
    assert!(
        e.problems[0]
            .to_string()
            .starts_with("d.yaml:6:12: an alias"),
        "{}",
        e.problems[0]
    );
    let deep = format!("- {}{}\n", "[\n  ".repeat(10_000), "]".repeat(10_000));
    let e = expectations::parse("d.yaml", &deep, &c);
    assert!(
        e.problems[0].message.contains("nested more than 32 deep"),
        "{}",
        e.problems[0]
    );
    let path = s.path().join("big.yaml");
    std::fs::write(&path, "#".repeat(MAX_FILE_BYTES + 10)).unwrap();
    let e = expectations::load(&path, "big.yaml", &c);
    assert!(
        e.problems[0]
            .to_string()
            .starts_with("big.yaml:1:1: the file is 131,082 bytes, over the limit"),
        "{}",
        e.problems[0]
    );
    // A missing file is a problem of its own, not "no records".
    let e = expectations::load(&s.path().join("missing.yaml"), "missing.yaml", &c);
    assert!(
        e.problems[0]
            .to_string()
            .starts_with("missing.yaml:1:1: cannot read the file:"),
        "{}",
        e.problems[0]
    );
}

/// Run `qili` in `cwd` with `stdin` as standard input.
fn qili_with_stdin(cwd: &Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qili"))
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader may stop early; a broken pipe is its business.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

#[test]
fn judge_refuses_too_many_moves_before_reading_them() {
    let s = Scratch::new("bounds-judge");
    let rook = "4k4/9/9/9/5R3/9/9/9/9/3K5 w";
    let cycle = "f5e5 e9f9 e5f5 f9e9 ";
    let at_limit = cycle.repeat(MAX_JUDGE_PLIES / 4);
    let over = format!("{at_limit}f5e5");
    let file = s.path().join("game.txt");
    std::fs::write(&file, &over).unwrap();
    let file_arg = file.display().to_string();
    let expected = |source: &str| {
        format!(
            "error: {source}: 1,001 moves, over the limit of 1,000 plies a call reads (MAX_JUDGE_PLIES), expected a shorter game"
        )
    };
    let o = qili(s.path(), &["judge", "--fen", rook, "--moves", &over]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o).trim(), expected("--moves"));
    let o = qili(
        s.path(),
        &["judge", "--fen", rook, "--moves-file", &file_arg],
    );
    assert_eq!(stderr(&o).trim(), expected(&file_arg));
    let o = qili_with_stdin(
        s.path(),
        &["judge", "--fen", rook, "--moves-file", "-"],
        over.as_bytes(),
    );
    assert_eq!(stderr(&o).trim(), expected("standard input"));
    // The move count is checked before any move is read: junk past the limit is not reached.
    let junk = format!("{at_limit}{}", "junk ".repeat(10));
    let o = qili(s.path(), &["judge", "--fen", rook, "--moves", &junk]);
    assert!(
        stderr(&o).contains("1,010 moves, over the limit"),
        "{}",
        stderr(&o)
    );
    // At the limit the game is judged.
    let o = qili(
        s.path(),
        &["judge", "--fen", rook, "--moves", &at_limit, "--json"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));

    // More bytes than MAX_FILE_BYTES, from a file or standard input, are not read past it.
    let big = " ".repeat(4 * MAX_FILE_BYTES);
    std::fs::write(&file, &big).unwrap();
    let o = qili(
        s.path(),
        &["judge", "--fen", rook, "--moves-file", &file_arg],
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o).trim(),
        format!("error: --moves-file {file_arg}: the file is 524,288 bytes, over the limit of 131,072 bytes (128 KiB, MAX_FILE_BYTES), expected a smaller file")
    );
    let o = qili_with_stdin(
        s.path(),
        &["judge", "--fen", rook, "--moves-file", "-"],
        big.as_bytes(),
    );
    assert_eq!(
        stderr(&o).trim(),
        "error: --moves-file - (standard input): the input is more than 131,072 bytes, over the limit of 131,072 bytes (128 KiB, MAX_FILE_BYTES), expected a smaller file"
    );
    // A move of 10 000 characters is echoed clipped.
    let long = "车".repeat(10_000);
    let o = qili(s.path(), &["judge", "--fen", rook, "--moves", &long]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).len() < 1_500, "{}", stderr(&o));
    assert!(stderr(&o).contains("车…"), "{}", stderr(&o));
}

fn dir_size(dir: &Path) -> usize {
    snapshot(dir).iter().map(|(_, b)| b.len()).sum()
}

#[test]
fn check_and_run_on_attack_files_stay_small() {
    let s = Scratch::new("bounds-attack");
    let corpus = corpus_copy(s.path());
    let o = qili(s.path(), &["run", "--corpus", "corpus", "--out", "clean"]);
    assert_eq!(o.status.code(), Some(FIXTURES_FAIL), "{}", stderr(&o));
    let clean = dir_size(&s.path().join("clean"));
    // The issue's 204 KB variant (refused for its size), one under the size limit (refused
    // at its first alias), deep nesting and junk.
    std::fs::write(corpus.join("bomb.yaml"), alias_bomb(200_000, 1_000)).unwrap();
    std::fs::write(corpus.join("small-bomb.yaml"), alias_bomb(60_000, 4_000)).unwrap();
    std::fs::write(corpus.join("deep.yaml"), nested(60_000)).unwrap();
    std::fs::write(corpus.join("junk.yaml"), "]]]: ?[{\n".repeat(1 << 20)).unwrap();
    let o = qili(s.path(), &["check", "--corpus", "corpus"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 4, "{out}");
    assert!(out.len() < 2_000, "{} bytes printed", out.len());
    for (file, what) in [
        ("corpus/bomb.yaml:1:1", "over the limit of 131,072 bytes"),
        ("corpus/deep.yaml:4:", "nested more than 32 deep"),
        ("corpus/junk.yaml:1:1", "over the limit of 131,072 bytes"),
        ("corpus/small-bomb.yaml:5:8", "aliases are not allowed"),
    ] {
        assert!(
            out.lines().any(|l| l.starts_with(file) && l.contains(what)),
            "{file}: {out}"
        );
    }
    let o = qili(s.path(), &["run", "--corpus", "corpus", "--out", "reports"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    // The broken files add a line or two each to the reports, not their contents.
    let written = dir_size(&s.path().join("reports"));
    assert!(written < clean + 20_000, "{written} bytes against {clean}");
}

#[test]
fn the_disagreements_file_must_exist_unless_none_is_asked_for() {
    let s = Scratch::new("bounds-none");
    corpus_copy(s.path());
    std::fs::remove_file(s.path().join("expectations/disagreements.yaml")).unwrap();
    for cmd in ["check", "run"] {
        let o = qili(
            s.path(),
            &[cmd, "--corpus", "corpus", "--out", "r"][..if cmd == "run" { 5 } else { 3 }],
        );
        assert_eq!(o.status.code(), Some(2), "{cmd}");
        assert_eq!(
            stderr(&o).trim(),
            "error: the disagreements file expectations/disagreements.yaml does not exist (the default for the corpus corpus); give the file with --expectations FILE, or --expectations none to run without recorded disagreements",
            "{cmd}"
        );
    }
    assert!(!s.path().join("r").exists());
    let o = qili(
        s.path(),
        &[
            "check",
            "--corpus",
            "corpus",
            "--expectations",
            "disagreement.yaml",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("error: --expectations disagreement.yaml: no such file;"),
        "{}",
        stderr(&o)
    );
    let o = qili(
        s.path(),
        &["check", "--corpus", "corpus", "--expectations", "none"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = qili(
        s.path(),
        &[
            "run",
            "--corpus",
            "corpus",
            "--out",
            "r",
            "--expectations",
            "none",
        ],
    );
    assert_eq!(o.status.code(), Some(FIXTURES_FAIL), "{}", stderr(&o));
    assert!(s.path().join("r/summary.md").is_file());
}

#[test]
fn yml_files_are_warned_about_and_an_empty_filter_is_an_error() {
    let s = Scratch::new("bounds-yml");
    let corpus = corpus_copy(s.path());
    std::fs::write(corpus.join("forgotten.yml"), FIG06).unwrap();
    std::fs::write(corpus.join("LOUD.YAML"), FIG06).unwrap();
    let o = qili(s.path(), &["check", "--corpus", "corpus"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(err.contains("warning: corpus/forgotten.yml is not read: case files end in .yaml (rename it forgotten.yaml)"), "{err}");
    assert!(
        err.contains("warning: corpus/LOUD.YAML is not read"),
        "{err}"
    );

    let o = qili(
        s.path(),
        &[
            "run",
            "--corpus",
            "corpus",
            "--out",
            "f",
            "--filter",
            "no-such-thing",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("error: --filter no-such-thing: matches no case"),
        "{}",
        stderr(&o)
    );
    assert!(!s.path().join("f").exists(), "a report was written");
    let o = qili(
        s.path(),
        &[
            "run", "--corpus", "corpus", "--out", "f", "--filter", "fig06",
        ],
    );
    // fixture-fig06 alone agrees with its book.
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

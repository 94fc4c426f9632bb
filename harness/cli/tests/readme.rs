//! The README's commands and figures, checked against what the commands do now, so that they
//! cannot drift (other work adds cases and changes rulings; the README says what a run gives).
//!
//! - Every `cargo run … -p qili-cli -- ARGS` in a `sh` block of the README (also after
//!   `echo … |`) is run with this build's `qili`, in a scratch directory where the repository's
//!   top-level entries are linked and `/tmp/…` paths point inside it, and must exit 0
//!   (`run`: 0 or 1, having written its reports). Not run: `run` without `--out`, `run --check`
//!   and `perf` (CI and their own tests run them; here they would rewrite or compare the
//!   repository's reports, which are not linked) and `--engine` runs (they need other engines).
//! - The lines `#   …` under a command (and a comment at the end of its line) show what it
//!   prints: joined, with runs of white space as one space and split at `…`, their pieces must
//!   appear in that order in its output (standard output, then standard error). Under a
//!   `--json` command they show the output's keys instead, compared key by key.
//! - The figures in the prose: the 2011 book's figures and the AXF diagrams agreeing (from a
//!   `qili run`), the last `schema_version` of the results.json table, Fairy-Stockfish's
//!   agreements where pyffish is installed (otherwise ignored, saying so), and the scan of
//!   `../shared/games` where it is beside the checkout (otherwise counted as skipped).

#[path = "../../tests/common/mod.rs"]
mod common;
#[path = "../../../engine/tests/common/shared.rs"]
mod shared;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

use common::*;
use libtest_mimic::Trial;
use serde_json::Value;

fn main() {
    let text = readme();
    let mut local = Vec::new();
    let mut shared = Vec::new();
    for ex in examples(&text) {
        let name = format!(
            "readme_line_{}_{}",
            ex.line,
            ex.args.first().map_or("", String::as_str)
        );
        if ex.args.iter().any(|a| a.starts_with("../shared")) {
            shared.push(shared::shared(&name, move |_| ex.check()));
        } else {
            local.push(Trial::test(name, move || {
                ex.check();
                Ok(())
            }));
        }
    }
    assert!(
        local.len() >= 15,
        "only {} README commands found",
        local.len()
    );
    let t = text.clone();
    local.push(shared::local(
        "readme_figures_of_the_2011_book",
        move || cxa_figures(&t),
    ));
    let t = text.clone();
    local.push(shared::local("readme_axf_diagrams", move || {
        axf_diagrams(&t)
    }));
    let t = text.clone();
    local.push(shared::local("readme_schema_version", move || {
        schema_version(&t)
    }));
    let t = text.clone();
    let pyffish = Command::new("python3")
        .args(["-c", "import pyffish"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !pyffish {
        println!("SKIPPED readme_fairy_stockfish_figures: python3 with pyffish is not installed (pip install -r adapters/requirements.txt)");
    }
    local.push(
        shared::local("readme_fairy_stockfish_figures", move || {
            fairy_stockfish(&t)
        })
        .with_ignored_flag(!pyffish),
    );
    shared.push(shared::shared(
        "readme_scan_of_shared_games",
        move |games| shared_scan(&text, games),
    ));
    shared::run("readme", local, shared)
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn readme() -> String {
    std::fs::read_to_string(repo().join("README.md")).expect("README.md")
}

/// Runs of white space as one space.
fn normalized(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

// ---- The commands ----

/// A `qili` command of the README and what it shows of its output.
#[derive(Debug)]
struct Example {
    /// The 1-based line of the command in README.md.
    line: usize,
    text: String,
    stdin: Option<String>,
    args: Vec<String>,
    shown: Vec<String>,
}

/// The byte index of the first `needle` outside double quotes.
fn unquoted(text: &str, needle: &str) -> Option<usize> {
    let mut quoted = false;
    for (i, c) in text.char_indices() {
        if c == '"' {
            quoted = !quoted;
        } else if !quoted && text[i..].starts_with(needle) {
            return Some(i);
        }
    }
    None
}

/// The `qili` commands of the README's `sh` blocks that are run (see the module docs).
fn examples(text: &str) -> Vec<Example> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let (mut in_block, mut sh) = (false, false);
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        i += 1;
        if line.starts_with("```") {
            sh = !in_block && line.trim() == "```sh";
            in_block = !in_block;
            continue;
        }
        if !(sh && (line.starts_with("cargo run") || line.starts_with("echo "))) {
            continue;
        }
        let first = i;
        let mut command = line.to_string();
        while unquoted(&command, " #")
            .map_or(command.as_str(), |at| &command[..at])
            .trim_end()
            .ends_with(['|', '\\'])
        {
            command.push('\n');
            command.push_str(lines[i]);
            i += 1;
        }
        let mut shown = Vec::new();
        if let Some(at) = unquoted(&command, " #") {
            shown.push(command[at + 2..].to_string());
            command.truncate(at);
        }
        while i < lines.len() && lines[i].starts_with("#   ") {
            shown.push(lines[i][1..].to_string());
            i += 1;
        }
        let (stdin, cargo) = match unquoted(&command, "|") {
            Some(at) => {
                let echo = shlex::split(&command[..at]).expect("an echo command");
                assert_eq!(echo[0], "echo", "README.md:{first}: {command}");
                (Some(echo[1..].join(" ") + "\n"), &command[at + 1..])
            }
            None => (None, command.as_str()),
        };
        let words = shlex::split(&cargo.replace("\\\n", " ")).unwrap_or_else(|| {
            panic!("README.md:{first}: cannot split {cargo}");
        });
        let Some(dashes) = words.iter().position(|w| w == "--") else {
            continue;
        };
        // The binary is qili-cli's: a command naming another package would not run.
        assert!(
            !words[..dashes]
                .iter()
                .any(|w| w.starts_with("qili-") && w != "qili-cli"),
            "README.md:{first}: `qili` is the binary of qili-cli: {cargo}"
        );
        if !words[..dashes].iter().any(|w| w == "qili-cli") {
            continue;
        }
        let args: Vec<String> = words[dashes + 1..].to_vec();
        let skipped = args[0] == "perf"
            || (args[0] == "run" && !args.iter().any(|a| a == "--out"))
            || args.iter().any(|a| a.starts_with("--engine"));
        if !skipped {
            out.push(Example {
                line: first,
                text: command.trim().to_string(),
                stdin,
                args,
                shown,
            });
        }
    }
    out
}

/// A scratch directory in which the repository's top-level entries are linked (not `reports`,
/// which no command run here may write), so that commands see its corpus and games and write
/// only there.
fn linked_scratch(name: &str) -> Scratch {
    let scratch = Scratch::new(name);
    for entry in std::fs::read_dir(repo()).unwrap() {
        let entry = entry.unwrap();
        let file_name = entry.file_name();
        if file_name == ".git" || file_name == "target" || file_name == "reports" {
            continue;
        }
        std::os::unix::fs::symlink(entry.path(), scratch.path().join(&file_name)).unwrap();
    }
    std::fs::create_dir(scratch.path().join("tmp")).unwrap();
    scratch
}

fn run_in(dir: &Path, args: &[String], stdin: Option<&str>) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_qili"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("qili runs");
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

impl Example {
    fn check(&self) {
        let scratch = linked_scratch(&format!("readme-{}", self.line));
        let tmp = scratch.path().join("tmp");
        let args: Vec<String> = self
            .args
            .iter()
            .map(|a| match a.strip_prefix("/tmp/") {
                Some(rest) => tmp.join(rest).display().to_string(),
                None => a.clone(),
            })
            .collect();
        let o = run_in(scratch.path(), &args, self.stdin.as_deref());
        let (out, err) = (stdout(&o), stderr(&o));
        let here = format!("README.md:{}: {}", self.line, self.text);
        let ok = match o.status.code() {
            Some(0) => true,
            Some(1) => self.args[0] == "run",
            _ => false,
        };
        assert!(ok, "{here}\nexits with {:?}:\n{out}{err}", o.status);
        if self.args.iter().any(|a| a == "--json") {
            let skeleton = parse_skeleton(&self.shown.join(" "))
                .unwrap_or_else(|e| panic!("{here}\nthe keys shown: {e}"));
            let value: Value = serde_json::from_str(&out)
                .unwrap_or_else(|e| panic!("{here}\nnot JSON ({e}):\n{out}"));
            if let Err(e) = compare(&skeleton, &value, "") {
                panic!("{here}\n{e}\nthe output:\n{out}");
            }
        } else if let Err(piece) = shows(&self.shown.join(" "), &format!("{out}\n{err}")) {
            panic!(
                "{here}\nthe README shows \"{piece}\", which is not in what it prints (in this order):\n{out}{err}"
            );
        }
    }
}

/// Whether the pieces of `shown` (split at `…`) appear in order in `output`, white space
/// compared as one space; the first piece that does not, if any.
fn shows(shown: &str, output: &str) -> Result<(), String> {
    let output = normalized(output);
    let mut at = 0;
    for piece in normalized(shown).split('…').map(str::trim) {
        if piece.is_empty() {
            continue;
        }
        match output[at..].find(piece) {
            Some(k) => at += k + piece.len(),
            None => return Err(piece.to_string()),
        }
    }
    Ok(())
}

// ---- The keys of a JSON output, as the README shows them ----

/// What the README shows of a JSON value: an object's keys (each with what it shows of the
/// value, if anything), an array's first element, a value elided (`…`), a string, a number,
/// `null`, or one of two (`… or null`).
#[derive(Debug)]
enum Skeleton {
    Object(Vec<(String, Option<Skeleton>)>),
    Array(Box<Skeleton>),
    Elided,
    Str(String),
    Num(f64),
    Null,
    Either(Box<Skeleton>, Box<Skeleton>),
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Punct(char),
    Str(String),
    Word(String),
    Ellipsis,
}

fn tokens(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {}
            '{' | '}' | '[' | ']' | ',' | ':' => out.push(Token::Punct(c)),
            '…' => out.push(Token::Ellipsis),
            '"' => {
                let mut s = String::new();
                for c in chars.by_ref() {
                    if c == '"' {
                        break;
                    }
                    s.push(c);
                }
                out.push(Token::Str(s));
            }
            c => {
                let mut s = c.to_string();
                while let Some(&n) = chars.peek() {
                    if n.is_whitespace() || "{}[],:…\"".contains(n) {
                        break;
                    }
                    s.push(n);
                    chars.next();
                }
                out.push(Token::Word(s));
            }
        }
    }
    out
}

fn parse_skeleton(text: &str) -> Result<Skeleton, String> {
    let tokens = tokens(text);
    let mut at = 0;
    let s = value(&tokens, &mut at)?;
    if at != tokens.len() {
        return Err(format!("unexpected {:?} after the value", tokens[at]));
    }
    Ok(s)
}

fn expect(tokens: &[Token], at: &mut usize, t: &Token) -> Result<(), String> {
    if tokens.get(*at) == Some(t) {
        *at += 1;
        Ok(())
    } else {
        Err(format!("expected {t:?}, found {:?}", tokens.get(*at)))
    }
}

fn value(tokens: &[Token], at: &mut usize) -> Result<Skeleton, String> {
    let v = match tokens.get(*at).cloned() {
        Some(Token::Punct('{')) => {
            *at += 1;
            let mut members = Vec::new();
            while tokens.get(*at) != Some(&Token::Punct('}')) {
                let Some(Token::Str(key)) = tokens.get(*at).cloned() else {
                    return Err(format!("expected a key, found {:?}", tokens.get(*at)));
                };
                *at += 1;
                let shown = if tokens.get(*at) == Some(&Token::Punct(':')) {
                    *at += 1;
                    Some(value(tokens, at)?)
                } else {
                    None
                };
                members.push((key, shown));
                if tokens.get(*at) == Some(&Token::Punct(',')) {
                    *at += 1;
                }
            }
            *at += 1;
            Skeleton::Object(members)
        }
        Some(Token::Punct('[')) => {
            *at += 1;
            let element = value(tokens, at)?;
            if tokens.get(*at) == Some(&Token::Punct(',')) {
                *at += 1;
            }
            if tokens.get(*at) == Some(&Token::Ellipsis) {
                *at += 1;
            }
            expect(tokens, at, &Token::Punct(']'))?;
            Skeleton::Array(Box::new(element))
        }
        Some(Token::Ellipsis) => {
            *at += 1;
            Skeleton::Elided
        }
        Some(Token::Str(s)) => {
            *at += 1;
            Skeleton::Str(s)
        }
        Some(Token::Word(w)) if w == "null" => {
            *at += 1;
            Skeleton::Null
        }
        Some(Token::Word(w)) => {
            *at += 1;
            Skeleton::Num(w.parse().map_err(|_| format!("'{w}' is no value"))?)
        }
        t => return Err(format!("expected a value, found {t:?}")),
    };
    if tokens.get(*at) == Some(&Token::Word("or".into())) {
        *at += 1;
        let other = value(tokens, at)?;
        return Ok(Skeleton::Either(Box::new(v), Box::new(other)));
    }
    Ok(v)
}

/// Whether `value` has what `skeleton` shows; where not, what differs.
fn compare(skeleton: &Skeleton, value: &Value, path: &str) -> Result<(), String> {
    let here = if path.is_empty() { "the output" } else { path };
    match skeleton {
        Skeleton::Object(members) => {
            let Value::Object(map) = value else {
                return Err(format!(
                    "{here}: the README shows an object, the output has {value}"
                ));
            };
            let shown: BTreeSet<&str> = members.iter().map(|(k, _)| k.as_str()).collect();
            let actual: BTreeSet<&str> = map.keys().map(String::as_str).collect();
            if shown != actual {
                return Err(format!(
                    "{here}: the README shows the keys {:?}, the output has {:?} (missing from the README: {:?}; not in the output: {:?})",
                    shown,
                    actual,
                    actual.difference(&shown).collect::<Vec<_>>(),
                    shown.difference(&actual).collect::<Vec<_>>()
                ));
            }
            for (k, s) in members {
                if let Some(s) = s {
                    compare(s, &map[k], &format!("{path}.{k}"))?;
                }
            }
            Ok(())
        }
        Skeleton::Array(element) => match value {
            Value::Array(items) => match items.first() {
                Some(first) => compare(element, first, &format!("{path}[0]")),
                None => Ok(()),
            },
            _ => Err(format!(
                "{here}: the README shows an array, the output has {value}"
            )),
        },
        Skeleton::Elided => Ok(()),
        Skeleton::Str(s) if value.as_str() == Some(s) => Ok(()),
        Skeleton::Num(n) if value.as_f64() == Some(*n) => Ok(()),
        Skeleton::Null if value.is_null() => Ok(()),
        Skeleton::Either(a, b) => compare(a, value, path).or_else(|_| compare(b, value, path)),
        _ => Err(format!(
            "{here}: the README shows {skeleton:?}, the output has {value}"
        )),
    }
}

// ---- Figures in the prose ----

/// The integers where `pattern` has `{}` (written with or without thousands separators), at
/// its first match in `text` (white space normalised in both).
fn figures(text: &str, pattern: &str) -> Option<Vec<u64>> {
    let text = normalized(text);
    let pattern = normalized(pattern);
    let pieces: Vec<&str> = pattern.split("{}").collect();
    'start: for (start, _) in text.char_indices() {
        let mut rest = &text[start..];
        let mut numbers = Vec::new();
        for (i, piece) in pieces.iter().enumerate() {
            if i > 0 {
                let digits = rest
                    .find(|c: char| !c.is_ascii_digit() && c != ',')
                    .unwrap_or(rest.len());
                // A thousands separator, not a comma after the number.
                let digits = rest[..digits].trim_end_matches(',').len();
                if digits == 0 {
                    continue 'start;
                }
                let Ok(n) = rest[..digits].replace(',', "").parse() else {
                    continue 'start;
                };
                numbers.push(n);
                rest = &rest[digits..];
            }
            match rest.strip_prefix(piece) {
                Some(r) => rest = r,
                None => continue 'start,
            }
        }
        return Some(numbers);
    }
    None
}

/// The README's figures against a run's: the sentence as the README has it and as it should be.
fn check_figures(text: &str, pattern: &str, actual: &[u64]) {
    let stated = figures(text, pattern)
        .unwrap_or_else(|| panic!("README.md no longer says \"{pattern}\": update readme.rs"));
    let fill = |values: &[u64]| {
        let mut s = pattern.to_string();
        for v in values {
            s = s.replacen("{}", &v.to_string(), 1);
        }
        s
    };
    assert_eq!(
        stated,
        actual,
        "README.md says \"{}\"; the run gives \"{}\"",
        fill(&stated),
        fill(actual)
    );
}

/// `qili run`'s results.json, the run made once for all the figures.
fn results() -> &'static Value {
    static RESULTS: OnceLock<Value> = OnceLock::new();
    RESULTS.get_or_init(|| {
        let scratch = linked_scratch("readme-run");
        let out = scratch.path().join("tmp/reports");
        let o = run_in(
            scratch.path(),
            &["run".into(), "--out".into(), out.display().to_string()],
            None,
        );
        let text = std::fs::read_to_string(out.join("results.json"))
            .unwrap_or_else(|e| panic!("qili run wrote no results.json ({e}): {}", stderr(&o)));
        serde_json::from_str(&text).unwrap()
    })
}

/// For the editions `pick` selects: how many, their verdicts agreeing, their plies agreeing
/// and compared.
fn agreeing(pick: impl Fn(&str, &str) -> bool) -> [u64; 4] {
    let mut n = [0; 4];
    for case in results()["cases"].as_array().unwrap() {
        for e in case["editions"].as_array().unwrap() {
            if !pick(case["id"].as_str().unwrap(), e["edition"].as_str().unwrap()) {
                continue;
            }
            let c = &e["comparison"];
            n[0] += 1;
            n[1] += u64::from(c["verdict_agrees"] == true);
            n[2] += c["plies_agreeing"].as_u64().unwrap_or(0);
            n[3] += c["plies_compared"].as_u64().unwrap_or(0);
        }
    }
    n
}

fn cxa_figures(text: &str) {
    let n = agreeing(|id, edition| id.starts_with("cxa2011-") && edition == "cxa2011");
    check_figures(
        text,
        "of the {} figures of the 2011 book, {} verdicts and {} of {} labels agree",
        &n,
    );
}

fn axf_diagrams(text: &str) {
    let n = agreeing(|_, edition| edition == "axf");
    check_figures(
        text,
        "{} of the {} diagrams in the corpus agree",
        &[n[1], n[0]],
    );
}

/// The results.json table's last version is the one `qili run` writes.
fn schema_version(text: &str) {
    let section = &text[text
        .find("### results.json")
        .expect("the results.json section")..];
    let last = section
        .lines()
        .skip_while(|l| !l.starts_with("| version"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .filter_map(|l| {
            l.trim_start_matches('|')
                .split('|')
                .next()?
                .trim()
                .parse()
                .ok()
        })
        .max();
    assert_eq!(
        last,
        results()["schema_version"].as_u64(),
        "README.md's results.json table ends at version {last:?}"
    );
}

/// Fairy-Stockfish's verdicts agreeing, from the README's `--engine` run (pyffish's adapter).
fn fairy_stockfish(text: &str) {
    let scratch = linked_scratch("readme-fairy");
    let out = scratch.path().join("tmp/conformance");
    let adapter = repo().join("adapters/fairy_stockfish.py");
    let o = run_in(
        scratch.path(),
        &[
            "run".into(),
            "--engine".into(),
            format!("fairy-stockfish=python3 '{}'", adapter.display()),
            "--out".into(),
            out.display().to_string(),
        ],
        None,
    );
    let results: Value = std::fs::read_to_string(out.join("results.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_else(|| panic!("the --engine run wrote no results.json: {}", stderr(&o)));
    let cell = |book: &str| -> (u64, u64) {
        let row = results["engines"]["table"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["rule_book"] == book)
            .unwrap_or_else(|| panic!("no {book} row"));
        let c = row["cells"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["engine"] == "fairy-stockfish")
            .expect("a fairy-stockfish cell");
        (
            c["verdicts_agreeing"].as_u64().unwrap(),
            c["cases"].as_u64().unwrap(),
        )
    };
    let (axf, cxa) = (cell("axf"), cell("cxa2011"));
    check_figures(
        text,
        "Fairy-Stockfish gives the published verdict in {} of the {} AXF diagrams and {} of the {} CXA 2011 cases that publish one",
        &[axf.0, axf.1, cxa.0, cxa.1],
    );
}

/// The summary of `scan ../shared/games` as the README quotes it.
fn shared_scan(text: &str, games: &Path) {
    let intro = "`scan ../shared/games` says: `";
    let normal = normalized(text);
    let at = normal
        .find(intro)
        .expect("README.md quotes the scan of ../shared/games")
        + intro.len();
    let quoted = &normal[at..at + normal[at..].find('`').unwrap()];
    let scratch = Scratch::new("readme-shared-scan");
    let o = run_in(
        scratch.path(),
        &[
            "scan".into(),
            games.display().to_string(),
            "--out".into(),
            scratch.path().join("scan.jsonl").display().to_string(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    if let Err(piece) = shows(quoted, &stderr(&o)) {
        panic!(
            "README.md quotes \"{piece}\" of the scan of ../shared/games, which says:\n{}",
            stderr(&o).lines().last().unwrap_or("")
        );
    }
}

//! Bounds on hostile input: every limit the harness puts on what it reads, each a documented
//! constant (README.md, *Limits*, lists them), and the checks that enforce them.
//!
//! A case file, the disagreements file and a moves file are read through [`read_file`], which
//! never reads more than [`MAX_FILE_BYTES`]. A YAML text is then read by the one walk of
//! `qili_corpus::yaml::read`, which stops at the first alias and at the first collection nested
//! deeper than [`MAX_YAML_DEPTH`]: the tree the raw structs are deserialised from is only
//! ever built from shallow text without aliases. Values echoed in messages are cut to
//! [`MAX_ECHO_CHARS`] ([`clip`]), and a file reports at most [`MAX_PROBLEMS_PER_FILE`]
//! problems (`qili_corpus::problem::cap_problems`), so what a broken file prints is bounded too.

use std::borrow::Cow;
use std::io::Read;
use std::path::Path;

/// The largest case file, disagreements file or moves file (`qili judge --moves-file`, standard
/// input, or the text of `--moves`) read, in bytes: 128 KiB. The largest case file is under
/// 6 KB; a whole game of 1 000 plies written one move a line is about 60 KB.
pub const MAX_FILE_BYTES: usize = 128 * 1024;

/// The deepest nesting of YAML collections (mappings and sequences, block or flow) in a case or
/// disagreements file. The case schema needs 6 (`published[0].lines[0].moves`).
pub const MAX_YAML_DEPTH: usize = 32;

/// The most plies of one published block: the moves the engine judges, every ply labelled.
pub const MAX_CASE_PLIES: usize = 300;

/// The most moves written in one case file: the published moves of every block and the moves
/// of every cited line together.
pub const MAX_CASE_MOVES: usize = 1_000;

/// The most moves one `qili judge` or `qili convert` call reads (checked before any is read or
/// the engine is asked): 1 000 plies, 500 rounds, longer than any game played.
pub const MAX_JUDGE_PLIES: usize = 1_000;

/// The largest game file `qili scan` reads, in bytes, counted as it reads (whatever the file
/// system says its size is): 64 MiB (a 象棋桥 library of a few thousand games fits).
pub const MAX_GAME_FILE_BYTES: u64 = 64 << 20;

/// Positions the searches of one game's episodes may visit together in `qili scan` (each ply
/// still within the rule book's own budget, `qili::rules::Budgets::nodes`): once spent, what
/// is left to search is 未定, the episodes after are left unruled, and the verdicts are
/// `undetermined` with the budget named. The games of ../shared/games need at most 348,957
/// (a sixth); about two seconds of the heaviest searches.
pub const MAX_GAME_WORK: u64 = 2_000_000;

/// Plies the episodes of one game may label together in `qili scan` (a ply is labelled once
/// however many episodes it is part of): the labelling besides the searches is bounded too.
/// The games of ../shared/games label at most 130. Once reached, the game's later episodes
/// are left unruled (`undetermined`, the budget named).
pub const MAX_GAME_PLIES: u64 = 1_000;

/// Games one `qili scan` reads and rules, across all its files: once reached, the game after
/// it, the rest of its file and the files after are not read, and the scan says where it
/// stopped (an error of its own kind in the summary and the report). A ruled game of the
/// shared collection costs about 50 µs and a small file as much again, so the budget keeps a
/// scan of cheap games within a few seconds however many files or games it is given (a 64
/// MB PGN holds 688,129 games); ../shared/games has 12,203. Scan a larger collection in parts.
pub const MAX_SCAN_GAMES: usize = 20_000;

/// Games with a repetition or an error drawn on the pages of `qili scan --report` (each with
/// its boards, about 13 KB): the games after are counted, listed in the index's lists of
/// disagreements and errors without a link, and are in the JSON lines; their pages would
/// otherwise take a gigabyte for 100,000 games. ../shared/games draws 3,127.
pub const MAX_REPORT_GAMES: usize = 5_000;

/// Positions the searches of one ruling of a case × edition in `qili run` may visit together
/// (the main run, qili's built-in adapter of the engines table, and each other rule book of
/// the comparison table, each have theirs): the corpus needs at most 27,228, a case file of
/// 300 of the densest plies would otherwise buy minutes. Such positions cost about 9 µs each,
/// so 100,000 (the corpus's heaviest ruling fits it 3.6 times) is about a second.
pub const MAX_RULING_WORK: u64 = 100_000;

/// The most case files a corpus may have (`qili check`, `run`, `perf`, `show`): a run holds
/// every case's rulings and renders each report whole; 1,000 cases of the corpus's average size
/// take 116 MB and about 3 s of CPU (2,000 took 226 MB, over the 200 MB a run may use). The
/// corpus has 146.
pub const MAX_CORPUS_FILES: usize = 1_000;

/// The deepest `qili perft` counts (it keeps a list of moves per ply; from the start position
/// depth 6 already takes minutes).
pub const MAX_PERFT_DEPTH: u32 = 10;

/// The most times `qili perf` times each thing (it keeps every timing).
pub const MAX_PERF_REPEATS: u32 = 1_000;

/// The most characters of an input value echoed in a message; a longer value is cut and ends
/// with `…`.
pub const MAX_ECHO_CHARS: usize = 80;

/// The most problems listed for one file; one more problem says how many were left out.
pub const MAX_PROBLEMS_PER_FILE: usize = 100;

/// The most characters of one problem message (a backstop: values are clipped where they are
/// echoed, so no message of the lint comes near it).
pub const MAX_MESSAGE_CHARS: usize = 1_000;

/// `1048576` as `1,048,576`.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// What is wrong with a text larger than [`MAX_FILE_BYTES`]: `at_least` bytes were seen (the
/// whole size when known).
pub fn too_large(at_least: usize, exact: bool) -> String {
    format!(
        "{} {} bytes, over the limit of {} bytes (128 KiB, MAX_FILE_BYTES), expected a smaller file",
        if exact { "the file is" } else { "the input is more than" },
        thousands(if exact { at_least } else { MAX_FILE_BYTES }),
        thousands(MAX_FILE_BYTES)
    )
}

/// Why a file could not be read, worded to follow its name.
#[derive(Debug)]
pub enum ReadError {
    /// Larger than [`MAX_FILE_BYTES`]; its size when the file system says it.
    TooLarge {
        size: Option<u64>,
    },
    /// Not UTF-8 from this byte on.
    NotUtf8 {
        byte: usize,
    },
    Io(std::io::Error),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::TooLarge { size } => match size {
                Some(s) => f.write_str(&too_large(usize::try_from(*s).unwrap_or(usize::MAX), true)),
                None => f.write_str(&too_large(MAX_FILE_BYTES + 1, false)),
            },
            ReadError::NotUtf8 { byte } => {
                write!(f, "not UTF-8 text (byte {byte} is not valid UTF-8)")
            }
            ReadError::Io(e) => write!(f, "cannot read the file: {e}"),
        }
    }
}

/// Read at most [`MAX_FILE_BYTES`] of `reader` as UTF-8 text.
pub fn read_text(reader: impl Read, size: Option<u64>) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() > MAX_FILE_BYTES {
        return Err(ReadError::TooLarge {
            size: size.filter(|&s| s > MAX_FILE_BYTES as u64),
        });
    }
    String::from_utf8(bytes).map_err(|e| ReadError::NotUtf8 {
        byte: e.utf8_error().valid_up_to(),
    })
}

/// Read the file at `path` as UTF-8 text, refusing one larger than [`MAX_FILE_BYTES`] before
/// reading more than that.
pub fn read_file(path: &Path) -> Result<String, ReadError> {
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    let size = file.metadata().ok().map(|m| m.len());
    if let Some(s) = size.filter(|&s| s > MAX_FILE_BYTES as u64) {
        return Err(ReadError::TooLarge { size: Some(s) });
    }
    read_text(file, size)
}

/// `value` as echoed in a message: whole when at most [`MAX_ECHO_CHARS`] characters, else its
/// first [`MAX_ECHO_CHARS`] characters and `…`.
pub fn clip(value: &str) -> Cow<'_, str> {
    match value.char_indices().nth(MAX_ECHO_CHARS) {
        None => Cow::Borrowed(value),
        Some((cut, _)) => Cow::Owned(format!("{}…", &value[..cut])),
    }
}

/// A message written by someone else (the deserialiser, the engine) with every quoted part
/// (`'…'`, `"…"` or `` `…` ``) longer than [`MAX_ECHO_CHARS`] clipped, and the whole cut to
/// [`MAX_MESSAGE_CHARS`].
pub fn clip_quoted(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(open) = rest.find(['\'', '"', '`']) {
        let quote = rest[open..].chars().next().expect("found a quote");
        let inner_start = open + quote.len_utf8();
        out.push_str(&rest[..inner_start]);
        rest = &rest[inner_start..];
        // A quote's partner is its next occurrence; an apostrophe without one stays as it is.
        match rest.find(quote) {
            Some(close) => {
                out.push_str(&clip(&rest[..close]));
                out.push(quote);
                rest = &rest[close + quote.len_utf8()..];
            }
            None => break,
        }
    }
    out.push_str(rest);
    clip_message(out)
}

/// A whole message cut to [`MAX_MESSAGE_CHARS`] (what `Problem::new` keeps).
pub fn clip_message(message: String) -> String {
    match clip_to(&message, MAX_MESSAGE_CHARS) {
        Cow::Borrowed(_) => message,
        Cow::Owned(cut) => cut,
    }
}

/// `text` cut to `max` characters, ending with `…` when cut.
fn clip_to(text: &str, max: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max) {
        None => Cow::Borrowed(text),
        Some((cut, _)) => Cow::Owned(format!("{}…", &text[..cut])),
    }
}

/// `message` with every occurrence of `value` clipped: for messages that quote a value of the
/// input without quote marks (the engine's errors start with the move text).
pub fn clip_value_in(message: &str, value: &str) -> String {
    let clipped = clip(value);
    if clipped.len() == value.len() || value.is_empty() {
        message.to_string()
    } else {
        message.replace(value, &clipped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clipping_keeps_short_values_and_cuts_long_ones() {
        assert_eq!(clip("车四平五"), "车四平五");
        let long = "车".repeat(MAX_ECHO_CHARS + 1);
        assert_eq!(clip(&long), format!("{}…", "车".repeat(MAX_ECHO_CHARS)));
        let message = format!("invalid type: string \"{long}\", expected a sequence");
        assert_eq!(
            clip_quoted(&message),
            format!(
                "invalid type: string \"{}…\", expected a sequence",
                "车".repeat(MAX_ECHO_CHARS)
            )
        );
        // An apostrophe that opens nothing is left alone.
        assert_eq!(clip_quoted("it's fine"), "it's fine");
        assert_eq!(thousands(131_072), "131,072");
        assert_eq!(thousands(999), "999");
    }
}

//! The attacks of issue 30 (hostile input, round 2), each in a small version, each answered
//! with bounded work: counted in positions and plies, and in the bytes read, kept and written,
//! never timed (the bench `benches/attacks.rs` has the wall-clock figures).

#[path = "../../tests/common/mod.rs"]
mod common;

use std::path::Path;
use std::process::{Command, Output};
use std::sync::Mutex;

use common::attacks::*;
use common::{stderr, stdout, Scratch};

// The bytes allocated, counted by the test binary's allocator (all threads: the tests that
// measure hold [`SERIAL`], and so does every other test here).
#[path = "../../../engine/tests/common/counting.rs"]
mod counting;
use counting::peak;

/// Held by every test, so that one's allocations are not counted in another's peak.
static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

/// `qili` with `args` in `cwd`.
fn qili(cwd: &Path, args: &[&str]) -> Output {
    common::qili(cwd, args)
}

/// Every game of a file as `qili scan` reads it (opened, then read piece by piece), with
/// the most bytes allocated at once.
fn read_all(path: &Path) -> (Result<usize, String>, usize) {
    use qili_scan::formats::{open, Format};
    peak(|| {
        let opened = open(path, Format::Auto).map_err(|r| r.message)?;
        let mut games = 0;
        opened.each_piece(|piece| {
            games += piece.map_err(|r| r.message)?.len();
            Ok::<(), String>(())
        })?;
        Ok(games)
    })
}

/// Writes every attack at full size into `$QILI_ATTACKS`, to be measured by hand with
/// `/usr/bin/time -v` and `timeout` (the numbers are in the report).
#[test]
#[ignore = "writes the attack files at full size; run by hand with QILI_ATTACKS=DIR"]
fn write_the_attack_files() {
    let dir = std::path::PathBuf::from(std::env::var_os("QILI_ATTACKS").expect("QILI_ATTACKS"));
    std::fs::create_dir_all(&dir).unwrap();
    let w = |name: &str, bytes: &[u8]| std::fs::write(dir.join(name), bytes).unwrap();
    w("a01-recurring-10000.pgn", recurring_pgn(10_000).as_bytes());
    w("a01-recurring-1000.pgn", recurring_pgn(1_000).as_bytes());
    let corpus = dir.join("a02-corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    std::fs::create_dir_all(dir.join("a02-expectations")).unwrap();
    std::fs::write(dir.join("a02-expectations/disagreements.yaml"), "").unwrap();
    std::fs::write(
        corpus.join("attack-dense.yaml"),
        dense_case("attack-dense", 300),
    )
    .unwrap();
    w(
        "a03-attributes-100000.cbf",
        cbf_attributes(100_000).as_bytes(),
    );
    w(
        "a03-attributes-500000.cbf",
        cbf_attributes(500_000).as_bytes(),
    );
    w(
        "a04-movelist-60mb.txt",
        dhtmlxq_movelist(60 << 20).as_bytes(),
    );
    w("a04-large-62mb.cbf", cbf_large(62 << 20).as_bytes());
    w("a04-large-64mb.pgn", pgn_large(63 << 20).as_bytes());
    w("a12-unclosed.pgn", UNCLOSED_COMMENT.as_bytes());
    w("a15-zip.pgn", &zip_named_pgn());
    w("a15-nul.pgn", &vec![0u8; 10 << 20]);
    w("a16-nul-move.pgn", &pgn_nul_move(10 << 20));
    w("a16-long-fen.pgn", pgn_long_fen(4 << 20).as_bytes());
    w("a16-long-fen.cbf", cbf_long_fen(4 << 20).as_bytes());
}

/// Attack 1: a game of 3 000 plies from the start that comes back every sixth ply (500
/// episodes, none threefold). Its episodes share one budget: what they search is at most
/// the budget, what they label at most the plies allowed, each ply once, and every episode is
/// named (ruled, or undetermined with the budget) — the cost does not grow with the episodes.
#[test]
fn a_game_that_keeps_coming_back_costs_at_most_its_budget() {
    let _s = serial();
    use qili_scan::episodes::{episodes_within, recurrences};
    let start = qili::Position::start();
    let game = qili::history::recurring_game(&start, 3_000, 30);
    let book = qili::rules::RuleBook::cxa2011();
    let spans = recurrences(&start, &game, &mut Default::default());
    assert_eq!(spans.len(), 500);
    let (positions, plies) = (300_000, 120);
    let e = episodes_within(&start, &game, &book, positions, plies).unwrap();
    assert_eq!(e.found.len(), 500);
    assert!(e.positions <= positions, "{} positions", e.positions);
    // The episode that runs out finishes its cycle (a few plies) before the next is skipped.
    assert!(e.plies <= plies + 16, "{} plies labelled", e.plies);
    let spent_at = e.spent_at.expect("the budget runs out");
    let unruled = e
        .found
        .iter()
        .filter(|ep| ep.last > spent_at)
        .inspect(|ep| {
            assert_eq!(ep.ruling.verdict, qili::rules::Verdict::Undetermined);
            assert!(
                ep.ruling.reason.contains("MAX_GAME_WORK"),
                "{}",
                ep.ruling.reason
            );
        })
        .count();
    assert!(unruled > 400, "{unruled} episodes left unruled");
}

/// A repetition broken off and taken up again is two episodes of the same plies: the second
/// labels nothing anew.
#[test]
fn episodes_of_one_game_label_a_ply_once() {
    let _s = serial();
    use qili::notation::{fen, iccs};
    use qili_scan::episodes::episodes_within;
    let start = fen::parse("4k4/9/9/9/5R3/9/9/9/9/3K5 w", qili::SetupMode::Standard).unwrap();
    let text = "f5e5 e9f9 e5f5 f9e9 f5e5 e9f9 e5f5 f9e9 d0d1 e9e8 d1d0 e8e9 f5e5 e9f9 e5f5 f9e9 f5e5 e9f9 e5f5 f9e9";
    let game: Vec<qili::Move> = text
        .split_whitespace()
        .map(|m| iccs::parse(m).unwrap())
        .collect();
    let book = qili::rules::RuleBook::cxa2011();
    let one = episodes_within(&start, &game[..8], &book, u64::MAX, u64::MAX).unwrap();
    let both = episodes_within(&start, &game, &book, u64::MAX, u64::MAX).unwrap();
    assert_eq!(
        both.found.len(),
        2,
        "{:?}",
        both.found
            .iter()
            .map(|e| (e.first, e.last))
            .collect::<Vec<_>>()
    );
    assert_eq!(both.found[1].ruling.verdict, one.found[0].ruling.verdict);
    // The king's steps and the plies around them are new; the cycle's four are not.
    assert!(
        both.plies < one.plies + 8,
        "{} then {}",
        one.plies,
        both.plies
    );
}

/// Attack 2: a case file of the densest plies, every ply labelled: each ruling of the run
/// stays within its budget (MAX_RULING_WORK), and the plies it cannot afford say so.
#[test]
fn a_case_of_the_densest_plies_costs_at_most_its_budget() {
    let _s = serial();
    use qili::rules::{judge_in, RuleBook, Scope, Work};
    use qili_io::bounds::MAX_RULING_WORK;
    let start = dense_position();
    let moves = wandering(&start, 40);
    assert_eq!(moves.len(), 40);
    let mut work = Work::new(MAX_RULING_WORK);
    let r = judge_in(
        &start,
        &moves,
        &RuleBook::paiju(),
        Scope::AllPlies,
        &mut work,
    )
    .unwrap();
    assert_eq!(r.plies.len(), 40);
    assert!(work.spent() <= MAX_RULING_WORK, "{work:?}");
    assert_eq!(work.classified(), 40);
    let short = r
        .plies
        .iter()
        .filter(|p| {
            p.evidence
                .text()
                .contains(&format!("同判各着共 {MAX_RULING_WORK} 个局面"))
        })
        .count();
    assert!(short > 0, "the dense plies want more than the budget");
    // The case file itself lints clean at its full size.
    let text = dense_case("attack-dense", 300);
    assert!(text.len() < qili_io::bounds::MAX_FILE_BYTES);
    let l = qili_corpus::lint::lint_text("attack-dense.yaml", "attack-dense", &text);
    assert!(
        l.problems.is_empty(),
        "{:?}",
        l.problems
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
    );
}

/// Attack 3: a CBF record whose root element has 100 000 attributes is refused before it is
/// parsed, with the line, in about the bytes of the file.
#[test]
fn a_cbf_element_with_too_many_attributes_is_refused_before_parsing() {
    let _s = serial();
    let scratch = Scratch::new("attack-attributes");
    let path = scratch.path().join("many.cbf");
    let text = cbf_attributes(100_000);
    std::fs::write(&path, &text).unwrap();
    let (games, bytes) = read_all(&path);
    assert_eq!(games, Ok(1));
    assert!(
        bytes < 3 * text.len(),
        "{bytes} bytes for a file of {}",
        text.len()
    );
    let o = qili(
        scratch.path(),
        &["scan", "--all", &path.display().to_string()],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("line 2: an element with more than 64 attributes"),
        "{}",
        stderr(&o)
    );
}

/// Attack 4: a DhtmlXQ move list, a CBF record and a PGN file far larger than any game: what
/// the readers keep beyond the file's own bytes is bounded by what a game can hold, not by
/// the file.
#[test]
fn large_files_cost_a_small_multiple_of_their_size_and_a_game_at_most() {
    let _s = serial();
    let scratch = Scratch::new("attack-large");
    let movelist = scratch.path().join("long.txt");
    let text = dhtmlxq_movelist(6 << 20);
    std::fs::write(&movelist, &text).unwrap();
    let (games, bytes) = read_all(&movelist);
    assert_eq!(games, Ok(1));
    // The file's bytes, held once as text, and a game of MAX_MOVES plies.
    assert!(
        bytes < text.len() + (4 << 20),
        "{bytes} bytes for a file of {}",
        text.len()
    );
    // A CBF record larger than a record can be is refused as it is read.
    let cbf = scratch.path().join("large.cbf");
    std::fs::write(&cbf, cbf_large(16 << 20)).unwrap();
    let (games, bytes) = read_all(&cbf);
    assert!(games.unwrap_err().contains("MAX_CBF_BYTES"), "{bytes}");
    // Read through the cap (the buffer doubling as it fills), not the file.
    assert!(
        bytes < 3 * qili_records::cbf::MAX_CBF_BYTES,
        "{bytes} bytes"
    );
    // A PGN file of many games: the text once, and the games.
    let pgn = scratch.path().join("large.pgn");
    let text = pgn_large(4 << 20);
    std::fs::write(&pgn, &text).unwrap();
    let (games, bytes) = read_all(&pgn);
    let games = games.unwrap();
    assert!(games > 40_000, "{games} games");
    assert!(
        bytes < 4 * text.len(),
        "{bytes} bytes for a file of {}",
        text.len()
    );
}

/// The acceptance's eight copies: a file of one game a line is read a piece at a time, so
/// eight copies as one file hold no more at once than one copy.
#[test]
fn a_file_of_one_game_a_line_is_read_a_piece_at_a_time() {
    let _s = serial();
    let scratch = Scratch::new("attack-lines");
    let line = "h2e2 h9g7 h0g2 g7h9 g2h0 h9g7 h0g2 g7h9 b2e2\n";
    let one = scratch.path().join("one.txt");
    let eight = scratch.path().join("eight.txt");
    let text = line.repeat(4 << 20 >> 6);
    std::fs::write(&one, &text).unwrap();
    std::fs::write(&eight, text.repeat(8)).unwrap();
    let (n1, b1) = read_all(&one);
    let (n8, b8) = read_all(&eight);
    assert_eq!(n8.unwrap(), 8 * n1.unwrap());
    assert!(
        b8 < b1 + (b1 >> 3),
        "one copy {b1} bytes at the peak, eight {b8}"
    );
    // A piece's text and its games.
    assert!(b8 < 32 << 20, "{b8} bytes");
}

/// Attacks 9 and 10: `--out` that is one of the files scanned is refused, the file kept; an
/// existing output is replaced only by a whole new one (a scan killed on the way leaves it
/// as it was, and the next scan removes what the killed one left).
#[test]
fn the_output_is_never_an_input_and_is_replaced_whole_or_not_at_all() {
    let _s = serial();
    let scratch = Scratch::new("attack-out");
    let game = scratch.path().join("game.pgn");
    let text = recurring_pgn(1_200);
    std::fs::write(&game, &text).unwrap();
    let g = game.display().to_string();
    let o = qili(scratch.path(), &["scan", &g, "--out", &g]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("one of the files scanned"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_to_string(&game).unwrap(), text);
    // Through another name for it too.
    let link = scratch.path().join("link.pgn");
    std::fs::hard_link(&game, &link).unwrap();
    let o = qili(
        scratch.path(),
        &[
            "scan",
            scratch.path().to_str().unwrap(),
            "--out",
            link.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    std::fs::remove_file(&link).unwrap();

    let out = scratch.path().join("out").join("scan.jsonl");
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    std::fs::write(&out, "the previous scan\n").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_qili"))
        .args(["scan", &g, "--out", out.to_str().unwrap()])
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    let _ = child.kill();
    let _ = child.wait();
    let left = std::fs::read_to_string(&out).unwrap();
    assert!(
        left == "the previous scan\n"
            || (left.ends_with("}\n") && left.lines().all(|l| l.starts_with('{'))),
        "{left:.200}"
    );
    let o = qili(
        scratch.path(),
        &["scan", &g, "--out", out.to_str().unwrap()],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.starts_with("{\"file\""), "{written:.100}");
    let names: Vec<String> = std::fs::read_dir(out.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["scan.jsonl"], "what a killed scan left is removed");
}

/// Attack 10: with standard output closed, the lines cannot go anywhere: an error, not
/// success.
#[test]
#[cfg(unix)]
fn a_closed_standard_output_is_an_error() {
    let _s = serial();
    let scratch = Scratch::new("attack-stdout");
    let game = scratch.path().join("game.pgn");
    std::fs::write(&game, recurring_pgn(60)).unwrap();
    let o = Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" scan \"$1\" >&-")
        .arg(env!("CARGO_BIN_EXE_qili"))
        .arg(&game)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("standard output is closed"),
        "{}",
        stderr(&o)
    );
}

/// Attacks 11 and 14: what vanishes during the walk (a link to nothing stands for it) is an
/// error for that path and the scan goes on; a FIFO or a device is named as skipped, never
/// read.
#[test]
#[cfg(unix)]
fn a_vanished_file_or_a_fifo_is_named_and_the_rest_is_scanned() {
    let _s = serial();
    let scratch = Scratch::new("attack-walk");
    let dir = scratch.path().join("games");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("b.pgn"), recurring_pgn(60)).unwrap();
    std::os::unix::fs::symlink(dir.join("gone.pgn"), dir.join("a.pgn")).unwrap();
    let fifo = dir.join("c.fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let o = qili(
        scratch.path(),
        &["scan", dir.to_str().unwrap(), "/dev/zero"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("a.pgn: No such file or directory"), "{err}");
    assert!(
        err.contains("c.fifo: not a regular file (a FIFO), skipped"),
        "{err}"
    );
    assert!(
        err.contains("/dev/zero: not a regular file (a character device), skipped"),
        "{err}"
    );
    assert!(err.contains("2 file(s), 1 game(s)"), "{err}");
    assert_eq!(stdout(&o).lines().count(), 1);
}

/// Attacks 12, 13 and 15: an unclosed comment is an error at its line, the moves before it
/// ruled; a game's read error is on standard error with its file and ply whether it repeats
/// or not; an archive or NUL bytes named `.pgn` are no game records, said so.
#[test]
fn read_errors_are_said_and_what_is_no_record_is_named() {
    let _s = serial();
    let scratch = Scratch::new("attack-errors");
    let p = |name: &str, bytes: &[u8]| {
        let path = scratch.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        path.display().to_string()
    };
    let open = p("open.pgn", UNCLOSED_COMMENT.as_bytes());
    let bad = p("bad.pgn", b"1. h2e2 h9g7 2. h0h2 *\n");
    let zip = p("zip.pgn", &zip_named_pgn());
    let nul = p("nul.pgn", &vec![0u8; 1 << 20]);
    let o = qili(scratch.path(), &["scan", &open, &bad, &zip, &nul]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("open.pgn, game 1: ply 2 ({): line 3: a comment opened here is never closed"),
        "{err}"
    );
    assert!(err.contains("bad.pgn, game 1: ply 3 (h0h2)"), "{err}");
    assert!(
        err.contains("zip.pgn: not a game record: looks like a zip archive"),
        "{err}"
    );
    assert!(
        err.contains("nul.pgn: not a game record: looks like binary data (a NUL byte at byte 0)"),
        "{err}"
    );
    assert!(err.contains("4 file(s), 2 game(s)"), "{err}");
}

/// Attack 5: a file whose size reads as 0 and that never ends is read through the cap: here
/// its first bytes already say it is no game record.
#[test]
#[cfg(target_os = "linux")]
fn a_file_that_never_ends_is_read_through_a_cap() {
    let _s = serial();
    let (games, bytes) = read_all(Path::new("/proc/self/pagemap"));
    assert!(games.unwrap_err().contains("not a game record"));
    assert!(bytes < 1 << 20, "{bytes} bytes");
}

/// Attack 16: a 1 MB NUL 'move', a 1 MB FEN tag and a 1 MB CBF FEN are quoted in at most 80
/// characters: what is printed stays small.
#[test]
fn echoed_values_are_clipped() {
    let _s = serial();
    let scratch = Scratch::new("attack-echo");
    let p = |name: &str, bytes: &[u8]| {
        let path = scratch.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        path.display().to_string()
    };
    // The NUL 'move' after a first line of text: past the sniffed head it is read as a move.
    let mut nul = b"[Event \"nul\"]\n".to_vec();
    nul.extend(std::iter::repeat_n(b' ', 70_000));
    nul.extend(pgn_nul_move(1 << 20));
    let files = [
        p("nul.pgn", &nul),
        p("fen.pgn", pgn_long_fen(1 << 20).as_bytes()),
        p("fen.cbf", cbf_long_fen(1 << 20).as_bytes()),
    ];
    for f in &files {
        let o = qili(scratch.path(), &["scan", f]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(
            o.stdout.len() + o.stderr.len() < 4_000,
            "{f}: {} bytes out, {} err: {:.300}",
            o.stdout.len(),
            o.stderr.len(),
            stderr(&o)
        );
    }
}

/// `--out` naming what is not a regular file (a FIFO here, `/dev/null` alike) is written to as
/// it is, never replaced by a file; a link is followed, the file it names replaced and the
/// link kept.
#[test]
#[cfg(unix)]
fn an_output_that_is_a_fifo_or_a_link_stays_what_it_is() {
    use std::os::unix::fs::FileTypeExt;
    let _s = serial();
    let scratch = Scratch::new("attack-out-kinds");
    let game = scratch.path().join("game.pgn");
    std::fs::write(&game, recurring_pgn(60)).unwrap();
    let g = game.display().to_string();
    let fifo = scratch.path().join("lines.fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let o = qili(
        scratch.path(),
        &["scan", &g, "--out", fifo.to_str().unwrap()],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(reader.join().unwrap().starts_with("{\"file\""));
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());

    let real = scratch.path().join("real.jsonl");
    std::fs::write(&real, "old\n").unwrap();
    let link = scratch.path().join("link.jsonl");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let o = qili(
        scratch.path(),
        &["scan", &g, "--out", link.to_str().unwrap()],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read_to_string(&real)
        .unwrap()
        .starts_with("{\"file\""));

    // A write that fails (a full device, written as it is) is an error naming the path.
    if Path::new("/dev/full").exists() {
        let o = qili(scratch.path(), &["scan", &g, "--out", "/dev/full"]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(stderr(&o).contains("/dev/full"), "{}", stderr(&o));
    }
}

/// The fixture cases asked of the adapter script `script` (with `args`), with a short time-out.
fn ask_adapter(script: &str, args: &str) -> qili_harness::engines::conformance::Conformance {
    use qili_harness::engines::Engine;
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/adapters")
        .join(script);
    let engine = Engine::parse(&format!("hostile=sh '{}' {args}", path.display())).unwrap();
    let corpus = qili_corpus::corpus::load(&common::fixtures()).unwrap();
    qili_harness::pipeline::engines_only(
        &corpus,
        &qili_harness::run::Options::default(),
        &[engine],
        std::time::Duration::from_millis(500),
    )
    .0
}

/// Attack 6: an adapter's 1 MB note per answer is kept cut to MAX_FIELD_CHARS; an adapter
/// that answers one request forever is given up by its rate of failures (its lines wait in a
/// bounded queue); a killed adapter's children go with it.
#[test]
#[cfg(unix)]
fn an_adapter_can_neither_flood_the_reports_nor_outlive_the_run() {
    use qili_harness::engines::conformance::Answer;
    use qili_harness::engines::process::{MAX_FIELD_CHARS, RECENT};
    let _s = serial();
    let (c, bytes) = peak(|| ask_adapter("noisy.sh", ""));
    for row in &c.rows {
        match &row.cells[0].answer {
            Answer::Answered { note, .. } => {
                let note = note.as_deref().unwrap();
                assert!(
                    note.chars().count() < MAX_FIELD_CHARS + 100,
                    "{} chars",
                    note.len()
                );
                assert!(note.contains("more characters not kept"), "{note:.100}");
            }
            other => panic!("{}: {other:?}", row.anchor),
        }
    }
    // The 1 MB lines are read one at a time.
    assert!(bytes < 16 << 20, "{bytes} bytes at the peak");

    // Twenty requests to the adapter that answers the first forever: every other one fails
    // (the stale answer), and it is given up by the rate, never by a run of three.
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/adapters/repeats.sh");
    let mut p = qili_harness::engines::process::Process::new(
        vec!["sh".into(), script.display().to_string()],
        std::time::Duration::from_millis(500),
    );
    let mut asked = 0;
    for i in 0..20 {
        let request = qili_harness::engines::protocol::Request {
            id: format!("r{i}"),
            rules: "cxa2011".into(),
            fen: "4k4/9/9/9/9/9/9/9/9/4K4 w".into(),
            moves: vec![],
            moves_to_threefold: vec![],
        };
        p.ask(&request);
        if p.given_up().is_some() {
            break;
        }
        asked += 1;
    }
    let given_up = p.given_up().unwrap_or_default().to_string();
    assert!(given_up.contains("of the last"), "{given_up:?}");
    assert!(asked < RECENT, "asked {asked}");

    let scratch = Scratch::new("attack-adapter-children");
    let pids = scratch.path().join("pids");
    ask_adapter("spawns.sh", pids.to_str().unwrap());
    let pids = std::fs::read_to_string(&pids).unwrap();
    assert!(!pids.trim().is_empty());
    for pid in pids.split_whitespace() {
        // Killed with its group; a moment may pass before it is gone (reaped by init; a zombie
        // still shows in /proc, so its state is read).
        let alive = || {
            let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
            !status.is_empty() && !status.contains("State:\tZ")
        };
        let mut tries = 0;
        while alive() && tries < 100 {
            std::thread::sleep(std::time::Duration::from_millis(50));
            tries += 1;
        }
        assert!(!alive(), "the adapter's child {pid} outlived it");
    }
}

/// Attacks 7 and 16: numeric options are bounded before anything is done, and an id of
/// 100 000 characters is quoted in at most 80.
#[test]
fn numeric_options_are_bounded_and_a_long_id_is_quoted_short() {
    let _s = serial();
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let o = qili(
        here,
        &["perft", "--fen", "startpos", "--depth", "4294967295"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("0..=10"), "{}", stderr(&o));
    let o = qili(here, &["perf", "--repeats", "1000000000"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("1..=1000"), "{}", stderr(&o));
    let id = "x".repeat(100_000);
    let o = qili(here, &["show", &id, "--corpus", "../../corpus"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        o.stderr.len() < 1_000,
        "{} bytes: {:.200}",
        o.stderr.len(),
        stderr(&o)
    );
    assert!(stderr(&o).contains("no sound case 'xxx"), "{}", stderr(&o));
}

/// Attack 4's corpus of 10 000 cases: more case files than a corpus may have is an error
/// before any is read; a run writes its reports one at a time.
#[test]
fn a_corpus_of_too_many_files_is_refused_before_any_is_read() {
    use qili_io::bounds::MAX_CORPUS_FILES;
    let _s = serial();
    let scratch = Scratch::new("attack-corpus");
    let corpus = scratch.path().join("corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    for i in 0..=MAX_CORPUS_FILES {
        std::fs::write(corpus.join(format!("c-{i}.yaml")), "not read\n").unwrap();
    }
    let o = qili(
        scratch.path(),
        &[
            "check",
            "--corpus",
            corpus.to_str().unwrap(),
            "--expectations",
            "none",
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("MAX_CORPUS_FILES"), "{}", stderr(&o));
}

/// The loads of one scan (a 64 MB PGN of 688,129 games, 100,000 small files) are bounded in
/// games: a scan reads MAX_SCAN_GAMES and says where it stopped, naming the limit and the files
/// it did not open; what it read is ruled and written whole.
#[test]
fn a_scan_reads_at_most_its_budget_of_games_and_says_where_it_stopped() {
    use qili_io::bounds::MAX_SCAN_GAMES;
    let _s = serial();
    let scratch = Scratch::new("attack-scan-budget");
    let dir = scratch.path().join("games");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("a-many.pgn"),
        "1. h2e2 h9g7 *\n\n".repeat(MAX_SCAN_GAMES + 3),
    )
    .unwrap();
    std::fs::write(dir.join("b-after.pgn"), "1. h2e2 h9g7 *\n").unwrap();
    let o = qili(scratch.path(), &["scan", "--all", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), MAX_SCAN_GAMES);
    let last: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(last["game"], MAX_SCAN_GAMES);
    assert!(!out.contains("b-after.pgn"));
    let err = stderr(&o);
    assert!(
        err.contains(&format!(
            "a-many.pgn, game {}: the scan has read {} games, the most one scan reads (MAX_SCAN_GAMES)",
            MAX_SCAN_GAMES + 1,
            qili_io::bounds::thousands(MAX_SCAN_GAMES)
        )),
        "{err}"
    );
    assert!(
        err.contains("the rest of its file and the 1 file(s) after it are not read"),
        "{err}"
    );
    assert!(err.contains(&format!("{MAX_SCAN_GAMES} game(s)")), "{err}");
}

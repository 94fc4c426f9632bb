//! The attacks of issue 30 (hostile input, round 2), each in a small version, each answered
//! with bounded work: counted in positions and plies, and in the bytes read, kept and written,
//! never timed (the bench `benches/attacks.rs` has the wall-clock figures).

mod common;

use common::attacks::*;

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
    use qili_harness::scan::episodes::{episodes_within, recurrences};
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
    use qili::notation::{fen, iccs};
    use qili_harness::scan::episodes::episodes_within;
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
    use qili::rules::{judge_in, RuleBook, Scope, Work};
    use qili_harness::bounds::MAX_RULING_WORK;
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
                .text
                .contains(&format!("同判各着共 {MAX_RULING_WORK} 个局面"))
        })
        .count();
    assert!(short > 0, "the dense plies want more than the budget");
    // The case file itself lints clean at its full size.
    let text = dense_case("attack-dense", 300);
    assert!(text.len() < qili_harness::bounds::MAX_FILE_BYTES);
    let l = qili_harness::lint::lint_text("attack-dense.yaml", "attack-dense", &text);
    assert!(
        l.problems.is_empty(),
        "{:?}",
        l.problems
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
    );
}

//! `qili convert` end to end: moves written in every notation read back as the same moves
//! (whatever notation they are given in, detected per move), and DhtmlXQ `--binit` positions
//! with the side to move given or defaulted.

#[path = "../../tests/common/mod.rs"]
mod common;

use common::*;

/// Every notation `--to` writes.
const NOTATIONS: [&str; 4] = ["iccs", "chinese", "traditional", "wxf"];

/// Positions with moves in ICCS, and what each notation writes for them: the opening, two rooks
/// on one file (前/后), three pawns on one file (前/中/后), two horses on one file.
const GAMES: [(&str, &str, [&str; 3]); 4] = [
    (
        "startpos",
        "h2e2 h9g7 h0g2 i9h9 i0h0 b7b3 b0c2 g6g5 a0b0 b9c7",
        [
            "炮二平五 马8进7 马二进三 车9平8 车一平二 炮2进4 马八进七 卒7进1 车九平八 马2进3",
            "炮二平五 馬8進7 馬二進三 車9平8 車一平二 炮2進4 馬八進七 卒7進1 車九平八 馬2進3",
            "C2.5 H8+7 H2+3 R9.8 R1.2 C2+4 H8+7 P7+1 R9.8 H2+3",
        ],
    ),
    (
        "1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w",
        "b7b8 c7c8 b8b7 c8c7",
        [
            "后车进一 车3退1 后车退一 车3进1",
            "後車進一 車3退1 後車退一 車3進1",
            "-R+1 R3-1 -R-1 R3+1",
        ],
    ),
    (
        "4k4/9/9/9/9/9/2p6/2p6/2p6/3K5 b",
        "e9f9 d0e0 c3b3 e0d0 c2d2 d0e0 c1c0",
        [
            "将5平6 帅六平五 后卒平2 帅五平六 后卒平4 帅六平五 卒3进1",
            "將5平6 帥六平五 後卒平2 帥五平六 後卒平4 帥六平五 卒3進1",
            "K5.6 K6.5 3P.2 K5.6 -P.4 K6.5 P3+1",
        ],
    ),
    (
        "3k5/9/9/9/9/9/5N3/9/5N3/4K4 w",
        "f1h2 d9d8 f3g5 d8d9",
        [
            "后马进二 将4进1 马四进三 将4退1",
            "後馬進二 將4進1 馬四進三 將4退1",
            "-H+2 K4+1 H4+3 K4-1",
        ],
    ),
];

/// `qili convert --fen FEN --moves MOVES --to TO`, which must succeed; its one line of output.
fn convert(fen: &str, moves: &str, to: &str) -> String {
    let o = qili(
        &std::env::temp_dir(),
        &["convert", "--fen", fen, "--moves", moves, "--to", to],
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "convert --fen '{fen}' --moves '{moves}' --to {to}: {}",
        stderr(&o)
    );
    stdout(&o).trim_end_matches('\n').to_string()
}

#[test]
fn every_notation_round_trips() {
    for (fen, iccs, written) in GAMES {
        let expected: Vec<&str> = std::iter::once(iccs).chain(written).collect();
        // ICCS into each notation, as published.
        for (to, want) in NOTATIONS.iter().zip(&expected) {
            assert_eq!(convert(fen, iccs, to), *want, "{fen}: --to {to}");
        }
        // Each notation into each: the same moves.
        for from in &expected {
            for (to, want) in NOTATIONS.iter().zip(&expected) {
                assert_eq!(convert(fen, from, to), *want, "{fen}: '{from}' --to {to}");
            }
        }
        // One notation per move, mixed in one list: detected per move.
        let columns: Vec<Vec<&str>> = expected.iter().map(|s| s.split(' ').collect()).collect();
        let mixed: Vec<&str> = (0..columns[0].len())
            .map(|i| columns[(i + 1) % columns.len()][i])
            .collect();
        assert_eq!(convert(fen, &mixed.join(" "), "iccs"), iccs, "{mixed:?}");
    }
}

#[test]
fn moves_may_be_separated_by_commas_of_either_width() {
    assert_eq!(
        convert("startpos", "炮二平五，马8进7、H2+3,c6c5", "iccs"),
        "h2e2 h9g7 h0g2 c6c5"
    );
}

#[test]
fn unreadable_and_ambiguous_moves_name_the_ply_and_why() {
    let here = std::env::temp_dir();
    let o = qili(
        &here,
        &[
            "convert",
            "--fen",
            GAMES[3].0,
            "--moves",
            "马四进二",
            "--to",
            "iccs",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o).trim(),
        "error: --moves: ply 1 (马四进二, red to move): 马四进二: ambiguous: two red horses stand on file 四 (f3, f1) and both can advance to file 二; write 前马进二 or 后马进二"
    );
    let o = qili(
        &here,
        &["convert", "--fen", "startpos", "--moves", "C2.5 马二进三"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o).trim(),
        "error: --moves: ply 2 (马二进三, black to move): 马二进三: it is black's turn, and black writes files and steps in digits, not 二"
    );
}

const SEED: &str = "9999075947398799999999999999999999999950403099414899499999996323";
const SEED_FEN: &str = "3aka3/4n4/9/2p3p2/9/9/9/B3K3B/4r4/3AcA3 w";

#[test]
fn binit_prints_its_fen() {
    let here = std::env::temp_dir();
    for args in [
        &["convert", "--binit", SEED][..],
        &["convert", "--binit", SEED, "--side", "w"][..],
    ] {
        let o = qili(&here, args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), format!("{SEED_FEN}\n"), "{args:?}");
    }
    let start = "0919293949596979891777062646668600102030405060708012720323436383";
    let o = qili(&here, &["convert", "--binit", start, "--side", "b"]);
    assert_eq!(
        stdout(&o),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b\n",
        "{}",
        stderr(&o)
    );
    // With --moves, the binit is where they start.
    let o = qili(
        &here,
        &[
            "convert", "--binit", SEED, "--side", "w", "--moves", "e2e1", "--to", "chinese",
        ],
    );
    assert_eq!(stdout(&o), "帅五退一\n", "{}", stderr(&o));
}

#[test]
fn binit_with_the_wrong_side_to_move_says_why() {
    // Red is in check from the rook on e1: the position is legal only with red to move.
    let here = std::env::temp_dir();
    let o = qili(&here, &["convert", "--binit", SEED, "--side", "b"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o).trim(),
        "error: --binit with black to move: illegal position: red is in check but it is black's turn"
    );
    let o = qili(
        &here,
        &["judge", "--binit", SEED, "--side", "b", "--moves", "e9e8"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o).trim(),
        "error: --binit with black to move: illegal position: red is in check but it is black's turn"
    );
    // A binit that is illegal with the default (red) says so, and how to give black.
    let black_in_check = "4499999939999999999999999999999999999999409999999999999999999999";
    let o = qili(&here, &["convert", "--binit", black_in_check]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with(
            "error: --binit with red to move (the default; --side b for black): illegal position: "
        ),
        "{}",
        stderr(&o)
    );
}

#[test]
fn binit_errors_and_judge_needs_the_side() {
    let here = std::env::temp_dir();
    let o = qili(&here, &["judge", "--binit", SEED, "--moves", "e2e1"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o).trim(),
        "error: --binit holds no side to move, expected --side w (red) or --side b (black)"
    );
    let o = qili(
        &here,
        &[
            "judge",
            "--binit",
            SEED,
            "--side",
            "w",
            "--moves",
            "e2e1",
            "--all-plies",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("着   方  着法"), "{}", stdout(&o));
    assert!(stdout(&o).contains("帅五退一"), "{}", stdout(&o));
    let o = qili(&here, &["convert", "--binit", &SEED[..62]]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o).trim(),
        "error: --binit: binit has 62 characters, expected 64 digits (two for each of 32 pieces)"
    );
    let o = qili(&here, &["convert", "--binit", SEED, "--fen", "startpos"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("give either --fen or --binit, not both"));
}

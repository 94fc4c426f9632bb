//! Perft suite: legal move counts of the positions in `tests/perft.txt`, whose header names
//! the sources. Depth ≤ 4 runs in `cargo test`; depth 5 is behind `--ignored`.

use qili_core::{notation::fen, SetupMode};

struct Case {
    line: usize,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("perft.txt");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let (f, rest) = l.split_once(';').expect("fen; d1 n1; d2 n2 …");
            let counts = rest
                .split(';')
                .map(|c| {
                    let (d, n) = c.trim().split_once(' ').expect("depth and count");
                    (
                        d.trim_start_matches('D').parse().expect("depth"),
                        n.replace(',', "").parse().expect("count"),
                    )
                })
                .collect();
            Case {
                line: i + 1,
                fen: f.trim().to_string(),
                counts,
            }
        })
        .collect()
}

fn run(max_depth: u32, min_depth: u32) {
    for c in cases() {
        let pos = fen::parse(&c.fen, SetupMode::Standard)
            .unwrap_or_else(|e| panic!("perft.txt line {}: {e}", c.line));
        for &(d, n) in &c.counts {
            if d < min_depth || d > max_depth {
                continue;
            }
            assert_eq!(
                pos.perft(d),
                n,
                "perft.txt line {}: depth {d} of {}",
                c.line,
                c.fen
            );
        }
    }
}

#[test]
fn perft_to_depth_4() {
    run(4, 1);
}

#[test]
#[ignore = "slow: depth 5 of every position (run with --ignored --release)"]
fn perft_depth_5() {
    run(5, 5);
}

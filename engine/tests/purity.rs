//! A ply's label is a function of its position, the move before it, its move and the rule
//! book: judged alone or inside any longer sequence, under any budget, it comes out the same.
//! What the searches remember is the ply's own, so a search that runs out runs out the same way
//! wherever the ply stands.

mod common;

use common::{fresh_game, perft_positions};
use proptest::prelude::*;
use qili::notation::{fen, iccs};
use qili::rules::{judge, judge_with, JudgeError, Label, RuleBook, Scope, MAX_PLIES};
use qili::{Move, Position, SetupMode};

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|m| iccs::parse(m).expect("ICCS"))
        .collect()
}

/// The label and evidence text of the ply at `index` (0-based) of `moves` played from `start`,
/// judged with every ply labelled.
fn labelled(start: &Position, moves: &[Move], index: usize, book: &RuleBook) -> (Label, String) {
    let r = judge_with(start, moves, book, Scope::AllPlies).expect("legal");
    let p = &r.plies[index];
    (p.label, p.evidence.text())
}

/// Positions where the searches explode: a ply's label there depends on where its budget runs
/// out, which is what a cache carried over from another ply would change.
const DENSE: [&str; 2] = [
    "R1C2k3/3C4N/bNnaPa3/4P4/5PbP1/p3ncPp1/Rp2pp2r/4BA2c/4K4/3A2B1r w",
    "2na1a1N1/2PnR4/b4kC2/1PNrP1P2/2b1p3c/2P3r2/9/2CpBA3/5KRp1/pcpA2B2 b",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// A ply of a random middlegame, under a budget small enough that searches often run out,
    /// is labelled inside the game as it is alone with only the move before it.
    #[test]
    fn a_ply_is_labelled_alone_as_inside_a_longer_sequence(
        start in 0..7usize,
        choices in prop::collection::vec(any::<u16>(), 2..12),
        pick in any::<prop::sample::Index>(),
        nodes in prop::sample::select(vec![2_000u32, 8_000, 30_000]),
    ) {
        let mut starts = perft_positions();
        starts.extend(DENSE.iter().map(|f| fen::parse(f, SetupMode::Standard).expect("legal")));
        let start = &starts[start % starts.len()];
        let game = fresh_game(start, &choices);
        prop_assume!(game.len() >= 2);
        let mut book = RuleBook::cxa2011();
        book.budgets.nodes = nodes;
        let i = pick.index(game.len());
        let inside = labelled(start, &game, i, &book);
        let alone = if i == 0 {
            labelled(start, &game[..1], 0, &book)
        } else {
            let mut before = start.clone();
            for &m in &game[..i - 1] {
                before.play_unchecked(m);
            }
            labelled(&before, &game[i - 1..=i], 1, &book)
        };
        prop_assert_eq!(inside, alone, "ply {} of {:?}", i + 1, game);
    }
}

/// The case: from a dense position, four plies played twice were labelled 杀 未定 未定 未定
/// and then 杀 未定 杀 闲, the second time helped by what the first had searched. Each ply and
/// its repetition (the same position, previous move and move) now read the same.
#[test]
fn a_repeated_ply_is_labelled_as_the_first_time() {
    let pos = fen::parse(DENSE[0], SetupMode::Standard).expect("legal");
    let mut book = RuleBook::cxa2011();
    book.budgets.nodes = 50_000;
    let game = moves("e1f1 b3c3 f1e1 c3b3 e1f1 b3c3 f1e1 c3b3");
    let r = judge_with(&pos, &game, &book, Scope::AllPlies).expect("legal");
    // Ply 1 has no predecessor; the others repeat with the same one.
    for i in 1..4 {
        let (first, again) = (&r.plies[i], &r.plies[i + 4]);
        assert_eq!(
            (first.label, &first.evidence.text()),
            (again.label, &again.evidence.text()),
            "plies {} and {}",
            i + 1,
            i + 5
        );
    }
    assert!(
        r.plies.iter().any(|p| p.label == Label::Undetermined),
        "the budget should run out somewhere, or the test shows nothing"
    );
}

/// More plies than a ruling takes are refused with the limit named, not judged.
#[test]
fn a_ruling_takes_at_most_max_plies() {
    let start = Position::start();
    let shuffle = moves("h0g2 h9g7 g2h0 g7h9");
    let game: Vec<Move> = shuffle
        .iter()
        .copied()
        .cycle()
        .take(MAX_PLIES + 1)
        .collect();
    let err = judge(&start, &game, &RuleBook::cxa2011()).expect_err("too long");
    assert_eq!(
        err,
        JudgeError::TooManyPlies {
            given: MAX_PLIES + 1,
            limit: MAX_PLIES
        }
    );
    assert!(err.to_string().contains(&MAX_PLIES.to_string()), "{err}");
    // The limit itself is judged (only the cycle at the end is labelled).
    let r = judge(&start, &game[..MAX_PLIES], &RuleBook::cxa2011()).expect("within the limit");
    assert_eq!(r.plies.len(), 4);
}

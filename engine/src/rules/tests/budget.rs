//! The searches' budgets: running out says so, and a verdict that depends on it is undetermined.

use super::*;

#[test]
fn the_search_budget_is_a_parameter_and_running_out_says_so() {
    let mut book = RuleBook::cxa2011();
    book.budgets.nodes = 5;
    let r = ruling_under(&book, "4k4/9/9/9/4n4/9/9/9/9/R3K4 w", "a0a5");
    assert_eq!(r.plies[0].label, Label::Undetermined);
    assert!(
        r.plies[0].evidence.text().contains("预算"),
        "{}",
        r.plies[0].evidence.text()
    );
}

/// A composed position (排局 piece counts) built to make the searches explode: three rooks,
/// cannons and horses a side around open kings, so checks, discovered checks and capture
/// chains multiply. Under a budget of 100 000 positions a ply it finishes, says which plies it
/// could not settle and why, and does not pretend to a verdict that depends on them.
#[test]
fn a_monstrous_position_stays_within_its_budget() {
    let mut book = RuleBook::cxa2011();
    book.budgets.nodes = 100_000;
    let pos = fen::parse(
        "r1N1k2r1/5c3/N3n4/2R6/r2Rn3C/3C5/3cc1R2/3nC4/4NK3/9 w",
        SetupMode::Composed,
    )
    .expect("legal as a composed position");
    let moves: Vec<Move> = "i5i4 d3b3 i4i5 b3d3"
        .split_whitespace()
        .map(|m| iccs::parse(m).expect("ICCS"))
        .collect();
    let r = judge(&pos, &moves, &book).expect("legal moves");
    let open: Vec<_> = r
        .plies
        .iter()
        .filter(|p| p.label == Label::Undetermined)
        .collect();
    assert!(!open.is_empty(), "the budget should run out");
    for p in &open {
        assert!(
            p.evidence.text().contains("100000"),
            "{}",
            p.evidence.text()
        );
    }
    assert_eq!(r.verdict, Verdict::Undetermined, "{}", r.reason);
    assert!(r.reason.contains("预算"), "{}", r.reason);
}

#[test]
fn an_undetermined_ply_does_not_matter_when_the_side_has_an_idle_one() {
    use crate::rules::adjudicate::{classify_side, SidePlies};
    let book = RuleBook::cxa2011();
    let side = |labels: Vec<Label>| {
        let chases = vec![&[][..]; labels.len()];
        let replies = vec![None; labels.len()];
        let around_replies = vec![None; labels.len()];
        classify_side(
            &SidePlies {
                labels,
                chases,
                replies,
                around_replies,
            },
            &book,
        )
    };
    assert_eq!(
        side(vec![Label::Undetermined, Label::Idle]),
        SideClass::Allowed
    );
    assert_eq!(
        side(vec![Label::Undetermined, Label::Chase]),
        SideClass::Undetermined
    );
}

/// 疑案从无 (附录一): under the mass-competition rules a move the searches cannot settle counts
/// as idle, so the side whose only attack is undetermined plays an allowed cycle; under the
/// 2011 book the same side is undetermined, and so is the verdict.
#[test]
fn under_the_mass_rules_a_doubtful_move_counts_as_idle() {
    let pos = "4k4/9/9/9/4n4/9/9/9/9/R2K5 w";
    let moves = "a0a5 e5c4 a5a0 c4e5 a0a5 e5c4 a5a0 c4e5";
    for (mut book, class) in [
        (RuleBook::cxa2011_mass(), SideClass::Allowed),
        (RuleBook::cxa2011(), SideClass::Undetermined),
    ] {
        book.budgets.nodes = 5;
        let r = ruling_under(&book, pos, moves);
        assert_eq!(r.plies[4].label, Label::Undetermined, "{}", book.id);
        let cycle = r.cycle.as_ref().expect("the moves repeat");
        assert_eq!(cycle.red.class, class, "{}", book.id);
        if class == SideClass::Allowed {
            assert_ne!(r.verdict, Verdict::Undetermined);
        } else {
            assert_eq!(r.verdict, Verdict::Undetermined);
        }
    }
}

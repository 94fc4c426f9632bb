//! Each mechanism of the rulings on a small position of its own, so that a change that breaks
//! one shows here by name, not only as a drift in the corpus.

use crate::notation::{fen, iccs};
use crate::rules::{
    judge, judge_with, ChaseKind, Label, Rootedness, RuleBook, Ruling, Scope, SideClass, Verdict,
};
use crate::{Color, Move, SetupMode};

fn ruling(position: &str, moves: &str) -> Ruling {
    ruling_under(&RuleBook::cxa2011(), position, moves)
}

fn ruling_under(book: &RuleBook, position: &str, moves: &str) -> Ruling {
    let pos = fen::parse(position, SetupMode::Standard).expect("test position is legal");
    let moves: Vec<Move> = moves
        .split_whitespace()
        .map(|m| iccs::parse(m).expect("test move is ICCS"))
        .collect();
    judge_with(&pos, &moves, book, Scope::AllPlies).expect("test moves are legal")
}

/// Red's class over the plies given, as if they were the judged cycle.
fn red_class(position: &str, moves: &str) -> SideClass {
    let pos = fen::parse(position, SetupMode::Standard).expect("test position is legal");
    let moves: Vec<Move> = moves
        .split_whitespace()
        .map(|m| iccs::parse(m).expect("test move is ICCS"))
        .collect();
    crate::rules::classes_of_all(&pos, &moves, &RuleBook::cxa2011())[0]
}

fn label(position: &str, moves: &str, ply: usize) -> Label {
    ruling(position, moves).plies[ply - 1].label
}

mod books;
mod budget;
mod chase;
mod findings;
mod idle_kinds;
mod permitted;
mod verdict;

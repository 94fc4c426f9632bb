//! The judge on structured input: a position from the fixed list and a few moves chosen among
//! the legal ones (or a step back to where the mover came from, so that positions repeat),
//! possibly played over again, and possibly one arbitrary last move. With a small node budget
//! the judge must answer every such sequence, never panic: a ruling with a label for every
//! ply, or an error naming the illegal ply.
#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;
use qili::rules::{self, JudgeError, RuleBook};
use qili::{Move, Position, Square};

static POSITIONS: LazyLock<Vec<Position>> = LazyLock::new(qili_fuzz::positions);

#[derive(Arbitrary, Debug)]
enum Step {
    /// The legal move at this index (modulo their number).
    Pick(u8),
    /// Back along the mover's own last move, when legal; else the first legal move.
    Back,
}

#[derive(Arbitrary, Debug)]
struct Input {
    position: u8,
    steps: Vec<Step>,
    /// The steps are played 1 + repeat % 3 times in all.
    repeat: u8,
    /// A last move from any point to any point (board indices modulo 90), legal or not.
    last: Option<(u8, u8)>,
}

const MAX_STEPS: usize = 8;
const MAX_PLIES: usize = 24;

fuzz_target!(|input: Input| {
    let index = usize::from(input.position) % qili_fuzz::FENS.len();
    let start = &POSITIONS[index];
    let mut book = RuleBook::cxa2011();
    book.budgets.nodes = 20_000;
    book.setup = qili_fuzz::FENS[index].1;

    let steps = &input.steps[..input.steps.len().min(MAX_STEPS)];
    let mut pos = start.clone();
    let mut moves: Vec<Move> = Vec::new();
    'play: for _ in 0..1 + input.repeat % 3 {
        for step in steps {
            if moves.len() >= MAX_PLIES {
                break 'play;
            }
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break 'play;
            }
            let m = match step {
                Step::Pick(i) => legal[usize::from(*i) % legal.len()],
                Step::Back => moves
                    .len()
                    .checked_sub(2)
                    .map(|k| Move::new(moves[k].to, moves[k].from))
                    .filter(|m| legal.contains(m))
                    .unwrap_or(legal[0]),
            };
            pos = pos.after(m);
            moves.push(m);
        }
    }
    let mut illegal_last = false;
    if let Some((from, to)) = input.last {
        let square =
            |i: u8| Square::from_index(usize::from(i) % 90).expect("0..90 is on the board");
        let m = Move::new(square(from), square(to));
        illegal_last = pos.check_move(m).is_err();
        moves.push(m);
    }

    match rules::judge_with(start, &moves, &book, rules::Scope::AllPlies) {
        Ok(ruling) => {
            assert!(!illegal_last, "an illegal last move was judged: {moves:?}");
            assert_eq!(ruling.plies.len(), moves.len(), "{moves:?}");
            assert_eq!(
                ruling.cycle.is_none(),
                ruling.verdict == rules::Verdict::NoRepetition,
                "{moves:?}"
            );
        }
        Err(JudgeError::NoMoves) => assert!(moves.is_empty()),
        Err(JudgeError::TooManyPlies { given, .. }) => {
            panic!("{given} plies is within the fuzzer's {MAX_PLIES}")
        }
        Err(JudgeError::IllegalMove { ply, .. }) => {
            assert!(illegal_last && ply == moves.len(), "ply {ply} of {moves:?}");
        }
    }
});

//! Finding the repetition the referee is asked to judge (待判局面).
//!
//! An exact cycle is a position that recurs (same placement, same side to move). The moves
//! before the first recurring position enter the cycle from outside (外来点); the 2007 trial
//! rules count them in, and the book's figures judge every published move, so every ply given
//! is labelled and judged. Some published sequences never recur exactly yet are judged as the
//! repeating pattern they are: each side keeps moving the same one or two pieces back among
//! points they stood on (图29: a rook offered on three files in turn), or alternates forbidden
//! attacks over three or more points for nine rounds (参考图8; 霍文会: 九个回合). Anything else
//! does not repeat and the 棋例 do not apply.

use crate::{Color, Move, Position, Square};

use super::Cycle;

/// Find the cycle in the sequence that starts in `positions[0]`; `positions[i]` is the
/// position after `moves[i - 1]`.
pub(crate) fn find(positions: &[Position], moves: &[Move]) -> Option<Cycle> {
    let hashes: Vec<u64> = positions.iter().map(Position::hash).collect();
    let n = moves.len();
    // The earliest position that recurs, and its last recurrence.
    let mut best: Option<(usize, usize)> = None;
    for j in 1..=n {
        if let Some(i) = (0..j).find(|&i| hashes[i] == hashes[j]) {
            best = Some(match best {
                Some((bi, bj)) if bi <= i => (bi, bj.max(j)),
                _ => (i, j),
            });
        }
    }
    if let Some((start, last)) = best {
        let occurrences = hashes.iter().filter(|&&h| h == hashes[start]).count();
        let period = (1..=last - start)
            .find(|&p| (start..last).all(|k| k + p > last || hashes[k] == hashes[k + p]))
            .unwrap_or(last - start);
        let exact = last == n;
        let mut note = format!(
            "第{}着后的局面重复出现{}次（循环{}着）",
            start, occurrences, period
        );
        if start == 0 {
            note = format!("开始局面重复出现{}次（循环{}着）", occurrences, period);
        } else {
            note.push_str(&format!("；前{start}着从循环外进入（外来点），一并计算"));
        }
        if !exact {
            note.push_str(&format!("；其后{}着未回到循环局面", n - last));
        }
        return Some(Cycle {
            start,
            period,
            occurrences,
            exact,
            note,
        });
    }
    pattern(positions, moves)
}

/// A sequence without an exact recurrence that the book still judges as a repetition.
fn pattern(positions: &[Position], moves: &[Move]) -> Option<Cycle> {
    if moves.len() < 4 {
        return None;
    }
    let nine_rounds = moves.len() >= 18
        && Color::ALL.into_iter().any(|c| {
            let mut points: Vec<Square> = side_moves(positions, moves, c).map(|m| m.to).collect();
            points.sort();
            points.dedup();
            points.len() >= 3
        });
    let shuttles = Color::ALL
        .into_iter()
        .all(|c| shuttling(positions, moves, c));
    if !nine_rounds && !shuttles {
        return None;
    }
    let note = if nine_rounds {
        format!(
            "未形成三次重复：一方在三个或三个以上交叉点交替着法达{}个回合，按待判局面裁决（九个回合）",
            moves.len() / 2
        )
    } else {
        "局面未完全重复：双方各以同一（或两个）棋子往返于原有交叉点，按循环着法裁决".to_string()
    };
    Some(Cycle {
        start: 0,
        period: moves.len(),
        occurrences: 1,
        exact: false,
        note,
    })
}

fn side_moves<'a>(
    positions: &'a [Position],
    moves: &'a [Move],
    color: Color,
) -> impl Iterator<Item = Move> + 'a {
    moves
        .iter()
        .zip(positions.iter())
        .filter(move |(_, p)| p.turn() == color)
        .map(|(&m, _)| m)
}

/// One side moves at most two pieces, and one of them comes back to a point it left.
fn shuttling(positions: &[Position], moves: &[Move], color: Color) -> bool {
    // Follow each piece by where it started.
    let mut pieces: Vec<(Square, Vec<Square>)> = Vec::new();
    for m in side_moves(positions, moves, color) {
        match pieces
            .iter_mut()
            .find(|(_, path)| path.last() == Some(&m.from))
        {
            Some((_, path)) => path.push(m.to),
            None => pieces.push((m.from, vec![m.from, m.to])),
        }
    }
    pieces.len() <= 2
        && pieces
            .iter()
            .any(|(_, path)| path.iter().enumerate().any(|(i, s)| path[..i].contains(s)))
}

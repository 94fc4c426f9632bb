//! Finding the repetition the referee is asked to judge (待判局面) at the end of a game.
//!
//! The input is what happened in the game, not a cut-out cycle, so the rules decide what is
//! judged, and only two of them make a sequence of moves a case for the 棋例:
//!
//! * **循环重复** (the position recurs). The cycle judged is the one repeating at the end: the
//!   shortest period `p` such that the position after the last move stood `p` plies earlier.
//!   Whatever came before (the opening, idle shuffles, other cycles) is not part of it. How
//!   many times its position has occurred is counted by position over the whole game (the
//!   same placement, the same side to move), whatever loop brought it back; the move that
//!   entered the repeating stretch from outside (外来点) counts in, as the 2007 trial rules say
//!   (霍文会, 基本功(11)). A referee accepts a claim only at three occurrences (基本功(14): on
//!   two points, six moves of a side); the rule book's figures print a single period, so the
//!   CXA books rule from the second occurrence on and say how many there were, the Asian
//!   rules from the third. What is judged is every ply since the occurrence the book rules
//!   from (the second or third last): one period where they are that period played over
//!   again, every loop since then where the position came back by different loops.
//! * **九个回合** (基本功(15)): "如果一方在三个或三个以上交叉点上，连续以犯禁着法交替长打达九个
//!   回合，即使未形成三次重复的待判局面 … 裁判员均可按待判局面的有关规定进行裁决". One side's
//!   last nine moves are all forbidden attacks (将, 杀, 捉), they land on three or more points,
//!   and they alternate (交替长打): within those nine rounds two positions (at least) recur, so
//!   the attacks go round rather than forward (one recurrence alone is a cycle just starting at
//!   the end of a game that went forward). The nine rounds (eighteen
//!   plies) are judged. It applies only where no position has yet occurred three times:
//!   a threefold repetition is judged as such.
//!
//! Where neither holds nothing is ruled (`no_repetition`), however the moves before look.

use crate::{Color, Move, Position, Square};

/// Rounds of the nine-round rule, and the points its attacks must land on.
pub(crate) const NINE_ROUNDS: usize = 9;
const NINE_ROUND_POINTS: usize = 3;

/// The repetition at the end of a sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Repetition {
    /// Index of the first judged ply; the judged plies are the last `period`.
    pub start: usize,
    /// The plies judged: the position after the last move stood this many plies earlier.
    pub period: usize,
    /// Index of the first position of the stretch that repeats with this period.
    pub from: usize,
    /// How many times the position after the last move occurred in the whole sequence (the
    /// same placement, the same side to move), whatever loop brought it back.
    pub occurrences: usize,
    /// The shortest period ending at the last move: less than `period` where the judged plies
    /// pass through the last position on the way (different loops through it).
    pub shortest: usize,
}

/// Which plies a repetition's ruling judges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Judged {
    /// The cycle repeating at the end: of the periods whose start position recurs at the last
    /// move, the one that has gone round most often back from the end (the shortest of equals).
    /// A cycle played after a history that passes through its start position is still that
    /// cycle, and a cycle of two loops through one position, played round, is both loops at
    /// every phase. The CXA books, which rule a cycle from its second occurrence.
    RepeatingCycle,
    /// Every ply since the third last occurrence of the last position (the earlier one where
    /// there are two), reduced to one period where they are one period played over again: the
    /// play that brought the position back three times, whatever loops it took. The Asian
    /// rules, which count a position that has occurred three times.
    SinceThirdOccurrence,
}

/// Whether two positions of the sequence are the same (placement and side to move).
fn same(positions: &[Position], a: usize, b: usize) -> bool {
    let (x, y) = (&positions[a], &positions[b]);
    x.hash() == y.hash() && x.turn() == y.turn() && x.board() == y.board()
}

/// The repetition at the end of `positions` (`positions[i]` is the position after `i` plies),
/// with the plies `judged` says: `None` where the last position never occurred before.
pub(crate) fn repetition(positions: &[Position], judged: Judged) -> Option<Repetition> {
    let n = positions.len().checked_sub(1)?;
    // The periods ending at the last move, shortest first: each an earlier occurrence.
    let periods: Vec<usize> = (1..=n).filter(|&p| same(positions, n - p, n)).collect();
    let &shortest = periods.first()?;
    // Where the stretch repeating with period `p` back from the end begins.
    let from = |p: usize| {
        let mut from = n - p;
        while from > 0 && same(positions, from - 1, from - 1 + p) {
            from -= 1;
        }
        from
    };
    let (period, from) = match judged {
        Judged::RepeatingCycle => periods
            .iter()
            .map(|&p| (p, from(p)))
            .max_by_key(|&(p, f)| ((n - f) / p, std::cmp::Reverse(p)))
            .expect("one period at least"),
        Judged::SinceThirdOccurrence => {
            let first = n - periods[periods.len().min(2) - 1];
            periods
                .iter()
                .map(|&p| (p, from(p)))
                .find(|&(_, f)| f <= first)
                .expect("the span itself is a period")
        }
    };
    Some(Repetition {
        start: n - period,
        period,
        from,
        occurrences: periods.len() + 1,
        shortest,
    })
}

/// The sides that may be playing the nine-round rule's alternating long attack, by what can
/// be seen without labelling a move: eighteen plies at least, two positions recurring inside
/// the last eighteen, and the side's last nine moves landing on three or more points. Whether the
/// nine moves are all attacks is asked afterwards, from their labels.
pub(crate) fn nine_round_candidates(positions: &[Position], moves: &[Move]) -> Vec<Color> {
    let n = moves.len();
    let span = 2 * NINE_ROUNDS;
    if n < span {
        return Vec::new();
    }
    let first = n - span;
    // 交替: the play goes round, not forward: two positions (at least) recur inside the nine
    // rounds. One recurrence alone is a cycle starting at the end of a game that went forward.
    let recurring = (first..=n)
        .filter(|&a| (a + 1..=n).any(|b| same(positions, a, b)))
        .filter(|&a| !(first..a).any(|b| same(positions, a, b)))
        .count();
    if recurring < 2 {
        return Vec::new();
    }
    Color::ALL
        .into_iter()
        .filter(|&c| {
            let mut points: Vec<Square> = (first..n)
                .filter(|&i| positions[i].turn() == c)
                .map(|i| moves[i].to)
                .collect();
            points.sort();
            points.dedup();
            points.len() >= NINE_ROUND_POINTS
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{fen, parse_moves};
    use crate::SetupMode;

    /// The note a ruling on this repetition carries, as the text module writes it.
    fn note(r: &Repetition) -> String {
        let side = |color| crate::rules::SideRuling {
            color,
            class: crate::rules::SideClass::Allowed,
            class_chinese: "",
            labels: Vec::new(),
            why_allowed: None,
        };
        crate::text::ruling::cycle_note(&crate::rules::Cycle {
            start: r.start,
            len: r.period,
            rule: crate::rules::CycleRule::Repetition { period: r.period },
            occurrences: r.occurrences,
            shortest: r.shortest,
            entry: r.from,
            red: side(Color::Red),
            black: side(Color::Black),
        })
    }

    fn positions(position: &str, moves: &str) -> (Vec<Position>, Vec<Move>) {
        let start = fen::parse(position, SetupMode::Standard).expect("legal");
        let moves = parse_moves(&start, moves).expect("legal moves");
        let mut out = vec![start];
        for &m in &moves {
            let next = out.last().expect("one").after(m);
            out.push(next);
        }
        (out, moves)
    }

    const ROOK_CHECKS: &str = "4k4/9/9/9/5R3/9/9/9/9/3K5 w";

    /// `(start, period, occurrences, by other loops)` of the repetition under each reading.
    fn judged(p: &[Position], judged: Judged) -> (usize, usize, usize, bool) {
        let r = repetition(p, judged).expect("repeats");
        (r.start, r.period, r.occurrences, r.shortest != r.period)
    }

    use Judged::{RepeatingCycle, SinceThirdOccurrence};

    #[test]
    fn the_cycle_judged_is_the_one_repeating_at_the_end() {
        // A quiet there-and-back of both kings, then red's perpetual check played twice: the
        // check's four plies repeat, not the twelve since the start. The start position
        // occurred four times (before the kings' steps, after them, after each round of
        // checks): counted by position, whatever loop brought it back.
        let (p, _) = positions(
            ROOK_CHECKS,
            "帅六进一 将5进1 帅六退一 将5退1 车四平五 将5平6 车五平四 将6平5 车四平五 将5平6 车五平四 将6平5",
        );
        assert_eq!(repetition(&p, RepeatingCycle).unwrap().from, 4);
        assert_eq!(judged(&p, RepeatingCycle), (8, 4, 4, false));
        // Its third last occurrence is the checks' start: the check played twice, one period.
        assert_eq!(judged(&p, SinceThirdOccurrence), (8, 4, 4, false));
    }

    #[test]
    fn the_move_that_enters_the_cycle_counts_its_position() {
        // The rook comes up and the king steps up (from outside); the checks then go round
        // until the position after the king's step has occurred three times.
        let (p, _) = positions(
            "4k4/9/9/9/9/9/9/5R3/9/3K5 w",
            "车四进三 将5进1 车四平五 将5平6 车五平四 将6平5 车四平五 将5平6 车五平四 将6平5 车四平五 将5平6 车五平四",
        );
        let r = repetition(&p, SinceThirdOccurrence).expect("repeats");
        assert_eq!((r.start, r.period, r.from, r.occurrences), (9, 4, 2, 3));
        assert!(note(&r).contains("第2着从循环之外进入"));
    }

    #[test]
    fn a_position_that_comes_back_by_another_loop() {
        let kings = "帅六进一 将5进1 帅六退一 将5退1";
        let checks = "车四平五 将5平6 车五平四 将6平5";
        let game = |text: String| positions(ROOK_CHECKS, &text).0;
        // Checks, then the kings' loop: the start position's third occurrence, by two loops.
        // Since its third last occurrence both loops are judged; the cycle repeating at the
        // end is the kings' loop (each loop went round once: the shortest).
        let p = game(format!("{checks} {kings}"));
        assert_eq!(judged(&p, SinceThirdOccurrence), (0, 8, 3, true));
        assert_eq!(judged(&p, RepeatingCycle), (4, 4, 3, false));
        let r = repetition(&p, SinceThirdOccurrence).unwrap();
        assert!(note(&r).contains("经不同的循环重复"));
        // The two loops played round three times: both loops are judged at every phase, at
        // their junction (where the shortest period is the kings' loop) as in the middle of
        // one (where it is both).
        let eight = format!("{checks} {kings} {checks} {kings} {checks} {kings}");
        for how in [RepeatingCycle, SinceThirdOccurrence] {
            assert_eq!(judged(&game(eight.clone()), how), (16, 8, 7, true));
            let mid = game(format!("{eight} 车四平五 将5平6"));
            assert_eq!(judged(&mid, how), (18, 8, 4, false));
        }
        // Played on round the kings' loop, the plies since the third last occurrence are that
        // loop's again: one period.
        let p = game(format!("{checks} {kings} {kings} {kings}"));
        assert_eq!(judged(&p, SinceThirdOccurrence), (12, 4, 5, false));
    }

    #[test]
    fn nothing_repeats_in_a_game_that_goes_forward() {
        let (p, m) = positions(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "h0i2 h7g7 h2g2 b7c7 b2b6 g7g3 a0a1 c7e7 e3e4 e7f7 b0c2 g6g5 g2e2 f7i7 a1g1 i7h7 c2a1 e6e5",
        );
        assert_eq!(repetition(&p, RepeatingCycle), None);
        // Eighteen plies, many points, but no position comes back: not the nine-round rule.
        assert!(nine_round_candidates(&p, &m).is_empty());
    }

    #[test]
    fn one_there_and_back_at_the_end_of_a_game_that_went_forward_is_no_nine_rounds() {
        let (p, m) = positions(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "h0i2 h7g7 h2g2 b7c7 b2b6 g7g3 a0a1 c7e7 e3e4 e7f7 b0c2 g6g5 g2e2 f7i7 a1g1 i7h7 c2a1 e6e5",
        );
        let back = crate::history::there_and_backs(&p[18], false)
            .next()
            .expect("a there-and-back");
        let mut moves = m.clone();
        moves.extend(back);
        let mut all = p.clone();
        for &mv in &back {
            let next = all.last().expect("one").after(mv);
            all.push(next);
        }
        assert_eq!(moves.len(), 22);
        assert!(repetition(&all, RepeatingCycle).is_some());
        assert!(nine_round_candidates(&all, &moves).is_empty());
    }

    #[test]
    fn nine_rounds_need_a_return_and_three_points() {
        // A rook shuttling on two points for nine rounds with the king: a return, two points.
        let shuttle = "车四平五 将5平6 车五平四 将6平5 ".repeat(5);
        let (p, m) = positions(ROOK_CHECKS, shuttle.trim());
        assert_eq!(m.len(), 20);
        assert!(nine_round_candidates(&p, &m).is_empty());
    }
}

//! 24.3.freed: whether a threat that stood before the move but did not pay pays now, counting
//! what carrying it out gave away (a guarded piece laid open, material lost to checks, a piece
//! the threat needs).

use crate::analysis::part;
use crate::analysis::search::{GainLine, Terms, INF};
use crate::rules::classify::Classifier;
use crate::rules::Threat;
use crate::{Move, Position};

impl Classifier<'_> {
    /// Whether the move made an old threat really pay: it wins more now than any of the same
    /// threats did before, counting what carrying it out gives away. If so, the line that showed
    /// the threat's worth before the move. What a capture gives away:
    ///
    /// * a piece its capturer guarded, to a capture of the defender (laid open; 参考图16: the
    ///   pawn steps out of the rook's attack, and the rook that guarded it may now take the
    ///   black pawn for nothing). What answered the threat before still answers it if it still
    ///   stands: a move that only abandons the guard of what the defender would take frees
    ///   nothing (参考图26);
    /// * material the defender then wins by a series of checks, beyond what its checks won
    ///   before the move (参考图34: the elephant that takes the cannon unblocks the rank on
    ///   which the rook would be won by checks; the rook steps off it);
    /// * a piece that takes part in the threat (a screen, a guard, a piece holding the target
    ///   or its guard in place), to a capture of the defender that stood: the threat needs
    ///   that piece, so it is worth only what it wins beyond it (图11: the cannon that pins the
    ///   elephant's guard is attacked by the rook and steps away, still pinning; 参考图49: the
    ///   horse that holds the cannon). A piece that steps out of an attack but takes no part
    ///   in the threat frees nothing (定本参考图37).
    pub(crate) fn freed(
        &mut self,
        before: &Position,
        again: &Position,
        g: &GainLine,
        same: &[&(GainLine, Threat)],
    ) -> Option<GainLine> {
        // What the defender's checks won before the move: asked only when checks win
        // something after a capture, since what they win counts only beyond it.
        let mut base = Base::Unasked(before);
        // The captures of the defender that cost each old threat a piece it needs.
        let standing = self.searcher.standing(before);
        let needs: Vec<Vec<Move>> = same
            .iter()
            .map(|(bg, bf)| {
                standing
                    .iter()
                    .copied()
                    .filter(|d| {
                        d.to != bg.line[0].from && part::needed_for(before, bf.taking(), d.to)
                    })
                    .collect()
            })
            .collect();
        // The best of the same threats by what it was really worth (its index; Err when the
        // cost by checks is what it comes to); its line is worked out only if it is shown.
        let mut best: Option<(i32, Result<usize, usize>)> = None;
        for (i, (bg, _)) in same.iter().enumerate() {
            let laid =
                self.searcher
                    .value(&Terms::laying_open(needs[i].clone()), before, bg.line[0]);
            let cost = self.check_cost_score(before, bg, &mut base);
            let worst = match (laid, cost) {
                (Some(l), Some(c)) if c < l => (c, Err(i)),
                (Some(l), _) => (l, Ok(i)),
                (None, Some(c)) => (c, Err(i)),
                (None, None) => return None,
            };
            if best.as_ref().is_none_or(|b| worst.0 > b.0) {
                best = Some(worst);
            }
        }
        let (then, best) = best?;
        let then = then.max(0);
        // What it costs by checks comes off what it wins: a threat that wins no more than
        // `then` is worth no more, whatever the checks would take back.
        if g.score <= then && taken_plainly(again, g).is_some() {
            return None;
        }
        if self
            .check_cost_score(again, g, &mut base)
            .is_some_and(|c| c <= then)
        {
            return None;
        }
        let mut counted = Vec::new();
        for ((bg, _), need) in same.iter().zip(&needs) {
            counted.extend(self.searcher.laid_open_by(before, bg.line[0]));
            counted.extend(need);
        }
        let now = self.searcher.evaluate(
            &Terms::laying_open(counted),
            again,
            g.line[0],
            (then, then + 1),
        );
        now.filter(|e| e.score > then)?;
        match best {
            Ok(i) => self.searcher.evaluate(
                &Terms::laying_open(needs[i].clone()),
                before,
                same[i].0.line[0],
                (-INF, INF),
            ),
            Err(i) => self.check_cost(before, &same[i].0, &mut base),
        }
    }

    /// [`Classifier::check_cost`] without its line.
    fn check_cost_score(
        &mut self,
        pos: &Position,
        g: &GainLine,
        base: &mut Base<'_>,
    ) -> Option<i32> {
        let taken = taken_plainly(pos, g)?;
        let gain = self.check_gain_score(&taken);
        Some(g.score - self.beyond(gain, base))
    }

    /// What checks that win `gain` win beyond `base` (never less than nothing; `base` is
    /// never negative, so it is asked only when they win something).
    fn beyond(&mut self, gain: i32, base: &mut Base<'_>) -> i32 {
        if gain <= 0 {
            return 0;
        }
        let b = match *base {
            Base::Known(b) => b,
            Base::Unasked(before) => {
                let b = before
                    .with_turn(!before.turn())
                    .map_or(0, |p| self.check_gain_score(&p));
                *base = Base::Known(b);
                b
            }
        };
        (gain - b).max(0)
    }

    /// The threat `g` (a capture first) less what the defender then wins by checks beyond
    /// `base`, with the capture and those checks as its line; `None` if its first move is no
    /// plain capture.
    fn check_cost(
        &mut self,
        pos: &Position,
        g: &GainLine,
        base: &mut Base<'_>,
    ) -> Option<GainLine> {
        let taken = taken_plainly(pos, g)?;
        let answer = self.check_gain(&taken);
        let mut line = vec![g.line[0]];
        line.extend(answer.line);
        Some(GainLine {
            score: g.score - self.beyond(answer.score, base),
            line,
        })
    }

    /// [`Classifier::check_gain`] without its line: the best check's worth found by null
    /// windows alone (is there a check worth more than the best so far?), much cheaper than
    /// searching each winning check in a wide window.
    fn check_gain_score(&mut self, pos: &Position) -> i32 {
        let mut checks = pos.checking_moves();
        // The checks that take the most first: the best worth is likely found early, and
        // every later check needs only show that it does not beat it.
        checks.sort_by_key(|m| {
            std::cmp::Reverse(pos.piece_at(m.to).map_or(0, |p| {
                crate::analysis::material::piece_value(p.role).unwrap_or(1)
            }))
        });
        let mut best = 0;
        for m in checks {
            // Each answer is a lower bound of the check's worth: ask again above it until
            // it is not beaten. The checks before it are already known not to beat `best`.
            while let Some(e) = self
                .searcher
                .evaluate(&Terms::PLAIN, pos, m, (best, best + 1))
                .filter(|e| e.score > best)
            {
                best = e.score;
            }
        }
        best
    }

    /// The most the side to move wins by a line that starts with a check (0 if nothing).
    fn check_gain(&mut self, pos: &Position) -> GainLine {
        let mut best = GainLine {
            score: 0,
            line: Vec::new(),
        };
        for m in pos.checking_moves() {
            // Most checks win nothing: a null window says so quickly, and only a check that
            // beats the best so far is searched for its exact worth.
            let beats = |e: &GainLine| e.score > best.score;
            let null = (best.score, best.score + 1);
            if !self
                .searcher
                .evaluate(&Terms::PLAIN, pos, m, null)
                .is_some_and(|e| beats(&e))
            {
                continue;
            }
            if let Some(e) = self
                .searcher
                .evaluate(&Terms::PLAIN, pos, m, (best.score, INF))
            {
                if e.score > best.score {
                    best = e;
                }
            }
        }
        best
    }
}

/// What the defender's checks win in the position before the move (its side to move), the
/// base a cost by checks counts beyond: asked once, when first needed.
enum Base<'p> {
    Unasked(&'p Position),
    Known(i32),
}

/// The position after the first move of `g` when that move is a plain capture (it takes and
/// gives no check): what a cost by checks is weighed on.
fn taken_plainly(pos: &Position, g: &GainLine) -> Option<Position> {
    let first = g.line[0];
    pos.piece_at(first.to)?;
    let taken = pos.after(first);
    (!taken.in_check()).then_some(taken)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;
    use crate::rules::RuleBook;
    use crate::SetupMode;

    /// What the null windows find the best check worth is what searching each check in the
    /// open window finds, on positions where checks win material, mate, or win nothing.
    #[test]
    fn the_check_gain_found_by_null_windows_is_the_open_windows() {
        let book = RuleBook::cxa2011();
        for position in [
            "3a1k3/9/2r6/9/9/9/9/7R1/9/4K4 w",
            "3a5/4ak3/n8/4p4/9/3N5/9/R8/9/3K5 w",
            "9/n4k3/9/4p4/R8/3N5/9/9/9/3K5 w",
            "4k4/9/9/9/4n4/9/9/9/9/R3K4 w",
        ] {
            let pos = fen::parse(position, SetupMode::Standard).expect("legal");
            let open = Classifier::new(&book).check_gain(&pos).score;
            let null = Classifier::new(&book).check_gain_score(&pos);
            assert_eq!(null, open, "{position}");
        }
    }
}

//! Move texts: a published move (its text and, when given, its ICCS, which must agree; a loose
//! text read as its ICCS) and a cited line played from the position it branches from.

use qili::notation::{self, iccs, MoveTextError, Reason};
use qili::{Move, Position};

use crate::case::raw;
use crate::locate::{index, join};

use super::Linter;

/// A published move being read: its path and ply, the position it is played in, and the texts
/// a problem may quote (clipped by [`Linter::echo`]).
struct MoveAt<'m> {
    path: &'m str,
    ply: usize,
    pos: &'m Position,
    values: [&'m str; 2],
}

impl MoveAt<'_> {
    fn side(&self) -> &'static str {
        self.pos.turn().name()
    }
}

impl Linter<'_> {
    /// Read one published move (text and, when given, ICCS) and check the two agree.
    pub(super) fn published_move(
        &mut self,
        mpath: &str,
        ply: usize,
        pos: &Position,
        m: &raw::PublishedMove,
    ) -> Option<Move> {
        let at = MoveAt {
            path: mpath,
            ply,
            pos,
            values: [m.text.as_str(), m.iccs.as_deref().unwrap_or("")],
        };
        let by_iccs = match m.iccs.as_deref() {
            None => None,
            Some(t) => Some(self.iccs_move(&at, t)?),
        };
        if m.loose.is_some() && by_iccs.is_none() {
            self.echo(&at.values,
                &join(mpath, "loose"),
                format!(
                    "ply {ply}: a loose move must give `iccs`, expected the ICCS of the move '{}' means",
                    m.text
                ),
            );
            return None;
        }
        self.text_move(&at, m, by_iccs)
    }

    /// The move `iccs:` gives, legal in the position.
    fn iccs_move(&mut self, at: &MoveAt, t: &str) -> Option<Move> {
        let (ply, iccs_path) = (at.ply, join(at.path, "iccs"));
        match iccs::parse(t) {
            Err(e) => {
                let why = e.to_string();
                let why = why.strip_prefix(&format!("{t}: ")).unwrap_or(&why);
                self.echo(&at.values, &iccs_path, format!("ply {ply}: '{t}' is {why}"));
                None
            }
            Ok(mv) => match at.pos.check_move(mv) {
                Err(e) => {
                    self.echo(
                        &at.values,
                        &iccs_path,
                        format!(
                            "ply {ply} ({t}): {e}, expected a legal move for {}",
                            at.side()
                        ),
                    );
                    None
                }
                Ok(()) => Some(mv),
            },
        }
    }

    /// The move the text names, agreeing with `by_iccs` when that is given; a loose text is
    /// read as its ICCS when that is one of the moves it could mean.
    fn text_move(
        &mut self,
        at: &MoveAt,
        m: &raw::PublishedMove,
        by_iccs: Option<Move>,
    ) -> Option<Move> {
        let (ply, values) = (at.ply, &at.values);
        let (iccs_path, text_path) = (join(at.path, "iccs"), join(at.path, "move"));
        let text = m.text.trim();
        match (notation::parse_move(at.pos, text), by_iccs) {
            (Ok(mv), None) => Some(mv),
            (Ok(mv), Some(i)) if mv == i => Some(mv),
            (Ok(mv), Some(i)) => {
                self.echo(values,
                    &text_path,
                    format!("ply {ply}: '{text}' is {mv} here but iccs says {i}, expected both to name the same move"),
                );
                None
            }
            (Err(e), Some(i)) if m.loose.is_some() && !e.candidates().is_empty() => {
                if e.candidates().contains(&i) {
                    Some(i)
                } else {
                    self.echo(values,
                        &iccs_path,
                        format!(
                            "ply {ply}: {i} is not one of the moves the loose text '{text}' could mean, expected one of {}",
                            join_moves(e.candidates())
                        ),
                    );
                    None
                }
            }
            (Err(e), _) if !e.candidates().is_empty() => {
                self.echo(values,
                    &text_path,
                    format!(
                        "ply {ply}: '{text}' is {}, expected strict notation, or `loose: <why>` with `iccs`",
                        reason(&e)
                    ),
                );
                None
            }
            (Err(e), _) => {
                self.echo(
                    values,
                    &text_path,
                    format!("ply {ply}: {}", unreadable(&e, at.side())),
                );
                None
            }
        }
    }

    /// A cited line must be legal from the position after `after_ply`, played by the side to
    /// move there or, with `again`, by the side that made ply `after_ply` (接续再走).
    pub(super) fn line(&mut self, lpath: &str, line: &raw::Line, positions: &[Position]) {
        let Some(start) = self.line_start(lpath, line, positions) else {
            return;
        };
        if line.moves.is_empty() {
            self.problem(&join(lpath, "moves"), "no moves, expected the cited line");
        }
        let start_side = start.turn();
        let mut pos = start;
        for (j, text) in line.moves.iter().enumerate() {
            match notation::parse_move(&pos, text) {
                Ok(mv) => {
                    pos.play_unchecked(mv);
                }
                Err(e) => {
                    let again = if line.again {
                        format!(" ({} moving again)", start_side.name())
                    } else {
                        String::new()
                    };
                    let hint = again_hint(line, j, &pos, text);
                    self.echo(
                        &[text, e.text()],
                        &index(&join(lpath, "moves"), j),
                        format!(
                            "move {} of the line after ply {}{again}: {}{hint}",
                            j + 1,
                            line.after_ply,
                            unreadable(&e, pos.turn().name())
                        ),
                    );
                    return;
                }
            }
        }
    }

    /// The position a cited line is played from: after ply `after_ply`, with the turn of the
    /// side that made it when the line has `again`.
    fn line_start(
        &mut self,
        lpath: &str,
        line: &raw::Line,
        positions: &[Position],
    ) -> Option<Position> {
        let last = positions.len() - 1;
        let Some(after) = positions.get(line.after_ply) else {
            self.problem(
                &join(lpath, "after_ply"),
                format!(
                    "{} is past the last published move, expected 0 to {last}",
                    line.after_ply
                ),
            );
            return None;
        };
        if !line.again {
            return Some(after.clone());
        }
        if line.after_ply == 0 {
            self.problem(
                &join(lpath, "again"),
                "`again: true` after ply 0: no side has moved yet, expected `after_ply` of the move whose side moves again (1 or more)",
            );
            return None;
        }
        let mover = !after.turn();
        let moved_again = after.with_turn(mover);
        if moved_again.is_none() {
            self.problem(
                &join(lpath, "again"),
                format!(
                    "`again: true`, but after ply {} {} is in check, so {} cannot move again, expected a line in which {} answers the check (no `again`)",
                    line.after_ply,
                    after.turn().name(),
                    mover.name(),
                    after.turn().name()
                ),
            );
        }
        moved_again
    }
}

/// For a first move that the side which just moved could make: how to write a line in which it
/// moves again (empty otherwise).
fn again_hint(line: &raw::Line, j: usize, pos: &Position, text: &str) -> String {
    (j == 0 && !line.again && line.after_ply > 0)
        .then(|| pos.with_turn(!pos.turn()))
        .flatten()
        .filter(|p| notation::parse_move(p, text).is_ok())
        .map_or(String::new(), |p| {
            format!(
                "; it is a legal move for {}: if the source has the side that just moved move again (接续再走), write `again: true`",
                p.turn().name()
            )
        })
}

/// What is wrong with a move text that names no legal move for `side`, and what was expected:
/// either the text is not a move in its notation (the engine's message says what it expected
/// there), or it is one but not a legal move here.
fn unreadable(e: &MoveTextError, side: &str) -> String {
    let text = e.text();
    let syntax = |r: &Reason| matches!(r, Reason::Syntax(_));
    match e {
        MoveTextError::Empty => {
            "no move text, expected a move in ICCS (h2e2), WXF (C2.5) or Chinese (炮二平五) notation".to_string()
        }
        MoveTextError::Unrecognized { .. } | MoveTextError::Iccs(_) => {
            format!("'{text}' is {}", reason(e))
        }
        MoveTextError::Wxf(w) if syntax(&w.reason) => {
            format!("'{text}' is not a WXF move: {}", reason(e))
        }
        MoveTextError::Chinese(c) if syntax(&c.reason) => {
            format!("'{text}' is not a Chinese move: {}", reason(e))
        }
        _ => format!("{e}, expected a legal move for {side}"),
    }
}

/// Why a move text could not be read, without the text itself in front (the caller quotes it).
fn reason(e: &MoveTextError) -> String {
    let full = e.to_string();
    full.strip_prefix(&format!("{}: ", e.text()))
        .map_or_else(|| full.clone(), str::to_string)
}

fn join_moves(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

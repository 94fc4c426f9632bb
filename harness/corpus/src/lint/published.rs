//! One published block: its edition, source, label source and cycle claim, its moves played
//! from the start position (each read in [`super::moves`]), and its cited lines.

use qili::notation::fen;
use qili::rules::Label;
use qili::Position;

use crate::case::{raw, CitedLine, CycleClaim, LabelsFrom, PublishedMove, PublishedRuling};
use crate::edition::Edition;
use crate::locate::{index, join};
use crate::vocabulary::{published_label, LABELS};
use qili_io::bounds::{clip, MAX_CASE_PLIES};

use super::Linter;

/// The published moves as played from the start: each move read, and the position before
/// each ply and after the last.
struct Played {
    moves: Vec<PublishedMove>,
    positions: Vec<Position>,
}

impl Linter<'_> {
    pub(super) fn published(
        &mut self,
        path: &str,
        raw: raw::Published,
        start: Option<&Position>,
    ) -> Option<PublishedRuling> {
        let edition = self.edition(path, &raw.edition);
        if raw.source.work.trim().is_empty() {
            self.problem(
                &join(path, "source.work"),
                "expected the book or article the answer is from",
            );
        }
        let labels_from = self.labels_from(path, raw.labels_from.as_deref());
        let cycle = self.cycle_claim(path, &raw);
        let verdict = self.verdict(path, &raw);
        let dispute = self.dispute(path, &raw);
        let moves_path = join(path, "moves");
        if !self.within_ply_limit(&moves_path, &raw.moves) {
            return None;
        }
        let played = match start {
            Some(start) => self.play(&moves_path, start, &raw.moves),
            None => {
                for (i, m) in raw.moves.iter().enumerate() {
                    self.label(&index(&moves_path, i), m.label.as_deref());
                }
                None
            }
        };
        if let (Some(played), Some(CycleClaim::Exact)) = (&played, &cycle) {
            self.returns_to_start(path, played);
        }
        let positions = played.as_ref().map(|p| &p.positions[..]);
        let lines = self.cited_lines(path, raw.lines, positions);
        let played = played?;
        Some(PublishedRuling {
            edition: edition?,
            source: raw.source,
            moves: played.moves,
            labels_from: labels_from?,
            cycle: cycle?,
            verdict: verdict?,
            text: raw.text.filter(|_| raw.verdict.is_some()),
            lines,
            notes: raw.notes,
            dispute: dispute?,
        })
    }

    fn edition(&mut self, path: &str, name: &str) -> Option<Edition> {
        let edition = Edition::from_name(name);
        if edition.is_none() {
            self.problem(
                &join(path, "edition"),
                format!(
                    "'{}' is not an edition, expected one of {}",
                    clip(name),
                    Edition::names()
                ),
            );
        }
        edition
    }

    fn labels_from(&mut self, path: &str, name: Option<&str>) -> Option<LabelsFrom> {
        match name {
            None | Some("caption") => Some(LabelsFrom::Caption),
            Some("summary") => Some(LabelsFrom::Summary),
            Some(other) => {
                self.problem(
                    &join(path, "labels_from"),
                    format!(
                        "'{}' is not a label source, expected caption or summary",
                        clip(other)
                    ),
                );
                None
            }
        }
    }

    /// `cycle: exact`, or `cycle: pattern` with the note saying why.
    fn cycle_claim(&mut self, path: &str, raw: &raw::Published) -> Option<CycleClaim> {
        match raw.cycle.as_str() {
            "exact" => Some(CycleClaim::Exact),
            "pattern" => match raw.cycle_note.as_deref().map(str::trim) {
                Some(note) if !note.is_empty() => Some(CycleClaim::Pattern {
                    note: note.to_string(),
                }),
                _ => {
                    self.problem(
                        &join(path, "cycle"),
                        "`cycle: pattern` needs a `cycle_note`, expected a note saying why the moves do not return to their start and what the book judges",
                    );
                    None
                }
            },
            other => {
                self.problem(
                    &join(path, "cycle"),
                    format!(
                        "'{}' is not a cycle kind, expected exact or pattern",
                        clip(other)
                    ),
                );
                None
            }
        }
    }

    /// Some moves, and no more than a block may hold (false: the block is not read further).
    fn within_ply_limit(&mut self, moves_path: &str, moves: &[raw::PublishedMove]) -> bool {
        if moves.is_empty() {
            self.problem(moves_path, "no moves, expected the moves as published");
        }
        if moves.len() > MAX_CASE_PLIES {
            self.problem(
                moves_path,
                format!(
                    "{} moves, over the limit of {MAX_CASE_PLIES} plies a published block may hold (MAX_CASE_PLIES), expected the cycle as published",
                    moves.len()
                ),
            );
            return false;
        }
        true
    }

    /// Read and play the moves from `start`; `None` from the first one that cannot be read.
    fn play(
        &mut self,
        moves_path: &str,
        start: &Position,
        raw: &[raw::PublishedMove],
    ) -> Option<Played> {
        let mut pos = start.clone();
        let mut played = Played {
            moves: Vec::new(),
            positions: vec![pos.clone()],
        };
        for (i, m) in raw.iter().enumerate() {
            let mpath = index(moves_path, i);
            let label = self.label(&mpath, m.label.as_deref());
            let mv = self.published_move(&mpath, i + 1, &pos, m)?;
            self.added_last(&mpath, i + 1, m, label, &played.moves);
            played.moves.push(PublishedMove {
                text: m.text.clone(),
                mv,
                label,
                loose: m.loose.clone(),
                added: m.added.clone(),
            });
            pos.play_unchecked(mv);
            played.positions.push(pos.clone());
        }
        Some(played)
    }

    /// A move the source did not print (`added`) has no label and comes after the printed ones.
    fn added_last(
        &mut self,
        mpath: &str,
        ply: usize,
        m: &raw::PublishedMove,
        label: Option<Label>,
        before: &[PublishedMove],
    ) {
        if m.added.is_some() && label.is_some() {
            self.problem(
                &join(mpath, "label"),
                format!("ply {ply}: a move the source did not print (`added`) has no published label, expected no `label`"),
            );
        }
        if m.added.is_none() && before.iter().any(|p| p.added.is_some()) {
            self.problem(
                &join(mpath, "move"),
                format!("ply {ply}: a printed move after an added one, expected the added moves (`added`) last"),
            );
        }
    }

    /// `cycle: exact` moves end where they started.
    fn returns_to_start(&mut self, path: &str, played: &Played) {
        let (Some(start), Some(end)) = (played.positions.first(), played.positions.last()) else {
            return;
        };
        if !played.moves.is_empty() && end.hash() != start.hash() {
            self.problem(
                &join(path, "cycle"),
                format!(
                    "`cycle: exact`, but the moves end in {} which is not the start position, expected moves that return to the start, or `cycle: pattern` with a `cycle_note`",
                    fen::write(end)
                ),
            );
        }
    }

    /// The cited lines, each checked where the published moves were all read (`positions`).
    fn cited_lines(
        &mut self,
        path: &str,
        raw: Vec<raw::Line>,
        positions: Option<&[Position]>,
    ) -> Vec<CitedLine> {
        let mut lines = Vec::new();
        for (k, line) in raw.into_iter().enumerate() {
            let lpath = index(&join(path, "lines"), k);
            if let Some(positions) = positions {
                self.line(&lpath, &line, positions);
            }
            lines.push(CitedLine {
                after_ply: line.after_ply,
                moves: line.moves,
                note: line.note,
                again: line.again,
            });
        }
        lines
    }

    fn label(&mut self, mpath: &str, label: Option<&str>) -> Option<Label> {
        let text = label?;
        let l = published_label(text);
        if l.is_none() {
            self.problem(
                &join(mpath, "label"),
                format!(
                    "'{}' is not a label, expected one of {LABELS} (either script)",
                    clip(text)
                ),
            );
        }
        l
    }
}

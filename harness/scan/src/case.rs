//! `qili scan … --case ID`: a corpus case skeleton from an episode of a scanned game, for a
//! contributor to complete from the source (corpus/README.md, *How to add a case*).
//!
//! The skeleton holds the facts the game record gives: the position where the judged cycle
//! starts (`provenance: game`, naming the record, the game and the ply) and the cycle's moves
//! (Chinese, with their ICCS as a cross-check), and where they came from. A ruling given at
//! an event is completed as a dispute (`source.kind: dispute`, corpus/README.md). It holds no published field: the title, the work, the published labels and
//! verdict are the source's to give, so they are left empty or commented out, and `qili
//! check` refuses the file until they are written. qili's own labels and verdict are in a YAML
//! comment, for the contributor to compare, never to copy.

use std::fmt::Write;

use qili::rules::{CycleRule, PlyRuling};

use super::record::{EpisodeLine, GameLine};

/// A YAML double-quoted scalar (JSON's string syntax is YAML's).
fn quoted(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
}

/// A comment line: the text with its line breaks folded.
fn comment(s: &mut String, text: &str) {
    let _ = writeln!(s, "# {}", text.replace(['\n', '\r'], " "));
}

/// The skeleton of case `id` from episode `e` of game `g`, or why there is none.
pub fn skeleton(id: &str, g: &GameLine, e: &EpisodeLine) -> Result<String, String> {
    let r = &e.ruling;
    let (Some(cycle), Some(fen)) = (&r.cycle, &e.cycle_fen) else {
        return Err(format!(
            "{}, game {}, plies {}–{}: nothing was judged there ({}), so there is no cycle to make a case of",
            g.file, g.game, e.first_ply, e.last_ply, r.reason()
        ));
    };
    let judged: Vec<&PlyRuling> = r.plies.iter().filter(|p| p.judged).collect();
    if judged.is_empty() {
        return Err(format!(
            "{}, game {}: the ruling labels no ply",
            g.file, g.game
        ));
    }
    let c = Skeleton {
        id,
        g,
        e,
        cycle,
        judged,
    };
    let mut s = String::new();
    c.what_to_do(&mut s);
    c.rulings(&mut s);
    c.case(&mut s, fen);
    Ok(s)
}

/// The judged cycle a skeleton is written from.
struct Skeleton<'a> {
    id: &'a str,
    g: &'a GameLine,
    e: &'a EpisodeLine,
    cycle: &'a qili::rules::Cycle,
    /// Its judged plies (at least one).
    judged: Vec<&'a PlyRuling>,
}

impl Skeleton<'_> {
    /// The game's ply of the ruling's ply `p` (both 1-based).
    fn ply(&self, p: usize) -> usize {
        self.e.offset + p - 1
    }

    /// The game's plies of the judged cycle's first and last ply.
    fn plies(&self) -> (usize, usize) {
        let first = self.judged.first().map_or(0, |p| p.ply);
        let last = self.judged.last().map_or(0, |p| p.ply);
        (self.ply(first), self.ply(last))
    }

    /// The comments on top: where the skeleton comes from and what the contributor completes.
    fn what_to_do(&self, s: &mut String) {
        let (g, (first, last)) = (self.g, self.plies());
        comment(
            s,
            &format!(
                "Case skeleton written by `qili scan --case {}` from {}, game {}, plies {first}–{last}.",
                self.id, g.file, g.game
            ),
        );
        let headers: Vec<String> = g.headers.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        if !headers.is_empty() {
            comment(s, &format!("The game's headers: {}", headers.join("; ")));
        }
        s.push_str(
            "# Complete it from the source, then run `qili check`: the title (Chinese, one line), the\n\
             # work (and figure, page, url …), the labels as published (`label:` on each move), and\n\
             # the verdict with its verbatim text, or `notes` saying the source publishes none.\n\
             # Never copy qili's rulings below into the published fields.\n#\n",
        );
    }

    /// qili's rulings, in comments: the verdict, each judged ply, each side.
    fn rulings(&self, s: &mut String) {
        let r = &self.e.ruling;
        comment(
            s,
            &format!(
                "qili ({}): {} {}: {}",
                r.book.name(),
                r.verdict.name(),
                r.verdict.chinese(),
                r.reason()
            ),
        );
        for p in &self.judged {
            comment(
                s,
                &format!(
                    "  ply {} {} {}: {}",
                    self.ply(p.ply),
                    p.chinese,
                    p.label.chinese(),
                    p.evidence.one_line()
                ),
            );
        }
        for (name, side) in [("红方", &self.cycle.red), ("黑方", &self.cycle.black)] {
            comment(
                s,
                &format!("  {name}: {} ({})", side.summary(), side.class_chinese),
            );
        }
    }

    /// The case itself: the position where the cycle starts, in the game, and one published
    /// block with the cycle's moves and nothing published.
    fn case(&self, s: &mut String, fen: &str) {
        let (g, (first, last)) = (self.g, self.plies());
        let book = self.e.ruling.book.name();
        let _ = writeln!(s, "id: {}", self.id);
        s.push_str("title: \"\"\ntags: []\nposition:\n");
        let _ = writeln!(s, "  fen: {fen}");
        // The position stands in the game: before the judged cycle's first ply.
        let _ = writeln!(
            s,
            "  provenance: game\n  game: {{ record: {}, game: {}, after_ply: {} }}\npublished:",
            quoted(&g.file),
            g.game,
            first - 1
        );
        let _ = writeln!(s, "  - edition: {book}");
        s.push_str("    source:\n      work: \"\"\n");
        let _ = writeln!(
            s,
            "      transcription: {}",
            quoted(&format!(
                "qili scan of {}, game {}, plies {first}–{last}",
                g.file, g.game
            ))
        );
        s.push_str("    moves:\n");
        for p in &self.judged {
            let _ = writeln!(s, "      - {{ move: {}, iccs: {} }}", p.chinese, p.mv);
        }
        match self.cycle.rule {
            CycleRule::Repetition { .. } => s.push_str("    cycle: exact\n"),
            _ => s.push_str(
                "    cycle: pattern\n    cycle_note: \"\" # why the moves do not return to their start\n",
            ),
        }
        s.push_str(
            "    # verdict: the published verdict's machine name (draw, red_must_change …)\n",
        );
        s.push_str("    # text: the published verdict, verbatim\n");
    }
}

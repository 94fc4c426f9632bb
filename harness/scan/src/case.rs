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

use qili::rules::CycleRule;

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
            g.file, g.game, e.first_ply, e.last_ply, r.reason
        ));
    };
    let ply = |p: usize| e.offset + p - 1;
    let judged: Vec<_> = r.plies.iter().filter(|p| p.judged).collect();
    let (Some(a), Some(b)) = (judged.first(), judged.last()) else {
        return Err(format!(
            "{}, game {}: the ruling labels no ply",
            g.file, g.game
        ));
    };
    let mut s = String::new();
    comment(
        &mut s,
        &format!(
            "Case skeleton written by `qili scan --case {id}` from {}, game {}, plies {}–{}.",
            g.file,
            g.game,
            ply(a.ply),
            ply(b.ply)
        ),
    );
    let headers: Vec<String> = g.headers.iter().map(|(k, v)| format!("{k}: {v}")).collect();
    if !headers.is_empty() {
        comment(
            &mut s,
            &format!("The game's headers: {}", headers.join("; ")),
        );
    }
    s.push_str(
        "# Complete it from the source, then run `qili check`: the title (Chinese, one line), the\n\
         # work (and figure, page, url …), the labels as published (`label:` on each move), and\n\
         # the verdict with its verbatim text, or `notes` saying the source publishes none.\n\
         # Never copy qili's rulings below into the published fields.\n#\n",
    );
    comment(
        &mut s,
        &format!(
            "qili ({}): {} {}: {}",
            r.book.name(),
            r.verdict.name(),
            r.verdict.chinese(),
            r.reason
        ),
    );
    for p in &judged {
        comment(
            &mut s,
            &format!(
                "  ply {} {} {}: {}",
                ply(p.ply),
                p.chinese,
                p.label.chinese(),
                p.evidence.one_line()
            ),
        );
    }
    for (name, side) in [("红方", &cycle.red), ("黑方", &cycle.black)] {
        comment(
            &mut s,
            &format!("  {name}: {} ({})", side.summary, side.class_chinese),
        );
    }
    let _ = writeln!(s, "id: {id}");
    s.push_str("title: \"\"\ntags: []\nposition:\n");
    let _ = writeln!(s, "  fen: {fen}");
    // The position stands in the game: before the judged cycle's first ply.
    let _ = writeln!(
        s,
        "  provenance: game\n  game: {{ record: {}, game: {}, after_ply: {} }}\npublished:",
        quoted(&g.file),
        g.game,
        ply(a.ply) - 1
    );
    let _ = writeln!(s, "  - edition: {}", r.book.name());
    s.push_str("    source:\n      work: \"\"\n");
    let _ = writeln!(
        s,
        "      transcription: {}",
        quoted(&format!(
            "qili scan of {}, game {}, plies {}–{}",
            g.file,
            g.game,
            ply(a.ply),
            ply(b.ply)
        ))
    );
    s.push_str("    moves:\n");
    for p in &judged {
        let _ = writeln!(s, "      - {{ move: {}, iccs: {} }}", p.chinese, p.mv);
    }
    match cycle.rule {
        CycleRule::Repetition { .. } => s.push_str("    cycle: exact\n"),
        _ => s.push_str(
            "    cycle: pattern\n    cycle_note: \"\" # why the moves do not return to their start\n",
        ),
    }
    s.push_str("    # verdict: the published verdict's machine name (draw, red_must_change …)\n");
    s.push_str("    # text: the published verdict, verbatim\n");
    Ok(s)
}

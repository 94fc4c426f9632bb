//! The lint: a case file's text in, a checked [`Case`] or every problem out, each at its line
//! and column. A problem says what is wrong and what was expected.
//!
//! Moves are read in any notation the engine reads (ICCS, WXF, Chinese in either script),
//! detected per move by [`qili::notation::parse_move`].

use std::path::Path;

use qili::notation::{self, fen, iccs, MoveTextError, Reason};
use qili::rules::RuleBook;
use qili::rules::{Label, Verdict};
use qili::{Move, Position, SetupMode};

use crate::case::{
    raw, Case, CitedLine, CycleClaim, Dispute, LabelsFrom, Provenance, PublishedMove,
    PublishedRuling,
};
use crate::edition::Edition;
use crate::locate::{index, join, Loc, Locations};
use crate::problem::Problem;
use crate::tags::{self, Tag};
use crate::vocabulary::{is_id, published_label, published_verdict, verdict_names, LABELS};
use crate::yaml;
use qili_io::bounds::{self, clip, clip_value_in, MAX_CASE_MOVES, MAX_CASE_PLIES};

/// The outcome of linting one file.
#[derive(Debug)]
pub struct FileLint {
    /// The checked case; `Some` exactly when `problems` is empty.
    pub case: Option<Case>,
    pub problems: Vec<Problem>,
    /// The id the file declares and where, for the corpus-wide uniqueness check.
    pub declared_id: Option<(String, Loc)>,
}

/// Lint the file at `path`, naming it `display` in problems. A file larger than
/// [`bounds::MAX_FILE_BYTES`] is refused before more than that is read.
pub fn lint_file(path: &Path, display: &str) -> FileLint {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    match bounds::read_file(path) {
        Ok(text) => lint_text(display, &stem, &text),
        Err(e) => FileLint {
            case: None,
            problems: vec![Problem::new(display, Loc::START, e.to_string())],
            declared_id: None,
        },
    }
}

/// Lint a case file's text. `stem` is the file name without `.yaml`, which the id must equal.
/// The text is read by the one walk of [`yaml::read`], which checks the bounds (size, nesting,
/// no alias) as it goes; one that breaks them is not deserialised.
pub fn lint_text(file: &str, stem: &str, text: &str) -> FileLint {
    let broken = |p: Problem| FileLint {
        case: None,
        problems: vec![p],
        declared_id: None,
    };
    let doc = match yaml::read(file, text) {
        Ok(d) => d,
        Err(p) => return broken(p),
    };
    let raw: raw::CaseFile = match yaml::deserialize(file, &doc) {
        Ok(r) => r,
        Err(p) => return broken(p),
    };
    let mut l = Linter {
        file,
        text,
        locs: doc.locations(),
        problems: Vec::new(),
    };
    // The id is reported even when the rest of the file is broken; an empty one declares none.
    let declared_id = (!raw.id.is_empty()).then(|| (raw.id.clone(), l.locs.value("id")));
    let case = l.case(raw, stem);
    let mut problems = l.problems;
    problems.sort();
    crate::problem::cap_problems(file, &mut problems);
    let case = if problems.is_empty() { case } else { None };
    FileLint {
        declared_id,
        case,
        problems,
    }
}

/// The 1-based `n`-th line of `text`.
fn text_line(text: &str, n: usize) -> &str {
    text.lines().nth(n.saturating_sub(1)).unwrap_or("")
}

struct Linter<'a> {
    file: &'a str,
    text: &'a str,
    locs: Locations,
    problems: Vec<Problem>,
}

impl Linter<'_> {
    fn problem(&mut self, path: &str, message: impl Into<String>) {
        let at = self.locs.value(path);
        self.problems.push(Problem::new(
            self.file,
            at,
            format!("{path}: {}", message.into()),
        ));
    }

    /// [`Linter::problem`] for a message that may quote the input `values` (move texts): each
    /// is clipped to [`bounds::MAX_ECHO_CHARS`] wherever the message quotes it.
    fn echo(&mut self, values: &[&str], path: &str, message: String) {
        let mut values: Vec<&str> = values.iter().flat_map(|v| [*v, v.trim()]).collect();
        // The longest first, so that a value inside another is not clipped apart from it.
        values.sort_by_key(|v| std::cmp::Reverse(v.len()));
        let message = values.iter().fold(message, |m, v| clip_value_in(&m, v));
        self.problem(path, message);
    }

    /// Check everything; returns the case when the parts needed to build it are sound (the
    /// caller drops it if any problem was found).
    fn case(&mut self, raw: raw::CaseFile, stem: &str) -> Option<Case> {
        // Every move is read and played, and every published one judged: bound them first.
        let total: usize = raw
            .published
            .iter()
            .map(|b| b.moves.len() + b.lines.iter().map(|l| l.moves.len()).sum::<usize>())
            .sum();
        if total > MAX_CASE_MOVES {
            self.problem(
                "published",
                format!(
                    "{total} moves in all (published and in cited lines), over the limit of {MAX_CASE_MOVES} a case file may hold (MAX_CASE_MOVES), expected a shorter case"
                ),
            );
            return None;
        }
        if !is_id(&raw.id) {
            self.problem(
                "id",
                format!(
                    "'{}' is not a valid id, expected lower-case ASCII letters and digits joined by single dashes (cxa2011-fig02)",
                    clip(&raw.id)
                ),
            );
        } else if raw.id != stem {
            self.problem(
                "id",
                format!(
                    "'{}' does not match the file name, expected '{}' (the id is the file name without .yaml)",
                    clip(&raw.id),
                    clip(stem)
                ),
            );
        }
        if raw.title.trim().is_empty() || raw.title.contains('\n') {
            self.problem("title", "expected one non-empty line");
        }
        let mut tag_list = Vec::new();
        for (i, t) in raw.tags.iter().enumerate() {
            let path = index("tags", i);
            match Tag::from_name(t) {
                None => self.problem(
                    &path,
                    format!(
                        "'{}' is not a known tag, expected one of: {} (see corpus/README.md)",
                        clip(t),
                        tags::names()
                    ),
                ),
                Some(tag) if tag_list.contains(&tag) => self.problem(
                    &path,
                    format!("'{}' is listed twice, expected each tag once", clip(t)),
                ),
                Some(tag) => tag_list.push(tag),
            }
        }
        let provenance = self.provenance(&raw.position);
        let editions: Vec<Option<Edition>> = raw
            .published
            .iter()
            .map(|p| Edition::from_name(&p.edition))
            .collect();
        // The position is checked as the case's rule books set up theirs: a composed problem's
        // extra pieces are legal if one of its editions' books allows them.
        let composed = editions
            .iter()
            .flatten()
            .any(|&e| RuleBook::get(e).setup == SetupMode::Composed);
        let mode = if composed {
            SetupMode::Composed
        } else {
            SetupMode::Standard
        };
        let start = match fen::parse(&raw.position.fen, mode) {
            Ok(p) => Some(p),
            Err(e) => {
                let mut at = self.locs.value("position.fen");
                if let fen::FenError::Syntax { column, .. } = &e {
                    // Point at the offending character when the FEN sits on its line as written.
                    let line = text_line(self.text, at.line);
                    let quoted = line
                        .chars()
                        .nth(at.column - 1)
                        .is_some_and(|c| c == '\'' || c == '"');
                    at.column += column - 1 + usize::from(quoted);
                }
                self.problems.push(Problem::new(
                    self.file,
                    at,
                    format!(
                        "position.fen: {}, expected a legal position (ranks 9 to 0 separated by '/', red in upper case, then w or b)",
                        bounds::clip_quoted(&e.to_string())
                    ),
                ));
                None
            }
        };
        if raw.published.is_empty() {
            self.problem(
                "published",
                "no published answer, expected at least one block (edition, source, moves, cycle, verdict, text)",
            );
        }
        let mut published = Vec::new();
        for (b, block) in raw.published.into_iter().enumerate() {
            let path = index("published", b);
            if let Some(e) = editions[b] {
                if editions[..b].contains(&Some(e)) {
                    self.problem(
                        &join(&path, "edition"),
                        format!(
                            "{e} is published twice in this file, expected one block per edition"
                        ),
                    );
                }
            }
            if let Some(p) = self.published(&path, block, start.as_ref()) {
                published.push(p);
            }
        }
        Some(Case {
            id: raw.id,
            file: self.file.to_string(),
            title: raw.title,
            tags: tag_list,
            fen: raw.position.fen,
            start: start?,
            provenance: provenance?,
            published,
        })
    }

    fn provenance(&mut self, raw: &raw::Position) -> Option<Provenance> {
        if raw.game.is_some() && raw.provenance != "game" {
            let at = self.locs.key("position.game");
            self.problems.push(Problem::new(
                self.file,
                at,
                "position.game: only a position taken from a game record names it, expected `provenance: game` or no `game`".to_string(),
            ));
        }
        match raw.provenance.as_str() {
            "published" | "game" => {
                for key in ["realises", "missing"] {
                    let given = if key == "realises" {
                        raw.realises.is_some()
                    } else {
                        raw.missing.is_some()
                    };
                    if given {
                        let path = join("position", key);
                        let at = self.locs.key(&path);
                        self.problems.push(Problem::new(
                            self.file,
                            at,
                            format!("{path}: only a reconstructed position says what it {key}, expected `provenance: reconstructed` or no `{key}`"),
                        ));
                    }
                }
                if raw.provenance == "published" {
                    return Some(Provenance::Published);
                }
                let Some(g) = &raw.game else {
                    self.problem(
                        "position.provenance",
                        "a position taken from a game names the record, expected `game:` with `record` (the file or the game's source), `game` (which game of it, from 1) and `after_ply` (the plies of its main line before the position)",
                    );
                    return None;
                };
                if g.record.trim().is_empty() {
                    self.problem(
                        "position.game.record",
                        "expected the game record the position is from (a file under ../shared/games, or where the game was published)",
                    );
                }
                if g.game == 0 {
                    self.problem(
                        "position.game.game",
                        "0 is not a game, expected the game's 1-based index in the record",
                    );
                }
                Some(Provenance::Game {
                    record: g.record.clone(),
                    game: g.game,
                    after_ply: g.after_ply,
                })
            }
            "reconstructed" => {
                let realises = raw.realises.clone().unwrap_or_default();
                if realises.iter().all(|r| r.trim().is_empty()) {
                    self.problem(
                        "position.realises",
                        "a reconstructed position must say what it realises, expected a list of the source's facts the position realises",
                    );
                }
                Some(Provenance::Reconstructed {
                    realises,
                    missing: raw.missing.clone().unwrap_or_default(),
                })
            }
            other => {
                self.problem(
                    "position.provenance",
                    format!(
                        "'{}' is not a provenance, expected published, reconstructed or game",
                        clip(other)
                    ),
                );
                None
            }
        }
    }

    fn published(
        &mut self,
        path: &str,
        raw: raw::Published,
        start: Option<&Position>,
    ) -> Option<PublishedRuling> {
        let edition = Edition::from_name(&raw.edition);
        if edition.is_none() {
            self.problem(
                &join(path, "edition"),
                format!(
                    "'{}' is not an edition, expected one of {}",
                    clip(&raw.edition),
                    Edition::names()
                ),
            );
        }
        if raw.source.work.trim().is_empty() {
            self.problem(
                &join(path, "source.work"),
                "expected the book or article the answer is from",
            );
        }
        let labels_from = match raw.labels_from.as_deref() {
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
        };
        let cycle = match raw.cycle.as_str() {
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
        };
        let verdict = self.verdict(path, &raw);
        let dispute = self.dispute(path, &raw);
        let moves_path = join(path, "moves");
        if raw.moves.is_empty() {
            self.problem(&moves_path, "no moves, expected the moves as published");
        }
        if raw.moves.len() > MAX_CASE_PLIES {
            self.problem(
                &moves_path,
                format!(
                    "{} moves, over the limit of {MAX_CASE_PLIES} plies a published block may hold (MAX_CASE_PLIES), expected the cycle as published",
                    raw.moves.len()
                ),
            );
            return None;
        }
        let mut moves = Vec::new();
        let mut positions = Vec::new();
        let mut complete = start.is_some();
        if let Some(start) = start {
            let mut pos = start.clone();
            positions.push(pos.clone());
            for (i, m) in raw.moves.iter().enumerate() {
                let mpath = index(&moves_path, i);
                let label = self.label(&mpath, m.label.as_deref());
                let Some(mv) = self.published_move(&mpath, i + 1, &pos, m) else {
                    complete = false;
                    break;
                };
                if m.added.is_some() && label.is_some() {
                    self.problem(
                        &join(&mpath, "label"),
                        format!("ply {}: a move the source did not print (`added`) has no published label, expected no `label`", i + 1),
                    );
                }
                if m.added.is_none() && moves.iter().any(|p: &PublishedMove| p.added.is_some()) {
                    self.problem(
                        &join(&mpath, "move"),
                        format!("ply {}: a printed move after an added one, expected the added moves (`added`) last", i + 1),
                    );
                }
                moves.push(PublishedMove {
                    text: m.text.clone(),
                    mv,
                    label,
                    loose: m.loose.clone(),
                    added: m.added.clone(),
                });
                pos.play_unchecked(mv);
                positions.push(pos.clone());
            }
            if complete
                && cycle == Some(CycleClaim::Exact)
                && !raw.moves.is_empty()
                && pos.hash() != start.hash()
            {
                self.problem(
                    &join(path, "cycle"),
                    format!(
                        "`cycle: exact`, but the moves end in {} which is not the start position, expected moves that return to the start, or `cycle: pattern` with a `cycle_note`",
                        fen::write(&pos)
                    ),
                );
            }
        } else {
            for (i, m) in raw.moves.iter().enumerate() {
                self.label(&index(&moves_path, i), m.label.as_deref());
            }
        }
        let mut lines = Vec::new();
        for (k, line) in raw.lines.into_iter().enumerate() {
            let lpath = index(&join(path, "lines"), k);
            if complete {
                self.line(&lpath, &line, &positions);
            }
            lines.push(CitedLine {
                after_ply: line.after_ply,
                moves: line.moves,
                note: line.note,
                again: line.again,
            });
        }
        if !complete {
            return None;
        }
        Some(PublishedRuling {
            edition: edition?,
            source: raw.source,
            moves,
            labels_from: labels_from?,
            cycle: cycle?,
            verdict: verdict?,
            text: raw.text.filter(|_| raw.verdict.is_some()),
            lines,
            notes: raw.notes,
            dispute: dispute?,
        })
    }

    /// A dispute's source (`source.kind: dispute`): the thread, event, date, players and who
    /// ruled are required (the ruling's words are the block's `text`, which [`Self::verdict`]
    /// requires with a verdict); a publication names none of them. `None` when something is wrong; `Some(None)` for a publication.
    fn dispute(&mut self, path: &str, raw: &raw::Published) -> Option<Option<Dispute>> {
        let src = &raw.source;
        let kind_path = join(path, "source.kind");
        let is_dispute = match src.kind.as_deref() {
            None | Some("publication") => false,
            Some("dispute") => true,
            Some(other) => {
                self.problem(
                    &kind_path,
                    format!(
                        "'{}' is not a source kind, expected publication (a book or an article; the default) or dispute (a ruling given at an event)",
                        clip(other)
                    ),
                );
                return None;
            }
        };
        let dispute_keys: [(&str, &Option<String>); 9] = [
            ("thread", &src.thread),
            ("event", &src.event),
            ("date", &src.date),
            ("red", &src.red),
            ("black", &src.black),
            ("ruled_by", &src.ruled_by),
            ("post", &src.post),
            ("round", &src.round),
            ("rules_in_force", &src.rules_in_force),
        ];
        if !is_dispute {
            let mut ok = true;
            for (key, _) in dispute_keys.iter().filter(|(_, v)| v.is_some()) {
                ok = false;
                let key_path = join(path, &format!("source.{key}"));
                let at = self.locs.key(&key_path);
                self.problems.push(Problem::new(
                    self.file,
                    at,
                    format!(
                        "{key_path}: only a dispute names it, expected `kind: dispute` in the source or no `{key}`"
                    ),
                ));
            }
            if !raw.accounts.is_empty() {
                ok = false;
                self.problem(
                    &join(path, "accounts"),
                    "only a dispute lists the other reports of its ruling, expected `kind: dispute` in the source or no `accounts`",
                );
            }
            return ok.then_some(None);
        }
        let mut ok = true;
        let mut required = |l: &mut Self, key: &str, value: &Option<String>, what: &str| match value
            .as_deref()
            .map(str::trim)
        {
            Some(v) if !v.is_empty() => v.to_string(),
            _ => {
                ok = false;
                l.problem(
                    &join(path, &format!("source.{key}")),
                    format!("a dispute needs it, expected {what}"),
                );
                String::new()
            }
        };
        let thread = required(self, "thread", &src.thread, "the thread or report the ruling is from (its file under ../shared/games, or its title)");
        let event = required(self, "event", &src.event, "the event where the ruling was given, as the source names it (不详 when it names none, with notes saying how the event is known)");
        let date = required(
            self,
            "date",
            &src.date,
            "the game's date: YYYY-MM-DD, YYYY-MM or YYYY",
        );
        let red = required(
            self,
            "red",
            &src.red,
            "red's player, as the source names them",
        );
        let black = required(
            self,
            "black",
            &src.black,
            "black's player, as the source names them",
        );
        let ruled_by = required(
            self,
            "ruled_by",
            &src.ruled_by,
            "who gave the ruling, as the source names them (裁判长, 裁判 …)",
        );
        let year = if date.is_empty() {
            None
        } else {
            let y = date_year(&date);
            if y.is_none() {
                ok = false;
                self.problem(
                    &join(path, "source.date"),
                    format!(
                        "'{}' is not a date, expected YYYY-MM-DD, YYYY-MM or YYYY (a year from 1900 to 2099)",
                        clip(&date)
                    ),
                );
            }
            y
        };
        for (i, a) in raw.accounts.iter().enumerate() {
            let apath = index(&join(path, "accounts"), i);
            if a.at.trim().is_empty() {
                ok = false;
                self.problem(
                    &join(&apath, "where"),
                    "expected where the account stands (a thread and post, a page)",
                );
            }
            if a.text.trim().is_empty() {
                ok = false;
                self.problem(
                    &join(&apath, "text"),
                    "expected the account's words, verbatim",
                );
            }
            if !a.agrees && a.note.as_deref().is_none_or(|n| n.trim().is_empty()) {
                ok = false;
                self.problem(
                    &join(&apath, "note"),
                    "an account that reports another ruling (`agrees: false`) says how it differs, expected a `note`",
                );
            }
        }
        if !ok {
            return None;
        }
        Some(Some(Dispute {
            event,
            date,
            year: year?,
            red,
            black,
            round: src.round.clone(),
            ruled_by,
            thread,
            post: src.post.clone(),
            rules_in_force: src.rules_in_force.clone(),
            accounts: raw.accounts.clone(),
        }))
    }

    /// The published verdict and its text, or neither when the source publishes no verdict
    /// (then the notes must say so). `None` when something is wrong; `Some(None)` when no
    /// verdict is published.
    fn verdict(&mut self, path: &str, raw: &raw::Published) -> Option<Option<Verdict>> {
        let Some(name) = raw.verdict.as_deref() else {
            if raw.text.is_some() {
                self.problem(
                    &join(path, "text"),
                    "`text` without `verdict`, expected both (the published verdict and its words) or neither (the source publishes no verdict)",
                );
            }
            if !raw.notes.as_deref().is_some_and(mentions_verdict) {
                self.problem(
                    &join(path, "notes"),
                    "no `verdict`, but the notes do not say that the source publishes none, expected `notes` that mention the verdict ('verdict' or 结论) and say it is not published",
                );
            }
            return Some(None);
        };
        let verdict = published_verdict(name);
        if verdict.is_none() {
            let hint = Verdict::from_chinese(name).map_or_else(String::new, |v| {
                format!(
                    " ('{}' reads as `{}`: write that, and the book's words in `text`)",
                    clip(name),
                    v.name()
                )
            });
            self.problem(
                &join(path, "verdict"),
                format!(
                    "'{}' is not a verdict, expected one of {}{hint}",
                    clip(name),
                    verdict_names()
                ),
            );
        }
        match raw.text.as_deref() {
            None => self.problem(
                &join(path, "verdict"),
                "`verdict` without `text`, expected the published verdict, verbatim, in `text`",
            ),
            Some(t) if t.trim().is_empty() => self.problem(
                &join(path, "text"),
                "expected the published verdict, verbatim",
            ),
            Some(_) => {}
        }
        verdict.map(Some)
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

    /// Read one published move (text and, when given, ICCS) and check the two agree.
    fn published_move(
        &mut self,
        mpath: &str,
        ply: usize,
        pos: &Position,
        m: &raw::PublishedMove,
    ) -> Option<Move> {
        let side = pos.turn().name();
        let values = [m.text.as_str(), m.iccs.as_deref().unwrap_or("")];
        let iccs_path = join(mpath, "iccs");
        let text_path = join(mpath, "move");
        let by_iccs = match m.iccs.as_deref() {
            None => None,
            Some(t) => match iccs::parse(t) {
                Err(e) => {
                    let why = e.to_string();
                    let why = why.strip_prefix(&format!("{t}: ")).unwrap_or(&why);
                    self.echo(&values, &iccs_path, format!("ply {ply}: '{t}' is {why}"));
                    return None;
                }
                Ok(mv) => match pos.check_move(mv) {
                    Err(e) => {
                        self.echo(
                            &values,
                            &iccs_path,
                            format!("ply {ply} ({t}): {e}, expected a legal move for {side}"),
                        );
                        return None;
                    }
                    Ok(()) => Some(mv),
                },
            },
        };
        if m.loose.is_some() && by_iccs.is_none() {
            self.echo(&values,
                &join(mpath, "loose"),
                format!(
                    "ply {ply}: a loose move must give `iccs`, expected the ICCS of the move '{}' means",
                    m.text
                ),
            );
            return None;
        }
        let text = m.text.trim();
        match (notation::parse_move(pos, text), by_iccs) {
            (Ok(mv), None) => Some(mv),
            (Ok(mv), Some(i)) if mv == i => Some(mv),
            (Ok(mv), Some(i)) => {
                self.echo(&values,
                    &text_path,
                    format!("ply {ply}: '{text}' is {mv} here but iccs says {i}, expected both to name the same move"),
                );
                None
            }
            (Err(e), Some(i)) if m.loose.is_some() && !e.candidates().is_empty() => {
                if e.candidates().contains(&i) {
                    Some(i)
                } else {
                    self.echo(&values,
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
                self.echo(&values,
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
                    &values,
                    &text_path,
                    format!("ply {ply}: {}", unreadable(&e, side)),
                );
                None
            }
        }
    }

    /// A cited line must be legal from the position after `after_ply`, played by the side to
    /// move there or, with `again`, by the side that made ply `after_ply` (接续再走).
    fn line(&mut self, lpath: &str, line: &raw::Line, positions: &[Position]) {
        let last = positions.len() - 1;
        let Some(after) = positions.get(line.after_ply) else {
            self.problem(
                &join(lpath, "after_ply"),
                format!(
                    "{} is past the last published move, expected 0 to {last}",
                    line.after_ply
                ),
            );
            return;
        };
        let start = if line.again {
            if line.after_ply == 0 {
                self.problem(
                    &join(lpath, "again"),
                    "`again: true` after ply 0: no side has moved yet, expected `after_ply` of the move whose side moves again (1 or more)",
                );
                return;
            }
            let mover = !after.turn();
            match after.with_turn(mover) {
                Some(p) => p,
                None => {
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
                    return;
                }
            }
        } else {
            after.clone()
        };
        if line.moves.is_empty() {
            self.problem(&join(lpath, "moves"), "no moves, expected the cited line");
        }
        let start_side = start.turn();
        let mut pos = start;
        for (j, text) in line.moves.iter().enumerate() {
            let mpath = index(&join(lpath, "moves"), j);
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
                    // A first move that the side which just moved could make: say how to write
                    // a line in which it moves again.
                    let hint = (j == 0 && !line.again && line.after_ply > 0)
                        .then(|| pos.with_turn(!pos.turn()))
                        .flatten()
                        .filter(|p| notation::parse_move(p, text).is_ok())
                        .map_or(String::new(), |p| {
                            format!(
                                "; it is a legal move for {}: if the source has the side that just moved move again (接续再走), write `again: true`",
                                p.turn().name()
                            )
                        });
                    self.echo(
                        &[text, e.text()],
                        &mpath,
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
}

/// Whether notes mention the verdict (as they must when none is published).
/// The year of a date written `YYYY-MM-DD`, `YYYY-MM` or `YYYY` (1900–2099), with a valid
/// month and day when they are given.
fn date_year(date: &str) -> Option<u16> {
    let parts: Vec<&str> = date.split('-').collect();
    let num = |s: &str, len: usize| {
        (s.len() == len && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u16>().ok())
            .flatten()
    };
    let year = num(parts.first()?, 4).filter(|y| (1900..2100).contains(y))?;
    match parts.as_slice() {
        [_] => Some(year),
        [_, m] => num(m, 2).filter(|m| (1..=12).contains(m)).map(|_| year),
        [_, m, d] => {
            num(m, 2).filter(|m| (1..=12).contains(m))?;
            num(d, 2).filter(|d| (1..=31).contains(d)).map(|_| year)
        }
        _ => None,
    }
}

pub fn mentions_verdict(notes: &str) -> bool {
    notes.to_ascii_lowercase().contains("verdict") || notes.contains("结论")
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A case whose second red move is the loose text `马四进二` (two red horses on file 四).
    fn loose_case(iccs: &str) -> String {
        format!(
            "id: loose\ntitle: t\ntags: []\nposition:\n  fen: 3k5/9/9/9/9/9/5N3/9/5N3/4K4 w\n  provenance: published\npublished:\n  - edition: cxa2011\n    source: {{ work: w }}\n    moves:\n      - {{ move: {iccs}, loose: 原书未写前后 }}\n    cycle: pattern\n    cycle_note: n\n    verdict: draw\n    text: t\n"
        )
        .replace("move: f", "move: 马四进二, iccs: f")
    }

    #[test]
    fn loose_move_iccs_must_be_a_candidate() {
        // The two horses f3 and f1 can both 进二 (to h4 and h2): the text is ambiguous, and a
        // loose move is read as its iccs when that is one of the two.
        for iccs in ["f1h2", "f3h4"] {
            let l = lint_text("loose.yaml", "loose", &loose_case(iccs));
            assert!(l.problems.is_empty(), "{iccs}: {:?}", l.problems);
            let case = l.case.unwrap();
            assert_eq!(case.published[0].moves[0].mv.to_string(), iccs);
        }
        // f3g5 is legal, but not a move 马四进二 could mean.
        let l = lint_text("loose.yaml", "loose", &loose_case("f3g5"));
        assert_eq!(
            l.problems.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
            ["loose.yaml:11:29: published[0].moves[0].iccs: ply 1: f3g5 is not one of the moves the loose text '马四进二' could mean, expected one of f3h4, f1h2"]
        );
        // Without `loose`, an ambiguous text is a problem, and says how to write it strictly.
        let strict = loose_case("f1h2").replace(", loose: 原书未写前后", "");
        let l = lint_text("loose.yaml", "loose", &strict);
        assert_eq!(
            l.problems.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
            ["loose.yaml:11:17: published[0].moves[0].move: ply 1: '马四进二' is ambiguous: two red horses stand on file 四 (f3, f1) and both can advance to file 二; write 前马进二 or 后马进二, expected strict notation, or `loose: <why>` with `iccs`"]
        );
    }

    #[test]
    fn chinese_and_wxf_are_read_without_iccs() {
        let moves = ["后马进二", "将4进1", "H4+3", "K4-1"]
            .map(|m| format!("{{ move: {m} }}"))
            .join("\n      - ");
        let case = loose_case("f1h2").replace(
            "{ move: 马四进二, iccs: f1h2, loose: 原书未写前后 }",
            &moves,
        );
        let l = lint_text("loose.yaml", "loose", &case);
        assert!(l.problems.is_empty(), "{:?}", l.problems);
        let moves: Vec<String> = l.case.unwrap().published[0]
            .moves
            .iter()
            .map(|m| m.mv.to_string())
            .collect();
        assert_eq!(moves, ["f1h2", "d9d8", "f3g5", "d8d9"]);
    }

    /// The fig. 6 moves (red checks with the rook, the black king steps aside) with `tail` as
    /// the end of the published block.
    fn fig6(tail: &str) -> String {
        format!(
            "id: f\ntitle: t\ntags: []\nposition:\n  fen: 2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w\n  provenance: published\npublished:\n  - edition: cxa2011\n    source: {{ work: w }}\n    moves: [{{ move: f0e0 }}, {{ move: e8f8 }}, {{ move: e0f0 }}, {{ move: f8e8 }}]\n    cycle: exact\n{tail}"
        )
    }

    #[test]
    fn a_verdict_the_source_does_not_publish_is_omitted() {
        let l = lint_text(
            "f.yaml",
            "f",
            &fig6("    notes: The source prints the labels but no verdict.\n"),
        );
        assert!(l.problems.is_empty(), "{:?}", l.problems);
        let block = &l.case.unwrap().published[0];
        assert_eq!((block.verdict, block.text.as_deref()), (None, None));
        let l = lint_text(
            "f.yaml",
            "f",
            &fig6("    verdict: red_loses\n    text: 红方长将，不变作负。\n"),
        );
        assert!(l.problems.is_empty(), "{:?}", l.problems);
        let block = &l.case.unwrap().published[0];
        assert_eq!(block.verdict, Some(Verdict::RedLoses));
        assert!(mentions_verdict("原文未给出结论"));
        assert!(!mentions_verdict("labels only"));
    }

    #[test]
    fn a_line_with_again_is_played_by_the_side_that_just_moved() {
        // After 将5平6 black moves again: 将6进1, then red's rook follows the king.
        let tail = "    verdict: red_loses\n    text: t\n    lines:\n      - { after_ply: 2, again: true, moves: [将6进1, 车五平四] }\n";
        let l = lint_text("f.yaml", "f", &fig6(tail));
        assert!(l.problems.is_empty(), "{:?}", l.problems);
        let lines = &l.case.unwrap().published[0].lines;
        assert!(lines[0].again);
    }
}

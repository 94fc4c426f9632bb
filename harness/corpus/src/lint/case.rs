//! The case as a whole: the move limit, the id, title and tags, the start position and where
//! it comes from, then each published block (checked in [`super::published`]).

use qili::notation::fen;
use qili::rules::RuleBook;
use qili::{Position, SetupMode};

use crate::case::{raw, Case, Provenance, PublishedRuling};
use crate::edition::Edition;
use crate::locate::{index, join};
use crate::problem::Problem;
use crate::tags::{self, Tag};
use crate::vocabulary::is_id;
use qili_io::bounds::{self, clip, MAX_CASE_MOVES};

use super::{text_line, Linter};

impl Linter<'_> {
    /// Check everything; returns the case when the parts needed to build it are sound (the
    /// caller drops it if any problem was found).
    pub(super) fn case(&mut self, raw: raw::CaseFile, stem: &str) -> Option<Case> {
        if !self.within_move_limit(&raw.published) {
            return None;
        }
        self.id(&raw.id, stem);
        if raw.title.trim().is_empty() || raw.title.contains('\n') {
            self.problem("title", "expected one non-empty line");
        }
        let tags = self.tags(&raw.tags);
        let provenance = self.provenance(&raw.position);
        let editions: Vec<Option<Edition>> = raw
            .published
            .iter()
            .map(|p| Edition::from_name(&p.edition))
            .collect();
        let start = self.start(&raw.position.fen, setup_mode(&editions));
        let published = self.blocks(raw.published, &editions, start.as_ref());
        Some(Case {
            id: raw.id,
            file: self.file.to_string(),
            title: raw.title,
            tags,
            fen: raw.position.fen,
            start: start?,
            provenance: provenance?,
            published,
        })
    }

    /// Every move is read and played, and every published one judged: they are bounded before
    /// anything else is checked.
    fn within_move_limit(&mut self, published: &[raw::Published]) -> bool {
        let total: usize = published
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
            return false;
        }
        true
    }

    /// The id is well formed and is the file name.
    fn id(&mut self, id: &str, stem: &str) {
        if !is_id(id) {
            self.problem(
                "id",
                format!(
                    "'{}' is not a valid id, expected lower-case ASCII letters and digits joined by single dashes (cxa2011-fig02)",
                    clip(id)
                ),
            );
        } else if id != stem {
            self.problem(
                "id",
                format!(
                    "'{}' does not match the file name, expected '{}' (the id is the file name without .yaml)",
                    clip(id),
                    clip(stem)
                ),
            );
        }
    }

    /// The known tags, each once.
    fn tags(&mut self, names: &[String]) -> Vec<Tag> {
        let mut tag_list = Vec::new();
        for (i, t) in names.iter().enumerate() {
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
        tag_list
    }

    /// The start position, read under `mode`; a syntax error points at its character.
    fn start(&mut self, fen_text: &str, mode: SetupMode) -> Option<Position> {
        match fen::parse(fen_text, mode) {
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
        }
    }

    /// Each published block, one per edition; the sound ones.
    fn blocks(
        &mut self,
        blocks: Vec<raw::Published>,
        editions: &[Option<Edition>],
        start: Option<&Position>,
    ) -> Vec<PublishedRuling> {
        if blocks.is_empty() {
            self.problem(
                "published",
                "no published answer, expected at least one block (edition, source, moves, cycle, verdict, text)",
            );
        }
        let mut published = Vec::new();
        for (b, block) in blocks.into_iter().enumerate() {
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
            if let Some(p) = self.published(&path, block, start) {
                published.push(p);
            }
        }
        published
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
                self.not_reconstructed(raw);
                if raw.provenance == "published" {
                    return Some(Provenance::Published);
                }
                self.game(raw.game.as_ref())
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

    /// Only a reconstructed position says what it realises and what is missing.
    fn not_reconstructed(&mut self, raw: &raw::Position) {
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
    }

    /// A position taken from a game names the record, the game and the ply.
    fn game(&mut self, game: Option<&raw::GameRef>) -> Option<Provenance> {
        let Some(g) = game else {
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
}

/// The position is checked as the case's rule books set up theirs: a composed problem's extra
/// pieces are legal if one of its editions' books allows them.
fn setup_mode(editions: &[Option<Edition>]) -> SetupMode {
    let composed = editions
        .iter()
        .flatten()
        .any(|&e| RuleBook::get(e).setup == SetupMode::Composed);
    if composed {
        SetupMode::Composed
    } else {
        SetupMode::Standard
    }
}

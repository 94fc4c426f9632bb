//! The case file: the YAML schema as written ([`raw`]) and the checked case the runner uses
//! ([`Case`]). `corpus/README.md` is the prose version of this module; keep them in step.
//!
//! The raw structs keep every vocabulary field as text so that the lint can report *all* unknown
//! labels, verdicts, editions and tags of a file at once, each at its line and column; serde
//! rejects unknown keys (`deny_unknown_fields`) and wrong shapes, one error per file.

use qili::rules::{Label, Verdict};
use qili::{Move, Position};
use serde::Serialize;

use crate::edition::Edition;
use crate::tags::Tag;

/// The file as deserialised, before any check.
pub mod raw {
    use serde::{Deserialize, Deserializer};

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct CaseFile {
        pub id: String,
        pub title: String,
        pub tags: Vec<String>,
        pub position: Position,
        pub published: Vec<Published>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Position {
        pub fen: String,
        pub provenance: String,
        #[serde(default)]
        pub realises: Option<Vec<String>>,
        #[serde(default)]
        pub missing: Option<Vec<String>>,
        /// With `provenance: game`: the game record the position was taken from.
        #[serde(default)]
        pub game: Option<GameRef>,
    }

    /// Where in a game record a position stands: the record, which game of it, and how many
    /// plies of its main line lead there.
    #[derive(Clone, Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct GameRef {
        pub record: String,
        #[serde(default = "first")]
        pub game: usize,
        pub after_ply: usize,
    }

    fn first() -> usize {
        1
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Published {
        pub edition: String,
        pub source: Source,
        pub moves: Vec<PublishedMove>,
        #[serde(default)]
        pub labels_from: Option<String>,
        pub cycle: String,
        #[serde(default)]
        pub cycle_note: Option<String>,
        /// Absent when the source publishes no verdict (then `text` is absent too and `notes`
        /// says so).
        #[serde(default)]
        pub verdict: Option<String>,
        #[serde(default)]
        pub text: Option<String>,
        #[serde(default)]
        pub lines: Vec<Line>,
        /// With a dispute: the other reports of the same ruling, each as written.
        #[serde(default)]
        pub accounts: Vec<Account>,
        #[serde(default)]
        pub notes: Option<String>,
    }

    /// Another report of a dispute's ruling: where it stands, its words, and whether it
    /// reports the same ruling as the block.
    #[derive(Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
    #[serde(deny_unknown_fields)]
    pub struct Account {
        #[serde(rename = "where")]
        pub at: String,
        pub text: String,
        pub agrees: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub note: Option<String>,
    }

    /// Where the published answer comes from. Years and pages may be written as numbers. A
    /// dispute (`kind: dispute`: a ruling given at an event, as a source reports it) also
    /// names the event, the game and who ruled.
    #[derive(Clone, Debug, Default, Deserialize, serde::Serialize)]
    #[serde(deny_unknown_fields)]
    pub struct Source {
        pub work: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub figure: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub author: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub article: Option<String>,
        #[serde(
            default,
            deserialize_with = "text_or_number",
            skip_serializing_if = "Option::is_none"
        )]
        pub year: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub url: Option<String>,
        #[serde(
            default,
            deserialize_with = "text_or_number",
            skip_serializing_if = "Option::is_none"
        )]
        pub page: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub transcription: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub via: Option<String>,
        /// `publication` (the default: a book, an article) or `dispute`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub kind: Option<String>,
        /// A dispute's source thread or report (a file under ../shared/games, or a title).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub thread: Option<String>,
        /// The post (or posts) of the thread that report the ruling.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub post: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub event: Option<String>,
        #[serde(
            default,
            deserialize_with = "text_or_number",
            skip_serializing_if = "Option::is_none"
        )]
        pub date: Option<String>,
        #[serde(
            default,
            deserialize_with = "text_or_number",
            skip_serializing_if = "Option::is_none"
        )]
        pub round: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub red: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub black: Option<String>,
        /// Who gave the ruling, as the source names them (裁判长, 裁判 …).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub ruled_by: Option<String>,
        /// The rules the event played under, as the source says.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub rules_in_force: Option<String>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct PublishedMove {
        #[serde(rename = "move")]
        pub text: String,
        #[serde(default)]
        pub iccs: Option<String>,
        #[serde(default)]
        pub label: Option<String>,
        #[serde(default)]
        pub loose: Option<String>,
        /// The source did not print this move: why it was added (to close the cycle shown).
        #[serde(default)]
        pub added: Option<String>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Line {
        pub after_ply: usize,
        pub moves: Vec<String>,
        #[serde(default)]
        pub note: Option<String>,
        /// The side that made ply `after_ply` moves again (接续再走).
        #[serde(default)]
        pub again: bool,
    }

    fn text_or_number<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum TextOrNumber {
            Text(String),
            Number(i64),
        }
        Ok(Option::<TextOrNumber>::deserialize(d)?.map(|v| match v {
            TextOrNumber::Text(s) => s,
            TextOrNumber::Number(n) => n.to_string(),
        }))
    }
}

pub use raw::{Account, Source};

/// A case that passed the lint: every field checked, every move legal.
#[derive(Clone, Debug)]
pub struct Case {
    pub id: String,
    /// The path the file was read from, as the user named it (for messages).
    pub file: String,
    pub title: String,
    pub tags: Vec<Tag>,
    /// The FEN as written in the file.
    pub fen: String,
    pub start: Position,
    pub provenance: Provenance,
    pub published: Vec<PublishedRuling>,
}

/// Whether the diagram was printed or built by us; a reconstruction always says what it
/// realises.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "provenance", rename_all = "snake_case")]
pub enum Provenance {
    Published,
    Reconstructed {
        realises: Vec<String>,
        missing: Vec<String>,
    },
    /// Taken from a game record: the position after `after_ply` plies of game `game`'s main
    /// line in `record`.
    Game {
        record: String,
        game: usize,
        after_ply: usize,
    },
}

/// A ruling given at an event (`source.kind: dispute`), checked: the event, the game, who
/// ruled, and the other reports of it. The ruling's words are the block's `text`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Dispute {
    pub event: String,
    /// As written: `2012-05-09`, `2012-05` or `2012`.
    pub date: String,
    pub year: u16,
    pub red: String,
    pub black: String,
    pub round: Option<String>,
    pub ruled_by: String,
    pub thread: String,
    pub post: Option<String>,
    pub rules_in_force: Option<String>,
    pub accounts: Vec<Account>,
}

impl Dispute {
    /// Whether another report of the ruling says something else.
    pub fn sources_disagree(&self) -> bool {
        self.accounts.iter().any(|a| !a.agrees)
    }
}

/// Where the published per-move labels come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LabelsFrom {
    /// Printed beside each move.
    Caption,
    /// Inferred from the printed summary (红方长捉 …).
    Summary,
}

/// What the published moves claim about the cycle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "cycle", rename_all = "snake_case")]
pub enum CycleClaim {
    /// The moves return to the start position (checked by position hash).
    Exact,
    /// They do not; the note says why the book judges them anyway.
    Pattern { note: String },
}

/// One edition's published answer.
#[derive(Clone, Debug)]
pub struct PublishedRuling {
    pub edition: Edition,
    pub source: Source,
    pub moves: Vec<PublishedMove>,
    pub labels_from: LabelsFrom,
    pub cycle: CycleClaim,
    /// The published verdict; `None` when the source publishes none (the notes say so).
    pub verdict: Option<Verdict>,
    /// The verdict as printed; present exactly when `verdict` is.
    pub text: Option<String>,
    pub lines: Vec<CitedLine>,
    pub notes: Option<String>,
    /// `Some` for a ruling given at an event (`source.kind: dispute`).
    pub dispute: Option<Dispute>,
}

impl PublishedRuling {
    /// The moves the engine is asked to judge.
    pub fn engine_moves(&self) -> Vec<Move> {
        self.moves.iter().map(|m| m.mv).collect()
    }
}

/// A published move, read and checked.
#[derive(Clone, Debug)]
pub struct PublishedMove {
    /// As printed.
    pub text: String,
    pub mv: Move,
    pub label: Option<Label>,
    /// Why the printed text is loose, when it is.
    pub loose: Option<String>,
    /// Not printed by the source: why it was added (to close the cycle the figure shows). It
    /// carries no published label.
    pub added: Option<String>,
}

/// A line the source cites (伏 …), checked legal from the position after `after_ply`: played
/// by the side to move there, or, with `again`, by the side that made ply `after_ply` moving
/// again (接续再走).
#[derive(Clone, Debug, Serialize)]
pub struct CitedLine {
    pub after_ply: usize,
    pub moves: Vec<String>,
    pub note: Option<String>,
    pub again: bool,
}

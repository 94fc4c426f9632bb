//! The totals of a scan, printed at its end.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::record::GameLine;

/// What a scan found, over every file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    pub files: usize,
    pub games: usize,
    pub games_with_repetition: usize,
    pub episodes: usize,
    /// Games read, by the format they were read as.
    pub formats: BTreeMap<String, usize>,
    /// Episodes by verdict name.
    pub verdicts: BTreeMap<String, usize>,
    /// Games whose recorded result was held against the verdict, and how many disagree.
    pub results_compared: usize,
    pub results_disagreeing: usize,
    /// Games whose termination (adjudication, referee's decision) was held against the
    /// verdict, and how many disagree.
    pub terminations_compared: usize,
    pub terminations_disagreeing: usize,
    /// Games whose episodes ran out of their budget (MAX_GAME_WORK, MAX_GAME_PLIES).
    pub games_over_budget: usize,
    /// Errors by kind (`unreadable file`, `unreadable game`, `bad move` …).
    pub errors: BTreeMap<String, usize>,
}

impl Summary {
    /// Count one game.
    pub fn add(&mut self, line: &GameLine) {
        self.games += 1;
        *self.formats.entry(line.format.to_string()).or_default() += 1;
        if !line.episodes.is_empty() {
            self.games_with_repetition += 1;
        }
        self.episodes += line.episodes.len();
        for e in &line.episodes {
            *self
                .verdicts
                .entry(e.ruling.verdict.name().to_string())
                .or_default() += 1;
        }
        if let Some(agrees) = line.recorded.as_ref().and_then(|r| r.agrees) {
            self.results_compared += 1;
            self.results_disagreeing += usize::from(!agrees);
        }
        if let Some(agrees) = line.termination.as_ref().and_then(|t| t.agrees) {
            self.terminations_compared += 1;
            self.terminations_disagreeing += usize::from(!agrees);
        }
        if line.error.is_some() {
            *self.errors.entry("bad move".to_string()).or_default() += 1;
        }
        self.games_over_budget += usize::from(line.budget.is_some());
    }

    /// Add the counts of another part of the scan (a partition of its files, scanned
    /// elsewhere): the sum is the summary of the whole.
    pub fn merge(&mut self, other: &Summary) {
        self.files += other.files;
        self.games += other.games;
        self.games_with_repetition += other.games_with_repetition;
        self.episodes += other.episodes;
        for (mine, theirs) in [
            (&mut self.formats, &other.formats),
            (&mut self.verdicts, &other.verdicts),
            (&mut self.errors, &other.errors),
        ] {
            for (k, n) in theirs {
                *mine.entry(k.clone()).or_default() += n;
            }
        }
        self.results_compared += other.results_compared;
        self.results_disagreeing += other.results_disagreeing;
        self.terminations_compared += other.terminations_compared;
        self.terminations_disagreeing += other.terminations_disagreeing;
    }

    /// Count an error that kept a file or a game from being read.
    pub fn error(&mut self, kind: &str) {
        *self.errors.entry(kind.to_string()).or_default() += 1;
    }

    /// The summary in a few lines, for standard error.
    pub fn text(&self) -> String {
        let verdicts: Vec<String> = self
            .verdicts
            .iter()
            .map(|(v, n)| format!("{v} {n}"))
            .collect();
        let formats: Vec<String> = self
            .formats
            .iter()
            .map(|(f, n)| format!("{f} {n}"))
            .collect();
        let errors: Vec<String> = self
            .errors
            .iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        let over_budget = if self.games_over_budget > 0 {
            format!(
                "; games whose budget ran out (MAX_GAME_WORK, MAX_GAME_PLIES) {}",
                self.games_over_budget
            )
        } else {
            String::new()
        };
        format!(
            "{} file(s), {} game(s) ({}), {} with a repetition ({} episode(s): {}); recorded results compared {}, disagreeing {}; terminations compared {}, disagreeing {}{over_budget}; errors: {}",
            self.files,
            self.games,
            formats.join(", "),
            self.games_with_repetition,
            self.episodes,
            if verdicts.is_empty() { "none".to_string() } else { verdicts.join(", ") },
            self.results_compared,
            self.results_disagreeing,
            self.terminations_compared,
            self.terminations_disagreeing,
            if errors.is_empty() { "none".to_string() } else { errors.join(", ") },
        )
    }
}

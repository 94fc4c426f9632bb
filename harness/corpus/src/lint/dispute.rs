//! A dispute's source (`source.kind: dispute`): a ruling given at an event, with its thread,
//! event, date, players and referee, and the other accounts of it; a publication names none.

use crate::case::{raw, Dispute};
use crate::locate::{index, join};
use crate::problem::Problem;
use qili_io::bounds::clip;

use super::Linter;

impl Linter<'_> {
    /// The thread, event, date, players and who ruled are required (the ruling's words are the
    /// block's `text`, which [`Self::verdict`] requires with a verdict); a publication names
    /// none of them. `None` when something is wrong; `Some(None)` for a publication.
    pub(super) fn dispute(&mut self, path: &str, raw: &raw::Published) -> Option<Option<Dispute>> {
        if self.is_dispute(path, raw.source.kind.as_deref())? {
            self.ruling_at_event(path, raw).map(Some)
        } else {
            self.publication(path, raw).then_some(None)
        }
    }

    /// Whether the source is a dispute (`None`: the kind is unknown).
    fn is_dispute(&mut self, path: &str, kind: Option<&str>) -> Option<bool> {
        match kind {
            None | Some("publication") => Some(false),
            Some("dispute") => Some(true),
            Some(other) => {
                self.problem(
                    &join(path, "source.kind"),
                    format!(
                        "'{}' is not a source kind, expected publication (a book or an article; the default) or dispute (a ruling given at an event)",
                        clip(other)
                    ),
                );
                None
            }
        }
    }

    /// A publication names none of a dispute's keys and lists no accounts (false when it does).
    fn publication(&mut self, path: &str, raw: &raw::Published) -> bool {
        let mut ok = true;
        for (key, _) in dispute_keys(&raw.source)
            .iter()
            .filter(|(_, v)| v.is_some())
        {
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
        ok
    }

    /// The dispute's required keys, its date and its accounts; `None` when one is wrong.
    fn ruling_at_event(&mut self, path: &str, raw: &raw::Published) -> Option<Dispute> {
        let src = &raw.source;
        let thread = self.required(path, "thread", &src.thread, "the thread or report the ruling is from (its file under ../shared/games, or its title)");
        let event = self.required(path, "event", &src.event, "the event where the ruling was given, as the source names it (不详 when it names none, with notes saying how the event is known)");
        let date = self.required(
            path,
            "date",
            &src.date,
            "the game's date: YYYY-MM-DD, YYYY-MM or YYYY",
        );
        let red = self.required(
            path,
            "red",
            &src.red,
            "red's player, as the source names them",
        );
        let black = self.required(
            path,
            "black",
            &src.black,
            "black's player, as the source names them",
        );
        let ruled_by = self.required(
            path,
            "ruled_by",
            &src.ruled_by,
            "who gave the ruling, as the source names them (裁判长, 裁判 …)",
        );
        let year = date.as_deref().and_then(|d| self.year(path, d));
        let accounts_ok = self.accounts(path, &raw.accounts);
        if !accounts_ok {
            return None;
        }
        Some(Dispute {
            event: event?,
            date: date?,
            year: year?,
            red: red?,
            black: black?,
            round: src.round.clone(),
            ruled_by: ruled_by?,
            thread: thread?,
            post: src.post.clone(),
            rules_in_force: src.rules_in_force.clone(),
            accounts: raw.accounts.clone(),
        })
    }

    /// A key a dispute needs, trimmed (`None`, with the problem, when it is missing or blank).
    fn required(
        &mut self,
        path: &str,
        key: &str,
        value: &Option<String>,
        what: &str,
    ) -> Option<String> {
        match value.as_deref().map(str::trim) {
            Some(v) if !v.is_empty() => Some(v.to_string()),
            _ => {
                self.problem(
                    &join(path, &format!("source.{key}")),
                    format!("a dispute needs it, expected {what}"),
                );
                None
            }
        }
    }

    /// The year of the dispute's date (`None`, with the problem, when it is not a date).
    fn year(&mut self, path: &str, date: &str) -> Option<u16> {
        let y = date_year(date);
        if y.is_none() {
            self.problem(
                &join(path, "source.date"),
                format!(
                    "'{}' is not a date, expected YYYY-MM-DD, YYYY-MM or YYYY (a year from 1900 to 2099)",
                    clip(date)
                ),
            );
        }
        y
    }

    /// Each account says where it stands and what it says, and how it differs when it does
    /// (false when one does not).
    fn accounts(&mut self, path: &str, accounts: &[raw::Account]) -> bool {
        let mut ok = true;
        for (i, a) in accounts.iter().enumerate() {
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
        ok
    }
}

/// The keys only a dispute's source names, with their values.
fn dispute_keys(src: &raw::Source) -> [(&'static str, &Option<String>); 9] {
    [
        ("thread", &src.thread),
        ("event", &src.event),
        ("date", &src.date),
        ("red", &src.red),
        ("black", &src.black),
        ("ruled_by", &src.ruled_by),
        ("post", &src.post),
        ("round", &src.round),
        ("rules_in_force", &src.rules_in_force),
    ]
}

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

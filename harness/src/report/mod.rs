//! The three reports of a run, rendered from [`Results`], and how they reach the disk: as one
//! set, written into a temporary directory that then replaces the output directory in one
//! rename ([`disk`]), so an interrupted run leaves the old reports whole and two runs never
//! mix theirs; or, with `--check`, compared with the files already there.

pub mod disputes;
pub mod engines;
pub mod html;
pub mod json;
pub mod markdown;
pub mod scan;
pub mod svg;

use std::path::{Path, PathBuf};

use crate::results::Results;
pub use qili_io::disk::{self, Rendered};

/// The file names, in the order they are written.
pub const FILES: [&str; 3] = ["summary.md", "report.html", "results.json"];

/// Render every report.
pub fn render(results: &Results) -> Vec<Rendered> {
    let mut all = Vec::new();
    each(results, |r| {
        all.push(r);
        Ok::<(), ()>(())
    })
    .expect("pushing cannot fail");
    all
}

/// Render the reports one after the other, each handed to `f` (which writes it, say) before
/// the next is rendered: only one is held at a time.
pub fn each<E>(results: &Results, mut f: impl FnMut(Rendered) -> Result<(), E>) -> Result<(), E> {
    f(Rendered {
        name: FILES[0],
        content: markdown::render(results),
    })?;
    f(Rendered {
        name: FILES[1],
        content: html::render(results),
    })?;
    f(Rendered {
        name: FILES[2],
        content: json::render(results),
    })
}

/// Write every report into `dir` as one set: a reader sees the old set or the new one, never
/// a mix ([`disk`] says how). The error names the path it is about.
pub fn write_set(dir: &Path, reports: &[Rendered]) -> Result<(), String> {
    disk::write_set(dir, reports)
}

/// A committed report that differs from a fresh run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaleReport {
    pub path: PathBuf,
    /// Missing, or the first differing line.
    pub why: String,
}

/// Compare freshly rendered reports with the files in `dir`.
pub fn check(dir: &Path, reports: &[Rendered]) -> Vec<StaleReport> {
    let mut stale = Vec::new();
    for r in reports {
        let path = dir.join(r.name);
        match std::fs::read_to_string(&path) {
            Err(e) => stale.push(StaleReport {
                why: format!("cannot read it ({e})"),
                path,
            }),
            Ok(old) if old == r.content => {}
            Ok(old) => {
                let line = old
                    .lines()
                    .zip(r.content.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or_else(|| old.lines().count().min(r.content.lines().count()))
                    + 1;
                stale.push(StaleReport {
                    why: format!("differs from a fresh run from line {line} on"),
                    path,
                });
            }
        }
    }
    stale
}

/// An edition named as its readers know the case: with its own figure number where it has
/// one (`cxa2011-trial 参考图10`), since editions number the same figure differently.
pub fn edition_named(r: &Results, case: &str, edition: &str) -> String {
    let figure = r
        .cases
        .iter()
        .find(|c| c.id == case)
        .and_then(|c| c.editions.iter().find(|e| e.edition == edition))
        .and_then(|e| e.source.figure.as_deref());
    match figure {
        Some(f) => format!("{edition} {f}"),
        None => edition.to_string(),
    }
}

/// A case's title (empty for an id not in the run).
pub fn case_title<'a>(r: &'a Results, case: &str) -> &'a str {
    r.cases
        .iter()
        .find(|c| c.id == case)
        .map_or("", |c| c.title.as_str())
}

/// A verdict's name (`red_must_change`) in Chinese, or what the reports say when the source
/// publishes none.
pub fn verdict_chinese(name: Option<&str>) -> String {
    match name {
        None => markdown::NOT_PUBLISHED.to_string(),
        Some(n) => {
            qili::rules::Verdict::from_name(n).map_or(n.to_string(), |v| v.chinese().to_string())
        }
    }
}

/// Make text safe inside a table cell.
pub(crate) fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

/// Escape text for HTML.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

//! The three reports of a run, rendered from [`Results`], and how they reach the disk: each
//! written to a temporary file and renamed into place, so an interrupted run leaves the old
//! reports whole; or, with `--check`, compared with the files already there.

pub mod html;
pub mod json;
pub mod markdown;
pub mod svg;

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::results::Results;

/// A report's file name and content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rendered {
    pub name: &'static str,
    pub content: String,
}

/// The file names, in the order they are written.
pub const FILES: [&str; 3] = ["summary.md", "report.html", "results.json"];

/// Render every report.
pub fn render(results: &Results) -> Vec<Rendered> {
    vec![
        Rendered {
            name: FILES[0],
            content: markdown::render(results),
        },
        Rendered {
            name: FILES[1],
            content: html::render(results),
        },
        Rendered {
            name: FILES[2],
            content: json::render(results),
        },
    ]
}

/// The temporary name a report is written under before the rename.
pub fn temp_path(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!("{name}.tmp"))
}

/// Write every report into `dir`: all temporary files first, then the renames. A failure
/// before the renames leaves every old report as it was.
pub fn write_atomically(dir: &Path, reports: &[Rendered]) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut temps = Vec::new();
    for r in reports {
        let tmp = temp_path(dir, r.name);
        let result = (|| {
            let mut f = std::fs::File::create(&tmp)?;
            f.write_all(r.content.as_bytes())?;
            f.sync_all()
        })();
        if let Err(e) = result {
            for t in &temps {
                let _ = std::fs::remove_file(t);
            }
            if tmp.is_file() {
                let _ = std::fs::remove_file(&tmp);
            }
            return Err(io::Error::new(
                e.kind(),
                format!("cannot write {}: {e}", tmp.display()),
            ));
        }
        temps.push(tmp);
    }
    for (r, tmp) in reports.iter().zip(&temps) {
        let dest = dir.join(r.name);
        std::fs::rename(tmp, &dest).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("cannot rename {} to {}: {e}", tmp.display(), dest.display()),
            )
        })?;
    }
    Ok(())
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

//! The files a scan reads: each path given, and every file under a directory given, in sorted
//! order (so the output is the same however the files are read in parallel).
//!
//! A path given that does not exist is an error for the whole scan (a misspelt name must not
//! read as "nothing there"); below a directory, what cannot be read (a file removed during the
//! walk, a directory without permission) is an error for that path and the walk goes on, and
//! what is not a regular file (a FIFO, a device, a socket) is named as skipped, never read.

use std::path::{Path, PathBuf};

/// One path a scan came across.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Entry {
    /// A regular file, to read.
    File(PathBuf),
    /// Not a regular file: named, not read (reading a FIFO or `/dev/zero` never ends).
    Skipped { path: PathBuf, why: String },
    /// Could not be looked at (gone since the directory was listed, no permission).
    Unreadable { path: PathBuf, why: String },
}

impl Entry {
    pub fn path(&self) -> &Path {
        match self {
            Entry::File(p) | Entry::Skipped { path: p, .. } | Entry::Unreadable { path: p, .. } => {
                p
            }
        }
    }
}

/// Every path at or under `paths`, sorted by path and without duplicates; a path given that
/// cannot be looked at is an error naming it.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<Entry>, String> {
    let mut out = Vec::new();
    for p in paths {
        let meta = std::fs::metadata(p).map_err(|e| format!("{}: {e}", p.display()))?;
        visit(p, meta, &mut out);
    }
    out.sort_by(|a, b| a.path().cmp(b.path()));
    out.dedup_by(|a, b| a.path() == b.path());
    Ok(out)
}

fn visit(p: &Path, meta: std::fs::Metadata, out: &mut Vec<Entry>) {
    if meta.is_file() {
        out.push(Entry::File(p.to_path_buf()));
    } else if meta.is_dir() {
        let entries = match std::fs::read_dir(p) {
            Ok(e) => e,
            Err(e) => return out.push(unreadable(p, e)),
        };
        for entry in entries {
            match entry {
                Ok(entry) => {
                    let path = entry.path();
                    match std::fs::metadata(&path) {
                        Ok(m) => visit(&path, m, out),
                        Err(e) => out.push(unreadable(&path, e)),
                    }
                }
                Err(e) => out.push(unreadable(p, e)),
            }
        }
    } else {
        out.push(Entry::Skipped {
            path: p.to_path_buf(),
            why: format!(
                "{}: not a regular file ({}), skipped",
                p.display(),
                kind(&meta)
            ),
        });
    }
}

fn unreadable(p: &Path, e: std::io::Error) -> Entry {
    Entry::Unreadable {
        path: p.to_path_buf(),
        why: format!("{}: {e}", p.display()),
    }
}

/// What kind of file a non-regular one is, in words.
fn kind(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    let _ = meta;
    "not a file or directory"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_not_a_regular_file_is_skipped_and_a_dangling_link_is_an_error_for_itself() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("b.pgn"), "1. h2e2 *").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(dir.path().join("gone"), dir.path().join("a-link")).unwrap();
        let found = collect(&[dir.path().to_path_buf(), PathBuf::from("/dev/null")]).unwrap();
        let files: Vec<_> = found
            .iter()
            .filter(|e| matches!(e, Entry::File(_)))
            .collect();
        assert_eq!(files.len(), 1);
        assert!(found.iter().any(|e| matches!(e, Entry::Skipped { why, .. } if why.contains("/dev/null: not a regular file (a character device)"))), "{found:?}");
        #[cfg(unix)]
        assert!(
            found
                .iter()
                .any(|e| matches!(e, Entry::Unreadable { why, .. } if why.contains("a-link"))),
            "{found:?}"
        );
        assert!(collect(&[dir.path().join("missing")])
            .unwrap_err()
            .contains("missing"));
    }
}

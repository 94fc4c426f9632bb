//! The files a scan reads: each path given, and every file under a directory given, in sorted
//! order (so the output is the same however the files are read in parallel).

use std::path::{Path, PathBuf};

/// Every regular file at or under `paths`, sorted and without duplicates; an unreadable path is
/// an error naming it.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        walk(p, &mut out)?;
    }
    out.sort();
    out.dedup();
    Ok(out)
}

fn walk(p: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let meta = std::fs::metadata(p).map_err(|e| format!("{}: {e}", p.display()))?;
    if meta.is_dir() {
        let entries = std::fs::read_dir(p).map_err(|e| format!("{}: {e}", p.display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| format!("{}: {e}", p.display()))?;
            walk(&entry.path(), out)?;
        }
    } else if meta.is_file() {
        out.push(p.to_path_buf());
    }
    Ok(())
}

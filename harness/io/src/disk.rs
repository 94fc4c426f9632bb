//! Writing the reports as one set: a reader of the output directory sees the old set or the
//! new one, never a mix, whatever stops the run and however many runs write there at once.
//!
//! The reports are written into a fresh temporary directory beside the output directory
//! (`.<name>.qili-tmp-<pid>-<random>`, unique per run), with every other file of the output
//! directory (`perf.md`, say) linked in beside them, and that directory is then exchanged with
//! the output directory in one rename (`renameat2(RENAME_EXCHANGE)` on Linux, `RENAME_SWAP` on
//! macOS). The old set, now under the temporary name, is then removed. Where the exchange is
//! not available, the output directory is renamed aside and the new one renamed in: for the
//! moment between the two renames the directory is missing, but never mixed.
//!
//! An output directory that holds directories is refused (before anything is written): it is
//! not a reports directory (`--out .` would move the repository), and what it holds could not
//! be kept in place while the directory is replaced. A run that is killed leaves at most its
//! temporary directory; the next run removes those whose process has ended. Every error names
//! the path it is about.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// A report's file name and content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rendered {
    pub name: &'static str,
    pub content: String,
}

/// The infix of the temporary directories: `.<name>.qili-tmp-<pid>-…` beside `<name>`.
pub const TEMP_INFIX: &str = ".qili-tmp-";

/// `what path: error`.
fn at(what: &str, path: &Path, e: io::Error) -> String {
    format!("{what} {}: {e}", path.display())
}

/// The output directory to replace: `dir` itself, or what it links to (the link stays).
fn resolve(dir: &Path) -> Result<PathBuf, String> {
    let abs = std::path::absolute(dir).map_err(|e| at("cannot resolve", dir, e))?;
    match fs::symlink_metadata(&abs) {
        Ok(m) if m.file_type().is_symlink() => abs
            .canonicalize()
            .map_err(|e| at("cannot follow the link", dir, e)),
        Ok(m) if !m.is_dir() => Err(format!(
            "{} is not a directory, expected a directory for the reports",
            dir.display()
        )),
        _ => Ok(abs),
    }
}

/// Write `reports` into the directory `dir` as one set (see the module docs).
pub fn write_set(dir: &Path, reports: &[Rendered]) -> Result<(), String> {
    let mut set = SetWriter::begin(dir)?;
    for r in reports {
        set.write(r.name, r.content.as_bytes())?;
    }
    set.commit(|_| true)
}

/// A set of reports being written, file by file, into its temporary directory: nothing of it
/// is seen in the output directory until [`SetWriter::commit`], and a writer dropped without
/// committing removes it. For reports too large to hold at once (`qili scan --report` over a
/// collection writes its pages as it goes).
pub struct SetWriter {
    dir: PathBuf,
    target: PathBuf,
    parent: PathBuf,
    temp: tempfile::TempDir,
    written: Vec<String>,
}

impl SetWriter {
    /// Start a set for `dir`: checked (not a file, no subdirectories), and its temporary
    /// directory made beside it.
    pub fn begin(dir: &Path) -> Result<SetWriter, String> {
        let target = resolve(dir)?;
        let (Some(parent), Some(name)) = (target.parent(), target.file_name()) else {
            return Err(format!(
                "{} has no parent directory, expected a directory to write the reports into",
                dir.display()
            ));
        };
        let (parent, name) = (parent.to_path_buf(), name.to_string_lossy().into_owned());
        refuse_subdirectories(dir, &target)?;
        fs::create_dir_all(&parent).map_err(|e| at("cannot create the directory", &parent, e))?;
        sweep(&parent, &name);

        let prefix = format!(".{name}{TEMP_INFIX}{}-", std::process::id());
        let temp = tempfile::Builder::new()
            .prefix(&prefix)
            .tempdir_in(&parent)
            .map_err(|e| at("cannot create a temporary directory in", &parent, e))?;
        // A temporary directory is private; the reports directory keeps the permissions it had.
        let permissions = fs::metadata(&target)
            .map(|m| m.permissions())
            .unwrap_or_else(|_| default_permissions());
        fs::set_permissions(temp.path(), permissions)
            .map_err(|e| at("cannot set the permissions of", temp.path(), e))?;
        Ok(SetWriter {
            dir: dir.to_path_buf(),
            target,
            parent,
            temp,
            written: Vec::new(),
        })
    }

    /// The directory the set goes to, as given.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Write one file of the set (synced with the others at [`SetWriter::commit`]: the set is
    /// whole on disk before it is shown).
    pub fn write(&mut self, name: &str, content: &[u8]) -> Result<(), String> {
        let path = self.temp.path().join(name);
        (|| {
            let mut f = fs::File::create(&path)?;
            f.write_all(content)
        })()
        .map_err(|e| at("cannot write", &path, e))?;
        self.written.push(name.to_string());
        Ok(())
    }

    /// Sync every file written, several at once: concurrent syncs share the file system's
    /// journal commits, where one after the other each waits for its own (a scan report of
    /// 30 pages on a busy disk waited 5 s).
    fn sync_written(&self) -> Result<(), String> {
        const AT_ONCE: usize = 16;
        let per = self.written.len().div_ceil(AT_ONCE).max(1);
        std::thread::scope(|s| {
            let syncs: Vec<_> = self
                .written
                .chunks(per)
                .map(|names| {
                    s.spawn(move || {
                        names.iter().try_for_each(|name| {
                            let path = self.temp.path().join(name);
                            fs::File::open(&path)
                                .and_then(|f| f.sync_all())
                                .map_err(|e| at("cannot write", &path, e))
                        })
                    })
                })
                .collect();
            syncs
                .into_iter()
                .try_for_each(|h| h.join().unwrap_or_else(|_| Err("a sync panicked".into())))
        })
    }

    /// Show the set: the other files of the output directory that `keep` accepts are linked
    /// in beside it, then it replaces the output directory in one rename.
    pub fn commit(self, keep: impl Fn(&str) -> bool) -> Result<(), String> {
        self.sync_written()?;
        let SetWriter {
            target,
            parent,
            temp,
            written,
            ..
        } = self;
        let staged = temp.path().to_path_buf();
        carry_over(&target, &staged, &written, &keep)?;
        sync_dir(&staged);

        if !target.exists() {
            match fs::rename(&staged, &target) {
                Ok(()) => {
                    // Nothing is left under the temporary name to remove.
                    let _ = temp.keep();
                    sync_dir(&parent);
                    return Ok(());
                }
                // Another run made the directory in the meantime: exchange with it.
                Err(e) if target.exists() => drop(e),
                Err(e) => {
                    return Err(format!(
                        "cannot rename {} to {}: {e}",
                        staged.display(),
                        target.display()
                    ))
                }
            }
        }
        exchange(&staged, &target)?;
        sync_dir(&parent);
        // `staged` now holds the old set.
        temp.close()
            .map_err(|e| at("cannot remove the old reports in", &staged, e))
    }
}

/// Refuse an output directory that holds a directory, naming the first.
fn refuse_subdirectories(dir: &Path, target: &Path) -> Result<(), String> {
    let entries = match fs::read_dir(target) {
        Ok(e) => e,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(at("cannot read the directory", target, e)),
    };
    let mut subdirs: Vec<String> = entries
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    subdirs.sort();
    match subdirs.first() {
        None => Ok(()),
        Some(first) => Err(format!(
            "{} holds the directory {first}{}, expected a directory of reports only (the reports replace the whole directory as one set): choose another --out",
            dir.display(),
            if subdirs.len() > 1 {
                format!(" and {} more", subdirs.len() - 1)
            } else {
                String::new()
            }
        )),
    }
}

/// Link every file of `target` that is not a report of the set and that `keep` accepts into
/// `staged` (by a hard link, or a copy where links are refused; symbolic links as links), so
/// that the new set keeps them.
fn carry_over(
    target: &Path,
    staged: &Path,
    written: &[String],
    keep: &dyn Fn(&str) -> bool,
) -> Result<(), String> {
    let entries = match fs::read_dir(target) {
        Ok(e) => e,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(at("cannot read the directory", target, e)),
    };
    for entry in entries {
        let entry = entry.map_err(|e| at("cannot read the directory", target, e))?;
        let file_name = entry.file_name();
        let shown = file_name.to_string_lossy();
        if written.iter().any(|w| *w == shown) || !keep(&shown) {
            continue;
        }
        let (from, to) = (entry.path(), staged.join(&file_name));
        let kind = match entry.file_type() {
            Ok(k) => k,
            // Gone since the listing (another run replaced the directory): nothing to keep.
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => return Err(at("cannot read", &from, e)),
        };
        let result = if kind.is_dir() {
            // Made since the check by someone else; it goes with the old set.
            Ok(())
        } else if kind.is_symlink() {
            copy_link(&from, &to)
        } else {
            fs::hard_link(&from, &to).or_else(|_| fs::copy(&from, &to).map(drop))
        };
        match result {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(at("cannot keep", &from, e)),
        }
    }
    Ok(())
}

#[cfg(unix)]
fn copy_link(from: &Path, to: &Path) -> io::Result<()> {
    std::os::unix::fs::symlink(fs::read_link(from)?, to)
}

#[cfg(not(unix))]
fn copy_link(from: &Path, to: &Path) -> io::Result<()> {
    fs::copy(from, to).map(drop)
}

#[cfg(unix)]
fn default_permissions() -> fs::Permissions {
    std::os::unix::fs::PermissionsExt::from_mode(0o755)
}

#[cfg(not(unix))]
fn default_permissions() -> fs::Permissions {
    fs::metadata(".")
        .map(|m| m.permissions())
        .expect("the current directory")
}

/// Exchange the directories `staged` and `target` in one rename.
#[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
fn exchange(staged: &Path, target: &Path) -> Result<(), String> {
    use rustix::fs::{renameat_with, RenameFlags, CWD};
    match renameat_with(CWD, staged, CWD, target, RenameFlags::EXCHANGE) {
        Ok(()) => Ok(()),
        // The file system cannot exchange: fall back to two renames.
        Err(rustix::io::Errno::INVAL | rustix::io::Errno::NOSYS | rustix::io::Errno::OPNOTSUPP) => {
            replace(staged, target)
        }
        Err(e) => Err(format!(
            "cannot exchange {} with {}: {}",
            staged.display(),
            target.display(),
            io::Error::from(e)
        )),
    }
}

#[cfg(not(any(target_os = "linux", target_os = "android", target_vendor = "apple")))]
fn exchange(staged: &Path, target: &Path) -> Result<(), String> {
    replace(staged, target)
}

/// Without an exchange: `target` renamed aside, `staged` renamed in, and the old set left under
/// the name `staged` had (so the caller removes it as it would after an exchange).
fn replace(staged: &Path, target: &Path) -> Result<(), String> {
    let mut aside = staged.as_os_str().to_owned();
    aside.push(".old");
    let aside = PathBuf::from(aside);
    fs::rename(target, &aside).map_err(|e| {
        format!(
            "cannot rename {} to {}: {e}",
            target.display(),
            aside.display()
        )
    })?;
    if let Err(e) = fs::rename(staged, target) {
        let _ = fs::rename(&aside, target);
        return Err(format!(
            "cannot rename {} to {}: {e}",
            staged.display(),
            target.display()
        ));
    }
    fs::rename(&aside, staged).map_err(|e| {
        format!(
            "cannot rename {} to {}: {e}",
            aside.display(),
            staged.display()
        )
    })
}

/// Flush a directory's entries to disk (best effort: not every platform can).
fn sync_dir(dir: &Path) {
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
}

/// Remove the temporary directories (or files, a scan's `--out`) of `.<name>.qili-tmp-<pid>-…`
/// beside `name` left by runs that were killed: those whose process no longer exists (Linux:
/// no `/proc/<pid>`). Nothing is removed where that cannot be told.
pub fn sweep(parent: &Path, name: &str) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let prefix = format!(".{name}{TEMP_INFIX}");
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(rest) = file_name.to_str().and_then(|n| n.strip_prefix(&prefix)) else {
            continue;
        };
        let Some(pid) = rest.split('-').next().filter(|p| p.parse::<u32>().is_ok()) else {
            continue;
        };
        if pid != std::process::id().to_string() && !Path::new("/proc").join(pid).exists() {
            let path = entry.path();
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                let _ = fs::remove_dir_all(path);
            } else {
                let _ = fs::remove_file(path);
            }
        }
    }
}

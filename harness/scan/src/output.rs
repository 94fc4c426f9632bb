//! Where a scan's JSON lines go, written as a whole or not at all.
//!
//! `--out FILE` is written into a temporary file beside it (`.FILE.qili-tmp-<pid>-…`), renamed
//! over FILE once every line is written and synced: a scan that fails (a full disk) or is
//! killed leaves FILE as it was, and the next scan removes what a killed one left. A link is
//! followed (the file it names is replaced, the link stays); what is not a regular file
//! (`/dev/null`, a FIFO, a terminal) is written to as it is, never replaced. Standard
//! output must be open (Rust's standard library would otherwise drop every line silently on a
//! closed descriptor); a write that fails there (a closed pipe) is an error too. Every error
//! names its path.

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use qili_io::disk::TEMP_INFIX;

/// The JSON lines' destination.
pub enum Output {
    Stdout(BufWriter<io::Stdout>),
    /// A device or FIFO named by `--out`, written to as it is.
    Device {
        target: PathBuf,
        writer: BufWriter<fs::File>,
    },
    File {
        target: PathBuf,
        /// The file replaced (what a link names).
        resolved: PathBuf,
        temp: tempfile::NamedTempFile,
        writer: BufWriter<fs::File>,
    },
}

impl Output {
    /// Standard output, or a temporary file beside `out` to be renamed over it by
    /// [`Output::finish`].
    pub fn open(out: Option<&Path>) -> Result<Output, String> {
        let Some(target) = out else {
            stdout_open()?;
            return Ok(Output::Stdout(BufWriter::new(io::stdout())));
        };
        let abs = std::path::absolute(target)
            .map_err(|e| format!("--out {}: cannot resolve it: {e}", target.display()))?;
        match fs::metadata(&abs) {
            Ok(m) if m.is_dir() => {
                return Err(format!(
                    "--out {} is a directory, expected a file for the JSON lines",
                    target.display()
                ))
            }
            // A device, a FIFO, a terminal (`/dev/null`, `/dev/stdout`): written to as it is.
            Ok(m) if !m.is_file() => {
                let file = fs::OpenOptions::new()
                    .write(true)
                    .open(&abs)
                    .map_err(|e| format!("--out {}: {e}", target.display()))?;
                return Ok(Output::Device {
                    target: target.to_path_buf(),
                    writer: BufWriter::new(file),
                });
            }
            _ => {}
        }
        // What a link names is replaced, not the link.
        let abs = match fs::symlink_metadata(&abs) {
            Ok(m) if m.file_type().is_symlink() => abs
                .canonicalize()
                .map_err(|e| format!("--out {}: cannot follow the link: {e}", target.display()))?,
            _ => abs,
        };
        let (Some(parent), Some(name)) = (abs.parent(), abs.file_name()) else {
            return Err(format!("--out {}: expected a file name", target.display()));
        };
        let name = name.to_string_lossy().into_owned();
        qili_io::disk::sweep(parent, &name);
        let temp = tempfile::Builder::new()
            .prefix(&format!(".{name}{TEMP_INFIX}{}-", std::process::id()))
            .tempfile_in(parent)
            .map_err(|e| {
                format!(
                    "--out {}: cannot create a temporary file in {}: {e}",
                    target.display(),
                    parent.display()
                )
            })?;
        let writer =
            BufWriter::new(temp.as_file().try_clone().map_err(|e| {
                format!("--out {}: {}: {e}", target.display(), temp.path().display())
            })?);
        Ok(Output::File {
            target: target.to_path_buf(),
            resolved: abs.clone(),
            temp,
            writer,
        })
    }

    /// Write one line.
    pub fn line(&mut self, json: &str) -> Result<(), String> {
        let r = match self {
            Output::Stdout(w) => writeln!(w, "{json}"),
            Output::Device { writer, .. } | Output::File { writer, .. } => {
                writeln!(writer, "{json}")
            }
        };
        r.map_err(|e| self.failed(e))
    }

    fn failed(&self, e: io::Error) -> String {
        match self {
            Output::Stdout(_) => format!("writing the scan to standard output: {e}"),
            Output::Device { target, .. } => {
                format!("writing the scan to {}: {e}", target.display())
            }
            Output::File { target, temp, .. } => format!(
                "writing the scan to {} (through {}; {} is left as it was): {e}",
                target.display(),
                temp.path().display(),
                target.display()
            ),
        }
    }

    /// Flush everything; for a file, sync it and rename it over the target.
    pub fn finish(self) -> Result<(), String> {
        match self {
            Output::Stdout(mut w) => w
                .flush()
                .map_err(|e| format!("writing the scan to standard output: {e}")),
            Output::Device { target, mut writer } => writer
                .flush()
                .map_err(|e| format!("writing the scan to {}: {e}", target.display())),
            Output::File {
                target,
                resolved,
                temp,
                writer,
            } => {
                let file = writer.into_inner().map_err(|e| {
                    format!(
                        "writing the scan to {} (through {}; {} is left as it was): {}",
                        target.display(),
                        temp.path().display(),
                        target.display(),
                        e.error()
                    )
                })?;
                file.sync_all()
                    .map_err(|e| format!("writing the scan to {}: {e}", temp.path().display()))?;
                // A new file gets the permissions a file gets; an old one keeps its own.
                let mode = fs::metadata(&resolved)
                    .map(|m| m.permissions())
                    .unwrap_or_else(|_| default_permissions());
                let _ = fs::set_permissions(temp.path(), mode);
                let from = temp.path().to_path_buf();
                temp.persist(&resolved).map_err(|e| {
                    format!(
                        "cannot rename {} to {}: {}",
                        from.display(),
                        target.display(),
                        e.error
                    )
                })?;
                Ok(())
            }
        }
    }
}

#[cfg(unix)]
fn default_permissions() -> fs::Permissions {
    std::os::unix::fs::PermissionsExt::from_mode(0o644)
}

#[cfg(not(unix))]
fn default_permissions() -> fs::Permissions {
    fs::metadata(".")
        .map(|m| m.permissions())
        .expect("the current directory")
}

/// An error unless standard output was open when the program started.
fn stdout_open() -> Result<(), String> {
    if stdout_was_closed() {
        return Err(
            "standard output is closed: the scan's lines would be lost; give --out FILE or open it"
                .to_string(),
        );
    }
    Ok(())
}

/// Whether standard output was closed: not an open descriptor, or (Linux) the `/dev/null`
/// opened for reading and writing that Rust's runtime puts on a standard descriptor it finds
/// closed at start (a shell's `>/dev/null` opens it for writing only).
fn stdout_was_closed() -> bool {
    #[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
    {
        use rustix::fs::{FileType, OFlags};
        use std::os::fd::AsFd;
        let out = io::stdout();
        let fd = out.as_fd();
        if rustix::io::fcntl_getfd(fd).is_err() {
            return true;
        }
        if cfg!(any(target_os = "linux", target_os = "android")) {
            let (Ok(st), Ok(null)) = (rustix::fs::fstat(fd), rustix::fs::stat("/dev/null")) else {
                return false;
            };
            let device = FileType::from_raw_mode(st.st_mode) == FileType::CharacterDevice
                && st.st_rdev == null.st_rdev;
            return device
                && rustix::fs::fcntl_getfl(fd).is_ok_and(|f| f & OFlags::RWMODE == OFlags::RDWR);
        }
    }
    false
}

/// Whether `out` is one of the files `inputs` (the same file, by device and inode where
/// the system says them, else by canonical path: one `stat` an input, not a path resolved
/// for each of 100,000 files).
pub fn is_input(out: &Path, inputs: &[PathBuf]) -> Option<PathBuf> {
    let Ok(out_meta) = fs::metadata(out) else {
        return None;
    };
    let canon = (!cfg!(unix)).then(|| out.canonicalize().ok()).flatten();
    inputs
        .iter()
        .find(|p| {
            fs::metadata(p).is_ok_and(|m| same_file(&m, &out_meta))
                || (canon.is_some() && p.canonicalize().ok() == canon)
        })
        .cloned()
}

#[cfg(unix)]
fn same_file(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_file(_: &fs::Metadata, _: &fs::Metadata) -> bool {
    false
}

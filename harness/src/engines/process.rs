//! An external adapter: a command started once and asked one request at a time over its
//! standard input and output. Every wait is bounded: a response has `timeout` to arrive, after
//! which the adapter is killed; a crashed, silent or garbled adapter is started again for the
//! next request, and after [`MAX_FAILURES`] failures in a row, or [`MAX_RECENT_FAILURES`] of
//! the last [`RECENT`] requests, it is not asked again, so a broken adapter costs a run at
//! most a few time-outs and never hangs it.
//!
//! What an adapter says is bounded too: a line is read up to [`MAX_LINE`] bytes, at most
//! [`QUEUED_LINES`] lines wait to be read (an adapter that writes on and on waits), a
//! response's `note` and `error` keep [`MAX_FIELD_CHARS`] characters, and an engine's notes
//! and errors together [`MAX_KEPT_BYTES`] (the rest is replaced by a marker). The adapter is
//! started in a process group of its own, and the whole group is killed with it, so that
//! what it started does not outlive it.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use wait_timeout::ChildExt;

use super::protocol::{self, Reply, Request};

/// Failures in a row (crash, time-out, junk, wrong id) after which the adapter is given up.
pub const MAX_FAILURES: usize = 3;
/// The requests over which the rate of failures is counted.
pub const RECENT: usize = 10;
/// Failures among the last [`RECENT`] requests after which the adapter is given up, however
/// they alternate with answers (an adapter that fails every other request).
pub const MAX_RECENT_FAILURES: usize = 5;
/// A response line longer than this is junk (and is not read further).
pub const MAX_LINE: u64 = 1 << 20;
/// Lines read from the adapter and not yet taken: the reader waits (and so does the adapter)
/// once this many wait.
pub const QUEUED_LINES: usize = 16;
/// Characters of a response's `note` or `error` kept; a longer one is cut, with a marker.
pub const MAX_FIELD_CHARS: usize = 2_000;
/// Bytes of notes, errors and failure messages kept per engine over a run; past it, each is
/// replaced by a marker.
pub const MAX_KEPT_BYTES: usize = 1 << 20;
/// The end of the adapter's standard error kept for messages.
const STDERR_TAIL: usize = 2048;
/// How long an adapter that closed its output, or was sent end of input, has to exit.
const GRACE: Duration = Duration::from_millis(500);

/// What the reader thread passes on.
enum Line {
    Text(String),
    TooLong,
    NotUtf8,
    End,
}

/// A started adapter.
struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<Vec<u8>>>,
}

impl Running {
    fn start(argv: &[String]) -> std::io::Result<Running> {
        let mut command = Command::new(&argv[0]);
        command
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // A group of its own, killed whole with it.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command.spawn()?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut err = child.stderr.take().expect("stderr is piped");
        let (tx, lines) = mpsc::sync_channel(QUEUED_LINES);
        std::thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            loop {
                let mut buf = Vec::new();
                let line = match (&mut out).take(MAX_LINE + 1).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => Line::End,
                    Ok(_) if buf.last() != Some(&b'\n') && buf.len() as u64 > MAX_LINE => {
                        Line::TooLong
                    }
                    Ok(_) => match String::from_utf8(buf) {
                        Ok(s) => Line::Text(s.trim_end_matches(['\n', '\r']).to_string()),
                        Err(_) => Line::NotUtf8,
                    },
                };
                let last = !matches!(line, Line::Text(_) | Line::NotUtf8);
                if tx.send(line).is_err() || last {
                    break;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let tail = Arc::clone(&stderr);
        std::thread::spawn(move || {
            let mut chunk = [0u8; 1024];
            while let Ok(n) = err.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                let mut t = tail.lock().unwrap_or_else(|p| p.into_inner());
                t.extend_from_slice(&chunk[..n]);
                let excess = t.len().saturating_sub(STDERR_TAIL);
                t.drain(..excess);
            }
        });
        Ok(Running {
            child,
            stdin,
            lines,
            stderr,
        })
    }

    /// The end of what the adapter wrote on standard error, for a message (empty if nothing).
    fn stderr(&self) -> String {
        // The reader thread may still be copying the last words of a dying adapter.
        std::thread::sleep(Duration::from_millis(20));
        let t = self.stderr.lock().unwrap_or_else(|p| p.into_inner());
        let text = String::from_utf8_lossy(&t);
        let text = text.trim();
        if text.is_empty() {
            String::new()
        } else {
            format!("; its standard error ends: {}", protocol::quote(text))
        }
    }

    /// How the adapter ended, waiting a moment for it, killing it if it does not end.
    fn exit(&mut self) -> String {
        match self.child.wait_timeout(GRACE) {
            Ok(Some(status)) => format!("exited ({status})"),
            _ => {
                kill(&mut self.child);
                "closed its output but did not exit (killed)".to_string()
            }
        }
    }

    fn kill(mut self) {
        kill(&mut self.child);
    }

    /// Close its input and give it a moment to exit, then kill it (and what it started).
    fn finish(mut self) {
        drop(self.stdin);
        let _ = self.child.wait_timeout(GRACE);
        kill(&mut self.child);
    }
}

/// Kill an adapter and its process group (what it started), and reap it.
fn kill(child: &mut Child) {
    #[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
    if let Some(pid) = i32::try_from(child.id())
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    {
        // Gone already (ESRCH) is fine: the group's members are what is left to kill.
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// An external adapter as the runner uses it.
pub struct Process {
    argv: Vec<String>,
    timeout: Duration,
    running: Option<Running>,
    failures: usize,
    /// Whether each of the last [`RECENT`] requests failed.
    recent: VecDeque<bool>,
    /// Bytes of notes, errors and messages kept so far.
    kept: usize,
    /// Why it is no longer asked.
    given_up: Option<String>,
}

impl Process {
    /// An adapter for `argv` (program and arguments), not started until asked.
    pub fn new(argv: Vec<String>, timeout: Duration) -> Process {
        assert!(!argv.is_empty(), "an adapter command has a program");
        Process {
            argv,
            timeout,
            running: None,
            failures: 0,
            recent: VecDeque::with_capacity(RECENT),
            kept: 0,
            given_up: None,
        }
    }

    /// Why the adapter stopped being asked, if it did.
    pub fn given_up(&self) -> Option<&str> {
        self.given_up.as_deref()
    }

    /// Ask one request; the reply says what went wrong, if anything.
    pub fn ask(&mut self, request: &Request) -> Reply {
        if let Some(why) = &self.given_up {
            return Reply::Failure(format!("not asked: {why}"));
        }
        let reply = self.exchange(request);
        let failed = matches!(reply, Reply::Failure(_));
        if self.recent.len() == RECENT {
            self.recent.pop_front();
        }
        self.recent.push_back(failed);
        if let Reply::Failure(m) = &reply {
            if let Some(r) = self.running.take() {
                r.kill();
            }
            self.failures += 1;
            let recent = self.recent.iter().filter(|&&f| f).count();
            if self.given_up.is_none() {
                if self.failures >= MAX_FAILURES {
                    self.given_up = Some(format!(
                        "the adapter failed {MAX_FAILURES} times in a row (the last: {m})"
                    ));
                } else if recent >= MAX_RECENT_FAILURES {
                    self.given_up = Some(format!(
                        "the adapter failed {recent} of the last {} requests (the last: {m})",
                        self.recent.len()
                    ));
                }
            }
        } else {
            self.failures = 0;
        }
        self.keep(reply)
    }

    /// The reply with its texts cut to what may be kept (see the module docs).
    fn keep(&mut self, reply: Reply) -> Reply {
        let mut cut = |text: String| -> String {
            let text = match text.char_indices().nth(MAX_FIELD_CHARS) {
                None => text,
                Some((at, _)) => format!(
                    "{}… ({} more characters not kept, MAX_FIELD_CHARS)",
                    &text[..at],
                    text[at..].chars().count()
                ),
            };
            if self.kept + text.len() > MAX_KEPT_BYTES {
                return format!(
                    "(not kept: this engine's notes and errors reached {} bytes, MAX_KEPT_BYTES)",
                    MAX_KEPT_BYTES
                );
            }
            self.kept += text.len();
            text
        };
        match reply {
            Reply::Answer {
                verdict,
                labels,
                note,
            } => Reply::Answer {
                verdict,
                labels,
                note: note.map(&mut cut),
            },
            Reply::AdapterError(e) => Reply::AdapterError(cut(e)),
            Reply::Failure(m) => Reply::Failure(cut(m)),
        }
    }

    fn exchange(&mut self, request: &Request) -> Reply {
        if self.running.is_none() {
            match Running::start(&self.argv) {
                Ok(r) => self.running = Some(r),
                Err(e) => {
                    let m = format!("cannot start {:?}: {e}", self.argv[0]);
                    self.given_up = Some(m.clone());
                    return Reply::Failure(m);
                }
            }
        }
        let r = self.running.as_mut().expect("started above");
        let line = protocol::write(request) + "\n";
        if let Err(e) = r
            .stdin
            .write_all(line.as_bytes())
            .and_then(|()| r.stdin.flush())
        {
            let how = r.exit();
            return Reply::Failure(format!(
                "the adapter {how} before reading the request ({e}){}",
                r.stderr()
            ));
        }
        match r.lines.recv_timeout(self.timeout) {
            Ok(Line::Text(text)) => protocol::read(&text, request),
            Ok(Line::TooLong) => Reply::Failure(format!(
                "answered a line longer than {MAX_LINE} bytes"
            )),
            Ok(Line::NotUtf8) => Reply::Failure("answered a line that is not UTF-8".to_string()),
            Ok(Line::End) | Err(RecvTimeoutError::Disconnected) => {
                let how = r.exit();
                Reply::Failure(format!(
                    "the adapter {how} without answering{}",
                    r.stderr()
                ))
            }
            Err(RecvTimeoutError::Timeout) => Reply::Failure(format!(
                "no answer within {} s (the time-out per request, --engine-timeout); the adapter was killed{}",
                self.timeout.as_secs_f64(),
                r.stderr()
            )),
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Some(r) = self.running.take() {
            r.finish();
        }
    }
}

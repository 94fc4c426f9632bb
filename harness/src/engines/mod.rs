//! Other engines judged by the corpus (issue 16): each engine is an adapter answering one
//! request per case × edition ([`protocol`]); qili itself is the built-in adapter
//! ([`builtin`]), an external one a command speaking JSON lines ([`process`]). Every answer is
//! compared with the published one under the same code ([`conformance`]).

pub mod builtin;
pub mod conformance;
pub mod process;
pub mod protocol;
pub mod requests;

use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::Serialize;

use protocol::{Reply, Request};

/// The time-out per request unless `--engine-timeout` says otherwise: generous for a Python
/// adapter's start (the first request pays it), short enough that a silent adapter (given up
/// after [`process::MAX_FAILURES`] of them) costs half a minute.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// How an engine is asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Adapter {
    Builtin,
    /// A command: the text given, and its words (split as a POSIX shell would, no shell run).
    External {
        command: String,
        argv: Vec<String>,
    },
}

/// An engine of a run, by the name its column has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Engine {
    pub name: String,
    pub adapter: Adapter,
}

impl Engine {
    pub fn builtin() -> Engine {
        Engine {
            name: builtin::NAME.to_string(),
            adapter: Adapter::Builtin,
        }
    }

    /// Read `NAME=COMMAND` (`fairy-stockfish=python3 adapters/fairy_stockfish.py`).
    pub fn parse(spec: &str) -> Result<Engine, String> {
        let Some((name, command)) = spec.split_once('=') else {
            return Err(format!(
                "--engine {spec:?}: expected NAME=COMMAND, like fairy-stockfish=\"python3 adapters/fairy_stockfish.py\""
            ));
        };
        let name = name.trim();
        if !qili_corpus::vocabulary::is_id(name) {
            return Err(format!(
                "--engine {spec:?}: the name {name:?} is not lower-case letters and digits joined by dashes"
            ));
        }
        if name == builtin::NAME {
            return Err(format!(
                "--engine {spec:?}: {:?} is the built-in adapter's name; choose another",
                builtin::NAME
            ));
        }
        let argv = shlex::split(command).ok_or_else(|| {
            format!("--engine {spec:?}: the command has an unclosed quote or a trailing backslash")
        })?;
        if argv.is_empty() {
            return Err(format!("--engine {spec:?}: the command is empty"));
        }
        Ok(Engine {
            name: name.to_string(),
            adapter: Adapter::External {
                command: command.trim().to_string(),
                argv,
            },
        })
    }

    /// The command, for an external adapter.
    pub fn command(&self) -> Option<&str> {
        match &self.adapter {
            Adapter::Builtin => None,
            Adapter::External { command, .. } => Some(command),
        }
    }
}

/// How long an engine took: wall time for all its requests, and per request.
#[derive(Clone, Debug, Serialize)]
pub struct Timing {
    pub engine: String,
    pub requests: usize,
    pub wall_ms: f64,
    pub median_ms: f64,
    pub max_ms: f64,
}

/// One engine's replies, in request order.
#[derive(Clone, Debug)]
pub struct Asked {
    pub engine: Engine,
    pub replies: Vec<Reply>,
    /// Why an external adapter stopped being asked, if it did.
    pub given_up: Option<String>,
    pub timing: Timing,
}

fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e5).round() / 100.0
}

fn timing(engine: &str, wall: Duration, mut each: Vec<Duration>) -> Timing {
    each.sort();
    Timing {
        engine: engine.to_string(),
        requests: each.len(),
        wall_ms: ms(wall),
        median_ms: each.get(each.len() / 2).copied().map_or(0.0, ms),
        max_ms: each.last().copied().map_or(0.0, ms),
    }
}

fn timed(f: impl FnOnce() -> Reply) -> (Reply, Duration) {
    let t = Instant::now();
    let r = f();
    (r, t.elapsed())
}

/// Ask one engine every request: the built-in one in parallel, an external one in order
/// through one process.
pub fn ask(engine: &Engine, requests: &[Request], timeout: Duration) -> Asked {
    let start = Instant::now();
    let (pairs, given_up): (Vec<(Reply, Duration)>, _) = match &engine.adapter {
        Adapter::Builtin => (
            requests
                .par_iter()
                .map(|r| timed(|| builtin::ask(r)))
                .collect(),
            None,
        ),
        Adapter::External { argv, .. } => {
            let mut p = process::Process::new(argv.clone(), timeout);
            let pairs = requests.iter().map(|r| timed(|| p.ask(r))).collect();
            (pairs, p.given_up().map(str::to_string))
        }
    };
    let wall = start.elapsed();
    let (replies, each): (Vec<Reply>, Vec<Duration>) = pairs.into_iter().unzip();
    Asked {
        timing: timing(&engine.name, wall, each),
        engine: engine.clone(),
        replies,
        given_up,
    }
}

/// Ask every engine every request, one engine after the other so that each one's timings are
/// its own (an external adapter's are mostly its process's; run at once they would share the
/// cores).
pub fn ask_all(engines: &[Engine], requests: &[Request], timeout: Duration) -> Vec<Asked> {
    engines.iter().map(|e| ask(e, requests, timeout)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_specs() {
        let e = Engine::parse("fairy-stockfish=python3 'adapters/fairy stockfish.py' --x").unwrap();
        assert_eq!(e.name, "fairy-stockfish");
        assert_eq!(
            e.adapter,
            Adapter::External {
                command: "python3 'adapters/fairy stockfish.py' --x".into(),
                argv: vec![
                    "python3".into(),
                    "adapters/fairy stockfish.py".into(),
                    "--x".into()
                ]
            }
        );
        for (bad, why) in [
            ("fairy-stockfish", "NAME=COMMAND"),
            ("Fairy=x", "not lower-case"),
            ("qili=x", "built-in"),
            ("fs=", "empty"),
            ("fs=python3 'x", "unclosed quote"),
        ] {
            let e = Engine::parse(bad).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn timings_take_the_median_and_the_maximum() {
        let t = timing(
            "x",
            Duration::from_millis(10),
            [3, 1, 2].map(Duration::from_millis).to_vec(),
        );
        assert_eq!((t.requests, t.median_ms, t.max_ms), (3, 2.0, 3.0));
        assert_eq!(timing("x", Duration::ZERO, vec![]).max_ms, 0.0);
    }
}

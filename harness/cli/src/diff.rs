//! `qili diff`: the differential oracle. Cycles built in real games, ruled by qili under the
//! Asian rules and by Fairy-Stockfish; every disagreement classed and written as a JSON line,
//! and a summary. Run again after any change of the rules: the same seed gives the same
//! cycles, and the classes are read afresh from the new rulings.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use super::{CliError, CliResult};
use qili_harness::diff::{self, classes, classify, output};

#[derive(clap::Args)]
pub struct Args {
    /// Where the games are (every file under it, read as `qili scan` reads them).
    #[arg(long, value_name = "DIR", default_value = "../shared/games")]
    pub games: PathBuf,
    /// How many cycles to generate.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub count: usize,
    /// The seed: the same seed and games give the same cycles.
    #[arg(long, value_name = "S", default_value_t = 24)]
    pub seed: u64,
    /// The directory written: disagreements.jsonl, summary.md, summary.json (and cycles.jsonl
    /// with --all).
    #[arg(long, value_name = "DIR", default_value = "diff")]
    pub out: PathBuf,
    /// Also write every cycle, agreeing or not, to DIR/cycles.jsonl.
    #[arg(long)]
    pub all: bool,
    /// The Fairy-Stockfish adapter's command [default: python3 adapters/fairy_stockfish.py,
    /// the repository's].
    #[arg(long, value_name = "COMMAND")]
    pub adapter: Option<String>,
    /// How long the adapter has to answer one cycle, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 30)]
    pub timeout: u64,
    /// The documented classes [default: expectations/differential.yaml, the repository's].
    #[arg(long, value_name = "FILE")]
    pub classes: Option<PathBuf>,
}

pub fn main(args: Args) -> CliResult {
    let t0 = Instant::now();
    let documented = classes::load(&args.classes.clone().unwrap_or_else(classes::default_path))
        .map_err(CliError)?;
    let adapter = match &args.adapter {
        Some(c) => shlex::split(c)
            .filter(|a| !a.is_empty())
            .ok_or_else(|| CliError(format!("--adapter {c:?}: not a command")))?,
        None => diff::default_adapter(),
    };
    let pool = diff::pool::load(&args.games).map_err(|e| {
        CliError(format!(
            "{e}; the cycles are built in real games: give their directory with --games DIR"
        ))
    })?;
    eprintln!(
        "{} games from {} files under {}",
        pool.games.len(),
        pool.files,
        args.games.display()
    );
    let samples = diff::samples(&pool, args.seed, args.count);
    let generated = t0.elapsed();
    let bar = indicatif::ProgressBar::new(samples.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} cycles ruled by qili {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let (judged, given_up) =
        diff::judge_with_bare(samples, &adapter, Duration::from_secs(args.timeout), || {
            bar.inc(1)
        });
    bar.finish_and_clear();
    if let Some(why) = given_up {
        return Err(CliError(format!(
            "the Fairy-Stockfish adapter ({}) stopped answering: {why}",
            adapter.join(" ")
        )));
    }
    let classes: Vec<Option<classify::Class>> = judged
        .iter()
        .map(|j| (!j.agrees()).then(|| classify::classify(j)))
        .collect();
    let summary = output::Summary::new(args.seed, args.count, &judged, &classes, &documented);
    write_out(&args, &judged, &classes, &summary)?;
    let md = summary.markdown();
    super::emit(&md);
    eprintln!(
        "generated in {:.1} s, everything in {:.1} s; wrote {}",
        generated.as_secs_f64(),
        t0.elapsed().as_secs_f64(),
        args.out.display()
    );
    Ok(if summary.undocumented == 0 {
        ExitCode::SUCCESS
    } else {
        eprintln!(
            "{} disagreements are in classes docs/differential.md does not document",
            summary.undocumented
        );
        ExitCode::from(1)
    })
}

fn write_out(
    args: &Args,
    judged: &[diff::Judged],
    classes: &[Option<classify::Class>],
    summary: &output::Summary,
) -> Result<(), CliError> {
    let err = |p: &Path, e: std::io::Error| CliError(format!("{}: {e}", p.display()));
    std::fs::create_dir_all(&args.out).map_err(|e| err(&args.out, e))?;
    let lines = |path: &Path, keep: &dyn Fn(&diff::Judged, bool) -> bool| -> Result<(), CliError> {
        let mut f = std::io::BufWriter::new(std::fs::File::create(path).map_err(|e| err(path, e))?);
        for (j, c) in judged.iter().zip(classes) {
            if keep(j, c.is_some()) {
                let line = output::Line::new(j, args.seed, c.as_ref());
                let json = serde_json::to_string(&line).expect("a line serialises");
                writeln!(f, "{json}").map_err(|e| err(path, e))?;
            }
        }
        f.flush().map_err(|e| err(path, e))
    };
    lines(&args.out.join("disagreements.jsonl"), &|_, d| d)?;
    let flips = |j: &diff::Judged, _| {
        !j.phase_flips.is_empty() || j.bare.as_ref().is_some_and(|b| !b.phase_flips.is_empty())
    };
    lines(&args.out.join("phase-flips.jsonl"), &flips)?;
    if args.all {
        lines(&args.out.join("cycles.jsonl"), &|_, _| true)?;
    }
    let md = args.out.join("summary.md");
    std::fs::write(&md, summary.markdown()).map_err(|e| err(&md, e))?;
    let json = args.out.join("summary.json");
    let text = serde_json::to_string_pretty(summary).expect("the summary serialises");
    std::fs::write(&json, text + "\n").map_err(|e| err(&json, e))
}

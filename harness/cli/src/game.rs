//! The game a command is given: a position (`--fen`, `--binit`) and its moves (`--moves`,
//! `--moves-file`), or a game record read from its own start (`--moves-file` alone). Shared by
//! `judge`, which rules the game, and `moves`, which asks what each next move would do.

use qili::{Move, Position};

use super::{input, record, CliError};

#[derive(clap::Args)]
pub struct GameArgs {
    #[command(flatten)]
    pub position: input::PositionArgs,
    /// The moves of the game, separated by spaces or commas, each in ICCS, WXF or Chinese
    /// (detected per move); move numbers (`1.`, `1...`) are skipped.
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// Read the moves from a file instead (`-`: standard input). With --fen or --binit: a
    /// move list in the same form as --moves (UTF-8, GBK or Big5). Without them: a game
    /// record in any format `qili scan` reads (PGN, XQF, DhtmlXQ, 象棋桥 CBL/CBR/CBF, ICCS,
    /// UCI, WXF, FEN lines; any encoding), read from its own start: its main line
    /// (variations are not read), see --game and --plies.
    #[arg(long, value_name = "PATH")]
    pub moves_file: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub record: record::RecordArgs,
}

/// A game as given: its start, its moves, the record it was read from (if it was) and the
/// name errors about the moves go under (`--moves`, the file).
pub struct GivenGame {
    pub start: Position,
    pub moves: Vec<Move>,
    pub record: Option<record::Record>,
    pub source: String,
}

impl GameArgs {
    /// The game. With `moves_optional`, a position given without moves is a game at its start
    /// (no move played); otherwise the moves are required.
    pub fn read(&self, moves_optional: bool) -> Result<GivenGame, CliError> {
        let has_position = self.position.fen.is_some() || self.position.binit.is_some();
        if self.moves.is_some() && self.moves_file.is_some() {
            return Err(CliError(
                "give either --moves or --moves-file, not both".into(),
            ));
        }
        if !has_position && self.moves_file.is_none() {
            return Err(CliError(
                "give a position with --fen or --binit, or a game record with --moves-file".into(),
            ));
        }
        if let (Some(path), false) = (&self.moves_file, has_position) {
            // A game record: its own start and main line.
            let r = record::read(path, &self.record)?;
            return Ok(GivenGame {
                start: r.start.clone(),
                moves: r.moves.clone(),
                source: format!("{}, game {}", r.file, r.game),
                record: Some(r),
            });
        }
        let start = self.position.position(None)?;
        if self.moves_file.is_none() && self.record.any() {
            return Err(CliError(
                "--format, --game and --plies read a game record given with --moves-file".into(),
            ));
        }
        let (move_text, source) = match &self.moves_file {
            Some(path) => record::move_list(path, &self.record)?,
            None if moves_optional && self.moves.is_none() => {
                return Ok(GivenGame {
                    start,
                    moves: Vec::new(),
                    record: None,
                    source: "--moves".into(),
                })
            }
            None => input::move_text(self.moves.as_deref())?,
        };
        let moves = input::moves_from(&start, &move_text, &source)?
            .into_iter()
            .map(|(_, m)| m)
            .collect();
        Ok(GivenGame {
            start,
            moves,
            record: None,
            source,
        })
    }
}

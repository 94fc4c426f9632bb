//! `qili show`: a board in the terminal, from a corpus case or a position, after some moves.

use std::path::PathBuf;
use std::process::ExitCode;

use qili::{Color, File, Position, Rank, Role, Square};

use super::{input, CliError, CliResult};

#[derive(clap::Args)]
pub struct Args {
    /// A corpus case's id: its start position (and, with --moves, after them).
    #[arg(value_name = "ID")]
    pub id: Option<String>,
    #[command(flatten)]
    pub position: input::PositionArgs,
    /// Moves to play first, in any notation qili reads.
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// The corpus directory, for an ID.
    #[arg(long, default_value = "corpus", value_name = "DIR")]
    pub corpus: PathBuf,
}

/// The character for a piece: red's rook, horse and cannon are 俥 傌 炮 and black's 车 马 砲,
/// as boards in print tell them apart without colour.
fn glyph(color: Color, role: Role) -> char {
    match (color, role) {
        (Color::Red, Role::Rook) => '俥',
        (Color::Red, Role::Horse) => '傌',
        (Color::Black, Role::Cannon) => '砲',
        (c, r) => r.chinese(c),
    }
}

/// The board, black at the top as FEN and ICCS see it: ICCS files a–i and ranks 0–9 round the
/// edge, black's file numbers 1–9 above and red's 九–一 below, the river between ranks 5 and 4.
pub fn board(pos: &Position) -> String {
    const RED_FILES: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];
    let files: String = File::all().map(|f| format!(" {}", f.char())).collect();
    let mut out = format!(
        "   {}\n",
        (1..=9).map(|n| format!("{n} ")).collect::<String>()
    );
    out.push_str(&format!("  {files}\n"));
    for rank in Rank::all().rev() {
        let r = rank.index();
        let row: String = File::all()
            .map(|f| match pos.piece_at(Square::new(f, rank)) {
                Some(p) => glyph(p.color, p.role).to_string(),
                None => "＋".to_string(),
            })
            .collect();
        out.push_str(&format!("{r}  {row} {r}\n"));
        if r == 5 {
            out.push_str("   ～～ 楚河      汉界 ～～\n");
        }
    }
    out.push_str(&format!("  {files}\n"));
    out.push_str(&format!("   {}\n", RED_FILES.concat()));
    out.push_str(&format!(
        "{}走 (红：俥傌相仕帅炮兵  黑：车马象士将砲卒)",
        pos.turn().chinese()
    ));
    out
}

pub fn main(args: Args) -> CliResult {
    let given = args.position.fen.is_some() || args.position.binit.is_some();
    let (title, start) = match (&args.id, given) {
        (Some(_), true) => {
            return Err(CliError(
                "give a case ID or a position (--fen, --binit), not both".into(),
            ))
        }
        (None, false) => {
            return Err(CliError(
                "give a case ID or a position with --fen or --binit".into(),
            ))
        }
        (None, true) => (None, args.position.position(None)?),
        (Some(id), false) => {
            let corpus = qili_corpus::corpus::load(&args.corpus).map_err(|e| {
                CliError(format!(
                    "cannot read the corpus directory {}: {e}",
                    args.corpus.display()
                ))
            })?;
            let case = corpus
                .cases
                .into_iter()
                .find(|c| &c.id == id)
                .ok_or_else(|| {
                    CliError(format!(
                        "no sound case '{}' in {} (see `qili check`)",
                        qili_io::bounds::clip(id),
                        args.corpus.display()
                    ))
                })?;
            (Some(format!("{} {}", case.id, case.title)), case.start)
        }
    };
    let pos = match &args.moves {
        Some(moves) => input::moves(&start, moves)?
            .last()
            .map_or(start.clone(), |(before, m)| before.after(*m)),
        None => start,
    };
    if let Some(t) = title {
        super::emit(t);
    }
    super::emit(board(&pos));
    super::emit(qili::notation::fen::write(&pos));
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_its_coordinates_and_pieces_in_place() {
        let b = board(&Position::start());
        let lines: Vec<&str> = b.lines().collect();
        assert!(lines[0].contains("1 2 3 4 5 6 7 8 9"), "{b}");
        assert!(lines[1].contains("a b c d e f g h i"), "{b}");
        // Rank 9 (black's back rank) first, rank 0 (red's) last, each named at both ends.
        assert!(lines[2].starts_with("9  车马象士将士象马车 9"), "{b}");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("0  俥傌相仕帅仕相傌俥 0")),
            "{b}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("7  ＋") && l.contains('砲')),
            "{b}"
        );
        assert!(lines.iter().any(|l| l.contains("楚河")), "{b}");
        assert!(b.contains("九八七六五四三二一"), "{b}");
        assert!(b.contains("红走"), "{b}");
    }
}

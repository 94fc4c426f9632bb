//! The corpus's positions taken from games (`provenance: game`) against their records: where the
//! record is in ../shared/games (the gdchess.com threads of the real disputes, read in place),
//! the position after `after_ply` plies of its main line is the case's, and the case's moves
//! are the record's next moves. ../shared is beside the checkout in CI, so there its absence
//! fails the test; elsewhere the test is listed as ignored and counted
//! (engine/tests/common/shared.rs).

mod common;
#[path = "../../engine/tests/common/shared.rs"]
mod shared;

use std::path::Path;

use qili::notation::fen;
use qili_corpus::case::{Case, Provenance};
use qili_scan::formats::{read_games, Format};

fn main() {
    let local = vec![shared::local(
        "the_real_disputes_are_positions_of_games",
        the_real_disputes_are_positions_of_games,
    )];
    let shared = vec![shared::shared(
        "every_game_position_is_its_records_and_its_moves_are_the_records_next",
        every_game_position_is_its_records_and_its_moves_are_the_records_next,
    )];
    shared::run("disputes", local, shared)
}

/// The corpus's cases whose position is a game's: the case, its record, game and ply.
fn from_games(corpus: &qili_corpus::corpus::Corpus) -> Vec<(&Case, &String, usize, usize)> {
    corpus
        .cases
        .iter()
        .filter_map(|c| match &c.provenance {
            Provenance::Game {
                record,
                game,
                after_ply,
            } => Some((c, record, *game, *after_ply)),
            _ => None,
        })
        .collect()
}

fn the_real_disputes_are_positions_of_games() {
    let corpus = qili_corpus::corpus::load(&common::corpus_dir()).expect("the corpus reads");
    let games = from_games(&corpus);
    assert!(
        games.len() >= 8,
        "{} cases from games, expected the real disputes",
        games.len()
    );
}

fn every_game_position_is_its_records_and_its_moves_are_the_records_next(root: &Path) {
    let corpus = qili_corpus::corpus::load(&common::corpus_dir()).expect("the corpus reads");
    for (case, record, game, after_ply) in from_games(&corpus) {
        let path = root.join(record);
        assert!(
            path.is_file(),
            "{}: {} is not in ../shared/games",
            case.id,
            record
        );
        let bytes = std::fs::read(&path).unwrap();
        let (_, games, _) = read_games(Path::new(record), Format::Auto, &bytes);
        let g = games
            .into_iter()
            .nth(game - 1)
            .unwrap_or_else(|| panic!("{}: {record} has no game {game}", case.id))
            .unwrap_or_else(|e| panic!("{}: {record}, game {game}: {e}", case.id));
        assert!(
            after_ply <= g.moves.len(),
            "{}: {record}, game {game} has {} plies, not {after_ply}",
            case.id,
            g.moves.len()
        );
        let mut pos = g.start.clone();
        for &m in &g.moves[..after_ply] {
            pos.play_unchecked(m);
        }
        assert_eq!(
            fen::write(&pos),
            fen::write(&case.start),
            "{}: the position after ply {after_ply} of {record}, game {game}",
            case.id
        );
        for block in &case.published {
            let ours: Vec<String> = block.moves.iter().map(|m| m.mv.to_string()).collect();
            let theirs: Vec<String> = g.moves[after_ply..]
                .iter()
                .take(ours.len())
                .map(ToString::to_string)
                .collect();
            assert_eq!(
                ours, theirs,
                "{} [{}]: the moves after ply {after_ply} of {record}, game {game}",
                case.id, block.edition
            );
        }
    }
}

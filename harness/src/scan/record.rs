//! What `qili scan` writes per game (one JSON line) and in its summary, and whether a game's
//! recorded result agrees with the verdict of its last episode.

use qili::rules::{Ruling, Verdict};
use serde::Serialize;

/// One game with a repetition (or an error), as one JSON line.
#[derive(Clone, Debug, Serialize)]
pub struct GameLine {
    pub file: String,
    /// 1-based index of the game in its file.
    pub game: usize,
    pub format: &'static str,
    pub encoding: &'static str,
    /// The headers as the file gives them (event, date, players, result, comments …).
    pub headers: Vec<(String, String)>,
    /// Plies of the main line read.
    pub plies: usize,
    pub episodes: Vec<EpisodeLine>,
    /// What the recorded result says, where it says something about the last episode.
    pub recorded: Option<Recorded>,
    /// Why the main line stopped early (file, game, ply and why).
    pub error: Option<String>,
}

/// One episode: its plies and its ruling (the engine's own serialisation).
#[derive(Clone, Debug, Serialize)]
pub struct EpisodeLine {
    pub first_ply: usize,
    pub last_ply: usize,
    /// The 1-based ply of the game the ruling's first ply is (rulings judge a window ending at
    /// the episode's last ply).
    pub offset: usize,
    /// The FEN before the judged cycle's first ply (ply `offset + cycle.start` of the game).
    pub cycle_fen: Option<String>,
    /// That position, for the HTML page's board and a case skeleton.
    #[serde(skip)]
    pub cycle_start: Option<qili::Position>,
    pub ruling: Ruling,
}

/// A recorded result set against the verdict.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Recorded {
    /// The header it comes from and its value.
    pub header: String,
    pub value: String,
    /// The outcome it records: `red_wins`, `black_wins` or `draw`.
    pub outcome: &'static str,
    /// Whether the verdict agrees: a side that must change (or loses) lost, or a draw verdict
    /// is a drawn game. `None` when the verdict says nothing the result can be held to (no
    /// repetition judged, undetermined).
    pub agrees: Option<bool>,
}

/// The outcome a result header records: PGN's `1-0`, `0-1`, `1/2-1/2`, and the Chinese words
/// (红胜, 黑胜, 和, 红负 …) game files write.
pub fn outcome(value: &str) -> Option<&'static str> {
    let v = value.trim();
    match v {
        "1-0" => return Some("red_wins"),
        "0-1" => return Some("black_wins"),
        "1/2-1/2" | "½-½" => return Some("draw"),
        _ => {}
    }
    let has = |s: &str| v.contains(s);
    if has("红胜") || has("紅勝") || has("黑负") || has("黑負") || has("先胜") || has("先勝")
    {
        Some("red_wins")
    } else if has("黑胜") || has("黑勝") || has("红负") || has("紅負") || has("先负") || has("先負")
    {
        Some("black_wins")
    } else if has("和") {
        Some("draw")
    } else {
        None
    }
}

/// The result headers a game may carry, in the order they are believed.
const RESULT_KEYS: [&str; 3] = ["Result", "result", "结果"];

/// The recorded result of a game, held against the ruling of its last episode.
pub fn recorded(headers: &[(String, String)], last: Option<&Ruling>) -> Option<Recorded> {
    let (header, value, outcome) = RESULT_KEYS.iter().find_map(|k| {
        headers
            .iter()
            .find(|(h, _)| h == k)
            .and_then(|(h, v)| outcome(v).map(|o| (h.clone(), v.clone(), o)))
    })?;
    let agrees = last.and_then(|r| match r.verdict {
        Verdict::Draw => Some(outcome == "draw"),
        Verdict::NoRepetition | Verdict::Undetermined => None,
        v => v.culprit().map(|c| match c {
            qili::Color::Red => outcome == "black_wins",
            qili::Color::Black => outcome == "red_wins",
        }),
    });
    Some(Recorded {
        header,
        value,
        outcome,
        agrees,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_in_pgn_and_chinese_words() {
        assert_eq!(outcome("1-0"), Some("red_wins"));
        assert_eq!(outcome(" 0-1 "), Some("black_wins"));
        assert_eq!(outcome("1/2-1/2"), Some("draw"));
        assert_eq!(outcome("红先胜"), Some("red_wins"));
        assert_eq!(outcome("紅負"), Some("black_wins"));
        assert_eq!(outcome("和棋"), Some("draw"));
        assert_eq!(outcome("*"), None);
    }
}

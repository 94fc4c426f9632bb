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
    /// How the record says the game ended (a GUI's adjudication, a referee's decision), and
    /// whether that agrees with the verdict of the episode the game ends in.
    pub termination: Option<Termination>,
    /// Where the game's budget of positions ran out, if it did (written only then).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub budget: Option<String>,
    /// Why the main line stopped early (file, game, ply and why).
    pub error: Option<String>,
}

impl GameLine {
    /// Whether `qili scan` prints the game: it has a repetition or an error (or `all`).
    pub fn printed(&self, all: bool) -> bool {
        all || !self.episodes.is_empty() || self.error.is_some()
    }

    /// The game as its JSON line.
    pub fn json(&self) -> String {
        serde_json::to_string(self).expect("a scan line serialises")
    }
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

/// How a game ended, as a header or final comment says it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Termination {
    pub header: String,
    pub value: String,
    /// What it says about a repetition: `forbidden` (perpetual check or chase, 长将, 长捉 …:
    /// a side broke the rules), `draw` (a repetition drawn), or `None` (it speaks of something
    /// else: mate, time, resignation).
    pub claim: Option<&'static str>,
    /// Whether the verdict of the episode the game ends in agrees with the claim: a forbidden
    /// repetition needs a verdict with a culprit (the loser, when the result names one), a
    /// drawn one a draw. `None` when there is no claim or the game does not end in an episode.
    pub agrees: Option<bool>,
}

/// The headers that say how a game ended, in the order they are believed: PGN's
/// `Termination`, the comment after the last move (`FinalComment`, the PGN reader's), 象棋桥's
/// `ResultType` (结束方式).
const TERMINATION_KEYS: [&str; 4] = ["Termination", "FinalComment", "ResultType", "结束方式"];

/// Words of a forbidden repetition (English GUIs, Chinese in either script), and of a drawn
/// one.
const FORBIDDEN_WORDS: [&str; 13] = [
    "perpetual",
    "长将",
    "長將",
    "长捉",
    "長捉",
    "长杀",
    "長殺",
    "长打",
    "長打",
    "长拦",
    "長攔",
    "违例",
    "違例",
];
const DRAWN_WORDS: [&str; 5] = ["repetition", "重复", "重複", "循环", "循環"];

/// What a termination text claims about a repetition.
pub fn claim(value: &str) -> Option<&'static str> {
    let v = value.to_lowercase();
    if FORBIDDEN_WORDS.iter().any(|w| v.contains(w)) {
        Some("forbidden")
    } else if DRAWN_WORDS.iter().any(|w| v.contains(w)) {
        Some("draw")
    } else {
        None
    }
}

/// How the game ended, held against the ruling of the episode it ends in (`last`), with the
/// recorded outcome (`red_wins` …) naming the loser where there is one.
pub fn termination(
    headers: &[(String, String)],
    outcome: Option<&'static str>,
    last: Option<&Ruling>,
) -> Option<Termination> {
    let (header, value) = TERMINATION_KEYS.iter().find_map(|k| {
        headers
            .iter()
            .find(|(h, v)| h == k && !v.trim().is_empty())
            .cloned()
    })?;
    let claim = claim(&value);
    let agrees = match (claim, last.map(|r| r.verdict)) {
        (None, _) | (_, None | Some(Verdict::NoRepetition | Verdict::Undetermined)) => None,
        (Some("draw"), Some(v)) => Some(v == Verdict::Draw),
        (Some(_), Some(v)) => Some(match (v.culprit(), outcome) {
            (None, _) => false,
            (Some(qili::Color::Red), Some("red_wins")) => false,
            (Some(qili::Color::Black), Some("black_wins")) => false,
            (Some(_), _) => true,
        }),
    };
    Some(Termination {
        header,
        value,
        claim,
        agrees,
    })
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

    fn ruling(verdict: Verdict) -> Ruling {
        Ruling {
            book: qili::rules::RuleBookId::Cxa2011,
            plies: Vec::new(),
            cycle: None,
            verdict,
            reason: String::new(),
            draw_claim: None,
        }
    }

    #[test]
    fn terminations_claim_a_forbidden_or_a_drawn_repetition() {
        let h = |k: &str, v: &str| vec![(k.to_string(), v.to_string())];
        let perpetual = h("FinalComment", "Xboard adjudication: perpetual chasing");
        let red_chased = ruling(Verdict::RedMustChange);
        let t = termination(&perpetual, Some("black_wins"), Some(&red_chased)).unwrap();
        assert_eq!((t.claim, t.agrees), (Some("forbidden"), Some(true)));
        // The winner cannot be the side that broke the rules.
        let t = termination(&perpetual, Some("red_wins"), Some(&red_chased)).unwrap();
        assert_eq!(t.agrees, Some(false));
        let draw = ruling(Verdict::Draw);
        let t = termination(&perpetual, None, Some(&draw)).unwrap();
        assert_eq!(t.agrees, Some(false));
        let t = termination(&h("Termination", "3-fold repetition"), None, Some(&draw)).unwrap();
        assert_eq!((t.claim, t.agrees), (Some("draw"), Some(true)));
        let t = termination(&h("ResultType", "红方长将判负"), None, Some(&red_chased)).unwrap();
        assert_eq!(t.agrees, Some(true));
        // Mate says nothing about a repetition; a game not ending in one is not held to it.
        let t = termination(&h("Termination", "checkmate"), None, Some(&draw)).unwrap();
        assert_eq!((t.claim, t.agrees), (None, None));
        let t = termination(&perpetual, None, None).unwrap();
        assert_eq!(t.agrees, None);
        assert_eq!(termination(&h("Event", "x"), None, None), None);
    }
}

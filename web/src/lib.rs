//! qili in the browser: the functions the referee's page (`web/static/app.js`) calls, compiled
//! to WebAssembly with wasm-bindgen. Thin on purpose: each reads its text with the engine's
//! readers, calls the engine and returns JSON (the engine's own `serde` shapes, plus the
//! squares the page draws arrows between); nothing here rules anything.
//!
//! Errors are JSON strings, `{field, message}` ([`InputError`]): the input rejected
//! (`position`, `side`, `moves`, `rules`), so that the page can mark it, and a message naming
//! the field and the ply that the page shows as it is.

mod draw;
mod input;

use qili::notation::{chinese, fen};
use qili::rules::{judge_with, RuleBook, RuleBookId, Scope};
use serde::Serialize;
use wasm_bindgen::prelude::wasm_bindgen;

pub use draw::{arrows, lines, Arrow, Line};
pub use input::{read_game, read_position, Field, Game, InputError};

/// The rule books, in `qili rules` order: `id`, `description`, `differences` from cxa2011.
#[wasm_bindgen]
pub fn rule_books() -> String {
    #[derive(Serialize)]
    struct Book {
        id: &'static str,
        description: &'static str,
        differences: Vec<&'static str>,
    }
    let books: Vec<Book> = RuleBook::all()
        .into_iter()
        .map(|b| Book {
            id: b.id.name(),
            description: b.description,
            differences: b.differences,
        })
        .collect();
    to_json(&books)
}

/// A position (FEN, `startpos`, or a DhtmlXQ binit with `side` to move) and its moves (any
/// notation qili reads, per move, or a whole game record, whose own start position then
/// wins): `{fen, moves: [{iccs, chinese}], headers}`.
#[wasm_bindgen]
pub fn read(position: &str, side: &str, moves: &str) -> Result<String, String> {
    let game = read_game(position, side, moves).map_err(|e| to_json(&e))?;
    Ok(to_json(&game))
}

/// The legal moves in the position `fen` (for entering moves by clicking): `[{iccs, chinese,
/// fen}]`, `fen` being the position after the move.
#[wasm_bindgen]
pub fn legal_moves(fen_text: &str) -> Result<String, String> {
    #[derive(Serialize)]
    struct Legal {
        iccs: String,
        chinese: String,
        fen: String,
    }
    let pos = read_position(fen_text, "").map_err(|e| to_json(&e))?;
    let moves: Vec<Legal> = pos
        .legal_moves()
        .into_iter()
        .map(|m| Legal {
            iccs: m.to_string(),
            chinese: chinese::write(&pos, m),
            fen: fen::write(&pos.play(m).expect("a legal move plays")),
        })
        .collect();
    Ok(to_json(&moves))
}

/// Rule `moves` (ICCS, as [`read`] returns them) from `fen` under the rule book `rules`:
/// the ruling as `qili judge --json` prints it (`rules`, `plies`, `cycle`, `verdict`,
/// `verdict_chinese`, `reason`), with per ply `line` (the evidence on one line, as the CLI's
/// table shows it), `arrows` and `lines` to draw. `all_plies` labels the plies outside the
/// judged cycle too (`--all-plies`).
#[wasm_bindgen]
pub fn judge(fen_text: &str, moves: &str, rules: &str, all_plies: bool) -> Result<String, String> {
    judged(fen_text, moves, rules, all_plies).map_err(|e| to_json(&e))
}

fn judged(fen_text: &str, moves: &str, rules: &str, all_plies: bool) -> Result<String, InputError> {
    let id: RuleBookId = rules.parse().map_err(|_| {
        InputError::new(
            Field::Rules,
            format!(
                "rule book '{rules}': expected one of {}",
                RuleBookId::names()
            ),
        )
    })?;
    let game = read_game(fen_text, "", moves)?;
    let start = read_position(&game.fen, "")?;
    let played = game.played(&start)?;
    let scope = if all_plies {
        Scope::AllPlies
    } else {
        Scope::Cycle
    };
    let ruling = judge_with(&start, &played, &RuleBook::get(id), scope)
        .map_err(|e| InputError::new(Field::Moves, format!("moves: {e}")))?;
    // The position before each ply, to find the squares of what the facts name.
    let mut before = Vec::with_capacity(played.len());
    let mut pos = start.clone();
    for &m in &played {
        before.push(pos.clone());
        pos.play_unchecked(m);
    }
    #[derive(Serialize)]
    struct Ply<'a> {
        #[serde(flatten)]
        ruling: &'a qili::rules::PlyRuling,
        line: String,
        arrows: Vec<Arrow>,
        lines: Vec<Line>,
    }
    #[derive(Serialize)]
    struct Judged<'a> {
        fen: &'a str,
        moves: usize,
        #[serde(flatten)]
        ruling: &'a qili::rules::Ruling,
        plies: Vec<Ply<'a>>,
    }
    let plies = ruling
        .plies
        .iter()
        .map(|p| {
            let mut after = before[p.ply - 1].clone();
            after.play_unchecked(p.mv);
            Ply {
                ruling: p,
                line: p.evidence.one_line(),
                arrows: arrows(&p.evidence.finding, &after),
                lines: lines(&p.evidence.finding),
            }
        })
        .collect();
    Ok(to_json(&Judged {
        fen: &game.fen,
        moves: played.len(),
        ruling: &ruling,
        plies,
    }))
}

fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("the page's shapes serialise")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn json(s: &str) -> Value {
        serde_json::from_str(s).unwrap()
    }

    #[test]
    fn perpetual_check_is_ruled_with_arrows_to_the_king() {
        let out = judge(
            "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w",
            "车四平五 将5平6 R5.4 K6.5",
            "cxa2011",
            false,
        )
        .unwrap();
        let v = json(&out);
        assert_eq!(v["verdict"], "red_loses");
        assert_eq!(v["plies"][0]["label"], "将");
        assert_eq!(v["plies"][0]["iccs"], "f0e0");
        assert_eq!(
            v["plies"][0]["arrows"][0],
            json(r#"{"from":"e0","to":"e8","kind":"check"}"#)
        );
        assert!(v["plies"][0]["line"]
            .as_str()
            .unwrap()
            .starts_with("24.1.check "));
        assert_eq!(v["cycle"]["red"]["summary"], "长将");
    }

    #[test]
    fn a_chase_is_drawn_from_attacker_to_target_with_its_winning_line() {
        // 2011 参考图37: 车三退一 attacks the rootless black cannon on i4.
        let out = judge(
            "2baka3/9/n3b4/p1p1pc1rN/6R2/8c/4P3C/3NB4/9/2BAKA3 w",
            "g5g4 i4i5 g4g5 i5i4",
            "cxa2011",
            true,
        )
        .unwrap();
        let v = json(&out);
        let ply = &v["plies"][0];
        assert_eq!(ply["label"], "捉");
        assert_eq!(
            ply["arrows"],
            json(r#"[{"from":"g4","to":"i4","kind":"chase"}]"#)
        );
        assert_eq!(
            ply["lines"],
            json(r#"[{"shows":"黑炮(i4)","moves":["g4i4"]}]"#)
        );
        // Black's reply is idle, its capture of the horse having stood before (从捉到捉):
        // drawn as such.
        assert_eq!(v["plies"][1]["label"], "闲");
        assert_eq!(
            v["plies"][1]["arrows"],
            json(r#"[{"from":"f6","to":"i6","kind":"stood"}]"#)
        );
        assert_eq!(v["plies"][1]["lines"], json("[]"));
    }

    #[test]
    fn a_bad_rule_book_or_move_is_an_error_naming_it() {
        let e = json(&judge("startpos", "h2e2", "fide", false).unwrap_err());
        assert_eq!(e["field"], "rules");
        let message = e["message"].as_str().unwrap();
        assert!(
            message.contains("'fide'") && message.contains("cxa2011"),
            "{e}"
        );
        let e = json(&judge("startpos", "h2e2 h9g7 炮五进九", "cxa2011", false).unwrap_err());
        assert_eq!(e["field"], "moves");
        assert!(
            e["message"].as_str().unwrap().contains("ply 3 (炮五进九"),
            "{e}"
        );
        let e = json(&read("9/9 w", "", "h2e2").unwrap_err());
        assert_eq!(e["field"], "position");
    }

    #[test]
    fn legal_moves_give_the_position_after_each() {
        let v = json(&legal_moves("startpos").unwrap());
        assert_eq!(v.as_array().unwrap().len(), 44);
        let central = v
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["iccs"] == "h2e2")
            .unwrap();
        assert_eq!(central["chinese"], "炮二平五");
        assert_eq!(
            central["fen"],
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"
        );
    }

    #[test]
    fn every_rule_book_is_listed() {
        let v = json(&rule_books());
        let ids: Vec<&str> = v
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["id"].as_str().unwrap())
            .collect();
        assert_eq!(ids, RuleBookId::ALL.map(RuleBookId::name));
    }
}

//! The published Chinese text of every move of the rule book's figures (`data/figure-moves.txt`,
//! whose header names the source) reads as the listed ICCS move, and qili writes the standard
//! form; loose published texts are rejected as ambiguous with the listed move among the
//! candidates.

use qili_core::notation::{chinese, fen, iccs, parse_move, wxf, Reason};
use qili_core::{Move, Position, SetupMode};

struct Line {
    line: usize,
    case: String,
    ply: usize,
    pos: Position,
    mv: Move,
    published: String,
    /// The standard form when the published text is loose.
    loose: Option<String>,
}

fn lines() -> Vec<Line> {
    include_str!("data/figure-moves.txt")
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let at = format!("figure-moves.txt line {}", i + 1);
            let fields: Vec<&str> = l.split('|').map(str::trim).collect();
            let [head, fen_text, iccs_text, published, note] = fields[..] else {
                panic!("{at}: expected 5 fields separated by |");
            };
            let (case, ply) = head
                .split_once(' ')
                .unwrap_or_else(|| panic!("{at}: case ply"));
            let loose = match note.split_whitespace().collect::<Vec<_>>()[..] {
                [] => None,
                ["loose", strict, ..] => Some(strict.to_string()),
                _ => panic!("{at}: note must be empty or `loose <standard form> <why>`"),
            };
            Line {
                line: i + 1,
                case: case.to_string(),
                ply: ply.parse().unwrap_or_else(|e| panic!("{at}: ply: {e}")),
                pos: fen::parse(fen_text, SetupMode::Standard)
                    .unwrap_or_else(|e| panic!("{at}: {e}")),
                mv: iccs::parse(iccs_text).unwrap_or_else(|e| panic!("{at}: {e}")),
                published: published.to_string(),
                loose,
            }
        })
        .collect()
}

#[test]
fn the_data_is_consistent() {
    let all = lines();
    assert_eq!(all.len(), 262, "every move of cxa-figures.yaml");
    for pair in all.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        assert!(a.pos.is_legal(a.mv), "line {}: {} is illegal", a.line, a.mv);
        if a.case == b.case {
            assert_eq!(b.ply, a.ply + 1, "line {}", b.line);
            assert_eq!(
                fen::write(&a.pos.after(a.mv)),
                fen::write(&b.pos),
                "line {}: the FEN is the previous position after the previous move",
                b.line
            );
        } else {
            assert_eq!(b.ply, 1, "line {}", b.line);
        }
    }
}

#[test]
fn published_texts_read_as_the_listed_moves() {
    for l in lines() {
        let at = format!("line {} ({} ply {})", l.line, l.case, l.ply);
        let written = chinese::write(&l.pos, l.mv);
        match &l.loose {
            None => {
                assert_eq!(chinese::parse(&l.pos, &l.published), Ok(l.mv), "{at}");
                assert_eq!(parse_move(&l.pos, &l.published), Ok(l.mv), "{at}");
                assert_eq!(written, l.published, "{at}: the standard form");
            }
            Some(strict) => {
                let e = chinese::parse(&l.pos, &l.published).unwrap_err();
                assert!(
                    matches!(e.reason, Reason::Ambiguous { .. }),
                    "{at}: a loose text is ambiguous, got: {e}"
                );
                assert!(e.candidates().contains(&l.mv), "{at}: {e}");
                assert!(
                    e.to_string().contains(strict.as_str()),
                    "{at}: the hint: {e}"
                );
                assert_eq!(&written, strict, "{at}: the standard form");
                assert_eq!(chinese::parse(&l.pos, strict), Ok(l.mv), "{at}");
            }
        }
        let traditional = chinese::write_traditional(&l.pos, l.mv);
        assert_eq!(
            chinese::parse(&l.pos, &traditional),
            Ok(l.mv),
            "{at}: {traditional}"
        );
        let w = wxf::write(&l.pos, l.mv);
        assert_eq!(wxf::parse(&l.pos, &w), Ok(l.mv), "{at}: {w}");
    }
}

#[test]
fn the_known_loose_text() {
    let l = lines()
        .into_iter()
        .find(|l| l.case == "cxa2011-ref01" && l.ply == 3)
        .expect("参考图1 ply 3");
    assert_eq!(
        chinese::parse(&l.pos, "马四进二").unwrap_err().to_string(),
        "马四进二: ambiguous: two red horses stand on file 四 (f5, f4) and both can advance to file 二; write 前马进二 or 后马进二"
    );
}

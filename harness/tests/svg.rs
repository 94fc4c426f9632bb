//! The board drawn in the report puts every piece where the FEN does: parse the SVG text for
//! the piece groups, turn each circle's centre back into a point and compare with the position.

use qili::notation::fen;
use qili::{Color, Role, SetupMode};
use qili_harness::report::svg;

/// `(color, character, cx, cy)` of every piece element in the SVG.
fn pieces(svg_text: &str) -> Vec<(Color, char, i32, i32)> {
    let attr = |s: &str, name: &str| -> String {
        let key = format!("{name}=\"");
        let i = s.find(&key).unwrap_or_else(|| panic!("no {name} in {s}")) + key.len();
        s[i..s[i..].find('"').unwrap() + i].to_string()
    };
    let mut out = Vec::new();
    for chunk in svg_text.split("<g class=\"piece ").skip(1) {
        let color = if chunk.starts_with("red") {
            Color::Red
        } else {
            assert!(chunk.starts_with("black"), "{chunk}");
            Color::Black
        };
        let circle = &chunk[chunk.find("<circle").unwrap()..];
        let cx: i32 = attr(circle, "cx").parse().unwrap();
        let cy: i32 = attr(circle, "cy").parse().unwrap();
        let text = &chunk[chunk.find("<text").unwrap()..];
        let ch = text[text.find('>').unwrap() + 1..].chars().next().unwrap();
        out.push((color, ch, cx, cy));
    }
    out
}

fn check(fen_text: &str) {
    let pos = fen::parse(fen_text, SetupMode::Standard).unwrap();
    let drawn = pieces(&svg::board(pos.board()));
    assert_eq!(drawn.len(), pos.board().pieces().count(), "{fen_text}");
    for (color, ch, x, y) in drawn {
        let sq = svg::square_at(x, y).unwrap_or_else(|| panic!("({x}, {y}) is not a point"));
        let piece = pos
            .piece_at(sq)
            .unwrap_or_else(|| panic!("{ch} drawn on empty {sq}"));
        assert_eq!(piece.color, color, "{sq}");
        assert_eq!(piece.chinese(), ch, "{sq}");
    }
}

#[test]
fn pieces_are_where_the_fen_puts_them() {
    check("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w");
    check("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
    check("2R2a3/4k4/3a5/9/8p/9/1p1rpn3/3CB4/4A4/2B1KA3 w");
}

#[test]
fn red_is_at_the_bottom_and_files_run_left_to_right() {
    let pos = fen::parse("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", SetupMode::Standard).unwrap();
    let drawn = pieces(&svg::board(pos.board()));
    let red_king = drawn
        .iter()
        .find(|(c, ch, ..)| *c == Color::Red && *ch == Role::King.chinese(Color::Red))
        .unwrap();
    let black_king = drawn.iter().find(|(_, ch, ..)| *ch == '将').unwrap();
    assert!(red_king.3 > black_king.3, "red must be drawn below black");
    // d0 is left of e8.
    assert!(red_king.2 < black_king.2);
    let svg_text = svg::board(pos.board());
    assert!(svg_text.contains("楚 河") && svg_text.contains("汉 界"));
    assert!(svg_text.starts_with("<svg") && svg_text.ends_with("</svg>"));
}

#[test]
fn the_report_draws_each_case_start_position() {
    // The HTML report embeds one board per case.
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let corpus = qili_corpus::corpus::load(&dir).unwrap();
    let exp = qili_harness::expectations::Expectations::default();
    let options = qili_harness::run::Options::default();
    let runs = qili_harness::run::judge_all(&corpus, &exp, &options);
    let results = qili_harness::results::build(&corpus, &exp, &runs, &options);
    let html = qili_harness::report::html::render(&results);
    assert_eq!(
        html.matches("<svg class=\"board\"").count(),
        corpus.cases.len()
    );
    assert!(
        !html.contains("http://")
            || html.matches("http://").count()
                == html.matches("xmlns=\"http://www.w3.org/2000/svg\"").count(),
        "the report must not load anything from the network"
    );
    // One inline script (stepping through the moves), nothing loaded.
    assert_eq!(html.matches("<script").count(), 1);
    assert!(!html.contains("<script src"));
    assert!(html.contains("<meta name=\"viewport\""));
}

/// The coordinates the evidence names squares by (红车(e0)) are on the board: each ICCS file
/// letter under its file, each rank digit beside its rank.
#[test]
fn the_board_carries_the_iccs_coordinates() {
    let svg_text = svg::board(qili::Position::start().board());
    let labels: Vec<(i32, i32, String)> = svg_text
        .split("<text class=\"iccs\" ")
        .skip(1)
        .map(|t| {
            let num = |key: &str| -> i32 {
                let i = t.find(key).unwrap() + key.len();
                t[i..i + t[i..].find('"').unwrap()].parse().unwrap()
            };
            let text = &t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()];
            (num("x=\""), num("y=\""), text.to_string())
        })
        .collect();
    assert_eq!(labels.len(), 9 + 10, "{svg_text}");
    for sq in qili::Square::all() {
        let (x, y) = svg::point(sq);
        let name = sq.to_string();
        let (file, rank) = (&name[..1], &name[1..]);
        assert!(
            labels.iter().any(|(lx, _, t)| *lx == x && t == file),
            "{file} under x={x}"
        );
        assert!(
            labels
                .iter()
                .any(|(lx, ly, t)| *lx < x && (ly - y).abs() <= 5 && t == rank),
            "{rank} beside y={y}"
        );
    }
    assert!(svg_text.contains(">九<") && svg_text.contains(">一<") && svg_text.contains(">9<"));
}

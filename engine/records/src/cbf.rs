//! 象棋桥 (CCBridge) CBF: the XML game record 象棋桥 writes beside its binary `.cbr` and `.cbl`
//! ([`super::cbl`]).
//!
//! Reference: no description of CBF is published; its shape is read off files 象棋桥 wrote
//! (walker8088/cchess `tests/data/test.cbf` and `test2.cbf`), and the result code is the `.cbr`
//! header's (《象棋桥文件格式》, the same repository's `doc/象棋桥文件格式.docx`):
//!
//! ```xml
//! <?xml version="1.0" encoding="UTF-8"?>
//! <ChineseChessRecord Version="1.0">
//!  <Head>
//!   <Name>第一局 …</Name> <Contest>…</Contest> <Red/> <Black/> <Date/> <Site/> …
//!   <RecordResult>0</RecordResult>   <!-- 0 unknown, 1 red wins, 2 black wins, 3 draw -->
//!   <ResultType/>                    <!-- 结束方式: how the game ended -->
//!   <FEN>rnbakabnr/9/… w - - 0 1</FEN>
//!  </Head>
//!  <MoveList>
//!   <Move value="00-00"><![CDATA[the game's comment]]></Move>
//!   <Move value="77-47"/>            <!-- file 0–8 from a, row 0–9 from black's back rank -->
//!   …
//!  </MoveList>
//! </ChineseChessRecord>
//! ```
//!
//! The first `Move` (`00-00`) carries no move, only the game's comment; each other `Move` is a
//! ply of the main line, `from-to` as two digits each. Elements nested in a `Move` (variations)
//! are not read. Headers keep 象棋桥's element names, except the few the other readers share:
//! `Name` is `Title`, `Contest` is `Event`, `Commentator` is `Annotator`, and `RecordResult` is
//! also written as PGN's `Result` (`1-0`, `0-1`, `1/2-1/2`). Empty elements are left out.
//!
//! The XML is parsed by `roxmltree`, which bounds entity references (10 deep, 255 per
//! reference), so an entity bomb is an error rather than gigabytes of text. Before it, a text
//! larger than [`MAX_CBF_BYTES`] (a record is one game) or with an element of more than
//! [`MAX_ATTRIBUTES`] attributes is refused: the parser's tree takes ten times the text, and
//! it checks each attribute against the element's others (time quadratic in their number).

use crate::game::{self, Game, GameError};
use qili_core::notation::fen;
use qili_core::{Move, Position, Square};

/// Why a text is not a 象棋桥 CBF record (its moves' errors are the game's, not this).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CbfError {
    #[error("not XML: {0}")]
    Xml(String),
    #[error("not a 象棋桥 CBF record: the root element is <{0}>, expected <ChineseChessRecord>")]
    NotRecord(String),
    #[error("象棋桥 CBF <FEN> {fen}: {error}")]
    Fen { fen: String, error: fen::FenError },
    #[error(
        "{bytes} bytes, more than the {MAX_CBF_BYTES} a 象棋桥 CBF record (one game) may have"
    )]
    TooLarge { bytes: usize },
    #[error("line {line}: an element with more than {MAX_ATTRIBUTES} attributes, expected a 象棋桥 CBF record (its elements have one or none)")]
    Attributes { line: usize },
}

/// The largest CBF text read: a record is one game, and a main line of
/// [`game::MAX_MOVES`] moves is about 300 KB.
pub const MAX_CBF_BYTES: usize = 4 << 20;

/// The most attributes an element of a CBF text may have (象棋桥 writes one, `value` or
/// `Version`).
pub const MAX_ATTRIBUTES: usize = 64;

/// The line of the first element with more than [`MAX_ATTRIBUTES`] attributes, in one pass:
/// `=` counted outside quotes between a tag's `<` and `>`; comments, CDATA sections and
/// declarations (`<!…>`, `<?…?>`) skipped.
fn crowded_element(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(open) = b[i..].iter().position(|&c| c == b'<') {
        let at = i + open;
        let rest = &text[at..];
        let skip_to = |end: &str| rest.find(end).map_or(b.len(), |e| at + e + end.len());
        if rest.starts_with("<!--") {
            i = skip_to("-->");
        } else if rest.starts_with("<![CDATA[") {
            i = skip_to("]]>");
        } else if rest.starts_with("<!") || rest.starts_with("<?") || rest.starts_with("</") {
            i = skip_to(">");
        } else {
            let (mut count, mut quote, mut j) = (0, None, at + 1);
            while j < b.len() {
                match (quote, b[j]) {
                    (None, b'>') => break,
                    (None, q @ (b'"' | b'\'')) => quote = Some(q),
                    (Some(q), c) if c == q => quote = None,
                    (None, b'=') => {
                        count += 1;
                        if count > MAX_ATTRIBUTES {
                            return Some(text[..at].matches('\n').count() + 1);
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            i = j;
        }
        if i >= b.len() {
            break;
        }
    }
    None
}

/// Header names shared with the other readers; other elements keep their names.
const RENAMED: [(&str, &str); 3] = [
    ("Name", "Title"),
    ("Contest", "Event"),
    ("Commentator", "Annotator"),
];

/// A `Move` value's point: `77` is file 7 (h), row 7 from black's back rank (rank 2).
fn point(digits: &[u8]) -> Option<Square> {
    match digits {
        [f @ b'0'..=b'8', r @ b'0'..=b'9'] => {
            Square::from_coords(i32::from(f - b'0'), 9 - i32::from(r - b'0'))
        }
        _ => None,
    }
}

/// `77-47` as a move (`00-00`, the comment holder, is none).
fn parse_value(value: &str) -> Option<Move> {
    let b = value.trim().as_bytes();
    if b.len() != 5 || b[2] != b'-' {
        return None;
    }
    let (from, to) = (point(&b[..2])?, point(&b[3..])?);
    (from != to).then(|| Move::new(from, to))
}

/// The first child element of `parent` named `name`.
fn child<'a, 'i>(parent: roxmltree::Node<'a, 'i>, name: &str) -> Option<roxmltree::Node<'a, 'i>> {
    parent
        .children()
        .find(|n| n.is_element() && n.tag_name().name() == name)
}

/// Read one CBF record: its headers, start position and main line.
pub fn read(text: &str) -> Result<Game, CbfError> {
    let text = text.trim_start_matches('\u{feff}');
    if text.len() > MAX_CBF_BYTES {
        return Err(CbfError::TooLarge { bytes: text.len() });
    }
    if let Some(line) = crowded_element(text) {
        return Err(CbfError::Attributes { line });
    }
    let doc = roxmltree::Document::parse(text).map_err(|e| CbfError::Xml(e.to_string()))?;
    let root = doc.root_element();
    if root.tag_name().name() != "ChineseChessRecord" {
        return Err(CbfError::NotRecord(root.tag_name().name().to_string()));
    }
    let mut headers = Vec::new();
    let mut start = Position::start();
    if let Some(head) = child(root, "Head") {
        for field in head.children().filter(|n| n.is_element()) {
            let name = field.tag_name().name();
            let value = field.text().unwrap_or("").trim();
            if value.is_empty() {
                continue;
            }
            if name == "FEN" {
                start = game::parse_fen(value).map_err(|error| CbfError::Fen {
                    fen: game::clip(value).into_owned(),
                    error,
                })?;
                continue;
            }
            let key = RENAMED
                .iter()
                .find(|(from, _)| *from == name)
                .map_or(name, |(_, to)| to);
            headers.push((key.to_string(), value.to_string()));
            if name == "RecordResult" {
                let result = match value {
                    "1" => Some("1-0"),
                    "2" => Some("0-1"),
                    "3" => Some("1/2-1/2"),
                    _ => None,
                };
                if let Some(r) = result {
                    headers.push(("Result".to_string(), r.to_string()));
                }
            }
        }
    }
    let plies: Vec<roxmltree::Node<'_, '_>> = child(root, "MoveList")
        .map(|list| {
            list.children()
                .filter(|n| n.is_element() && n.tag_name().name() == "Move")
                .collect()
        })
        .unwrap_or_default();
    // The first Move holds the game's comment, not a move.
    let mut plies = plies.into_iter();
    if let Some(first) = plies.clone().next() {
        if first.attribute("value").and_then(parse_value).is_none() {
            plies.next();
            if let Some(c) = first.text().map(str::trim).filter(|c| !c.is_empty()) {
                headers.push(("Comment".to_string(), c.to_string()));
            }
        }
    }
    let values: Vec<&str> = plies.map(|n| n.attribute("value").unwrap_or("")).collect();
    let (moves, error): (Vec<Move>, Option<GameError>) = game::play(
        &start,
        values.iter().copied(),
        |_, v| {
            parse_value(v).ok_or("not a 象棋桥 move: expected `from-to`, two digits each (file 0–8, row 0–9 from black's side), such as 77-47")
        },
    );
    Ok(Game {
        headers,
        start,
        moves,
        error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORD: &str = "\u{feff}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ChineseChessRecord Version=\"1.0\">\n <Head>\n  <Name>测试</Name>\n  <Red>红方</Red>\n  <Black />\n  <RecordResult>3</RecordResult>\n  <FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN>\n </Head>\n <MoveList>\n  <Move value=\"00-00\"><![CDATA[开局]]></Move>\n  <Move value=\"77-47\" />\n  <Move value=\"70-62\" />\n  <Move value=\"79-67\" />\n </MoveList>\n</ChineseChessRecord>\n";

    #[test]
    fn a_record_gives_its_headers_and_main_line() {
        let g = read(RECORD).unwrap();
        assert_eq!(g.header("Title"), Some("测试"));
        assert_eq!(g.header("Red"), Some("红方"));
        assert_eq!(g.header("Black"), None);
        assert_eq!(g.header("Result"), Some("1/2-1/2"));
        assert_eq!(g.header("Comment"), Some("开局"));
        let iccs: Vec<String> = g.moves.iter().map(ToString::to_string).collect();
        assert_eq!(iccs, ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(g.error, None);
    }

    #[test]
    fn a_bad_or_illegal_move_stops_the_line_at_its_ply() {
        let bad = RECORD.replace("79-67", "7x-67");
        let e = read(&bad).unwrap().error.unwrap();
        assert_eq!(e.ply, 3);
        assert!(e.reason.contains("77-47"), "{e}");
        let illegal = RECORD.replace("79-67", "79-69");
        let g = read(&illegal).unwrap();
        assert_eq!(g.moves.len(), 2);
        assert_eq!(g.error.unwrap().ply, 3);
    }

    #[test]
    fn what_is_not_a_record_is_an_error() {
        assert!(matches!(read("<a/>"), Err(CbfError::NotRecord(_))));
        assert!(matches!(
            read("<ChineseChessRecord>"),
            Err(CbfError::Xml(_))
        ));
        let fen = RECORD.replace("rnbakabnr/9", "rnbakabnr/8");
        assert!(matches!(read(&fen), Err(CbfError::Fen { .. })));
        // An entity expansion bomb is refused, not expanded.
        let bomb = "<!DOCTYPE r [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">]><ChineseChessRecord><Head><Name>&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;</Name></Head></ChineseChessRecord>";
        let _ = read(bomb);
    }

    #[test]
    fn a_crowded_element_or_a_huge_record_is_refused_before_it_is_parsed() {
        let crowded = RECORD.replace(
            "<ChineseChessRecord Version=\"1.0\">",
            &format!(
                "<ChineseChessRecord{}>",
                " a=\"\"".repeat(MAX_ATTRIBUTES + 1)
            ),
        );
        assert_eq!(read(&crowded), Err(CbfError::Attributes { line: 2 }));
        // As many as allowed, with `=` and `>` quoted, are read.
        let names: String = (0..MAX_ATTRIBUTES - 1)
            .map(|i| format!(" a{i}=\"\""))
            .collect();
        let many = RECORD.replace(
            "<ChineseChessRecord Version=\"1.0\">",
            &format!("<ChineseChessRecord{names} b=\"x=>y\">"),
        );
        assert!(read(&many).is_ok(), "{:?}", read(&many));
        let cdata = RECORD.replace("开局", &"<a=".repeat(1000));
        assert!(read(&cdata).is_ok());
        let huge = format!("{RECORD}{}", " ".repeat(MAX_CBF_BYTES));
        assert!(matches!(read(&huge), Err(CbfError::TooLarge { .. })));
    }
}

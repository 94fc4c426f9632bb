//! Bytes of a game file to text: a byte-order mark says the encoding; text that is valid UTF-8
//! is UTF-8; otherwise the encoding is guessed (chardetng: GBK for XQBase-style PGN, Big5 for
//! traditional-script files) and decoded with encoding_rs. A text saved as a Python literal
//! (a scraper's `repr` of a page: one line, its strings quoted with `\n`, `\'`, `\xa0`
//! escapes) is read as the text it quotes ([`unwrap_python_repr`]).

use encoding_rs::Encoding;

/// The text of `bytes` and the name of the encoding it was read in.
pub fn decode(bytes: &[u8]) -> (String, &'static str) {
    if let Some((enc, bom)) = Encoding::for_bom(bytes) {
        let (text, _) = enc.decode_without_bom_handling(&bytes[bom..]);
        return (text.into_owned(), enc.name());
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return (text.to_string(), "UTF-8");
    }
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(bytes, true);
    // No top-level domain hint; Chinese game files are GBK or Big5 far more often than not.
    let enc = detector.guess(None, true);
    let (text, _, _) = enc.decode(bytes);
    (text.into_owned(), enc.name())
}

/// The text a Python literal quotes, when `text` is one (`('title', [{'message': '…'}])`):
/// one line, starting with a bracket and a quote. Every string escape is undone, so the
/// markup inside (DhtmlXQ tags, PGN) reads as it was written; the brackets and quotes of the
/// literal stay, harmless to the readers. `None` when the text is no such literal.
pub fn unwrap_python_repr(text: &str) -> Option<String> {
    let t = text.trim();
    let after_brackets = t.trim_start_matches(['(', '[', '{', ' ']);
    let is_literal = after_brackets.len() < t.len()
        && after_brackets.starts_with(['\'', '"'])
        && !t.contains('\n')
        && t.contains('\\');
    if !is_literal {
        return None;
    }
    let mut out = String::with_capacity(t.len());
    let mut chars = t.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        // `n` hex digits after the escape letter, as one character.
        let hex = |chars: &mut std::str::Chars, n: usize| -> Option<char> {
            let digits: String = chars.clone().take(n).collect();
            if digits.len() != n || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
                return None;
            }
            let c = char::from_u32(u32::from_str_radix(&digits, 16).ok()?)?;
            chars.nth(n - 1);
            Some(c)
        };
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some(q @ ('\\' | '\'' | '"')) => out.push(q),
            Some(k @ ('x' | 'u' | 'U')) => {
                let n = match k {
                    'x' => 2,
                    'u' => 4,
                    _ => 8,
                };
                match hex(&mut chars, n) {
                    Some(c) => out.push(c),
                    None => {
                        out.push('\\');
                        out.push(k);
                    }
                }
            }
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_gbk_big5_and_a_bom_are_read() {
        let text =
            "[Red \"许银川\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ *\n";
        assert_eq!(decode(text.as_bytes()), (text.to_string(), "UTF-8"));
        let (gbk, _, _) = encoding_rs::GBK.encode(text);
        assert_eq!(decode(&gbk), (text.to_string(), "GBK"));
        let trad =
            "[Red \"許銀川\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 3. 車一平二 馬２進３ *\n";
        let (big5, _, _) = encoding_rs::BIG5.encode(trad);
        assert_eq!(decode(&big5), (trad.to_string(), "Big5"));
        let mut bom = vec![0xEF, 0xBB, 0xBF];
        bom.extend_from_slice(text.as_bytes());
        assert_eq!(decode(&bom).0, text);
    }

    #[test]
    fn python_literals_are_unwrapped() {
        let repr = r#"('主题：x', [{'message': '<p>a\'b\xa0\u4e00</p>\n[DhtmlXQ_title]\\u003F[/DhtmlXQ_title]', 'time': '2010'}])"#;
        let text = unwrap_python_repr(repr).unwrap();
        assert!(
            text.contains("<p>a'b\u{a0}一</p>\n[DhtmlXQ_title]\\u003F[/DhtmlXQ_title]"),
            "{text}"
        );
        // Not a literal: PGN, a page, a text with real line breaks; a bad escape stays.
        assert_eq!(unwrap_python_repr("[Event \"x\"]\n1. h2e2 *"), None);
        assert_eq!(unwrap_python_repr("<p>[DhtmlXQ]</p>"), None);
        assert_eq!(unwrap_python_repr("('a\\n',\n'b')"), None);
        assert_eq!(
            unwrap_python_repr(r"('\xzz')").as_deref(),
            Some(r"('\xzz')")
        );
    }
}

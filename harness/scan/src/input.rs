//! Reading a game file: never more than a cap, whatever `stat` says (a file of `/proc` reads
//! as size 0 and may never end), its first bytes sniffed before any reader sees it (an
//! archive, a file of NUL bytes is no game record), and a large file of one game a line read a
//! piece at a time instead of whole. Bytes become text as [`decode`] says; a text saved as a
//! Python literal (a scraper's `repr` of a page: one line, its strings quoted with `\n`,
//! `\'`, `\xa0` escapes) is read as the text it quotes ([`unwrap_python_repr`]).

use std::io::Read;
use std::path::Path;

use encoding_rs::Encoding;

/// The largest game file read, in bytes (a 象棋桥 library of a few thousand games fits).
pub const MAX_GAME_FILE_BYTES: u64 = qili_io::bounds::MAX_GAME_FILE_BYTES;

/// Bytes looked at to tell what a file is.
pub const HEAD_BYTES: usize = 64 << 10;

/// Bytes of a file of one game a line read at a time when it is larger than this.
pub const PIECE_BYTES: usize = 1 << 20;

/// Why a file could not be read, as the summary counts it and the message says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// `unreadable file` or `not a game record`.
    pub kind: &'static str,
    pub message: String,
}

fn unreadable(name: &str, why: impl std::fmt::Display) -> Refused {
    Refused {
        kind: "unreadable file",
        message: format!("{name}: {why}"),
    }
}

pub(crate) fn too_large(name: &str) -> Refused {
    unreadable(
        name,
        format!(
            "more than {} bytes, the most a game file may have (MAX_GAME_FILE_BYTES)",
            qili_io::bounds::thousands(MAX_GAME_FILE_BYTES as usize)
        ),
    )
}

/// The first [`HEAD_BYTES`] of `path` (fewer if it is shorter), and the open file positioned
/// after them.
pub fn head(path: &Path, name: &str) -> Result<(Vec<u8>, std::fs::File), Refused> {
    let mut file = std::fs::File::open(path).map_err(|e| unreadable(name, e))?;
    let mut head = Vec::with_capacity(HEAD_BYTES);
    (&mut file)
        .take(HEAD_BYTES as u64)
        .read_to_end(&mut head)
        .map_err(|e| unreadable(name, e))?;
    Ok((head, file))
}

/// The rest of the file after its `head`, all of it, through the cap: at most `cap` bytes
/// in all, and one more to tell that there is more (`None` then).
pub fn rest(
    mut head: Vec<u8>,
    file: std::fs::File,
    name: &str,
    cap: u64,
) -> Result<Option<Vec<u8>>, Refused> {
    let more = (cap + 1).saturating_sub(head.len() as u64);
    file.take(more)
        .read_to_end(&mut head)
        .map_err(|e| unreadable(name, e))?;
    Ok((head.len() as u64 <= cap).then_some(head))
}

/// What a file's first bytes say it is, when that is no game record of a text format: an
/// archive or another binary format by its signature, or binary data (a NUL byte where text
/// has none). Text with a byte-order mark is text (UTF-16 has NUL bytes).
pub fn sniff(head: &[u8]) -> Option<String> {
    const SIGNATURES: [(&[u8], &str); 10] = [
        (
            b"PK\x03\x04",
            "a zip archive (unpack it to scan the games in it)",
        ),
        (b"PK\x05\x06", "an empty zip archive"),
        (
            b"\x1f\x8b",
            "a gzip archive (unpack it to scan the games in it)",
        ),
        (
            b"BZh",
            "a bzip2 archive (unpack it to scan the games in it)",
        ),
        (
            b"\xfd7zXZ\x00",
            "an xz archive (unpack it to scan the games in it)",
        ),
        (
            b"7z\xbc\xaf\x27\x1c",
            "a 7-Zip archive (unpack it to scan the games in it)",
        ),
        (
            b"Rar!\x1a\x07",
            "a RAR archive (unpack it to scan the games in it)",
        ),
        (b"%PDF", "a PDF document"),
        (b"\x89PNG", "a PNG image"),
        (b"\xff\xd8\xff", "a JPEG image"),
    ];
    if let Some((_, what)) = SIGNATURES.iter().find(|(sig, _)| head.starts_with(sig)) {
        return Some(format!("looks like {what}"));
    }
    if Encoding::for_bom(head).is_some() {
        return None;
    }
    head.iter().position(|&b| b == 0).map(|at| {
        format!(
            "looks like binary data (a NUL byte at byte {at}), expected the text of a game record"
        )
    })
}

/// `file: not a game record: why`.
pub fn not_a_record(name: &str, why: &str) -> Refused {
    Refused {
        kind: "not a game record",
        message: format!("{name}: not a game record: {why}"),
    }
}

/// The text of `bytes` and the name of the encoding it was read in: a byte-order mark says
/// it; text that is valid UTF-8 is UTF-8 (taken as it is, not copied); otherwise it is guessed
/// (chardetng: GBK for XQBase-style PGN, Big5 for traditional-script files).
pub fn decode(bytes: Vec<u8>) -> (String, &'static str) {
    if let Some((enc, bom)) = Encoding::for_bom(&bytes) {
        let (text, _) = enc.decode_without_bom_handling(&bytes[bom..]);
        return (text.into_owned(), enc.name());
    }
    match String::from_utf8(bytes) {
        Ok(text) => (text, "UTF-8"),
        Err(e) => {
            let bytes = e.into_bytes();
            let enc = guess(&bytes);
            let (text, _, _) = enc.decode(&bytes);
            (text.into_owned(), enc.name())
        }
    }
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

/// Whether `needle` stands anywhere in the file at `path` (read in pieces through the cap,
/// not held).
pub fn contains(path: &Path, name: &str, needle: &[u8]) -> Result<bool, Refused> {
    let mut file = std::fs::File::open(path).map_err(|e| unreadable(name, e))?;
    let mut buf = vec![0u8; PIECE_BYTES];
    // The end of the piece before, where the needle may have begun.
    let keep = needle.len().saturating_sub(1);
    let (mut carried, mut total) = (0, 0u64);
    loop {
        let n = read_some(&mut file, &mut buf[carried..]).map_err(|e| unreadable(name, e))?;
        total += n as u64;
        let filled = carried + n;
        if buf[..filled].windows(needle.len()).any(|w| w == needle) {
            return Ok(true);
        }
        if n == 0 || total > MAX_GAME_FILE_BYTES {
            return Ok(false);
        }
        carried = keep.min(filled);
        buf.copy_within(filled - carried..filled, 0);
    }
}

/// The encoding chardetng guesses for text that is not UTF-8 (no top-level domain hint;
/// Chinese game files are GBK or Big5 far more often than not).
fn guess(bytes: &[u8]) -> &'static Encoding {
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(bytes, true);
    detector.guess(None, true)
}

/// A large file of one game a line, read a piece at a time: its encoding found in a first
/// pass (as [`decode`] finds it, from every byte), then its text decoded in pieces that end at
/// a line's end. What is held is a piece, not the file.
pub struct Lines {
    file: std::fs::File,
    decoder: encoding_rs::Decoder,
    encoding: &'static str,
    /// Decoded text not yet handed out (a line begun).
    pending: String,
    /// Bytes read so far (bounded by [`MAX_GAME_FILE_BYTES`]).
    read: u64,
    done: bool,
    name: String,
    piece: usize,
}

impl Lines {
    /// Open `path` for reading in pieces of about [`PIECE_BYTES`].
    pub fn open(path: &Path, name: &str) -> Result<Lines, Refused> {
        Lines::open_with(path, name, PIECE_BYTES)
    }

    /// Open `path` for reading in pieces of about `piece` bytes.
    pub fn open_with(path: &Path, name: &str, piece: usize) -> Result<Lines, Refused> {
        use std::io::Seek;
        let mut file = std::fs::File::open(path).map_err(|e| unreadable(name, e))?;
        // The first pass: a byte-order mark, else whether every byte is UTF-8, else a guess.
        let mut buf = vec![0u8; piece];
        let mut first = true;
        let mut bom: Option<(&'static Encoding, usize)> = None;
        let mut utf8 = Utf8Check::default();
        let mut detector = chardetng::EncodingDetector::new();
        let mut total = 0u64;
        loop {
            let n = read_some(&mut file, &mut buf).map_err(|e| unreadable(name, e))?;
            if first {
                bom = Encoding::for_bom(&buf[..n]);
                first = false;
                if bom.is_some() {
                    break;
                }
            }
            total += n as u64;
            if total > MAX_GAME_FILE_BYTES {
                return Err(too_large(name));
            }
            if n == 0 {
                break;
            }
            utf8.feed(&buf[..n]);
            detector.feed(&buf[..n], false);
        }
        let (encoding, skip): (&'static Encoding, u64) = match bom {
            Some((enc, len)) => (enc, len as u64),
            None if utf8.valid() => (encoding_rs::UTF_8, 0),
            None => {
                detector.feed(&[], true);
                (detector.guess(None, true), 0)
            }
        };
        file.seek(std::io::SeekFrom::Start(skip))
            .map_err(|e| unreadable(name, e))?;
        Ok(Lines {
            file,
            decoder: encoding.new_decoder_without_bom_handling(),
            encoding: encoding.name(),
            pending: String::new(),
            read: skip,
            done: false,
            name: name.to_string(),
            piece,
        })
    }

    /// The encoding the text is read in.
    pub fn encoding(&self) -> &'static str {
        self.encoding
    }

    /// The next piece of text, whole lines of about the piece's size (one longer line whole);
    /// `None` at the end.
    pub fn next_piece(&mut self) -> Result<Option<String>, Refused> {
        let mut buf = vec![0u8; self.piece];
        loop {
            if let Some(end) = self
                .pending
                .rfind('\n')
                .filter(|_| self.pending.len() >= self.piece)
            {
                let rest = self.pending.split_off(end + 1);
                return Ok(Some(std::mem::replace(&mut self.pending, rest)));
            }
            if self.done {
                return Ok((!self.pending.is_empty()).then(|| std::mem::take(&mut self.pending)));
            }
            let n = read_some(&mut self.file, &mut buf).map_err(|e| unreadable(&self.name, e))?;
            self.read += n as u64;
            if self.read > MAX_GAME_FILE_BYTES {
                return Err(too_large(&self.name));
            }
            let last = n == 0;
            self.pending
                .reserve(self.decoder.max_utf8_buffer_length(n).unwrap_or(n * 3 + 16));
            let (_, _, _) = self
                .decoder
                .decode_to_string(&buf[..n], &mut self.pending, last);
            self.done = last;
        }
    }
}

/// Read into `buf` until it is full or the file ends: the bytes read.
fn read_some(file: &mut std::fs::File, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match file.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// Whether bytes fed in pieces are valid UTF-8 together (a sequence may be cut between two).
#[derive(Default)]
struct Utf8Check {
    carry: Vec<u8>,
    invalid: bool,
}

impl Utf8Check {
    fn feed(&mut self, bytes: &[u8]) {
        if self.invalid {
            return;
        }
        let mut joined;
        let bytes = if self.carry.is_empty() {
            bytes
        } else {
            joined = std::mem::take(&mut self.carry);
            joined.extend_from_slice(bytes);
            &joined[..]
        };
        match std::str::from_utf8(bytes) {
            Ok(_) => {}
            // Cut at the end of the piece: the rest comes with the next.
            Err(e) if e.error_len().is_none() => {
                self.carry = bytes[e.valid_up_to()..].to_vec();
            }
            Err(_) => self.invalid = true,
        }
    }

    /// At the end: valid, with nothing left cut.
    fn valid(&self) -> bool {
        !self.invalid && self.carry.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_gbk_big5_and_a_bom_are_read() {
        let text =
            "[Red \"许银川\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ *\n";
        assert_eq!(
            decode(text.as_bytes().to_vec()),
            (text.to_string(), "UTF-8")
        );
        let (gbk, _, _) = encoding_rs::GBK.encode(text);
        assert_eq!(decode(gbk.into_owned()), (text.to_string(), "GBK"));
        let trad =
            "[Red \"許銀川\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 3. 車一平二 馬２進３ *\n";
        let (big5, _, _) = encoding_rs::BIG5.encode(trad);
        assert_eq!(decode(big5.into_owned()), (trad.to_string(), "Big5"));
        let mut bom = vec![0xEF, 0xBB, 0xBF];
        bom.extend_from_slice(text.as_bytes());
        assert_eq!(decode(bom).0, text);
    }

    #[test]
    fn archives_and_binary_data_are_told_by_their_first_bytes() {
        assert!(sniff(b"PK\x03\x04rest").unwrap().contains("zip archive"));
        assert!(sniff(b"\x1f\x8b\x08").unwrap().contains("gzip"));
        assert!(sniff(&[0u8; 100]).unwrap().contains("NUL byte at byte 0"));
        assert!(sniff(b"1. h2e2 h9g7\0").unwrap().contains("byte 12"));
        assert_eq!(sniff("1. 炮二平五 *".as_bytes()), None);
        // UTF-16 text with its byte-order mark holds NUL bytes and is text.
        assert_eq!(sniff(b"\xff\xfe1\x00.\x00"), None);
    }

    /// Read in pieces, a file gives the text read whole gives, in whole lines, whatever the
    /// encoding and wherever a piece cuts a character.
    #[test]
    fn a_file_read_in_pieces_is_the_file_read_whole() {
        let dir = tempfile::tempdir().unwrap();
        let line = "id;h2e2,h9g7 马８进７ 許銀川\n";
        let piece = 4096;
        let text = line.repeat(piece / line.len() * 3 + 7);
        for (name, bytes) in [
            ("utf8.txt", text.as_bytes().to_vec()),
            ("big5.txt", encoding_rs::BIG5.encode(&text).0.into_owned()),
        ] {
            let path = dir.path().join(name);
            std::fs::write(&path, &bytes).unwrap();
            let (whole, enc) = decode(bytes);
            let mut lines = Lines::open_with(&path, name, piece).unwrap();
            assert_eq!(lines.encoding(), enc);
            let mut pieces = Vec::new();
            while let Some(p) = lines.next_piece().unwrap() {
                assert!(p.ends_with('\n'));
                pieces.push(p);
            }
            assert!(pieces.len() >= 3, "{} pieces", pieces.len());
            assert_eq!(pieces.concat(), whole);
        }
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

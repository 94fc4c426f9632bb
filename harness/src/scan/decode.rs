//! Bytes of a game file to text: a byte-order mark says the encoding; text that is valid UTF-8
//! is UTF-8; otherwise the encoding is guessed (chardetng: GBK for XQBase-style PGN, Big5 for
//! traditional-script files) and decoded with encoding_rs.

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
}

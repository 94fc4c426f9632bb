//! Plain-text tables that line up with Chinese text: CJK characters take two columns.

/// The width of `s` in terminal columns (CJK and full-width forms count two), as the Unicode
/// East Asian Width tables say.
pub fn width(s: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(s)
}

/// Rows padded to the widest cell of each column, columns separated by two spaces; the last
/// column is not padded.
pub fn render(rows: &[Vec<String>]) -> String {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut widths = vec![0; cols];
    for r in rows {
        for (i, c) in r.iter().enumerate() {
            widths[i] = widths[i].max(width(c));
        }
    }
    let mut out = String::new();
    for r in rows {
        let mut line = String::new();
        for (i, c) in r.iter().enumerate() {
            line.push_str(c);
            if i + 1 < r.len() {
                line.push_str(&" ".repeat(widths[i] - width(c) + 2));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_counts_double() {
        assert_eq!(width("h2e2"), 4);
        assert_eq!(width("炮二平五"), 8);
        let t = render(&[
            vec!["1".into(), "炮二平五".into(), "x".into()],
            vec!["10".into(), "h2e2".into(), "y".into()],
        ]);
        assert_eq!(t, "1   炮二平五  x\n10  h2e2      y\n");
    }
}

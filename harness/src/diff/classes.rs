//! The documented classes of disagreement: `expectations/differential.yaml`, one record per
//! class with who is right by the text. docs/differential.md has a section per class (a test
//! keeps the two the same), and the CI sample fails on a disagreement of any other class.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use qili_corpus::yaml;

/// Who the AXF text says is right about a class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Judgement {
    /// qili rules as the text does; Fairy-Stockfish's simplification is wrong.
    FairyStockfish,
    /// Fairy-Stockfish rules as the text does; qili is to be fixed.
    Qili,
    /// The text does not settle it.
    Open,
}

impl Judgement {
    /// As the data file and the doc write it: `fairy_stockfish` (its error), `qili`, `open`.
    pub const fn name(self) -> &'static str {
        match self {
            Judgement::FairyStockfish => "fairy_stockfish",
            Judgement::Qili => "qili",
            Judgement::Open => "open",
        }
    }

    /// The words docs/differential.md uses for it, after `**Wrong by the text:**`.
    pub const fn in_words(self) -> &'static str {
        match self {
            Judgement::FairyStockfish => "Fairy-Stockfish",
            Judgement::Qili => "qili",
            Judgement::Open => "open",
        }
    }
}

/// One documented class.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Record {
    pub id: String,
    /// Whose error it is, by the text.
    pub wrong: Judgement,
    /// The AXF clause (or term) the class turns on.
    pub clause: String,
    /// One line: what the class is.
    pub summary: String,
}

/// A record as written (`wrong` read into a [`Judgement`] after).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    id: String,
    wrong: String,
    clause: String,
    summary: String,
}

/// Every documented class.
#[derive(Clone, Debug, Default)]
pub struct Documented {
    pub records: Vec<Record>,
}

impl Documented {
    pub fn judgement(&self, id: &str) -> Option<Judgement> {
        self.records.iter().find(|r| r.id == id).map(|r| r.wrong)
    }
}

/// The data file in the repository.
pub fn default_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../expectations/differential.yaml")
}

/// Read the data file: a list of records, ids unique.
pub fn load(path: &Path) -> Result<Documented, String> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    let doc = yaml::read(&name, &text).map_err(|p| p.to_string())?;
    let raw: Vec<Raw> = if doc.root.is_none() {
        Vec::new()
    } else {
        yaml::deserialize(&name, &doc).map_err(|p| p.to_string())?
    };
    let all = [Judgement::FairyStockfish, Judgement::Qili, Judgement::Open];
    let mut records = Vec::with_capacity(raw.len());
    for r in raw {
        let Some(wrong) = all.into_iter().find(|j| j.name() == r.wrong) else {
            return Err(format!(
                "{name}: class {}: wrong is {:?}, expected one of fairy_stockfish, qili, open",
                r.id, r.wrong
            ));
        };
        records.push(Record {
            id: r.id,
            wrong,
            clause: r.clause,
            summary: r.summary,
        });
    }
    for (i, r) in records.iter().enumerate() {
        if records[..i].iter().any(|q| q.id == r.id) {
            return Err(format!("{name}: the class {} is recorded twice", r.id));
        }
    }
    Ok(Documented { records })
}

/// The line of a class's section in docs/differential.md that says who is wrong.
pub const WRONG_LINE: &str = "- **Wrong by the text:**";

/// The class sections of docs/differential.md: each `### `id`` heading, with who its
/// `**Wrong by the text:**` line says is wrong (`None`: no such line, or other words).
pub fn doc_sections(doc: &str) -> std::collections::BTreeMap<&str, Option<Judgement>> {
    let mut out = std::collections::BTreeMap::new();
    let mut current: Option<&str> = None;
    for line in doc.lines() {
        if let Some(rest) = line.strip_prefix("### `") {
            if let Some(id) = rest.strip_suffix('`') {
                out.insert(id, None);
                current = Some(id);
                continue;
            }
        }
        if line.starts_with("## ") || line.starts_with("### ") {
            current = None;
        }
        if let (Some(id), Some(rest)) = (current, line.strip_prefix(WRONG_LINE)) {
            let rest = rest.trim();
            let found = [Judgement::FairyStockfish, Judgement::Qili, Judgement::Open]
                .into_iter()
                .find(|j| rest.starts_with(j.in_words()));
            out.insert(id, found);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_are_read_with_their_judgement() {
        let doc = "# x\n\n### `a-b`\n\n- **Wrong by the text:** qili, because\n\n### `c`\n\ntext\n## Other\n- **Wrong by the text:** open\n";
        let s = doc_sections(doc);
        assert_eq!(s.get("a-b"), Some(&Some(Judgement::Qili)));
        assert_eq!(s.get("c"), Some(&None));
        assert_eq!(s.len(), 2);
    }
}

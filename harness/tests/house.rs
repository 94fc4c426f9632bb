//! The shape of the crate (issue 18): the modules that show, compare and read things import
//! each other one way only, and YAML has one parser, in one module. Read from the sources, so a
//! change that brings a circle back fails here and says which import did it.

mod common;

use std::path::PathBuf;

/// The harness's crates: this one and those in its folder (qili-corpus, qili-io, qili-scan,
/// qili-cli).
const CRATES: [&str; 5] = [".", "corpus", "io", "scan", "cli"];

/// The source of `module`, in whichever harness crate holds it.
fn source(module: &str) -> String {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let path = CRATES
        .iter()
        .map(|c| here.join(c).join(format!("src/{module}.rs")))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("no harness crate has src/{module}.rs"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The modules of this crate that the code of `module` names (`crate::x`), tests included;
/// comments (doc links) do not count.
fn imports(module: &str) -> Vec<String> {
    let text = source(module);
    let mut out: Vec<String> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .flat_map(|l| {
            l.match_indices("crate::").map(move |(i, _)| {
                l[i + "crate::".len()..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect()
            })
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

#[test]
fn leaf_modules_import_none_of_their_users() {
    assert_eq!(imports("view"), Vec::<String>::new());
    assert_eq!(imports("vocabulary"), Vec::<String>::new());
    for (module, not) in [
        ("errata", "results"),
        ("rulebooks", "results"),
        ("compare", "expectations"),
        ("expectations", "lint"),
        ("yaml", "lint"),
        ("locate", "yaml"),
    ] {
        assert!(
            !imports(module).iter().any(|m| m == not),
            "{module}.rs imports crate::{not}: {:?}",
            imports(module)
        );
    }
}

#[test]
fn yaml_has_one_parser_in_one_module() {
    for c in CRATES {
        let here = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(c);
        let manifest = std::fs::read_to_string(here.join("Cargo.toml")).unwrap();
        assert!(!manifest.contains("serde_norway") && !manifest.contains("serde_yaml"));
    }
    let sources = CRATES.iter().flat_map(|c| {
        common::snapshot(
            &PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join(c)
                .join("src"),
        )
    });
    for (path, bytes) in sources {
        let parses = String::from_utf8_lossy(&bytes).contains("saphyr_parser");
        let yaml = path.file_name().is_some_and(|n| n == "yaml.rs");
        assert!(!parses || yaml, "{} parses YAML itself", path.display());
    }
}

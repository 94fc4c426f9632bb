//! ARCHITECTURE.md and the workspace agree: the table of crates names every crate of the
//! workspace (and the fuzz workspace beside it), and each crate's path dependencies are exactly
//! the ones its row states. A crate that starts to lean on a neighbour, or a new crate left out
//! of the code map, fails here with the row to mend. And no crate depends by path on one it does
//! not use: each path dependency is named in the crate's own sources.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The rows of the table under `## Crates`: crate name → (folder, path dependencies).
fn stated() -> BTreeMap<String, (String, Vec<String>)> {
    let path = root().join("ARCHITECTURE.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let section = text
        .split("\n## ")
        .find(|s| s.starts_with("Crates"))
        .expect("ARCHITECTURE.md has a `## Crates` section");
    let ticked = |cell: &str| -> Vec<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_owned)
            .collect()
    };
    let mut rows = BTreeMap::new();
    for line in section.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        assert!(
            cells.len() >= 5,
            "ARCHITECTURE.md: a crate row needs 4 cells: {line}"
        );
        let name = ticked(cells[1])
            .into_iter()
            .next()
            .expect("crate name in backticks");
        let folder = ticked(cells[2])
            .into_iter()
            .next()
            .expect("folder in backticks");
        let deps = ticked(cells[3]);
        assert!(
            rows.insert(
                name.clone(),
                (folder.trim_end_matches('/').to_owned(), deps)
            )
            .is_none(),
            "ARCHITECTURE.md lists `{name}` twice"
        );
    }
    rows
}

/// What `cargo metadata` says of the packages of one workspace: name → (folder, sorted path
/// dependencies, normal and build only: a test may use what it likes).
fn actual(manifest: &Path) -> BTreeMap<String, (String, Vec<String>)> {
    let out = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
            "--manifest-path",
        ])
        .arg(manifest)
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("metadata is JSON");
    let root = std::fs::canonicalize(root()).unwrap();
    let mut packages = BTreeMap::new();
    for p in meta["packages"].as_array().unwrap() {
        let name = p["name"].as_str().unwrap().to_owned();
        let dir = Path::new(p["manifest_path"].as_str().unwrap())
            .parent()
            .unwrap()
            .to_owned();
        let folder = dir
            .strip_prefix(&root)
            .unwrap_or(&dir)
            .display()
            .to_string();
        let mut deps: Vec<String> = p["dependencies"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["path"].is_string() && d["kind"].as_str() != Some("dev"))
            .map(|d| d["name"].as_str().unwrap().to_owned())
            .collect();
        deps.sort();
        deps.dedup();
        packages.insert(name, (folder, deps));
    }
    packages
}

#[test]
fn the_crates_table_is_the_workspace() {
    let mut actual = actual(&root().join("Cargo.toml"));
    actual.extend(self::actual(&root().join("fuzz/Cargo.toml")));
    let stated: BTreeMap<_, _> = stated()
        .into_iter()
        .map(|(name, (folder, mut deps))| {
            deps.sort();
            (name, (folder, deps))
        })
        .collect();
    for (name, (folder, deps)) in &actual {
        let Some((s_folder, s_deps)) = stated.get(name) else {
            panic!("ARCHITECTURE.md: crate `{name}` ({folder}/) has no row in the crates table");
        };
        assert_eq!(
            s_folder, folder,
            "ARCHITECTURE.md: `{name}` is in {folder}/"
        );
        assert_eq!(
            s_deps, deps,
            "ARCHITECTURE.md: `{name}` depends on {deps:?} by path; its row says {s_deps:?}"
        );
    }
    for name in stated.keys() {
        assert!(
            actual.contains_key(name),
            "ARCHITECTURE.md lists `{name}`, which is no crate"
        );
    }
}

/// The Rust sources of the package in `dir`: its files outside `tests/`, `benches/`, `target/`
/// and the folders of other packages inside it (harness/ holds corpus/, io/, scan/, cli/).
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let p = e.unwrap().path();
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            if p.is_dir() {
                let nested = p.join("Cargo.toml").is_file();
                if !nested
                    && !matches!(
                        name.as_str(),
                        "tests" | "benches" | "target" | "node_modules"
                    )
                {
                    stack.push(p);
                }
            } else if name.ends_with(".rs") {
                out.push(p);
            }
        }
    }
    out
}

/// Whether `text` names the crate `lib` in code: `lib::…` or `use lib` not inside another
/// identifier (`qili` is not named by `qili_corpus::…`).
fn names(text: &str, lib: &str) -> bool {
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .any(|l| {
            l.match_indices(lib).any(|(i, _)| {
                let before = l[..i].chars().next_back();
                let after = &l[i + lib.len()..];
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                    && (after.starts_with("::")
                        || after.starts_with(';')
                        || after.starts_with(" as "))
            })
        })
}

#[test]
fn every_path_dependency_is_used() {
    let root = std::fs::canonicalize(root()).unwrap();
    let mut crates = actual(&root.join("Cargo.toml"));
    crates.extend(actual(&root.join("fuzz/Cargo.toml")));
    for (name, (folder, deps)) in &crates {
        let text: String = sources(&root.join(folder))
            .iter()
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect::<Vec<_>>()
            .join("\n");
        for dep in deps {
            let lib = dep.replace('-', "_");
            assert!(
                names(&text, &lib),
                "`{name}` ({folder}/) depends on `{dep}` by path but its sources never name `{lib}`: drop the dependency"
            );
        }
    }
}

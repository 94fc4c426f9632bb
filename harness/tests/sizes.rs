//! The sizes the house keeps (issue 28): no file over [`MAX_FILE_LINES`] lines under any
//! crate's `src/`, and no function there over [`MAX_FN_LINES`] lines, so that a file holds one
//! thing and a function reads as its steps. Every crate is found by its `Cargo.toml` below the
//! workspace (the fuzz workspace included); functions are read with `syn` (free functions,
//! methods, trait methods with a body, functions nested in others), measured from the line of
//! `fn` to the line of the closing brace.
//!
//! Two lists say where the rule does not hold yet, and each fails when it no longer matches
//! the code, so neither can rot: [`GENERATED`], the files whose size is the size of their data,
//! and [`STILL_TOO_LONG`], what other work on issue 28 is splitting (emptied as it lands).

use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// The most lines a file under a crate's `src/` may have.
const MAX_FILE_LINES: usize = 800;
/// The most lines a function may have, from `fn` to its closing brace.
const MAX_FN_LINES: usize = 80;

/// Generated files, by path from the workspace: their size is the size of the table they hold,
/// and they are exempt from both limits. None yet; a file listed here must exist and say in
/// its first lines that it is generated (and by what).
const GENERATED: &[&str] = &[];

/// What is still too long, with its owner: `(file, function, owner)`, the function by its
/// path within the file (`Type::method`, `module::function`), or `""` for the file itself.
/// The coordinator empties this list as the owners' work lands; an entry that is no longer too
/// long fails the test, so the list only ever shrinks.
const STILL_TOO_LONG: &[(&str, &str, &str)] = &[];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("the workspace")
}

/// The `src/` folder of every crate below `dir` (one with a `Cargo.toml`), skipping build
/// output, npm's packages and git's own folder.
fn src_dirs(dir: &Path, out: &mut Vec<PathBuf>) {
    if dir.join("Cargo.toml").is_file() && dir.join("src").is_dir() {
        out.push(dir.join("src"));
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let skipped = matches!(name, "target" | "node_modules" | ".git" | "src");
        if p.is_dir() && !skipped && !p.is_symlink() {
            src_dirs(&p, out);
        }
    }
}

/// Every `.rs` file below `dir`, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// A function: its path within the file and its length in lines.
#[derive(Debug)]
struct Function {
    name: String,
    lines: usize,
}

/// The functions of a file, named by the modules, impls and traits around them.
#[derive(Default)]
struct Functions {
    scope: Vec<String>,
    found: Vec<Function>,
}

impl Functions {
    /// A function with its signature and body (none: a trait method without one): measured,
    /// then `visit`ed within its name, for the functions nested in it.
    fn function(
        &mut self,
        sig: &syn::Signature,
        body: Option<&syn::Block>,
        visit: impl FnOnce(&mut Self),
    ) {
        let name = sig.ident.to_string();
        if let Some(body) = body {
            let (start, end) = (
                sig.fn_token.span.start(),
                body.brace_token.span.close().end(),
            );
            let mut path = self.scope.clone();
            path.push(name.clone());
            self.found.push(Function {
                name: path.join("::"),
                lines: end.line - start.line + 1,
            });
        }
        self.within(name, visit);
    }

    fn within(&mut self, name: String, visit: impl FnOnce(&mut Self)) {
        self.scope.push(name);
        visit(self);
        self.scope.pop();
    }
}

/// The name an impl's methods are found under: the type's last path segment.
fn self_name(ty: &syn::Type) -> String {
    match ty {
        syn::Type::Path(p) => p
            .path
            .segments
            .last()
            .map_or_else(|| "impl".to_string(), |s| s.ident.to_string()),
        syn::Type::Reference(r) => self_name(&r.elem),
        _ => "impl".to_string(),
    }
}

impl<'ast> Visit<'ast> for Functions {
    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        self.within(m.ident.to_string(), |s| syn::visit::visit_item_mod(s, m));
    }

    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        self.within(self_name(&i.self_ty), |s| syn::visit::visit_item_impl(s, i));
    }

    fn visit_item_trait(&mut self, t: &'ast syn::ItemTrait) {
        self.within(t.ident.to_string(), |s| syn::visit::visit_item_trait(s, t));
    }

    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        self.function(&f.sig, Some(&f.block), |s| syn::visit::visit_item_fn(s, f));
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        self.function(&f.sig, Some(&f.block), |s| {
            syn::visit::visit_impl_item_fn(s, f)
        });
    }

    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        self.function(&f.sig, f.default.as_ref(), |s| {
            syn::visit::visit_trait_item_fn(s, f)
        });
    }
}

/// What is over a limit: `(file, function or "", lines)`.
type Over = (String, String, usize);

/// Everything over a limit in the workspace, but the generated files.
fn over_the_limits(root: &Path) -> Vec<Over> {
    let mut srcs = Vec::new();
    src_dirs(root, &mut srcs);
    let mut files = Vec::new();
    for dir in &srcs {
        rust_files(dir, &mut files);
    }
    let mut over = Vec::new();
    for path in files {
        let rel = path
            .strip_prefix(root)
            .expect("below the workspace")
            .to_string_lossy()
            .replace('\\', "/");
        if GENERATED.contains(&rel.as_str()) {
            continue;
        }
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let lines = text.lines().count();
        if lines > MAX_FILE_LINES {
            over.push((rel.clone(), String::new(), lines));
        }
        let file = syn::parse_file(&text).unwrap_or_else(|e| {
            let at = e.span().start();
            panic!("{rel}:{}:{}: not read by syn: {e}", at.line, at.column + 1)
        });
        let mut functions = Functions::default();
        functions.visit_file(&file);
        for f in functions.found {
            if f.lines > MAX_FN_LINES {
                over.push((rel.clone(), f.name, f.lines));
            }
        }
    }
    over
}

#[test]
fn no_file_or_function_is_too_long() {
    let root = root();
    let over = over_the_limits(&root);
    let listed = |file: &str, function: &str| {
        STILL_TOO_LONG
            .iter()
            .any(|&(f, name, _)| f == file && name == function)
    };
    let mut wrong = Vec::new();
    for (file, function, lines) in &over {
        if listed(file, function) {
            continue;
        }
        wrong.push(if function.is_empty() {
            format!("{file}: {lines} lines, over {MAX_FILE_LINES}: split it into files named for what they hold")
        } else {
            format!("{file}: {function} is {lines} lines, over {MAX_FN_LINES}: split it into named steps")
        });
    }
    for &(file, function, owner) in STILL_TOO_LONG {
        let still = over
            .iter()
            .any(|(f, name, _)| f == file && name == function);
        if !still {
            let what = if function.is_empty() {
                "the file".to_string()
            } else {
                function.to_string()
            };
            wrong.push(format!(
                "{file}: {what} ({owner}) is no longer too long, or no longer there: remove it from STILL_TOO_LONG"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn generated_files_exist_and_say_so() {
    let root = root();
    for rel in GENERATED {
        let path = root.join(rel);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("GENERATED lists {rel}: {e}"));
        let head: String = text.lines().take(5).collect::<Vec<_>>().join("\n");
        assert!(
            head.to_lowercase().contains("generated"),
            "GENERATED lists {rel}, whose first lines do not say it is generated (and by what)"
        );
    }
}

/// The measure itself, on a file of known shape: a method, a trait's default method, a
/// function nested in another, a test module's function, each named by where it stands.
#[test]
fn functions_are_measured_from_fn_to_the_closing_brace() {
    let text = "mod m {\n    struct S;\n    impl S {\n        fn a(&self) {\n            fn inner() {}\n        }\n    }\n}\ntrait T {\n    fn d() {\n\n    }\n    fn no_body();\n}\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn t() {\n    }\n}\n";
    let file = syn::parse_file(text).expect("a Rust file");
    let mut functions = Functions::default();
    functions.visit_file(&file);
    let found: Vec<(String, usize)> = functions
        .found
        .into_iter()
        .map(|f| (f.name, f.lines))
        .collect();
    assert_eq!(
        found,
        [
            ("m::S::a".to_string(), 3),
            ("m::S::a::inner".to_string(), 1),
            ("T::d".to_string(), 3),
            ("tests::t".to_string(), 2),
        ]
    );
}

//! tests/c/judge.c compiled with the system's C compiler (gcc, or $CC) against include/qili.h
//! and libqili_ffi.so, run, and every one of its checks passing.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Where cargo put this crate's shared library: beside this test in `deps/` (where `cargo
/// test` leaves it on a clean build), or the directory above (where `cargo build` copies it).
fn lib_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's path");
    let deps = exe.parent().expect("target/<profile>/deps/<test>");
    let dir = [Some(deps), deps.parent()]
        .into_iter()
        .flatten()
        .find(|d| d.join("libqili_ffi.so").is_file())
        .unwrap_or(deps)
        .to_path_buf();
    dir
}

#[test]
fn the_c_program_passes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let libs = lib_dir();
    assert!(
        libs.join("libqili_ffi.so").is_file(),
        "{}: no libqili_ffi.so (cargo builds it with the tests)",
        libs.display()
    );
    let out = tempfile::tempdir().expect("a scratch directory");
    let exe = out.path().join("judge");
    let cc = std::env::var("CC").unwrap_or_else(|_| "gcc".into());
    let built = Command::new(&cc)
        .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-o"])
        .arg(&exe)
        .arg(dir.join("tests/c/judge.c"))
        .arg("-I")
        .arg(dir.join("include"))
        .arg("-L")
        .arg(&libs)
        .arg("-lqili_ffi")
        .arg(format!("-Wl,-rpath,{}", libs.display()))
        .output()
        .unwrap_or_else(|e| panic!("{cc}: {e} (a C compiler is needed: apt-get install gcc)"));
    assert!(
        built.status.success(),
        "{cc} failed:\n{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let run = Command::new(&exe).output().expect("the C program runs");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "the C program failed:\n{stdout}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let checks = stdout.lines().filter(|l| l.starts_with("ok: ")).count();
    assert!(checks >= 25, "{checks} checks passed:\n{stdout}");
    assert!(!stdout.contains("FAILED"), "{stdout}");
}

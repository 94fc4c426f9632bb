//! include/qili.h is what cbindgen writes from src/ now (QILI_BLESS=1 rewrites it).

use std::path::Path;

#[test]
fn the_committed_header_is_generated() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let mut out = Vec::new();
    cbindgen::Builder::new()
        .with_crate(dir)
        .with_config(config)
        .generate()
        .expect("cbindgen reads src/")
        .write(&mut out);
    let generated = String::from_utf8(out).expect("UTF-8");
    let path = dir.join("include/qili.h");
    if std::env::var_os("QILI_BLESS").is_some() {
        std::fs::write(&path, &generated).expect("write include/qili.h");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "include/qili.h is stale: QILI_BLESS=1 cargo test -p qili-ffi --test header rewrites it"
    );
}

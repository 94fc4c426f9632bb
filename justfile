# Thin aliases; each recipe is the cargo command it names.

# Judge the whole corpus and write reports/.
run *ARGS:
    cargo run --release -p qili-cli -- run {{ARGS}}

# The whole test suite.
test:
    cargo test --workspace --locked

# Lint the corpus (schema, ids, positions, moves, vocabularies).
check:
    cargo run -p qili-cli -- check

# The divan benches: one per case × edition, the whole run and its parts.
bench:
    cargo bench -p qili-harness --bench run

# Time every case × edition and the whole run; write reports/perf.md.
perf *ARGS:
    cargo run --release -p qili-cli -- perf {{ARGS}}

fmt:
    cargo fmt --all

lint:
    cargo clippy --workspace --all-targets -- -D warnings

# Build the referee's page into web/dist/ (open web/dist/index.html; web/setup.sh installs
# what it needs).
web:
    web/build.sh

# The page's browser test in headless Chromium (after `just web`).
web-test:
    cd web && npm test

# Screenshots of the page and the report at desktop and phone widths, into docs/screenshots/.
screenshots:
    cd web && npm run screenshots

# Everything CI runs.
ci:
    .ci/run

# Fuzz one target for SECS seconds (needs nightly and `cargo install cargo-fuzz`; not part of CI):
# fen, iccs, wxf, chinese, moves, binit, lint, judge, xqf, cbl or cbf.
fuzz TARGET SECS="60":
    cargo +nightly fuzz run {{TARGET}} -- -max_total_time={{SECS}}

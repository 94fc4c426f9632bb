# Thin aliases; each recipe is the cargo command it names.

# Judge the whole corpus and write reports/.
run *ARGS:
    cargo run --release -p qili-harness -- run {{ARGS}}

# The whole test suite.
test:
    cargo test --workspace --locked

# Lint the corpus (schema, ids, positions, moves, vocabularies).
check:
    cargo run -p qili-harness -- check

# Time a whole run (divan).
bench:
    cargo bench -p qili-harness --bench run

fmt:
    cargo fmt --all

lint:
    cargo clippy --workspace --all-targets -- -D warnings

# Everything CI runs.
ci:
    .ci/run

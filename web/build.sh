#!/usr/bin/env bash
# Build the referee's page into web/dist/: the engine compiled to WebAssembly, wasm-bindgen's
# no-modules glue (so the page works from file://), bundled with the corpus and the static files.
# The same wasm is also the npm package folder web/pkg/ (qili-wasm: an ES module with its
# TypeScript types, wasm-bindgen's `web` target, package.json and README from web/npm/).
# Needs the wasm32-unknown-unknown target, wasm-bindgen-cli of the version in Cargo.lock, node.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release --locked --target wasm32-unknown-unknown -p qili-web
rm -rf web/dist
wasm-bindgen --target no-modules --no-typescript --out-dir web/dist/pkg \
  target/wasm32-unknown-unknown/release/qili_web.wasm
node web/tools/bundle.mjs web/dist/pkg reports/results.json web/dist
rm -rf web/dist/pkg
rm -rf web/pkg
wasm-bindgen --target web --out-dir web/pkg target/wasm32-unknown-unknown/release/qili_web.wasm
cp web/npm/package.json web/npm/README.md web/pkg/

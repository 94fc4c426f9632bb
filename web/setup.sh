#!/usr/bin/env bash
# Install what building and testing the page needs, each only when missing: the wasm32 target,
# wasm-bindgen-cli of the version Cargo.lock pins for the wasm-bindgen crate (the two must
# match), Debian's chromium for the browser test, and the npm packages of web/package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."

if command -v rustup > /dev/null && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

version=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/"/, "", $3); print $3 }' Cargo.lock)
if [ "$(wasm-bindgen --version 2> /dev/null)" != "wasm-bindgen $version" ]; then
  # Not --locked: the lock file published with wasm-bindgen-cli 0.2.130 pins webpki-roots
  # 1.0.11, which the registry no longer offers.
  cargo install wasm-bindgen-cli --version "$version"
fi

if ! command -v "${CHROMIUM:-chromium}" > /dev/null; then
  apt-get update
  apt-get install -y chromium
fi

(cd web && npm ci --no-audit --no-fund)

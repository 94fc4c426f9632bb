#!/usr/bin/env bash
# Install what building and testing the page needs, each only when missing: the wasm32 target,
# wasm-bindgen-cli of the version Cargo.lock pins for the wasm-bindgen crate (the two must
# match), Debian's chromium and a CJK font (fonts-noto-cjk: without one every Chinese character
# on the page and in the screenshots is a box) for the browser test, and the npm packages of
# web/package-lock.json. Needs Rust (cargo), Node.js >= 20.11 with npm, and for the apt packages
# root on a Debian-like system; each missing prerequisite is named with how to get it.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
  echo "web/setup.sh: $*" >&2
  exit 1
}

# Node 20.11 is the first with import.meta.dirname, which the test and the tools use.
command -v cargo > /dev/null || fail "cargo is missing: install Rust (https://rustup.rs), then run this again"
command -v node > /dev/null \
  || fail "node is missing: the page's build and test need Node.js >= 20.11 with npm (https://nodejs.org; Debian 13's nodejs package is recent enough, Debian 12's is not)"
node_version=$(node --version)
IFS=. read -r major minor _ <<< "${node_version#v}"
if ! [[ $major =~ ^[0-9]+$ && $minor =~ ^[0-9]+$ ]] || ((major < 20 || (major == 20 && minor < 11))); then
  fail "node $node_version is too old: the page's build and test need Node.js >= 20.11 (import.meta.dirname); https://nodejs.org"
fi
command -v npm > /dev/null || fail "npm is missing (node $node_version is here): install npm (Debian: apt-get install npm)"

if command -v rustup > /dev/null && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

version=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/"/, "", $3); print $3 }' Cargo.lock)
if [ "$(wasm-bindgen --version 2> /dev/null)" != "wasm-bindgen $version" ]; then
  # Not --locked: the lock file published with wasm-bindgen-cli 0.2.130 pins webpki-roots
  # 1.0.11, which the registry no longer offers.
  cargo install wasm-bindgen-cli --version "$version"
fi

# The system packages: chromium (or $CHROMIUM) and a font with the Chinese glyphs.
packages=()
command -v "${CHROMIUM:-chromium}" > /dev/null || packages+=(chromium)
if ! command -v fc-list > /dev/null || [ -z "$(fc-list :lang=zh family)" ]; then
  packages+=(fonts-noto-cjk)
fi
if [ ${#packages[@]} -gt 0 ]; then
  command -v apt-get > /dev/null \
    || fail "missing: ${packages[*]}; this script installs them with apt-get (Debian, Ubuntu); elsewhere install them yourself (or set CHROMIUM to a Chromium binary)"
  [ "$(id -u)" = 0 ] \
    || fail "missing: ${packages[*]}; installing them needs root: sudo apt-get install ${packages[*]} (or run this script as root)"
  apt-get update
  apt-get install -y "${packages[@]}"
fi

(cd web && npm ci --no-audit --no-fund)

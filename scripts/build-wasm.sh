#!/usr/bin/env bash
# Builds the wasm package the page loads: www/pkg/pathlab.js + pathlab_bg.wasm, copies the
# bundled maps to www/maps and the npm libraries the page serves to www/vendor
# (scripts/vendor-js.sh). Idempotent; installs the wasm target and the wasm-bindgen CLI (the
# exact version in Cargo.lock, which must match the crate) when missing.
set -euo pipefail

cd "$(dirname "$0")/.."

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    echo "Adding the wasm32-unknown-unknown target…"
    rustup target add wasm32-unknown-unknown
fi

# The CLI must be exactly the version of the wasm-bindgen crate in Cargo.lock.
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$want" ]; then
    echo "error: no wasm-bindgen version in Cargo.lock (run cargo generate-lockfile)" >&2
    exit 1
fi
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
    echo "Installing wasm-bindgen-cli $want (found: ${have:-none})…"
    cargo install wasm-bindgen-cli --version "=$want"
fi

# wasm-opt (Debian's binaryen) shrinks the module by about a fifth; without it the page
# still works, only larger.
if ! command -v wasm-opt >/dev/null && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    echo "Installing binaryen (wasm-opt)…"
    { apt-get install -y -qq binaryen >/dev/null 2>&1 \
        || { apt-get update -qq && apt-get install -y -qq binaryen >/dev/null; }; } \
        || echo "note: binaryen is not installable here; the wasm is left unoptimised" >&2
fi

cargo build --lib --profile wasm --target wasm32-unknown-unknown
module=target/wasm32-unknown-unknown/wasm/pathlab.wasm
if command -v wasm-opt >/dev/null; then
    # Before wasm-bindgen, not after: Debian's binaryen rewrites the externref table that
    # wasm-bindgen adds into one the browser refuses. The features are the ones rustc
    # enables by default for wasm32-unknown-unknown.
    mkdir -p target/wasm-opt
    wasm-opt -Os --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
        --enable-mutable-globals --enable-reference-types --enable-multivalue \
        "$module" -o target/wasm-opt/pathlab.wasm
    module=target/wasm-opt/pathlab.wasm
fi
wasm-bindgen --target web --out-dir www/pkg "$module"

# The browser libraries the page serves (www/vendor/: the GIF encoder).
bash scripts/vendor-js.sh

rm -rf www/maps
if [ -d maps ]; then
    cp -R maps www/maps
else
    mkdir -p www/maps
fi

wasm=www/pkg/pathlab_bg.wasm
raw=$(wc -c < "$wasm" | tr -d ' ')
gz=$(gzip -9 -c "$wasm" | wc -c | tr -d ' ')
echo "Built $wasm: $raw bytes ($gz bytes gzipped)"

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

# wasm-opt (Binaryen) shrinks the module by about a fifth. Binaryen's npm build, pinned in
# scripts/binaryen/package.json, runs after wasm-bindgen: by then wasm-bindgen has taken out
# its descriptor functions and js-sys's JSPI export, so wasm-opt can also drop what only they
# kept alive (1.8 KB gzipped more). Debian's binaryen (108) is the fallback; it must run before
# wasm-bindgen, since it rewrites the externref table wasm-bindgen adds into one the browser
# refuses. Without either the page still works, only larger.
# `--no-inline` (before -Os, which runs its passes in order) keeps the successor steps of the
# other algorithms out of A*'s step function, as the crate asks (the `apart_` functions in
# src/search/engine/mod.rs): wasm-opt would otherwise inline each (one caller) back into it.
# The pattern needs the function names, so wasm-bindgen keeps them (`--keep-debug`) and
# wasm-opt, run without -g, drops them from its output.
no_inline=(--no-inline='*apart_*')
# The pattern must name something: a renamed function would quietly be inlined again.
check_apart() {
    grep -aq 'apart_' "$1" \
        || echo "warning: $1 names no apart_ function: wasm-opt --no-inline keeps nothing apart" >&2
}
opt_flags=(-Os --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
    --enable-mutable-globals --enable-reference-types --enable-multivalue)
npm_opt=scripts/binaryen/node_modules/.bin/wasm-opt
if [ ! -x "$npm_opt" ] && command -v npm >/dev/null; then
    echo "Installing Binaryen's wasm-opt (npm)…"
    (cd scripts/binaryen && npm ci --no-audit --no-fund --loglevel=error) \
        || echo "note: npm could not install binaryen; trying Debian's" >&2
fi
if [ ! -x "$npm_opt" ] && ! command -v wasm-opt >/dev/null && command -v apt-get >/dev/null \
    && [ "$(id -u)" = 0 ]; then
    echo "Installing binaryen (wasm-opt)…"
    { apt-get install -y -qq binaryen >/dev/null 2>&1 \
        || { apt-get update -qq && apt-get install -y -qq binaryen >/dev/null; }; } \
        || echo "note: binaryen is not installable here; the wasm is left unoptimised" >&2
fi

cargo build --lib --profile wasm --target wasm32-unknown-unknown
module=target/wasm32-unknown-unknown/wasm/pathlab.wasm
if [ -x "$npm_opt" ]; then
    wasm-bindgen --keep-debug --target web --out-dir www/pkg "$module"
    # wasm-bindgen has read the target features; the browser needs neither them nor the
    # producers section.
    check_apart www/pkg/pathlab_bg.wasm
    "$npm_opt" "${no_inline[@]}" "${opt_flags[@]}" --strip-producers --strip-target-features \
        www/pkg/pathlab_bg.wasm -o www/pkg/pathlab_bg.wasm
else
    if command -v wasm-opt >/dev/null; then
        mkdir -p target/wasm-opt
        check_apart "$module"
        wasm-opt "${no_inline[@]}" "${opt_flags[@]}" "$module" -o target/wasm-opt/pathlab.wasm
        module=target/wasm-opt/pathlab.wasm
    fi
    wasm-bindgen --target web --out-dir www/pkg "$module"
fi

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

#!/usr/bin/env bash
# Builds the static site for hosting into dist/ (git-ignored): the wasm package and the maps
# (scripts/build-wasm.sh), then every file the pages need with versioned names and relative
# URLs (scripts/build_site.py). Upload dist/ to any static host, under any sub-path; see
# docs/deploying.md for the headers to set.
#
# Each page's modules are bundled first (esbuild, pinned in scripts/bundle/): the modules its
# first picture needs become a handful of files, and each module it loads on first use
# (www/lazy.js) its own, so a first load asks for a handful of scripts instead of thirty —
# on a slow network each request costs a round trip. www/ itself stays unbundled: it is
# what development and the tests serve. Without npm the site is built unbundled.
#
#   bash scripts/build-site.sh            # build the wasm, then dist/
#   SITE_SKIP_WASM=1 bash scripts/build-site.sh   # reuse www/pkg and www/maps
#   SITE_NO_BUNDLE=1 bash scripts/build-site.sh   # the modules as they are in www/
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${SITE_SKIP_WASM:-}" ]; then
  bash scripts/build-wasm.sh
fi
# The browser libraries (www/vendor/), also when the wasm build is skipped.
bash scripts/vendor-js.sh
for f in www/pkg/pathlab.js www/pkg/pathlab_bg.wasm www/maps/index.json www/vendor/gifenc.js; do
  [ -e "$f" ] || { echo "build-site: missing $f (run scripts/build-wasm.sh)" >&2; exit 1; }
done
src=www
esbuild=scripts/bundle/node_modules/.bin/esbuild
if [ -z "${SITE_NO_BUNDLE:-}" ] && [ ! -x "$esbuild" ] && command -v npm >/dev/null; then
  echo "Installing esbuild (npm)…"
  (cd scripts/bundle && npm ci --no-audit --no-fund --loglevel=error) \
    || echo "note: npm could not install esbuild; the site is built unbundled" >&2
fi
if [ -z "${SITE_NO_BUNDLE:-}" ] && [ -x "$esbuild" ]; then
  src=target/site-bundle
  rm -rf "$src"
  mkdir -p "$src"
  cp -R www/. "$src"/
  rm "$src"/*.js
  # The entries: each page's module script, and the script an author's page links to. One
  # build per entry (the pages share no chunk: each first load stays one file and its few
  # chunks), side by side in one folder, as in www/, so `import.meta.url` finds the same
  # files. The wasm-bindgen glue stays its own file: it finds the wasm beside itself.
  entries=$(sed -n 's/.*<script type="module" src="\([^"]*\)".*/\1/p' www/*.html | sort -u)
  for entry in $entries pathlab-embed.js; do
    "$esbuild" "www/$entry" --bundle --splitting --format=esm --minify --legal-comments=none \
      --external:./pkg/pathlab.js --outdir="$src" --entry-names='[name]' \
      --chunk-names="${entry%.js}-[hash]" --log-level=warning
  done
fi
python3 scripts/build_site.py --check "$src" dist
# Brotli and gzip copies beside each file, for servers that send precompressed files.
node scripts/compress.mjs dist

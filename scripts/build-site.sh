#!/usr/bin/env bash
# Builds the static site for hosting into dist/ (git-ignored): the wasm package and the maps
# (scripts/build-wasm.sh), then every file the pages need with versioned names and relative
# URLs (scripts/build_site.py). Upload dist/ to any static host, under any sub-path; see
# docs/deploying.md for the headers to set.
#
#   bash scripts/build-site.sh            # build the wasm, then dist/
#   SITE_SKIP_WASM=1 bash scripts/build-site.sh   # reuse www/pkg and www/maps
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
python3 scripts/build_site.py --check www dist
# Brotli and gzip copies beside each file, for servers that send precompressed files.
node scripts/compress.mjs dist

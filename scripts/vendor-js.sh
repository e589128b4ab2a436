#!/usr/bin/env bash
# Installs the browser libraries the page serves and copies them into www/vendor/ (git-ignored):
# gifenc, the GIF encoder of the export dialog (www/export.js loads it only when a GIF is made).
# Their versions are pinned in vendor/package-lock.json. Idempotent: npm runs only when the
# package is missing. Run by scripts/build-wasm.sh and scripts/build-site.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

src=vendor/node_modules/gifenc/dist/gifenc.esm.js
if [ ! -f "$src" ]; then
  echo "Installing the page's npm libraries (vendor/)…"
  (cd vendor && npm ci --no-audit --no-fund --silent)
fi
mkdir -p www/vendor
# Without its source-map comment: the map is not served.
sed '/^\/\/# sourceMappingURL=/d' "$src" > www/vendor/gifenc.js
cp vendor/node_modules/gifenc/LICENSE.md www/vendor/gifenc-LICENSE.txt

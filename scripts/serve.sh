#!/usr/bin/env bash
# Builds the site as it is hosted (scripts/build-site.sh: the wasm, dist/ with versioned names
# and Brotli/gzip copies of every file), then serves dist/ on 127.0.0.1 with sirv (npm,
# pinned in scripts/serve/package-lock.json), which sends the precompressed copies to
# browsers that accept them and `application/wasm` for the module. PORT overrides 8000.
set -euo pipefail

cd "$(dirname "$0")/.."
bash scripts/build-site.sh

sirv=scripts/serve/node_modules/.bin/sirv
if [ ! -x "$sirv" ]; then
  echo "Installing the static server (sirv-cli, npm)…"
  (cd scripts/serve && npm ci --no-audit --no-fund --loglevel=error)
fi

port=${PORT:-8000}
echo "Pathlab is running at http://127.0.0.1:$port/"
# --dev: no caching headers, so a rebuilt page is picked up on reload.
exec "$sirv" dist --host 127.0.0.1 --port "$port" --dev --quiet

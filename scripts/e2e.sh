#!/usr/bin/env bash
# Browser end-to-end tests for the Pathlab page.
#
#   bash scripts/e2e.sh            # install what is missing, build, run
#   E2E_SKIP_BUILD=1 bash scripts/e2e.sh   # reuse www/pkg and target/release
#
# Needs: node >= 20, npm, python3, cargo; Chromium from Debian's packages
# (installed here when /usr/bin/chromium is missing). No browser download.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

if [ ! -x /usr/bin/chromium ]; then
  echo "e2e: installing Chromium (apt)"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y chromium chromium-driver
fi

echo "e2e: installing test dependencies"
cd "$ROOT/tests/e2e"
if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
cd "$ROOT"

if [ -z "${E2E_SKIP_BUILD:-}" ]; then
  echo "e2e: building the wasm page"
  bash scripts/build-wasm.sh
  echo "e2e: building the CLI"
  cargo build --release --bin pathlab
fi

for f in www/index.html www/maps/index.json target/release/pathlab; do
  [ -e "$f" ] || { echo "e2e: missing $f after the build" >&2; exit 1; }
done

# The hosted site (dist/) from this www/, for site.test.mjs: a second or two, so always.
echo "e2e: building the site for hosting (dist/)"
SITE_SKIP_WASM=1 bash scripts/build-site.sh

echo "e2e: running tests (screenshots in tests/e2e/screenshots/)"
rm -rf tests/e2e/screenshots
node --test --test-concurrency=1 tests/e2e/

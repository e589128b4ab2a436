#!/usr/bin/env bash
# Builds the wasm package, then serves www/ on 127.0.0.1 (Python's http.server sends .wasm
# as application/wasm, which WebAssembly.instantiateStreaming needs). PORT overrides 8000.
set -euo pipefail

cd "$(dirname "$0")/.."
scripts/build-wasm.sh

port=${PORT:-8000}
echo "Pathlab is running at http://127.0.0.1:$port/"
exec python3 -m http.server --bind 127.0.0.1 "$port" --directory www

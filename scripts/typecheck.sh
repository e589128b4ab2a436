#!/usr/bin/env bash
# Type-checks the page's JS (www/*.js with its JSDoc) against the TypeScript types wasm-bindgen
# emits for the planner (www/pkg/pathlab.d.ts, whose object shapes are src/wasm/types.d.ts):
# a misspelt statistic, a setting of the wrong type or a call the planner does not have fails
# here. Needs www/pkg (scripts/build-wasm.sh); installs TypeScript from tests/e2e's lock file.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f www/pkg/pathlab.d.ts ] || { echo "typecheck: build the wasm first (scripts/build-wasm.sh)" >&2; exit 1; }
if [ ! -x tests/e2e/node_modules/.bin/tsc ]; then
  (cd tests/e2e && npm ci --no-audit --no-fund)
fi
tests/e2e/node_modules/.bin/tsc -p scripts/typecheck/tsconfig.json
echo "typecheck: www/*.js agrees with the planner's types"

#!/usr/bin/env bash
# Runs every Pathlab test on a fresh machine, installing what is missing first:
# formatting, lints, the API docs and the source layout rules, native unit/integration/doc tests, the CLI
# against every Moving AI scenario (A*, JPS, JPS+, JPS+ with goal bounding, bidirectional A*), the shipped maps, smoke runs of the peer benchmark and the
# live-replanning benchmark, wasm-bindgen tests in headless Chromium, the page's JS
# type-checked against the wasm types, the site build for hosting, and the browser end-to-end tests
# (among them the built site served cross-origin). Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "toolchain"
rustup component add rustfmt clippy >/dev/null 2>&1 || true
rustup target list --installed | grep -qx wasm32-unknown-unknown \
  || rustup target add wasm32-unknown-unknown
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi

step "format and lints"
cargo fmt --check
# The layers of src/ (no import up or sideways, no circle), no algorithm list in www/, no
# file over 700 lines (docs/architecture.md); first the checker's own test, which fails
# unless it catches a made-up import that runs back up.
python3 scripts/check_layout.py --self-test
python3 scripts/check_layout.py --strict
cargo clippy --all-targets -- -D warnings
cargo clippy --lib --test web --target wasm32-unknown-unknown -- -D warnings
# Every public item documented and every intra-doc link resolved (src/lib.rs denies both).
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --lib

step "native tests (unit, scenario table, properties, Moving AI sample, CLI, doc tests)"
cargo test

step "the CLI against every problem of every shared Moving AI scenario file"
cargo build --release --bin pathlab
step "the shipped maps are what scripts/make_maps.py makes, and each behaves as described"
python3 scripts/make_maps.py --check
bench_dir=../shared/benchmarks/movingai
if [ -d "$bench_dir" ]; then
  for scen in "$bench_dir"/*.scen; do
    printf '%-32s ' "$(basename "$scen")"
    target/release/pathlab scen "$scen" --map-dir "$bench_dir" | tail -n 1
  done
  # jps-plus-bounded skips the maps over its limit (65,536 cells) with the reason, and
  # builds its boxes for the rest (about a minute for Berlin_0_256).
  for algo in jps jps-plus jps-plus-bounded jps2 jps2-plus bidirectional; do
    step "the CLI with --algo $algo against every problem of every Moving AI scenario file"
    for scen in "$bench_dir"/*.scen; do
      printf '%-32s ' "$(basename "$scen")"
      target/release/pathlab scen "$scen" --map-dir "$bench_dir" --algo "$algo" | tail -n 1
    done
  done
  step "A*, JPS and bidirectional A* side by side (figures; fails only if their costs differ)"
  target/release/pathlab compare --map-dir "$bench_dir" --per-file 50
  step "peer benchmark harness, smoke run (fails only if an implementation is missing or a Pathlab cost is not optimal)"
  bash scripts/bench.sh --smoke
  step "live replanning: LPA*/D* Lite repairs vs fresh A* (figures; fails only if a repaired cost differs)"
  cargo run --release --example replan_bench -- "$bench_dir" --queries 5
else
  echo "note: $bench_dir is missing; Moving AI checks skipped"
fi

step "wasm build and wasm-bindgen tests in headless Chromium"
bash scripts/build-wasm.sh
# The runner's default deadline (20 s) is too short on a busy machine: a loaded CI box once
# timed out inside a webdriver call. The tests themselves take a few seconds.
WASM_BINDGEN_TEST_TIMEOUT=300 CHROMEDRIVER=/usr/bin/chromedriver \
  cargo test --target wasm32-unknown-unknown --test web

step "the page's JS against the planner's TypeScript types (tsc --checkJs)"
bash scripts/typecheck.sh

step "the site for hosting: dist/ with versioned names (scripts/build-site.sh; served in the E2E tests)"
SITE_SKIP_WASM=1 bash scripts/build-site.sh

step "the page's pure modules in Node, no browser (tests/unit/, docs/testing.md)"
node --test tests/unit/

step "browser end-to-end tests"
E2E_SKIP_BUILD=1 bash scripts/e2e.sh

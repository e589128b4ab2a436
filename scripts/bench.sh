#!/usr/bin/env bash
# Benchmarks Pathlab against its peers in one run, and writes the figures:
#
#   bash scripts/bench.sh          # full run: bench/results/results.json, docs/benchmarks.md + .svg
#   bash scripts/bench.sh --smoke  # 1 map, 3 queries, every implementation (< 60 s), into bench/work/
#
# Also prints the MAPF figures, native (examples/mapf_bench.rs) and LaCAM in wasm beside them
# (bench/mapf_wasm.mjs, the page's www/pkg in node), with the goals met or not
# (docs/algorithms.md#mapf-figures); --smoke runs their --quick form.
#
# Installs what is missing first (wasm target and wasm-bindgen via build-wasm.sh, Debian's
# Chromium, the harness's npm packages), builds the release wasm, the release comparison
# program (examples/peers.rs) and then runs bench/gen.mjs, peers, bench/browser.mjs,
# bench/load.mjs (the hosted site's first load) and bench/report.mjs. Figures only: nothing here asserts a speed.
set -euo pipefail
cd "$(dirname "$0")/.."

smoke=""
repeats=${BENCH_REPEATS:-3}
for arg in "$@"; do
  case "$arg" in
    --smoke) smoke="--smoke"; repeats=1 ;;
    *) echo "usage: bash scripts/bench.sh [--smoke]" >&2; exit 2 ;;
  esac
done

step() { printf '\n==> %s\n' "$*"; }

step "install"
if [ ! -x /usr/bin/chromium ]; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
(cd bench && npm ci --no-audit --no-fund --loglevel=error)

step "build (release wasm, release comparison program)"
bash scripts/build-wasm.sh
cargo build --release --example peers

load_before=$(cut -d' ' -f1-3 /proc/loadavg)

step "maps and queries"
node bench/gen.mjs $smoke

step "native: Pathlab A* and the pathfinding crate (repeats: $repeats)"
target/release/examples/peers bench/work/queries.json bench/work/native.json "$repeats"

step "native: A*, JPS and bidirectional A* side by side on the Moving AI maps"
cargo build --release --bin pathlab
compare_per_file=100
[ -n "$smoke" ] && compare_per_file=2
target/release/pathlab compare --map-dir ../shared/benchmarks/movingai --per-file "$compare_per_file" \
  | tee bench/work/compare.md

step "native: peak memory of one search per algorithm on a 20 % random map"
cargo build --release --example memory
memory_side=4096
[ -n "$smoke" ] && memory_side=512
for algo in astar bidirectional lpa dstar-lite; do
  target/release/examples/memory "$algo" "$memory_side"
done | tee bench/work/memory.jsonl

step "native: distance fields on 1024² maps (build, single-wall repairs, a 64-cell stroke)"
cargo build --release --example field_bench
target/release/examples/field_bench
target/release/examples/field_bench --json > bench/work/fields.json

step "multi-agent path finding on the shared MAPF maps: native (LaCAM, PIBT, LaCAM*, CBS), then LaCAM in wasm beside it"
cargo build --release --example mapf_bench
mapf_quick=""
[ -n "$smoke" ] && mapf_quick="--quick"
echo "load: $(uptime) (a shared machine: timings move with it)"
target/release/examples/mapf_bench $mapf_quick | tee bench/work/mapf.md
node bench/mapf_wasm.mjs $mapf_quick --native bench/work/mapf.md | tee bench/work/mapf-wasm.md
echo "load: $(uptime)"

step "browser: Pathlab wasm and PathFinding.js in headless Chromium, then page speed"
node bench/browser.mjs --repeats "$repeats" ${smoke:+--pf-dijkstra-queries 3}

step "browser: first load of the hosted site (unthrottled, and Fast 3G with a 4× slower CPU)"
SITE_SKIP_WASM=1 bash scripts/build-site.sh
[ -x scripts/serve/node_modules/.bin/sirv ] \
  || (cd scripts/serve && npm ci --no-audit --no-fund --loglevel=error)
load_repeats=5
[ -n "$smoke" ] && load_repeats=1
node bench/load.mjs --repeats "$load_repeats"

load_after=$(cut -d' ' -f1-3 /proc/loadavg)

crate_version=$(awk '/^name = "pathfinding"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
node -e '
const [cpu, cores, os, rustc, crate, before, after] = process.argv.slice(1);
const v = (n) => require(`./bench/node_modules/${n}/package.json`).version;
require("fs").writeFileSync("bench/work/meta.json", JSON.stringify({
  cpu, cores: Number(cores), os, rustc, node: process.versions.node, crateVersion: crate,
  pfVersion: v("pathfinding"), playwrightVersion: v("playwright-core"), loadBefore: before, loadAfter: after,
}, null, 1));
' "$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)" "$(nproc)" \
  "$(uname -sr)" "$(rustc --version | awk '{ print $2 }')" "$crate_version" "$load_before" "$load_after"

step "report"
node bench/report.mjs $smoke

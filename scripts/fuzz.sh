#!/usr/bin/env bash
# Runs every fuzz target with libFuzzer (cargo-fuzz), RUNS inputs each (default 1,000,000),
# starting from fuzz/seeds/ (hand-made seeds and a minimised corpus) and the local fuzz/corpus/.
#
#   bash scripts/fuzz.sh                 # every target, 1 M inputs each
#   bash scripts/fuzz.sh 200000 map png  # some targets, fewer inputs
#
# The machine's toolchain is stable, so RUSTC_BOOTSTRAP=1 lets cargo-fuzz pass its -Z flags,
# and no sanitizer is used (`-s none`): the crate has no unsafe code outside the wasm glue,
# so what the fuzzers look for is panics, hangs and runaway allocation. A crash is saved in
# fuzz/artifacts/TARGET/ and the script exits non-zero; turn it into a regression test.
# Not part of scripts/test.sh (it takes minutes); see docs/robustness.md for the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-1000000}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(map scen png link planner command)

command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz
export RUSTC_BOOTSTRAP=1
cd fuzz
# Only the targets asked for: one that does not build does not stop the others.
for t in "${targets[@]}"; do cargo fuzz build -O -s none "$t"; done
status=0
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t" "seeds/$t"
  start=$(date +%s)
  log=$(mktemp)
  if cargo fuzz run -O -s none "$t" "corpus/$t" "seeds/$t" -- \
      -runs="$runs" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 >"$log" 2>&1; then
    result=ok
  else
    result=CRASH
    status=1
    grep -E "panicked|ERROR|SUMMARY|Test unit written" "$log" | head -5 || true
  fi
  units=$(grep -o 'number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
  rss=$(grep -o 'peak_rss_mb: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
  printf '%-8s %-6s %10s inputs  %4s s  peak %s MB  corpus %s files\n' \
    "$t" "$result" "$units" "$(( $(date +%s) - start ))" "$rss" "$(ls "corpus/$t" | wc -l)"
  rm -f "$log"
done
exit $status

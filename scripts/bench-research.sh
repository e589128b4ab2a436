#!/usr/bin/env bash
# Pathlab against warthog, the research code of "Improving Jump Point Search" (Harabor &
# Grastien, ICAPS 2014), on every query of the shared Moving AI maps.
#
#   bash scripts/bench-research.sh PATH [REPEATS]
#
# PATH is a checkout of warthog-jps with its warthog-core submodule (see below). The script
# builds it (CMake, Release, as its README documents; nothing is downloaded: the build is
# told to stay offline), builds Pathlab's release CLI, runs every query of every .scen file in
# MAP_DIR (default ../shared/benchmarks/movingai) through both REPEATS times (default 3), and
# writes the table — the median over a map's queries of each query's fastest time, in µs,
# both sides, and their ratio — to bench/work/research.md (and the terminal).
#
# What is timed: warthog's own per-query figure (its `nanos` column: the search inside
# get_path); Pathlab's `pathlab bench` figure (restart_search + run + its path). Pathlab's
# side includes the restart, so the comparison leans, if anything, against Pathlab.
# Figures only: nothing here asserts a speed.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 1 ] || [ ! -d "$1" ]; then
  cat >&2 <<'HELP'
usage: bash scripts/bench-research.sh PATH [REPEATS]

PATH must be a checkout of warthog-jps (JPS, JPS2, JPS+, JPS2+) with warthog-core in
extern/warthog-core. Get both with:

  git clone --recursive https://github.com/ShortestPathLab/warthog-jps.git ../warthog-jps
  bash scripts/bench-research.sh ../warthog-jps

(or, for an existing clone: git -C ../warthog-jps submodule update --init). The build
needs cmake and a C++20 compiler (Debian: apt-get install cmake g++).
HELP
  exit 2
fi
src=$(cd "$1" && pwd)
repeats=${2:-3}
map_dir=${MAP_DIR:-../shared/benchmarks/movingai}
if [ ! -f "$src/extern/warthog-core/CMakeLists.txt" ]; then
  echo "$src/extern/warthog-core is empty: run git -C $src submodule update --init" >&2
  exit 2
fi
command -v cmake >/dev/null || { echo "cmake is missing (Debian: apt-get install cmake)" >&2; exit 2; }

work=bench/work/research
mkdir -p "$work"
build=$work/warthog-build
cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DFETCHCONTENT_FULLY_DISCONNECTED=ON >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null
warthog=$build/warthog-jps
cargo build --release --bin pathlab >/dev/null 2>&1
pathlab=target/release/pathlab

# Pathlab: one table per algorithm, its median column per scenario file.
for algo in jps jps-plus; do
  "$pathlab" bench --map-dir "$map_dir" --per-file 0 --algo "$algo" --repeats "$repeats" \
    > "$work/pathlab-$algo.txt"
done
# warthog: every query of every file, REPEATS times, per algorithm.
for scen in "$map_dir"/*.scen; do
  name=$(basename "$scen")
  map=$(basename "$(awk 'NR == 2 { print $2; exit }' "$scen")")
  for alg in jps jps2 jps+ jps2+; do
    for r in $(seq "$repeats"); do
      "$warthog" --alg "$alg" --scen "$scen" --map "$map_dir/$map" 2>/dev/null \
        > "$work/warthog-$alg-$name-$r.tsv"
    done
  done
done

python3 - "$work" "$map_dir" "$repeats" <<'PY'
import glob, math, os, sys
work, map_dir, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3])

def pathlab(algo):
    rows = {}
    for line in open(f"{work}/pathlab-{algo}.txt", encoding="utf-8"):
        f = line.split()
        if f and f[0].endswith(".scen"):
            rows[f[0]] = float(f[-1])
    return rows

def warthog(alg, name):
    best = None
    for r in range(1, repeats + 1):
        times = [int(l.split("\t")[7]) / 1000.0
                 for l in open(f"{work}/warthog-{alg}-{name}-{r}.tsv", encoding="utf-8")
                 if l[:1].isdigit()]
        best = times if best is None else [min(a, b) for a, b in zip(best, times)]
    best.sort()
    return best[len(best) // 2] if best else float("nan")

ours = {a: pathlab(a) for a in ("jps", "jps-plus")}
names = sorted(os.path.basename(p) for p in glob.glob(f"{map_dir}/*.scen"))
out = ["| map | warthog JPS µs | Pathlab JPS µs | ratio | warthog fastest µs (alg) | "
       "Pathlab JPS+ µs | ratio |", "|---|--:|--:|--:|--:|--:|--:|"]
logs = ([], [])
for n in names:
    wj = warthog("jps", n)
    wbest, walg = min((warthog(a, n), a) for a in ("jps", "jps2", "jps+", "jps2+"))
    pj, pp = ours["jps"].get(n, float("nan")), ours["jps-plus"].get(n, float("nan"))
    r1, r2 = pj / wj, pp / wbest
    logs[0].append(math.log(r1)); logs[1].append(math.log(r2))
    out.append(f"| {n.replace('.map.scen', '').replace('.scen', '')} | {wj:.1f} | {pj:.1f} | "
               f"{r1:.2f}× | {wbest:.1f} ({walg}) | {pp:.1f} | {r2:.2f}× |")
g = [math.exp(sum(l) / len(l)) for l in logs]
out.append(f"| **geometric mean** | | | {g[0]:.2f}× | | | {g[1]:.2f}× |")
out.append("")
out.append(f"Median over each map's queries of each query's fastest of {repeats} runs; "
           "ratio = Pathlab / warthog (below 1: Pathlab faster).")
text = "\n".join(out) + "\n"
open(f"{work}/../research.md", "w", encoding="utf-8").write(text)
print(text, end="")
PY

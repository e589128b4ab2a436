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
# both sides, and their ratio — to bench/work/research.md (and the terminal). Pathlab's side
# runs JPS, JPS+, JPS2 and JPS2+; its fastest is the fastest of the last three per map.
#
# What is timed (WARTHOG_TIMER, default `call`): warthog's whole query call, as Pathlab's.
# bench/research/warthog_driver.cpp, built here beside warthog from its public API, reads
# `steady_clock` before and after each query's whole `get_path` call (the problem's set-up,
# `search()`, the path's extraction), as Pathlab's `pathlab bench` reads `Instant` before and
# after restart_search + run + its path: the span the issue's goal 1 defines, on both sides.
# The driver also prints warthog's own figure from the same run (`search_nanos`), and the
# script runs warthog's own app once per map and algorithm, shown beside as "own timer".
# WARTHOG_TIMER=own times warthog by its app's own figure alone (its `nanos` column: only
# `search()` inside get_path; on arena 1,164 of a JPS2+ query's instructions leave out, by
# callgrind; docs/benchmarks.md, "Arena's clock gap"), as the earlier rounds did.
# Costs: with the driver, every query's warthog cost must equal its app's (driver against
# app, same printing) and the scenario's optimal length (within half a unit of its last
# printed digit, plus 1e-6 x length for warthog's float step costs); with WARTHOG_TIMER=own
# only the app's runs are checked against each other (it prints its costs to fewer digits).
# `pathlab scen` checks each of Pathlab's algorithms against the scenario's printed lengths.
# Any difference stops the script.
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
timer=${WARTHOG_TIMER:-call}
case $timer in call | own) ;; *) echo "WARTHOG_TIMER must be call or own" >&2; exit 2 ;; esac
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
# The driver: warthog's compiler and Release flags (-O3 -DNDEBUG, C++20), its headers, its
# two libraries.
cxx=$(awk -F= '/^CMAKE_CXX_COMPILER:/ { print $2 }' "$build/CMakeCache.txt")
driver=$build/warthog-driver
"$cxx" -O3 -DNDEBUG -std=gnu++20 -I"$src/include" -I"$src/extern/warthog-core/include" \
  -I"$build/extern/warthog-core/include" bench/research/warthog_driver.cpp \
  "$build/libwarthog_libjps.a" "$build/extern/warthog-core/libwarthog_core.a" -o "$driver"
cargo build --release --bin pathlab >/dev/null
pathlab=target/release/pathlab

# Pathlab: one table per algorithm, its median column per scenario file.
# jps-plus-bounded (goal bounding) builds its boxes per map in O(cells²): it skips the maps
# beyond its limit (65,536 cells), printing why, and prints each map's build time and memory.
for algo in jps jps-plus jps-plus-bounded jps2 jps2-plus; do
  "$pathlab" bench --map-dir "$map_dir" --per-file 0 --algo "$algo" --passes "$repeats" \
    > "$work/pathlab-$algo.txt"
done
# Pathlab's costs: each algorithm against every scenario's optimal lengths.
for scen in "$map_dir"/*.scen; do
  for algo in jps jps-plus jps2 jps2-plus; do
    "$pathlab" scen "$scen" --map-dir "$map_dir" --algo "$algo" > /dev/null ||
      { echo "pathlab $algo: a cost differs from $scen's lengths" >&2; exit 1; }
  done
done
# warthog: every query of every file, REPEATS times, per algorithm, by the driver (the whole
# call) or by warthog's app (its own figure); with the driver, the app once beside it.
for scen in "$map_dir"/*.scen; do
  name=$(basename "$scen")
  map=$(basename "$(awk 'NR == 2 { print $2; exit }' "$scen")")
  for alg in jps jps2 jps+ jps2+; do
    for r in $(seq "$repeats"); do
      if [ "$timer" = call ]; then
        "$driver" "$alg" "$scen" "$map_dir/$map" > "$work/warthog-$alg-$name-$r.tsv"
      else
        "$warthog" --alg "$alg" --scen "$scen" --map "$map_dir/$map" 2>/dev/null \
          > "$work/warthog-$alg-$name-$r.tsv"
      fi
    done
    if [ "$timer" = call ]; then
      "$warthog" --alg "$alg" --scen "$scen" --map "$map_dir/$map" 2>/dev/null \
        > "$work/warthog-app-$alg-$name.tsv"
    fi
  done
done

python3 - "$work" "$map_dir" "$repeats" "$timer" <<'PY'
import glob, math, os, sys
work, map_dir, repeats, timer = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]

def rows_of(path):
    return [l.rstrip("\n").split("\t") for l in open(path, encoding="utf-8") if l[:1].isdigit()]

def lengths(name):
    """The scenario's lengths as printed, and each one's tolerance: half a unit in the last
    digit printed (a length without a point is C's %g, 6 significant digits), plus 1e-6 x
    length for warthog's float step costs (pathlab scen checks Pathlab's by the same print)."""
    out = []
    for line in open(f"{map_dir}/{name}", encoding="utf-8"):
        f = line.split()
        if len(f) == 9:
            v = float(f[8])
            if "." in f[8]:
                half = 0.5 * 10 ** -len(f[8].split(".")[1])
            else:
                half = 0.5 * 10 ** (math.floor(math.log10(v)) - 5) if v > 0 else 0.0
            out.append((v, half + 1e-6 * v))
    return out

def check_costs(alg, name):
    """Every query's cost: the driver's against the app's and the scenario's length."""
    runs = [rows_of(f"{work}/warthog-{alg}-{name}-{r}.tsv") for r in range(1, repeats + 1)]
    worst = 0.0
    if timer == "call":
        runs.append(rows_of(f"{work}/warthog-app-{alg}-{name}.tsv"))
        want = lengths(name)
        if len(want) != len(runs[0]):
            sys.exit(f"{name} {alg}: {len(runs[0])} answers for {len(want)} queries")
        for x, (v, tol) in zip(runs[0], want):
            worst = max(worst, abs(float(x[13]) - v))
            if abs(float(x[13]) - v) > tol:
                sys.exit(f"{name} {alg} query {x[0]}: cost {x[13]}, scenario length {v}")
    for run in runs[1:]:
        if len(run) != len(runs[0]) or any(a[9] != b[9] for a, b in zip(run, runs[0])):
            sys.exit(f"{name} {alg}: warthog's costs differ between runs (driver, app)")
    return worst, len(runs[0])

def own_median(alg, name):
    """The median of the app's own figure (one run beside the driver's), in µs."""
    times = sorted(int(x[7]) / 1000.0 for x in rows_of(f"{work}/warthog-app-{alg}-{name}.tsv"))
    return times[len(times) // 2]

def pathlab(algo):
    """Per scenario file: (median µs, expansions, queries) from `pathlab bench`."""
    rows = {}
    for line in open(f"{work}/pathlab-{algo}.txt", encoding="utf-8"):
        f = line.split()
        if f and f[0].endswith(".scen") and f[1] != "skipped:":
            rows[f[0]] = (float(f[-1]), int(f[3]), int(f[2]), float(f[-2]))
    return rows

def warthog(alg, name):
    """(median over the queries of each one's fastest run in µs, expansions)."""
    best, expanded = None, 0
    for r in range(1, repeats + 1):
        rows = [l.split("\t") for l in open(f"{work}/warthog-{alg}-{name}-{r}.tsv", encoding="utf-8")
                if l[:1].isdigit()]
        times = [int(x[7]) / 1000.0 for x in rows]
        expanded = sum(int(x[2]) for x in rows)
        best = times if best is None else [min(a, b) for a, b in zip(best, times)]
    best.sort()
    return (best[len(best) // 2] if best else float("nan")), expanded

ours = {a: pathlab(a) for a in ("jps", "jps-plus", "jps-plus-bounded", "jps2", "jps2-plus")}
names = sorted(os.path.basename(p) for p in glob.glob(f"{map_dir}/*.scen"))
out = ["| map | queries | warthog JPS µs | Pathlab JPS µs | ratio | warthog fastest µs (alg) "
       "| Pathlab JPS+ / JPS2 / JPS2+ µs | JPS+ bounded µs (boxes built in s) "
       "| Pathlab fastest µs (alg) | ratio | goal 1 "
       "| expansions: warthog JPS2 / Pathlab JPS2 | warthog JPS2+ / Pathlab JPS2+ / bounded |",
       "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|--:|"]
logs = ([], [])
checked = {}
for n in names:
    for a in ("jps", "jps2", "jps+", "jps2+"):
        checked[(a, n)] = check_costs(a, n)
    wj = warthog("jps", n)[0]
    found = {a: warthog(a, n) for a in ("jps", "jps2", "jps+", "jps2+")}
    walg = min(found, key=lambda a: found[a][0])
    wbest = found[walg][0]
    pj = ours["jps"][n]
    # Pathlab's fastest optimal algorithm on this map: JPS+, JPS2, JPS2+, or JPS+ with goal
    # bounding where the map is within its limit.
    palg = min((a for a in ("jps-plus", "jps2", "jps2-plus", "jps-plus-bounded") if n in ours[a]),
               key=lambda a: ours[a][n][0])
    pp = ours[palg][n]
    pb = ours["jps-plus-bounded"].get(n)
    r1, r2 = pj[0] / wj, pp[0] / wbest
    bounded = f"{pb[0]:.2f} ({pb[3] / 1000:.1f})" if pb else "— (over its limit)"
    bexp = f"{pb[1]:,}" if pb else "—"
    logs[0].append(math.log(r1))
    logs[1].append(math.log(r2))
    met = {(True, True): "met", (True, False): "JPS met, fastest not",
           (False, True): "fastest met, JPS not", (False, False): "not met"}[(r1 <= 1, r2 <= 1)]
    short = n.replace(".map.scen", "").replace(".scen", "")
    three = " / ".join(f"{ours[a][n][0]:.2f}" for a in ("jps-plus", "jps2", "jps2-plus"))
    out.append(f"| {short} | {pj[2]} | {wj:.2f} | {pj[0]:.2f} | {r1:.2f}× | {wbest:.2f} ({walg}) "
               f"| {three} | {bounded} | {pp[0]:.2f} ({palg}) | {r2:.2f}× | {met} "
               f"| {found['jps2'][1]:,} / {ours['jps2'][n][1]:,} "
               f"| {found['jps2+'][1]:,} / {ours['jps2-plus'][n][1]:,} / {bexp} |")
g = [math.exp(sum(l) / len(l)) for l in logs]
out.append(f"| **geometric mean** | | | | {g[0]:.2f}× | | | | | {g[1]:.2f}× | | | |")
if timer == "call":
    out.append("")
    out.append("| map | warthog alg | whole call µs (driver) | search() µs (driver) "
               "| own timer µs (app, one run) | queries, costs checked | largest |cost − length| |")
    out.append("|---|---|--:|--:|--:|--:|--:|")
    for n in names:
        short = n.replace(".map.scen", "").replace(".scen", "")
        for a in ("jps", "jps2", "jps+", "jps2+"):
            worst, count = checked[(a, n)]
            drv = [rows_of(f"{work}/warthog-{a}-{n}-{r}.tsv") for r in range(1, repeats + 1)]
            search = [min(int(run[q][12]) for run in drv) / 1000.0 for q in range(count)]
            search.sort()
            out.append(f"| {short} | {a} | {warthog(a, n)[0]:.2f} | {search[count // 2]:.2f} "
                       f"| {own_median(a, n):.2f} | {count} | {worst:.1e} |")
out.append("")
out.append(f"warthog timed by {'the driver: its whole get_path call' if timer == 'call' else 'its app: search() alone'}.")
out.append(f"Median over each map's queries of each query's fastest of {repeats} runs; "
           "ratio = Pathlab / warthog (at or below 1.00×: Pathlab level or faster).")
text = "\n".join(out) + "\n"
open(f"{work}/../research.md", "w", encoding="utf-8").write(text)
print(text, end="")
PY

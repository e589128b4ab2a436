#!/usr/bin/env python3
"""LaCAM side by side: Pathlab's (examples/mapf_bench.rs) and the authors' C++ LaCAM
(Kei18/lacam, AAAI 2023 version) on the same shared MAPF instances, one map after the
other so both see the same machine load. Figures only; see docs/algorithms.md#mapf-figures.

    python3 bench/mapf_side_by_side.py --lacam PATH/TO/lacam/main [--ours PATH/TO/mapf_bench]

Build the authors' code as their README says (CMake), or without CMake:
    g++ -O3 -std=c++17 -march=native -Ilacam/include -Ithird_party/argparse/include \\
        lacam/src/*.cpp main.cpp -o lacam_main
(third_party/argparse is the header-only p-ranav/argparse). Both get a 1 s limit per
instance; Pathlab's time includes building its distance tables, as the authors' does.
The authors' comp_time is printed in whole milliseconds.
"""
import argparse
import pathlib
import statistics
import subprocess
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
MAPS = ["empty-16-16", "random-32-32-20", "room-32-32-4", "random-64-64-20"]


def ours(binary, map_name):
    out = subprocess.run([binary, "--map", map_name], capture_output=True, text=True, check=True).stdout
    rows = {}
    for line in out.splitlines():
        if line.startswith("| " + map_name + " |"):
            c = [x.strip() for x in line.split("|")[1:-1]]
            ms = float(c[4]) + float(c[7])
            rows[(int(c[1]), int(c[2]))] = (c[3] == "yes", ms, c[6])
    return rows


def theirs(binary, data, map_name, scen, agents, out):
    subprocess.run(
        [binary, "-m", f"{data}/{map_name}.map", "-i", f"{data}/{map_name}-random-{scen}.scen",
         "-N", str(agents), "-t", "1", "-o", out, "-l"],
        capture_output=True, check=False)
    kv = dict(l.split("=", 1) for l in pathlib.Path(out).read_text().splitlines() if "=" in l)
    solved = kv.get("solved") == "1"
    ratio = f'{int(kv["soc"]) / max(1, int(kv["soc_lb"])):.3f}' if solved else "-"
    return solved, float(kv.get("comp_time", "nan")), ratio


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lacam", required=True, help="the authors' LaCAM binary")
    ap.add_argument("--ours", default=str(ROOT / "target/release/examples/mapf_bench"))
    ap.add_argument("--data", default=str(ROOT.parent / "shared/benchmarks/mapf"))
    args = ap.parse_args()
    out = tempfile.NamedTemporaryFile(suffix=".txt", delete=False).name
    print("| map | scen | agents | Pathlab solved | Pathlab ms | Pathlab SOC/LB | LaCAM (C++) solved | LaCAM ms | LaCAM SOC/LB |")
    print("|---|---|---|---|---|---|---|---|---|")
    summary = []
    for map_name in MAPS:
        mine = ours(args.ours, map_name)
        both = []
        for (scen, n), (ok, ms, ratio) in sorted(mine.items()):
            tok, tms, tratio = theirs(args.lacam, args.data, map_name, scen, n, out)
            print(f"| {map_name} | {scen} | {n} | {'yes' if ok else 'no'} | {ms:.2f} | {ratio} | "
                  f"{'yes' if tok else 'no'} | {tms:.0f} | {tratio} |")
            both.append((ok, ms, tok, tms))
        summary.append((map_name, both))
    print("\n| map | instances | Pathlab solved | LaCAM (C++) solved | Pathlab median ms | LaCAM median ms |")
    print("|---|---|---|---|---|---|")
    for map_name, both in summary:
        print(f"| {map_name} | {len(both)} | {sum(b[0] for b in both)} | {sum(b[2] for b in both)} | "
              f"{statistics.median(b[1] for b in both):.1f} | {statistics.median(b[3] for b in both):.0f} |")


if __name__ == "__main__":
    main()

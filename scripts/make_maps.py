#!/usr/bin/env python3
"""Rebuild maps/index.json and the procedural maps in maps/ (standard library only).

Procedural maps are made by the Rust generator through the CLI
(`pathlab generate KIND --width W --height H --seed S --density D [--shape SHAPE] -o FILE`),
so the same seed always gives the same bytes; maps of hexagons say their shape in the file's
`type` line. Hand-made teaching maps are checked-in text and are only
read here (for their size). Every start and goal is checked with `pathlab solve`.

    python3 scripts/make_maps.py            # writes maps/*.map (procedural) and index.json
    python3 scripts/make_maps.py --check    # exits 1 if a committed file differs

The release CLI is built first if it is missing (cargo build --release --bin pathlab).
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
CLI = ROOT / "target" / "release" / "pathlab"

# (file, name, description, start, goal, generator or None, expected solve status).
# A generator is (kind, width, height, seed, density[, shape]); the shape is square unless
# given (hex-rows, hex-columns). start/goal None take the generator's suggestions. The first
# map is the one the page opens with.
MAPS_LIST = [
    ("open-64.map", "Open 64×64",
     "An empty field: the plainest case, good for comparing how far each algorithm spreads.",
     [2, 2], [61, 61], None, "found"),
    ("seed002-10.map", "Room with one gap 10×10",
     "A classic A* tutorial map: a room split by a wall with one gap, start at S, target at T.",
     [2, 2], [6, 8], None, "found"),
    ("seed001-field-80x40.map", "Empty field 80×40",
     "An empty 80×40 field: draw your own walls; try 4-connected movement with the Manhattan heuristic.",
     [8, 20], [71, 19], ("random", 80, 40, 1, 0.0), "found"),
    ("u-trap-40.map", "U-shaped trap 40×30",
     "A cup facing the start with the goal behind it: Best-First runs into the cup and returns a path about 30% too long.",
     [5, 15], [34, 15], None, "found"),
    ("reopen-40.map", "Re-opening 40×30",
     "Terrain noise (costs 1–4) with a few walls: set the weight to 2 and A* re-opens closed nodes.",
     None, None, ("terrain", 40, 30, 2, 0.1), "found"),
    ("marsh-24.map", "Marsh 24×16",
     "A band of cost-4 marsh with a cheap causeway at the top: Breadth-First wades straight across (cost 37), Dijkstra takes the causeway (28.8).",
     [2, 10], [21, 10], None, "found"),
    ("no-path-32.map", "No path 32×20",
     "The goal is inside a walled box: every algorithm explores all it can reach and reports no path.",
     [2, 10], [24, 9], None, "no_path"),
    ("maze-63.map", "Maze 63×63 (depth-first)",
     "A perfect maze carved by a depth-first backtracker: long winding corridors, exactly one path between any two cells.",
     None, None, ("dfs-maze", 63, 63, 63, 0.0), "found"),
    ("division-maze-63.map", "Maze 63×63 (recursive division)",
     "A perfect maze made by recursive division: long straight walls, each with one gap.",
     None, None, ("recursive-division", 63, 63, 63, 0.0), "found"),
    ("hex-rooms-60.map", "Hex rooms 60×40 (hexagons in rows)",
     "Rooms of pointy-top hexagons with doors between them: six neighbours a cell, every step the same length, and the hex distance as A*'s heuristic.",
     None, None, ("rooms", 60, 40, 6, 0.0, "hex-rows"), "found"),
    ("hex-maze-41.map", "Hex maze 41×41 (hexagons in columns)",
     "A depth-first maze carved in flat-top hexagons: Jump Point Search, JPS+ and Theta* need square cells, so they are greyed out here.",
     None, None, ("dfs-maze", 41, 41, 41, 0.0, "hex-columns"), "found"),
    ("hex-terrain-64.map", "Hex terrain 64×48 (hexagons in rows)",
     "Terrain noise (costs 1–4) with a few walls on pointy-top hexagons: Dijkstra and A* go round the dear hexes, Breadth-First straight through them.",
     None, None, ("terrain", 64, 48, 64, 0.1, "hex-rows"), "found"),
    ("rooms-128.map", "Rooms 128×128",
     "An 8×8 block of rooms joined by narrow doors, with some furniture.",
     [2, 2], [125, 125], None, "found"),
    ("rooms-gen-96.map", "Generated rooms 96×96",
     "Rooms of varied sizes with doors between them, some of them forming loops.",
     None, None, ("rooms", 96, 96, 7, 0.0), "found"),
    ("spiral-64.map", "Spiral 64×64",
     "A square spiral corridor to the centre: the heuristic points the wrong way almost all the time.",
     [1, 1], [31, 31], None, "found"),
    ("bop-like-100.map", "Cup trap 100×100",
     "Large obstacles, a costly marsh and a U-shaped trap facing the start, with the goal behind it: Best-First walks into the cup, weighted A* (w = 2) re-opens many nodes.",
     [8, 50], [90, 50], None, "found"),
    ("obstacles-128.map", "Obstacles 128×128",
     "An open field with a quarter of its cells walled at random: many near-equal routes.",
     None, None, ("random", 128, 128, 11, 0.25), "found"),
    ("terrain-valley-96.map", "Terrain valley 96×96",
     "A cheap valley floor winding between costlier slopes (costs 1–4): Dijkstra and A* follow the valley, Breadth-First and Best-First cut straight across.",
     [50, 1], [57, 94], None, "found"),
    ("terrain-128.map", "Terrain noise 128×128",
     "Smooth value noise turned into costs 1–4, no walls: Dijkstra and Breadth-First take very different routes.",
     None, None, ("terrain", 128, 128, 5, 0.0), "found"),
    ("terrain-512.map", "Terrain 512×512",
     "A large terrain-noise map (costs 1–4, 10% walls) for watching A* and Dijkstra at scale.",
     None, None, ("terrain", 512, 512, 512, 0.1), "found"),
    ("big-1024.map", "Big 1024×1024",
     "Random walls and terrain patches over a million cells, for timing the algorithms.",
     [4, 4], [1019, 1019], None, "found"),
    ("maze-1024.map", "Maze 1024×1024",
     "A depth-first maze over a million cells: its shortest path is about 89,000 steps long.",
     None, None, ("dfs-maze", 1024, 1024, 1024, 0.0), "found"),
]


def ensure_cli():
    if not CLI.exists():
        subprocess.run(["cargo", "build", "--release", "--bin", "pathlab"], cwd=ROOT, check=True)


def map_size(path):
    header = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip() == "map":
                break
            key, _, value = line.partition(" ")
            header[key] = value.strip()
    return int(header["width"]), int(header["height"])


def build(out_dir):
    """Writes the procedural maps and index.json into out_dir; returns the index."""
    index = []
    for file, name, description, start, goal, gen, expect in MAPS_LIST:
        path = out_dir / file
        if gen:
            kind, width, height, seed, density = gen[:5]
            shape = gen[5] if len(gen) > 5 else "square"
            made = subprocess.run(
                [str(CLI), "generate", kind, "--width", str(width), "--height", str(height),
                 "--seed", str(seed), "--density", str(density), "--shape", shape,
                 "-o", str(path)],
                check=True, capture_output=True, text=True)
            suggested = json.loads(made.stdout)
            start = start or suggested["start"]
            goal = goal or suggested["goal"]
        else:
            path = MAPS / file
        width, height = map_size(path)
        solved = subprocess.run(
            [str(CLI), "solve", str(path), "--from", f"{start[0]},{start[1]}",
             "--to", f"{goal[0]},{goal[1]}", "--json"],
            check=True, capture_output=True, text=True)
        status = json.loads(solved.stdout)["status"]
        if status != expect:
            sys.exit(f"{file}: solve says {status}, expected {expect}")
        entry = {"file": file, "name": name, "width": width, "height": height,
                 "description": description, "start": start, "goal": goal}
        if gen:
            entry["generator"] = {"kind": gen[0], "seed": gen[3], "density": gen[4]}
            if len(gen) > 5:
                entry["generator"]["shape"] = gen[5]
        index.append(entry)
    (out_dir / "index.json").write_text(json.dumps(index, indent=2, ensure_ascii=False) + "\n",
                                        encoding="utf-8")
    return index


def main():
    ensure_cli()
    check = "--check" in sys.argv[1:]
    if not check:
        build(MAPS)
        print(f"wrote maps/index.json ({len(MAPS_LIST)} maps)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        build(tmp)
        bad = [p.name for p in sorted(tmp.iterdir())
               if (MAPS / p.name).read_bytes() != p.read_bytes()]
        if bad:
            sys.exit("out of date: " + ", ".join(bad) + " (run python3 scripts/make_maps.py)")
        print("maps/ is up to date")


if __name__ == "__main__":
    main()

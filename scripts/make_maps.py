#!/usr/bin/env python3
"""Generate Pathlab's own demonstration maps into maps/ (standard library only).

Every map is made from a fixed seed, so running this again rewrites the same bytes:

    python3 scripts/make_maps.py            # writes maps/*.map and maps/index.json
    python3 scripts/make_maps.py --check    # exits 1 if the committed files differ

The files use the Moving AI .map format with Pathlab's extension (see docs/formats.md):
'.' is ground of cost 1, the digits '2'-'4' are terrain of that cost, '@' is a wall.
Each start and goal in index.json is checked to be passable and connected (8-connected,
no corner cutting, the Moving AI movement rule) before anything is written.
"""

import json
import math
import random
import sys
from collections import deque
from pathlib import Path

WALL = "@"
MAPS_DIR = Path(__file__).resolve().parent.parent / "maps"


def blank(width, height, fill="."):
    return [[fill] * width for _ in range(height)]


def border(grid):
    height, width = len(grid), len(grid[0])
    for x in range(width):
        grid[0][x] = grid[height - 1][x] = WALL
    for y in range(height):
        grid[y][0] = grid[y][width - 1] = WALL


def rect(grid, x0, y0, x1, y1, cell):
    """Fill the inclusive rectangle (x0, y0)-(x1, y1), clipped to the grid."""
    height, width = len(grid), len(grid[0])
    for y in range(max(0, y0), min(height, y1 + 1)):
        for x in range(max(0, x0), min(width, x1 + 1)):
            grid[y][x] = cell


def disc(grid, cx, cy, r, cell):
    height, width = len(grid), len(grid[0])
    for y in range(max(0, cy - r), min(height, cy + r + 1)):
        for x in range(max(0, cx - r), min(width, cx + r + 1)):
            if (x - cx) ** 2 + (y - cy) ** 2 <= r * r:
                grid[y][x] = cell


def reachable(grid, start, goal):
    """Breadth-first search, 8-connected, a diagonal needs both side cells open."""
    height, width = len(grid), len(grid[0])

    def open_(x, y):
        return 0 <= x < width and 0 <= y < height and grid[y][x] != WALL

    if not (open_(*start) and open_(*goal)):
        return False
    seen = {start}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        if (x, y) == goal:
            return True
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nx, ny = x + dx, y + dy
                if (dx or dy) and (nx, ny) not in seen and open_(nx, ny):
                    if dx and dy and not (open_(nx, y) and open_(x, ny)):
                        continue
                    seen.add((nx, ny))
                    queue.append((nx, ny))
    return False


def open_64():
    grid = blank(64, 64)
    return grid, (2, 2), (61, 61)


def terrain_valley_96():
    """Expensive highlands either side of a cheap winding valley floor, plus marsh blobs."""
    rng = random.Random(96)
    size = 96
    grid = blank(size, size)
    for y in range(size):
        # The valley's centre line winds from left to right.
        centre = 48 + round(22 * math.sin(y / 14.0))
        for x in range(size):
            d = abs(x - centre)
            grid[y][x] = "." if d <= 3 else "2" if d <= 9 else "3" if d <= 18 else "4"
    for _ in range(14):
        disc(grid, rng.randrange(size), rng.randrange(size), rng.randrange(2, 6), "3")
    for _ in range(10):
        disc(grid, rng.randrange(size), rng.randrange(size), rng.randrange(1, 4), WALL)
    border(grid)
    # Start and goal sit on the valley floor at the top and bottom.
    start = (48 + round(22 * math.sin(1 / 14.0)), 1)
    goal = (48 + round(22 * math.sin(94 / 14.0)), 94)
    for x, y in (start, goal):
        grid[y][x] = "."
    return grid, start, goal


def maze_63():
    """A perfect maze (randomised depth-first search) on odd coordinates."""
    rng = random.Random(63)
    size = 63
    grid = blank(size, size, WALL)
    stack = [(1, 1)]
    grid[1][1] = "."
    while stack:
        x, y = stack[-1]
        options = [
            (x + dx, y + dy, dx // 2, dy // 2)
            for dx, dy in ((2, 0), (-2, 0), (0, 2), (0, -2))
            if 0 < x + dx < size - 1 and 0 < y + dy < size - 1 and grid[y + dy][x + dx] == WALL
        ]
        if not options:
            stack.pop()
            continue
        nx, ny, hx, hy = rng.choice(options)
        grid[y + hy][x + hx] = "."
        grid[ny][nx] = "."
        stack.append((nx, ny))
    return grid, (1, 1), (61, 61)


def rooms_128():
    """An 8 × 8 block of rooms, 15 × 15 inside, with one or two doors per shared wall."""
    rng = random.Random(128)
    size, step = 129, 16
    grid = blank(size, size)
    for k in range(0, size, step):
        rect(grid, k, 0, k, size - 1, WALL)
        rect(grid, 0, k, size - 1, k, WALL)
    for row in range(8):
        for col in range(8):
            x0, y0 = col * step, row * step
            if col < 7:  # a door in the east wall
                for _ in range(rng.choice((1, 1, 2))):
                    y = y0 + rng.randrange(2, step - 3)
                    rect(grid, x0 + step, y, x0 + step, y + 1, ".")
            if row < 7:  # a door in the south wall
                for _ in range(rng.choice((1, 1, 2))):
                    x = x0 + rng.randrange(2, step - 3)
                    rect(grid, x, y0 + step, x + 1, y0 + step, ".")
            # Some furniture, away from the walls.
            if rng.random() < 0.5:
                fx, fy = x0 + rng.randrange(4, 10), y0 + rng.randrange(4, 10)
                rect(grid, fx, fy, fx + rng.randrange(1, 4), fy + rng.randrange(1, 4), WALL)
    # Trim to 128 × 128: the last column and row are the outer wall of the last rooms.
    grid = [row[:128] for row in grid[:128]]
    border(grid)
    return grid, (2, 2), (125, 125)


def spiral_64():
    """A square spiral corridor, 2 cells wide, from a corner to the centre.

    Built on a coarse 21 × 21 lattice of 2 × 2 rooms with 1-cell walls between them: the
    rooms are visited in spiral order (clockwise, ring by ring) and the wall between each
    room and the next is opened. The heuristic points the wrong way most of the time.
    """
    n = 21  # 3 * 21 + 1 = 64 cells
    grid = blank(3 * n + 1, 3 * n + 1, WALL)
    order = []
    top, left, bottom, right = 0, 0, n - 1, n - 1
    while top <= bottom and left <= right:
        order += [(i, top) for i in range(left, right + 1)]
        order += [(right, j) for j in range(top + 1, bottom + 1)]
        if top < bottom:
            order += [(i, bottom) for i in range(right - 1, left - 1, -1)]
        if left < right:
            order += [(left, j) for j in range(bottom - 1, top, -1)]
        top, left, bottom, right = top + 1, left + 1, bottom - 1, right - 1
    for i, j in order:
        rect(grid, 3 * i + 1, 3 * j + 1, 3 * i + 2, 3 * j + 2, ".")
    for (i0, j0), (i1, j1) in zip(order, order[1:]):
        # Open the wall between two neighbouring rooms, across the corridor's full width.
        x0, y0 = 3 * min(i0, i1) + 1, 3 * min(j0, j1) + 1
        x1, y1 = 3 * max(i0, i1) + 2, 3 * max(j0, j1) + 2
        rect(grid, x0, y0, x1, y1, ".")
    ci, cj = order[-1]
    return grid, (1, 1), (3 * ci + 1, 3 * cj + 1)


def bop_like_100():
    """Open ground with a few large blocks and a big U-shaped trap facing the start.

    The goal lies straight behind the closed end of the U, so Best-First runs into the cup
    first and has to back out. A costly marsh between the start and the cup makes weighted
    A* close cells at too high a cost and re-open them; costly patches on the detours round
    the cup make Dijkstra and A* weigh distance against cost.
    """
    size = 100
    grid = blank(size, size)
    border(grid)
    # The trap: a cup opening to the left (towards the start), closed on the right.
    rect(grid, 40, 25, 65, 27, WALL)  # top arm
    rect(grid, 40, 72, 65, 74, WALL)  # bottom arm
    rect(grid, 63, 25, 65, 74, WALL)  # closed end
    # Large obstacles elsewhere.
    rect(grid, 12, 8, 30, 16, WALL)
    rect(grid, 75, 5, 82, 40, WALL)
    rect(grid, 12, 82, 35, 90, WALL)
    rect(grid, 78, 60, 92, 70, WALL)
    # Costly terrain on the way round the cup.
    rect(grid, 66, 10, 74, 24, "3")
    rect(grid, 66, 75, 74, 92, "2")
    disc(grid, 88, 85, 6, "4")
    # A costly marsh on the straight line from the start to the cup: a greedy search closes
    # cells across it at a high cost, and then finds cheaper ways round to them (re-opening).
    disc(grid, 24, 50, 8, "3")
    rect(grid, 30, 42, 36, 58, "2")
    return grid, (8, 50), (90, 50)


def big_1024():
    """1024 × 1024: random wall blocks and terrain patches, for performance runs."""
    rng = random.Random(1024)
    size = 1024
    grid = blank(size, size)
    for _ in range(900):
        disc(grid, rng.randrange(size), rng.randrange(size), rng.randrange(3, 14),
             rng.choice("2234"))
    for _ in range(2600):
        x, y = rng.randrange(size), rng.randrange(size)
        rect(grid, x, y, x + rng.randrange(1, 12), y + rng.randrange(1, 12), WALL)
    border(grid)
    start, goal = (4, 4), (1019, 1019)
    for x, y in (start, goal):
        rect(grid, x - 2, y - 2, x + 2, y + 2, ".")
    return grid, start, goal


MAPS = [
    ("open-64.map", "Open 64×64", "An empty field: the plainest case, good for comparing "
     "how far each algorithm spreads.", open_64),
    ("terrain-valley-96.map", "Terrain valley 96×96",
     "A cheap valley floor winding between costlier slopes (costs 1–4): Dijkstra and A* "
     "follow the valley, Breadth-First and Best-First cut straight across.", terrain_valley_96),
    ("maze-63.map", "Maze 63×63", "A perfect maze: exactly one path between any two cells, "
     "so every complete algorithm finds the same route.", maze_63),
    ("rooms-128.map", "Rooms 128×128", "An 8×8 block of rooms joined by narrow doors, with "
     "some furniture.", rooms_128),
    ("spiral-64.map", "Spiral 64×64", "A square spiral corridor to the centre: the heuristic "
     "points the wrong way almost all the time.", spiral_64),
    ("bop-like-100.map", "Cup trap 100×100",
     "Large obstacles, a costly marsh and a U-shaped trap facing the start, with the goal "
     "behind it: Best-First walks into the cup, weighted A* (w = 2) re-opens many nodes.",
     bop_like_100),
    ("big-1024.map", "Big 1024×1024", "Random walls and terrain patches over a million "
     "cells, for timing the algorithms.", big_1024),
]


def render(grid):
    height, width = len(grid), len(grid[0])
    rows = "".join("".join(row) + "\n" for row in grid)
    return f"type octile\nheight {height}\nwidth {width}\nmap\n{rows}"


def build():
    files, index = {}, []
    for file, name, description, make in MAPS:
        grid, start, goal = make()
        assert all(len(row) == len(grid[0]) for row in grid), file
        if not reachable(grid, start, goal):
            raise SystemExit(f"{file}: goal {goal} is not reachable from start {start}")
        files[file] = render(grid)
        index.append({"file": file, "name": name, "description": description,
                      "start": list(start), "goal": list(goal)})
    files["index.json"] = json.dumps(index, indent=2, ensure_ascii=False) + "\n"
    return files


def main():
    check = "--check" in sys.argv[1:]
    files = build()
    stale = []
    MAPS_DIR.mkdir(exist_ok=True)
    for file, text in files.items():
        path = MAPS_DIR / file
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(file)
        else:
            path.write_text(text, encoding="utf-8", newline="\n")
            print(f"wrote {path} ({len(text.encode())} bytes)")
    if stale:
        print("out of date: " + ", ".join(stale))
        sys.exit(1)


if __name__ == "__main__":
    main()

//! Map generators: recursive-division and depth-first mazes, rooms with doors, random fill
//! and terrain noise, all deterministic from a seed.
//!
//! The random numbers come from [`SplitMix64`] ([`crate::rng`]), whose output for a seed never
//! changes, so a generated map can be shared as `kind + size + seed`.
//!
//! Every generated map comes with a suggested start and goal that are connected: both lie
//! in the largest 4-connected region of open cells, so they are joined under every movement
//! rule.
//!
//! ```
//! use pathlab::generate::{generate, Kind};
//! let a = generate(Kind::DfsMaze, 21, 11, 7, 0.0)?;
//! let b = generate(Kind::DfsMaze, 21, 11, 7, 0.0)?;
//! assert_eq!(a, b);
//! assert_eq!((a.start, a.goal), ((1, 1), (19, 9)));
//! # Ok::<(), pathlab::generate::GenerateError>(())
//! ```

use crate::grid::{Cell, Grid, Movement, Shape, Topology};
use crate::rng::SplitMix64;
use crate::text::number::decimal;
use std::collections::VecDeque;
use std::fmt;
use std::str::FromStr;

/// The kinds of map the generators make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A perfect maze made by recursive division: long straight walls, each with one gap.
    RecursiveDivision,
    /// A perfect maze carved by a depth-first backtracker: long winding corridors.
    DfsMaze,
    /// Rectangular rooms of varied sizes with doors between them (some loops).
    Rooms,
    /// Each cell is a wall with probability `density`.
    Random,
    /// Smooth value noise turned into terrain costs 1–4, plus random walls at `density`.
    Terrain,
}

impl Kind {
    /// Every kind, in the order menus list them.
    pub const ALL: [Kind; 5] = [
        Kind::RecursiveDivision,
        Kind::DfsMaze,
        Kind::Rooms,
        Kind::Random,
        Kind::Terrain,
    ];

    /// The name on the command line and in the wasm API.
    pub fn name(self) -> &'static str {
        match self {
            Kind::RecursiveDivision => "recursive-division",
            Kind::DfsMaze => "dfs-maze",
            Kind::Rooms => "rooms",
            Kind::Random => "random",
            Kind::Terrain => "terrain",
        }
    }
}

/// One generator as the page's menu lists it: its id, its label and whether the density
/// setting means anything to it.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KindInfo {
    /// The name on the command line and in the wasm API.
    pub id: &'static str,
    /// Its name in the menu.
    pub label: &'static str,
    /// Whether it reads the density (the wall fraction); the others ignore it.
    pub uses_density: bool,
    /// The density it uses when none is given.
    pub default_density: f64,
}

impl Kind {
    /// This generator's row for the menu.
    pub fn info(self) -> KindInfo {
        let (label, uses_density, default_density) = match self {
            Kind::RecursiveDivision => ("Recursive-division maze", false, 0.0),
            Kind::DfsMaze => ("Depth-first maze", false, 0.0),
            Kind::Rooms => ("Rooms", false, 0.0),
            Kind::Random => ("Random fill", true, 0.3),
            Kind::Terrain => ("Terrain", true, 0.0),
        };
        KindInfo {
            id: self.name(),
            label,
            uses_density,
            default_density,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Kind {
    type Err = GenerateError;

    fn from_str(s: &str) -> Result<Kind, GenerateError> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
                GenerateError(format!("unknown generator '{s}': use {}", names.join(", ")))
            })
    }
}

/// Why a map could not be generated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateError(pub String);

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GenerateError {}

/// The largest density (wall fraction) accepted.
pub const MAX_DENSITY: f64 = 0.9;

/// A generated map and a connected start and goal on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The map.
    pub grid: Grid,
    /// Suggested start: the open cell of the largest region nearest the top-left corner.
    pub start: (u32, u32),
    /// Suggested goal: the open cell of that region nearest the bottom-right corner.
    pub goal: (u32, u32),
}

/// Generates a `width` × `height` map of square cells of the given kind from `seed`.
/// `density` is the wall fraction for `random` (0–0.9) and `terrain` (0–0.9, may be 0); the
/// other kinds ignore it but it must still be a number in 0–0.9. Mazes need at least 3 × 3
/// cells.
pub fn generate(
    kind: Kind,
    width: u32,
    height: u32,
    seed: u64,
    density: f64,
) -> Result<Generated, GenerateError> {
    generate_shaped(kind, width, height, Shape::Square, seed, density)
}

/// [`generate`] for cells of `shape`. Every kind makes sense on hexes: random fill and
/// terrain are per cell; the rooms' walls run along offset rows and columns, which are
/// unbroken lines of hexes too (one of the two zigzags, but no hex slips through); the mazes
/// are carved on every other hex of every other line, as on squares, and stay mazes (a
/// corridor hex may touch another of the same junction, which only rounds its corner).
///
/// ```
/// use pathlab::generate::{generate_shaped, Kind};
/// use pathlab::grid::Shape;
/// let hexes = generate_shaped(Kind::Rooms, 30, 20, Shape::HexRows, 5, 0.0)?;
/// assert_eq!(hexes.grid.shape(), Shape::HexRows);
/// # Ok::<(), pathlab::generate::GenerateError>(())
/// ```
pub fn generate_shaped(
    kind: Kind,
    width: u32,
    height: u32,
    shape: Shape,
    seed: u64,
    density: f64,
) -> Result<Generated, GenerateError> {
    let mut grid =
        Grid::with_shape(width, height, shape).map_err(|e| GenerateError(e.to_string()))?;
    if !(0.0..=MAX_DENSITY).contains(&density) {
        return Err(GenerateError(format!(
            "the density must be a number from 0 to {}, not {}",
            decimal(MAX_DENSITY),
            decimal(density)
        )));
    }
    let mut rng = SplitMix64::new(seed);
    match kind {
        Kind::RecursiveDivision | Kind::DfsMaze => {
            if width < 3 || height < 3 {
                return Err(GenerateError(format!(
                    "a maze needs at least 3×3 cells, not {width}×{height}"
                )));
            }
            if kind == Kind::DfsMaze {
                dfs_maze(&mut grid, &mut rng);
            } else {
                recursive_division(&mut grid, &mut rng);
            }
        }
        Kind::Rooms => rooms(&mut grid, &mut rng),
        Kind::Random => {
            for y in 0..i64::from(height) {
                for x in 0..i64::from(width) {
                    if rng.unit() < density {
                        grid.set(x, y, Cell::Wall);
                    }
                }
            }
        }
        Kind::Terrain => terrain(&mut grid, &mut rng, density),
    }
    let (start, goal) = suggest_markers(&mut grid);
    Ok(Generated { grid, start, goal })
}

/// Maze cells sit at odd coordinates; `(cw, ch)` is how many there are across and down.
fn maze_cells(grid: &Grid) -> (u32, u32) {
    ((grid.width() - 1) / 2, (grid.height() - 1) / 2)
}

fn open(grid: &mut Grid, x: u32, y: u32) {
    grid.set(i64::from(x), i64::from(y), Cell::OPEN);
}

/// Depth-first backtracker on the odd-coordinate lattice, with an explicit stack (a
/// 4096 × 4096 maze would overflow a recursive one).
fn dfs_maze(grid: &mut Grid, rng: &mut SplitMix64) {
    grid.fill(Cell::Wall);
    let (cw, ch) = maze_cells(grid);
    let mut visited = vec![false; cw as usize * ch as usize];
    let mut stack = vec![(0u32, 0u32)];
    visited[0] = true;
    open(grid, 1, 1);
    while let Some(&(cx, cy)) = stack.last() {
        let mut next = [(0u32, 0u32); 4];
        let mut n = 0;
        for (dx, dy) in [(0i64, -1i64), (1, 0), (0, 1), (-1, 0)] {
            let (nx, ny) = (i64::from(cx) + dx, i64::from(cy) + dy);
            if nx >= 0 && ny >= 0 && nx < i64::from(cw) && ny < i64::from(ch) {
                let (nx, ny) = (nx as u32, ny as u32);
                if !visited[(ny * cw + nx) as usize] {
                    next[n] = (nx, ny);
                    n += 1;
                }
            }
        }
        if n == 0 {
            stack.pop();
            continue;
        }
        let (nx, ny) = next[rng.below(n as u64) as usize];
        visited[(ny * cw + nx) as usize] = true;
        // Knock down the wall between the two lattice cells, then open the new one.
        open(grid, cx + nx + 1, cy + ny + 1);
        open(grid, 2 * nx + 1, 2 * ny + 1);
        stack.push((nx, ny));
    }
}

/// Recursive division on the odd-coordinate lattice: split each chamber by a wall with one
/// gap, across its longer side, until chambers are one lattice cell wide.
fn recursive_division(grid: &mut Grid, rng: &mut SplitMix64) {
    grid.fill(Cell::Wall);
    let (cw, ch) = maze_cells(grid);
    for y in 0..ch {
        for x in 0..cw {
            open(grid, 2 * x + 1, 2 * y + 1);
        }
    }
    // Open the lattice's inner walls; division puts walls back.
    for y in 0..ch {
        for x in 0..cw {
            if x + 1 < cw {
                open(grid, 2 * x + 2, 2 * y + 1);
            }
            if y + 1 < ch {
                open(grid, 2 * x + 1, 2 * y + 2);
            }
            if x + 1 < cw && y + 1 < ch {
                open(grid, 2 * x + 2, 2 * y + 2);
            }
        }
    }
    // Chambers in lattice coordinates: (x0, y0, w, h).
    let mut stack = vec![(0u32, 0u32, cw, ch)];
    while let Some((x0, y0, w, h)) = stack.pop() {
        if w < 2 && h < 2 {
            continue;
        }
        let vertical = if w < 2 {
            false
        } else if h < 2 || w > h {
            true
        } else if h > w {
            false
        } else {
            rng.below(2) == 0
        };
        if vertical {
            // A wall between lattice columns k and k+1, at grid x = 2(x0 + k) + 2.
            let k = rng.below(u64::from(w - 1)) as u32;
            let gap = rng.below(u64::from(h)) as u32;
            let gx = 2 * (x0 + k) + 2;
            for j in 0..(2 * h - 1) {
                if j != 2 * gap {
                    grid.set(i64::from(gx), i64::from(2 * y0 + 1 + j), Cell::Wall);
                }
            }
            stack.push((x0, y0, k + 1, h));
            stack.push((x0 + k + 1, y0, w - k - 1, h));
        } else {
            let k = rng.below(u64::from(h - 1)) as u32;
            let gap = rng.below(u64::from(w)) as u32;
            let gy = 2 * (y0 + k) + 2;
            for i in 0..(2 * w - 1) {
                if i != 2 * gap {
                    grid.set(i64::from(2 * x0 + 1 + i), i64::from(gy), Cell::Wall);
                }
            }
            stack.push((x0, y0, w, k + 1));
            stack.push((x0, y0 + k + 1, w, h - k - 1));
        }
    }
}

/// Cut positions along one axis: walls every 5–12 cells (rooms 4–11 cells inside).
fn room_cuts(len: u32, rng: &mut SplitMix64) -> Vec<u32> {
    let mut cuts = Vec::new();
    let mut at = 0u32;
    loop {
        let step = 5 + rng.below(8) as u32;
        at += step;
        // Keep the last room at least 4 cells deep.
        if at + 4 >= len {
            return cuts;
        }
        cuts.push(at);
    }
}

/// Rooms: walls along random cut lines across the whole map, then a spanning tree of doors
/// between neighbouring rooms (so every room is reachable) plus some extra doors for loops.
fn rooms(grid: &mut Grid, rng: &mut SplitMix64) {
    let (w, h) = (grid.width(), grid.height());
    let xs = room_cuts(w, rng);
    let ys = room_cuts(h, rng);
    for &x in &xs {
        for y in 0..h {
            grid.set(i64::from(x), i64::from(y), Cell::Wall);
        }
    }
    for &y in &ys {
        for x in 0..w {
            grid.set(i64::from(x), i64::from(y), Cell::Wall);
        }
    }
    // Room (i, j) spans x in bounds(xs, i) and y in bounds(ys, j), walls excluded.
    let bounds = |cuts: &[u32], i: usize, len: u32| -> (u32, u32) {
        let lo = if i == 0 { 0 } else { cuts[i - 1] + 1 };
        let hi = if i < cuts.len() { cuts[i] - 1 } else { len - 1 };
        (lo, hi)
    };
    let (rw, rh) = (xs.len() + 1, ys.len() + 1);
    let door = |grid: &mut Grid, rng: &mut SplitMix64, a: (usize, usize), vertical: bool| {
        if vertical {
            // Between room (i, j) and (i + 1, j): a door in the wall x = xs[i].
            let (lo, hi) = bounds(&ys, a.1, h);
            let y = lo + rng.below(u64::from(hi - lo + 1)) as u32;
            open(grid, xs[a.0], y);
        } else {
            let (lo, hi) = bounds(&xs, a.0, w);
            let x = lo + rng.below(u64::from(hi - lo + 1)) as u32;
            open(grid, x, ys[a.1]);
        }
    };
    let mut visited = vec![false; rw * rh];
    let mut stack = vec![(0usize, 0usize)];
    visited[0] = true;
    while let Some(&(i, j)) = stack.last() {
        let mut next = Vec::with_capacity(4);
        if i > 0 && !visited[j * rw + i - 1] {
            next.push((i - 1, j, (i - 1, j), true));
        }
        if i + 1 < rw && !visited[j * rw + i + 1] {
            next.push((i + 1, j, (i, j), true));
        }
        if j > 0 && !visited[(j - 1) * rw + i] {
            next.push((i, j - 1, (i, j - 1), false));
        }
        if j + 1 < rh && !visited[(j + 1) * rw + i] {
            next.push((i, j + 1, (i, j), false));
        }
        if next.is_empty() {
            stack.pop();
            continue;
        }
        let (ni, nj, a, vertical) = next[rng.below(next.len() as u64) as usize];
        visited[nj * rw + ni] = true;
        door(grid, rng, a, vertical);
        stack.push((ni, nj));
    }
    // Extra doors: about a third of the remaining walls between rooms get one.
    for j in 0..rh {
        for i in 0..rw {
            if i + 1 < rw && rng.below(3) == 0 {
                door(grid, rng, (i, j), true);
            }
            if j + 1 < rh && rng.below(3) == 0 {
                door(grid, rng, (i, j), false);
            }
        }
    }
}

/// One octave of value noise: random values on a lattice `spacing` cells apart.
struct Octave {
    amplitude: f64,
    spacing: u32,
    width: u32,
    lattice: Vec<f64>,
}

impl Octave {
    /// The noise at (x, y): the four lattice values around it, blended with smoothstep.
    fn at(&self, x: u32, y: u32) -> f64 {
        let smooth = |t: f64| t * t * (3.0 - 2.0 * t);
        let s = self.spacing;
        let (lx, tx) = (x / s, smooth(f64::from(x % s) / f64::from(s)));
        let (ly, ty) = (y / s, smooth(f64::from(y % s) / f64::from(s)));
        let get = |x: u32, y: u32| {
            self.lattice
                .get((y * self.width + x) as usize)
                .copied()
                .unwrap_or(0.0)
        };
        let top = get(lx, ly) * (1.0 - tx) + get(lx + 1, ly) * tx;
        let bottom = get(lx, ly + 1) * (1.0 - tx) + get(lx + 1, ly + 1) * tx;
        top * (1.0 - ty) + bottom * ty
    }
}

/// Value noise: random values on a lattice, smoothly interpolated; two octaves. Computed
/// cell by cell, so a 4096 × 4096 map needs no per-cell buffer beyond the grid.
fn terrain(grid: &mut Grid, rng: &mut SplitMix64, density: f64) {
    let (w, h) = (grid.width(), grid.height());
    let octaves: Vec<Octave> = [(0u32, 1.0f64), (1, 0.5)]
        .into_iter()
        .map(|(octave, amplitude)| {
            let spacing = ((w.max(h) / 6).max(8) >> octave).max(4);
            let (lw, lh) = (w / spacing + 2, h / spacing + 2);
            Octave {
                amplitude,
                spacing,
                width: lw,
                lattice: (0..lw * lh).map(|_| rng.unit()).collect(),
            }
        })
        .collect();
    let total: f64 = octaves.iter().map(|o| o.amplitude).sum();
    for y in 0..h {
        for x in 0..w {
            let mut field = 0.0;
            for o in &octaves {
                field += o.amplitude * o.at(x, y);
            }
            let cost = match field / total {
                v if v < 0.4 => 1,
                v if v < 0.55 => 2,
                v if v < 0.7 => 3,
                _ => 4,
            };
            // Draw the wall coin for every cell, so the terrain of a seed does not depend
            // on the density.
            let wall = rng.unit() < density;
            let cell = if wall {
                Cell::Wall
            } else {
                Cell::Terrain(cost)
            };
            grid.set(i64::from(x), i64::from(y), cell);
        }
    }
}

/// The largest 4-connected region of open cells (cell indices), or empty if none.
pub fn largest_region(grid: &Grid) -> Vec<usize> {
    let (w, h) = (grid.width() as usize, grid.height() as usize);
    let cells = grid.bytes();
    let mut label = vec![false; cells.len()];
    let mut best: Vec<usize> = Vec::new();
    let mut queue = VecDeque::new();
    for seed in 0..cells.len() {
        if cells[seed] == 0 || label[seed] {
            continue;
        }
        let mut region = Vec::new();
        label[seed] = true;
        queue.push_back(seed);
        while let Some(i) = queue.pop_front() {
            region.push(i);
            let (x, y) = (i % w, i / w);
            let mut visit = |j: usize| {
                if cells[j] != 0 && !label[j] {
                    label[j] = true;
                    queue.push_back(j);
                }
            };
            if x > 0 {
                visit(i - 1);
            }
            if x + 1 < w {
                visit(i + 1);
            }
            if y > 0 {
                visit(i - w);
            }
            if y + 1 < h {
                visit(i + w);
            }
        }
        if region.len() > best.len() {
            best = region;
        }
    }
    best
}

/// Start and goal in the largest open region, nearest the top-left and bottom-right corners.
/// A map with no open cell gets its top-left cell opened.
///
/// Each region is flooded once, keeping only its size and its two extreme cells, so the
/// memory is one flag per cell plus the flood's queue, whatever the map.
fn suggest_markers(grid: &mut Grid) -> ((u32, u32), (u32, u32)) {
    let w = grid.width() as usize;
    let key = |i: usize| (i % w + i / w, i / w);
    // 4-connected on squares (so joined under every movement rule), the six neighbours on
    // hexes.
    let topology = Topology::of(grid, &Movement::four());
    let mut best: Option<(usize, usize, usize)> = None;
    {
        let cells = grid.bytes();
        let mut seen = vec![false; cells.len()];
        let mut queue = VecDeque::new();
        for seed in 0..cells.len() {
            if cells[seed] == 0 || seen[seed] {
                continue;
            }
            let (mut size, mut first, mut last) = (0usize, seed, seed);
            seen[seed] = true;
            queue.push_back(seed);
            while let Some(i) = queue.pop_front() {
                size += 1;
                if key(i) < key(first) {
                    first = i;
                }
                if key(i) > key(last) {
                    last = i;
                }
                let (x, y) = ((i % w) as u32, (i / w) as u32);
                topology.neighbours(cells, (x, y), |n| {
                    let j = n.index as usize;
                    if !seen[j] {
                        seen[j] = true;
                        queue.push_back(j);
                    }
                });
            }
            if best.is_none_or(|(s, _, _)| size > s) {
                best = Some((size, first, last));
            }
        }
    }
    match best {
        Some((_, first, last)) => (grid.coords(first), grid.coords(last)),
        None => {
            open(grid, 0, 0);
            ((0, 0), (0, 0))
        }
    }
}

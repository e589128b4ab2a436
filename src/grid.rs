//! The map a search runs on: a dense grid of cells and the rules for moving between them.
//!
//! A [`Grid`] stores one byte per cell, indexed `y * width + x` with (0, 0) the top-left cell:
//! `0` is a wall and `1`–`4` is a passable cell with that terrain cost (seed 003's collision
//! map: the lighter the grey, the cheaper). The page reads these bytes straight from wasm
//! memory, so the encoding is part of the public contract ([`Cell::to_byte`]).
//!
//! [`Movement`] says how an agent may move: 4- or 8-connected, which diagonal steps are legal
//! next to walls ([`DiagonalRule`]) and what a diagonal step costs. The cost of a move into
//! cell `c` is `terrain(c) × 1` for an orthogonal step and `terrain(c) × diagonal_cost` for a
//! diagonal one.

use crate::formats::number::decimal;
use std::fmt;

/// The largest width or height a grid may have. Larger maps are refused before anything is
/// allocated.
pub const MAX_SIDE: u32 = 4096;

/// The default diagonal step cost, √2: the true length of a diagonal step.
pub const SQRT_2: f64 = std::f64::consts::SQRT_2;

/// Seed 003's "diagonal penalty": the rounded constant its exercises are checked against
/// ("use 1.4142, not sqrt(2.0) or anything else"), so deliberately not `SQRT_2`.
#[allow(clippy::approx_constant)]
pub const SEED_DIAGONAL_PENALTY: f64 = 1.4142;

/// The smallest diagonal cost accepted (diagonal penalty off).
pub const MIN_DIAGONAL_COST: f64 = 1.0;

/// The largest diagonal cost accepted: at 2 a diagonal step costs as much as the two
/// orthogonal steps it replaces, so larger values only forbid diagonals more clumsily.
pub const MAX_DIAGONAL_COST: f64 = 2.0;

/// One cell of a grid: a wall, or passable ground with a terrain cost of 1 to 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Blocked: no path may enter it.
    Wall,
    /// Passable; entering it costs this much per unit of distance (1 = cheapest, 4 = dearest).
    Terrain(u8),
}

impl Cell {
    /// The cheapest passable cell, the default for new grids.
    pub const OPEN: Cell = Cell::Terrain(1);

    /// The byte stored in the grid for this cell: `0` for a wall, the cost for terrain.
    ///
    /// ```
    /// use pathlab::Cell;
    /// assert_eq!(Cell::Wall.to_byte(), 0);
    /// assert_eq!(Cell::Terrain(3).to_byte(), 3);
    /// ```
    pub fn to_byte(self) -> u8 {
        match self {
            Cell::Wall => 0,
            Cell::Terrain(cost) => cost,
        }
    }

    /// Reads a grid byte back; `None` for bytes other than 0–4.
    pub fn from_byte(byte: u8) -> Option<Cell> {
        match byte {
            0 => Some(Cell::Wall),
            1..=4 => Some(Cell::Terrain(byte)),
            _ => None,
        }
    }

    /// Whether a path may enter this cell.
    pub fn is_passable(self) -> bool {
        self != Cell::Wall
    }
}

/// Why a grid could not be made or changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridError {
    /// Width or height is 0 or larger than [`MAX_SIDE`].
    BadSize {
        /// The width asked for.
        width: u64,
        /// The height asked for.
        height: u64,
    },
    /// A cell byte outside 0–4 was given at this index.
    BadCell {
        /// Index `y * width + x` of the offending byte.
        index: usize,
        /// The byte found there.
        byte: u8,
    },
    /// The number of bytes given does not match width × height.
    BadLength {
        /// width × height.
        expected: usize,
        /// The number of bytes given.
        found: usize,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::BadSize { width, height } => write!(
                f,
                "a map must be between 1×1 and {MAX_SIDE}×{MAX_SIDE} cells, not {width}×{height}"
            ),
            GridError::BadCell { index, byte } => write!(
                f,
                "cell {index} holds {byte}, but a cell must be 0 (wall) or a terrain cost 1–4"
            ),
            GridError::BadLength { expected, found } => write!(
                f,
                "a map of this size has {expected} cells, but {found} were given"
            ),
        }
    }
}

impl std::error::Error for GridError {}

/// A width × height map of [`Cell`]s, stored densely as bytes indexed `y * width + x`.
///
/// ```
/// use pathlab::{Cell, Grid};
/// let mut grid = Grid::new(4, 3)?;
/// grid.set(1, 2, Cell::Wall);
/// assert_eq!(grid.get(1, 2), Some(Cell::Wall));
/// assert_eq!(grid.get(4, 0), None); // outside
/// assert_eq!(grid.bytes()[2 * 4 + 1], 0);
/// # Ok::<(), pathlab::GridError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    width: u32,
    height: u32,
    cells: Vec<u8>,
}

impl Grid {
    /// A grid of the given size where every cell is open ground of cost 1.
    pub fn new(width: u32, height: u32) -> Result<Grid, GridError> {
        Self::check_size(u64::from(width), u64::from(height))?;
        Ok(Grid {
            width,
            height,
            cells: vec![Cell::OPEN.to_byte(); width as usize * height as usize],
        })
    }

    /// A grid from raw cell bytes (0 = wall, 1–4 = terrain cost), row by row.
    pub fn from_bytes(width: u32, height: u32, cells: Vec<u8>) -> Result<Grid, GridError> {
        Self::check_size(u64::from(width), u64::from(height))?;
        let expected = width as usize * height as usize;
        if cells.len() != expected {
            return Err(GridError::BadLength {
                expected,
                found: cells.len(),
            });
        }
        if let Some(index) = cells.iter().position(|&b| b > 4) {
            return Err(GridError::BadCell {
                index,
                byte: cells[index],
            });
        }
        Ok(Grid {
            width,
            height,
            cells,
        })
    }

    /// Checks a size before anything is allocated for it.
    pub fn check_size(width: u64, height: u64) -> Result<(), GridError> {
        let max = u64::from(MAX_SIDE);
        if width == 0 || height == 0 || width > max || height > max {
            return Err(GridError::BadSize { width, height });
        }
        Ok(())
    }

    /// Number of columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Number of cells, width × height.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a grid has at least one cell. Present because `len` is.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Whether (x, y) lies on the grid.
    pub fn contains(&self, x: i64, y: i64) -> bool {
        x >= 0 && y >= 0 && x < i64::from(self.width) && y < i64::from(self.height)
    }

    /// The index `y * width + x` of an on-grid cell, or `None` when (x, y) is outside.
    pub fn index(&self, x: i64, y: i64) -> Option<usize> {
        self.contains(x, y)
            .then(|| y as usize * self.width as usize + x as usize)
    }

    /// The (x, y) of an index.
    pub fn coords(&self, index: usize) -> (u32, u32) {
        let w = self.width as usize;
        ((index % w) as u32, (index / w) as u32)
    }

    /// The cell at (x, y), or `None` when outside the grid.
    pub fn get(&self, x: i64, y: i64) -> Option<Cell> {
        self.index(x, y)
            .and_then(|i| Cell::from_byte(self.cells[i]))
    }

    /// Sets the cell at (x, y); returns false (and changes nothing) when outside the grid.
    pub fn set(&mut self, x: i64, y: i64, cell: Cell) -> bool {
        match (self.index(x, y), cell) {
            (None, _) | (_, Cell::Terrain(0 | 5..)) => false,
            (Some(i), _) => {
                self.cells[i] = cell.to_byte();
                true
            }
        }
    }

    /// Whether (x, y) is on the grid and passable.
    pub fn is_passable(&self, x: i64, y: i64) -> bool {
        self.index(x, y).is_some_and(|i| self.cells[i] != 0)
    }

    /// Sets every cell to `cell`.
    pub fn fill(&mut self, cell: Cell) {
        if let Cell::Terrain(0 | 5..) = cell {
            return;
        }
        self.cells.fill(cell.to_byte());
    }

    /// The raw cell bytes, row by row (0 = wall, 1–4 = terrain cost).
    pub fn bytes(&self) -> &[u8] {
        &self.cells
    }

    /// The number of wall cells.
    pub fn wall_count(&self) -> usize {
        self.cells.iter().filter(|&&b| b == 0).count()
    }
}

/// How many neighbours a cell has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Connectivity {
    /// Up, down, left, right.
    #[serde(rename = "4")]
    Four,
    /// The four orthogonal neighbours and the four diagonal ones.
    #[serde(rename = "8")]
    Eight,
}

/// When a diagonal step is legal next to walls (8-connected movement only).
///
/// A diagonal step from (x, y) to (x+dx, y+dy) passes between the two orthogonal neighbours
/// (x+dx, y) and (x, y+dy); the rule says which of them must be passable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DiagonalRule {
    /// No diagonal steps at all.
    Never,
    /// Both side cells must be passable: no cutting corners, no squeezing between two
    /// diagonally touching walls. The Moving AI and seed 002 rule, and the default.
    NoCornerCutting,
    /// At least one side cell must be passable: corners may be cut, gaps may not be squeezed.
    OneSideFree,
    /// Diagonal steps are legal whatever the side cells hold.
    Always,
}

impl DiagonalRule {
    /// Every rule, in the order menus list them.
    pub const ALL: [DiagonalRule; 4] = [
        DiagonalRule::Never,
        DiagonalRule::NoCornerCutting,
        DiagonalRule::OneSideFree,
        DiagonalRule::Always,
    ];

    /// The name used on the command line, in links and in settings objects (serde's).
    pub fn name(self) -> &'static str {
        match self {
            DiagonalRule::Never => "never",
            DiagonalRule::NoCornerCutting => "no-corner-cutting",
            DiagonalRule::OneSideFree => "one-side-free",
            DiagonalRule::Always => "always",
        }
    }

    /// Whether a diagonal step is legal given whether its two side cells are passable.
    #[inline]
    pub fn allows(self, side_a: bool, side_b: bool) -> bool {
        match self {
            DiagonalRule::Never => false,
            DiagonalRule::NoCornerCutting => side_a && side_b,
            DiagonalRule::OneSideFree => side_a || side_b,
            DiagonalRule::Always => true,
        }
    }
}

/// Why a movement setting was refused.
#[derive(Clone, Debug, PartialEq)]
pub struct MovementError(pub String);

impl fmt::Display for MovementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MovementError {}

/// How an agent moves on the grid: connectivity, the diagonal rule and the diagonal cost.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Movement {
    /// 4- or 8-connected.
    pub connectivity: Connectivity,
    /// Which diagonal steps are legal next to walls (ignored when 4-connected).
    pub diagonal_rule: DiagonalRule,
    /// Cost of a diagonal step on terrain 1, between 1 and 2 (√2 by default; 1 = penalty off).
    pub diagonal_cost: f64,
}

impl Default for Movement {
    /// 8-connected, no corner cutting, diagonal cost √2: the Moving AI rules.
    fn default() -> Self {
        Movement {
            connectivity: Connectivity::Eight,
            diagonal_rule: DiagonalRule::NoCornerCutting,
            diagonal_cost: SQRT_2,
        }
    }
}

impl Movement {
    /// 4-connected movement.
    pub fn four() -> Movement {
        Movement {
            connectivity: Connectivity::Four,
            ..Movement::default()
        }
    }

    /// Whether any diagonal step can ever be taken.
    pub fn has_diagonals(&self) -> bool {
        self.connectivity == Connectivity::Eight && self.diagonal_rule != DiagonalRule::Never
    }

    /// Checks the diagonal cost is a number between [`MIN_DIAGONAL_COST`] and
    /// [`MAX_DIAGONAL_COST`].
    pub fn validate(&self) -> Result<(), MovementError> {
        let d = self.diagonal_cost;
        if !(MIN_DIAGONAL_COST..=MAX_DIAGONAL_COST).contains(&d) {
            return Err(MovementError(format!(
                "the diagonal cost must be between {} and {}, not {}",
                decimal(MIN_DIAGONAL_COST),
                decimal(MAX_DIAGONAL_COST),
                decimal(d)
            )));
        }
        Ok(())
    }

    /// The exact cost of stepping from `from` into the neighbouring cell `to` of terrain
    /// `terrain` (no legality check).
    pub fn step_cost(&self, from: (u32, u32), to: (u32, u32), terrain: u8) -> f64 {
        let diagonal = from.0 != to.0 && from.1 != to.1;
        f64::from(terrain) * if diagonal { self.diagonal_cost } else { 1.0 }
    }

    /// Whether a single step between two cells is legal on `grid` under this movement
    /// ([`Movement::neighbours`]' rule).
    pub fn can_step(&self, grid: &Grid, from: (u32, u32), to: (u32, u32)) -> bool {
        if !grid.is_passable(i64::from(from.0), i64::from(from.1)) {
            return false;
        }
        let mut legal = false;
        self.neighbours(grid.bytes(), grid.width(), grid.height(), from, |n| {
            legal |= (n.x, n.y) == to
        });
        legal
    }

    /// Calls `visit` with every cell one legal step from `from`, in [`MOVES`] order (the
    /// orthogonal moves first): the one neighbour rule of every search that steps cell by cell.
    /// `cells` is a `width`×`height` grid's bytes ([`Grid::bytes`]). A step must land on the
    /// map and on a passable cell; a diagonal step also needs this movement's connectivity and
    /// its [`DiagonalRule`] applied to the two cells it passes between. Whether `from` itself
    /// is passable is the caller's business (a search only steps out of cells it reached).
    ///
    /// ```
    /// use pathlab::grid::{Cell, Grid, Movement};
    /// let mut grid = Grid::new(3, 3)?;
    /// grid.set(1, 0, Cell::Wall);
    /// let mut seen = Vec::new();
    /// Movement::default().neighbours(grid.bytes(), 3, 3, (0, 0), |n| seen.push((n.x, n.y)));
    /// // East is a wall, and the diagonal would cut its corner.
    /// assert_eq!(seen, [(0, 1)]);
    /// # Ok::<(), pathlab::GridError>(())
    /// ```
    #[inline]
    pub fn neighbours(
        &self,
        cells: &[u8],
        width: u32,
        height: u32,
        from: (u32, u32),
        mut visit: impl FnMut(Neighbour),
    ) {
        let (w, h) = (i64::from(width), i64::from(height));
        let (x, y) = (i64::from(from.0), i64::from(from.1));
        let terrain = |x: i64, y: i64| -> u8 {
            if x < 0 || y < 0 || x >= w || y >= h {
                return 0;
            }
            cells.get((y * w + x) as usize).copied().unwrap_or(0)
        };
        let count = match self.connectivity {
            Connectivity::Four => 4,
            Connectivity::Eight => 8,
        };
        for (direction, &(dx, dy)) in MOVES[..count].iter().enumerate() {
            let (nx, ny) = (x + dx, y + dy);
            let entered = terrain(nx, ny);
            if entered == 0 {
                continue;
            }
            let diagonal = dx != 0 && dy != 0;
            if diagonal
                && !self
                    .diagonal_rule
                    .allows(terrain(nx, y) != 0, terrain(x, ny) != 0)
            {
                continue;
            }
            visit(Neighbour {
                x: nx as u32,
                y: ny as u32,
                index: (ny * w + nx) as u32,
                direction: direction as u8,
                diagonal,
                terrain: entered,
            });
        }
    }

    /// The exact cost of a path given as a list of cells, or `None` when a step is illegal.
    ///
    /// This is the reference sum in `f64` that every reported path cost comes from.
    pub fn path_cost(&self, grid: &Grid, path: &[(u32, u32)]) -> Option<f64> {
        let mut cost = 0.0;
        for pair in path.windows(2) {
            if !self.can_step(grid, pair[0], pair[1]) {
                return None;
            }
            let terrain = grid
                .get(i64::from(pair[1].0), i64::from(pair[1].1))?
                .to_byte();
            cost += self.step_cost(pair[0], pair[1], terrain);
        }
        Some(cost)
    }
}

/// The eight moves as (dx, dy), y growing downwards: N, E, S, W, then NE, SE, SW, NW. The
/// orthogonal moves come first, so 4-connected movement takes the first four; a move's index
/// here is its direction number everywhere (the timeline's parent directions included).
pub const MOVES: [(i64, i64); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

/// One legal step out of a cell ([`Movement::neighbours`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Neighbour {
    /// The cell stepped to.
    pub x: u32,
    /// The cell stepped to.
    pub y: u32,
    /// Its index, `y * width + x`.
    pub index: u32,
    /// The move's index in [`MOVES`].
    pub direction: u8,
    /// Whether the step is diagonal.
    pub diagonal: bool,
    /// The terrain byte of the cell stepped to (1–4).
    pub terrain: u8,
}

// ---- straight segments between cell centres -------------------------------------------------

/// The Euclidean distance between the centres of two cells.
pub fn distance(a: (u32, u32), b: (u32, u32)) -> f64 {
    let dx = f64::from(a.0) - f64::from(b.0);
    let dy = f64::from(a.1) - f64::from(b.1);
    dx.hypot(dy)
}

/// Whether the segment between the centres of cells `a` and `b` touches no wall cell of
/// `grid`, not even at a corner, and stays on the map: the one line-of-sight rule of Theta*
/// and the node mesh. Where the segment passes exactly through a lattice corner, both cells
/// beside the corner count, so it never cuts a blocked corner or squeezes between two
/// diagonally touching walls (the Moving AI diagonal step is the shortest such segment).
///
/// ```
/// use pathlab::grid::{line_of_sight, Cell, Grid};
/// let mut grid = Grid::new(3, 3)?;
/// assert!(line_of_sight(&grid, (0, 0), (2, 2)));
/// grid.set(1, 0, Cell::Wall);
/// assert!(!line_of_sight(&grid, (0, 0), (2, 2)), "touches the wall's corner");
/// # Ok::<(), pathlab::GridError>(())
/// ```
pub fn line_of_sight(grid: &Grid, a: (u32, u32), b: (u32, u32)) -> bool {
    walk_segment(a, b, |x, y| grid.is_passable(x, y))
}

/// Visits every cell whose closed square the segment between the centres of `a` and `b`
/// touches, in order from `a`, stopping early when `visit` returns false; returns whether it
/// never did. Where the segment passes exactly through a grid corner, both cells beside the
/// corner are visited too (they touch the segment at that point).
pub fn walk_segment(a: (u32, u32), b: (u32, u32), mut visit: impl FnMut(i64, i64) -> bool) -> bool {
    let (mut x, mut y) = (i64::from(a.0), i64::from(a.1));
    let (x1, y1) = (i64::from(b.0), i64::from(b.1));
    let (dx, dy) = ((x1 - x).abs(), (y1 - y).abs());
    let (sx, sy) = ((x1 - x).signum(), (y1 - y).signum());
    // error = (distance to the next vertical cell edge) − (distance to the next horizontal
    // one), both scaled by 2·dx·dy so every quantity is an integer: positive means the segment
    // leaves the cell through its x side first, zero means exactly through the corner.
    let mut error = dx - dy;
    let (dx2, dy2) = (2 * dx, 2 * dy);
    let mut left = dx + dy;
    if !visit(x, y) {
        return false;
    }
    while left > 0 {
        if error > 0 {
            x += sx;
            error -= dy2;
            left -= 1;
        } else if error < 0 {
            y += sy;
            error += dx2;
            left -= 1;
        } else {
            if !visit(x + sx, y) || !visit(x, y + sy) {
                return false;
            }
            x += sx;
            y += sy;
            error += dx2 - dy2;
            left -= 2;
        }
        if !visit(x, y) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonal_rule_names_are_serdes() {
        for rule in DiagonalRule::ALL {
            let serde_name = serde_json::to_string(&rule).unwrap();
            assert_eq!(serde_name, format!("\"{}\"", rule.name()));
        }
    }

    #[test]
    fn sizes_outside_limits_are_refused_before_allocation() {
        assert!(Grid::new(0, 5).is_err());
        assert!(Grid::new(MAX_SIDE + 1, 1).is_err());
        assert!(Grid::new(1, 1).is_ok());
        let err = Grid::new(5000, 5000).unwrap_err();
        assert!(err.to_string().contains("4096"), "{err}");
    }

    #[test]
    fn from_bytes_checks_length_and_values() {
        assert!(matches!(
            Grid::from_bytes(2, 2, vec![1, 1, 1]),
            Err(GridError::BadLength { .. })
        ));
        assert_eq!(
            Grid::from_bytes(2, 1, vec![1, 9]),
            Err(GridError::BadCell { index: 1, byte: 9 })
        );
        assert!(Grid::from_bytes(2, 1, vec![0, 4]).is_ok());
    }

    #[test]
    fn set_ignores_outside_cells_and_bad_terrain() {
        let mut g = Grid::new(3, 3).unwrap();
        assert!(!g.set(-1, 0, Cell::Wall));
        assert!(!g.set(0, 3, Cell::Wall));
        assert!(!g.set(0, 0, Cell::Terrain(7)));
        assert!(g.set(2, 2, Cell::Terrain(4)));
        assert_eq!(g.bytes()[8], 4);
    }

    #[test]
    fn diagonal_rules_decide_corner_steps() {
        // . #
        // . .
        let mut g = Grid::new(2, 2).unwrap();
        g.set(1, 0, Cell::Wall);
        let rule = |r| Movement {
            diagonal_rule: r,
            ..Movement::default()
        };
        assert!(!rule(DiagonalRule::NoCornerCutting).can_step(&g, (0, 1), (1, 0)));
        assert!(
            !rule(DiagonalRule::Always).can_step(&g, (0, 1), (1, 0)),
            "target is a wall"
        );
        assert!(!rule(DiagonalRule::NoCornerCutting).can_step(&g, (0, 0), (1, 1)));
        assert!(rule(DiagonalRule::OneSideFree).can_step(&g, (0, 0), (1, 1)));
        assert!(rule(DiagonalRule::Always).can_step(&g, (0, 0), (1, 1)));
        assert!(!rule(DiagonalRule::Never).can_step(&g, (0, 0), (1, 1)));
        assert!(!Movement::four().can_step(&g, (0, 0), (1, 1)));
        g.set(0, 1, Cell::Wall);
        assert!(!rule(DiagonalRule::OneSideFree).can_step(&g, (0, 0), (1, 1)));
        assert!(rule(DiagonalRule::Always).can_step(&g, (0, 0), (1, 1)));
    }

    #[test]
    fn path_cost_sums_terrain_times_step_length() {
        let mut g = Grid::new(3, 3).unwrap();
        g.set(1, 1, Cell::Terrain(3));
        let m = Movement::default();
        let cost = m.path_cost(&g, &[(0, 0), (1, 1), (2, 1)]).unwrap();
        assert!((cost - (3.0 * SQRT_2 + 1.0)).abs() < 1e-12);
        assert_eq!(m.path_cost(&g, &[(0, 0), (2, 2)]), None);
        assert_eq!(m.path_cost(&g, &[(0, 0)]), Some(0.0));
    }

    #[test]
    fn diagonal_cost_is_validated() {
        let mut m = Movement::default();
        assert!(m.validate().is_ok());
        m.diagonal_cost = f64::NAN;
        assert!(m.validate().is_err());
        m.diagonal_cost = 0.5;
        assert!(m.validate().is_err());
        m.diagonal_cost = SEED_DIAGONAL_PENALTY;
        assert!(m.validate().is_ok());
    }

    #[test]
    fn sight_is_blocked_by_walls_and_touching_corners() {
        let mut g = Grid::new(5, 5).unwrap();
        assert!(line_of_sight(&g, (0, 0), (4, 2)));
        g.set(2, 1, Cell::Wall);
        assert!(!line_of_sight(&g, (0, 0), (4, 2)), "through the wall");
        assert!(
            !line_of_sight(&g, (1, 0), (3, 2)),
            "diagonal touching a wall corner"
        );
        assert!(line_of_sight(&g, (0, 4), (4, 4)));
        assert!(line_of_sight(&g, (3, 3), (3, 3)));
        let mut g = Grid::new(4, 4).unwrap();
        g.set(1, 2, Cell::Wall);
        g.set(2, 1, Cell::Wall);
        assert!(
            !line_of_sight(&g, (0, 0), (3, 3)),
            "no squeezing between two walls"
        );
        assert!(!line_of_sight(&g, (3, 3), (0, 0)));
        assert!(!line_of_sight(&g, (0, 0), (9, 0)), "off the map");
    }

    #[test]
    fn segments_visit_the_cells_they_touch_in_order() {
        let mut seen = Vec::new();
        walk_segment((0, 0), (2, 1), |x, y| {
            seen.push((x, y));
            true
        });
        assert_eq!(seen, [(0, 0), (1, 0), (1, 1), (2, 1)]);
        seen.clear();
        walk_segment((0, 0), (1, 1), |x, y| {
            seen.push((x, y));
            true
        });
        assert_eq!(seen, [(0, 0), (1, 0), (0, 1), (1, 1)], "both corner cells");
    }
}

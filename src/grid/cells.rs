//! The grid itself: one terrain byte per cell ([`Cell`]), indexed `y * width + x`, the size
//! limits every map is checked against before anything is allocated, and the revision stamps
//! ([`Revision`]) that tell a cache built from a grid which rows changed since.

use super::shape::Shape;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// The next revision number: unique across every grid of the process, so a stamp of one grid
/// can never be mistaken for a stamp of another.
static NEXT_REVISION: AtomicU64 = AtomicU64::new(1);

fn next_revision() -> u64 {
    NEXT_REVISION.fetch_add(1, Ordering::Relaxed)
}

/// The largest width or height a grid may have. Larger maps are refused before anything is
/// allocated.
pub const MAX_SIDE: u32 = 4096;

/// A piece of a map of `cells` cells: a sixteenth of it. The one rule for work that can go
/// cell by cell or over the whole map at once, or be spread over a search's steps:
/// - past a piece, the whole is cheaper: a restart puts back the cells the last search
///   touched one by one up to a piece, and fills the whole state array past it (the engine's
///   `touched_read`); the planner marks the tiles of a collection's events up to a piece of
///   events, the whole map past it (`planner/run.rs`); a seek goes forward from the step shown
///   while that is at most a piece more than replaying from a keyframe (`timeline/mod.rs`);
/// - a whole-map job spread over steps goes a piece at a time: a recorded run is collected
///   into its timeline at least every piece of expansions (`planner/run.rs`), and a keyframe
///   is copied from the live search at least a piece of bytes a collection (`timeline/mod.rs`).
pub(crate) fn map_piece(cells: usize) -> usize {
    cells / 16
}

/// One cell of a grid: a wall, or passable terrain with the cost of entering it.
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
#[derive(Debug)]
pub struct Grid {
    width: u32,
    height: u32,
    /// Square cells, or hexagons in offset rows or columns ([`Shape`]).
    shape: Shape,
    cells: Vec<u8>,
    /// This grid's identity, fresh for every grid and every clone.
    id: u64,
    /// The revision of the last change.
    revision: u64,
    /// Per row, the revision of its last change.
    row_revisions: Vec<u64>,
    /// How many cells hold each byte 0–4, kept by every change: questions about the whole
    /// map (any terrain above 1? how many walls?) are then answered without a scan.
    counts: [usize; 5],
}

/// Which contents of which grid something was built from ([`Grid::revision`]). Caches kept
/// beside a grid (the search's bit sets, JPS+'s jump table, the legal-move masks) store the
/// stamp they were built at and ask [`Grid::rows_changed_since`] what to rebuild, instead of
/// comparing every cell: on a 4096² map that comparison cost more than a short search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Revision {
    grid: u64,
    edit: u64,
}

impl Clone for Grid {
    /// A copy with its own identity: caches built from the original rebuild for the copy.
    fn clone(&self) -> Grid {
        Grid {
            width: self.width,
            height: self.height,
            shape: self.shape,
            cells: self.cells.clone(),
            id: next_revision(),
            revision: self.revision,
            row_revisions: self.row_revisions.clone(),
            counts: self.counts,
        }
    }
}

impl PartialEq for Grid {
    /// Grids are equal when their size, shape and cells are; identity and revisions do not
    /// count.
    fn eq(&self, other: &Grid) -> bool {
        (self.width, self.height, self.shape) == (other.width, other.height, other.shape)
            && self.cells == other.cells
    }
}

impl Eq for Grid {}

impl Grid {
    /// A grid of the given size where every cell is open ground of cost 1.
    pub fn new(width: u32, height: u32) -> Result<Grid, GridError> {
        Self::check_size(u64::from(width), u64::from(height))?;
        Ok(Grid::with_cells(
            width,
            height,
            vec![Cell::OPEN.to_byte(); width as usize * height as usize],
        ))
    }

    /// A grid of checked size and cells, with a fresh identity.
    fn with_cells(width: u32, height: u32, cells: Vec<u8>) -> Grid {
        let id = next_revision();
        let mut counts = [0; 5];
        for &b in &cells {
            counts[usize::from(b.min(4))] += 1;
        }
        Grid {
            counts,
            width,
            height,
            shape: Shape::Square,
            cells,
            id,
            revision: id,
            row_revisions: vec![id; height as usize],
        }
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
        Ok(Grid::with_cells(width, height, cells))
    }

    /// A grid of `shape` where every cell is open ground of cost 1.
    pub fn with_shape(width: u32, height: u32, shape: Shape) -> Result<Grid, GridError> {
        Ok(Grid::new(width, height)?.into_shape(shape))
    }

    /// The same cells as cells of `shape`. Their neighbours change, so the result is another
    /// grid to every cache built from this one ([`Grid::revision`]).
    pub fn into_shape(self, shape: Shape) -> Grid {
        if shape == self.shape {
            return self;
        }
        let id = next_revision();
        Grid {
            shape,
            id,
            revision: id,
            row_revisions: vec![id; self.height as usize],
            ..self
        }
    }

    /// The cells' shape.
    pub fn shape(&self) -> Shape {
        self.shape
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
                let byte = cell.to_byte();
                if self.cells[i] != byte {
                    self.counts[usize::from(self.cells[i])] -= 1;
                    self.counts[usize::from(byte)] += 1;
                    self.cells[i] = byte;
                    self.revision = next_revision();
                    self.row_revisions[y as usize] = self.revision;
                }
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
        self.counts = [0; 5];
        self.counts[usize::from(cell.to_byte())] = self.cells.len();
        self.revision = next_revision();
        self.row_revisions.fill(self.revision);
    }

    /// The stamp of this grid's current contents.
    pub fn revision(&self) -> Revision {
        Revision {
            grid: self.id,
            edit: self.revision,
        }
    }

    /// The rows that changed since `since`, a stamp of this grid, in order; `None` when
    /// `since` is of another grid (or [`Revision::default`]): then everything is new.
    ///
    /// ```
    /// use pathlab::{Cell, Grid};
    /// let mut grid = Grid::new(4, 3)?;
    /// let built = grid.revision();
    /// grid.set(1, 2, Cell::Wall);
    /// let rows: Vec<u32> = grid.rows_changed_since(built).unwrap().collect();
    /// assert_eq!(rows, [2]);
    /// assert!(grid.clone().rows_changed_since(built).is_none(), "a copy is another grid");
    /// # Ok::<(), pathlab::GridError>(())
    /// ```
    pub fn rows_changed_since(&self, since: Revision) -> Option<impl Iterator<Item = u32> + '_> {
        (since.grid == self.id).then(|| {
            // Nothing changed: no row to look at, so an unchanged map costs one comparison.
            let rows = if since.edit >= self.revision {
                &self.row_revisions[..0]
            } else {
                &self.row_revisions[..]
            };
            rows.iter()
                .enumerate()
                .filter(move |&(_, &r)| r > since.edit)
                .map(|(y, _)| y as u32)
        })
    }

    /// The raw cell bytes, row by row (0 = wall, 1–4 = terrain cost).
    pub fn bytes(&self) -> &[u8] {
        &self.cells
    }

    /// The number of wall cells.
    pub fn wall_count(&self) -> usize {
        self.counts[0]
    }

    /// Whether any cell has a terrain cost above 1 (the map is not of uniform cost).
    pub fn has_terrain_costs(&self) -> bool {
        self.counts[2..].iter().any(|&n| n > 0)
    }

    /// The passable cell nearest to `at` (clamped into the map first), searching outwards ring by
    /// ring; `None` if the map has no passable cell.
    pub fn nearest_passable(&self, at: (u32, u32)) -> Option<(u32, u32)> {
        let x0 = i64::from(at.0.min(self.width() - 1));
        let y0 = i64::from(at.1.min(self.height() - 1));
        let max_r = i64::from(self.width().max(self.height()));
        for r in 0..=max_r {
            for dy in -r..=r {
                for dx in -r..=r {
                    if dx.abs() != r && dy.abs() != r {
                        continue;
                    }
                    if self.is_passable(x0 + dx, y0 + dy) {
                        return Some(((x0 + dx) as u32, (y0 + dy) as u32));
                    }
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn wall_and_terrain_counts_follow_every_change() {
        let scan = |g: &Grid| {
            (
                g.bytes().iter().filter(|&&b| b == 0).count(),
                g.bytes().iter().any(|&b| b > 1),
            )
        };
        let mut g = Grid::from_bytes(3, 2, vec![0, 1, 2, 1, 1, 0]).unwrap();
        assert_eq!((g.wall_count(), g.has_terrain_costs()), scan(&g));
        g.set(2, 0, Cell::OPEN);
        assert_eq!((g.wall_count(), g.has_terrain_costs()), (2, false));
        g.set(1, 1, Cell::Wall);
        g.set(1, 1, Cell::Wall);
        g.set(0, 1, Cell::Terrain(4));
        assert_eq!((g.wall_count(), g.has_terrain_costs()), scan(&g));
        let copy = g.clone();
        assert_eq!((copy.wall_count(), copy.has_terrain_costs()), scan(&g));
        g.fill(Cell::Terrain(3));
        assert_eq!((g.wall_count(), g.has_terrain_costs()), (0, true));
        g.fill(Cell::Wall);
        assert_eq!((g.wall_count(), g.has_terrain_costs()), (6, false));
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
}

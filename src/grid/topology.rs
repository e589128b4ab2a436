//! The one neighbour rule: which steps exist between the cells of a map of a given shape and
//! size under a [`Movement`] — squares by [`Movement::legal_moves_around`], hexes by the six
//! moves of [`HEX_MOVES`](super::HEX_MOVES) onto passable hexes ([`super::Shape`] describes
//! the layouts).

use super::cells::Grid;
use super::movement::{Movement, Neighbour, MOVES};
use super::shape::Shape;

/// A map's shape and size with a [`Movement`]: the steps that exist between its cells.
/// Built from the map and the movement at a search's start ([`Topology::of`]), it is the one
/// neighbour rule every search steps by — squares by [`Movement::legal_moves_around`],
/// hexes by the six moves of [`HEX_MOVES`](super::HEX_MOVES) onto passable hexes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Topology {
    /// The cells' shape.
    pub shape: Shape,
    /// The map's width in cells.
    pub width: u32,
    /// The map's height in cells.
    pub height: u32,
    /// Connectivity, diagonal rule and diagonal cost (squares only).
    pub movement: Movement,
}

impl Topology {
    /// The topology of `grid` under `movement`.
    pub fn of(grid: &Grid, movement: &Movement) -> Topology {
        Topology {
            shape: grid.shape(),
            width: grid.width(),
            height: grid.height(),
            movement: *movement,
        }
    }

    /// How many move directions there are: 8 on squares with diagonals, 4 without (4-connected
    /// or the diagonal rule "never"), 6 on hexes. Moves are numbered from 0; on squares 0–3
    /// are the orthogonal ones ([`MOVES`]).
    #[inline]
    pub fn move_count(&self) -> usize {
        match self.shape {
            Shape::Square if self.movement.has_diagonals() => 8,
            Shape::Square => 4,
            _ => 6,
        }
    }

    /// Whether move `d` is a diagonal (a square's moves 4–7: they cost the diagonal cost).
    #[inline]
    pub fn is_diagonal(&self, d: usize) -> bool {
        self.shape == Shape::Square && d >= 4
    }

    /// The move opposite move `d` (the one that steps back).
    #[inline]
    pub fn opposite(&self, d: usize) -> usize {
        match self.shape {
            // N↔S, E↔W, NE↔SW, SE↔NW: MOVES lists each pair two apart.
            Shape::Square => d ^ 2,
            _ => (d + 3) % 6,
        }
    }

    /// The cell one move `d` back from `(x, y)`: where a step by move `d` came from.
    #[inline]
    pub fn back(&self, d: usize, x: u32, y: u32) -> (i64, i64) {
        let (x, y) = (i64::from(x), i64::from(y));
        let (dx, dy) = self.step(self.opposite(d), x, y);
        (x + dx, y + dy)
    }

    /// The step `(dx, dy)` of move `d` from every cell of even (`[0]`) and odd (`[1]`) lines
    /// ([`Topology::parity`]); moves past the shape's count are (0, 0).
    pub fn steps(&self) -> [[(i32, i32); 8]; 2] {
        let mut out = [[(0, 0); 8]; 2];
        for (parity, table) in out.iter_mut().enumerate() {
            let (x, y) = match self.shape {
                Shape::HexColumns => (parity as i64, 0),
                _ => (0, parity as i64),
            };
            for (d, slot) in table.iter_mut().enumerate().take(self.move_count()) {
                let (dx, dy) = self.step(d, x, y);
                *slot = (dx as i32, dy as i32);
            }
        }
        out
    }

    /// The move directions as screen vectors (x right, y down; one step long), for ordering
    /// moves by the angle they make with a direction.
    pub fn move_vectors(&self) -> [(f64, f64); 8] {
        let mut out = [(0.0, 0.0); 8];
        let half_root3 = 3f64.sqrt() / 2.0;
        for (d, v) in out.iter_mut().enumerate().take(self.move_count()) {
            *v = match self.shape {
                Shape::Square => (MOVES[d].0 as f64, MOVES[d].1 as f64),
                Shape::HexRows => {
                    let (dq, dr) = super::shape::HEX_MOVES[d];
                    (dq as f64 + dr as f64 / 2.0, dr as f64 * half_root3)
                }
                Shape::HexColumns => {
                    let (dq, dr) = super::shape::HEX_MOVES[d];
                    (dq as f64 * half_root3, dr as f64 + dq as f64 / 2.0)
                }
            };
        }
        out
    }

    /// The step `(dx, dy)` of move `d` from `(x, y)`.
    #[inline]
    pub fn step(&self, d: usize, x: i64, y: i64) -> (i64, i64) {
        match self.shape {
            Shape::Square => MOVES[d & 7],
            hex => hex.hex_step(d, x, y),
        }
    }

    /// The cell index offset of each move, for cells in even (`[0]`) and odd (`[1]`) lines —
    /// rows for [`Shape::HexRows`], columns for [`Shape::HexColumns`]; squares have one
    /// table twice. Moves past the shape's count are 0.
    pub fn offsets(&self) -> [[isize; 8]; 2] {
        let w = self.width as isize;
        self.steps()
            .map(|table| table.map(|(dx, dy)| dy as isize * w + dx as isize))
    }

    /// Which line parity (0 even, 1 odd) the cell at `(x, y)` has for [`Topology::offsets`].
    #[inline]
    pub fn parity(&self, x: u32, y: u32) -> usize {
        match self.shape {
            Shape::Square => 0,
            Shape::HexRows => (y & 1) as usize,
            Shape::HexColumns => (x & 1) as usize,
        }
    }

    /// Whether `(x, y)` is on the map and passable in `cells`.
    #[inline]
    fn free(&self, cells: &[u8], x: i64, y: i64) -> bool {
        x >= 0
            && y >= 0
            && x < i64::from(self.width)
            && y < i64::from(self.height)
            && cells
                .get((y * i64::from(self.width) + x) as usize)
                .is_some_and(|&t| t != 0)
    }

    /// The moves legal out of `from` on the map bytes `cells`, as bits (bit d for move d): a
    /// move must land on the map and on a passable cell, and on squares a diagonal also needs
    /// the movement's connectivity and diagonal rule ([`Movement::legal_moves_around`]).
    /// Whether `from` itself is passable is the caller's business.
    ///
    /// ```
    /// use pathlab::grid::{Cell, Grid, Movement, Shape, Topology};
    /// let mut grid = Grid::with_shape(3, 3, Shape::HexRows)?;
    /// grid.set(1, 1, Cell::Wall);
    /// let hexes = Topology::of(&grid, &Movement::default());
    /// // From (0, 1), an odd row: E is the wall; NE (1, 0), NW (0, 0), SW (0, 2) and SE (1, 2)
    /// // are free; W is off the map.
    /// assert_eq!(hexes.legal_moves(grid.bytes(), (0, 1)), 0b110110);
    /// # Ok::<(), pathlab::GridError>(())
    /// ```
    #[inline]
    pub fn legal_moves(&self, cells: &[u8], from: (u32, u32)) -> u8 {
        let (x, y) = (i64::from(from.0), i64::from(from.1));
        match self.shape {
            Shape::Square => {
                let mut around = 0u8;
                for (d, &(dx, dy)) in MOVES.iter().enumerate() {
                    around |= u8::from(self.free(cells, x + dx, y + dy)) << d;
                }
                self.movement.legal_moves_around(around)
            }
            hex => {
                let mut legal = 0u8;
                for d in 0..6 {
                    let (dx, dy) = hex.hex_step(d, x, y);
                    legal |= u8::from(self.free(cells, x + dx, y + dy)) << d;
                }
                legal
            }
        }
    }

    /// Calls `visit` with every cell one legal step from `from` ([`Topology::legal_moves`]),
    /// in move order.
    ///
    /// ```
    /// use pathlab::grid::{Cell, Grid, Movement, Topology};
    /// let mut grid = Grid::new(3, 3)?;
    /// grid.set(1, 0, Cell::Wall);
    /// let mut seen = Vec::new();
    /// let squares = Topology::of(&grid, &Movement::default());
    /// squares.neighbours(grid.bytes(), (0, 0), |n| seen.push((n.x, n.y)));
    /// // East is a wall, and the diagonal would cut its corner.
    /// assert_eq!(seen, [(0, 1)]);
    /// # Ok::<(), pathlab::GridError>(())
    /// ```
    #[inline]
    pub fn neighbours(&self, cells: &[u8], from: (u32, u32), mut visit: impl FnMut(Neighbour)) {
        let legal = self.legal_moves(cells, from);
        let w = i64::from(self.width);
        let (x, y) = (i64::from(from.0), i64::from(from.1));
        for direction in 0..self.move_count() {
            if legal >> direction & 1 == 0 {
                continue;
            }
            let (dx, dy) = self.step(direction, x, y);
            let (nx, ny) = (x + dx, y + dy);
            let index = (ny * w + nx) as u32;
            visit(Neighbour {
                x: nx as u32,
                y: ny as u32,
                index,
                direction: direction as u8,
                diagonal: self.is_diagonal(direction),
                terrain: cells[index as usize],
            });
        }
    }

    /// The move that steps from `from` to the neighbouring cell `to`, if one does (legal or
    /// not).
    pub fn move_between(&self, from: (u32, u32), to: (u32, u32)) -> Option<usize> {
        let (x, y) = (i64::from(from.0), i64::from(from.1));
        let step = (i64::from(to.0) - x, i64::from(to.1) - y);
        (0..self.move_count()).find(|&d| self.step(d, x, y) == step)
    }

    /// The exact cost of stepping from `from` into its neighbour `to` of terrain `terrain`:
    /// the terrain, times the diagonal cost for a square's diagonal step.
    pub fn step_cost(&self, from: (u32, u32), to: (u32, u32), terrain: u8) -> f64 {
        let diagonal = self.shape == Shape::Square && from.0 != to.0 && from.1 != to.1;
        f64::from(terrain)
            * if diagonal {
                self.movement.diagonal_cost
            } else {
                1.0
            }
    }

    /// The cost of a search's own path, given as cell indices `y * width + x` whose steps are
    /// legal: the sum of [`Topology::step_cost`] over its steps.
    pub fn cost_of(&self, cells: &[u8], path: &[u32]) -> f64 {
        let w = self.width.max(1);
        total(path.windows(2).map(|pair| {
            let (a, b) = ((pair[0] % w, pair[0] / w), (pair[1] % w, pair[1] / w));
            self.step_cost(a, b, cells.get(pair[1] as usize).copied().unwrap_or(0))
        }))
    }

    /// Whether a single step between two cells is legal on `cells` ([`Topology::legal_moves`]
    /// out of a passable cell).
    pub fn can_step(&self, cells: &[u8], from: (u32, u32), to: (u32, u32)) -> bool {
        if !self.free(cells, i64::from(from.0), i64::from(from.1)) {
            return false;
        }
        self.move_between(from, to)
            .is_some_and(|d| self.legal_moves(cells, from) >> d & 1 == 1)
    }

    /// The exact cost of a path given as a list of cells on `cells`, or `None` when a step
    /// is illegal: the reference sum in `f64` every reported path cost comes from.
    pub fn path_cost(&self, cells: &[u8], path: &[(u32, u32)]) -> Option<f64> {
        let mut cost = 0.0;
        for pair in path.windows(2) {
            if !self.can_step(cells, pair[0], pair[1]) {
                return None;
            }
            let terrain = cells[(pair[1].1 * self.width + pair[1].0) as usize];
            cost += self.step_cost(pair[0], pair[1], terrain);
        }
        Some(cost)
    }
}

/// The cost of a path from its steps' costs, summed from +0.0: `Iterator::sum` over `f64`
/// starts from -0.0, so a path of no steps (a cell to itself) would cost -0.0 and print as
/// "-0.000000". Every search's path cost is summed here.
pub(crate) fn total(costs: impl Iterator<Item = f64>) -> f64 {
    costs.fold(0.0, |sum, cost| sum + cost)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::movement::{DiagonalRule, SQRT_2};
    use crate::grid::Cell;

    #[test]
    fn diagonal_rules_decide_corner_steps() {
        // . #
        // . .
        let mut g = Grid::new(2, 2).unwrap();
        g.set(1, 0, Cell::Wall);
        let rule = |r| {
            let m = Movement {
                diagonal_rule: r,
                ..Movement::default()
            };
            move |g: &Grid, a, b| Topology::of(g, &m).can_step(g.bytes(), a, b)
        };
        assert!(!rule(DiagonalRule::NoCornerCutting)(&g, (0, 1), (1, 0)));
        assert!(
            !rule(DiagonalRule::Always)(&g, (0, 1), (1, 0)),
            "target is a wall"
        );
        assert!(!rule(DiagonalRule::NoCornerCutting)(&g, (0, 0), (1, 1)));
        assert!(rule(DiagonalRule::OneSideFree)(&g, (0, 0), (1, 1)));
        assert!(rule(DiagonalRule::Always)(&g, (0, 0), (1, 1)));
        assert!(!rule(DiagonalRule::Never)(&g, (0, 0), (1, 1)));
        assert!(!Topology::of(&g, &Movement::four()).can_step(g.bytes(), (0, 0), (1, 1)));
        g.set(0, 1, Cell::Wall);
        assert!(!rule(DiagonalRule::OneSideFree)(&g, (0, 0), (1, 1)));
        assert!(rule(DiagonalRule::Always)(&g, (0, 0), (1, 1)));
    }

    #[test]
    fn path_cost_sums_terrain_times_step_length() {
        let mut g = Grid::new(3, 3).unwrap();
        g.set(1, 1, Cell::Terrain(3));
        let t = Topology::of(&g, &Movement::default());
        let cost = t.path_cost(g.bytes(), &[(0, 0), (1, 1), (2, 1)]).unwrap();
        assert!((cost - (3.0 * SQRT_2 + 1.0)).abs() < 1e-12);
        assert_eq!(t.path_cost(g.bytes(), &[(0, 0), (2, 2)]), None);
        assert_eq!(t.path_cost(g.bytes(), &[(0, 0)]), Some(0.0));
        // On hexes every step costs the terrain entered.
        let mut h = Grid::with_shape(3, 3, Shape::HexRows).unwrap();
        h.set(0, 1, Cell::Terrain(3));
        let t = Topology::of(&h, &Movement::default());
        assert_eq!(t.path_cost(h.bytes(), &[(0, 0), (0, 1), (1, 2)]), Some(4.0));
        assert_eq!(
            t.path_cost(h.bytes(), &[(0, 0), (1, 1)]),
            None,
            "not neighbours"
        );
    }

    #[test]
    fn every_move_has_an_opposite_that_steps_back() {
        for shape in Shape::ALL {
            let grid = Grid::with_shape(9, 7, shape).unwrap();
            for movement in [Movement::default(), Movement::four()] {
                let t = Topology::of(&grid, &movement);
                for (x, y) in [(3u32, 2u32), (4, 3), (5, 4)] {
                    for d in 0..t.move_count() {
                        let (dx, dy) = t.step(d, i64::from(x), i64::from(y));
                        let to = ((i64::from(x) + dx) as u32, (i64::from(y) + dy) as u32);
                        assert_eq!(t.back(d, to.0, to.1), (i64::from(x), i64::from(y)));
                        assert_eq!(t.move_between((x, y), to), Some(d));
                        assert_eq!(t.steps()[t.parity(x, y)][d], (dx as i32, dy as i32));
                    }
                }
            }
        }
    }

    #[test]
    fn offsets_agree_with_steps() {
        let grid = Grid::with_shape(9, 7, Shape::HexColumns).unwrap();
        let t = Topology::of(&grid, &Movement::default());
        let offsets = t.offsets();
        for (x, y) in [(2, 3), (3, 3), (4, 1), (5, 5)] {
            let row = offsets[t.parity(x as u32, y as u32)];
            for (d, &offset) in row.iter().enumerate().take(6) {
                let (dx, dy) = t.step(d, x, y);
                assert_eq!(offset, (dy * 9 + dx) as isize);
            }
        }
    }
}

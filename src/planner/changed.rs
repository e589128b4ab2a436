//! Which parts of the map a lane may show differently since the page last painted it, so the
//! page uploads (WebGL) or repaints (the 2D frame) just those parts instead of comparing every
//! cell of a 4096² map on every frame.
//!
//! Changes are kept per tile of [`TILE`] × [`TILE`] cells and handed out as rectangles: runs
//! of changed tiles along each row of tiles. Tiles rather than whole rows: a search's frontier
//! runs across the map, and a frame of 100 A* expansions on a 20 % random 1024² map touched
//! 174 rows between its first and last (median; 621 at the 90th percentile) but only 9 tiles
//! (28), a twentieth of the cells.
//!
//! Nothing here looks at the cells themselves: the changes come from what the planner
//! already knows. A run changes only the cells its recorded events name; a seek only those
//! named by the events between the two steps; anything that starts a new timeline (a
//! restart, a repair, an edit, a new map or lane) may change any cell, and so may a run that
//! is not recorded.

/// Cells per side of the tiles in which changes are tracked.
pub const TILE: u32 = 32;

/// The tiles a lane may show differently since the changes were last taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Changed {
    /// Anything may have changed.
    all: bool,
    /// One flag per tile, row-major over tiles of a `width`-cell-wide map (sized on first
    /// use); empty when none is set.
    tiles: Vec<bool>,
    width: u32,
    /// [`row_divisor`] of `width`.
    divisor: u64,
}

/// The shift of [`row_divisor`].
const ROW_SHIFT: u32 = 40;

/// `⌈2⁴⁰ / width⌉`, so that `cell / width` is `(cell · m) >> 40` for every cell of a map:
/// the error `cell · (m·width − 2⁴⁰) / (width · 2⁴⁰)` is below `cell / 2⁴⁰ < 2⁻¹⁶` for the
/// fewer than 2²⁴ cells of a map, while the fraction of `cell / width` is at most
/// `1 − 1/width ≤ 1 − 2⁻¹²` (a side is at most 4096), so the floor never moves; and
/// `cell · m < 2²⁴ · 2⁴⁰` fits in 64 bits.
fn row_divisor(width: u32) -> u64 {
    (1u64 << ROW_SHIFT).div_ceil(u64::from(width.max(1)))
}

impl Default for Changed {
    fn default() -> Self {
        Changed::all()
    }
}

impl Changed {
    /// Everything changed: a new lane or map.
    pub(super) fn all() -> Changed {
        Changed {
            all: true,
            tiles: Vec::new(),
            width: 0,
            divisor: 0,
        }
    }

    /// Marks cell `cell` (`y * width + x`) of a `width` × `height` map changed; cells past
    /// the map are ignored. Called for every event a recorded run collects, so the row comes
    /// from a multiplication by the width's reciprocal ([`row_divisor`]) rather than a
    /// division, which took a tenth of what recording cost a query.
    #[inline]
    pub(super) fn add_cell(&mut self, cell: u32, width: u32, height: u32) {
        if self.all || width == 0 || u64::from(cell) >= u64::from(width) * u64::from(height) {
            return;
        }
        let across = width.div_ceil(TILE);
        if self.width != width || self.tiles.is_empty() {
            self.width = width;
            self.divisor = row_divisor(width);
            self.tiles.clear();
            self.tiles
                .resize((across * height.div_ceil(TILE)) as usize, false);
        }
        let y = ((u64::from(cell) * self.divisor) >> ROW_SHIFT) as u32;
        let x = cell - y * width;
        if let Some(t) = self
            .tiles
            .get_mut(((y / TILE) * across + x / TILE) as usize)
        {
            *t = true;
        }
    }

    /// Whether every cell is marked changed.
    pub(super) fn is_all(&self) -> bool {
        self.all
    }

    /// Every cell may have changed.
    pub(super) fn add_all(&mut self) {
        self.all = true;
        self.tiles.clear();
    }

    /// The changed parts of a `width` × `height` map as rectangles `[x, y, w, h]` in cells
    /// (none when nothing changed), and forgets them.
    pub(super) fn take(&mut self, width: u32, height: u32) -> Vec<[u32; 4]> {
        // Tiles marked for another map size say nothing about this one.
        let all = std::mem::replace(&mut self.all, false)
            || (!self.tiles.is_empty() && self.width != width);
        let tiles = std::mem::take(&mut self.tiles);
        if width == 0 || height == 0 {
            return Vec::new();
        }
        if all {
            return vec![[0, 0, width, height]];
        }
        let across = width.div_ceil(TILE) as usize;
        let mut rects = Vec::new();
        for (ty, row) in tiles.chunks(across.max(1)).enumerate() {
            let y = ty as u32 * TILE;
            let h = TILE.min(height - y);
            let mut tx = 0;
            while tx < row.len() {
                if !row[tx] {
                    tx += 1;
                    continue;
                }
                let run = row[tx..].iter().take_while(|&&t| t).count();
                let x = tx as u32 * TILE;
                rects.push([x, y, (x + run as u32 * TILE).min(width) - x, h]);
                tx += run;
            }
        }
        self.tiles = tiles;
        self.tiles.fill(false);
        rects
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Grid};
    use crate::planner::Planner;
    use crate::search::{Algorithm, Budget, Settings};

    #[test]
    fn the_reciprocal_row_is_the_quotient_on_every_map_size() {
        for width in [
            1, 2, 3, 7, 31, 32, 33, 49, 100, 481, 530, 1000, 1023, 4095, 4096,
        ] {
            let m = row_divisor(width);
            let cells = width * crate::grid::MAX_SIDE;
            let mut cell = 0u32;
            while cell < cells {
                for c in [cell, cell.saturating_sub(1), cell + width - 1] {
                    assert_eq!(
                        ((u64::from(c) * m) >> ROW_SHIFT) as u32,
                        c / width,
                        "{c} / {width}"
                    );
                }
                cell += width;
            }
        }
    }

    #[test]
    fn cells_become_the_tiles_that_hold_them_in_runs_and_taking_forgets() {
        let mut c = Changed::all();
        assert_eq!(c.take(100, 70), vec![[0, 0, 100, 70]]);
        assert!(c.take(100, 70).is_empty(), "taken once");
        for cell in [5, 40, 99, 69 * 100 + 99, 100 * 70 + 3] {
            c.add_cell(cell, 100, 70);
        }
        assert_eq!(
            c.take(100, 70),
            vec![[0, 0, 64, 32], [96, 0, 4, 32], [96, 64, 4, 6]],
            "runs along each row of tiles, cut at the map's edge; cells past it ignored"
        );
        assert!(c.take(100, 70).is_empty());
        c.add_cell(3, 100, 70);
        c.add_all();
        c.add_cell(3, 100, 70);
        assert_eq!(c.take(100, 70), vec![[0, 0, 100, 70]]);
        c.add_cell(3, 100, 70);
        assert_eq!(c.take(50, 70), vec![[0, 0, 50, 70]], "a new map size: all");
    }

    /// The grid and shown state bytes: what the page paints.
    fn picture(p: &Planner) -> (Vec<u8>, Vec<u8>) {
        (p.grid().bytes().to_vec(), p.only().shown_states().to_vec())
    }

    /// Takes the changes and checks that every cell that looks different from `before` is
    /// in one of the rectangles; returns how many cells they cover.
    fn check(p: &mut Planner, before: &(Vec<u8>, Vec<u8>), what: &str) -> u32 {
        let now = picture(p);
        let width = p.grid().width() as usize;
        let rects = p.only_mut().take_changes();
        let inside = |x: u32, y: u32| {
            rects
                .iter()
                .any(|r| (r[0]..r[0] + r[2]).contains(&x) && (r[1]..r[1] + r[3]).contains(&y))
        };
        for (i, ((a, b), (c, d))) in before
            .0
            .iter()
            .zip(&before.1)
            .zip(now.0.iter().zip(&now.1))
            .enumerate()
        {
            if (a, b) != (c, d) {
                let (x, y) = ((i % width) as u32, (i / width) as u32);
                assert!(
                    inside(x, y),
                    "{what}: cell ({x}, {y}) changed outside {rects:?}"
                );
            }
        }
        rects.iter().map(|r| r[2] * r[3]).sum()
    }

    /// The crate's generator, so the sequence of actions is the same on every run.
    struct Dice(crate::rng::SplitMix64);
    impl Dice {
        fn roll(&mut self, n: u64) -> u32 {
            self.0.below(n) as u32
        }
    }

    #[test]
    fn the_changes_taken_cover_every_cell_that_looks_different() {
        for (i, algorithm) in Algorithm::ALL.into_iter().enumerate() {
            for (cap, recording) in [(usize::MAX, true), (3_000, true), (usize::MAX, false)] {
                let mut grid = Grid::new(24, 16).unwrap();
                for y in 2..14 {
                    grid.set(11, y, Cell::Wall);
                }
                let settings = Settings {
                    algorithm,
                    ..Settings::default()
                };
                let Ok(mut p) = Planner::with_grid(grid, (1, 1), (22, 14), settings) else {
                    continue;
                };
                if algorithm == Algorithm::Mesh {
                    p.generate_mesh().unwrap();
                }
                p.set_timeline_cap(cap);
                p.set_recording(recording);
                let mut dice = Dice(crate::rng::SplitMix64::new(0x9e37_79b9 + i as u64));
                let mut before = picture(&p);
                p.only_mut().take_changes();
                for round in 0..300 {
                    let what = match dice.roll(20) {
                        0..=8 => {
                            let n = 1 + dice.roll(12);
                            p.only_mut().step(Budget::Expansions(n.into()), || 0.0);
                            "a step"
                        }
                        9..=13 => {
                            {
                                let len = p.only().timeline_len() as u64;
                                p.only_mut().seek(dice.roll(len + 3) as usize);
                            }
                            "a seek"
                        }
                        14..=15 => {
                            let (x, y) = (dice.roll(24), dice.roll(16));
                            let cell =
                                [Cell::Wall, Cell::OPEN, Cell::Terrain(3)][dice.roll(3) as usize];
                            p.paint_line((x, y), (x, y), 1 + dice.roll(3), cell);
                            "an edit"
                        }
                        16 => {
                            let _ = p.set_goal(dice.roll(24), dice.roll(16));
                            "a goal move"
                        }
                        17 => {
                            p.undo();
                            "an undo"
                        }
                        18 => {
                            p.only_mut().advance_walker();
                            "a walker step"
                        }
                        _ => {
                            p.only_mut().reset_search();
                            "a reset"
                        }
                    };
                    let what = format!("{algorithm:?}, cap {cap}, round {round}: {what}");
                    check(&mut p, &before, &what);
                    before = picture(&p);
                }
            }
        }
    }

    #[test]
    fn a_running_search_changes_a_tile_or_two_and_a_seek_only_those_between() {
        let mut p = Planner::new(256, 256).unwrap();
        p.set_start(100, 100).unwrap();
        p.set_goal(255, 255).unwrap();
        let mut before = picture(&p);
        check(&mut p, &before, "the new goal");
        let tile = TILE * TILE;
        for _ in 0..20 {
            before = picture(&p);
            p.only_mut().step(Budget::Expansions(1), || 0.0);
            let cells = check(&mut p, &before, "one expansion");
            assert!(
                (1..=4 * tile).contains(&cells),
                "one expansion took {cells} cells"
            );
        }
        before = picture(&p);
        p.only_mut().seek(18);
        assert!(check(&mut p, &before, "two steps back") <= 4 * tile);
        before = picture(&p);
        p.only_mut().seek(usize::MAX);
        assert!(check(&mut p, &before, "back to live") <= 4 * tile);
        p.only_mut().seek(18);
        p.only_mut().take_changes();
        before = picture(&p);
        p.only_mut().seek(18);
        assert!(
            p.only_mut().take_changes().is_empty(),
            "the step already shown"
        );
        p.only_mut().mark_all_changed();
        assert_eq!(check(&mut p, &before, "all"), 256 * 256);
    }
}

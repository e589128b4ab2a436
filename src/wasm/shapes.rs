//! Cell shapes for JS: the map's shape, new maps of any shape, the menus of shapes and of the
//! heuristics that fit each, the cells a brush covers (the page outlines them under the
//! pointer), and taking over a state checked in another planner (a link opened in a scratch
//! planner keeps its map's shape that way).

use super::*;
use crate::grid::Shape;
use crate::heuristic::Heuristic;

/// One option of a menu built from a Rust table: its value and its label.
#[derive(Serialize)]
struct MenuOption {
    id: &'static str,
    label: &'static str,
}

/// The shape named `name` (`square` when none is given), or an error naming the three.
pub(super) fn shape_arg(name: Option<String>) -> Result<Shape, JsError> {
    name.as_deref()
        .map_or(Ok(Shape::Square), |n| n.parse().map_err(js_error))
}

#[wasm_bindgen]
impl Planner {
    /// The map's cell shape: `square`, `hex-rows` (pointy-top hexagons, odd rows half a hex to
    /// the right) or `hex-columns` (flat-top hexagons, odd columns half a hex down).
    #[wasm_bindgen(getter)]
    pub fn shape(&self) -> String {
        self.planner().grid().shape().name().to_string()
    }

    /// Replaces the map with a new open one of the given size and cell `shape` (default
    /// `square`); markers move to the nearest open cell. Throws, keeping the current map, for
    /// sizes outside 1–4096 or an unknown shape.
    #[wasm_bindgen(js_name = newMap)]
    pub fn new_map(
        &mut self,
        width: u32,
        height: u32,
        shape: Option<String>,
    ) -> Result<(), JsError> {
        let grid = Grid::with_shape(width, height, shape_arg(shape)?).map_err(js_error)?;
        self.replace(grid, None)
    }

    /// The cell shapes a map can have, in menu order: `[{id, label}]`.
    #[wasm_bindgen(unchecked_return_type = "MenuOption[]")]
    pub fn shapes() -> Result<JsValue, JsError> {
        let rows: Vec<MenuOption> = Shape::ALL
            .iter()
            .map(|s| MenuOption {
                id: s.name(),
                label: s.label(),
            })
            .collect();
        to_js(&rows)
    }

    /// The heuristics that fit cells of `shape`, in menu order: `[{id, label}]` (on hexes the
    /// hex distance, Euclidean and zero; on squares the other five). Throws for an unknown
    /// shape.
    #[wasm_bindgen(unchecked_return_type = "MenuOption[]")]
    pub fn heuristics(shape: &str) -> Result<JsValue, JsError> {
        let shape: Shape = shape.parse().map_err(js_error)?;
        let rows: Vec<MenuOption> = Heuristic::on(shape)
            .iter()
            .map(|h| MenuOption {
                id: h.name(),
                label: h.label(),
            })
            .collect();
        to_js(&rows)
    }

    /// The cells on the map a brush of side `size` (1–9) covers around (x, y), as `[x0, y0,
    /// x1, y1, …]`: a square block on squares, a hex disc on hexagons, exactly what
    /// `paintLine` paints there.
    #[wasm_bindgen(js_name = brushCells)]
    pub fn brush_cells(&self, x: u32, y: u32, size: u32) -> Vec<u32> {
        let inner = self.planner();
        let grid = inner.grid();
        let mut out = Vec::new();
        let centre = (i64::from(x), i64::from(y));
        crate::planner::brush_cells(grid.shape(), centre, size, |x, y| {
            if grid.contains(x, y) {
                out.extend([x as u32, y as u32]);
            }
        });
        out
    }

    /// Replaces the map (with its shape), the markers and this lane's settings with those of
    /// `other`, a planner a link or a map was checked in first: all or nothing, and the undo
    /// history starts afresh.
    #[wasm_bindgen(js_name = loadFrom)]
    pub fn load_from(&mut self, other: &Planner) -> Result<(), JsError> {
        // Read first and let go: `other` may be a handle on this same planner.
        let settings = other.read(|l| *l.settings())?;
        let (grid, start, goal) = {
            let o = other.planner();
            (o.grid().clone(), o.start(), o.goal())
        };
        self.run_load(Command::Install {
            grid,
            start,
            goal,
            settings: Some(settings),
        })?;
        Ok(())
    }
}

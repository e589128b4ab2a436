//! The frame the page paints: one RGBA pixel per cell, coloured by the cell's terrain and its
//! search state through a palette the page supplies, repainted incrementally.
//!
//! The page owns the colours (one table in `www/palette.js` feeds the palette and the legend);
//! this module only maps `(terrain byte, state byte)` to a pixel and remembers what each pixel
//! shows, so a frame rewrites just the pixels whose cell or state changed and reports their
//! boxes ([`Frame::dirty`]) for the page to upload. It looks only at the parts the planner
//! says may have changed ([`crate::planner::LaneMut::take_changes`]), so a frame in which a search
//! touched a few tiles does not compare the other cells of the map.
//!
//! This is the 2D canvas's frame; the WebGL renderer (`www/render-gl.js`) uploads the cell and
//! state bytes of the same parts as textures and colours them in its shader instead.
//!
//! ```
//! use pathlab::frame::{Frame, PALETTE_LEN};
//! let mut frame = Frame::default();
//! frame.set_palette(&(0..PALETTE_LEN as u32).collect::<Vec<_>>())?;
//! // Two cells: a wall (byte 0) and open ground (byte 1), both unvisited (state 0).
//! let whole = [[0, 0, 2, 1]];
//! let pixels = frame.paint(2, &[0, 1], &[0, 0], &whole);
//! assert_eq!(pixels, &[0, pixels[1]]);
//! assert_eq!(frame.dirty(), [[0, 0, 2, 1]]);
//! frame.paint(2, &[0, 1], &[0, 0], &whole);
//! assert!(frame.dirty().is_empty(), "nothing changed");
//! # Ok::<(), String>(())
//! ```

use crate::search::STATE_COUNT;

/// How many colours a palette has: one per terrain byte (0 wall, 1–4 terrain) and state.
pub const PALETTE_LEN: usize = 5 * STATE_COUNT;

/// The frame buffer and what it shows.
#[derive(Clone, Debug, Default)]
pub struct Frame {
    /// `palette[cell * STATE_COUNT + state]`, little-endian RGBA (`0xAABBGGRR`); empty until
    /// the page sets one (everything is then transparent black).
    palette: Vec<u32>,
    /// RGBA pixels, one per cell, as last painted.
    pixels: Vec<u32>,
    /// `cell * STATE_COUNT + state` of every pixel as last painted (255: never painted).
    painted: Vec<u8>,
    /// Boxes `[x, y, width, height]` around the pixels the last paint changed.
    dirty: Vec<[u32; 4]>,
}

impl Frame {
    /// Sets the [`PALETTE_LEN`] colours; refuses (changing nothing) any other count. Every
    /// pixel is repainted on the next [`Frame::paint`].
    pub fn set_palette(&mut self, colours: &[u32]) -> Result<(), String> {
        if colours.len() != PALETTE_LEN {
            return Err(format!(
                "the palette needs {PALETTE_LEN} colours, not {}",
                colours.len()
            ));
        }
        self.palette = colours.to_vec();
        self.painted.clear();
        Ok(())
    }

    /// The palette as last set (empty before the first).
    pub fn palette(&self) -> &[u32] {
        &self.palette
    }

    /// Paints the cells of a grid `width` cells wide (terrain bytes `cells`, state bytes
    /// `states`) and returns the pixels. Only the rectangles `parts` (`[x, y, w, h]` in
    /// cells) are looked at, and in them only pixels whose cell or state changed since the
    /// last paint are rewritten; [`Frame::dirty`] gives, per part, the box of those pixels.
    /// A new palette, a new map size or [`Frame::forget`] repaint the whole map.
    pub fn paint(
        &mut self,
        width: usize,
        cells: &[u8],
        states: &[u8],
        parts: &[[u32; 4]],
    ) -> &[u32] {
        let width = width.max(1);
        let height = cells.len() / width;
        let whole = [[0, 0, width as u32, height as u32]];
        let mut parts = parts;
        if self.painted.len() != cells.len() {
            self.painted.clear();
            self.painted.resize(cells.len(), u8::MAX);
            self.pixels.clear();
            self.pixels.resize(cells.len(), 0);
            parts = &whole;
        }
        let palette: &[u32] = if self.palette.len() == PALETTE_LEN {
            &self.palette
        } else {
            &[0; PALETTE_LEN]
        };
        self.dirty.clear();
        for &[px, py, pw, ph] in parts {
            let (x0, y0) = (px as usize, py as usize);
            let xs = x0.min(width)..(x0 + pw as usize).min(width);
            let (mut lo, mut hi) = ([usize::MAX; 2], [0; 2]);
            for y in y0.min(height)..(y0 + ph as usize).min(height) {
                let row = y * width + xs.start..y * width + xs.end;
                for (x, ((&c, &s), (done, pixel))) in cells[row.clone()]
                    .iter()
                    .zip(&states[row.clone()])
                    .zip(
                        self.painted[row.clone()]
                            .iter_mut()
                            .zip(&mut self.pixels[row]),
                    )
                    .enumerate()
                {
                    // At most 4 × STATE_COUNT + STATE_COUNT − 1, so the key fits a byte.
                    let key = c.wrapping_mul(STATE_COUNT as u8).wrapping_add(s);
                    if *done != key {
                        *done = key;
                        *pixel = palette[usize::from(key) % PALETTE_LEN];
                        let x = xs.start + x;
                        lo = [lo[0].min(x), lo[1].min(y)];
                        hi = [hi[0].max(x), hi[1].max(y)];
                    }
                }
            }
            if lo[0] != usize::MAX {
                let [x, y] = lo.map(|v| v as u32);
                let [w, h] = [hi[0] - lo[0] + 1, hi[1] - lo[1] + 1].map(|v| v as u32);
                self.dirty.push([x, y, w, h]);
            }
        }
        &self.pixels
    }

    /// The pixels the last [`Frame::paint`] changed, as boxes `[x, y, width, height]` (none
    /// when nothing changed).
    pub fn dirty(&self) -> &[[u32; 4]] {
        &self.dirty
    }

    /// Forgets what was painted: the next [`Frame::paint`] repaints every row (the page
    /// made a new canvas to put the frame on).
    pub fn forget(&mut self) {
        self.painted.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::CellState;

    #[test]
    fn pixels_follow_terrain_and_state_and_only_changes_are_dirty() {
        let mut frame = Frame::default();
        let palette: Vec<u32> = (0..PALETTE_LEN as u32).collect();
        assert!(frame.set_palette(&palette[..3]).is_err());
        assert!(
            frame.palette().is_empty(),
            "a refused palette changes nothing"
        );
        frame.set_palette(&palette).unwrap();
        let cells = [1, 0, 2, 1, 1, 4];
        let mut states = [CellState::Closed as u8, 0, CellState::Open as u8, 0, 0, 0];
        let one = STATE_COUNT as u32;
        let pixels = frame.paint(3, &cells, &states, &[]).to_vec();
        assert_eq!(pixels[0], one + CellState::Closed as u32);
        assert_eq!(pixels[1], 0, "a wall, unvisited");
        assert_eq!(pixels[2], 2 * one + CellState::Open as u32);
        assert_eq!(pixels[5], 4 * one);
        assert_eq!(
            frame.dirty(),
            [[0, 0, 3, 2]],
            "a first paint paints everything"
        );
        states[4] = CellState::Path as u8;
        frame.paint(3, &cells, &states, &[[0, 0, 3, 2]]);
        assert_eq!(
            frame.dirty(),
            [[1, 1, 1, 1]],
            "just the one cell that changed"
        );
        states[0] = CellState::Open as u8;
        states[4] = CellState::Closed as u8;
        states[5] = CellState::Open as u8;
        frame.paint(3, &cells, &states, &[[1, 1, 1, 1], [2, 1, 9, 9]]);
        assert_eq!(
            frame.dirty(),
            [[1, 1, 1, 1], [2, 1, 1, 1]],
            "only the parts it was given, cut at the map's edge"
        );
        assert_eq!(frame.paint(3, &cells, &states, &[])[0], pixels[0]);
        frame.forget();
        let again = frame.paint(3, &cells, &states, &[]);
        assert_eq!(
            again[0],
            one + CellState::Open as u32,
            "every cell after forget"
        );
        assert_eq!(frame.dirty(), [[0, 0, 3, 2]]);
    }
}

//! The frame the page paints: one RGBA pixel per cell, coloured by the cell's terrain and its
//! search state through a palette the page supplies, repainted incrementally.
//!
//! The page owns the colours (one table in `www/palette.js` feeds the palette and the legend);
//! this module only maps `(terrain byte, state byte)` to a pixel and remembers what each pixel
//! shows, so a frame rewrites just the pixels whose cell or state changed and reports their
//! bounding box ([`Frame::dirty`]) for the page to upload.
//!
//! ```
//! use pathlab::frame::{Frame, PALETTE_LEN};
//! let mut frame = Frame::default();
//! frame.set_palette(&(0..PALETTE_LEN as u32).collect::<Vec<_>>())?;
//! // Two cells: a wall (byte 0) and open ground (byte 1), both unvisited (state 0).
//! let pixels = frame.paint(2, &[0, 1], &[0, 0]);
//! assert_eq!(pixels, &[0, pixels[1]]);
//! assert_eq!(frame.dirty(), [0, 0, 2, 1]);
//! frame.paint(2, &[0, 1], &[0, 0]);
//! assert_eq!(frame.dirty(), [0, 0, 0, 0], "nothing changed");
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
    /// The bounding box `[x, y, width, height]` of the pixels the last paint changed.
    dirty: [u32; 4],
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
    /// `states`) and returns the pixels. Only pixels whose cell or state changed since the last
    /// paint are rewritten; [`Frame::dirty`] gives their bounding box.
    pub fn paint(&mut self, width: usize, cells: &[u8], states: &[u8]) -> &[u32] {
        let width = width.max(1);
        if self.painted.len() != cells.len() {
            self.painted.clear();
            self.painted.resize(cells.len(), u8::MAX);
            self.pixels.clear();
            self.pixels.resize(cells.len(), 0);
        }
        let palette: &[u32] = if self.palette.len() == PALETTE_LEN {
            &self.palette
        } else {
            &[0; PALETTE_LEN]
        };
        let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
        for (y, ((row_cells, row_states), (row_painted, row_pixels))) in cells
            .chunks(width)
            .zip(states.chunks(width))
            .zip(
                self.painted
                    .chunks_mut(width)
                    .zip(self.pixels.chunks_mut(width)),
            )
            .enumerate()
        {
            for (x, ((&c, &s), (done, px))) in row_cells
                .iter()
                .zip(row_states)
                .zip(row_painted.iter_mut().zip(row_pixels.iter_mut()))
                .enumerate()
            {
                // At most 4 × STATE_COUNT + STATE_COUNT − 1, so the key fits a byte.
                let key = c.wrapping_mul(STATE_COUNT as u8).wrapping_add(s);
                if *done != key {
                    *done = key;
                    *px = palette[usize::from(key) % PALETTE_LEN];
                    x0 = x0.min(x);
                    x1 = x1.max(x);
                    y0 = y0.min(y);
                    y1 = y1.max(y);
                }
            }
        }
        self.dirty = if x0 == usize::MAX {
            [0; 4]
        } else {
            [
                x0 as u32,
                y0 as u32,
                (x1 - x0 + 1) as u32,
                (y1 - y0 + 1) as u32,
            ]
        };
        &self.pixels
    }

    /// The pixels the last [`Frame::paint`] changed, as `[x, y, width, height]` (width 0:
    /// none).
    pub fn dirty(&self) -> [u32; 4] {
        self.dirty
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
        let pixels = frame.paint(3, &cells, &states).to_vec();
        assert_eq!(pixels[0], one + CellState::Closed as u32);
        assert_eq!(pixels[1], 0, "a wall, unvisited");
        assert_eq!(pixels[2], 2 * one + CellState::Open as u32);
        assert_eq!(pixels[5], 4 * one);
        assert_eq!(frame.dirty(), [0, 0, 3, 2]);
        states[4] = CellState::Path as u8;
        frame.paint(3, &cells, &states);
        assert_eq!(
            frame.dirty(),
            [1, 1, 1, 1],
            "just the one cell that changed"
        );
    }
}

//! Collision bitmaps: maps drawn as images, one pixel per cell (seed 003's collision map).
//!
//! | grey | cell |
//! |---|---|
//! | 255 (white) | ground, cost 1 |
//! | 204 | terrain, cost 2 |
//! | 153 | terrain, cost 3 |
//! | 102 | terrain, cost 4 |
//! | 0 (black) and every other grey | wall |
//!
//! Only these five exact greys mean something, so a blurred or anti-aliased drawing turns
//! its in-between greys into walls rather than into terrain nobody meant.
//!
//! * **Colour** pixels are read by their luminance, Rec. 601 weights rounded to the nearest
//!   integer: `grey = (299·R + 587·G + 114·B + 500) / 1000` (integer division). The weights
//!   sum to 1000, so a pure grey R = G = B = g gives exactly g.
//! * **Alpha**: a fully transparent pixel (alpha 0) is a wall, whatever its colour: nothing
//!   was drawn there, and an undrawn area must not become open ground. Any other alpha is
//!   ignored (the colour is read as if opaque), so half-transparent strokes keep their grey.
//!
//! PNG files of every colour type (grey, grey + alpha, palette, RGB, RGBA) and bit depth
//! (1–16) are read; 16-bit samples are reduced to their high byte. The size in the PNG
//! header is checked against the 4096 × 4096 maximum before any pixel buffer is allocated,
//! and corrupt files (truncated, bad checksums, zero size) give an error, never a panic.

use super::{check_file_size, grid_error_message, size_message, FormatError, PNG_SIGNATURE};
use crate::grid::{Cell, Grid};
use png::{BitDepth, ColorType, Decoder, Limits, Transformations};

/// The most the PNG decoder may allocate for its own use (chunk data, palette, one row),
/// apart from the output image. A 4096-wide 16-bit RGBA row is 32 KiB, so this is generous
/// while stopping a forged chunk length from taking gigabytes.
const DECODER_LIMIT_BYTES: usize = 16 * 1024 * 1024;

/// The grey written for each cell byte (0 = wall, 1–4 = terrain cost).
const GREY_OF_BYTE: [u8; 5] = [0, 255, 204, 153, 102];

/// The cell a grey level stands for: 255 → cost 1, 204 → cost 2, 153 → cost 3, 102 → cost 4,
/// and every other grey (0 included) → wall.
///
/// ```
/// use pathlab::{formats::bitmap::cell_from_grey, Cell};
/// assert_eq!(cell_from_grey(255), Cell::Terrain(1));
/// assert_eq!(cell_from_grey(102), Cell::Terrain(4));
/// assert_eq!(cell_from_grey(0), Cell::Wall);
/// assert_eq!(cell_from_grey(254), Cell::Wall);
/// ```
pub fn cell_from_grey(grey: u8) -> Cell {
    match grey {
        255 => Cell::Terrain(1),
        204 => Cell::Terrain(2),
        153 => Cell::Terrain(3),
        102 => Cell::Terrain(4),
        _ => Cell::Wall,
    }
}

/// The Rec. 601 luminance of an 8-bit colour, rounded: `(299·R + 587·G + 114·B + 500) / 1000`.
/// Exact for greys: `luminance(g, g, g) == g`.
fn luminance(r: u8, g: u8, b: u8) -> u8 {
    let y = (299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b) + 500) / 1000;
    // At most (255 · 1000 + 500) / 1000 = 255.
    y.min(255) as u8
}

/// The cell byte of one pixel given as (grey, alpha).
fn byte_of_pixel(grey: u8, alpha: u8) -> u8 {
    if alpha == 0 {
        Cell::Wall.to_byte()
    } else {
        cell_from_grey(grey).to_byte()
    }
}

/// Converts decoded 8-bit pixels (`channels` bytes each: 1 grey, 2 grey + alpha, 3 RGB,
/// 4 RGBA) into cell bytes.
fn cells_from_pixels(pixels: &[u8], channels: usize) -> Vec<u8> {
    pixels
        .chunks_exact(channels.max(1))
        .map(|p| match *p {
            [grey] => byte_of_pixel(grey, 255),
            [grey, alpha] => byte_of_pixel(grey, alpha),
            [r, g, b] => byte_of_pixel(luminance(r, g, b), 255),
            [r, g, b, alpha] => byte_of_pixel(luminance(r, g, b), alpha),
            _ => Cell::Wall.to_byte(),
        })
        .collect()
}

/// Words for a PNG decoding failure.
fn png_error(error: png::DecodingError) -> FormatError {
    use png::DecodingError as E;
    FormatError::new(match error {
        E::IoError(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
            "the PNG file is truncated: it ends before the image data is complete".to_string()
        }
        E::IoError(e) => format!("the PNG file could not be read: {e}"),
        E::Format(e) => format!("the PNG file is corrupt: {e}"),
        E::Parameter(e) => format!("the PNG file could not be decoded: {e}"),
        E::LimitsExceeded => {
            "the PNG file needs more memory to decode than a map may take".to_string()
        }
    })
}

/// Reads a PNG collision bitmap into a grid, one pixel per cell (see the module docs for
/// the greys, colour and alpha rules).
///
/// ```
/// use pathlab::{formats::bitmap, Cell, Grid};
/// let mut grid = Grid::new(3, 2)?;
/// grid.set(0, 0, Cell::Wall);
/// grid.set(2, 1, Cell::Terrain(4));
/// let png = bitmap::write_png(&grid);
/// assert_eq!(bitmap::grid_from_png(&png)?, grid);
/// assert!(bitmap::grid_from_png(&png[..png.len() / 2]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn grid_from_png(bytes: &[u8]) -> Result<Grid, FormatError> {
    check_file_size(bytes.len())?;
    if !bytes.starts_with(&PNG_SIGNATURE) {
        return Err(FormatError::new(
            "not a PNG file: it does not start with the PNG signature",
        ));
    }
    let mut decoder = Decoder::new_with_limits(
        std::io::Cursor::new(bytes),
        Limits {
            bytes: DECODER_LIMIT_BYTES,
        },
    );
    decoder.set_transformations(Transformations::EXPAND | Transformations::STRIP_16);
    decoder.set_ignore_text_chunk(true);
    // Check the size in the header before read_info/next_frame allocate anything for it.
    let header = decoder.read_header_info().map_err(png_error)?;
    let (width, height) = (header.width, header.height);
    Grid::check_size(u64::from(width), u64::from(height)).map_err(|_| {
        FormatError::new(format!(
            "the image is {width}×{height} pixels: {}",
            size_message(u64::from(width), u64::from(height))
        ))
    })?;
    let mut reader = decoder.read_info().map_err(png_error)?;
    let (color_type, bit_depth) = reader.output_color_type();
    let channels = match color_type {
        ColorType::Grayscale => 1,
        ColorType::GrayscaleAlpha => 2,
        ColorType::Rgb => 3,
        ColorType::Rgba => 4,
        // EXPAND turns palettes into RGB(A); kept as an error in case a decoder does not.
        ColorType::Indexed => {
            return Err(FormatError::new(
                "palette PNG could not be expanded to colours",
            ))
        }
    };
    if bit_depth != BitDepth::Eight {
        return Err(FormatError::new(format!(
            "the PNG decoded to {bit_depth:?} bit samples; expected 8 after expansion"
        )));
    }
    // Sides ≤ 4096 and ≤ 4 bytes per pixel after STRIP_16: at most 64 MiB.
    let mut pixels = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut pixels).map_err(png_error)?;
    if (frame.width, frame.height) != (width, height) {
        // An animated PNG whose first frame is smaller than the canvas.
        return Err(FormatError::new(format!(
            "the first frame is {}×{} but the image is {width}×{height}; animated PNGs are not maps",
            frame.width, frame.height
        )));
    }
    let expected = width as usize * height as usize * channels;
    let pixels = pixels
        .get(..expected)
        .ok_or_else(|| FormatError::new("the PNG decoded to fewer bytes than its size needs"))?;
    let cells = if frame.line_size == width as usize * channels {
        cells_from_pixels(pixels, channels)
    } else {
        return Err(FormatError::new(
            "the PNG decoded to rows of an unexpected length",
        ));
    };
    Grid::from_bytes(width, height, cells).map_err(|e| FormatError::new(grid_error_message(&e)))
}

/// Reads an image the browser already decoded (e.g. `ImageData` from a canvas): `width` ×
/// `height` pixels of 4 bytes, R G B A, row by row. The same grey, colour and alpha rules as
/// [`grid_from_png`] apply.
///
/// ```
/// use pathlab::{formats::bitmap, Cell};
/// let rgba = [255, 255, 255, 255,  0, 0, 0, 255,  204, 204, 204, 255,  255, 255, 255, 0];
/// let grid = bitmap::grid_from_rgba(4, 1, &rgba)?;
/// assert_eq!(grid.bytes(), &[1, 0, 2, 0]); // the last pixel is fully transparent: a wall
/// assert!(bitmap::grid_from_rgba(4, 1, &rgba[..12]).is_err());
/// # Ok::<(), pathlab::formats::FormatError>(())
/// ```
pub fn grid_from_rgba(width: u32, height: u32, rgba: &[u8]) -> Result<Grid, FormatError> {
    Grid::check_size(u64::from(width), u64::from(height))
        .map_err(|e| FormatError::new(grid_error_message(&e)))?;
    let expected = width as usize * height as usize * 4;
    if rgba.len() != expected {
        return Err(FormatError::new(format!(
            "a {width}×{height} RGBA image has {expected} bytes, but {} were given",
            rgba.len()
        )));
    }
    Grid::from_bytes(width, height, cells_from_pixels(rgba, 4))
        .map_err(|e| FormatError::new(grid_error_message(&e)))
}

/// A start and a goal cell, `((x, y), (x, y))`.
pub type Markers = ((u32, u32), (u32, u32));

/// Where the start and the goal go on a map opened from an image, which carries no markers:
/// the free cell nearest the top-left corner, and the free cell nearest the bottom-right
/// corner (when that is the start's own cell, the last other free cell in reading order), so
/// they never share a cell. An image with fewer than two free cells is refused: the start and
/// the goal need one each.
///
/// ```
/// use pathlab::{formats::bitmap, Grid};
/// let mut bytes = vec![0u8; 16]; // 4×4, all walls but two cells
/// bytes[5] = 1; // (1, 1)
/// bytes[6] = 1; // (2, 1)
/// let grid = Grid::from_bytes(4, 4, bytes)?;
/// assert_eq!(bitmap::image_markers(&grid)?, ((1, 1), (2, 1)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn image_markers(grid: &Grid) -> Result<Markers, FormatError> {
    let free = grid.bytes().iter().filter(|&&b| b != 0).take(2).count();
    if free < 2 {
        let what = if free == 0 {
            "no free cell"
        } else {
            "only one free cell"
        };
        return Err(FormatError::new(format!(
            "this image has {what} (white or a terrain grey): the start and the goal need one each"
        )));
    }
    let (width, height) = (grid.width(), grid.height());
    // Two free cells exist, so both searches find one.
    let start = grid.nearest_passable((0, 0)).unwrap_or((0, 0));
    let goal = match grid.nearest_passable((width - 1, height - 1)) {
        Some(goal) if goal != start => goal,
        _ => {
            let at = start.1 as usize * width as usize + start.0 as usize;
            let last = grid
                .bytes()
                .iter()
                .enumerate()
                .rev()
                .find(|&(i, &b)| b != 0 && i != at)
                .map_or(at, |(i, _)| i);
            (
                (last % width as usize) as u32,
                (last / width as usize) as u32,
            )
        }
    };
    Ok((start, goal))
}

/// The grey a cell byte is written as: 0 for a wall, 255/204/153/102 for costs 1–4.
fn grey_of_byte(byte: u8) -> u8 {
    GREY_OF_BYTE.get(usize::from(byte)).copied().unwrap_or(0)
}

/// The map as opaque RGBA pixels in the collision-bitmap greys, one pixel per cell, row by
/// row: what [`write_png`] writes, before PNG encoding. The page hands these to the
/// browser's own PNG encoder (`canvas.toBlob`), which keeps an encoder out of the wasm.
///
/// ```
/// use pathlab::{formats::bitmap, Grid};
/// let grid = Grid::from_bytes(2, 1, vec![0, 3])?;
/// let rgba = bitmap::grey_rgba(&grid);
/// assert_eq!(rgba, [0, 0, 0, 255, 153, 153, 153, 255]);
/// assert_eq!(bitmap::grid_from_rgba(2, 1, &rgba)?, grid);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn grey_rgba(grid: &Grid) -> Vec<u8> {
    grid.bytes()
        .iter()
        .flat_map(|&b| {
            let g = grey_of_byte(b);
            [g, g, g, 255]
        })
        .collect()
}

/// Writes a grid as an 8-bit greyscale PNG: wall 0, cost 1 → 255, 2 → 204, 3 → 153, 4 → 102.
/// [`grid_from_png`] reads it back to the same grid.
///
/// ```
/// use pathlab::{formats::bitmap, Grid};
/// let grid = Grid::from_bytes(2, 2, vec![1, 0, 3, 4])?;
/// let png = bitmap::write_png(&grid);
/// assert!(png.starts_with(b"\x89PNG"));
/// assert_eq!(bitmap::grid_from_png(&png)?, grid);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_png(grid: &Grid) -> Vec<u8> {
    let pixels: Vec<u8> = grid.bytes().iter().map(|&b| grey_of_byte(b)).collect();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, grid.width(), grid.height());
    encoder.set_color(ColorType::Grayscale);
    encoder.set_depth(BitDepth::Eight);
    // Writing into a Vec cannot fail for I/O reasons, and a Grid's size and buffer always
    // match (1..=4096 per side, width × height bytes), so these results are always Ok;
    // an empty Vec is returned rather than panicking should that ever change.
    let written = encoder.write_header().and_then(|mut writer| {
        writer
            .write_image_data(&pixels)
            .and_then(|()| writer.finish())
    });
    if written.is_err() {
        return Vec::new();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Encodes raw samples as a PNG of the given colour type and depth.
    fn encode(width: u32, height: u32, color: ColorType, depth: BitDepth, data: &[u8]) -> Vec<u8> {
        encode_with(width, height, color, depth, data, |_| {})
    }

    fn encode_with(
        width: u32,
        height: u32,
        color: ColorType,
        depth: BitDepth,
        data: &[u8],
        setup: impl FnOnce(&mut png::Encoder<&mut Vec<u8>>),
    ) -> Vec<u8> {
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(color);
        encoder.set_depth(depth);
        setup(&mut encoder);
        let mut writer = encoder.write_header().unwrap();
        writer.write_image_data(data).unwrap();
        writer.finish().unwrap();
        out
    }

    #[test]
    fn greys_map_to_cells_and_back() {
        for byte in 0..=4u8 {
            let grey = GREY_OF_BYTE[usize::from(byte)];
            assert_eq!(cell_from_grey(grey).to_byte(), byte);
        }
        let odd_greys = (0..=255u8).filter(|g| ![255, 204, 153, 102].contains(g));
        assert!(odd_greys.map(cell_from_grey).all(|c| c == Cell::Wall));
    }

    #[test]
    fn luminance_keeps_pure_greys_and_weights_colours() {
        assert!((0..=255u8).all(|g| luminance(g, g, g) == g));
        assert_eq!(luminance(255, 0, 0), 76);
        assert_eq!(luminance(0, 255, 0), 150);
        assert_eq!(luminance(0, 0, 255), 29);
        assert_eq!(luminance(255, 255, 255), 255);
    }

    #[test]
    fn every_colour_type_and_depth_is_read() {
        let expected = [1u8, 0, 2, 3, 4, 0];
        let grey8 = [255u8, 0, 204, 153, 102, 7];
        let g8 = encode(3, 2, ColorType::Grayscale, BitDepth::Eight, &grey8);
        assert_eq!(grid_from_png(&g8).unwrap().bytes(), &expected);

        let grey16: Vec<u8> = grey8.iter().flat_map(|&g| [g, 0x80]).collect();
        let g16 = encode(3, 2, ColorType::Grayscale, BitDepth::Sixteen, &grey16);
        assert_eq!(grid_from_png(&g16).unwrap().bytes(), &expected);

        let grey_alpha: Vec<u8> = grey8.iter().flat_map(|&g| [g, 200]).collect();
        let ga = encode(
            3,
            2,
            ColorType::GrayscaleAlpha,
            BitDepth::Eight,
            &grey_alpha,
        );
        assert_eq!(grid_from_png(&ga).unwrap().bytes(), &expected);

        let rgb: Vec<u8> = grey8.iter().flat_map(|&g| [g, g, g]).collect();
        let c = encode(3, 2, ColorType::Rgb, BitDepth::Eight, &rgb);
        assert_eq!(grid_from_png(&c).unwrap().bytes(), &expected);

        let rgba16: Vec<u8> = grey8
            .iter()
            .flat_map(|&g| [g, 1, g, 2, g, 3, 255, 255])
            .collect();
        let c16 = encode(3, 2, ColorType::Rgba, BitDepth::Sixteen, &rgba16);
        assert_eq!(grid_from_png(&c16).unwrap().bytes(), &expected);

        // 1-bit grey: 1 = white (cost 1), 0 = black (wall). Rows are padded to whole bytes.
        let g1 = encode(
            3,
            2,
            ColorType::Grayscale,
            BitDepth::One,
            &[0b1010_0000, 0b0100_0000],
        );
        assert_eq!(grid_from_png(&g1).unwrap().bytes(), &[1, 0, 1, 0, 1, 0]);
    }

    #[test]
    fn interlaced_images_are_read() {
        // A 3×2 8-bit grey Adam7-interlaced PNG (greys 255 0 204 / 153 102 7), made with
        // Python's zlib because the png crate's encoder does not interlace.
        let png = [
            137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 3, 0, 0, 0, 2,
            8, 0, 0, 0, 1, 207, 24, 9, 80, 0, 0, 0, 18, 73, 68, 65, 84, 120, 156, 99, 248, 207,
            112, 134, 129, 129, 97, 102, 26, 59, 0, 17, 51, 2, 210, 198, 154, 39, 37, 0, 0, 0, 0,
            73, 69, 78, 68, 174, 66, 96, 130,
        ];
        assert_eq!(grid_from_png(&png).unwrap().bytes(), &[1, 0, 2, 3, 4, 0]);
    }

    #[test]
    fn palette_images_are_read_through_their_colours() {
        let palette = vec![255, 255, 255, 0, 0, 0, 153, 153, 153, 255, 0, 0];
        let png = encode_with(
            4,
            1,
            ColorType::Indexed,
            BitDepth::Eight,
            &[0, 1, 2, 3],
            |e| e.set_palette(palette),
        );
        assert_eq!(grid_from_png(&png).unwrap().bytes(), &[1, 0, 3, 0]);
        // With a tRNS chunk making entry 0 fully transparent, white becomes a wall.
        let png = encode_with(
            4,
            1,
            ColorType::Indexed,
            BitDepth::Eight,
            &[0, 1, 2, 3],
            |e| {
                e.set_palette(vec![255, 255, 255, 0, 0, 0, 153, 153, 153, 255, 0, 0]);
                e.set_trns(vec![0, 255, 255, 255]);
            },
        );
        assert_eq!(grid_from_png(&png).unwrap().bytes(), &[0, 0, 3, 0]);
    }

    #[test]
    fn fully_transparent_pixels_are_walls() {
        let rgba = [255, 255, 255, 0, 255, 255, 255, 1, 204, 204, 204, 255];
        let png = encode(3, 1, ColorType::Rgba, BitDepth::Eight, &rgba);
        assert_eq!(grid_from_png(&png).unwrap().bytes(), &[0, 1, 2]);
        assert_eq!(grid_from_rgba(3, 1, &rgba).unwrap().bytes(), &[0, 1, 2]);
    }

    #[test]
    fn oversized_images_are_refused_from_the_header() {
        // A valid header claiming 5000×1; there is no pixel data at all, so success would be
        // impossible and the error must come from the size check.
        let png = encode(5000, 1, ColorType::Grayscale, BitDepth::One, &[0; 625]);
        let err = grid_from_png(&png).unwrap_err();
        assert_eq!(
            err.message,
            "the image is 5000×1 pixels: width 5000 is larger than the 4096 maximum"
        );
        assert!(grid_from_rgba(5000, 1, &[])
            .unwrap_err()
            .message
            .contains("4096"));
        assert!(grid_from_rgba(0, 1, &[]).is_err());
    }

    #[test]
    fn image_markers_are_two_free_cells_from_opposite_corners() {
        // A free block far from the top-left: the old rule put both markers on its corner.
        let mut bytes = vec![0u8; 100 * 100];
        for y in 90..100 {
            for x in 90..100 {
                bytes[y * 100 + x] = 1;
            }
        }
        let grid = Grid::from_bytes(100, 100, bytes).unwrap();
        assert_eq!(image_markers(&grid).unwrap(), ((90, 90), (99, 99)));
        // The cell nearest the bottom-right corner is the start's: the goal is another.
        let mut two = vec![0u8; 25];
        two[24] = 1;
        two[2] = 1;
        let grid = Grid::from_bytes(5, 5, two).unwrap();
        let (start, goal) = image_markers(&grid).unwrap();
        assert_ne!(start, goal);
        assert_eq!([start, goal], [(2, 0), (4, 4)]);
        let mut alone = vec![0u8; 25];
        alone[24] = 1;
        let grid = Grid::from_bytes(5, 5, alone.clone()).unwrap();
        // One free cell, or none: refused, with the reason.
        let err = image_markers(&grid).unwrap_err().to_string();
        assert!(err.contains("only one free cell"), "{err}");
        alone[24] = 0;
        let grid = Grid::from_bytes(5, 5, alone).unwrap();
        assert!(image_markers(&grid)
            .unwrap_err()
            .to_string()
            .contains("no free cell"));
    }

    #[test]
    fn same_cell_nearest_both_corners_gives_the_last_other_free_cell() {
        // Free cells (2, 2) and (0, 4): (2, 2) is nearest both (0, 0) and (4, 4).
        let mut bytes = vec![0u8; 25];
        bytes[2 * 5 + 2] = 1;
        bytes[4 * 5] = 1;
        let grid = Grid::from_bytes(5, 5, bytes).unwrap();
        assert_eq!(image_markers(&grid).unwrap(), ((2, 2), (0, 4)));
    }

    #[test]
    fn corrupt_files_give_errors() {
        let png = encode(3, 2, ColorType::Grayscale, BitDepth::Eight, &[255; 6]);
        assert!(grid_from_png(b"not a png")
            .unwrap_err()
            .message
            .contains("signature"));
        // Cut anywhere before the final 12-byte IEND chunk, the image is incomplete. (A file
        // cut inside IEND still holds the whole image and is read, as browsers do.)
        for cut in 0..png.len() - 12 {
            assert!(grid_from_png(&png[..cut]).is_err(), "truncated at {cut}");
        }
        let mut bad_crc = png.clone();
        bad_crc[29] ^= 0xff; // last byte of the IHDR checksum
        assert!(grid_from_png(&bad_crc).is_err());
        let mut zero = png.clone();
        zero[16..20].copy_from_slice(&[0, 0, 0, 0]); // width 0 (checksum now wrong too)
        assert!(grid_from_png(&zero).is_err());
    }

    #[test]
    fn write_png_round_trips_every_cell_kind() {
        let grid = Grid::from_bytes(5, 1, vec![0, 1, 2, 3, 4]).unwrap();
        assert_eq!(grid_from_png(&write_png(&grid)).unwrap(), grid);
    }
}

//! Placeholder, replaced by the formats work.
use crate::grid::{Cell, Grid};
/// Parses a map.
pub fn parse_map(text: &str) -> Result<Grid, String> {
    let lines: Vec<&str> = text.lines().skip(4).collect();
    let mut g = Grid::new(lines[0].len() as u32, lines.len() as u32).map_err(|e| e.to_string())?;
    for (y, l) in lines.iter().enumerate() {
        for (x, c) in l.chars().enumerate() {
            if c == '@' {
                g.set(x as i64, y as i64, Cell::Wall);
            }
        }
    }
    Ok(g)
}

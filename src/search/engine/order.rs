//! The order the textbook engine tries a node's successors in: the moves in their fixed
//! order, or seed 004's goal-directed order (the moves sorted by how far they turn from the
//! goal's direction), one table per map and setting so the successor loop only indexes it.

use crate::grid::Topology;
use crate::search::settings::NeighbourOrder;

/// The successor orders: row `3 * (sy + 1) + (sx + 1)` for the goal's direction
/// (sx, sy) = (signum dx, signum dy); row 4 (goal here) and the fixed order use 0..8.
pub(super) type OrderTable = [[u8; 8]; 9];

/// The successor orders of `topology`: the moves in their fixed order, or seed 004's
/// goal-directed orders — for each of the eight goal directions (the signs of the goal's
/// offset, on hexes too), the moves sorted by the angle they turn away from it (ties keep
/// the fixed order). Entries past the move count are unused.
pub(super) fn successor_orders(topology: &Topology, order: NeighbourOrder) -> OrderTable {
    let count = topology.move_count();
    let mut fixed = [0u8; 8];
    for (d, slot) in fixed.iter_mut().enumerate() {
        *slot = d as u8;
    }
    let mut table = [fixed; 9];
    if order == NeighbourOrder::Fixed {
        return table;
    }
    let vectors = topology.move_vectors();
    for sy in -1i32..=1 {
        for sx in -1i32..=1 {
            if sx == 0 && sy == 0 {
                continue;
            }
            let (gx, gy) = (f64::from(sx), f64::from(sy));
            let goal_length = (gx * gx + gy * gy).sqrt();
            // The turn away from the goal's direction as 1 − cos of its angle, in 64ths. Square
            // moves turn by multiples of 45° and hex moves by multiples of 15° from these
            // directions, whose keys (0, 2, 9, 19, 32, 47, 64, 81, 96, 109, 119, 126, 128) are
            // distinct and each far from a rounding edge, so float error cannot reorder two
            // moves. (Not atan2, whose code libm would add to the wasm.)
            let turn = |&d: &u8| {
                let (dx, dy) = vectors[usize::from(d)];
                let cos = (dx * gx + dy * gy) / ((dx * dx + dy * dy).sqrt() * goal_length);
                ((1.0 - cos) * 64.0).round() as u8
            };
            let row = &mut table[(3 * (sy + 1) + (sx + 1)) as usize];
            row[..count].sort_by_key(turn);
        }
    }
    table
}

/// The row of an [`OrderTable`] for a cell at (x, y) with the goal at `goal`.
#[inline(always)]
pub(super) fn order_row(x: u32, y: u32, (gx, gy): (u32, u32)) -> usize {
    let sx = (i64::from(gx) - i64::from(x)).signum();
    let sy = (i64::from(gy) - i64::from(y)).signum();
    (3 * (sy + 1) + (sx + 1)) as usize
}

/// The moves of `topology` in the order the textbook engine tries them out of `from` with
/// the goal at `goal` (the step trace walks a node's neighbours in this order).
pub(crate) fn successor_order(
    topology: &Topology,
    order: NeighbourOrder,
    from: (u32, u32),
    goal: (u32, u32),
) -> Vec<usize> {
    let row = successor_orders(topology, order)[order_row(from.0, from.1, goal)];
    row[..topology.move_count()]
        .iter()
        .map(|&d| usize::from(d))
        .collect()
}

//! Traces of the searches that step from cell to neighbouring cell: the textbook four,
//! Theta* and bidirectional A*. Their successors are the legal moves of the expanded cell,
//! so every neighbour is accounted for — those the step changed (from its events) and those
//! it left alone (from the state before the step).

use super::{
    cost_units, ending, move_name, path_found, taken, units_cost, xy, Builder, Relaxed, Say,
    StepInput, V,
};
use crate::grid::{distance, line_of_sight, Neighbour, Topology};
use crate::search::core::{step_units, CLOSED, OPEN, PATH, REOPENED};
use crate::search::engine::successor_order;
use crate::search::record::{Event, FAR};
use crate::search::settings::Ranking;
use crate::search::CellState;

/// Bidirectional search's state bytes for its backward side.
const BACK_OPEN: u8 = CellState::BackOpen as u8;
const BACK_CLOSED: u8 = CellState::BackClosed as u8;

/// The first event of the step about `cell`, after the pop.
fn event_of(input: &StepInput, cell: u32) -> Option<Event> {
    input
        .events
        .iter()
        .skip(1)
        .find(|e| e.cell == cell)
        .copied()
}

/// The topology the search stepped by: the map's shape and size under its movement.
fn topology_of(input: &StepInput) -> Topology {
    Topology::of(input.grid, &input.settings.movement)
}

/// The legal steps out of `u`, in move order ([`Topology::neighbours`], the one neighbour
/// rule).
#[inline(never)]
fn neighbours_of(input: &StepInput, u: (u32, u32)) -> Vec<Neighbour> {
    let mut out = Vec::new();
    topology_of(input).neighbours(input.grid.bytes(), u, |n| out.push(n));
    out
}

/// What the search knew of `v` before the step: its state byte, g and h.
fn known(input: &StepInput, v: (u32, u32)) -> (u8, Option<f64>, f64) {
    let node = input.before.node(v.0, v.1);
    (
        node.map_or(0, |n| n.state as u8),
        node.and_then(|n| n.g),
        node.map_or(0.0, |n| n.h),
    )
}

/// The pop, the close and the goal test, as every grid search runs them; returns the cell
/// taken and its g, or `None` when the step ends at the goal (or has no events).
pub(super) fn pop_close_goal(
    input: &StepInput,
    b: &mut Builder,
) -> Option<((u32, u32), Option<f64>)> {
    let pop = input.events.first()?;
    let u = xy(input.grid, pop.cell);
    let (g, h, f, _) = taken(input, u);
    let say = match input.settings.algorithm.ranking() {
        Ranking::Arrival => Say::PopFifo,
        Ranking::Estimate => Say::PopH,
        Ranking::Cost => Say::PopG,
        Ranking::CostAndEstimate => Say::PopF,
    };
    b.line("pop", say, Some(u))
        .cell(V::U, u)
        .maybe(V::GU, g)
        .num(V::HU, h)
        .maybe(V::FU, f);
    b.line("close", Say::Close, Some(u))
        .cell(V::U, u)
        .num(V::Expanded, input.after.expanded as f64);
    if u == input.goal {
        path_found(input, b, "goal", Say::Goal);
        return None;
    }
    b.line("goal", Say::NotGoal, Some(u))
        .cell(V::U, u)
        .cell(V::Goal, input.goal);
    Some((u, g))
}

/// Breadth-First, Best-First, Dijkstra and A*: the pop, then every legal move in the
/// engine's order with seed 003's case that applied to it.
pub(super) fn textbook(input: &StepInput, b: &mut Builder) {
    let Some((u, g_u)) = pop_close_goal(input, b) else {
        return;
    };
    let settings = input.settings;
    let algorithm = settings.algorithm;
    let grid = input.grid;
    let w = grid.width();
    let cells = grid.bytes();
    let topology = topology_of(input);
    let legal = topology.legal_moves(cells, u);
    let order: Vec<usize> = successor_order(&topology, settings.neighbour_order, u, input.goal)
        .into_iter()
        .filter(|&d| legal >> d & 1 == 1)
        .collect();
    // The moves' names as base-32 digits, first move first (the page reads them back).
    let digits = order
        .iter()
        .fold(0.0, |n, &d| n * 32.0 + move_name(&topology, d));
    b.line("for", Say::Moves, Some(u))
        .cell(V::U, u)
        .pair(V::Order, digits, order.len() as f64);
    let units = step_units(&settings.movement);
    let g_u = cost_units(g_u.unwrap_or(0.0));
    let mut relaxed: Vec<Relaxed> = Vec::new();
    for d in order {
        let (dx, dy) = topology.step(d, i64::from(u.0), i64::from(u.1));
        let v = ((i64::from(u.0) + dx) as u32, (i64::from(u.1) + dy) as u32);
        let index = v.1 * w + v.0;
        let terrain = cells.get(index as usize).copied().unwrap_or(1);
        let step = units[usize::from(topology.is_diagonal(d))][usize::from(terrain & 7)];
        let g_new = units_cost(g_u + step);
        let (state, g_old, h) = known(input, v);
        let f_new = algorithm.priority(settings.weight, g_new, h);
        let (id, say, case) = match event_of(input, index) {
            Some(e) if e.state == OPEN => ("new", Say::Case5, 5.0),
            Some(e) if e.state == REOPENED => ("better-closed", Say::Case2, 2.0),
            Some(_) => ("better-open", Say::Case1, 1.0),
            None => match (
                algorithm.improves_paths(),
                state == OPEN || state == REOPENED,
            ) {
                // Breadth-First and Best-First leave every known cell as it is.
                (false, _) => ("worse", Say::Kept, f64::NAN),
                (true, true) => ("worse", Say::Case3, 3.0),
                (true, false) => ("worse", Say::Case4, 4.0),
            },
        };
        let s = b.line(id, say, Some(v));
        s.cell(V::U, u)
            .cell(V::Nb, v)
            .num(V::Move, move_name(&topology, d))
            .num(V::StepCost, units_cost(step))
            .num(V::GNew, g_new)
            .maybe(V::GV, g_old)
            .num(V::HV, h);
        if id != "worse" {
            s.maybe(V::FV, f_new);
            relaxed.push((v, g_new, h, f_new));
        }
        if !case.is_nan() {
            s.num(V::Case, case);
        }
    }
    ending(input, b, &relaxed, "nopath");
}

/// Theta*: the pop, then every legal move with the path it is offered (through u, or
/// straight from u's parent when the parent sees the neighbour).
pub(super) fn theta(input: &StepInput, b: &mut Builder) {
    let Some((u, g_u)) = pop_close_goal(input, b) else {
        return;
    };
    let grid = input.grid;
    let g_u = g_u.unwrap_or(0.0);
    let parent = input.before.node(u.0, u.1).and_then(|n| n.parent);
    let g_parent = parent
        .and_then(|p| input.before.node(p.0, p.1))
        .and_then(|n| n.g)
        .unwrap_or(0.0);
    let neighbours = neighbours_of(input, u);
    b.line("for", Say::Neighbours, Some(u))
        .cell(V::U, u)
        .num(V::Moves, neighbours.len() as f64);
    let weight = input.settings.weight;
    let mut relaxed: Vec<Relaxed> = Vec::new();
    for n in neighbours {
        let v = (n.x, n.y);
        let (state, g_old, h) = known(input, v);
        if state == CLOSED {
            b.line("for", Say::ClosedFinal, Some(v))
                .cell(V::U, u)
                .cell(V::Nb, v);
            continue;
        }
        let event = event_of(input, n.index).filter(|e| e.code == FAR);
        // Which parent v was offered: the event says when the step changed v; otherwise
        // the line of sight decides it, as in the engine.
        let through = match (event, parent) {
            (Some(e), _) => Some(xy(grid, e.parent)).filter(|&p| p != u),
            (None, Some(p)) if line_of_sight(grid, p, v) => Some(p),
            _ => None,
        };
        let g_new = match (event, through) {
            (Some(e), _) => units_cost(e.g),
            (None, Some(p)) => g_parent + distance(p, v),
            (None, None) => g_u + distance(u, v),
        };
        let s = match through {
            Some(p) => b.line("sight", Say::Sight, Some(v)).cell(V::ParentU, p),
            None => b.line("direct", Say::Direct, Some(v)),
        };
        s.cell(V::U, u).cell(V::Nb, v).num(V::GNew, g_new);
        let f_new = g_new + weight * h;
        let (id, say) = match event {
            Some(e) if e.state == OPEN => ("new", Say::Case5),
            Some(_) => ("better-open", Say::Case1),
            None => ("worse", Say::NoCheaper),
        };
        let s = b.line(id, say, Some(v));
        s.cell(V::U, u)
            .cell(V::Nb, v)
            .num(V::GNew, g_new)
            .maybe(V::GV, g_old)
            .num(V::HV, h);
        if id != "worse" {
            s.num(V::FV, f_new);
            relaxed.push((v, g_new, h, Some(f_new)));
        }
    }
    ending(input, b, &relaxed, "nopath");
}

/// Bidirectional A*: which side, the pop, and every legal move on that side.
pub(super) fn bidirectional(input: &StepInput, b: &mut Builder) {
    let grid = input.grid;
    let Some(pop) = input.events.first() else {
        return;
    };
    let u = xy(grid, pop.cell);
    let backward = pop.state == BACK_CLOSED;
    let side = f64::from(u8::from(backward));
    b.line("side", Say::Side, None)
        .num(V::Side, side)
        .num(V::Open, input.before.stats().open_size as f64);
    let (g_u, h_u, f_u, _) = taken(input, u);
    b.line("pop", Say::PopSide, Some(u))
        .cell(V::U, u)
        .num(V::Side, side)
        .maybe(V::GU, g_u)
        .num(V::HU, h_u)
        .maybe(V::FU, f_u);
    b.line("close", Say::CloseSide, Some(u))
        .cell(V::U, u)
        .num(V::Side, side)
        .num(V::Expanded, input.after.expanded as f64);
    let units = step_units(&input.settings.movement);
    let own = grid.bytes().get(pop.cell as usize).copied().unwrap_or(1);
    let neighbours = neighbours_of(input, u);
    b.line("for", Say::Neighbours, Some(u))
        .cell(V::U, u)
        .num(V::Moves, neighbours.len() as f64);
    let theirs = if backward {
        [OPEN, CLOSED]
    } else {
        [BACK_OPEN, BACK_CLOSED]
    };
    let g_u = g_u.map(cost_units);
    for n in neighbours {
        let v = (n.x, n.y);
        // The step costs the terrain of the cell it enters: v forwards, u backwards.
        let entered = if backward { own } else { n.terrain };
        let step = units[usize::from(n.diagonal)][usize::from(entered & 7)];
        let g_new = g_u.map(|g| units_cost(g + step));
        let relaxed = event_of(input, n.index).is_some();
        let (id, say) = if relaxed {
            ("new", Say::SideNew)
        } else {
            ("worse", Say::SideWorse)
        };
        b.line(id, say, Some(v))
            .cell(V::U, u)
            .cell(V::Nb, v)
            .num(V::Side, side)
            .num(V::StepCost, units_cost(step))
            .maybe(V::GNew, g_new);
        let before = input.state_before(n.index);
        if relaxed && theirs.contains(&before) {
            b.line("meet", Say::Meet, Some(v)).cell(V::Nb, v);
        }
    }
    ending(input, b, &[], "stop");
    if input.finish.iter().any(|e| e.state == PATH) {
        path_found(input, b, "stop", Say::Path);
    }
}

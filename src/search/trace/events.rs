//! Traces read from the step's events alone: Jump Point Search and JPS+ (whose successors
//! are jumps, not neighbours), LPA* and D* Lite (whose every update is recorded), A* on a
//! node mesh (whose successors are the mesh's edges), and step 0 of every search.

use super::cells::pop_close_goal;
use super::{direction, ending, path_found, taken, units_cost, xy, Builder, Say, StepInput, V};
use crate::search::core::{entered_direction, CLOSED, OPEN, PATH, REOPENED, SCANNED, UNVISITED};
use crate::search::record::{FAR, SAME_STATE};
use crate::search::settings::Algorithm;
use crate::search::CellState;

/// Step 0: the search as it starts (or, for LPA* and D* Lite, as an edit left it).
pub(super) fn initial(input: &StepInput, b: &mut Builder) {
    let algorithm = input.settings.algorithm;
    let incremental = matches!(algorithm, Algorithm::Lpa | Algorithm::DStarLite);
    if incremental && input.before.repairs() > 0 {
        b.line("edit", Say::Edit, None)
            .num(V::Open, input.after.open_size as f64);
    } else {
        let (origin, say) = match algorithm {
            Algorithm::Bidirectional => (input.start, Say::InitBoth),
            Algorithm::Lpa => (input.start, Say::InitQueue),
            Algorithm::DStarLite => (input.goal, Say::InitQueue),
            Algorithm::JpsPlus | Algorithm::JpsPlusBounded | Algorithm::Jps2Plus => {
                (input.start, Say::InitTable)
            }
            Algorithm::Mesh => (input.start, Say::InitMesh),
            _ => (input.start, Say::Init),
        };
        b.line("init", say, Some(origin))
            .cell(V::Start, input.start)
            .cell(V::Goal, input.goal);
    }
    let end = match algorithm {
        Algorithm::Lpa | Algorithm::DStarLite => "path",
        Algorithm::Bidirectional => "stop",
        _ => "nopath",
    };
    ending(input, b, &[], end);
}

/// Jump Point Search, JPS+, JPS2 and JPS2+: the pop, then the jumps that found or improved a jump point.
pub(super) fn jump_points(input: &StepInput, b: &mut Builder) {
    let Some((u, g_u)) = pop_close_goal(input, b) else {
        return;
    };
    let grid = input.grid;
    match input.before.node(u.0, u.1).and_then(|n| n.parent) {
        Some(p) => {
            let (dx, dy) = (
                i64::from(u.0) - i64::from(p.0),
                i64::from(u.1) - i64::from(p.1),
            );
            b.line("prune", Say::Prune, Some(u))
                .cell(V::U, u)
                .cell(V::ParentU, p)
                .num(V::Entered, {
                    let (ex, ey) = entered_direction(dx, dy);
                    direction(ex, ey)
                });
        }
        None => {
            b.line("prune", Say::PruneStart, Some(u)).cell(V::U, u);
        }
    }
    let mut scanned = 0.0;
    let mut relaxed = Vec::new();
    let u_index = u.1 * grid.width() + u.0;
    for e in input.events.iter().skip(1) {
        if e.cell == u_index {
            continue;
        }
        if e.code != FAR {
            if e.state == SCANNED {
                scanned += 1.0;
            }
            continue;
        }
        let j = xy(grid, e.cell);
        let (dx, dy) = (
            i64::from(j.0) - i64::from(u.0),
            i64::from(j.1) - i64::from(u.1),
        );
        b.line("jump", Say::Jump, Some(j))
            .cell(V::U, u)
            .num(V::D, direction(dx, dy))
            .cell(V::J, j)
            .num(V::Steps, dx.abs().max(dy.abs()) as f64)
            .num(V::Scanned, scanned);
        scanned = 0.0;
        let g_new = units_cost(e.g);
        let node = input.before.node(j.0, j.1);
        let h = node.map_or(0.0, |n| n.h);
        // A cell a jump only scanned has no node, whatever g its slot holds.
        let g_old = node
            .filter(|n| !matches!(n.state, CellState::Unvisited | CellState::Scanned))
            .and_then(|n| n.g);
        let f = g_new + input.settings.weight * h;
        let (id, say, case) = match e.state {
            OPEN => ("new", Say::Case5, 5.0),
            REOPENED => ("better-closed", Say::Case2, 2.0),
            _ => ("better-open", Say::Case1, 1.0),
        };
        b.line(id, say, Some(j))
            .cell(V::U, u)
            .cell(V::J, j)
            .maybe(V::GU, g_u)
            .num(V::GNew, g_new)
            .maybe(V::GJ, g_old)
            .num(V::HJ, h)
            .num(V::FJ, f)
            .num(V::Case, case);
        relaxed.push((j, g_new, h, Some(f)));
    }
    b.line("for", Say::JumpsDone, Some(u))
        .cell(V::U, u)
        .num(V::Scanned, scanned);
    ending(input, b, &relaxed, "nopath");
}

/// LPA* and D* Lite: the pop, how u was settled, and UpdateVertex on every neighbour.
pub(super) fn incremental(input: &StepInput, b: &mut Builder) {
    let grid = input.grid;
    let Some(pop) = input.events.first() else {
        return;
    };
    let u = xy(grid, pop.cell);
    let (value, h, _, top) = taken(input, u);
    let s = b.line("pop", Say::PopKey, Some(u)).cell(V::U, u);
    if let Some([k1, k2]) = top.and_then(|t| t.key) {
        s.pair(V::KeyU, k1, k2);
    }
    s.maybe(V::MinGRhs, value).num(V::HU, h);
    let mut rest = input.events.iter().skip(1).peekable();
    if let Some(e) = rest.next_if(|e| e.cell == pop.cell && e.code == FAR) {
        let v = units_cost(e.g);
        if e.state == SAME_STATE {
            b.line("over", Say::Over, Some(u))
                .cell(V::U, u)
                .num(V::GU, v);
        } else {
            b.line("under", Say::Under, Some(u))
                .cell(V::U, u)
                .num(V::GU, f64::INFINITY)
                .num(V::RhsU, v);
        }
    }
    let updates: Vec<_> = rest
        .filter(|e| e.code == FAR && e.cell != pop.cell)
        .collect();
    b.line("for", Say::Updates, Some(u))
        .cell(V::U, u)
        .num(V::Moves, updates.len() as f64);
    for e in updates {
        let v = xy(grid, e.cell);
        let before = input.state_before(e.cell);
        // The event carries g once the cell has been expanded (g finite), rhs before.
        let settled = matches!(before, CLOSED | PATH) || before == CellState::Repaired as u8;
        let (id, say) = if e.state == OPEN {
            ("queue", Say::Queue)
        } else {
            ("consistent", Say::Consistent)
        };
        let s = b.line(id, say, Some(v)).cell(V::U, u).cell(V::Nb, v);
        s.num(if settled { V::GV } else { V::RhsV }, units_cost(e.g));
        if let Some(n) = input.before.node(v.0, v.1) {
            s.num(V::HV, n.h);
        }
    }
    ending(input, b, &[], "path");
    if input.finish.iter().any(|e| e.state == PATH) {
        path_found(input, b, "path", Say::Path);
    }
}

/// A* on a node mesh: the pop, then the edges that gave a node a cheaper path.
pub(super) fn mesh(input: &StepInput, b: &mut Builder) {
    let Some((u, g_u)) = pop_close_goal(input, b) else {
        return;
    };
    let grid = input.grid;
    b.line("for", Say::Edges, Some(u)).cell(V::U, u);
    let mut relaxed = Vec::new();
    for e in input.events.iter().skip(1) {
        if e.code != FAR || !matches!(e.state, OPEN | REOPENED) {
            continue;
        }
        let v = xy(grid, e.cell);
        let g_new = units_cost(e.g);
        let (h, g_old) = input.before.node(v.0, v.1).map_or((0.0, None), |n| {
            (n.h, n.g.filter(|_| n.state != CellState::Unvisited))
        });
        let before = input.state_before(e.cell);
        let say = match before {
            UNVISITED => Say::Case5,
            CLOSED => Say::Case2,
            _ => Say::Case1,
        };
        let s = b.line("new", say, Some(v)).cell(V::U, u).cell(V::Nb, v);
        if let Some(g) = g_u {
            s.num(V::EdgeLength, g_new - g);
        }
        s.num(V::GNew, g_new)
            .maybe(V::GV, g_old)
            .num(V::HV, h)
            .num(V::FV, g_new + h);
        relaxed.push((v, g_new, h, Some(g_new + h)));
    }
    b.line("worse", Say::EdgesDone, Some(u)).cell(V::U, u);
    ending(input, b, &relaxed, "nopath");
}

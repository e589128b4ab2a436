//! The questions about whole searches: the path returned, which algorithm made a picture,
//! whether a weighted search stays optimal, what a repair expands. Each runs the searchers
//! of [`crate::search`] to the end (and through a repair) and keeps what they did.

use super::answer::{cost_text, Answer, Explanation, LineRef, Var};
use super::found::{Found, Key, Scene};
use super::spec::{LearnError, Spec};
use crate::grid::Cell;
use crate::rng::SplitMix64;
use crate::search::{new_search, Algorithm, Budget, CellState, Searcher, Settings, Status};
use crate::text::number::decimal;

/// The clock the exercises run by: they never budget time.
fn no_clock() -> f64 {
    0.0
}

/// `settings`' search on `scene`, run to its end.
fn finished(scene: &Scene, settings: &Settings) -> Result<Box<dyn Searcher>, LearnError> {
    let mut search = new_search(&scene.grid, scene.start, scene.goal, settings)?;
    search.run(&scene.grid, Budget::Unlimited, &no_clock)?;
    Ok(search)
}

/// A question on `scene` before any search: every cell unvisited.
fn unstarted(scene: &Scene, question: String, answer_with: &'static str, key: Key) -> Found {
    Found {
        step: 0,
        highlight: Vec::new(),
        states: vec![CellState::Unvisited as u8; scene.grid.len()],
        candidates: Vec::new(),
        question,
        answer_with,
        key,
        settings: None,
    }
}

/// Path: the cells of the path returned (or its cost), at least three moves long.
pub(super) fn path(_spec: &Spec, scene: &Scene) -> Result<Option<Found>, LearnError> {
    let search = finished(scene, &scene.settings)?;
    let stats = search.stats();
    let (Status::Found, Some(cost), Some(moves)) =
        (search.status(), stats.path_cost, stats.path_moves)
    else {
        return Ok(None);
    };
    if moves < 3 {
        return Ok(None);
    }
    let algorithm = scene.settings.algorithm;
    let key = Key {
        expected: Answer::Cells(search.path_cells()),
        also: Some(Answer::Cost(cost)),
        as_set: false,
        explanation: Explanation {
            rule: format!(
                "{} stops when it takes the goal from the open list and reads the path back \
                 through each node's parent",
                algorithm.info().label
            ),
            line: LineRef::by_id(algorithm, "goal"),
            vars: vec![
                Var::cost("path cost", cost),
                Var {
                    name: "count:moves".into(),
                    value: [moves as f64, 0.0],
                },
                Var::cell("start", scene.start),
                Var::cell("goal", scene.goal),
            ],
            counter_example: None,
        },
    };
    Ok(Some(unstarted(
        scene,
        format!(
            "Draw the path {} returns from the start to the goal{}, or give its cost.",
            algorithm.info().label,
            if search.is_any_angle() {
                " (the cells where it turns)"
            } else {
                ""
            }
        ),
        "cells-or-cost",
        key,
    )))
}

/// The candidates of which-algorithm: BFS, Best-First, Dijkstra, A*, A* with weight 2 and
/// JPS, by their answer names.
const CANDIDATES: [(&str, Algorithm, f64); 6] = [
    ("bfs", Algorithm::BreadthFirst, 1.0),
    ("best-first", Algorithm::BestFirst, 1.0),
    ("dijkstra", Algorithm::Dijkstra, 1.0),
    ("astar", Algorithm::AStar, 1.0),
    ("astar:2", Algorithm::AStar, 2.0),
    ("jps", Algorithm::Jps, 1.0),
];

/// A finished search's picture as a student sees it: open, closed, path, scanned.
fn picture(states: &[u8]) -> Vec<u8> {
    states
        .iter()
        .map(|&s| match CellState::from_byte(s) {
            Some(CellState::Open | CellState::Reopened | CellState::BackOpen) => 1,
            Some(
                CellState::Closed
                | CellState::JumpPoint
                | CellState::BackClosed
                | CellState::Repaired,
            ) => 2,
            Some(CellState::Path) => 3,
            Some(CellState::Scanned) => 4,
            _ => 0,
        })
        .collect()
}

/// Which algorithm: the seed picks a candidate; its finished picture must differ from
/// every other candidate's on the same map, or the question is degenerate.
pub(super) fn which_algorithm(
    scene: &Scene,
    rng: &mut SplitMix64,
) -> Result<Option<Found>, LearnError> {
    let mut runs = Vec::new();
    for (name, algorithm, weight) in CANDIDATES {
        let settings = Settings {
            algorithm,
            weight,
            ..scene.settings
        };
        if settings.unavailable_on(&scene.grid).is_some() {
            continue;
        }
        let search = finished(scene, &settings)?;
        if search.status() != Status::Found {
            return Ok(None);
        }
        runs.push((name, settings, search));
    }
    let pick = rng.below(runs.len() as u64) as usize;
    let pictures: Vec<Vec<u8>> = runs.iter().map(|r| picture(r.2.states())).collect();
    if (0..runs.len()).any(|i| i != pick && pictures[i] == pictures[pick]) {
        return Ok(None);
    }
    let (name, settings, search) = &runs[pick];
    let stats = search.stats();
    let rule = match (settings.algorithm, settings.weight) {
        (Algorithm::BreadthFirst, _) => "Breadth-First grows in rings of moves, terrain ignored",
        (Algorithm::BestFirst, _) => "Best-First heads straight for the goal by h alone and closes few cells",
        (Algorithm::Dijkstra, _) => "Dijkstra grows by cost in every direction, goal ignored",
        (Algorithm::Jps, _) => "JPS closes only jump points and scans the cells between",
        (_, w) if w > 1.0 => "weighted A* leans towards the goal harder than A*, closing fewer cells",
        _ => "A* grows towards the goal by f = g + h, closing only cells with f below the path's cost",
    };
    let key = Key {
        expected: Answer::Algorithm((*name).to_string()),
        explanation: Explanation {
            rule: rule.into(),
            line: LineRef::by_id(settings.algorithm, "pop"),
            vars: vec![
                Var {
                    name: "count:expanded".into(),
                    value: [stats.expanded as f64, 0.0],
                },
                Var::cost("path cost", stats.path_cost.unwrap_or(f64::NAN)),
            ],
            counter_example: None,
        },
        ..Key::default()
    };
    let mut found = unstarted(
        scene,
        "This finished search (closed, open, path) was made by one of these algorithms. \
         Which?"
            .into(),
        "algorithm",
        key,
    );
    found.states = search.states().to_vec();
    found.candidates = runs.iter().map(|r| r.0.to_string()).collect();
    Ok(Some(found))
}

/// Heuristic: will this weighted A* (or Best-First) return an optimal path here? The seed's
/// parity asks for a yes or a no on a generated map, so both answers come up.
pub(super) fn heuristic(
    spec: &Spec,
    scene: &Scene,
    rng: &mut SplitMix64,
) -> Result<Option<Found>, LearnError> {
    let mut settings = scene.settings;
    let chosen_weight = spec.settings.is_some_and(|s| s.weight != 1.0);
    if settings.algorithm == Algorithm::AStar && !chosen_weight {
        let weights: &[f64] = match spec.difficulty {
            1 => &[3.0, 5.0],
            2 => &[1.5, 2.0],
            _ => &[1.2, 1.5],
        };
        settings.weight = weights[rng.below(weights.len() as u64) as usize];
    }
    let search = finished(scene, &settings)?;
    let optimal = finished(
        scene,
        &Settings {
            algorithm: Algorithm::Dijkstra,
            ..settings
        },
    )?;
    let (Some(cost), Some(best)) = (search.stats().path_cost, optimal.stats().path_cost) else {
        return Ok(None);
    };
    if optimal.stats().path_moves < Some(3) {
        return Ok(None);
    }
    let is_optimal = cost - best <= 1e-9;
    let wanted = spec.seed % 2 == 0;
    if spec.map.is_none() && !chosen_weight && is_optimal != wanted {
        return Ok(None);
    }
    let label = settings.algorithm.info().label;
    let with = if settings.algorithm == Algorithm::AStar {
        format!("{label} with weight w = {}", decimal(settings.weight))
    } else {
        label.to_string()
    };
    let rule = if is_optimal {
        format!(
            "here {with} returns a path of cost {}, the optimal cost",
            decimal(cost)
        )
    } else {
        format!(
            "{with} returns a path of cost {}, but the path shown costs only {}: its \
             estimate overrates the cost to the goal, so it closed the goal before the cheaper \
             way was found",
            cost_text(cost),
            cost_text(best)
        )
    };
    let key = Key {
        expected: Answer::Optimal(is_optimal),
        explanation: Explanation {
            rule,
            line: LineRef::by_id(settings.algorithm, "pop"),
            vars: vec![
                Var::cost("path cost", cost),
                Var::cost("optimal cost", best),
                Var::cost("w", settings.weight),
            ],
            counter_example: (!is_optimal).then(|| optimal.path_cells()),
        },
        ..Key::default()
    };
    let mut found = unstarted(
        scene,
        format!("Will {with} return an optimal (cheapest) path on this map? Yes or no."),
        "optimal",
        key,
    );
    found.settings = Some(settings);
    Ok(Some(found))
}

/// Repair: LPA* or D* Lite has found its path; a wall is drawn across it (one cell at
/// difficulty 1, up to three in a line above). Which cells does the repair expand? A path
/// must remain, and the repair expands 1–8 cells at difficulty 1, 3–16 at 2, 3–30 at 3.
pub(super) fn repair(
    spec: &Spec,
    scene: &Scene,
    rng: &mut SplitMix64,
) -> Result<Option<Found>, LearnError> {
    let mut search = finished(scene, &scene.settings)?;
    let path = search.path_cells();
    if search.status() != Status::Found || path.len() < 4 {
        return Ok(None);
    }
    let before_states = search.states().to_vec();
    let before_cost = search.stats().path_cost.unwrap_or(f64::NAN);
    let centre = path[1 + rng.below(path.len() as u64 - 2) as usize];
    let (dx, dy) = [(1i64, 0i64), (0, 1), (1, 1), (1, -1)][rng.below(4) as usize];
    let reach = i64::from(spec.difficulty) - 1;
    let mut grid = scene.grid.clone();
    let mut wall = Vec::new();
    for t in -reach..=reach {
        let (x, y) = (i64::from(centre.0) + t * dx, i64::from(centre.1) + t * dy);
        let Some(i) = grid.index(x, y) else { continue };
        let cell = grid.coords(i);
        if cell == scene.start || cell == scene.goal || !grid.is_passable(x, y) {
            continue;
        }
        grid.set(x, y, Cell::Wall);
        wall.push(i as u32);
    }
    if !search.repair(&grid, scene.start, scene.goal, &wall) {
        return Ok(None);
    }
    let mut expanded: Vec<(u32, u32)> = Vec::new();
    loop {
        let count = search.stats().expanded;
        let status = search.run(&grid, Budget::Expansions(1), &no_clock)?;
        if search.stats().expanded > count {
            if let Some(c) = search.current() {
                if !expanded.contains(&c) {
                    expanded.push(c);
                }
            }
        }
        if status.is_done() {
            break;
        }
    }
    // Enough cells to think about, few enough to click: 1–8, then 3–16, then 3–30.
    let (least, most) = match spec.difficulty {
        1 => (1, 8),
        2 => (3, 16),
        _ => (3, 30),
    };
    if search.status() != Status::Found || !(least..=most).contains(&expanded.len()) {
        return Ok(None);
    }
    let algorithm = scene.settings.algorithm;
    let wall_cells: Vec<(u32, u32)> = wall.iter().map(|&i| grid.coords(i as usize)).collect();
    let label = algorithm.info().label;
    let key = Key {
        expected: Answer::Cells(expanded.clone()),
        as_set: true,
        explanation: Explanation {
            rule: format!(
                "the wall changes the one-step lookahead (rhs) of the cells beside it; {label} \
                 puts the cells made inconsistent back on its queue and expands them, and the \
                 cells their change reaches, only while their key is below the {}'s",
                if algorithm == Algorithm::DStarLite {
                    "start"
                } else {
                    "goal"
                }
            ),
            line: LineRef::by_id(algorithm, "edit"),
            vars: vec![
                Var::cost("path cost before", before_cost),
                Var::cost("path cost", search.stats().path_cost.unwrap_or(f64::NAN)),
                Var {
                    name: "count:expanded".into(),
                    value: [expanded.len() as f64, 0.0],
                },
            ],
            counter_example: None,
        },
        ..Key::default()
    };
    let mut found = unstarted(
        scene,
        format!(
            "{label} has found its path. The highlighted wall is drawn across it: which cells \
             will the repair expand?"
        ),
        "cell-set",
        key,
    );
    found.states = before_states;
    found.highlight = wall_cells;
    Ok(Some(found))
}

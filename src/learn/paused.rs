//! The questions asked of a paused search: the next expansion, a node's values, the open
//! list's order, the jump points of JPS's next expansion. Each runs a [`Planner`] (the
//! page's own: recorded, with its step trace) to a step drawn from the seed, reads what the
//! question shows, then runs one expansion more where the answer is what that step does.

use super::answer::{Answer, Explanation, LineRef, Var};
use super::found::{Found, Key, Scene};
use super::spec::{LearnError, Spec};
use crate::planner::Planner;
use crate::rng::SplitMix64;
use crate::search::settings::Ranking;
use crate::search::{new_search, Budget, CellState, Searcher};

/// The clock the exercises run by: they never budget time.
fn no_clock() -> f64 {
    0.0
}

/// How many paused steps are tried on one map before another map is drawn.
const STEPS_TRIED: usize = 8;

/// A planner on `scene` paused at a step drawn from `rng` (before the search ends) for
/// which `fits` holds, or none.
fn paused(
    scene: &Scene,
    rng: &mut SplitMix64,
    mut fits: impl FnMut(&mut Planner) -> bool,
) -> Result<Option<Planner>, LearnError> {
    // How long the whole search is, from a plain run (no timeline to record).
    let mut full = new_search(&scene.grid, scene.start, scene.goal, &scene.settings)?;
    full.run(&scene.grid, Budget::Unlimited, &no_clock)?;
    let total = full.stats().expanded;
    let planner = Planner::with_grid(scene.grid.clone(), scene.start, scene.goal, scene.settings)?;
    if total < 3 {
        return Ok(None);
    }
    for _ in 0..STEPS_TRIED {
        let k = rng.below(total - 1);
        let mut p = planner.clone();
        if k > 0 {
            p.only_mut().step(Budget::Expansions(k), no_clock);
        }
        if !p.only().shown_status().is_done() && fits(&mut p) {
            return Ok(Some(p));
        }
    }
    Ok(None)
}

/// How many entries the open list holds at the step shown (up to `n`).
fn open_count(p: &mut Planner, n: usize) -> usize {
    p.only_mut().open_top(n).len()
}

/// The fields every paused question shares.
fn found(p: &Planner, question: String, answer_with: &'static str, key: Key) -> Found {
    Found {
        step: p.only().search().stats().expanded as usize,
        highlight: Vec::new(),
        states: p.only().shown_states().to_vec(),
        candidates: Vec::new(),
        question,
        answer_with,
        key,
        settings: None,
    }
}

/// Takes one expansion and returns the cell it took and the pop line of its step trace.
fn take_one(p: &mut Planner) -> Option<((u32, u32), crate::search::trace::StepTrace)> {
    p.only_mut().step(Budget::Expansions(1), no_clock);
    let taken = p.only().shown_current()?;
    Some((taken, p.only_mut().step_trace()))
}

/// Next expansion: which cell the search takes next. From difficulty 2 the open list holds
/// four cells or more; at 3 a tie decides (but for Breadth-First, which has none).
pub(super) fn next_expansion(
    spec: &Spec,
    scene: &Scene,
    rng: &mut SplitMix64,
) -> Result<Option<Found>, LearnError> {
    let least = if spec.difficulty >= 2 { 4 } else { 2 };
    // Breadth-First has no ties: its queue is first in, first out.
    let tie = spec.difficulty >= 3 && scene.settings.algorithm.ranking() != Ranking::Arrival;
    let Some(mut p) = paused(scene, rng, |p| {
        open_count(p, least) >= least && (!tie || p.only_mut().open_why().starts_with("tie"))
    })?
    else {
        return Ok(None);
    };
    let why = p.only_mut().open_why();
    let mut question = found(
        &p,
        format!(
            "{} is paused after {} expansions. Which cell does it take from the open list next?",
            scene.settings.algorithm.info().label,
            p.only().search().stats().expanded
        ),
        "cell",
        Key::default(),
    );
    let Some((taken, trace)) = take_one(&mut p) else {
        return Ok(None);
    };
    let pop = trace.sub_steps.first();
    question.key = Key {
        expected: Answer::Cell(taken),
        explanation: Explanation::at_sub_step(why, scene.settings.algorithm, pop),
        ..Key::default()
    };
    Ok(Some(question))
}

/// Values: g, h and f of an open cell other than the start.
pub(super) fn values(
    spec: &Spec,
    scene: &Scene,
    rng: &mut SplitMix64,
) -> Result<Option<Found>, LearnError> {
    let least = if spec.difficulty >= 2 { 4 } else { 2 };
    let Some(mut p) = paused(scene, rng, |p| open_count(p, least) >= least)? else {
        return Ok(None);
    };
    let open: Vec<(u32, u32)> = p
        .only_mut()
        .open_top(64)
        .iter()
        .map(|e| (e.x, e.y))
        .filter(|&c| c != scene.start)
        .collect();
    if open.is_empty() {
        return Ok(None);
    }
    let cell = open[rng.below(open.len() as u64) as usize];
    let Some(node) = p.only_mut().shown_node(cell.0, cell.1) else {
        return Ok(None);
    };
    let (Some(g), Some(f)) = (node.g, node.f) else {
        return Ok(None);
    };
    let s = &scene.settings;
    let rule = match s.algorithm.ranking() {
        Ranking::Estimate => "Best-First ranks by h alone: f = h".to_string(),
        Ranking::Cost => "Dijkstra ranks by the cost so far alone: f = g".to_string(),
        Ranking::Arrival => "Breadth-First ranks by arrival".to_string(),
        Ranking::CostAndEstimate => format!(
            "f = g + w·h with w = {}: g is the cheapest cost found so far from the start, \
             h the {} estimate to the goal",
            crate::text::number::decimal(s.weight),
            s.heuristic_on(&crate::grid::Topology::of(&scene.grid, &s.movement))
                .name()
        ),
    };
    let mut vars = vec![
        Var::cell("v", cell),
        Var::cost("g(v)", g),
        Var::cost("h(v)", node.h),
        Var::cost("f(v)", f),
    ];
    if let Some(parent) = node.parent {
        vars.push(Var::cell("parent(v)", parent));
    }
    let mut question = found(
        &p,
        format!(
            "{} is paused after {} expansions. Give g, h and f of the highlighted open cell \
             ({}, {}) to two decimals.",
            s.algorithm.info().label,
            p.only().search().stats().expanded,
            cell.0,
            cell.1
        ),
        "values",
        Key {
            expected: Answer::Values { g, h: node.h, f },
            explanation: Explanation {
                rule,
                line: LineRef::by_id(s.algorithm, "new"),
                vars,
                counter_example: None,
            },
            ..Key::default()
        },
    );
    question.highlight = vec![cell];
    Ok(Some(question))
}

/// Order: the first three cells the open list gives, with four or more on it.
pub(super) fn order(
    _spec: &Spec,
    scene: &Scene,
    rng: &mut SplitMix64,
) -> Result<Option<Found>, LearnError> {
    let Some(mut p) = paused(scene, rng, |p| open_count(p, 4) >= 4)? else {
        return Ok(None);
    };
    let top = p.only_mut().open_top(3);
    let why = p.only_mut().open_why();
    let algorithm = scene.settings.algorithm;
    let mut vars = Vec::new();
    for (i, e) in top.iter().enumerate() {
        let n = i + 1;
        vars.push(Var::cell(&format!("#{n}"), (e.x, e.y)));
        vars.push(Var::cost(&format!("g(#{n})"), e.g));
        vars.push(Var::cost(&format!("h(#{n})"), e.h));
        vars.push(Var::cost(&format!("f(#{n})"), e.f));
    }
    let key = Key {
        expected: Answer::Cells(top.iter().map(|e| (e.x, e.y)).collect()),
        explanation: Explanation {
            rule: if algorithm.ranking() == Ranking::Arrival {
                "the queue gives the cells in the order they arrived: first in, first out".into()
            } else {
                format!(
                    "the open list gives the entry with the lowest key first; ties go to the \
                     larger g, then to the oldest entry (first: {why})"
                )
            },
            line: LineRef::by_id(algorithm, "pop"),
            vars,
            counter_example: None,
        },
        ..Key::default()
    };
    Ok(Some(found(
        &p,
        format!(
            "{} is paused after {} expansions. Put the first three cells of its open list in \
             the order they will be taken.",
            algorithm.info().label,
            p.only().search().stats().expanded
        ),
        "cells",
        key,
    )))
}

/// Jump points: the cells Jump Point Search's next expansion puts on the open list (new, or
/// with a cheaper g). At difficulty 2 and 3, two or more.
pub(super) fn jump_points(
    spec: &Spec,
    scene: &Scene,
    rng: &mut SplitMix64,
) -> Result<Option<Found>, LearnError> {
    let least = if spec.difficulty >= 2 { 2 } else { 1 };
    let Some(mut p) = paused(scene, rng, |p| added(&mut p.clone()).len() >= least)? else {
        return Ok(None);
    };
    let mut question = found(&p, String::new(), "cell-set", Key::default());
    let Some(u) = p.only_mut().open_top(1).first().map(|e| (e.x, e.y)) else {
        return Ok(None);
    };
    let jumps = added(&mut p);
    let trace = p.only_mut().step_trace();
    let jump = trace.sub_steps.iter().find(|s| s.id == "jump");
    question.question = format!(
        "{} is paused after {} expansions and takes ({}, {}) next. Which jump points will \
         that expansion add to the open list?",
        scene.settings.algorithm.info().label,
        question.step,
        u.0,
        u.1
    );
    question.highlight = vec![u];
    question.key = Key {
        expected: Answer::Cells(jumps),
        as_set: true,
        explanation: Explanation::at_sub_step(
            "from the node taken, JPS jumps in each direction its parent leaves open; a jump \
             stops at the goal or at a cell with a forced neighbour, and that cell is added \
             when it is new or cheaper than before"
                .into(),
            scene.settings.algorithm,
            jump,
        ),
        ..Key::default()
    };
    Ok(Some(question))
}

/// Runs one expansion of `p` and returns the cells it put on the open list with a new or
/// cheaper g.
fn added(p: &mut Planner) -> Vec<(u32, u32)> {
    let grid = p.grid().clone();
    let before: Vec<Option<f64>> = (0..grid.len())
        .map(|i| {
            let (x, y) = grid.coords(i);
            p.only_mut().shown_node(x, y).and_then(|n| n.g)
        })
        .collect();
    p.only_mut().step(Budget::Expansions(1), no_clock);
    let search: &dyn Searcher = p.only().search();
    let states = search.states();
    (0..grid.len())
        .filter(|&i| {
            let open = states[i] == CellState::Open as u8 || states[i] == CellState::Reopened as u8;
            let (x, y) = grid.coords(i);
            let g = search.node(x, y).and_then(|n| n.g);
            open && g.is_some() && (before[i].is_none() || g < before[i])
        })
        .map(|i| grid.coords(i))
        .collect()
}

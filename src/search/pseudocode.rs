//! Each algorithm's pseudocode, as the page's pseudocode panel shows it beside the search.
//!
//! The text is a teaching text, and it says what the engines do, not what a textbook does:
//! the textbook engine closes a node as it takes it from the open list (so the goal is
//! counted as expanded), breaks ties on the key to the larger g and then to the older entry,
//! and applies seed 003's five cases to every neighbour (numbered as in
//! `engine/mod.rs`: 1 a cheaper path to an open cell, 2 a cheaper path to a closed cell,
//! which re-opens it, 3 and 4 a path no cheaper to an open or a closed cell, forgotten, 5 a
//! cell without a node). Every line has an `id`: the step trace ([`super::trace`]) says which
//! line a moment of the search is at by naming it, and a test holds every id it names to a
//! line of the algorithm's text.
//!
//! ```
//! use pathlab::search::{pseudocode, Algorithm};
//! let lines = pseudocode::lines(Algorithm::AStar);
//! assert!(lines.iter().any(|l| l.id == "pop" && l.text.contains("g + w·h")));
//! ```

use super::settings::Algorithm;

/// One line of pseudocode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Line {
    /// What the line does ("pop", "new", "worse"…): the step trace names lines by it.
    pub id: &'static str,
    /// How far it is indented, in levels.
    pub depth: u8,
    /// The line.
    pub text: &'static str,
}

const fn line(id: &'static str, depth: u8, text: &'static str) -> Line {
    Line { id, depth, text }
}

const BFS: &[Line] = &[
    line(
        "init",
        0,
        "open ← a first-in, first-out queue holding start",
    ),
    line("loop", 0, "while open is not empty:"),
    line("pop", 1, "u ← the node that has waited longest in open"),
    line("close", 1, "close u"),
    line(
        "goal",
        1,
        "if u = goal: return the path of parents back to start",
    ),
    line("for", 1, "for each neighbour v of u (a legal move):"),
    line("cost", 2, "g′ ← g(u) + cost(u → v)"),
    line(
        "new",
        2,
        "if v has no node: g(v) ← g′, parent(v) ← u, add v to open   ⟨case 5⟩",
    ),
    line(
        "worse",
        2,
        "else: leave v as it is, whatever g′ is   ⟨cases 1–4⟩",
    ),
    line("nopath", 0, "return no path"),
];

const BEST_FIRST: &[Line] = &[
    line("init", 0, "open ← {start}; g(start) ← 0"),
    line("loop", 0, "while open is not empty:"),
    line(
        "pop",
        1,
        "u ← the node in open with the smallest h (ties: larger g, then older)",
    ),
    line("close", 1, "close u"),
    line(
        "goal",
        1,
        "if u = goal: return the path of parents back to start",
    ),
    line("for", 1, "for each neighbour v of u (a legal move):"),
    line("cost", 2, "g′ ← g(u) + cost(u → v)"),
    line(
        "new",
        2,
        "if v has no node: g(v) ← g′, parent(v) ← u, add v to open   ⟨case 5⟩",
    ),
    line(
        "worse",
        2,
        "else: leave v as it is, even if g′ is cheaper   ⟨cases 1–4⟩",
    ),
    line("nopath", 0, "return no path"),
];

const DIJKSTRA: &[Line] = &[
    line("init", 0, "open ← {start}; g(start) ← 0"),
    line("loop", 0, "while open is not empty:"),
    line(
        "pop",
        1,
        "u ← the node in open with the smallest g (ties: the older)",
    ),
    line("close", 1, "close u"),
    line(
        "goal",
        1,
        "if u = goal: return the path of parents back to start",
    ),
    line("for", 1, "for each neighbour v of u (a legal move):"),
    line("cost", 2, "g′ ← g(u) + cost(u → v)"),
    line(
        "new",
        2,
        "if v has no node: g(v) ← g′, parent(v) ← u, add v to open   ⟨case 5⟩",
    ),
    line(
        "better-open",
        2,
        "else if v is open and g′ < g(v): g(v) ← g′, parent(v) ← u   ⟨case 1⟩",
    ),
    line(
        "better-closed",
        2,
        "else if v is closed and g′ < g(v): re-open v (never: g only grows)   ⟨case 2⟩",
    ),
    line(
        "worse",
        2,
        "else: forget g′, a path no cheaper   ⟨cases 3, 4⟩",
    ),
    line("nopath", 0, "return no path"),
];

const A_STAR: &[Line] = &[
    line("init", 0, "open ← {start}; g(start) ← 0"),
    line("loop", 0, "while open is not empty:"),
    line(
        "pop",
        1,
        "u ← the node in open with the smallest f = g + w·h (ties: larger g, then older)",
    ),
    line("close", 1, "close u"),
    line(
        "goal",
        1,
        "if u = goal: return the path of parents back to start",
    ),
    line("for", 1, "for each neighbour v of u (a legal move):"),
    line("cost", 2, "g′ ← g(u) + cost(u → v)"),
    line(
        "new",
        2,
        "if v has no node: g(v) ← g′, parent(v) ← u, add v to open   ⟨case 5⟩",
    ),
    line(
        "better-open",
        2,
        "else if v is open and g′ < g(v): g(v) ← g′, parent(v) ← u, move v up   ⟨case 1⟩",
    ),
    line(
        "better-closed",
        2,
        "else if v is closed and g′ < g(v): g(v) ← g′, parent(v) ← u, re-open v   ⟨case 2⟩",
    ),
    line(
        "worse",
        2,
        "else: forget g′, a path no cheaper   ⟨cases 3, 4⟩",
    ),
    line("nopath", 0, "return no path"),
];

const JPS: &[Line] = &[
    line("init", 0, "open ← {start}; g(start) ← 0"),
    line("loop", 0, "while open is not empty:"),
    line("pop", 1, "u ← the jump point in open with the smallest f = g + w·h (ties: larger g, then older)"),
    line("close", 1, "close u"),
    line("goal", 1, "if u = goal: return the path of parents, filled in cell by cell"),
    line("prune", 1, "dirs ← from the way u was entered: straight on (and a diagonal's two parts), plus the turns a wall beside u forces; all 8 at start"),
    line("for", 1, "for each direction d in dirs:"),
    line("jump", 2, "j ← jump(u, d): step along d until the goal, a cell with a forced neighbour, or (diagonally) a cell a straight jump finds one from; none at a wall"),
    line("cost", 2, "if there is a j: g′ ← g(u) + the length of the run from u to j"),
    line("new", 3, "if j has no node: g(j) ← g′, parent(j) ← u, add j to open   ⟨case 5⟩"),
    line("better-open", 3, "else if j is open and g′ < g(j): g(j) ← g′, parent(j) ← u   ⟨case 1⟩"),
    line("better-closed", 3, "else if j is closed and g′ < g(j): re-open j   ⟨case 2⟩"),
    line("worse", 3, "else: forget g′   ⟨cases 3, 4⟩"),
    line("nopath", 0, "return no path"),
];

const JPS_PLUS: &[Line] = &[
    line("init", 0, "table ← for every cell and direction, how far a jump goes (built once per map)"),
    line("loop", 0, "open ← {start}; g(start) ← 0; while open is not empty:"),
    line("pop", 1, "u ← the jump point in open with the smallest f = g + w·h (ties: larger g, then older)"),
    line("close", 1, "close u"),
    line("goal", 1, "if u = goal: return the path of parents, filled in cell by cell"),
    line("prune", 1, "dirs ← from the way u was entered: straight on (and a diagonal's two parts), plus the turns a wall beside u forces; all 8 at start"),
    line("for", 1, "for each direction d in dirs:"),
    line("jump", 2, "j ← table[u][d] steps along d (a jump point), or the goal's row, column or cell if it comes first; none when the table says wall"),
    line("cost", 2, "if there is a j: g′ ← g(u) + the length of the run from u to j"),
    line("new", 3, "if j has no node: g(j) ← g′, parent(j) ← u, add j to open   ⟨case 5⟩"),
    line("better-open", 3, "else if j is open and g′ < g(j): g(j) ← g′, parent(j) ← u   ⟨case 1⟩"),
    line("better-closed", 3, "else if j is closed and g′ < g(j): re-open j   ⟨case 2⟩"),
    line("worse", 3, "else: forget g′   ⟨cases 3, 4⟩"),
    line("nopath", 0, "return no path"),
];

const JPS_PLUS_BOUNDED: &[Line] = &[
    line("init", 0, "table ← jump distances; boxes ← for every cell c and direction d, the bounding box of every cell a shortest path from c starting with d reaches (a flood from every cell, built once per map)"),
    line("loop", 0, "open ← {start}; g(start) ← 0; while open is not empty:"),
    line("pop", 1, "u ← the jump point in open with the smallest f = g + w·h (ties: larger g, then older)"),
    line("close", 1, "close u"),
    line("goal", 1, "if u = goal: return the path of parents, filled in cell by cell"),
    line("prune", 1, "dirs ← from the way u was entered: straight on (and a diagonal's two parts), plus the turns a wall beside u forces; all 8 at start"),
    line("for", 1, "for each direction d in dirs:"),
    line("bound", 2, "if the goal is outside boxes[u][d]: skip d (no shortest path from u starts that way)"),
    line("jump", 2, "j ← table[u][d] steps along d (a jump point), or the goal's row, column or cell if it comes first; none when the table says wall"),
    line("cost", 2, "if there is a j: g′ ← g(u) + the length of the run from u to j"),
    line("new", 3, "if j has no node: g(j) ← g′, parent(j) ← u, add j to open   ⟨case 5⟩"),
    line("better-open", 3, "else if j is open and g′ < g(j): g(j) ← g′, parent(j) ← u   ⟨case 1⟩"),
    line("better-closed", 3, "else if j is closed and g′ < g(j): re-open j   ⟨case 2⟩"),
    line("worse", 3, "else: forget g′   ⟨cases 3, 4⟩"),
    line("nopath", 0, "return no path"),
];

const JPS2: &[Line] = &[
    line("init", 0, "open ← {start}; g(start) ← 0"),
    line("loop", 0, "while open is not empty:"),
    line("pop", 1, "u ← the jump point in open with the smallest f = g + w·h (ties: larger g, then older)"),
    line("close", 1, "close u"),
    line("goal", 1, "if u = goal: return the path of parents, filled in cell by cell"),
    line("prune", 1, "dirs ← from the way u's last straight or diagonal run entered it: straight on (and a diagonal's two parts), plus the turns a wall beside u forces; all 8 at start"),
    line("for", 1, "for each direction d in dirs:"),
    line("jump", 2, "for each j of jumps(u, d): straight d: the first cell with a forced neighbour, or the goal; diagonal d: step along d to a wall, and at every cell c on the way, the goal or what a straight jump from c finds (c itself is never a node)"),
    line("cost", 2, "g′ ← g(u) + the length of the run from u to j (through its turn)"),
    line("new", 3, "if j has no node: g(j) ← g′, parent(j) ← u, add j to open   ⟨case 5⟩"),
    line("better-open", 3, "else if j is open and g′ < g(j): g(j) ← g′, parent(j) ← u   ⟨case 1⟩"),
    line("better-closed", 3, "else if j is closed and g′ < g(j): re-open j   ⟨case 2⟩"),
    line("worse", 3, "else: forget g′   ⟨cases 3, 4⟩"),
    line("nopath", 0, "return no path"),
];

const JPS2_PLUS: &[Line] = &[
    line("init", 0, "table ← for every cell and direction, how far a jump goes (JPS+'s table, built once per map)"),
    line("loop", 0, "open ← {start}; g(start) ← 0; while open is not empty:"),
    line("pop", 1, "u ← the jump point in open with the smallest f = g + w·h (ties: larger g, then older)"),
    line("close", 1, "close u"),
    line("goal", 1, "if u = goal: return the path of parents, filled in cell by cell"),
    line("prune", 1, "dirs ← from the way u's last straight or diagonal run entered it: straight on (and a diagonal's two parts), plus the turns a wall beside u forces; all 8 at start"),
    line("for", 1, "for each direction d in dirs:"),
    line("jump", 2, "for each j of jumps(u, d): straight d: table[u][d] steps, or the goal if it comes first; diagonal d: hop by table[c][d] (or to the goal's row or column) until the table says wall, and at every cell c hopped to, the goal or the straight jumps the table gives from c"),
    line("cost", 2, "g′ ← g(u) + the length of the run from u to j (through its turn)"),
    line("new", 3, "if j has no node: g(j) ← g′, parent(j) ← u, add j to open   ⟨case 5⟩"),
    line("better-open", 3, "else if j is open and g′ < g(j): g(j) ← g′, parent(j) ← u   ⟨case 1⟩"),
    line("better-closed", 3, "else if j is closed and g′ < g(j): re-open j   ⟨case 2⟩"),
    line("worse", 3, "else: forget g′   ⟨cases 3, 4⟩"),
    line("nopath", 0, "return no path"),
];

const THETA: &[Line] = &[
    line("init", 0, "open ← {start}; g(start) ← 0; parent(start) ← start"),
    line("loop", 0, "while open is not empty:"),
    line("pop", 1, "u ← the node in open with the smallest f = g + w·h, h the straight line (ties: larger g, then older)"),
    line("close", 1, "close u (a closed node is final)"),
    line("goal", 1, "if u = goal: return the corners parent by parent"),
    line("for", 1, "for each neighbour v of u that is not closed:"),
    line("sight", 2, "if parent(u) sees v: g′ ← g(parent(u)) + |parent(u) v|, p ← parent(u)   ⟨path 2⟩"),
    line("direct", 2, "else: g′ ← g(u) + |u v|, p ← u   ⟨path 1⟩"),
    line("new", 2, "if v has no node: g(v) ← g′, parent(v) ← p, add v to open"),
    line("better-open", 2, "else if g′ < g(v): g(v) ← g′, parent(v) ← p, move v up"),
    line("worse", 2, "else: forget g′"),
    line("nopath", 0, "return no path"),
];

const BIDIRECTIONAL: &[Line] = &[
    line("init", 0, "open_f ← {start}, open_b ← {goal}; g_f(start) ← 0, g_b(goal) ← 0; μ ← ∞"),
    line("loop", 0, "loop:"),
    line("stop", 1, "if an open list is empty, or min key_f + min key_b ≥ μ: return the path through the best meeting (none if μ = ∞)"),
    line("side", 1, "s ← the side whose open list is smaller (forward on a tie)"),
    line("pop", 1, "u ← the node in open_s with the smallest key: g_s + p forward, g_s − p backward, p = (h_goal − h_start) / 2"),
    line("close", 1, "close u on side s"),
    line("for", 1, "for each neighbour v of u (a legal move):"),
    line("cost", 2, "g′ ← g_s(u) + cost of the step (the terrain of the cell it enters)"),
    line("new", 2, "if side s has no node for v, or g′ < g_s(v): g_s(v) ← g′, parent_s(v) ← u, (re)open v on side s"),
    line("meet", 3, "if the other side has reached v: μ ← min(μ, g_f(v) + g_b(v))"),
    line("worse", 2, "else: forget g′"),
];

const LPA: &[Line] = &[
    line(
        "init",
        0,
        "g ← ∞ everywhere; rhs(start) ← 0; queue ← {start}",
    ),
    line(
        "loop",
        0,
        "while the top key < key(goal) or rhs(goal) ≠ g(goal):",
    ),
    line(
        "pop",
        1,
        "u ← the cell with the smallest key [min(g, rhs) + h, min(g, rhs)]; take it out",
    ),
    line(
        "over",
        1,
        "if g(u) > rhs(u): g(u) ← rhs(u)   ⟨over-consistent: settle it⟩",
    ),
    line(
        "under",
        1,
        "else: g(u) ← ∞; UpdateVertex(u)   ⟨under-consistent: its cost went up⟩",
    ),
    line("for", 1, "for each neighbour v of u: UpdateVertex(v)"),
    line(
        "path",
        0,
        "return the path from the goal back, each cell to its rhs-argmin neighbour",
    ),
    line(
        "update",
        0,
        "UpdateVertex(v): if v ≠ start: rhs(v) ← min over neighbours s of g(s) + cost(s → v)",
    ),
    line(
        "queue",
        1,
        "if g(v) ≠ rhs(v): (re)queue v with key [min(g, rhs) + h, min(g, rhs)]",
    ),
    line("consistent", 1, "else: take v out of the queue"),
    line(
        "edit",
        0,
        "after an edit: UpdateVertex on each changed cell and its 8 neighbours, then loop again",
    ),
];

const D_STAR_LITE: &[Line] = &[
    line("init", 0, "g ← ∞ everywhere; rhs(goal) ← 0; km ← 0; queue ← {goal}"),
    line("loop", 0, "while the top key < key(start) or rhs(start) ≠ g(start):"),
    line("pop", 1, "u ← the cell with the smallest key [min(g, rhs) + h(start, u) + km, min(g, rhs)]"),
    line("stale", 1, "if its key grew since it was queued (the start moved): requeue u, next"),
    line("over", 1, "if g(u) > rhs(u): g(u) ← rhs(u)   ⟨over-consistent: settle it⟩"),
    line("under", 1, "else: g(u) ← ∞; UpdateVertex(u)   ⟨under-consistent: its cost went up⟩"),
    line("for", 1, "for each neighbour v of u: UpdateVertex(v)"),
    line("path", 0, "return the path from the start on, each cell to the neighbour s with the least cost + g(s)"),
    line("update", 0, "UpdateVertex(v): if v ≠ goal: rhs(v) ← min over neighbours s of cost(v → s) + g(s)"),
    line("queue", 1, "if g(v) ≠ rhs(v): (re)queue v with key [min(g, rhs) + h(start, v) + km, min(g, rhs)]"),
    line("consistent", 1, "else: take v out of the queue"),
    line("edit", 0, "walker moves the start: km ← km + h(old, new); edits: UpdateVertex as LPA*"),
];

const MESH: &[Line] = &[
    line(
        "init",
        0,
        "join start and goal to every mesh node they see; open ← {start}; g(start) ← 0",
    ),
    line("loop", 0, "while open is not empty:"),
    line(
        "pop",
        1,
        "u ← the node in open with the smallest f = g + h, h the straight line",
    ),
    line("close", 1, "close u"),
    line(
        "goal",
        1,
        "if u = goal: return the path of parents (straight segments)",
    ),
    line(
        "for",
        1,
        "for each edge (u, v) of the mesh that no wall cuts:",
    ),
    line("cost", 2, "g′ ← g(u) + the edge's length"),
    line(
        "new",
        2,
        "if g′ < g(v) (∞ when v has no node): g(v) ← g′, parent(v) ← u, (re)open v",
    ),
    line("worse", 2, "else: forget g′"),
    line("nopath", 0, "return no path"),
];

/// The pseudocode of `algorithm`, line by line.
pub fn lines(algorithm: Algorithm) -> &'static [Line] {
    match algorithm {
        Algorithm::BreadthFirst => BFS,
        Algorithm::BestFirst => BEST_FIRST,
        Algorithm::Dijkstra => DIJKSTRA,
        Algorithm::AStar => A_STAR,
        Algorithm::Jps => JPS,
        Algorithm::JpsPlus => JPS_PLUS,
        Algorithm::JpsPlusBounded => JPS_PLUS_BOUNDED,
        Algorithm::Bidirectional => BIDIRECTIONAL,
        Algorithm::Theta => THETA,
        Algorithm::Lpa => LPA,
        Algorithm::DStarLite => D_STAR_LITE,
        Algorithm::Mesh => MESH,
        Algorithm::Jps2 => JPS2,
        Algorithm::Jps2Plus => JPS2_PLUS,
    }
}

/// The index of the line `id` in `algorithm`'s pseudocode, if it has one.
pub fn line_index(algorithm: Algorithm, id: &str) -> Option<usize> {
    lines(algorithm).iter().position(|l| l.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::table::ALGORITHMS;

    #[test]
    fn every_algorithm_in_the_table_has_pseudocode() {
        for row in &ALGORITHMS {
            let text = lines(row.algorithm);
            assert!(text.len() >= 5, "{}: pseudocode", row.id);
            for id in ["init", "loop", "pop", "for"] {
                assert!(
                    line_index(row.algorithm, id).is_some(),
                    "{}: no {id} line",
                    row.id
                );
            }
            let mut ids: Vec<_> = text.iter().map(|l| l.id).collect();
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(ids.len(), text.len(), "{}: line ids are unique", row.id);
            assert!(text.iter().all(|l| l.depth <= 3 && !l.text.is_empty()));
        }
    }
}

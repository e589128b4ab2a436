//! The algorithm table: one row per [`Algorithm`] with everything the page, the embed, compare
//! mode, share links and the CLI need to know about it — its id and labels, what it needs of the
//! map, which settings it reads and what it paints. The wasm layer hands the whole table to JS
//! (`Planner.algorithms()`), so adding an algorithm means a variant, a row here and its engine;
//! the menus build themselves.
//!
//! ```
//! use pathlab::search::{table, Algorithm};
//! let astar = Algorithm::AStar.info();
//! assert_eq!((astar.id, astar.label), ("astar", "A*"));
//! assert!(astar.uses_weight && astar.optimal);
//! // Every algorithm has exactly one row, in menu order.
//! assert!(table::ALGORITHMS.iter().zip(Algorithm::ALL).all(|(row, a)| row.algorithm == a));
//! ```

use super::settings::Algorithm;

/// What a row says a [`Algorithm`] needs of the map or movement before it can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Needs {
    /// Every free cell must cost the same (no terrain 2–4): it prunes or shortcuts on that.
    pub uniform_cost: bool,
    /// 8-connected movement must forbid corner cutting (the Moving AI rule), or be
    /// 4-connected.
    pub moving_ai_movement: bool,
    /// A node mesh must exist (the page's *Edit mesh* or *Generate mesh*).
    pub mesh: bool,
    /// The cells must be squares: it jumps or draws lines along rows, columns and diagonals
    /// (the node mesh: its visibility graph is only known to be complete on squares).
    pub square_cells: bool,
    /// The most cells (width × height) the map may have, for an algorithm whose
    /// precomputation grows faster than the map (goal bounding); `None` for no limit.
    pub max_cells: Option<u32>,
}

/// One row of the algorithm table.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AlgorithmInfo {
    /// The algorithm.
    #[serde(skip)]
    pub algorithm: Algorithm,
    /// Its id: the name in settings objects, links, `postMessage` and on the command line.
    pub id: &'static str,
    /// Its short name, for table columns and compare panels ("A*").
    pub label: &'static str,
    /// Its name in the algorithm menu, with what sets it apart where the label alone would
    /// not say ("D* Lite (replans for the walker)").
    pub menu_label: &'static str,
    /// One sentence on how it chooses the next node, for the menu's tooltip.
    pub summary: &'static str,
    /// Whether the path it finds is always a shortest one (with weight 1).
    pub optimal: bool,
    /// Whether the heuristic menu changes what it does.
    pub uses_heuristic: bool,
    /// Whether the heuristic weight changes what it does.
    pub uses_weight: bool,
    /// Whether the goal-directed successor order changes what it does.
    pub uses_neighbour_order: bool,
    /// Whether a node budget stops it early with the partial path.
    pub uses_node_budget: bool,
    /// What it needs of the map and movement ([`super::Settings::unavailable_on`]).
    pub needs: Needs,
    /// Whether an edit after a finished search repairs it instead of starting over.
    pub repairs: bool,
    /// Whether its walker moves the start and replans from where it stands (D* Lite).
    pub live_walker: bool,
    /// Whether its path is an any-angle polyline rather than cell steps.
    pub any_angle: bool,
    /// Whether compare mode offers it (the node mesh needs a mesh drawn for one planner).
    pub in_compare: bool,
    /// The algorithm compare mode races it against by default (the page's *Compare* button).
    pub rival: &'static str,
    /// Whether it is the one a new planner starts with ([`super::Settings::default`]).
    pub is_default: bool,
    /// The [`super::CellState`] names it paints besides unvisited, open, closed and path.
    pub paints: &'static [&'static str],
    /// Whether it builds a table for the map before it searches (JPS+), whose time the
    /// statistics show as `precomputeMs`.
    pub precomputes: bool,
}

const PLAIN: Needs = Needs {
    uniform_cost: false,
    moving_ai_movement: false,
    mesh: false,
    square_cells: false,
    max_cells: None,
};

const PRUNING: Needs = Needs {
    uniform_cost: true,
    moving_ai_movement: true,
    mesh: false,
    square_cells: true,
    max_cells: None,
};

/// The table, in [`Algorithm::ALL`]'s order (menu order).
pub static ALGORITHMS: [AlgorithmInfo; 14] = [
    AlgorithmInfo {
        algorithm: Algorithm::BreadthFirst,
        id: "bfs",
        label: "Breadth-First",
        menu_label: "Breadth-First",
        summary: "Takes the node that has waited longest: fewest moves first, terrain ignored.",
        optimal: false,
        uses_heuristic: false,
        uses_weight: false,
        uses_neighbour_order: true,
        uses_node_budget: true,
        needs: PLAIN,
        repairs: false,
        live_walker: false,
        any_angle: false,
        is_default: false,
        rival: "dijkstra",
        in_compare: true,
        paints: &[],
        precomputes: false,
    },
    AlgorithmInfo {
        algorithm: Algorithm::BestFirst,
        id: "best-first",
        label: "Best-First",
        menu_label: "Best-First",
        summary: "Takes the node that looks closest to the goal (smallest h): fast, not shortest.",
        optimal: false,
        uses_heuristic: true,
        uses_weight: false,
        uses_neighbour_order: true,
        uses_node_budget: true,
        needs: PLAIN,
        repairs: false,
        live_walker: false,
        any_angle: false,
        is_default: false,
        rival: "dijkstra",
        in_compare: true,
        paints: &[],
        precomputes: false,
    },
    AlgorithmInfo {
        algorithm: Algorithm::Dijkstra,
        id: "dijkstra",
        label: "Dijkstra",
        menu_label: "Dijkstra",
        summary: "Takes the node cheapest to reach (smallest g): shortest, explores every way.",
        optimal: true,
        uses_heuristic: false,
        uses_weight: false,
        uses_neighbour_order: true,
        uses_node_budget: true,
        needs: PLAIN,
        repairs: false,
        live_walker: false,
        any_angle: false,
        is_default: false,
        rival: "astar",
        in_compare: true,
        paints: &["reopened"],
        precomputes: false,
    },
    AlgorithmInfo {
        algorithm: Algorithm::AStar,
        id: "astar",
        label: "A*",
        menu_label: "A*",
        summary: "Takes the node with the smallest g + w·h: shortest for w = 1, and goal-directed.",
        optimal: true,
        uses_heuristic: true,
        uses_weight: true,
        uses_neighbour_order: true,
        uses_node_budget: true,
        needs: PLAIN,
        repairs: false,
        live_walker: false,
        any_angle: false,
        is_default: true,
        rival: "dijkstra",
        in_compare: true,
        paints: &["reopened"],
        precomputes: false,
    },
    AlgorithmInfo {
        algorithm: Algorithm::Jps,
        id: "jps",
        label: "Jump Point Search",
        menu_label: "Jump Point Search",
        summary: "A* over jump points only: jumps along straight lines until something forces \
                  a turn. Shortest; needs uniform cost.",
        optimal: true,
        uses_heuristic: true,
        uses_weight: true,
        uses_neighbour_order: false,
        uses_node_budget: true,
        needs: PRUNING,
        repairs: false,
        live_walker: false,
        any_angle: false,
        is_default: false,
        rival: "dijkstra",
        in_compare: true,
        paints: &["jumppoint", "scanned"],
        precomputes: false,
    },
    AlgorithmInfo {
        algorithm: Algorithm::Bidirectional,
        id: "bidirectional",
        label: "Bidirectional A*",
        menu_label: "Bidirectional A*",
        summary: "A* from both ends at once, stopping once no unexplored path can beat the best \
                  meeting. Shortest.",
        optimal: true,
        uses_heuristic: true,
        uses_weight: false,
        uses_neighbour_order: false,
        uses_node_budget: true,
        needs: PLAIN,
        repairs: false,
        live_walker: false,
        any_angle: false,
        is_default: false,
        rival: "dijkstra",
        in_compare: true,
        paints: &["backopen", "backclosed"],
        precomputes: false,
    },
    AlgorithmInfo {
        algorithm: Algorithm::Theta,
        id: "theta",
        label: "Theta*",
        menu_label: "Theta* (any angle)",
        summary: "A* whose nodes take their parent's parent when it is in sight: any-angle \
                  paths with straight-line lengths. Needs uniform cost.",
        optimal: false,
        uses_heuristic: false,
        uses_weight: true,
        uses_neighbour_order: false,
        uses_node_budget: true,
        needs: PRUNING,
        repairs: false,
        live_walker: false,
        any_angle: true,
        is_default: false,
        rival: "dijkstra",
        in_compare: true,
        paints: &[],
        precomputes: false,
    },
    AlgorithmInfo {
        algorithm: Algorithm::Lpa,
        id: "lpa",
        label: "LPA*",
        menu_label: "LPA* (live replanning)",
        summary: "Lifelong Planning A*: shortest like A*, and an edit repairs the last search \
                  instead of starting over.",
        optimal: true,
        uses_heuristic: true,
        uses_weight: false,
        uses_neighbour_order: false,
        uses_node_budget: false,
        needs: PLAIN,
        repairs: true,
        live_walker: false,
        any_angle: false,
        is_default: false,
        rival: "dijkstra",
        in_compare: true,
        paints: &["repaired"],
        precomputes: false,
    },
    AlgorithmInfo {
        algorithm: Algorithm::DStarLite,
        id: "dstar-lite",
        label: "D* Lite",
        menu_label: "D* Lite (replans for the walker)",
        summary: "LPA* searching from the goal, so the walker can move and the search is \
                  repaired from where it stands.",
        optimal: true,
        uses_heuristic: true,
        uses_weight: false,
        uses_neighbour_order: false,
        uses_node_budget: false,
        needs: PLAIN,
        repairs: true,
        live_walker: true,
        any_angle: false,
        is_default: false,
        rival: "dijkstra",
        in_compare: true,
        paints: &["repaired"],
        precomputes: false,
    },
    AlgorithmInfo {
        algorithm: Algorithm::Mesh,
        id: "mesh",
        label: "Node mesh A*",
        menu_label: "A* on a node mesh",
        summary: "A* on a waypoint graph you draw or generate: few nodes, straight edges.",
        optimal: true,
        uses_heuristic: false,
        uses_weight: false,
        uses_neighbour_order: false,
        uses_node_budget: false,
        needs: Needs {
            uniform_cost: false,
            moving_ai_movement: false,
            mesh: true,
            square_cells: true,
            max_cells: None,
        },
        repairs: false,
        live_walker: false,
        any_angle: true,
        is_default: false,
        rival: "dijkstra",
        in_compare: false,
        paints: &[],
        precomputes: false,
    },
    AlgorithmInfo {
        algorithm: Algorithm::JpsPlus,
        id: "jps-plus",
        label: "JPS+",
        menu_label: "JPS+ (precomputed jumps)",
        summary: "Jump Point Search whose jumps are looked up in a table of jump distances \
                  computed once per map. Shortest; needs uniform cost.",
        optimal: true,
        uses_heuristic: true,
        uses_weight: true,
        uses_neighbour_order: false,
        uses_node_budget: true,
        needs: PRUNING,
        repairs: false,
        live_walker: false,
        any_angle: false,
        is_default: false,
        rival: "jps",
        in_compare: true,
        paints: &["jumppoint"],
        precomputes: true,
    },
    AlgorithmInfo {
        algorithm: Algorithm::JpsPlusBounded,
        id: "jps-plus-bounded",
        label: "JPS+ bounded",
        menu_label: "JPS+ with goal bounding (precomputed boxes)",
        summary: "JPS+ that skips a jump unless the goal lies in the box of every cell a \
                  shortest path starting that way reaches, precomputed per cell and direction \
                  by a flood from every cell. Shortest; needs uniform cost and a small map; an \
                  edit rebuilds the boxes.",
        optimal: true,
        uses_heuristic: true,
        uses_weight: true,
        uses_neighbour_order: false,
        uses_node_budget: true,
        needs: Needs {
            max_cells: Some(super::bounding::MAX_CELLS as u32),
            ..PRUNING
        },
        repairs: false,
        live_walker: false,
        any_angle: false,
        is_default: false,
        rival: "jps-plus",
        in_compare: true,
        paints: &["jumppoint"],
        precomputes: true,
    },
    AlgorithmInfo {
        algorithm: Algorithm::Jps2,
        id: "jps2",
        label: "JPS2",
        menu_label: "JPS2 (pruned jumps)",
        summary: "Jump Point Search whose diagonal jumps run on past their turns, offering the \
                  straight jump points they find directly: about half the expansions. \
                  Shortest; needs uniform cost.",
        optimal: true,
        uses_heuristic: true,
        uses_weight: true,
        uses_neighbour_order: false,
        uses_node_budget: true,
        needs: PRUNING,
        repairs: false,
        live_walker: false,
        any_angle: false,
        is_default: false,
        rival: "jps",
        in_compare: true,
        paints: &["jumppoint", "scanned"],
        precomputes: false,
    },
    AlgorithmInfo {
        algorithm: Algorithm::Jps2Plus,
        id: "jps2-plus",
        label: "JPS2+",
        menu_label: "JPS2+ (pruned, precomputed)",
        summary: "JPS2 with every jump looked up in JPS+'s table of jump distances computed \
                  once per map. Shortest; needs uniform cost.",
        optimal: true,
        uses_heuristic: true,
        uses_weight: true,
        uses_neighbour_order: false,
        uses_node_budget: true,
        needs: PRUNING,
        repairs: false,
        live_walker: false,
        any_angle: false,
        is_default: false,
        rival: "jps-plus",
        in_compare: true,
        paints: &["jumppoint"],
        precomputes: true,
    },
];

impl Algorithm {
    /// This algorithm's row of the [`ALGORITHMS`] table.
    pub fn info(self) -> &'static AlgorithmInfo {
        // ALL and the table share one order (a unit test holds them to it).
        let index = Algorithm::ALL.iter().position(|&a| a == self).unwrap_or(0);
        &ALGORITHMS[index]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_follows_all_and_the_names() {
        for (row, algorithm) in ALGORITHMS.iter().zip(Algorithm::ALL) {
            assert_eq!(row.algorithm, algorithm);
            assert_eq!(
                serde_json::to_string(&algorithm).unwrap(),
                format!("\"{}\"", row.id),
                "serde's name is the table's id"
            );
            assert_eq!(row.id.parse::<Algorithm>(), Ok(algorithm));
            assert!(std::ptr::eq(algorithm.info(), row));
            let rival: Algorithm = row.rival.parse().unwrap();
            assert!(rival.info().in_compare && rival != algorithm, "{}", row.id);
        }
        assert_eq!(ALGORITHMS.len(), Algorithm::ALL.len());
        let defaults: Vec<_> = ALGORITHMS.iter().filter(|r| r.is_default).collect();
        assert_eq!(defaults.len(), 1);
        assert_eq!(defaults[0].algorithm, crate::Settings::default().algorithm);
    }

    #[test]
    fn painted_states_are_cell_state_names() {
        for row in &ALGORITHMS {
            for state in row.paints {
                let json = format!("\"{state}\"");
                let parsed: Result<super::super::CellState, _> = serde_json::from_str(&json);
                assert!(parsed.is_ok(), "{}: unknown state {state}", row.id);
            }
        }
    }
}

// The plain objects the wasm Planner hands to JS and takes from it: one shape each, written
// once here, emitted into pkg/pathlab.d.ts by wasm-bindgen, checked against the real objects
// by tests/web.rs (every field present, no other) and against the page's JS by `tsc` in
// scripts/typecheck.sh. Algorithm ids are plain strings: the list lives in Rust's algorithm
// table (`Planner.algorithms()`).

/** A cell `{x, y}`; (0, 0) is the top-left. */
export interface Point {
  x: number;
  y: number;
}

/** `running` until the search ends with `found`, `no_path` or `partial` (node budget spent). */
export type SearchStatus = "running" | "found" | "no_path" | "partial";

/** Everything the status line and the statistics card show, for one planner version. */
export interface Stats {
  status: SearchStatus;
  /** Nothing expanded yet. */
  fresh: boolean;
  /** Repairs made since the search started (LPA*, D* Lite). */
  repairs: number;
  /** The timeline step shown, and the steps recorded. */
  step: number;
  steps: number;
  /** Every step is recorded (false once the timeline reached its memory cap). */
  timelineComplete: boolean;
  /** Events and bytes the timeline holds. */
  timelineEvents: number;
  timelineBytes: number;
  /** Why the search was refused after the last edit, or null. */
  refused: string | null;
  /** The planner version these figures describe. */
  version: number;
  expanded: number;
  generated: number;
  reopened: number;
  updated: number;
  openSize: number;
  maxOpen: number;
  runCount: number;
  elapsedMs: number;
  /** JPS+: ms the last build or update of its jump table took (apart from elapsedMs). */
  precomputeMs: number;
  /** JPS+ and goal bounding: the bytes their precomputed tables take (0 for the others). */
  precomputeBytes: number;
  /** JPS+ and goal bounding: how far the build of their tables is, 0 to 1 (0 without one). */
  precomputeProgress: number;
  pathCost: number | null;
  pathMoves: number | null;
}

export type Heuristic = "octile" | "manhattan" | "chebyshev" | "euclidean" | "zero" | "hex";
/** A map's cell shape: squares, pointy-top hexagons in rows, flat-top hexagons in columns. */
export type ShapeName = "square" | "hex-rows" | "hex-columns";

/** One option of a menu built from a table in Rust (`shapes()`, `heuristics(shape)`). */
export interface MenuOption {
  id: string;
  label: string;
}
export type Connectivity = "4" | "8";
export type DiagonalRule = "never" | "no-corner-cutting" | "one-side-free" | "always";
export type NeighbourOrder = "fixed" | "goal-directed";

/** Connectivity, diagonal rule and diagonal cost. */
export interface Movement {
  connectivity: Connectivity;
  diagonalRule: DiagonalRule;
  diagonalCost: number;
}

/** Everything about a search except where it starts and ends. */
export interface Settings {
  /** An id of `Planner.algorithms()`. */
  algorithm: string;
  /** null: the movement's default heuristic. */
  heuristic: Heuristic | null;
  weight: number;
  movement: Movement;
  neighbourOrder: NeighbourOrder;
  /** null: no budget. */
  nodeBudget: number | null;
}

/** A cell's search state byte, by name. */
export type CellStateName =
  | "unvisited" | "open" | "closed" | "reopened" | "path" | "jumppoint" | "backopen"
  | "backclosed" | "repaired" | "scanned";

/** What the search knew about one cell at the step shown (the node inspector). */
export interface NodeInfo {
  x: number;
  y: number;
  state: CellStateName;
  g: number | null;
  h: number;
  f: number | null;
  parent: [number, number] | null;
  /** When it was first expanded (1 = the first expansion), or null. */
  expansion: number | null;
}

/** One open-list entry, in the order entries will be taken. */
export interface OpenEntry {
  x: number;
  y: number;
  g: number;
  h: number;
  f: number;
  /** Bidirectional A*: which of the two searches holds it. */
  direction?: string;
  /** LPA* and D* Lite: the key [k1, k2]. */
  key?: [number, number];
}

/** One line of an algorithm's pseudocode (`Planner.pseudocode(id)`). */
export interface PseudocodeLine {
  /** What the line does ("pop", "new", "worse"…): sub-steps name their line by it too. */
  id: string;
  /** How far it is indented, in levels. */
  depth: number;
  text: string;
}

/** What the numbers of `Planner.stepTrace()` name (`Planner.traceNames()`). */
export interface TraceNames {
  /** `"kind:name"` of each variable: kind cell, cost, count, dir, dirs, side or key. */
  vars: string[];
  /** The key of each kind of sub-step, for the sentence the page words for it. */
  says: string[];
  /** The compass name of each move (a `dir` variable's value indexes it). */
  moves: string[];
}

/** What an algorithm needs of the map and settings to run. */
export interface AlgorithmNeeds {
  uniformCost: boolean;
  movingAiMovement: boolean;
  mesh: boolean;
  /** Runs on square cells only (rows, columns and diagonals): not on hexagons. */
  squareCells: boolean;
  /** The most cells (width × height) the map may have (goal bounding's O(cells²) build); null: no limit. */
  maxCells: number | null;
}

/** One row of the algorithm table, in menu order. */
export interface AlgorithmInfo {
  id: string;
  label: string;
  menuLabel: string;
  summary: string;
  optimal: boolean;
  usesHeuristic: boolean;
  usesWeight: boolean;
  usesNeighbourOrder: boolean;
  usesNodeBudget: boolean;
  needs: AlgorithmNeeds;
  repairs: boolean;
  liveWalker: boolean;
  anyAngle: boolean;
  inCompare: boolean;
  rival: string;
  isDefault: boolean;
  paints: CellStateName[];
  /** Builds a table for the map before it searches (JPS+): see `Stats.precomputeMs`. */
  precomputes: boolean;
}

/** What the planner shows beside its search (`Planner.view`, `setView`). */
export type ViewName = "path" | "field" | "range";

/** The distance field view's figures (`Planner.fieldInfo()`). */
export interface FieldInfo {
  /** The goal the field measures to. */
  goal: Point;
  /** The largest cost of any cell that reaches the goal (heat byte 254). */
  maxCost: number;
  /** How many cells reach the goal. */
  reached: number;
  /** Cells expanded by the last build or repair. */
  expanded: number;
  /** Milliseconds the last build or repair took. */
  ms: number;
  /** How the last change was met: built afresh (view entered, goal, movement or map
   * changed), an edit repaired in place, or an edit rebuilt because that was cheaper. */
  update: "built" | "repaired" | "rebuilt";
  /** Increases on every change of the field: read the heat and flow bytes again. */
  version: number;
  /** The last release of walkers; absent when none since the field was shown or the
   * walkers were cleared. */
  release?: WalkerRelease;
}

/** What a release of walkers did (`FieldInfo.release`): walkers may share a cell, so all
 * those asked for are placed (at most 10,000), unless no cell but the goal reaches it. */
export interface WalkerRelease {
  /** How many walkers were asked for. */
  requested: number;
  /** How many were placed. */
  placed: number;
  /** Why fewer were placed than asked for ("at most 10000 walkers are placed in one
   * release", "no cell but the goal reaches (0, 0)"); absent when all were. */
  reason?: string;
}

/** The movement range view's figures (`Planner.rangeInfo()`). */
export interface RangeInfo {
  /** The cell the range is measured from. */
  from: Point;
  /** The movement points to spend. */
  budget: number;
  /** How many cells are in range (`from` included). */
  cells: number;
  /** What the dearest cell in range costs. */
  maxCost: number;
  /** Increases on every change of the range: read the mask and outline again. */
  version: number;
}

/** One map generator, in menu order. */
export interface GeneratorInfo {
  id: string;
  label: string;
  usesDensity: boolean;
  defaultDensity: number;
}

/** One Moving AI problem of a loaded `.scen`. */
export interface ScenarioInfo {
  index: number;
  bucket: number;
  map: string;
  start: [number, number];
  goal: [number, number];
  optimal: number;
}

/** A problem whose path cost differed from the `.scen`'s optimal length. */
export interface ScenarioMismatch {
  index: number;
  expected: number;
  /** null when no path was found. */
  got: number | null;
}

/** Scenarios checked by `checkScenarios`. */
export interface ScenarioReport {
  checked: number;
  matched: number;
  failures: ScenarioMismatch[];
}

/** One column of a comparison: an algorithm id and its own weight (null: the shared one). */
export interface ComparePlanner {
  algorithm: string;
  weight: number | null;
}

/** A movement range in a link: `range=X,Y,BUDGET`. */
export interface LinkRange {
  x: number;
  y: number;
  budget: number;
}

/** The view a link opens (`Planner.linkView()`, `applyLinkView`): all null for the path. */
export interface LinkViewFields {
  /** null: the path (what a link without a view shows). */
  view: ViewName | null;
  /** Walkers to release on the field (view "field" only), or null. */
  walkers: number | null;
  /** Where the range is measured from and its budget (view "range" only), or null: the start
   * and 10 points. */
  range: LinkRange | null;
}

/** What may follow a planner link: a compare part, a view and a timeline step, each optional. */
export interface LinkTail {
  /** The planners of a comparison, left to right, or null for a single planner. */
  compare: ComparePlanner[] | null;
  /** The view shown beside the search (a comparison takes none); left out: the path. */
  view?: ViewName | null;
  walkers?: number | null;
  range?: LinkRange | null;
  /** The Agents view's agents, `[sx, sy, gx, gy, …]` (a comparison takes none); left out: none. */
  agents?: number[] | null;
  /** The timeline step shown, or null. */
  step: number | null;
}

/** A link split by `splitLink`: the planner link and its tail (as `LinkTail`). */
export interface SplitLink {
  base: string;
  compare: ComparePlanner[] | null;
  view: ViewName | null;
  walkers: number | null;
  range: LinkRange | null;
  agents: number[] | null;
  step: number | null;
}

/** A command name of the embed's protocol (docs/embedding.md). */
export type CommandName = "step" | "run" | "pause" | "reset" | "seek" | "setSpeed" | "loadMap" | "setStart" | "setGoal" | "setSettings" | "setView" | "setRange" | "releaseWalkers" | "getState" | "setAgents" | "solveAgents" | "getAgents";

/** A command checked by `checkCommand`: its name and the numbers it took, in range. */
export interface CheckedCommand {
  cmd: CommandName;
  /** `step`: expansions, 1–1,000,000. */
  n?: number;
  /** `seek`: the timeline step (clamped to the recording when run). */
  step?: number;
  /** `setSpeed`: the stop of the speed table ("instant" is the last). */
  speed?: number;
  /** `setStart`, `setGoal`, `setRange`: the cell. */
  x?: number;
  y?: number;
  /** `setView`: the view. */
  view?: ViewName;
  /** `setRange`: the movement points, 0–1,000,000. */
  budget?: number;
  /** `releaseWalkers`: how many (1 or more; the planner places at most 10,000). */
  count?: number;
  /** `solveAgents`: the MAPF solver's id (the Agents view's table says which exist). */
  solver?: string;
  /** `solveAgents`: the time budget in milliseconds (1,000 when not given). */
  budgetMs?: number;
  /** `releaseWalkers`: what places them, when given. */
  seed?: number;
}

/** What `Planner.apply` gave back: `page` for what the page does itself (run, pause,
 * setSpeed, getState); `status` after a step; `count` of cells changed, walkers placed or
 * moved, mesh nodes generated; `node` added; `applied` (an undo, redo or removal that found
 * something); `walked` (the walker's new start, or null). */
export type ApplyOutcome =
  | { kind: "done" }
  | { kind: "page" }
  | { kind: "status"; value: SearchStatus }
  | { kind: "count"; value: number }
  | { kind: "node"; value: number }
  | { kind: "applied"; value: boolean }
  | { kind: "walked"; value: [number, number] | null };

/** An exercise kind of Learn mode (`exerciseKinds()`). */
export type LearnKind = "next-expansion" | "values" | "order" | "path" | "which-algorithm" | "jump-points" | "repair" | "heuristic";

/** What an exercise is made from (docs/learn.md): the same spec makes the same exercise. */
export interface LearnSpec {
  kind: LearnKind;
  algorithm?: string;
  settings?: Settings;
  difficulty?: number;
  seed?: number;
  shape?: ShapeName;
  /** A fixed map: a full share link (`v2.…`/`v3.…`). */
  map?: string;
}

/** A generated question, without its answer (`exerciseNew`). */
export interface LearnExercise {
  spec: LearnSpec;
  /** The map, markers and settings as a full share link, for `loadLink`. */
  link: string;
  width: number;
  height: number;
  shape: ShapeName;
  start: [number, number];
  goal: [number, number];
  settings: Settings;
  /** The expansions made when the question is asked (0: a finished or unstarted search). */
  step: number;
  highlight: [number, number][];
  /** The state byte of every cell of the picture shown, `y * width + x`. */
  states: number[];
  candidates?: string[];
  question: string;
  answerWith: "cell" | "values" | "cells" | "cells-or-cost" | "cell-set" | "algorithm" | "optimal";
}

/** An answer, the student's or the engine's: exactly one key. */
export type LearnAnswer =
  | "none"
  | { cell: [number, number] }
  | { values: { g: number; h: number; f: number } }
  | { cells: [number, number][] }
  | { cost: number }
  | { algorithm: string }
  | { optimal: boolean };

/** A line of pseudocode named by an explanation. */
export interface LearnLine {
  number: number;
  id: string;
  text: string;
}

/** Why the engine's answer is what it is. */
export interface LearnExplanation {
  rule: string;
  line?: LearnLine;
  /** `[{name: "cost:g(u)", value: [a, b]}]`, named as the step trace names them. */
  vars?: { name: string; value: [number, number] }[];
  counterExample?: [number, number][];
}

/** The outcome of `exerciseCheck`. */
export interface LearnVerdict {
  correct: boolean;
  expected: LearnAnswer;
  given: LearnAnswer;
  explanation: LearnExplanation;
}

/** A lesson to link (`lessonLink`). */
export interface LearnLessonInput {
  title: string;
  chapter?: string;
  exercises: LearnSpec[];
}

/** A lesson as `lessonRead` and `readyLessons` give it, with its `l1.` link. */
export interface LearnLesson {
  title: string;
  chapter: string | null;
  exercises: LearnSpec[];
  link: string;
}

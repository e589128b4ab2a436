// The step trace in words. The planner decodes a recorded step into the lines of pseudocode
// it ran (src/search/trace/, `Planner.stepTrace()`) and hands it over as numbers; this file
// reads those numbers back and words them: the variables as the pseudocode writes them, and
// one sentence per sub-step. It decides nothing: which line ran, which case applied and every
// value come from the planner. (Like status.js for the status line, it is where state becomes
// words.)

import { Planner } from './pkg/pathlab.js';

/** @type {import('./pkg/pathlab.js').TraceNames | null} */
let names = null;

function tables() {
  names ??= Planner.traceNames();
  return names;
}

/**
 * One variable: its name, the kind of value (cell, cost, count, dir, dirs, side, key) and its
 * two numbers.
 * @typedef {{name: string, kind: string, a: number, b: number}} TraceVar
 */

/**
 * One line run within a step.
 * @typedef {object} TraceSub
 * @property {number} line index into the algorithm's pseudocode
 * @property {string} say what happened (a key of SAY below)
 * @property {{x: number, y: number} | null} cell the cell it is about
 * @property {TraceVar[]} vars
 */

/**
 * A decoded trace (`error`: why it could not be read, when it could not).
 * @typedef {{step: number, note: number, subs: TraceSub[], error?: string}} Trace
 */

/**
 * Reads `Planner.stepTrace()`'s numbers: `[step, note, count]`, then per sub-step `[line,
 * say, x, y, n]` and `n` variables `[var, a, b]`.
 * @param {ArrayLike<number>} flat
 * @returns {Trace}
 */
export function decodeTrace(flat) {
  const { vars, says } = tables();
  const subs = [];
  let i = 3;
  for (let k = 0; k < flat[2]; k++) {
    const [line, say, x, y, n] = [flat[i], flat[i + 1], flat[i + 2], flat[i + 3], flat[i + 4]];
    i += 5;
    const list = [];
    for (let v = 0; v < n; v++, i += 3) {
      const [kind, name] = vars[flat[i]].split(/:(.*)/s);
      list.push({ name, kind, a: flat[i + 1], b: flat[i + 2] });
    }
    subs.push({ line, say: says[say], cell: x >= 0 ? { x, y } : null, vars: list });
  }
  return { step: flat[0], note: flat[1], subs };
}

/** Why a step has no sub-steps, by its note number. */
const NOTES = [
  '',
  'The algorithm does not apply to this map: there is no search to follow.',
  'Recording is off, so the steps are not kept.',
  'The recording stopped at its memory cap: scrub back into the recorded steps to follow them line by line.',
  'This step was not recorded.',
];

/** @param {number} note */
export function noteText(note) {
  return NOTES[note] ?? '';
}

/** A cost in words: "5", "5.41", "∞", "none". */
export function cost(v) {
  if (Number.isNaN(v)) return 'none';
  if (!Number.isFinite(v)) return '∞';
  return Number.isInteger(v) ? String(v) : String(Math.round(v * 100) / 100);
}

/**
 * A variable's value in words.
 * @param {TraceVar} v
 */
export function valueText(v) {
  const { moves } = tables();
  switch (v.kind) {
    case 'cell':
      return `(${v.a}, ${v.b})`;
    case 'cost':
      return cost(v.a);
    case 'dir':
      return moves[v.a] ?? '?';
    case 'dirs': {
      const out = [];
      let n = v.a;
      for (let k = 0; k < v.b; k++) {
        out.unshift(moves[n % 32]);
        n = Math.floor(n / 32);
      }
      return out.join(' ');
    }
    case 'side':
      return v.a ? 'backward' : 'forward';
    case 'key':
      return `[${cost(v.a)}, ${cost(v.b)}]`;
    default:
      return String(v.a);
  }
}

/** "3 nodes", "1 node". */
const count = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The sentence for each kind of sub-step. `v(name)` is a variable's value in words (or ''),
 * `n(name)` its number, `has(name)` whether the sub-step shows it; `who` is the label of the
 * algorithm (the table's).
 * @type {Record<string, (v: (name: string) => string, n: (name: string) => number, has: (name: string) => boolean, who: string) => string>}
 */
const SAY = {
  init: (v) => `The open list holds only the start ${v('start')}, with g = 0.`,
  'init-both': (v) => `The forward open list holds the start ${v('start')}, the backward one the goal ${v('goal')}.`,
  'init-queue': () => 'Every g is ∞; the search\'s origin has rhs = 0, so it is the one inconsistent cell: the queue holds it.',
  'init-table': (v) => `The jump table is ready for this map; the open list holds the start ${v('start')}.`,
  'init-mesh': (v) => `The start and goal are joined to the mesh nodes they see; the open list holds the start ${v('start')}.`,
  edit: (v, n) => `An edit (or the walker) changed what some steps cost: UpdateVertex ran on the cells it touched, and ${count(n('open'), 'cell')} wait in the queue.`,
  'pop-fifo': (v) => `Take u = ${v('u')} from the open list: it has waited longest.`,
  'pop-h': (v) => `Take u = ${v('u')} from the open list: it has the smallest h, ${v('h(u)')}.`,
  'pop-g': (v) => `Take u = ${v('u')} from the open list: it has the smallest g, ${v('g(u)')}.`,
  'pop-f': (v) => `Take u = ${v('u')} from the open list: it has the smallest f, ${v('f(u)')} (g = ${v('g(u)')}, h = ${v('h(u)')}).`,
  'pop-side': (v) => `Take u = ${v('u')} from the ${v('s')} open list: it has the smallest key there.`,
  'pop-key': (v, n, has) => `Take u = ${v('u')} out of the queue: it has the smallest key${has('key(u)') ? `, ${v('key(u)')}` : ''}.`,
  side: (v) => `s = ${v('s')}: its open list is the smaller one${v('s') === 'forward' ? ' (or they are equal)' : ''}.`,
  close: (v, n) => `Close u = ${v('u')}: expansion ${n('expanded')}.`,
  'close-side': (v, n) => `Close u = ${v('u')} on the ${v('s')} side: expansion ${n('expanded')}.`,
  'not-goal': (v) => `u = ${v('u')} is not the goal ${v('goal')}.`,
  goal: (v, n, has) => `u is the goal: follow the parents back to the start.${has('moves') ? ` The path: ${count(n('moves'), 'move')}, cost ${v('path cost')}.` : ''}`,
  moves: (v, n) => `u has ${count(v('order').split(' ').filter(Boolean).length, 'legal move')}, tried in this order: ${v('order') || 'none'}.`,
  neighbours: (v, n) => `u has ${count(n('moves'), 'legal neighbour')}.`,
  'closed-final': (v) => `v = ${v('v')} is closed, and a closed node is final: skip it.`,
  'case-5': (v, n, has) => `${target(v, has)} has no node: it gets g = g′ = ${v('g′')}, parent u, and joins the open list.${caseOf(n, has)}`,
  'case-1': (v, n, has) => `${target(v, has)} is open with g = ${old(v, has)}, and g′ = ${v('g′')} is cheaper: it takes parent u and moves up the open list.${caseOf(n, has)}`,
  'case-2': (v, n, has) => `${target(v, has)} is closed with g = ${old(v, has)}, but g′ = ${v('g′')} is cheaper: it takes parent u and goes back to the open list (re-opened).${caseOf(n, has)}`,
  'case-3': (v, n, has) => `v = ${v('v')} is open with g = ${v('g(v)')}: g′ = ${v('g′')} is no cheaper, so it is forgotten.${caseOf(n, has)}`,
  'case-4': (v, n, has) => `v = ${v('v')} is closed with g = ${v('g(v)')}: g′ = ${v('g′')} is no cheaper, so it is forgotten.${caseOf(n, has)}`,
  kept: (v, n, has, who) => `v = ${v('v')} has a node already: ${who} never changes one, so g′ = ${v('g′')} is not even compared.`,
  sight: (v) => `u's parent ${v('parent(u)')} sees v = ${v('v')}: g′ = g(parent) + |parent v| = ${v('g′')}.`,
  direct: (v) => `No line of sight from u's parent: g′ = g(u) + |u v| = ${v('g′')}.`,
  'no-cheaper': (v) => `g′ = ${v('g′')} is no cheaper than g(v) = ${v('g(v)')}: forget it.`,
  'side-new': (v) => `v = ${v('v')} gets g_s = ${v('g′')} and parent u on the ${v('s')} side (it was new there, or dearer).`,
  meet: (v) => `The other side has reached v = ${v('v')} too: μ becomes the smaller of μ and g_f(v) + g_b(v).`,
  'side-worse': (v) => `The ${v('s')} side has v = ${v('v')} at a cost no higher than g′ = ${v('g′')}: forget it.`,
  prune: (v) => `u was reached going ${v('entered')} from ${v('parent(u)')}: only straight on${v('entered').length === 2 ? ', the diagonal\'s two parts' : ''} and the turns a wall beside u forces are worth a jump.`,
  'prune-start': () => 'u is the start: every direction is worth a jump.',
  jump: (v, n) => `Jumping from u towards ${v('d')} stops at the jump point j = ${v('j')}, ${count(n('steps'), 'step')} away${n('scanned') ? `; the jumps since the last jump point scanned ${count(n('scanned'), 'cell')}` : ''}.`,
  'jumps-done': (v, n) => `Every direction has been tried${n('scanned') ? `; the last jumps scanned ${count(n('scanned'), 'more cell')}` : ''}. A jump that meets a wall, or a jump point no cheaper (cases 3, 4), leaves no record.`,
  over: (v) => `g(u) > rhs(u): u is over-consistent, so g(u) ← rhs(u) = ${v('g(u)')}.`,
  under: (v) => `g(u) ≤ rhs(u): u is under-consistent, so g(u) ← ∞, and UpdateVertex(u) gives rhs(u) = ${v('rhs(u)')}.`,
  queue: (v, n, has) => `UpdateVertex(v = ${v('v')}): ${has('g(v)') ? `g(v) = ${v('g(v)')}` : `rhs(v) = ${v('rhs(v)')}`}, and g(v) ≠ rhs(v): v is queued with its new key.`,
  consistent: (v, n, has) => `UpdateVertex(v = ${v('v')}): g(v) = rhs(v) = ${has('g(v)') ? v('g(v)') : v('rhs(v)')}: consistent, not in the queue.`,
  updates: (v, n) => `UpdateVertex on each of u's ${count(n('moves'), 'neighbour')}.`,
  edges: () => 'Each mesh edge of u offers its other end g(u) + the edge\'s length.',
  'edges-done': () => 'Any other edge of u offered no cheaper path: forgotten.',
  next: (v, n, has) => `Back to the loop: ${count(n('open'), 'node')} waiting${has('top') ? `; the next to come out is ${v('top')}` : ''}.`,
  'no-path': () => 'Nothing is left to expand: the goal cannot be reached.',
  path: (v, n, has) => `Done: no unseen path can be cheaper.${has('moves') ? ` The path: ${count(n('moves'), 'move')}, cost ${v('path cost')}.` : ''}`,
};

/** The cell a case is about: a jump point for JPS, else the neighbour. */
const target = (v, has) => (has('j') ? `j = ${v('j')}` : `v = ${v('v')}`);
const old = (v, has) => (has('g(j)') ? v('g(j)') : v('g(v)'));
const caseOf = (n, has) => (has('case') ? ` (Case ${n('case')}.)` : '');

/**
 * The sentence for sub-step `sub` of a search by the algorithm labelled `who`.
 * @param {TraceSub} sub
 * @param {string} who
 */
export function sentence(sub, who) {
  const find = (name) => sub.vars.find((x) => x.name === name);
  const v = (name) => {
    const x = find(name);
    return x ? valueText(x) : '';
  };
  const n = (name) => find(name)?.a ?? 0;
  const has = (name) => find(name) !== undefined;
  const say = SAY[sub.say];
  return say ? say(v, n, has, who) : '';
}

// availability.js's note under the algorithm menu: the planner says why each algorithm cannot
// run (run here in Node through the wasm), and algorithms refused for one cause share a
// sentence.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Planner } from './wasm.mjs';
import { unavailableSentence } from '../../www/availability.js';

/** The `[label, reason]` of every algorithm the planner refuses on `p`. */
const reasons = (p) => Planner.algorithms()
  .map((a) => [a.label, p.algorithmUnavailable(a.id)])
  .filter(([, reason]) => reason);

test('nothing refused: no note', () => {
  const p = new Planner(10, 10);
  try {
    assert.deepEqual(reasons(p), []);
    assert.equal(unavailableSentence([]), null);
  } finally {
    p.free();
  }
});

test('six algorithms refused for terrain costs: one sentence naming all six', () => {
  const p = new Planner(10, 10);
  try {
    p.paintLine(2, 2, 5, 2, 1, 3);
    const list = reasons(p);
    assert.equal(list.length, 6);
    const note = unavailableSentence(list);
    assert.match(note, /^Jump Point Search, Theta\*, JPS\+, JPS\+ bounded, JPS2 and JPS2\+ need a map of uniform cost, and this one has terrain costs above 1/);
    assert.ok(!note.includes(';'), 'one cause, one sentence');
  } finally {
    p.free();
  }
});

test('different causes are kept apart, one label alone keeps its own words', () => {
  const note = unavailableSentence([
    ['A', 'A needs square cells'],
    ['B', 'B needs uniform cost'],
    ['C', 'C needs uniform cost'],
  ]);
  assert.equal(note, 'A needs square cells; B and C need uniform cost');
});

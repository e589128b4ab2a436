// status.js: the one place a planner state becomes the status line's sentence and word.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { statusSentence, statusWord, summaryLine, sentence, fieldsSentence, noSearchSentence, compareSentence, listWords } from '../../www/status.js';

const stats = (over = {}) => ({
  status: 'idle', fresh: true, repairs: 0, step: 0, steps: 0, refused: null, expanded: 0, openSize: 1, pathCost: null, pathMoves: 0, ...over,
});

test('a fresh planner is ready; a stopped search is paused after its expansions', () => {
  assert.deepEqual(statusSentence({ stats: stats(), running: false, walker: null })[1], 'info');
  assert.match(statusSentence({ stats: stats(), running: false, walker: null })[0], /^Ready: press Run/);
  assert.match(statusSentence({ stats: stats({ fresh: false, expanded: 12, step: 12, steps: 12 }), running: false, walker: null })[0], /^Paused after 12 expansions/);
  assert.equal(statusWord(stats(), false), 'ready');
  assert.equal(statusWord(stats({ fresh: false }), false), 'paused');
  assert.equal(statusWord(stats({ status: 'running', fresh: false }), true), 'running');
});

test('a found path gives its cost with four decimals, a repair says so', () => {
  const found = stats({ status: 'found', fresh: false, pathCost: 12.41421356, pathMoves: 9, expanded: 30, step: 30, steps: 30 });
  assert.deepEqual(statusSentence({ stats: found, running: false, walker: null }), ['Path found: cost 12.4142 in 9 moves, 30 nodes expanded.', 'success']);
  assert.match(statusSentence({ stats: { ...found, repairs: 1 }, running: false, walker: null })[0], /^Repaired the path: cost 12\.4142/);
  assert.equal(statusWord(found, false), 'found');
  assert.equal(summaryLine(found), 'expanded 30 · open 1 · cost 12.41');
  assert.equal(summaryLine(stats()), 'expanded 0 · open 1 · cost —');
});

test('what outranks what: a refusal, then the field view, then no mesh, then a scrubbed step, then the walker', () => {
  const found = stats({ status: 'found', fresh: false, pathCost: 3, pathMoves: 3, step: 5, steps: 9 });
  const walker = { live: false, done: false };
  const field = { view: 'field', field: { reached: 10, goal: { x: 1, y: 2 }, maxCost: 7.5, update: 'built', expanded: 10, ms: 0.5 } };
  const refused = { ...found, refused: 'the goal is a wall' };
  assert.deepEqual(statusSentence({ stats: refused, running: false, walker, noMesh: true, fields: field }), ['The goal is a wall. The last search stays on the map.', 'error']);
  assert.match(statusSentence({ stats: found, running: false, walker, noMesh: true, fields: field })[0], /^Distance field built \(10 cells, 0\.50 ms\): 10 cells reach the goal \(1, 2\), the farthest at cost 7\.5\./);
  assert.match(statusSentence({ stats: found, running: false, walker, noMesh: true })[0], /^No node mesh yet/);
  assert.match(statusSentence({ stats: found, running: false, walker })[0], /^Step 5 of 9:/);
  assert.match(statusSentence({ stats: found, running: true, walker })[0], /^Playing the recorded search: step 5 of 9\./, 'a replay running through the recording');
  assert.equal(statusSentence({ stats: { ...found, step: 9 }, running: false, walker })[0], 'Walking the path…');
  assert.equal(statusWord(found, false, true), 'no mesh');
});

test('the walker, the crowd and the range in words', () => {
  const found = stats({ status: 'found', fresh: false, pathCost: 3, pathMoves: 3 });
  assert.deepEqual(statusSentence({ stats: found, running: false, walker: { live: true, done: true, arrived: true, steps: 7 } }), ['The walker arrived after 7 steps.', 'success']);
  assert.equal(statusSentence({ stats: found, running: false, walker: { live: true, done: true, arrived: false } })[1], 'error');
  const field = { reached: 4, goal: { x: 0, y: 0 }, maxCost: 3, update: 'repaired', expanded: 2, ms: 0.25 };
  assert.deepEqual(fieldsSentence({ view: 'field', field, walkers: { count: 5, arrived: 5, moving: 0 } }), ['All 5 walkers arrived at the goal.', 'success']);
  assert.match(fieldsSentence({ view: 'field', field, walkers: { count: 5, arrived: 2, moving: 0 } })[0], /^2 of 5 walkers arrived; the others cannot reach/);
  assert.match(fieldsSentence({ view: 'field', field })[0], /^Field repaired \(2 cells, 0\.25 ms\)/);
  const range = { from: { x: 3, y: 4 }, budget: 6.5, cells: 1, maxCost: 0 };
  assert.match(fieldsSentence({ view: 'range', range })[0], /^Movement range from \(3, 4\) with 6\.5 points: 1 cells within reach\. Click/);
  assert.equal(fieldsSentence({ view: 'path' }), null);
});

test('an error text becomes a sentence', () => {
  assert.equal(sentence('the map is empty'), 'The map is empty.');
  assert.equal(sentence('Done!'), 'Done!');
});

test('why there is nothing to step or run in the field and range views', () => {
  assert.match(noSearchSentence('field'), /^The distance field follows every edit by itself: there is no search to step or run in this view\./);
  assert.match(noSearchSentence('range'), /^The movement range follows every edit/);
});

test('compare: the race sentence follows the shown step, never "all finished" beside a paused column', () => {
  const row = (label, done, step, steps, expanded = step) => ({ label, done, step, steps, expanded });
  const end = [row('JPS', true, 40, 40), row('A*', true, 900, 900)];
  assert.deepEqual(compareSentence(end, { fewest: ['JPS'] }), ['All planners finished: JPS expanded the fewest nodes.', 'success']);
  assert.equal(compareSentence(end, { running: true, fewest: ['JPS'] }), null, 'while racing the session speaks');
  const back = [row('JPS', true, 40, 40), row('A*', false, 355, 900)];
  assert.deepEqual(compareSentence(back)[0], 'Step 355 of 900: JPS has finished, A* is still searching. Press End to see the end.');
  const start = [row('JPS', false, 0, 40), row('A*', false, 0, 900)];
  assert.match(compareSentence(start)[0], /^Step 0 of 900: no planner has finished yet\./);
  const paused = [row('JPS', true, 40, 40), row('A*', false, 100, 100), row('Dijkstra', false, 100, 100)];
  assert.match(compareSentence(paused)[0], /^Paused at step 100: JPS has finished, A\* and Dijkstra are still searching\./);
  assert.equal(compareSentence([row('A*', false, 0, 0), row('JPS', false, 0, 0)]), null, 'nothing searched yet');
  assert.equal(listWords(['a', 'b', 'c']), 'a, b and c');
});

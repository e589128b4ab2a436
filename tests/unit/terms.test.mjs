// terms.js, the one table of explained terms, and the other pure word rules of issue 26: every
// `data-term` of the pages is in the table; speeds in one unit; an open-list row in words;
// keyboard hints only where there is a keyboard.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { TERMS, termText } from '../../www/terms.js';
import { SPEEDS, perSecond, speedLabel } from '../../www/controls.js';
import { rowWords } from '../../www/openlist.js';
import { withKey, statusSentence } from '../../www/status.js';

test('every data-term the pages write is in the table, each one line', () => {
  const used = new Set();
  for (const f of ['index.html', 'compare.html', 'ui.js', 'openlist.js', 'compare.js']) {
    const text = fs.readFileSync(new URL(`../../www/${f}`, import.meta.url), 'utf8');
    for (const m of text.matchAll(/data-term="([^"]+)"|attachTerm\([^,]+, '([^']+)'\)/g)) used.add(m[1] ?? m[2]);
  }
  assert.ok(used.size >= 20, `terms used: ${[...used].join(', ')}`);
  for (const id of used) assert.ok(termText(id), `"${id}" is in terms.js`);
  for (const [id, line] of Object.entries(TERMS)) {
    assert.ok(!line.includes('\n') && line.length < 220, `"${id}" is one line`);
  }
  assert.equal(termText('toString'), null, 'only the table\'s own entries');
});

test('speeds: one unit, expansions a second, then fastest and instant', () => {
  assert.equal(perSecond(30), '1 800 expansions/s');
  assert.equal(perSecond(10000), '600 000 expansions/s');
  assert.deepEqual(SPEEDS.slice(-2).map((s) => s.label), ['fastest', 'instant']);
  assert.ok(SPEEDS.slice(0, -2).every((s) => s.label.endsWith(' expansions/s')));
});

test('speeds in the view\'s unit: the Agents view counts its solver\'s steps, the others expansions', () => {
  assert.equal(perSecond(30, 'steps'), '1 800 steps/s');
  assert.equal(speedLabel(3, 'agents'), '600 steps/s');
  for (const view of ['path', 'field', 'range']) assert.equal(speedLabel(3, view), '600 expansions/s');
  assert.deepEqual([SPEEDS.length - 2, SPEEDS.length - 1].map((i) => speedLabel(i, 'agents')), ['fastest', 'instant']);
  assert.equal(speedLabel(SPEEDS.length, 'agents'), '');
});

test('an open-list row in words', () => {
  assert.equal(rowWords({ x: 2, y: 2, g: 0, h: 83.439, f: 83.439 }, 0), 'next: cell 2, 2, g 0, h 83.439, f 83.439');
  assert.equal(rowWords({ x: 5, y: 1, g: 1.5, h: 2, f: 3.5, direction: 'backward' }, 2), '3: cell 5, 1, g 1.500, h 2, f 3.500, from the goal');
});

test('no keyboard hints on a touch screen', () => {
  assert.equal(withKey('Run', 'Space', false), 'Run (Space)');
  assert.equal(withKey('Run', 'Space', true), 'Run');
  const stats = { status: 'running', fresh: false, repairs: 0, step: 3, steps: 3, refused: null, expanded: 3, openSize: 1, pathCost: null, pathMoves: 0 };
  assert.equal(statusSentence({ stats, running: false, walker: null, touch: true })[0], 'Paused after 3 expansions. Press Run to go on, or Step for one more.');
  assert.equal(statusSentence({ stats, running: false, walker: null, touch: false })[0], 'Paused after 3 expansions. Press Space to go on, or N to step.');
  assert.match(statusSentence({ stats: { ...stats, step: 1 }, running: false, walker: null, touch: true })[0], /Tap ▶\| to go back/);
});

// learn-marks.js, Learn mode's marks in the display list: a painted picture under the path
// and markers, the rings over them, a repair's new wall, and nothing in the exports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { learnMarks } from '../../www/learn-marks.js';
import { displayList, squarePlace } from '../../www/picture.js';
import { LEARN, STATES, TERRAIN, css } from '../../www/palette.js';

const place = squarePlace(20);

test('a picture\'s cells are tinted as their state, one mark a state, under the path', () => {
  const scene = { fills: [{ x: 1, y: 1, state: 2 }, { x: 2, y: 1, state: 2 }, { x: 3, y: 1, state: 4 }, { x: 0, y: 0, state: 99 }], rings: [] };
  const { under, over } = learnMarks(scene, place);
  assert.deepEqual(under.map((m) => [m.id, m.shapes.length]), [['learn-state-2', 2], ['learn-state-4', 1]]);
  assert.equal(under[0].fill, `rgba(${STATES[2].rgb.join(', ')}, ${STATES[2].alpha})`);
  assert.deepEqual(over, []);
  const live = displayList({ path: [1, 1, 3, 1], start: { x: 1, y: 1 }, goal: { x: 3, y: 1 }, learn: scene }, place, { live: true }).map((m) => m.id);
  assert.ok(live.indexOf('learn-state-2') < live.indexOf('path'), 'the tint goes under the path');
});

test('rings by kind over the path and under the markers, numbered picks labelled, walls painted', () => {
  const scene = {
    fills: [],
    walls: [{ x: 4, y: 4 }],
    rings: [{ x: 1, y: 1, kind: 'ask' }, { x: 2, y: 2, kind: 'pick', label: '1' }, { x: 3, y: 3, kind: 'right' }, { x: 0, y: 3, kind: 'wrong' }],
  };
  const { under, over } = learnMarks(scene, place);
  assert.deepEqual(under.map((m) => [m.id, m.fill]), [['learn-wall', css(TERRAIN[0].rgb)]]);
  assert.deepEqual(over.map((m) => m.id), ['learn-ask', 'learn-pick', 'learn-right', 'learn-wrong']);
  assert.deepEqual(over.map((m) => m.strokes[1].colour), [LEARN.ask, LEARN.pick, LEARN.right, LEARN.wrong]);
  assert.equal(over[1].label.text, '1');
  const live = displayList({ path: [1, 1, 3, 1], start: { x: 1, y: 1 }, goal: { x: 3, y: 1 }, learn: scene }, place, { live: true }).map((m) => m.id);
  assert.ok(live.indexOf('path') < live.indexOf('learn-right') && live.indexOf('learn-right') < live.indexOf('start'));
  const exported = displayList({ path: [1, 1, 3, 1], start: { x: 1, y: 1 }, goal: { x: 3, y: 1 }, learn: scene }, place).map((m) => m.id);
  assert.ok(!exported.some((id) => id.startsWith('learn-')), 'the exports leave Learn\'s marks out');
  assert.deepEqual(learnMarks(null, place), { under: [], over: [] });
});

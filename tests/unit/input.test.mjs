// input.js: which marker a press grabs (a finger within 22 px of a centre, a mouse only on
// the marker's cell), with no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { grabbedMarker } from '../../www/input.js';

// Cells of 5.5 px, as the open 64² map on a phone.
const centre = (x, y) => ({ x: (x + 0.5) * 5.5, y: (y + 0.5) * 5.5 });
const markers = { start: { x: 2, y: 2 }, goal: { x: 61, y: 61 } };

test('a finger grabs the marker within 22 px of its centre; a mouse only on its cell', () => {
  const s = centre(2, 2);
  const off = { x: s.x + 6, y: s.y };
  const cellOff = { x: 3, y: 2 };
  assert.equal(grabbedMarker(off, cellOff, markers, centre, 22), 'start', 'a finger 6 px off grabs it');
  assert.equal(grabbedMarker(off, cellOff, markers, centre, 0), null, 'a mouse 6 px off draws instead');
  assert.equal(grabbedMarker(s, { x: 2, y: 2 }, markers, centre, 0), 'start', 'on its cell, any pointer');
  assert.equal(grabbedMarker({ x: s.x + 23, y: s.y }, { x: 6, y: 2 }, markers, centre, 22), null, '23 px away is a stroke');
  assert.equal(grabbedMarker({ x: -3, y: s.y }, null, markers, centre, 22), 'start', 'from the border beside the map too');
});

test('between two markers the nearer wins; the pressed cell wins over any distance', () => {
  const close = { start: { x: 2, y: 2 }, goal: { x: 4, y: 2 } };
  const g = centre(4, 2);
  assert.equal(grabbedMarker({ x: g.x - 3, y: g.y }, { x: 3, y: 2 }, close, centre, 22), 'goal');
  assert.equal(grabbedMarker(centre(2, 2), { x: 2, y: 2 }, close, centre, 22), 'start');
});

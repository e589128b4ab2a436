// Changed boxes merged before upload and drawing (www/render-boxes.js): fewer boxes, every
// changed cell still in one, and no box more than FILL times the cells it was made of.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mergeBoxes, FILL } from '../../www/render-boxes.js';

/** Whether cell (x, y) lies in one of the flat boxes. */
const covered = (boxes, x, y) => {
  for (let i = 0; i < boxes.length; i += 4) {
    if (x >= boxes[i] && x < boxes[i] + boxes[i + 2] && y >= boxes[i + 1] && y < boxes[i + 1] + boxes[i + 3]) return true;
  }
  return false;
};

test('nothing in, nothing out; one box stays as it is', () => {
  assert.deepEqual(mergeBoxes([]), []);
  assert.deepEqual(mergeBoxes([32, 64, 96, 32]), [32, 64, 96, 32]);
});

test('runs of neighbouring tile rows merge into one box', () => {
  // A search front: three tile rows, each a run of tiles shifted by one tile.
  const runs = [0, 0, 96, 32, 32, 32, 96, 32, 64, 64, 96, 32];
  assert.deepEqual(mergeBoxes(runs), [0, 0, 160, 96]);
});

test('boxes far apart stay apart', () => {
  const runs = [0, 0, 32, 32, 4000, 0, 32, 32, 0, 4000, 32, 32];
  assert.deepEqual(mergeBoxes(runs), runs);
});

test('every cell of the runs is in a merged box, and no merged box is over FILL times its runs', () => {
  // A diagonal band of runs down a 4096² map, as A* from corner to corner changes it.
  const runs = [];
  for (let row = 0; row < 40; row++) runs.push(row * 32, row * 32, 96 + (row % 3) * 32, 32);
  const merged = mergeBoxes(runs);
  assert.ok(merged.length / 4 < runs.length / 4, `${merged.length / 4} boxes from ${runs.length / 4}`);
  for (let i = 0; i < runs.length; i += 4) {
    for (const [x, y] of [[runs[i], runs[i + 1]], [runs[i] + runs[i + 2] - 1, runs[i + 1] + runs[i + 3] - 1]]) {
      assert.ok(covered(merged, x, y), `cell ${x}, ${y} is covered`);
    }
  }
  for (let i = 0; i < merged.length; i += 4) {
    const [x, y, w, h] = merged.slice(i, i + 4);
    let cells = 0;
    for (let j = 0; j < runs.length; j += 4) {
      if (runs[j] >= x && runs[j + 1] >= y && runs[j] + runs[j + 2] <= x + w && runs[j + 1] + runs[j + 3] <= y + h) cells += runs[j + 2] * runs[j + 3];
    }
    assert.ok(w * h <= FILL * cells, `box ${[x, y, w, h]} holds ${cells} cells of runs`);
  }
});

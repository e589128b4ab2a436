// links.js: share links opened in a scratch planner (the grammar is Rust's, run in Node
// through the wasm), the step a link carries, and the view options as link fields.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Planner } from './wasm.mjs';
import { resolve, linkStep, viewFields, MAX_FRAGMENT } from '../../www/links.js';

test('a link carries the step only when the timeline is scrubbed back', () => {
  assert.equal(linkStep({ position: 3, length: 10 }), 3);
  assert.equal(linkStep({ position: 10, length: 10 }), null);
  assert.equal(linkStep(null), null);
});

test('view options become checked link fields, in any of their forms', () => {
  assert.equal(viewFields({}), null);
  assert.deepEqual(viewFields({ view: 'field', walkers: 40 }), { view: 'field', walkers: 40, range: null });
  for (const range of ['3,4,7', [3, 4, 7], { x: 3, y: 4, budget: 7 }]) {
    const fields = viewFields({ view: 'range', range });
    assert.equal(fields.view, 'range');
    assert.deepEqual([fields.range.x, fields.range.y, fields.range.budget], [3, 4, 7], JSON.stringify(range));
  }
  assert.throws(() => viewFields({ view: 'sideways' }));
  assert.throws(() => viewFields({ view: 'field', walkers: '5&range=1,1,3' }), /walkers="5\?range\?1,1,3"/, 'a value cannot smuggle in another field: it is refused as one bad value');
});

test('a full link round-trips through a scratch planner; anything else is refused with a reason', async () => {
  const p = new Planner(12, 8);
  const scratch = new Planner(2, 2);
  try {
    p.paintLine(5, 0, 5, 5, 1, 0);
    p.setStart(1, 1);
    p.setGoal(10, 6);
    const link = p.shareLink();
    assert.deepEqual(await resolve(scratch, link, []), { mapFile: '', mapLabel: '' });
    assert.equal(scratch.width, 12);
    assert.deepEqual([scratch.goal().x, scratch.goal().y], [10, 6]);
    await assert.rejects(resolve(scratch, 'x'.repeat(MAX_FRAGMENT + 1), []), /more than any Pathlab link can be/);
    await assert.rejects(resolve(scratch, 'hello', []), /neither a Pathlab share link/);
    await assert.rejects(resolve(scratch, 'map=nowhere-12', []), /does not ship/);
    await assert.rejects(resolve(scratch, `${link.slice(0, -8)}AAAA`, []));
  } finally {
    p.free();
    scratch.free();
  }
});

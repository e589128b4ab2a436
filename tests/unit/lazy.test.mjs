// www/lazy.js: one import a module, shared by every caller, tried again after a failure; and
// the state of the control that waits for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lazy, loadFor, loadFailure } from '../../www/lazy.js';

/** A stand-in for an element: its data attributes and other attributes. */
function control() {
  const attributes = new Map();
  return {
    dataset: {},
    setAttribute: (name, value) => attributes.set(name, value),
    removeAttribute: (name) => attributes.delete(name),
    getAttribute: (name) => attributes.get(name) ?? null,
  };
}

test('lazy imports once for every caller', async () => {
  let calls = 0;
  const load = lazy(async () => ({ n: ++calls }));
  const [a, b] = await Promise.all([load(), load()]);
  assert.equal(a, b);
  assert.equal(await load(), a);
  assert.equal(calls, 1);
});

test('after a failure the next call tries again', async () => {
  let calls = 0;
  const load = lazy(async () => {
    calls++;
    if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
    return { ok: true };
  });
  await assert.rejects(load(), /Failed to fetch/);
  assert.deepEqual(await load(), { ok: true });
  assert.equal(calls, 2);
});

test('loadFor marks the control while it waits, and says why a load failed', async () => {
  const button = control();
  const said = [];
  const say = (text, kind) => said.push([text, kind]);
  let release;
  const pending = loadFor(button, () => new Promise((resolve) => { release = resolve; }), 'the export dialog', say);
  assert.equal(button.dataset.loading, '');
  assert.equal(button.getAttribute('aria-busy'), 'true');
  release({ ready: true });
  assert.deepEqual(await pending, { ready: true });
  assert.equal(button.dataset.loading, undefined);
  assert.equal(button.getAttribute('aria-busy'), null);
  assert.deepEqual(said, []);

  const failed = await loadFor(button, () => Promise.reject(new TypeError('Failed to fetch.')), 'the export dialog', say);
  assert.equal(failed, null);
  assert.equal(button.dataset.loadFailed, '');
  assert.equal(button.dataset.loading, undefined);
  assert.deepEqual(said, [[loadFailure('the export dialog', new TypeError('Failed to fetch.')), 'error']]);
  assert.equal(said[0][0], 'Could not load the export dialog (Failed to fetch): check the connection, then try again.');
});

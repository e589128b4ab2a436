// storage.js's run-length encoding of the grid bytes (the autosave's map).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeCells, decodeCells } from '../../www/storage.js';

test('runs of equal bytes as "<byte><count base 36>"', () => {
  assert.equal(encodeCells(Uint8Array.from([1, 1, 1, 0, 4, 4])), '13;01;42');
  assert.equal(encodeCells(new Uint8Array(40).fill(1)), '114');
  assert.equal(encodeCells(new Uint8Array(0)), '');
});

test('decoding gives the bytes back, for random maps of every terrain', () => {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let n = 0; n < 50; n++) {
    const length = 1 + Math.floor(next() * 500);
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i++) bytes[i] = next() < 0.7 && i > 0 ? bytes[i - 1] : Math.floor(next() * 5);
    assert.deepEqual(decodeCells(encodeCells(bytes), length), bytes);
  }
});

test('damaged text or the wrong length gives null, never a wrong map', () => {
  assert.equal(decodeCells('13;01', 5), null, 'too short');
  assert.equal(decodeCells('13;01', 3), null, 'too long');
  assert.equal(decodeCells('53', 3), null, 'byte 5 is no terrain');
  assert.equal(decodeCells('1z;x', 36), null, 'a run with no count');
  assert.equal(decodeCells('10', 0), null, 'a run of nothing');
  assert.deepEqual(decodeCells('13', 3), Uint8Array.from([1, 1, 1]));
});

test('Learn\'s progress is kept per lesson link, and unreadable records read as none', async () => {
  const store = new Map();
  globalThis.localStorage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, String(v)), removeItem: (k) => store.delete(k) };
  try {
    const { loadProgress, saveProgress } = await import('../../www/storage.js');
    assert.equal(loadProgress('l1.a'), null);
    assert.equal(saveProgress('l1.a', { at: 2, results: [true, false, null] }), null);
    assert.equal(saveProgress('l1.b', { at: 0, results: [null] }), null);
    assert.deepEqual(loadProgress('l1.a'), { at: 2, results: [true, false, null] });
    assert.deepEqual(loadProgress('l1.b'), { at: 0, results: [null] });
    saveProgress('l1.a', null);
    assert.equal(loadProgress('l1.a'), null, 'forgotten');
    store.set('pathlab:learn:v1', '{"l1.c": {"at": "x", "results": []}}');
    assert.equal(loadProgress('l1.c'), null, 'a damaged record');
    store.set('pathlab:learn:v1', 'not json');
    assert.equal(loadProgress('l1.b'), null, 'unreadable storage');
    globalThis.localStorage.setItem = () => { throw Object.assign(new Error('full'), { name: 'QuotaExceededError' }); };
    assert.match(saveProgress('l1.d', { at: 0, results: [] }), /QuotaExceededError/);
  } finally {
    delete globalThis.localStorage;
  }
});

// The MAPF wasm benchmark's reading of the native printout (bench/mapf_wasm.mjs): the LaCAM
// rows and the PIBT line of examples/mapf_bench.rs, and the agent counts both sweep.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { counts, readNative } from '../../bench/mapf_wasm.mjs';

test('the native printout is read row by row, and the PIBT line for its median', () => {
  const text = [
    '| map | scen | agents | solved | ms | configurations | SOC / lower bound | + distance tables ms |',
    '|---|---|---|---|---|---|---|---|',
    '| empty-16-16 | 1 | 10 | yes | 0.05 | 20 | 1.010 | 0.10 |',
    '| random-32-32-20 | 2 | 409 | no | 1000.20 | 7051 | NaN | 14.21 |',
    '20 steps: mean 0.176 ms, median 0.155 ms, max 0.525 ms per step',
    '| 2 | yes | 0.0 | 1 | 1.000 |',
  ].join('\n');
  const native = readNative(text);
  assert.equal(native.lacam.size, 2);
  assert.deepEqual(native.lacam.get('empty-16-16/1/10'), { solved: true, ms: 0.05, nodes: 20 });
  assert.deepEqual(native.lacam.get('random-32-32-20/2/409'), { solved: false, ms: 1000.2, nodes: 7051 });
  assert.deepEqual(native.pibt, { mean: 0.176, median: 0.155, max: 0.525 });
});

test('the agent counts are the native sweep\'s: 10 to 100, every 50, then the file\'s size', () => {
  assert.deepEqual(counts(128, true), [10, 100, 128]);
  assert.deepEqual(counts(341, false), [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 150, 200, 250, 300, 341]);
  assert.deepEqual(counts(100, false), [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
});

// trace-words.js: the step trace's numbers (decided in Rust) read back and put in words. The
// planner runs in Node (wasm.mjs), so every sub-step every algorithm records is worded here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Planner } from './wasm.mjs';
import { decodeTrace, sentence, valueText, noteText, cost } from '../../www/trace-words.js';

test('costs and notes in words', () => {
  assert.equal(cost(5), '5');
  assert.equal(cost(5.4142), '5.41');
  assert.equal(cost(Infinity), '∞');
  assert.equal(cost(NaN), 'none');
  assert.equal(noteText(0), '');
  assert.match(noteText(2), /Recording is off/);
  assert.equal(noteText(99), '');
});

test('every kind of sub-step the planner names has a sentence', () => {
  const { says } = Planner.traceNames();
  assert.ok(says.length > 20);
  for (const say of says) assert.notEqual(sentence({ line: 0, say, cell: null, vars: [] }, 'A*'), '', say);
});

test('values by kind: a cell, a key, a side, a direction', () => {
  const { moves } = Planner.traceNames();
  assert.equal(valueText({ name: 'u', kind: 'cell', a: 3, b: 4 }), '(3, 4)');
  assert.equal(valueText({ name: 'key(u)', kind: 'key', a: 7, b: Infinity }), '[7, ∞]');
  assert.equal(valueText({ name: 's', kind: 'side', a: 1, b: 0 }), 'backward');
  assert.equal(valueText({ name: 'd', kind: 'dir', a: 0, b: 0 }), moves[0]);
  assert.equal(valueText({ name: 'order', kind: 'dirs', a: 1 * 32 + 2, b: 2 }), `${moves[1]} ${moves[2]}`);
});

test('each step of each algorithm on a small map decodes and reads as sentences', () => {
  const ids = Planner.algorithms().map((a) => a.id).filter((id) => id !== 'mesh');
  for (const algorithm of ids) {
    const p = new Planner(9, 7);
    try {
      p.paintLine(4, 0, 4, 4, 1, 0);
      p.setStart(1, 3);
      p.setGoal(7, 3);
      p.setSettings({ algorithm });
      p.setSpeed('instant', 0);
      assert.equal(p.step(), 'found', algorithm);
      const length = p.timelineLength();
      assert.ok(length > 0, algorithm);
      for (let step = 1; step <= length; step++) {
        p.seek(step);
        const trace = decodeTrace(p.stepTrace());
        assert.equal(trace.step, step);
        for (const sub of trace.subs) {
          const text = sentence(sub, algorithm);
          assert.ok(text.length > 10 && !/undefined|NaN|\?/.test(text), `${algorithm} step ${step}: "${text}"`);
          for (const v of sub.vars) assert.ok(!/undefined/.test(valueText(v)), `${algorithm} ${v.name}`);
        }
      }
    } finally {
      p.free();
    }
  }
});

// The page's DOM contract: ids, element types, option values, stats and hooks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEnv } from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

const SELECTS = {
  algorithm: ['bfs', 'best-first', 'dijkstra', 'astar', 'jps', 'bidirectional', 'theta', 'lpa', 'dstar-lite', 'mesh', 'jps-plus', 'jps-plus-bounded', 'jps2', 'jps2-plus'],
  heuristic: ['auto', 'octile', 'manhattan', 'euclidean', 'chebyshev', 'zero'],
  connectivity: ['4', '8'],
  'diagonal-rule': ['never', 'no-corner-cutting', 'one-side-free', 'always'],
  'diagonal-cost': ['1.4142135623730951', '1.4142', '1'],
  'brush-size': ['1', '3', '5'],
};
const INPUTS = {
  weight: 'number', 'goal-directed': 'checkbox', budget: 'number', speed: 'range', 'draw-progress': 'checkbox',
  'open-file': 'file', 'new-width': 'number', 'new-height': 'number',
};
const BUTTONS = ['step', 'run', 'reset-search', 'clear-walls', 'undo', 'redo', 'walk', 'new-map', 'export-map',
  'mesh-edit', 'mesh-generate', 'mesh-clear'];
const STATS = ['status', 'expanded', 'generated', 'reopened', 'open', 'runs', 'elapsed', 'precompute', 'cost', 'moves'];
const HOOKS = ['cellToClient', 'cell', 'state', 'size', 'start', 'goal', 'stats', 'exportMap', 'path', 'mesh', 'walker'];

test('DOM ids, types, option values, stats and hooks follow the contract', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    const dom = await page.evaluate(([SELECTS, INPUTS, BUTTONS, STATS, HOOKS]) => {
      const q = (id) => document.getElementById(id);
      const out = { problems: [] };
      const bad = (s) => out.problems.push(s);
      const canvas = q('grid-canvas');
      if (!canvas || canvas.tagName !== 'CANVAS') bad('canvas#grid-canvas missing');
      for (const [id, values] of Object.entries(SELECTS)) {
        const el = q(id);
        if (!el || el.tagName !== 'SELECT') { bad(`select#${id} missing`); continue; }
        const got = [...el.options].map((o) => o.value);
        for (const v of values) if (!got.includes(v)) bad(`select#${id} lacks option ${v} (has ${got.join(', ')})`);
        for (const v of got) if (!values.includes(v)) bad(`select#${id} has extra option ${v}`);
      }
      const map = q('map');
      if (!map || map.tagName !== 'SELECT') bad('select#map missing');
      for (const [id, type] of Object.entries(INPUTS)) {
        const el = q(id);
        if (!el || el.tagName !== 'INPUT' || el.type !== type) bad(`input#${id} type ${type} missing (found ${el ? el.tagName + ' ' + el.type : 'none'})`);
      }
      const accept = (q('open-file')?.accept || '').toLowerCase();
      for (const ext of ['.map', '.png', '.bmp', '.txt']) if (!accept.includes(ext)) bad(`input#open-file accept lacks ${ext} ("${accept}")`);
      for (const id of BUTTONS) if (!q(id) || q(id).tagName !== 'BUTTON') bad(`button#${id} missing`);
      const run = q('run')?.textContent.trim();
      if (run !== 'Run') bad(`#run text is "${run}" on a fresh page, want "Run"`);
      for (const b of ['wall', 'erase', '1', '2', '3', '4']) {
        const el = document.querySelector(`[data-brush="${b}"]`);
        if (!el || el.tagName !== 'BUTTON') bad(`button[data-brush="${b}"] missing`);
        else if (el.getAttribute('aria-pressed') !== String(b === 'wall')) bad(`[data-brush="${b}"] aria-pressed=${el.getAttribute('aria-pressed')} on a fresh page`);
      }
      for (const s of STATS) if (!document.querySelector(`[data-stat="${s}"]`)) bad(`[data-stat="${s}"] missing`);
      const msg = q('message');
      if (!msg) bad('#message missing');
      else {
        if (msg.getAttribute('role') !== 'status') bad(`#message role=${msg.getAttribute('role')}`);
        if (msg.getAttribute('aria-live') !== 'polite') bad(`#message aria-live=${msg.getAttribute('aria-live')}`);
        if (!['info', 'error', 'success'].includes(msg.dataset.kind)) bad(`#message data-kind=${msg.dataset.kind}`);
      }
      if (!q('inspector')) bad('#inspector missing');
      const menu = q('context-menu');
      if (!menu) bad('#context-menu missing');
      else for (const a of ['start', 'goal', 'clear', 'reset']) if (!menu.querySelector(`button[data-action="${a}"]`)) bad(`#context-menu button[data-action="${a}"] missing`);
      for (const h of HOOKS) if (typeof window.pathlab[h] !== 'function') bad(`window.pathlab.${h} is not a function`);
      const speed = q('speed');
      out.speed = speed && { min: speed.min, max: speed.max, value: speed.value };
      out.weight = q('weight')?.value;
      out.budget = q('budget')?.value;
      out.drawProgress = q('draw-progress')?.checked;
      out.stats = Object.fromEntries(STATS.map((s) => [s, document.querySelector(`[data-stat="${s}"]`)?.textContent.trim()]));
      return out;
    }, [SELECTS, INPUTS, BUTTONS, STATS, HOOKS]);
    assert.deepEqual(dom.problems, [], 'DOM contract');
    assert.equal(dom.drawProgress, true, '#draw-progress checked by default');
    assert.equal(dom.budget, '', '#budget empty by default (no budget)');
    assert.equal(dom.weight, '1', '#weight defaults to 1');
    for (const s of ['expanded', 'generated', 'reopened', 'open', 'runs']) assert.match(dom.stats[s], /^\d+$/, `[data-stat="${s}"] is plain digits ("${dom.stats[s]}")`);
    assert.equal(dom.stats.status, 'ready');
    assert.equal(dom.stats.cost, '—');
    const defaults = await page.evaluate(() => ['algorithm', 'heuristic', 'connectivity', 'diagonal-rule', 'diagonal-cost']
      .map((id) => document.getElementById(id).value));
    assert.deepEqual(defaults, ['astar', 'auto', '8', 'no-corner-cutting', '1.4142135623730951'], 'default settings');
  });
});

// Every search setting, changed through the real controls, gives the same result as the CLI
// with the matching flags on the same map, start and goal.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  startEnv, startCell, goalCell, stat, speedMax, runToEnd, cliSolve, readIndex, MAPS, focusNeutral,
  newMap, drag, cells, where, openPanel,
} from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

const DEFAULTS = {
  algorithm: 'astar', heuristic: 'auto', weight: '1', connectivity: '8',
  'diagonal-rule': 'no-corner-cutting', 'diagonal-cost': '1.4142135623730951', budget: '', 'goal-directed': false,
};

const CASES = [
  { algorithm: 'bfs' },
  { algorithm: 'best-first' },
  { algorithm: 'dijkstra' },
  { algorithm: 'bidirectional' },
  { heuristic: 'zero' },
  { heuristic: 'euclidean' },
  { heuristic: 'manhattan' },
  { weight: '2' },
  { connectivity: '4' },
  { 'diagonal-rule': 'always' },
  { 'diagonal-rule': 'never' },
  { 'diagonal-rule': 'one-side-free' },
  { 'diagonal-cost': '1' },
  { 'diagonal-cost': '1.4142' },
  { 'goal-directed': true },
  { budget: '100' },
];

function cliFlags(s) {
  const f = ['--connectivity', s.connectivity, '--diagonal', s['diagonal-rule'], '--diagonal-cost', s['diagonal-cost'], '--weight', s.weight];
  if (s.heuristic !== 'auto') f.push('--heuristic', s.heuristic);
  if (s.budget !== '') f.push('--budget', s.budget);
  if (s['goal-directed']) f.push('--goal-directed');
  return f;
}

async function applySettings(page, s) {
  await openPanel(page, 'settings');
  for (const id of ['algorithm', 'heuristic', 'connectivity', 'diagonal-rule', 'diagonal-cost']) {
    const el = page.locator(`#${id}`);
    if ((await el.inputValue()) !== s[id]) await el.selectOption(s[id]);
  }
  for (const id of ['weight', 'budget']) {
    const el = page.locator(`#${id}`);
    if ((await el.inputValue()) !== s[id]) {
      await el.fill(s[id]);
      await el.press('Tab');
    }
  }
  const gd = page.locator('#goal-directed');
  if ((await gd.isChecked()) !== s['goal-directed']) await gd.click();
  await focusNeutral(page);
}

// A map with terrain, walls and a trap: settings make a visible difference there.
const idx = (() => { try { const i = readIndex(); return Array.isArray(i) ? i : i.maps; } catch { return []; } })();
const entry = idx.find((e) => e.file === 'bop-like-100.map') || idx.find((e) => /terrain/.test(e.file)) || idx[0];

test(`settings match the CLI on ${entry ? entry.file : '(no map)'}`, { timeout: 240_000 }, async (t) => {
  assert.ok(entry, 'maps/index.json lists a map');
  await env.withPage(t, async (page, { shot }) => {
    await openPanel(page, 'map');
    await page.locator('#map').selectOption(entry.file);
    await page.waitForFunction(([sx, sy]) => {
      const s = window.pathlab.start();
      return s.x === sx && s.y === sy;
    }, entry.start);
    await speedMax(page);
    const s = await startCell(page), g = await goalCell(page);
    const mapFile = path.join(MAPS, entry.file);
    const failures = [];
    for (const c of CASES) {
      const set = { ...DEFAULTS, ...c };
      await applySettings(page, set);
      await page.locator('#reset-search').click();
      const status = await runToEnd(page);
      const label = JSON.stringify(c);
      await shot(Object.entries(c).map(([k, v]) => `${k}-${v}`).join('_'));
      const cliRes = cliSolve(mapFile, s, g, cliFlags(set), set.algorithm);
      const want = { found: 'found', no_path: 'no path', partial: 'partial' }[cliRes.status];
      const page_ = {
        status,
        cost: await stat(page, 'cost'),
        expanded: Number(await stat(page, 'expanded')),
        reopened: Number(await stat(page, 'reopened')),
      };
      t.diagnostic(`${label}: page ${JSON.stringify(page_)} CLI status ${cliRes.status} cost ${cliRes.cost} expanded ${cliRes.expanded} reopened ${cliRes.reopened}`);
      if (page_.status !== want) failures.push(`${label}: status page "${page_.status}" vs CLI "${cliRes.status}"`);
      if (want !== 'no path' && !(Math.abs(Number(page_.cost) - cliRes.cost) <= 1e-4)) failures.push(`${label}: cost page ${page_.cost} vs CLI ${cliRes.cost}`);
      if (page_.expanded !== cliRes.expanded) failures.push(`${label}: expanded page ${page_.expanded} vs CLI ${cliRes.expanded}`);
      if (page_.reopened !== cliRes.reopened) failures.push(`${label}: reopened page ${page_.reopened} vs CLI ${cliRes.reopened}`);
      if (c.budget) {
        assert.equal(page_.status, 'partial', 'a small budget gives a partial result');
        assert.ok(page_.expanded <= Number(c.budget), `budget ${c.budget} caps expansions (got ${page_.expanded})`);
      }
    }
    assert.deepEqual(failures, [], 'page and CLI disagree');
  });
});

test('brush size 3 paints a 3×3 block per cell; Clear walls removes all walls', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await newMap(page, 30, 20);
    await page.locator('#brush-size').selectOption('3');
    await focusNeutral(page);
    await drag(page, [[10, 8], [10, 8]], { steps: 1 });
    const walls = where(await cells(page), (v) => v === 0).map((c) => c.join(',')).sort();
    const want = [];
    for (let y = 7; y <= 9; y++) for (let x = 9; x <= 11; x++) want.push(`${x},${y}`);
    assert.deepEqual(walls, want.sort(), 'a click with brush size 3 walls the 3×3 block around the cell');

    await page.locator('#clear-walls').click();
    assert.equal(where(await cells(page), (v) => v === 0).length, 0, '#clear-walls leaves no wall');
  });
});

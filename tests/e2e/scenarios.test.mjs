// Moving AI scenarios in the page: a .scen for the current map lists its problems, picking one
// sets the markers, "Check all" runs them in chunks with a progress bar and reports how many
// match; a .scen for another map is refused and the map kept.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  startEnv, MAPS, tmpdir, cliSolve, startCell, goalCell, message, cells, speedMax, runToEnd, stat, openPanel,
} from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

const MAP = 'maze-63.map';
const COUNT = 30;
const WRONG = [4, 17];

/** A .scen for maze-63 with optimal lengths from the CLI; the WRONG ones are off by one. */
function makeScen() {
  const text = fs.readFileSync(path.join(MAPS, MAP), 'utf8').replace(/\r/g, '').split('\n');
  const rows = text.slice(text.indexOf('map') + 1).filter((r) => r.length === 63);
  const open = [];
  for (let y = 0; y < 63; y++) for (let x = 0; x < 63; x++) if (rows[y][x] === '.') open.push([x, y]);
  let seed = 12345;
  const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const lines = ['version 1'];
  const problems = [];
  while (problems.length < COUNT) {
    const s = open[Math.floor(rand() * open.length)];
    const g = open[Math.floor(rand() * open.length)];
    if (s[0] === g[0] && s[1] === g[1]) continue;
    const r = cliSolve(path.join(MAPS, MAP), { x: s[0], y: s[1] }, { x: g[0], y: g[1] });
    assert.equal(r.status, 'found');
    const cost = r.cost ?? r.pathCost ?? r.path_cost;
    assert.ok(cost > 0, `CLI cost in ${JSON.stringify(r).slice(0, 200)}`);
    const i = problems.length;
    const optimal = WRONG.includes(i) ? cost + 1 : cost;
    problems.push({ s, g, optimal });
    lines.push([Math.floor(cost / 4), MAP, 63, 63, s[0], s[1], g[0], g[1], optimal.toFixed(8)].join('\t'));
  }
  return { text: `${lines.join('\n')}\n`, problems };
}

test('a .scen lists its problems, sets the markers and checks them all with progress', { timeout: 180_000 }, async (t) => {
  const { text, problems } = makeScen();
  const dir = tmpdir();
  const scen = path.join(dir, 'maze-63.map.scen');
  fs.writeFileSync(scen, text);
  await env.withPage(t, async (page, { shot }) => {
    assert.equal(await page.locator('#scen-card').isVisible(), false, 'no scenario panel before a .scen');
    await openPanel(page, 'map');
    await page.locator('#map').selectOption(MAP);
    await page.waitForFunction(() => window.pathlab.size().width === 63);
    await openPanel(page, 'map');
    await page.locator('#open-file').setInputFiles(scen);
    await page.locator('#scen-card').waitFor({ state: 'visible' });
    assert.equal(await page.locator('#scen-list option').count(), COUNT);
    assert.match(await page.locator('#scen-info').textContent(), new RegExp(`${COUNT} scenarios for maze-63\\.map`));
    assert.match((await message(page)).text, /Opened maze-63\.map\.scen/);

    // Pick the third problem: the markers move there, the form shows the Moving AI settings,
    // and a run gives its optimal length.
    await page.locator('#algorithm').selectOption('bfs');
    await openPanel(page, 'settings');
    await page.locator('#connectivity').selectOption('4');
    await page.locator('#scen-list').selectOption('2');
    const p = problems[2];
    await page.waitForFunction((s) => window.pathlab.start().x === s[0] && window.pathlab.start().y === s[1], p.s);
    assert.deepEqual(await startCell(page), { x: p.s[0], y: p.s[1] });
    assert.deepEqual(await goalCell(page), { x: p.g[0], y: p.g[1] });
    assert.equal(await page.locator('#algorithm').inputValue(), 'astar', 'the form follows the scenario settings');
    assert.equal(await page.locator('#connectivity').inputValue(), '8');
    await speedMax(page);
    await runToEnd(page);
    assert.equal(await stat(page, 'cost'), p.optimal.toFixed(4));

    // Record every value the progress bar takes: checking in chunks shows steps in between.
    await page.evaluate(() => {
      const bar = document.getElementById('scen-progress');
      window.progressSeen = [];
      new MutationObserver(() => window.progressSeen.push(bar.value)).observe(bar, { attributes: true, attributeFilter: ['value'] });
    });
    await page.locator('#scen-check').click();
    await page.locator('#scen-result').filter({ hasText: /match\.$/ }).waitFor({ timeout: 120_000 });
    const result = (await page.locator('#scen-result').textContent()).trim();
    assert.equal(result, `${COUNT - WRONG.length} of ${COUNT} match.`);
    const progress = await page.locator('#scen-progress').evaluate((el) => ({ value: el.value, max: el.max, hidden: el.hidden }));
    assert.deepEqual(progress, { value: COUNT, max: COUNT, hidden: false }, 'the progress bar is full');
    const seen = await page.evaluate(() => window.progressSeen);
    assert.ok(seen.some((v) => v > 0 && v < COUNT), `the bar moved in steps: ${seen.join(', ')}`);
    const failures = await page.locator('#scen-failures li').allTextContents();
    assert.deepEqual(failures.map((f) => f.split(':')[0]), WRONG.map((i) => `#${i}`), 'the two wrong lengths are listed');
    assert.equal((await message(page)).kind, 'error', 'a mismatch is reported as a problem');
    await shot('checked');
  });
});

test('a .scen for another map is refused and the map kept', { timeout: 60_000 }, async (t) => {
  const dir = tmpdir();
  const scen = path.join(dir, 'other.scen');
  fs.writeFileSync(scen, 'version 1\n0\tother.map\t512\t512\t1\t1\t5\t5\t5.65685425\n');
  const junk = path.join(dir, 'junk.scen');
  fs.writeFileSync(junk, 'this is <b>not</b> a scenario file\n');
  await env.withPage(t, async (page) => {
    const before = await cells(page);
    for (const [file, pattern] of [[scen, /512|size|map/i], [junk, /version|line 1/i]]) {
      await openPanel(page, 'map');
      await page.locator('#open-file').setInputFiles(file);
      await page.waitForFunction(() => document.getElementById('message').dataset.kind === 'error');
      const m = await message(page);
      assert.match(m.text, pattern);
      assert.match(m.text, /current map is kept/);
      assert.equal(await page.locator('#scen-card').isVisible(), false);
      assert.deepEqual(await cells(page), before);
      await page.locator('#reset-search').click();
    }
  });
});

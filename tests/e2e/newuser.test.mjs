// The page as a new user meets it (issue "The page as a new user meets it"): keys after a
// button click, one status line that agrees with the statistics and the timeline, a 1024² map
// whose path can be seen, an edit while scrubbed back, repairs on the timeline, JPS's scanned
// cells, plain words, the node mesh without a mesh, the canvas's focus ring and keyboard
// drawing, a cost that never wraps, the density of generators that ignore it, and the map
// menu within reach. Every check waits for the state it reads (helpers.mjs `settled`).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startEnv, newMap, drag, stat, waitStat, message, settled, speedMax, runToEnd, states, where,
  focusNeutral, cellPoint, size, cellPixels, openPanel,
} from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

const SCANNED = 9;
const JUMP_POINT = 5;

async function openMap(page, file) {
  await openPanel(page, 'map');
  await page.locator('#map').selectOption(file);
  await page.waitForFunction((f) => window.pathlab.mapName() === f, file);
  await focusNeutral(page);
}

/** The timeline label's "step k of n" as numbers, once every panel has caught up. */
async function label(page) {
  await settled(page);
  const text = await page.locator('[data-timeline="label"]').textContent();
  const m = /step (\d+) of (\d+)/.exec(text);
  assert.ok(m, `timeline label "${text}"`);
  return { k: Number(m[1]), n: Number(m[2]) };
}

/**
 * The status line, the statistics card and the timeline label describe the same state: the
 * same version and step, and where the line names a cost or an expansion count, the card's.
 */
async function assertAgree(page, what) {
  const m = await message(page);
  const l = await label(page);
  const expanded = Number(await stat(page, 'expanded'));
  const cost = await stat(page, 'cost');
  const sync = await page.evaluate(() => [...document.querySelectorAll('[data-sync]')].map((el) => `${el.dataset.version}/${el.dataset.step ?? '-'}`));
  assert.ok(sync.every((s) => s.split('/')[0] === sync[0].split('/')[0]), `${what}: every panel shows one version (${sync})`);
  assert.equal(l.k, expanded, `${what}: the timeline label is at the card's step`);
  const costInLine = /cost (\d+\.\d{4})/.exec(m.text);
  if (costInLine) assert.equal(costInLine[1], cost, `${what}: "${m.text}" names the card's cost`);
  const expandedInLine = /(\d+) nodes expanded|expanded (\d+) nodes|after (\d+) expansions/.exec(m.text);
  if (expandedInLine) {
    const n = Number(expandedInLine[1] ?? expandedInLine[2] ?? expandedInLine[3]);
    assert.equal(n, expanded, `${what}: "${m.text}" names the card's expansions`);
  }
  return m;
}

/** Drags the scrubber's thumb with the real mouse to `fraction` of the track. */
async function dragScrubber(page, fraction) {
  const range = page.locator('[data-timeline="range"]');
  const box = await range.boundingBox();
  const { value, max } = await range.evaluate((el) => ({ value: Number(el.value), max: Number(el.max) }));
  const thumb = 8;
  const xAt = (f) => box.x + thumb + (box.width - 2 * thumb) * f;
  const y = box.y + box.height / 2;
  await page.mouse.move(xAt(max ? value / max : 0), y);
  await page.mouse.down();
  await page.mouse.move(xAt(fraction), y, { steps: 10 });
  await page.mouse.up();
}

test('keys: after clicking Step (or any button) Space runs and pauses, N steps, R resets', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await openMap(page, 'maze-63.map');
    // One expansion a frame, so the search is still running when Space pauses it.
    const speed = page.locator('#speed');
    await speed.focus();
    await page.keyboard.press('Home');
    await page.locator('#step').click();
    await waitStat(page, 'expanded', '1');
    await page.keyboard.press('Space');
    await waitStat(page, 'status', 'running');
    // Let the run take a frame's step before pausing it: two key presses can land in one frame.
    await page.waitForFunction(() => window.pathlab.stats().expanded > 1);
    await page.keyboard.press('Space');
    await waitStat(page, 'status', 'paused');
    const e1 = Number(await stat(page, 'expanded'));
    assert.ok(e1 > 1, `Space ran the search (${e1} expanded), not Step again`);
    // The same after clicking other controls: the Draw progress checkbox and the Reset button.
    await openPanel(page, 'settings');
    await page.locator('#draw-progress').click();
    await page.locator('#draw-progress').click();
    await page.keyboard.press('n');
    await waitStat(page, 'expanded', String(e1 + 1));
    assert.equal(await page.locator('#draw-progress').isChecked(), true, 'N did not toggle the checkbox');
    await page.locator('#reset-search').click();
    await waitStat(page, 'expanded', '0');
    await page.keyboard.press('Space');
    await waitStat(page, 'status', 'running');
    await page.keyboard.press('r');
    await waitStat(page, 'status', 'ready');
    await page.keyboard.press('ArrowRight');
    await waitStat(page, 'expanded', '1');
    // Typing in a number field keeps its keys.
    await openPanel(page, 'settings');
    await page.locator('#weight').click();
    await page.keyboard.press('Space');
    await page.keyboard.press('n');
    await settled(page);
    assert.equal(await stat(page, 'status'), 'paused', 'keys typed into a field are not shortcuts');
  });
});

test('one status: after a live re-plan, undo, redo, a walk and a repair the line agrees with the card and the timeline', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await newMap(page, 36, 22);
    await speedMax(page);
    assert.equal(await runToEnd(page), 'found');
    assert.match((await assertAgree(page, 'found')).text, /^Path found: cost/);
    const before = await stat(page, 'cost');
    await drag(page, [[18, 0], [18, 18]], { steps: 6 });
    await waitStat(page, 'status', 'found');
    const m = await assertAgree(page, 'live re-plan');
    assert.notEqual(await stat(page, 'cost'), before, 'the wall made the path dearer');
    assert.match(m.text, /^Path found: cost/, 'the line describes the re-planned path');
    await page.locator('#undo').click();
    await waitStat(page, 'cost', before);
    assert.match((await assertAgree(page, 'undo')).text, new RegExp(`cost ${before.replace('.', '\\.')}`));
    await page.locator('#redo').click();
    await settled(page);
    assert.notEqual(await stat(page, 'cost'), before);
    await assertAgree(page, 'redo');
    // The walker: the line says so while it walks and describes the path again after.
    await page.locator('#walk').click();
    await page.waitForFunction(() => window.pathlab.walker() !== null);
    await page.waitForFunction(() => window.pathlab.walker() === null, null, { timeout: 30_000 });
    await page.waitForFunction(() => /^Path found/.test(document.getElementById('message').textContent));
    await assertAgree(page, 'after the walk');
    // LPA*: a wall across the path is repaired, and the line names the repair's figures.
    await page.locator('#algorithm').selectOption('lpa');
    await focusNeutral(page);
    assert.equal(await runToEnd(page), 'found');
    await drag(page, [[10, 3], [10, 21]], { steps: 6 });
    await waitStat(page, 'status', 'found');
    assert.match((await assertAgree(page, 'repair')).text, /^Repaired the path: cost/);
  });
});

test('rewind, then edit: a stroke drawn while scrubbed back re-plans to the shown step', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await openMap(page, 'maze-63.map');
    await speedMax(page);
    assert.equal(await runToEnd(page), 'found');
    await dragScrubber(page, 0.4);
    const { k, n } = await label(page);
    assert.ok(k > 0 && k < n, `scrubbed back to ${k} of ${n}`);
    // A stroke of several cells in the middle of the maze, well away from the start.
    await drag(page, [[40, 40], [45, 40]], { steps: 5 });
    const after = await label(page);
    assert.deepEqual(after, { k, n: k }, 'the timeline ends at the shown step');
    assert.equal(Number(await stat(page, 'expanded')), k, 'the card shows the shown step');
    await assertAgree(page, 'edited while scrubbed back');
    await page.locator('#step').click();
    await waitStat(page, 'expanded', String(k + 1));
  });
});

test('a found path on a 1024² map is drawn in a colour no cell uses, at the default speed', { timeout: 180_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await openMap(page, 'big-1024.map');
    // The default speed fits the map: at least a thousand expansions a frame on a million cells.
    const speedLabel = await page.locator('#speed-value').textContent();
    const perFrame = Number(speedLabel.replace(/[^0-9]/g, ''));
    assert.ok(/instant|ms/.test(speedLabel) || perFrame >= 1000, `default speed "${speedLabel}"`);
    await page.locator('#run').click();
    await waitStat(page, 'status', ['found', 'no path'], 150_000);
    assert.equal(await stat(page, 'status'), 'found');
    await settled(page);
    await shot('found');
    const path = await page.evaluate(() => window.pathlab.path());
    const png = await page.locator('#grid-canvas').screenshot();
    const box = await page.locator('#grid-canvas').boundingBox();
    const { pink, samples } = await page.evaluate(async ({ bytes, points, box }) => {
      const img = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
      const c = new OffscreenCanvas(img.width, img.height);
      const ctx = c.getContext('2d');
      ctx.drawImage(img, 0, 0);
      let hits = 0;
      for (const p of points) {
        const [r, g, b] = ctx.getImageData(Math.round(p.x - box.x), Math.round(p.y - box.y), 1, 1).data;
        if (r > 200 && g < 110 && b > 90 && b < 190) hits++;
      }
      return { pink: hits, samples: points.length };
    }, {
      bytes: [...png],
      box,
      points: await page.evaluate((path) => {
        const out = [];
        const step = Math.max(2, Math.floor(path.length / 2 / 60)) * 2;
        for (let i = 0; i < path.length; i += step) out.push(window.pathlab.cellToClient(path[i], path[i + 1]));
        return out;
      }, path),
    });
    assert.ok(pink >= samples * 0.8, `the path is drawn pink at fit zoom (${pink} of ${samples} points)`);
    const legend = await page.locator('#legend').textContent();
    assert.match(legend, /Path \(pink line\)/, 'the legend names the colour drawn');
    await page.goto(new URL('tutorial.html', page.url()).href);
    await page.waitForFunction(() => window.tutorial?.ready === true);
    assert.match(await page.locator('body').textContent(), /pink line/, 'so does the tutorial');
  });
});

test('an LPA* repair is a recorded run: counted, painted and scrubbable', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await newMap(page, 36, 22);
    await page.locator('#algorithm').selectOption('lpa');
    await speedMax(page);
    assert.equal(await runToEnd(page), 'found');
    await drag(page, [[12, 0], [12, 19]], { steps: 6 });
    await waitStat(page, 'status', 'found');
    const expanded = Number(await stat(page, 'expanded'));
    const { k, n } = await label(page);
    assert.ok(expanded > 0, 'the repair counts its own expansions');
    assert.equal(n, expanded, 'every repair step is on the timeline');
    assert.equal(k, n);
    const painted = where(await states(page), (s) => s === 8).length;
    assert.ok(painted > 0, 'the repaired cells are painted');
    await dragScrubber(page, 0.5);
    const mid = await label(page);
    assert.ok(mid.k > 0 && mid.k < n, `scrubbed into the repair (${mid.k} of ${n})`);
    assert.equal(Number(await stat(page, 'expanded')), mid.k);
  });
});

test('JPS paints the cells it only scanned apart from its jump points; Frames run says what it counts', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await openMap(page, 'rooms-128.map');
    await page.locator('#algorithm').selectOption('jps');
    await speedMax(page);
    assert.equal(await runToEnd(page), 'found');
    const s = await states(page);
    const scanned = where(s, (v) => v === SCANNED).length;
    const jumps = where(s, (v) => v === JUMP_POINT).length;
    assert.ok(scanned > 0 && jumps > 0, `scanned ${scanned}, jump points ${jumps}`);
    assert.ok(scanned > jumps, 'far more cells are scanned than expanded');
    assert.match(await page.locator('#legend').textContent(), /Scanned by a jump/);
    const runs = page.locator('[data-stat="runs"]').locator('xpath=..');
    assert.match(await runs.textContent(), /Frames run/);
    // Its explanation is the term's (terms.js): on hover, focus or a tap, and to a screen reader.
    const described = await runs.locator('dt').evaluate((dt) => document.getElementById(dt.getAttribute('aria-describedby')).textContent);
    assert.match(described, /once per animation frame/);
  });
});

test('plain words: the open-list sentence and the page name no source documents', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await newMap(page, 20, 12);
    await openPanel(page, 'open');
    for (let i = 0; i < 6; i++) await page.locator('#step').click();
    await page.waitForFunction(() => document.getElementById('open-list').dataset.step === String(window.pathlab.position()));
    const why = await page.locator('#open-list .open-why').textContent();
    assert.match(why, /ties go to|lowest/, `the sentence: "${why}"`);
    const text = await page.evaluate(() => document.body.innerText + [...document.querySelectorAll('[title]')].map((e) => e.title).join(' '));
    assert.doesNotMatch(text, /seed 0\d\d|\(seed|Auburn/i);
  });
});

test('A* on a node mesh without a mesh says what to do; the mesh bar never crops the map', { timeout: 60_000 }, async (t) => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await env.withPage(t, async (page) => {
      await page.setViewportSize(viewport);
      await openMap(page, 'u-trap-40.map');
      await page.locator('#algorithm').selectOption('mesh');
      await focusNeutral(page);
      await page.keyboard.press('Space');
      await waitStat(page, 'status', 'no mesh');
      assert.match((await message(page)).text, /No node mesh yet: press Generate from map/);
      await page.locator('#mesh-bar').waitFor({ state: 'visible' });
      await settled(page);
      const box = await page.locator('#grid-canvas').boundingBox();
      const { width, height } = await size(page);
      for (const [x, y] of [[0, 0], [width - 1, 0], [0, height - 1], [width - 1, height - 1]]) {
        const p = await cellPoint(page, x, y);
        assert.ok(p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y && p.y <= box.y + box.height,
          `${viewport.width}px: corner (${x}, ${y}) inside the canvas`);
      }
      await page.locator('#mesh-generate').click();
      await page.waitForFunction(() => window.pathlab.mesh().nodes.length > 0);
      await waitStat(page, 'status', ['found', 'ready', 'paused', 'running']);
    });
  }
});

test('the canvas shows a focus ring and can be drawn on with the keyboard alone', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await newMap(page, 20, 12);
    // Tab until the canvas has focus, as a keyboard user would.
    for (let i = 0; i < 40 && !(await page.evaluate(() => document.activeElement?.id === 'grid-canvas')); i++) {
      await page.keyboard.press('Tab');
    }
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'grid-canvas', 'Tab reaches the canvas');
    const outline = await page.locator('#grid-canvas').evaluate((el) => getComputedStyle(el).outlineStyle);
    assert.equal(outline, 'solid', 'a visible focus ring');
    const start = await page.evaluate(() => window.pathlab.start());
    // The cursor starts on the start marker: move it right twice and down once, wall it.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const at = { x: start.x + 2, y: start.y + 1 };
    await page.waitForFunction(({ x, y }) => window.pathlab.cell(x, y) === 0, at);
    await page.keyboard.press('Enter');
    await page.waitForFunction(({ x, y }) => window.pathlab.cell(x, y) === 1, at);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('g');
    await page.waitForFunction(({ x, y }) => { const g = window.pathlab.goal(); return g.x === x && g.y === y + 1; }, at);
  });
});

test('smaller: a long cost stays on one line; density is off for mazes; the map menu is within reach', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    const vp = page.viewportSize();
    // One click away: the Map panel opens beside the map, its menu and generator in sight.
    await openPanel(page, 'map');
    for (const sel of ['#map', '#generate-box summary']) {
      const b = await page.locator(sel).boundingBox();
      assert.ok(b && b.y >= 0 && b.y + b.height <= vp.height, `${sel} is visible without scrolling (${JSON.stringify(b)})`);
    }
    await page.locator('#generate-box summary').click();
    await page.locator('#gen-kind').selectOption('dfs-maze');
    assert.equal(await page.locator('#gen-density').isDisabled(), true, 'a maze ignores the density');
    assert.match(await page.locator('#gen-density').getAttribute('title'), /ignores the density/);
    await page.locator('#gen-kind').selectOption('random');
    assert.equal(await page.locator('#gen-density').isDisabled(), false);
    await openMap(page, 'maze-1024.map');
    await speedMax(page);
    assert.equal(await runToEnd(page, 120_000), 'found');
    const cost = page.locator('[data-stat="cost"]');
    assert.ok((await cost.textContent()).length >= 10, 'a long cost');
    const { height, lineHeight, scroll, client } = await cost.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.3,
      scroll: el.scrollWidth,
      client: el.parentElement.clientWidth,
    }));
    assert.ok(height <= lineHeight * 1.5, `one line (${height} px, line ${lineHeight} px)`);
    assert.ok(scroll <= client, `no overflow (${scroll} > ${client})`);
  });
});

test('JPS\'s scanned cells are a light trace, far from the closed tint, with their own legend entry', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await openMap(page, 'rooms-128.map');
    await page.locator('#algorithm').selectOption('jps');
    await speedMax(page);
    assert.equal(await runToEnd(page), 'found');
    await focusNeutral(page);
    const s = await states(page);
    const at = (x, y) => (x < 0 || y < 0 || x >= s.width || y >= s.height ? -1 : s.data[y * s.width + x]);
    // Cells whose whole 5×5 neighbourhood shares their state: nothing drawn over them.
    const inner = (v) => where(s, (u) => u === v).filter(([x, y]) => {
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) if (at(x + dx, y + dy) !== v) return false;
      return true;
    });
    const scanned = inner(SCANNED).slice(0, 5);
    const ground = inner(0).slice(0, 1);
    assert.ok(scanned.length === 5 && ground.length === 1, 'scanned cells and untouched ground to look at');
    const [g, ...px] = await cellPixels(page, [...ground, ...scanned]);
    const gap = (a, b) => Math.max(...a.slice(0, 3).map((c, i) => Math.abs(c - b[i])));
    for (const p of px) {
      assert.ok(gap(p, g) > 0, `a scanned cell (${p}) is told from open ground (${g})`);
      assert.ok(gap(p, g) <= 16, `a scanned cell (${p}) is only a light trace over open ground (${g}): it was not expanded`);
    }
    await shot('jps-scanned');
    const entry = page.locator('#legend li', { hasText: /not expanded/ });
    assert.equal(await entry.count(), 1, 'the legend names the scanned cells as not expanded');
  });
});

// Touch on a phone-sized page, with real touch events (CDP Input.dispatchTouchEvent): a
// two-finger pinch zooms and pans and never paints, a long press opens the cell menu, a
// one-finger drag draws.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEnv, gotoReady, cells, cellPoint, settled, assertWholeMapVisible, openPanel, closePanel } from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

/**
 * A phone page (touch, 390×844) with the open 64×64 map (or, `shipped: false`, the map the
 * page starts with), and a CDP session to touch it.
 */
async function phone(t, fn, { shipped = true } = {}) {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  try {
    await gotoReady(page, env.url);
    if (shipped) {
      await openPanel(page, 'map');
      await page.locator('#map').selectOption('open-64.map');
      await page.waitForFunction(() => window.pathlab.mapName() === 'open-64.map');
      // On a phone the panel is a sheet over the map: close it to touch the map.
      await closePanel(page, 'map');
    }
    await page.locator('#grid-canvas').scrollIntoViewIfNeeded();
    await settled(page);
    const cdp = await context.newCDPSession(page);
    const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id, radiusX: 4, radiusY: 4, force: 1 })),
    });
    await fn(page, touch);
  } finally {
    await context.close();
  }
}

const walls = async (page) => (await cells(page)).data.filter((c) => c === 0).length;
const scale = (page) => page.evaluate(() => window.pathlab.cellToClient(1, 0).x - window.pathlab.cellToClient(0, 0).x);

test('a two-finger pinch zooms and never paints', { timeout: 60_000 }, async (t) => {
  await phone(t, async (page, touch) => {
    const before = await scale(page);
    const c = await cellPoint(page, 32, 32);
    let a = { x: c.x - 30, y: c.y }, b = { x: c.x + 30, y: c.y };
    await touch('touchStart', [a]);
    await touch('touchStart', [a, b]);
    for (let i = 1; i <= 8; i++) {
      a = { x: c.x - 30 - 10 * i, y: c.y + i };
      b = { x: c.x + 30 + 10 * i, y: c.y + i };
      await touch('touchMove', [a, b]);
    }
    await touch('touchEnd', []);
    await page.waitForFunction((s) => window.pathlab.cellToClient(1, 0).x - window.pathlab.cellToClient(0, 0).x > s * 1.5, before);
    assert.equal(await walls(page), 0, 'no cell was painted by the pinch');
    assert.equal(await page.evaluate(() => window.pathlab.stats().status), 'running', 'nothing was edited');
  });
});

test('a long press opens the cell menu; a one-finger drag draws', { timeout: 60_000 }, async (t) => {
  await phone(t, async (page, touch) => {
    const p = await cellPoint(page, 20, 20);
    await touch('touchStart', [p]);
    // The menu opens while the finger is still down.
    await page.locator('#context-menu').waitFor({ state: 'visible' });
    await touch('touchEnd', []);
    assert.equal(await walls(page), 0, 'a long press paints nothing');
    await page.locator('#context-menu button[data-action="goal"]').click();
    await page.waitForFunction(() => { const g = window.pathlab.goal(); return g.x === 20 && g.y === 20; });

    const from = await cellPoint(page, 10, 30);
    const to = await cellPoint(page, 30, 30);
    await touch('touchStart', [from]);
    for (let i = 1; i <= 10; i++) await touch('touchMove', [{ x: from.x + ((to.x - from.x) * i) / 10, y: from.y }]);
    await touch('touchEnd', []);
    await page.waitForFunction(() => window.pathlab.cell(20, 30) === 0);
    for (let x = 10; x <= 30; x++) assert.equal(await page.evaluate((x) => window.pathlab.cell(x, 30), x), 0, `wall at (${x}, 30)`);
  });
});

/** A one-finger swipe from `from` by (dx, dy) CSS px, in ten moves. */
async function swipe(touch, from, dx, dy) {
  await touch('touchStart', [from]);
  for (let i = 1; i <= 10; i++) await touch('touchMove', [{ x: from.x + (dx * i) / 10, y: from.y + (dy * i) / 10 }]);
  await touch('touchEnd', []);
}

test('a one-finger swipe on the grey border scrolls the page and never moves the map', { timeout: 60_000 }, async (t) => {
  await phone(t, async (page, touch) => {
    const box = await page.locator('#grid-canvas').boundingBox();
    const corner = await cellPoint(page, 0, 32);
    const pitch = await scale(page);
    // Left of the map's first column, inside the canvas: the border around the map.
    const border = { x: (box.x + corner.x - pitch / 2) / 2, y: corner.y };
    assert.ok(border.x > box.x && border.x < corner.x - pitch / 2, `a border point (${border.x}) between the canvas edge (${box.x}) and the map (${corner.x - pitch / 2})`);
    const scrollBefore = await page.evaluate(() => window.scrollY);
    const mapBefore = await page.evaluate(() => window.pathlab.cellToClient(0, 0).y - document.getElementById('grid-canvas').getBoundingClientRect().top);
    // The phone layout fits the page to the screen; where the page is longer, the swipe scrolls it.
    const scrollable = await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 100);
    await swipe(touch, border, 0, -150);
    if (scrollable) await page.waitForFunction((y) => window.scrollY > y + 100, scrollBefore, { timeout: 5_000 });
    else await settled(page);
    const mapAfter = await page.evaluate(() => window.pathlab.cellToClient(0, 0).y - document.getElementById('grid-canvas').getBoundingClientRect().top);
    assert.equal(mapAfter, mapBefore, 'the map did not move inside its canvas');
    assert.equal(await walls(page), 0, 'nothing was painted');
  });
});

test('a finger 6 px off the start or the goal grabs it, even on 5.5 px cells', { timeout: 60_000 }, async (t) => {
  await phone(t, async (page, touch) => {
    const pitch = await scale(page);
    assert.ok(pitch < 8, `small cells (${pitch.toFixed(2)} px)`);
    const start = await page.evaluate(() => window.pathlab.start());
    const s = await cellPoint(page, start.x, start.y);
    const to = await cellPoint(page, 20, 12);
    await swipe(touch, { x: s.x + 6, y: s.y }, to.x - s.x - 6, to.y - s.y);
    await page.waitForFunction(() => { const p = window.pathlab.start(); return p.x === 20 && p.y === 12; }, null, { timeout: 5_000 });
    const goal = await page.evaluate(() => window.pathlab.goal());
    const g = await cellPoint(page, goal.x, goal.y);
    const to2 = await cellPoint(page, 40, 50);
    await swipe(touch, { x: g.x - 4, y: g.y - 5 }, to2.x - g.x + 4, to2.y - g.y + 5);
    await page.waitForFunction(() => { const p = window.pathlab.goal(); return p.x === 40 && p.y === 50; }, null, { timeout: 5_000 });
    assert.equal(await walls(page), 0, 'no wall was drawn');
  });
});

test('the map a phone starts with has cells a finger can hit, seen whole', { timeout: 60_000 }, async (t) => {
  await phone(t, async (page, touch) => {
    const pitch = await scale(page);
    assert.ok(pitch >= 12, `cells of ${pitch.toFixed(1)} CSS px (at least 12)`);
    await assertWholeMapVisible(page);
    const { width, height } = await page.evaluate(() => window.pathlab.size());
    const start = await page.evaluate(() => window.pathlab.start());
    const goal = await page.evaluate(() => window.pathlab.goal());
    assert.ok(start.x !== goal.x || start.y !== goal.y, 'start and goal apart');
    t.diagnostic(`the phone's first map: ${width}×${height}, cells ${pitch.toFixed(1)} px, start (${start.x}, ${start.y}), goal (${goal.x}, ${goal.y})`);
    // One finger draws on it.
    const from = await cellPoint(page, 4, 5);
    const to = await cellPoint(page, 8, 5);
    await swipe(touch, from, to.x - from.x, 0);
    await page.waitForFunction(() => window.pathlab.cell(8, 5) === 0, null, { timeout: 5_000 });
  }, { shipped: false });
});

// Touch on a phone-sized page, with real touch events (CDP Input.dispatchTouchEvent): a
// two-finger pinch zooms and pans and never paints, a long press opens the cell menu, a
// one-finger drag draws.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEnv, gotoReady, cells, cellPoint, settled, openPanel, closePanel } from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

/** A phone page (touch, 390×844) with the open 64×64 map, and a CDP session to touch it. */
async function phone(t, fn) {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  try {
    await gotoReady(page, env.url);
    await openPanel(page, 'map');
    await page.locator('#map').selectOption('open-64.map');
    await page.waitForFunction(() => window.pathlab.mapName() === 'open-64.map');
    // On a phone the panel is a sheet over the map: close it to touch the map.
    await closePanel(page, 'map');
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

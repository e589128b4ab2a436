// A damaged share link never opens silently: single-character changes in the first 60
// characters of a link made by Copy link are refused with a message that says the link is
// damaged, and the map, the markers and the settings stay exactly as they were. Intact links
// (the new v2 and an old v1) still open.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEnv, newMap, drag, exportMap, startCell, goalCell, message, settled, openPanel } from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

/** The v1 link of docs/formats.md (seed 002's map, Dijkstra, 4-connected). */
const V1 = 'v1.CgAKAAIAAgAGAAgAAgAEAQAAAAAAAADwP807f2aeoPY_AAAAAAAAAAB42m2JMQoAAAiEshqC-_9_g2irQRQ0EeYL5OOaTjhPDQ4gAHQ';

const snapshot = async (page) => ({
  map: await exportMap(page),
  start: await startCell(page),
  goal: await goalCell(page),
  settings: await page.evaluate(() => window.pathlab.settings()),
});

/** Opens `fragment` by putting it in the address bar of the open page (a hashchange). */
async function openFragment(page, fragment) {
  const read = await page.evaluate(() => window.pathlab.linksRead());
  await page.evaluate((f) => { location.hash = f; }, fragment);
  // The page counts the links it has handled, opened or refused.
  await page.waitForFunction((n) => window.pathlab.linksRead() > n, read);
  await settled(page);
}

test('single-character changes in the first 60 characters of a link are refused and change nothing', { timeout: 180_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await newMap(page, 30, 20);
    await openPanel(page, 'settings');
    await page.locator('#weight').fill('1.5');
    await page.locator('#weight').press('Tab');
    await page.locator('#budget').fill('5000');
    await page.locator('#budget').press('Tab');
    await drag(page, [[10, 2], [10, 17]], { steps: 4 });
    await page.locator('#copy-link').click();
    await page.waitForFunction(() => document.getElementById('share-url').value.includes('#v2.'));
    const link = (await page.locator('#share-url').inputValue()).split('#')[1];
    // Now a different state on the page, which every damaged link must leave alone.
    await newMap(page, 24, 16);
    await drag(page, [[5, 3], [18, 12]], { steps: 4 });
    const kept = await snapshot(page);
    const alphabet = 'AQgw_-9zZ';
    let refused = 0;
    for (let at = 3; at < 60; at += 3) {
      const c = alphabet[at % alphabet.length] === link[at] ? 'B' : alphabet[at % alphabet.length];
      const damaged = link.slice(0, at) + c + link.slice(at + 1);
      await openFragment(page, damaged);
      const m = await message(page);
      assert.equal(m.kind, 'error', `position ${at}: "${m.text}"`);
      assert.match(m.text, /Link not opened — .*(damaged|truncated).*current map is kept/i, `position ${at}`);
      assert.deepEqual(await snapshot(page), kept, `position ${at}: map, markers and settings unchanged`);
      refused++;
    }
    assert.ok(refused >= 19);
    // The intact link opens; so does an old v1 link.
    await openFragment(page, link);
    assert.match((await message(page)).text, /Opened the linked 30×20 map/);
    assert.equal((await page.evaluate(() => window.pathlab.settings())).weight, 1.5);
    await openFragment(page, V1);
    assert.match((await message(page)).text, /Opened the linked 10×10 map/);
  });
});

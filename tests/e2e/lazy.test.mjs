// What loads when (issue 26, "Fast first load"): the first load of the main page fetches
// only what the first picture needs; the export dialog (with its pictures and the GIF
// encoder), the pseudocode panel, the scenario panel and the node mesh's tools load when
// first used, and a load
// that fails (offline) says so on the page and works when tried again. On the hosted site
// (dist/, bundled: scripts/build-site.sh) the page preloads exactly the scripts of its first
// load, and the export dialog's come later.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEnv, startServer, waitReady, focusNeutral, openPanel, REPO } from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

/** The modules the first picture does not need, by file name. */
const LAZY = ['export-dialog.js', 'export.js', 'gifenc.js', 'pseudocode.js', 'trace-words.js', 'scenarios.js', 'mesh.js'];

/** The file names the page has asked for so far (requests recorded from before the load). */
function recordRequests(page) {
  const names = [];
  page.on('request', (r) => names.push(new URL(r.url()).pathname.split('/').pop()));
  return names;
}

test('the first load leaves the extras out; using each loads it', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    const requested = recordRequests(page);
    await page.goto(url);
    await waitReady(page);
    assert.ok(requested.includes('app.js') && requested.includes('pathlab_bg.wasm'), 'the first picture loaded');
    assert.deepEqual(LAZY.filter((name) => requested.includes(name)), [], 'no extra was fetched for the first picture');

    await page.locator('#export-view').click();
    await page.locator('dialog.export-dialog[open]').waitFor();
    assert.ok(requested.includes('export-dialog.js') && requested.includes('export.js'), 'Export… loaded the dialog');
    await page.keyboard.press('Escape');
    await page.locator('dialog.export-dialog[open]').waitFor({ state: 'detached' });

    await openPanel(page, 'pseudo');
    await page.locator('[data-pseudocode]').waitFor({ state: 'visible' });
    assert.ok(requested.includes('pseudocode.js'), 'opening the card loaded the pseudocode panel');

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pathlab-lazy-'));
    const scen = path.join(dir, 'none.map.scen');
    fs.writeFileSync(scen, 'version 1\n');
    await page.locator('#open-file').setInputFiles(scen);
    await page.waitForFunction(() => document.getElementById('message').dataset.kind === 'error');
    assert.ok(requested.includes('scenarios.js'), 'a .scen file loaded the scenario panel');

    await page.locator('#algorithm').selectOption('mesh');
    await page.locator('#mesh-bar').waitFor({ state: 'visible' });
    assert.ok(requested.includes('mesh.js'), 'A* on a node mesh loaded the mesh tools');
  });
});

test('offline, a lazy load says so and the next press works', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await page.route('**/export-dialog.js', (route) => route.abort('internetdisconnected'));
    const button = page.locator('#export-view');
    await button.click();
    await page.locator('#export-view[data-load-failed]').waitFor({ state: 'attached' });
    const said = await page.evaluate(() => ({ ...document.getElementById('message').dataset, text: document.getElementById('message').textContent }));
    assert.equal(said.kind, 'error');
    assert.match(said.text, /Could not load the export dialog.*check the connection/);
    assert.equal(await page.locator('dialog.export-dialog').count(), 0, 'no dialog without its module');
    assert.equal(await button.getAttribute('aria-busy'), null, 'the button no longer waits');

    await page.unroute('**/export-dialog.js');
    await focusNeutral(page);
    await button.click();
    await page.locator('dialog.export-dialog[open]').waitFor();
  }, { allowConsole: [/Failed to load resource/] });
});

test('the hosted site preloads exactly the first load\'s scripts; Export… fetches more', { timeout: 60_000 }, async (t) => {
  const dist = path.join(REPO, 'dist');
  assert.ok(fs.existsSync(path.join(dist, 'index.html')), 'dist/ is missing: run bash scripts/build-site.sh first');
  const site = await startServer(dist);
  try {
    await env.withPage(t, async (page) => {
      const scripts = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.slice(1));
      });
      await page.goto(site.url);
      await waitReady(page);
      const preloaded = await page.evaluate(() => [...document.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href')));
      const entries = await page.evaluate(() => [...document.querySelectorAll('script[type=module]')].map((s) => s.getAttribute('src')));
      assert.deepEqual([...new Set(scripts)].sort(), [...new Set([...preloaded, ...entries])].sort(), 'the first load fetched the preloaded scripts and the page\'s entry scripts, no other');
      const first = scripts.length;
      await page.locator('#export-view').click();
      await page.locator('dialog.export-dialog[open]').waitFor();
      const later = scripts.slice(first);
      assert.ok(later.length > 0 && later.every((s) => !preloaded.includes(s)), `Export… fetched scripts of its own: ${later}`);
    }, { load: false });
  } finally {
    await site.close();
  }
});

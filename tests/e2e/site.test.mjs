// The hosted site, as a tutorial author uses it: dist/ (scripts/build-site.sh) served under
// a sub-path on one origin, with the CORS header of docs/embedding.md, and a blog on another
// origin whose pages hold the iframe and web-component snippets of docs/embedding.md word
// for word (only the two example origins are swapped for the test's), the component's page
// under exactly the documented Content-Security-Policy. The test drives both, checks their
// events, that every file came with a versioned name, and that no style leaks either way.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startEnv, startServer, tmpdir, REPO, SHOTS } from './helpers.mjs';
import { snippet } from './doc.mjs';

const DIST = path.join(REPO, 'dist');
const BASE = '/tools/pathlab/';

let env;
let site;
let blog;
before(async () => {
  assert.ok(fs.existsSync(path.join(DIST, 'embed.html')), 'dist/ is missing: run bash scripts/build-site.sh first');
  env = await startEnv();
  const [name, value] = header('cors');
  site = await startServer(DIST, { base: BASE, headers: { [name]: value } });
  const root = tmpdir();
  const [cspName, cspValue] = header('csp');
  const csp = { [cspName]: cspValue.replaceAll('https://example.org', site.origin) };
  blog = { root, ...(await startServer(root, { headers: (rel) => (rel === '/component.html' ? csp : {}) })) };
  // The snippets, with the example origins swapped for the test servers' and nothing else.
  const local = (s) => s.replaceAll('https://example.org', site.origin).replaceAll('https://blog.example.com', blog.origin);
  const page = (title, body) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><link rel="stylesheet" href="blog.css"></head>
<body><article><h1>${title}</h1>
<p>A* keeps a list of the cells it could visit next, and always takes the one whose cost so far plus its estimate of the cost left is smallest. Watch it find its way through a maze:</p>
${body}
<p>Notice how it never explores the dead ends on the far side of the maze: the estimate steers it away.</p></article></body></html>`;
  fs.writeFileSync(path.join(root, 'iframe.html'), page('A* in a frame', local(snippet('iframe'))));
  fs.writeFileSync(path.join(root, 'component.html'), page('A* on a maze', local(snippet('component'))));
  // A blog's own style sheet, with rules that would spoil the planner if they reached it.
  fs.writeFileSync(path.join(root, 'blog.css'), `
body { margin: 0; background: #fbfaf7; color: #2b2b2b; font: 19px/1.65 Georgia, 'Times New Roman', serif; }
article { max-width: 44rem; margin: 0 auto; padding: 1.5rem 1.2rem 4rem; }
h1 { font-size: 2rem; line-height: 1.2; }
button { background: #ff0000; color: #ffff00; font-size: 30px; border-radius: 0; }
canvas { border: 5px dotted red; }
* { letter-spacing: 0.04em; }
`);
});
after(async () => {
  await env?.close();
  await site?.close();
  await blog?.close();
});

/** `[name, value]` of the one header in the `snippet=NAME` block. */
function header(name) {
  const line = snippet(name).trim();
  const at = line.indexOf(':');
  return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
}

/** Records every request to the site and fails on any answer that is not a success. */
function watchSite(page) {
  const seen = [];
  page.on('response', (res) => {
    if (res.url().startsWith(site.origin)) seen.push({ url: res.url(), status: res.status() });
  });
  return () => {
    const bad = seen.filter((r) => r.status >= 400);
    assert.deepEqual(bad, [], 'every file of the site was found');
    for (const { url } of seen) {
      const rel = new URL(url).pathname;
      assert.ok(rel.startsWith(BASE), `${rel} is under ${BASE}`);
      const file = rel.slice(BASE.length);
      // Only the entry points keep their names; every other file is versioned.
      assert.ok(/^(embed\.html|pathlab-embed\.js)$/.test(file) || /\.[0-9a-f]{10}\.\w+$/.test(file) || /^maps\.[0-9a-f]{10}\//.test(file), `${file} has a versioned name`);
    }
    return seen.map((r) => new URL(r.url).pathname.slice(BASE.length));
  };
}

test('the iframe snippet of docs/embedding.md, on another origin, sizes its frame and answers commands', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    const check = watchSite(page);
    await page.addInitScript(() => {
      window.heard = [];
      addEventListener('message', (e) => { if (e.data?.pathlab === 1) window.heard.push({ origin: e.origin, data: e.data }); });
    });
    await page.goto(`${blog.url}iframe.html`);
    await page.waitForFunction(() => window.heard.some((m) => m.data.event === 'height'), null, { timeout: 20_000 });
    const heard = await page.evaluate(() => window.heard);
    assert.ok(heard.every((m) => m.origin === heard[0].origin), 'every message comes from the site');
    assert.equal(heard[0].origin, site.origin);
    assert.equal(heard[0].data.event, 'ready');
    assert.equal(heard[0].data.state.map, 'maze-63.map');
    const height = heard.filter((m) => m.data.event === 'height').pop().data.height;
    assert.equal(await page.locator('#pathlab-maze').getAttribute('height'), String(height), 'the snippet sized the frame');
    const ask = (msg) => page.evaluate(([msg, origin]) => new Promise((resolve) => {
      const frame = document.getElementById('pathlab-maze').contentWindow;
      const wait = () => {
        const r = window.heard.find((m) => m.data.id === msg.id);
        if (r) resolve(r.data); else requestAnimationFrame(wait);
      };
      frame.postMessage({ pathlab: 1, ...msg }, origin);
      wait();
    }), [msg, site.origin]);
    assert.deepEqual((await ask({ id: 1, cmd: 'setSpeed', speed: 'instant' })).ok, true);
    assert.deepEqual((await ask({ id: 2, cmd: 'run' })).result, { started: true });
    await page.waitForFunction(() => window.heard.some((m) => m.data.event === 'done'));
    const done = await page.evaluate(() => window.heard.find((m) => m.data.event === 'done').data);
    assert.equal(done.stats.status, 'found');
    const seek = await ask({ id: 3, cmd: 'seek', step: 10 });
    assert.equal(seek.result.step, 10);
    assert.equal((await ask({ id: 4, cmd: 'explode' })).error.startsWith('Unknown command "explode"'), true);
    const files = check();
    assert.ok(files.some((f) => /^pkg\/pathlab_bg\.[0-9a-f]{10}\.wasm$/.test(f)), `the wasm came under its versioned name: ${files.join(', ')}`);
  }, { load: false });
});

test('the component snippet of docs/embedding.md runs under the documented CSP from another origin, without a style leak', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { context }) => {
    const check = watchSite(page);
    await page.addInitScript(() => {
      window.csp = [];
      document.addEventListener('securitypolicyviolation', (e) => window.csp.push(`${e.violatedDirective} ${e.blockedURI}`));
      window.heard = [];
      for (const name of ['ready', 'step', 'done', 'error', 'height']) {
        document.addEventListener(name, (e) => { if (e.target.localName === 'pathlab-grid') window.heard.push({ event: name, detail: e.detail }); }, true);
      }
    });
    const response = await page.goto(`${blog.url}component.html`);
    assert.equal(response.headers()['content-security-policy'], header('csp')[1].replaceAll('https://example.org', site.origin), 'the page is served with the documented CSP');
    const hostButton = await page.evaluate(() => {
      const b = document.createElement('button');
      b.textContent = 'host';
      document.querySelector('article').append(b);
      const s = getComputedStyle(b);
      return { background: s.backgroundColor, font: s.fontSize };
    });
    // autoplay: the search runs to its end on its own.
    await page.waitForFunction(() => window.heard.some((e) => e.event === 'done'), null, { timeout: 30_000 });
    const heard = await page.evaluate(() => window.heard);
    assert.equal(heard[0].event, 'ready');
    assert.equal(heard[0].detail.state.settings.algorithm, 'astar');
    assert.equal(heard.find((e) => e.event === 'done').detail.stats.status, 'found');
    assert.ok(heard.some((e) => e.event === 'height'));
    const r = await page.evaluate(async () => {
      const el = document.querySelector('pathlab-grid');
      const out = { seek: await el.command({ cmd: 'seek', step: 10 }) };
      try { await el.command({ cmd: 'explode' }); } catch (e) { out.refused = e.message; }
      out.loaded = (await el.command({ cmd: 'loadMap', map: 'marsh-24' })).map;
      const shadow = el.shadowRoot;
      const button = shadow.querySelector('button');
      const s = getComputedStyle(button);
      const canvas = getComputedStyle(shadow.querySelector('canvas:not(.gl-cells)'));
      return {
        ...out,
        buttons: [...shadow.querySelectorAll('[data-control]')].map((b) => b.dataset.control),
        inner: { background: s.backgroundColor, font: s.fontSize, family: s.fontFamily, spacing: s.letterSpacing, canvasBorder: canvas.borderTopStyle },
        shadowSheets: [...shadow.querySelectorAll('link[rel=stylesheet]')].map((l) => new URL(l.href).pathname),
        pageSheets: [...document.styleSheets].map((x) => x.href && new URL(x.href).pathname),
        hostButton: (() => { const b = document.querySelector('article button'); const c = getComputedStyle(b); return { background: c.backgroundColor, font: c.fontSize }; })(),
        csp: window.csp,
      };
    });
    assert.equal(r.seek.step, 10);
    assert.match(r.refused, /^Unknown command "explode"/);
    assert.equal(r.loaded, 'marsh-24.map');
    assert.deepEqual(r.buttons, ['run', 'step'], 'controls="run,step"');
    assert.deepEqual(r.csp, [], 'no CSP violation');
    // Nothing of Pathlab's styles reached the page, and nothing of the page's the planner.
    assert.deepEqual(r.pageSheets, ['/blog.css'], 'the page has only its own style sheet');
    assert.ok(r.shadowSheets.length >= 3 && r.shadowSheets.every((p) => p.startsWith(BASE)), `the planner's sheets are in its shadow root: ${r.shadowSheets}`);
    assert.deepEqual(r.hostButton, hostButton, 'the page\'s own button looks as before');
    assert.notEqual(r.inner.background, 'rgb(255, 0, 0)', 'the page\'s button rule stops at the element');
    assert.notEqual(r.inner.font, '30px');
    assert.doesNotMatch(r.inner.family, /Georgia/, 'the page\'s font is not inherited');
    assert.equal(r.inner.spacing, 'normal');
    assert.equal(r.inner.canvasBorder, 'none');
    check();
    // Screenshots of the blog: desktop, then a phone.
    await page.evaluate(() => document.querySelector('article button').remove());
    await page.evaluate(() => document.querySelector('pathlab-grid').command({ cmd: 'loadMap', map: 'maze-63' }));
    await page.evaluate(() => document.querySelector('pathlab-grid').command({ cmd: 'run' }));
    await page.waitForFunction(() => window.heard.filter((e) => e.event === 'done').length >= 2, null, { timeout: 30_000 });
    await page.screenshot({ path: path.join(SHOTS, 'site-component-1280.png'), fullPage: true });
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${blog.url}component.html`);
    await phone.waitForFunction(() => document.querySelector('pathlab-grid')?.shadowRoot?.querySelector('[data-stat="status"]')?.textContent === 'found', null, { timeout: 30_000 });
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(overflow <= 0, `the phone page does not scroll sideways (${overflow} px)`);
    await phone.screenshot({ path: path.join(SHOTS, 'site-component-390.png'), fullPage: true });
  }, { load: false });
});

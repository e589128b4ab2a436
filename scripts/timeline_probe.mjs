// Timeline figures in the browser, on the page's own wasm build (www/pkg: opt-level s and
// wasm-opt): a 1024² depth-first maze and an open 1024² map, Dijkstra run to the end with
// recording on, then 100 seeks to random steps, each followed by the frame's render; prints
// median, 95th percentile and worst.
// Figures, never asserted.
//
//   bash scripts/build-wasm.sh && (cd tests/e2e && npm ci) && node scripts/timeline_probe.mjs
import { startServer, launchBrowser } from '../tests/e2e/helpers.mjs';

const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  // A plain same-origin document, so the page's own app does not run beside the probe.
  await page.goto(`${server.url}maps/index.json`);
  for (const maze of [true, false]) {
  const figures = await page.evaluate(async (maze) => {
    const wasm = await import('/pkg/pathlab.js');
    await wasm.default();
    const p = new wasm.Planner(maze ? 10 : 1024, maze ? 10 : 1024);
    if (maze) p.generate('dfs-maze', 1024, 1024, 1024, 0);
    p.setSettings({ algorithm: 'dijkstra' });
    const t0 = performance.now();
    p.runToEnd();
    const run = performance.now() - t0;
    p.render();
    const len = p.timelineLength();
    const seeks = [];
    const renders = [];
    let seed = 12345;
    for (let i = 0; i < 100; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const t = performance.now();
      p.seek(seed % len);
      const t1 = performance.now();
      p.render();
      seeks.push(t1 - t);
      renders.push(performance.now() - t1);
    }
    const sort = (a) => a.slice().sort((x, y) => x - y);
    const t = performance.now();
    p.openTop(10);
    const open = performance.now() - t;
    const s = sort(seeks);
    const r = sort(renders);
    const out = { run, len, s, r, open };
    p.free();
    return out;
  }, maze);
  const f = (x) => x.toFixed(2);
  const { s, r } = figures;
  console.log(
    `1024² ${maze ? 'maze' : 'open map'} Dijkstra (page build): run with recording ` +
    `${f(figures.run)} ms, ${figures.len} steps; seek median ${f(s[50])} ms, p95 ` +
    `${f(s[95])} ms, worst ${f(s[99])} ms; render median ${f(r[50])} ms, p95 ${f(r[95])} ms; ` +
    `openTop after a seek ${f(figures.open)} ms`);
  }
} finally {
  await browser.close();
  await server.close();
}

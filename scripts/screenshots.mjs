// Writes docs/screenshots/NAME-SIZE.png: the main page (a finished A* search), compare mode,
// the distance field and the movement range (on squares and on hexagons) and a hex map, each
// at 1280×800 ("desktop"), 1024×768 ("laptop") and a 390×844 touch phone ("phone"), so a
// change to the layout can be looked at (docs/testing.md).
// Run from the repository: node scripts/screenshots.mjs (playwright-core and Chromium as
// the end-to-end tests use them, from tests/e2e/node_modules).

import path from 'node:path';
import fs from 'node:fs';
import { startServer, launchBrowser, REPO, waitReady, speedMax, runToEnd } from '../tests/e2e/helpers.mjs';

const OUT = path.join(REPO, 'docs', 'screenshots');
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'laptop', viewport: { width: 1024, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
];

/** What each picture shows: a page (with a link) and what to do on it once it is ready. */
const PAGES = [
  { name: 'main', url: 'index.html#map=maze-63', run: true },
  { name: 'compare', url: 'compare.html#map=rooms-gen-96&compare=astar,jps,dijkstra,bfs', compare: true },
  { name: 'field-square', url: 'index.html#map=u-trap-40&view=field&walkers=200' },
  { name: 'field-hex', url: 'index.html#map=hex-rooms-60&view=field&walkers=200' },
  { name: 'range-square', url: 'index.html#map=terrain-valley-96&view=range&range=48,48,25' },
  { name: 'range-hex', url: 'index.html#map=hex-terrain-64&view=range&range=20,20,12' },
  { name: 'hex-rooms-search', url: 'index.html#map=hex-rooms-60', run: true },
];

const server = await startServer();
const browser = await launchBrowser();
fs.mkdirSync(OUT, { recursive: true });
try {
  for (const size of SIZES) {
    for (const shot of PAGES) {
      const context = await browser.newContext({
        viewport: size.viewport,
        isMobile: size.isMobile ?? false,
        hasTouch: size.hasTouch ?? false,
        deviceScaleFactor: size.deviceScaleFactor ?? 1,
      });
      const page = await context.newPage();
      await page.goto(server.url + shot.url);
      if (shot.compare) {
        await page.waitForFunction(() => window.pathlab?.ready === true && window.pathlab.count() >= 2, null, { timeout: 30_000 });
        await page.locator('[data-compare="run"]').click();
        await page.waitForFunction(() => {
          const cells = [...document.querySelectorAll('.compare-table tbody [data-col="status"]')];
          return cells.length >= 2 && cells.every((td) => td.textContent === 'found');
        }, null, { timeout: 60_000 });
      } else {
        await waitReady(page);
        if (shot.run) {
          await speedMax(page);
          await runToEnd(page);
        }
      }
      const file = path.join(OUT, `${shot.name}-${size.name}.png`);
      await page.screenshot({ path: file });
      console.log(path.relative(REPO, file));
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}

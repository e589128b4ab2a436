// Live replanning (LPA*, D* Lite with the walker) and A* on a node mesh, through real mouse
// input: a wall drawn across a finished path is repaired to a fresh A*'s cost and the
// repaired cells are painted; the D* Lite walker walks round a wall drawn in front of it and
// arrives; a generated mesh is searched and its path drawn; mesh nodes are added, joined and
// removed with the mouse.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import {
  startEnv, newMap, drag, clickCell, startCell, goalCell, states, where, stat, waitStat,
  speedMax, runToEnd, cliSolve, exportMap, tmpdir, size, cellAt, waitReady, message, settled, focusNeutral, decodePng, openPanel,
} from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

const REPAIRED = 8;
const pathOf = (page) => page.evaluate(() => window.pathlab.path());
const pathCost = (page) => page.evaluate(() => window.pathlab.stats().pathCost);

/** The cost a fresh A* finds on the page's current map, by the CLI on the exported map. */
async function cliAStarCost(page) {
  const dir = tmpdir();
  const file = path.join(dir, 'edited.map');
  fs.writeFileSync(file, await exportMap(page));
  const result = cliSolve(file, await startCell(page), await goalCell(page));
  assert.equal(result.status, 'found', 'the CLI finds a path on the edited map');
  return result.cost;
}

for (const algo of ['lpa', 'dstar-lite']) {
  test(`${algo}: a wall drawn across the finished path is repaired to a fresh A*'s cost`, { timeout: 90_000 }, async (t) => {
    await env.withPage(t, async (page, { shot }) => {
      await newMap(page, 36, 22);
      await page.locator('#algorithm').selectOption(algo);
      assert.equal(await page.locator('#mesh-bar').isVisible(), false, 'the mesh tools show only for the mesh');
      await speedMax(page);
      assert.equal(await runToEnd(page), 'found');
      const before = await pathCost(page);
      const fullExpanded = Number(await stat(page, 'expanded'));
      const p = await pathOf(page);
      const mx = p[2 * Math.floor(p.length / 4)];
      const { height } = await size(page);
      // A wall across the path's middle, with a gap at the bottom so a path remains.
      await drag(page, [[mx, 0], [mx, height - 4]], { steps: 6 });
      for (let y = 0; y <= height - 4; y++) assert.equal(await cellAt(page, mx, y), 0, `wall at (${mx}, ${y})`);
      await waitStat(page, 'status', 'found', 10_000);
      await shot('repaired');
      const after = await pathCost(page);
      assert.ok(after > before, `the detour costs more (${after} > ${before})`);
      const fresh = await cliAStarCost(page);
      assert.ok(Math.abs(after - fresh) < 1e-6, `repaired cost ${after} = fresh A* ${fresh}`);
      assert.match((await message(page)).text, /^Repaired the path: cost \d+\.\d{4}/, 'the message tells of the repair');
      const repaired = where(await states(page), (s) => s === REPAIRED);
      assert.ok(repaired.length > 0, 'cells updated by the repair are painted (state 8)');
      const repairExpanded = Number(await stat(page, 'expanded'));
      assert.ok(repairExpanded > 0, 'the repair reports its own expansions');

      // The same cost by the page's own fresh search: A*, reset and run.
      await page.locator('#algorithm').selectOption('astar');
      await page.locator('#reset-search').click();
      assert.equal(await runToEnd(page), 'found');
      const astar = await pathCost(page);
      assert.ok(Math.abs(astar - after) < 1e-6, `page A* ${astar} = repaired ${after}`);
      t.diagnostic(`${algo}: first search ${fullExpanded} expansions, repair ${repairExpanded}, ${repaired.length} cells repaired`);
    });
  });
}

test('dstar-lite walker: a wall drawn in front of it is walked round, and it arrives', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await newMap(page, 40, 16);
    await page.locator('#algorithm').selectOption('dstar-lite');
    await speedMax(page);
    assert.equal(await runToEnd(page), 'found');
    const goal = await goalCell(page);
    await page.locator('#walk').click();
    await page.waitForFunction(() => (window.pathlab.walker()?.steps ?? 0) >= 3, null, { timeout: 10_000 });
    const at = await startCell(page);
    assert.ok(at.x >= 2, `the walker moved (start now at ${JSON.stringify(at)})`);
    // A wall a few cells ahead, right across the map but for a gap at the far end.
    const wx = Math.min(goal.x - 2, at.x + 6);
    const { height } = await size(page);
    const gapAtTop = goal.y > height / 2;
    const wall = gapAtTop ? [[wx, 3], [wx, height - 1]] : [[wx, 0], [wx, height - 4]];
    await drag(page, wall, { steps: 6 });
    await shot('wall-in-front');
    const walker = await page.evaluate(() => window.pathlab.walker());
    assert.ok(walker && walker.live && !walker.done, 'the walker keeps going after the edit');
    await page.waitForFunction(() => window.pathlab.walker()?.done === true, null, { timeout: 30_000 });
    const end = await startCell(page);
    assert.deepEqual(end, goal, 'the walker arrived at the goal');
    // The status line follows the walker's state on the next frame: wait for it to say so.
    await page.waitForFunction(() => /arrived/.test(document.getElementById('message').textContent));
    for (let y = wall[0][1]; y <= wall[1][1]; y++) assert.equal(await cellAt(page, wx, y), 0, 'the wall stands');
    await shot('arrived');
  });
});

test('mesh: Generate from map works on the shipped Obstacles 128 (5,344 corners), and A* on the mesh finds a path', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await openPanel(page, 'map');
    await page.locator('#map').selectOption('obstacles-128.map');
    await page.waitForFunction(() => window.pathlab.mapName() === 'obstacles-128.map');
    await page.locator('#algorithm').selectOption('mesh');
    await page.locator('#mesh-generate').click();
    await page.waitForFunction(() => window.pathlab.mesh().nodes.length > 0);
    const mesh = await page.evaluate(() => window.pathlab.mesh());
    assert.equal(mesh.nodes.length / 2, 5344, 'a node at every corner');
    assert.match((await message(page)).text, /^Generated a visibility graph: 5344 nodes/);
    await speedMax(page);
    await page.locator('#reset-search').click();
    assert.equal(await runToEnd(page), 'found');
    await shot('obstacles-mesh');
  });
});

test('mesh: generate a visibility graph, run A* on it, and a path is drawn', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await newMap(page, 30, 20);
    await drag(page, [[14, 0], [14, 14]], { steps: 6 });
    await drag(page, [[6, 12], [10, 12]], { steps: 4 });
    await page.locator('#algorithm').selectOption('mesh');
    // The mesh tools load when A* on a mesh is chosen (issue 26): they appear once loaded.
    await page.locator('#mesh-bar').waitFor({ state: 'visible' });
    await page.locator('#mesh-generate').click();
    const mesh = await page.evaluate(() => window.pathlab.mesh());
    assert.ok(mesh.nodes.length >= 8 && mesh.edges.length >= 2, `a mesh was generated: ${JSON.stringify(mesh).slice(0, 80)}`);
    await speedMax(page);
    await page.locator('#reset-search').click();
    assert.equal(await runToEnd(page), 'found');
    const p = await pathOf(page);
    assert.ok(p.length >= 6, `the path goes through mesh nodes: ${p}`);
    const s = await startCell(page), g = await goalCell(page);
    assert.deepEqual([p[0], p[1]], [s.x, s.y]);
    assert.deepEqual([p[p.length - 2], p[p.length - 1]], [g.x, g.y]);
    const cost = await pathCost(page);
    assert.ok(cost >= Math.hypot(g.x - s.x, g.y - s.y) - 1e-9, 'never shorter than the straight line');
    await shot('mesh-path');
  });
});

test('mesh: nodes are added, joined and removed with the mouse in Mesh mode', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await newMap(page, 30, 20);
    await page.locator('#algorithm').selectOption('mesh');
    await page.locator('#mesh-edit').click();
    assert.equal(await page.locator('#mesh-edit').getAttribute('aria-pressed'), 'true');
    await clickCell(page, 8, 5);
    await clickCell(page, 20, 9);
    await clickCell(page, 12, 15);
    let mesh = await page.evaluate(() => window.pathlab.mesh());
    assert.deepEqual(mesh.nodes, [8, 5, 20, 9, 12, 15], 'three nodes where clicked');
    assert.equal(await cellAt(page, 8, 5), 1, 'a click in Mesh mode paints no wall');
    await drag(page, [[8, 5], [20, 9]], { steps: 5 });
    await drag(page, [[20, 9], [12, 15]], { steps: 5 });
    mesh = await page.evaluate(() => window.pathlab.mesh());
    assert.deepEqual(mesh.edges, [0, 1, 1, 2], 'two edges dragged');
    await shot('edited');
    await clickCell(page, 8, 5, { button: 'right' });
    mesh = await page.evaluate(() => window.pathlab.mesh());
    assert.deepEqual(mesh.nodes, [20, 9, 12, 15], 'right-click removed the node');
    assert.deepEqual(mesh.edges, [0, 1], 'and its edge');
    assert.equal(await page.locator('#context-menu').isVisible(), false, 'no context menu in Mesh mode');

    // The mesh is saved with the map and comes back after a reload.
    await page.reload();
    await waitReady(page);
    mesh = await page.evaluate(() => window.pathlab.mesh());
    assert.deepEqual(mesh, { nodes: [20, 9, 12, 15], edges: [0, 1] }, 'the mesh survives a reload');
  });
});

/** Pixels of two canvas screenshots that differ by more than 16 in a channel (rendering noise is 1). */
function differing(a, b) {
  const [p, q] = [decodePng(a), decodePng(b)];
  let n = 0;
  for (let i = 0; i < p.width * p.height; i++) {
    for (let c = 0; c < 3; c++) {
      if (Math.abs(p.data[i * p.channels + c] - q.data[i * q.channels + c]) > 16) {
        n++;
        break;
      }
    }
  }
  return n;
}

test('mesh: the node mesh disappears from the map when another algorithm is chosen, and comes back with the mesh', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await newMap(page, 30, 20);
    await drag(page, [[14, 0], [14, 14]], { steps: 6 });
    await drag(page, [[6, 12], [10, 12]], { steps: 4 });
    // The pointer off the map (no hover ring) before every picture.
    await focusNeutral(page);
    await settled(page);
    const canvas = page.locator('#grid-canvas');
    const plain = await canvas.screenshot();
    await page.locator('#algorithm').selectOption('mesh');
    await page.locator('#mesh-generate').click();
    await focusNeutral(page);
    await settled(page);
    const withMesh = await canvas.screenshot();
    assert.ok(differing(withMesh, plain) > 200, 'the mesh is drawn for A* on a node mesh');
    await page.locator('#algorithm').selectOption('astar');
    await settled(page);
    await shot('astar-again');
    assert.equal(differing(await canvas.screenshot(), plain), 0, 'back on A*, the map shows no mesh');
    assert.ok((await page.evaluate(() => window.pathlab.mesh())).nodes.length > 0, 'the planner keeps the mesh');
    await page.locator('#algorithm').selectOption('mesh');
    await settled(page);
    assert.equal(differing(await canvas.screenshot(), withMesh), 0, 'choosing the mesh again shows it again');
  });
});

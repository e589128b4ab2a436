// geometry.js: the cell layouts the pointer, the 2D hex raster and (repeated in GLSL) the
// WebGL shader share. Picking must give the cell whose centre is nearest, exactly, or a
// click on a hex's edge would land in the wrong cell.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { layoutOf, cubeRound, RADIUS, ROW } from '../../www/geometry.js';

const SHAPES = ['square', 'hex-rows', 'hex-columns'];

test('cube rounding keeps q + r + s = 0 and moves each coordinate by at most a half', () => {
  for (let i = 0; i < 2000; i++) {
    const q = Math.sin(i * 12.9898) * 20;
    const r = Math.cos(i * 78.233) * 20;
    const [rq, rr] = cubeRound(q, r);
    assert.ok(Number.isInteger(rq) && Number.isInteger(rr));
    const rs = -rq - rr;
    assert.ok(Math.abs(rq - q) <= 1 && Math.abs(rr - r) <= 1 && Math.abs(rs - (-q - r)) <= 1);
  }
});

test('cube rounding follows the table Shape::round_axial (Rust) is held to: tests/cube-round.txt', () => {
  const table = fs.readFileSync(new URL('../cube-round.txt', import.meta.url), 'utf8');
  const cases = table.split('\n').filter((l) => l.trim() && !l.startsWith('#')).map((l) => l.trim().split(/\s+/).map(Number));
  assert.ok(cases.length >= 10);
  // `+ 0` turns JS's -0 (Math.round(-0.4)) into the 0 the table writes.
  for (const [q, r, wq, wr] of cases) assert.deepEqual(cubeRound(q, r).map((c) => c + 0), [wq, wr], `${q} ${r}`);
});

test('every cell picks itself at its centre, on every shape', () => {
  for (const shape of SHAPES) {
    const { centre, pick } = layoutOf(shape);
    for (let y = 0; y < 9; y++) {
      for (let x = 0; x < 9; x++) assert.deepEqual(pick(...centre(x, y)), [x, y], `${shape} (${x}, ${y})`);
    }
  }
});

test('a point picks the cell whose centre is nearest (hexagons), or the square it is in', () => {
  for (const shape of SHAPES) {
    const { centre, pick, extent, hex } = layoutOf(shape);
    const [w, h] = extent(12, 12);
    for (let i = 0; i < 4000; i++) {
      const u = 1 + ((Math.sin(i * 3.17) + 1) / 2) * (w - 2);
      const v = 1 + ((Math.cos(i * 5.71) + 1) / 2) * (h - 2);
      const [x, y] = pick(u, v);
      if (!hex) {
        assert.deepEqual([x, y], [Math.floor(u), Math.floor(v)]);
        continue;
      }
      let best = null;
      for (let cy = Math.max(0, y - 2); cy <= y + 2; cy++) {
        for (let cx = Math.max(0, x - 2); cx <= x + 2; cx++) {
          const [cu, cv] = centre(cx, cy);
          const d = Math.hypot(cu - u, cv - v);
          if (!best || d < best.d) best = { d, cx, cy };
        }
      }
      assert.deepEqual([x, y], [best.cx, best.cy], `${shape} at (${u}, ${v})`);
      assert.ok(best.d <= RADIUS + 1e-9, 'inside the hexagon\'s corners');
    }
  }
});

test('hexagons: neighbouring centres one pitch apart, six corners a radius from the centre', () => {
  for (const shape of ['hex-rows', 'hex-columns']) {
    const { centre, corners, pitch } = layoutOf(shape);
    assert.equal(corners.length, 6);
    for (const [du, dv] of corners) assert.ok(Math.abs(Math.hypot(du, dv) - RADIUS) < 1e-12);
    const [a, b] = [centre(3, 3), shape === 'hex-rows' ? centre(4, 3) : centre(3, 4)];
    assert.ok(Math.abs(Math.hypot(a[0] - b[0], a[1] - b[1]) - 1) < 1e-12);
    assert.ok(pitch.includes(ROW));
  }
});

test('the extent holds every cell\'s hexagon, and is tight', () => {
  for (const shape of SHAPES) {
    const { centre, extent, corners } = layoutOf(shape);
    const [w, h] = [7, 5];
    const [ew, eh] = extent(w, h);
    let maxU = 0;
    let maxV = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const [u, v] = centre(x, y);
        const box = corners.length ? corners : [[-0.5, -0.5], [0.5, 0.5]];
        for (const [du, dv] of box) {
          assert.ok(u + du >= -1e-9 && v + dv >= -1e-9 && u + du <= ew + 1e-9 && v + dv <= eh + 1e-9, `${shape} (${x}, ${y})`);
          maxU = Math.max(maxU, u + du);
          maxV = Math.max(maxV, v + dv);
        }
      }
    }
    // Hexagons in rows reach half a pitch past the last centre across: not a corner but an edge.
    assert.ok(ew - maxU < 0.51 && eh - maxV < 0.51, `${shape}: ${ew}×${eh} for ${maxU}×${maxV}`);
  }
});

test('an unknown shape is laid out as squares', () => {
  assert.equal(layoutOf('triangles').shape, 'square');
});

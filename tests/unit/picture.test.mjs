// picture.js, the display list the screen and the exports draw: what is in it, in which
// order, at which size and colour, and how it becomes canvas calls and SVG.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { displayList, drawMarks, svgMarks, squarePlace, pathWidth } from '../../www/picture.js';
import { MARKS, MESH, STATES, css } from '../../www/palette.js';

const scene = {
  path: [1, 1, 2, 1, 3, 2],
  start: { x: 1, y: 1 },
  goal: { x: 3, y: 2 },
  mesh: { nodes: [0, 0, 4, 0, 4, 3], edges: [0, 1, 1, 2], blocked: [0, 1], states: Uint8Array.from({ length: 20 }, (_, i) => (i === 4 ? 2 : 0)), width: 5 },
};

/** A 2D context that records what is drawn. */
function recorder() {
  const calls = [];
  const state = {};
  const ctx = new Proxy(state, {
    get(target, name) {
      if (name in target) return target[name];
      return (...args) => calls.push([name, ...args]);
    },
    set(target, name, value) {
      calls.push([`${String(name)}=`, value]);
      target[name] = value;
      return true;
    },
  });
  return { ctx, calls };
}

test('the list is drawn bottom up: mesh, path, start, goal; the exports\' list has no live marks', () => {
  const ids = displayList(scene, squarePlace(20)).map((m) => m.id);
  assert.deepEqual(ids, ['mesh-edges', 'mesh-blocked', 'mesh-node', 'mesh-node', 'mesh-node', 'path', 'start', 'goal']);
  const live = { ...scene, current: { x: 2, y: 2 }, highlight: { x: 0, y: 0 }, walker: { from: { x: 1, y: 1 }, to: { x: 2, y: 1 }, f: 0.5 }, brush: [2, 2], cursor: { x: 1, y: 2 } };
  assert.deepEqual(displayList(live, squarePlace(20)).map((m) => m.id), ids, 'an export shows no pointer, cursor or walker');
  assert.deepEqual(displayList(live, squarePlace(20), { live: true }).map((m) => m.id),
    ['mesh-edges', 'mesh-blocked', 'mesh-node', 'mesh-node', 'mesh-node', 'path', 'current', 'highlight', 'start', 'goal', 'walker', 'brush', 'cursor']);
});

test('the mesh has the on-screen colours everywhere: edges, blocked edges dashed, nodes by their search state', () => {
  const list = displayList(scene, squarePlace(10));
  const edges = list.find((m) => m.id === 'mesh-edges');
  assert.equal(edges.strokes[0].colour, MESH.edge);
  assert.deepEqual(edges.shapes, [{ line: [[0.5, 0.5], [4.5, 0.5]] }]);
  const blocked = list.find((m) => m.id === 'mesh-blocked');
  assert.equal(blocked.strokes[0].colour, MESH.blocked);
  assert.ok(blocked.strokes[0].dash.length === 2, 'blocked edges are dashed');
  const nodes = list.filter((m) => m.id === 'mesh-node');
  assert.deepEqual(nodes.map((m) => m.fill), [MESH.node, css(STATES[2].rgb), MESH.node], 'the node on a closed cell is the closed colour');
  assert.ok(nodes.every((m) => m.strokes[0].colour === MESH.rim));
  assert.deepEqual(displayList({ ...scene, mesh: { ...scene.mesh, nodes: [], edges: [] } }, squarePlace(10)).map((m) => m.id), ['path', 'start', 'goal']);
});

test('sizes are pixels whatever the units: the same marks at 4 and at 40 px a cell', () => {
  for (const scale of [4, 40]) {
    const place = squarePlace(scale);
    const list = displayList(scene, place);
    const path = list.find((m) => m.id === 'path');
    const near = (a, b) => Math.abs(a - b) < 1e-9;
    assert.ok(near(path.strokes[0].width * scale, pathWidth(scale) + 3) && near(path.strokes[1].width * scale, pathWidth(scale)));
    assert.deepEqual(path.strokes.map((s) => s.colour), [MARKS.casing, MARKS.path]);
    assert.deepEqual(path.shapes[0].line, [[1.5, 1.5], [2.5, 1.5], [3.5, 2.5]], 'through the cells\' centres');
    const start = list.find((m) => m.id === 'start');
    const r = start.shapes[0].circle[2] * scale;
    assert.ok(near(r, Math.max(6.5, scale * 0.42)), 'at least 6.5 px, so it stays grabbable');
    const goal = list.find((m) => m.id === 'goal');
    assert.deepEqual(goal.shapes[0].polygon[0], [3.5, 2.5 - (r * 1.18) / scale], 'the diamond starts at its top');
  }
  assert.equal(pathWidth(1), 3);
  assert.equal(pathWidth(100), 6);
});

test('the live view letters large markers and gives them a shadow; a short path draws no line', () => {
  const big = displayList(scene, squarePlace(40), { live: true }).find((m) => m.id === 'start');
  assert.equal(big.label.text, 'S');
  assert.equal(big.shadow.colour, MARKS.shadow);
  const small = displayList(scene, squarePlace(10), { live: true }).find((m) => m.id === 'goal');
  assert.equal(small.label, undefined, 'under 9 px no letter');
  assert.ok(!displayList({ ...scene, path: [1, 1] }, squarePlace(10)).some((m) => m.id === 'path'));
});

test('the brush outlines the block\'s bounding box on squares, every hex on hexagons', () => {
  const place = { ...squarePlace(1), px: 1, scale: 10 };
  const square = displayList({ ...scene, mesh: null, brush: [2, 2, 3, 2, 2, 3, 3, 3] }, place, { live: true }).find((m) => m.id === 'brush');
  assert.equal(square.shapes.length, 1);
  // Rings 10 px across round cells (2, 2) to (3, 3), their centres at +0.5.
  assert.deepEqual(square.shapes[0].polygon, [[-2.5, -2.5], [8.5, -2.5], [8.5, 8.5], [-2.5, 8.5]]);
  const hex = displayList({ ...scene, mesh: null, brush: [2, 2, 3, 2, 2, 3] }, { ...place, hex: true }, { live: true }).find((m) => m.id === 'brush');
  assert.equal(hex.shapes.length, 3);
  assert.equal(displayList({ ...scene, brush: [2, 2] }, { ...place, scale: 2 }, { live: true }).find((m) => m.id === 'brush'), undefined, 'not on cells under 3 px');
});

test('drawMarks: each mark filled, then stroked once per stroke, in its own save/restore', () => {
  const { ctx, calls } = recorder();
  const list = displayList({ path: [0, 0, 1, 0], start: { x: 0, y: 0 }, goal: null }, squarePlace(20));
  drawMarks(ctx, list);
  const names = calls.map((c) => c[0]);
  assert.deepEqual(names.filter((n) => ['save', 'restore', 'fill', 'stroke'].includes(n)), ['save', 'stroke', 'stroke', 'restore', 'save', 'fill', 'stroke', 'restore']);
  const strokes = calls.filter((c) => c[0] === 'strokeStyle=').map((c) => c[1]);
  assert.deepEqual(strokes, [MARKS.casing, MARKS.path, MARKS.light]);
  assert.ok(names.includes('arc') && !names.includes('fillText'), 'the start disc, unlettered in an export');
});

test('svgMarks: the path as two polylines (casing first), the markers with ids, the mesh as paths and classes', () => {
  const lines = svgMarks(displayList(scene, squarePlace(10)));
  const casing = lines.findIndex((l) => l.includes('id="path-casing"'));
  const path = lines.findIndex((l) => l.includes('id="path"'));
  assert.ok(casing >= 0 && path === casing + 1);
  assert.match(lines[path], /^<polyline id="path" fill="none" stroke="#ff2a8a" stroke-width="0\.3" stroke-linejoin="round" stroke-linecap="round" points="1\.5,1\.5 2\.5,1\.5 3\.5,2\.5"\/>$/);
  assert.match(lines.find((l) => l.includes('id="start"')), /^<circle id="start" fill="#009e73" stroke="#ffffff" stroke-width="[\d.]+" cx="1\.5" cy="1\.5" r="0\.65"\/>$/);
  assert.match(lines.find((l) => l.includes('id="goal"')), /^<polygon id="goal" [^>]*points="3\.5,1\.733 /);
  assert.match(lines.find((l) => l.includes('mesh-blocked')), /^<polyline id="mesh-blocked" [^>]*stroke-dasharray="0\.4 0\.4"/);
  assert.equal(lines.filter((l) => l.includes('class="mesh-node"')).length, 3, 'ids stay unique');
  // SVG 1.1's colours: #rrggbb, and an opacity of its own.
  assert.match(lines.find((l) => l.includes('id="mesh-edges"')), / stroke="#0072b2" stroke-opacity="0\.55" /);
  assert.match(lines.find((l) => l.includes('class="mesh-node"') && l.includes('#e69f00')), /fill="#e69f00" stroke="#1b1f27"/, 'a closed node');
  assert.ok(!lines.some((l) => /rgba?\(/.test(l)), 'no CSS colour functions');
  assert.ok(!lines.some((l) => l.includes('undefined')));
});

test('an export\'s list starts with the cells, and shows the field\'s arrows and crowd and the range\'s outline and unit', () => {
  const cells = { width: 5, height: 4, shape: 'square', view: 'field', cells: new Uint8Array(20).fill(1), states: new Uint8Array(20), bytes: new Uint8Array(20) };
  const flow = new Uint8Array(20).fill(255);
  flow[6] = 0;
  const fields = {
    kind: 'field', key: '', bytes: cells.bytes, flow: () => flow, vectors: Float64Array.from([1, 0]), width: 5, height: 4,
    walkers: { prev: Uint32Array.from([0, 0]), cur: Uint32Array.from([0, 0]), f: 1 }, outline: Uint32Array.from([1, 1, 0]), unit: { x: 1, y: 1 },
  };
  const list = displayList({ ...scene, cells, fields }, squarePlace(20));
  assert.deepEqual(list.map((m) => m.id), ['cells', 'arrows-dark', 'range-outline', 'mesh-edges', 'mesh-blocked', 'mesh-node', 'mesh-node', 'mesh-node', 'path', 'crowd', 'unit', 'start', 'goal']);
  assert.deepEqual(list.find((m) => m.id === 'arrows-dark').shapes[0], { line: [[1.2, 1.5], [1.8, 1.5]] }, 'the arrow of cell (1, 1) points along its move');
  assert.deepEqual(displayList({ ...scene, cells, fields }, squarePlace(8)).filter((m) => m.id.startsWith('arrows')), [], 'no arrows on cells under 10 px, as on screen');
  const svg = svgMarks(list).join('\n');
  assert.match(svg, /<g id="cells">/);
  assert.match(svg, /id="range-outline-casing"/);
});

test('on screen the renderer\'s cell layer is the list\'s first entry, drawn before every mark; an SVG leaves it out', () => {
  const drawn = [];
  const paintCells = () => drawn.push('cells');
  const list = displayList({ ...scene, paintCells }, squarePlace(20), { live: true });
  assert.equal(list[0].id, 'cells');
  assert.equal(list[0].draw, paintCells);
  assert.equal(list.filter((m) => m.id === 'cells').length, 1);
  assert.ok(!svgMarks(list).some((e) => e.includes('id="cells"')), 'a screen-only entry has no SVG');
});

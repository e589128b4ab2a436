// Step 1 of the benchmark: the maps and the queries, all fixed by one seed.
//
//   node bench/gen.mjs [--smoke] [--per-map N] [--seed S]
//
// Copies the Moving AI maps into bench/work/maps/ and picks N problems from each `.scen` file
// (a seeded uniform sample over all buckets, so short and long queries alike; the optimum
// comes from the file). Generates 512² and 1024² random maps (10/20/35 % walls) and mazes
// (corridor width 1), with N queries between random cells of the largest connected region;
// their optimum is left null and filled in by the native run from Pathlab's Dijkstra. Also
// writes the 256², 512², 1024² and 4096² maps the page-speed run loads. Everything goes to
// bench/work/queries.json.

import fs from 'node:fs';
import path from 'node:path';
import { MOVINGAI, WORK, rng, pick, parseScen, writeJson } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const smoke = args.includes('--smoke');
const perMap = Number(opt('--per-map', smoke ? 3 : 100));
const seed = Number(opt('--seed', 20261123));
const MAPS = path.join(WORK, 'maps');
fs.mkdirSync(MAPS, { recursive: true });

/** A map as '.'/'@' text in the Moving AI format. */
function mapText(width, height, walls) {
  const rows = [];
  for (let y = 0; y < height; y++) {
    let row = '';
    for (let x = 0; x < width; x++) row += walls[y * width + x] ? '@' : '.';
    rows.push(row);
  }
  return `type octile\nheight ${height}\nwidth ${width}\nmap\n${rows.join('\n')}\n`;
}

/** Each cell a wall with probability `p`. */
function randomMap(size, p, random) {
  const walls = new Uint8Array(size * size);
  for (let i = 0; i < walls.length; i++) walls[i] = random() < p ? 1 : 0;
  return walls;
}

/**
 * A perfect maze with corridors and walls one cell wide (like Moving AI's maze512-1-*):
 * an iterative depth-first backtracker over the cells at odd coordinates.
 */
function mazeMap(size, random) {
  const walls = new Uint8Array(size * size).fill(1);
  const cellsX = Math.floor((size - 1) / 2);
  const seen = new Uint8Array(cellsX * cellsX);
  const stack = [0];
  seen[0] = 1;
  walls[1 * size + 1] = 0;
  const steps = [[1, 0], [-1, 0], [0, 1], [0, -1]];
  while (stack.length) {
    const c = stack[stack.length - 1];
    const cx = c % cellsX, cy = Math.floor(c / cellsX);
    const open = [];
    for (const [dx, dy] of steps) {
      const nx = cx + dx, ny = cy + dy;
      if (nx >= 0 && ny >= 0 && nx < cellsX && ny < cellsX && !seen[ny * cellsX + nx]) open.push([nx, ny, dx, dy]);
    }
    if (!open.length) {
      stack.pop();
      continue;
    }
    const [nx, ny, dx, dy] = open[pick(random, open.length)];
    seen[ny * cellsX + nx] = 1;
    walls[(2 * cy + 1 + dy) * size + (2 * cx + 1 + dx)] = 0;
    walls[(2 * ny + 1) * size + (2 * nx + 1)] = 0;
    stack.push(ny * cellsX + nx);
  }
  return walls;
}

/**
 * The cells of the largest 4-connected open region. Under the Moving AI rule (no corner
 * cutting) a diagonal step needs both orthogonal neighbours open, so 8-connected reachability
 * is exactly 4-connected reachability.
 */
function largestRegion(size, walls) {
  const label = new Int32Array(size * size).fill(-1);
  let best = [];
  const queue = new Int32Array(size * size);
  for (let s = 0; s < walls.length; s++) {
    if (walls[s] || label[s] >= 0) continue;
    let head = 0, tail = 0;
    queue[tail++] = s;
    label[s] = s;
    while (head < tail) {
      const c = queue[head++];
      const x = c % size, y = (c - x) / size;
      for (const n of [x > 0 ? c - 1 : -1, x + 1 < size ? c + 1 : -1, y > 0 ? c - size : -1, y + 1 < size ? c + size : -1]) {
        if (n >= 0 && !walls[n] && label[n] < 0) {
          label[n] = s;
          queue[tail++] = n;
        }
      }
    }
    if (tail > best.length) best = Array.from(queue.subarray(0, tail));
  }
  return best;
}

function generated(name, kind, size, walls, random) {
  const file = path.join(MAPS, `${name}.map`);
  fs.writeFileSync(file, mapText(size, size, walls));
  const region = largestRegion(size, walls);
  const queries = [];
  while (queries.length < perMap) {
    const a = region[pick(random, region.length)];
    const b = region[pick(random, region.length)];
    if (a === b) continue;
    queries.push({ sx: a % size, sy: Math.floor(a / size), gx: b % size, gy: Math.floor(b / size), optimal: null, tolerance: 1e-6 });
  }
  return { name, kind, file: path.relative(WORK, file), width: size, height: size, queries };
}

const maps = [];
const random = rng(seed);

// The Moving AI maps, each with a seeded sample of its scenario file.
const scens = fs.existsSync(MOVINGAI) ? fs.readdirSync(MOVINGAI).filter((f) => f.endsWith('.scen')).sort() : [];
if (!scens.length) console.error(`note: no .scen files in ${MOVINGAI}; Moving AI maps skipped`);
for (const scen of smoke ? scens.filter((f) => f === 'arena.map.scen') : scens) {
  const problems = parseScen(fs.readFileSync(path.join(MOVINGAI, scen), 'utf8'));
  if (!problems.length) continue;
  const mapName = path.basename(problems[0].map);
  const src = path.join(MOVINGAI, mapName);
  const dst = path.join(MAPS, mapName);
  fs.rmSync(dst, { force: true });
  fs.copyFileSync(src, dst);
  fs.chmodSync(dst, 0o644);
  const head = fs.readFileSync(src, 'utf8').split(/\r?\n/, 4);
  const height = Number(head[1].split(/\s+/)[1]);
  const width = Number(head[2].split(/\s+/)[1]);
  // A partial Fisher–Yates shuffle: the first N of a seeded permutation, in file order.
  const idx = problems.map((_, i) => i);
  const n = Math.min(perMap, idx.length);
  for (let i = 0; i < n; i++) {
    const j = i + pick(random, idx.length - i);
    [idx[i], idx[j]] = [idx[j], idx[i]];
  }
  const chosen = idx.slice(0, n).sort((a, b) => a - b);
  // `scen` and `index` let the native run take each tolerance from Pathlab's own reading of
  // the file (formats::movingai::parse_scen), which knows how every file prints lengths.
  maps.push({
    name: mapName.replace(/\.map$/, ''), kind: 'movingai', file: path.relative(WORK, dst), width, height,
    scen: path.join(MOVINGAI, scen),
    queries: chosen.map((index) => {
      const { sx, sy, gx, gy, optimal, tolerance, bucket } = problems[index];
      return { sx, sy, gx, gy, optimal, tolerance, bucket, index };
    }),
  });
}

// Generated maps, each from its own seeded stream so adding one does not change the others.
if (!smoke) {
  for (const size of [512, 1024]) {
    for (const p of [10, 20, 35]) {
      const r = rng(seed ^ (size * 100 + p));
      maps.push(generated(`gen-random${size}-${p}`, 'random', size, randomMap(size, p / 100, r), r));
    }
    const r = rng(seed ^ (size * 100 + 99));
    maps.push(generated(`gen-maze${size}`, 'maze', size, mazeMap(size, r), r));
  }
}

// Maps for the page-speed run: 20 % random walls, start and goal in opposite corners.
const pageMaps = [];
for (const size of smoke ? [256] : [256, 512, 1024, 4096]) {
  const r = rng(seed ^ (size * 7));
  const walls = randomMap(size, 0.2, r);
  for (const c of [0, 1, size, size + 1, size * size - 1, size * size - 2, size * size - 1 - size, size * size - 2 - size]) walls[c] = 0;
  const file = path.join(MAPS, `page${size}.map`);
  fs.writeFileSync(file, mapText(size, size, walls));
  pageMaps.push({ size, file: path.relative(WORK, file) });
}

writeJson(path.join(WORK, 'queries.json'), { seed, perMap, smoke, maps, pageMaps });
console.log(`bench: ${maps.length} maps, ${maps.reduce((n, m) => n + m.queries.length, 0)} queries, seed ${seed}`);

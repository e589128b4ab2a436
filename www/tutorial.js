// The tutorial's live diagrams: five small planners mounted with the JS API (pathlab.js), each
// with its own map and settings. Two use shipped teaching maps (the cup and the marsh); the
// others are drawn here in a few lines so the story can shape them. The last section's maze
// comes from the shipped maps through the iframe.

import { Pathlab } from './pathlab.js';
import { all } from './dom.js';

/** A .map text of w×h ground cells with `paint(set)` drawing on it: set(x, y, char). */
function drawMap(w, h, paint) {
  const rows = Array.from({ length: h }, () => Array(w).fill('.'));
  const set = (x, y, c) => {
    if (x >= 0 && y >= 0 && x < w && y < h) rows[y][x] = c;
  };
  const rect = (x0, y0, x1, y1, c) => {
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) set(x, y, c);
  };
  paint({ set, rect });
  return `type octile\nheight ${h}\nwidth ${w}\nmap\n${rows.map((r) => r.join('')).join('\n')}\n`;
}

const PLANNERS = {
  bfs: {
    map: drawMap(25, 13, ({ rect }) => {
      rect(12, 2, 12, 10, '@');
    }),
    start: [3, 9],
    goal: [21, 4],
    algorithm: 'bfs',
    speed: 1,
  },
  'best-first': {
    // Shipped teaching map: a cup facing the start with the goal behind it.
    map: 'u-trap-40',
    algorithm: 'best-first',
    speed: 2,
  },
  dijkstra: {
    // Shipped teaching map: a band of cost-4 marsh with a cheap causeway at the top.
    map: 'marsh-24',
    algorithm: 'dijkstra',
    controls: 'step,run,reset,algo',
    speed: 2,
  },
  astar: {
    map: drawMap(41, 17, ({ rect }) => {
      rect(19, 3, 20, 13, '@');
      rect(29, 9, 34, 10, '@');
    }),
    start: [4, 8],
    goal: [36, 8],
    algorithm: 'astar',
    controls: 'step,run,reset,algo',
    speed: 2,
  },
  weighted: {
    // A hook of wall and two patches of rough ground: each weight trades nodes for cost.
    map: drawMap(41, 17, ({ rect }) => {
      rect(14, 4, 26, 5, '@');
      rect(26, 4, 27, 14, '@');
      rect(5, 9, 12, 12, '3');
      rect(30, 1, 36, 6, '2');
    }),
    start: [3, 14],
    goal: [37, 3],
    algorithm: 'astar',
    speed: 2,
  },
};

const status = document.getElementById('tut-status');

async function main() {
  const views = {};
  const hosts = all('[data-planner]');
  const results = await Promise.allSettled(hosts.map(async (host) => {
    const name = host.dataset.planner;
    const { controls = 'step,run,reset', ...options } = PLANNERS[name];
    views[name] = await Pathlab.mount(host, { ...options, controls });
  }));
  const failed = results.filter((r) => r.status === 'rejected');
  if (failed.length) {
    status.textContent = `${failed.length} of the planners could not start: ${failed[0].reason?.message || failed[0].reason}`;
    status.dataset.kind = 'error';
  } else {
    status.textContent = '';
    status.hidden = true;
  }

  for (const b of all('[data-weight]')) {
    b.addEventListener('click', () => {
      const view = views.weighted;
      if (!view) return;
      view.setSettings({ weight: Number(b.dataset.weight) });
      for (const other of all('[data-weight]')) {
        other.setAttribute('aria-pressed', String(other === b));
      }
    });
  }
  // Read-only hooks for the browser tests.
  window.tutorial = { ready: true, views, failed: failed.length };
}

main();

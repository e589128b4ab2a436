// The tutorial's live diagrams: five small planners mounted with the JS API (pathlab.js), each
// with its own map and settings, described as data in tutorial-scenes.json. Two use shipped
// teaching maps (the cup and the marsh); the others are rectangles drawn on open ground so the
// story can shape them. The last section's maze comes from the shipped maps through the
// iframe.

import { Pathlab } from './pathlab.js';
import { all } from './dom.js';

/**
 * A .map text of `w`×`h` open ground with `rects` drawn on it: [x0, y0, x1, y1, cell] each,
 * corners included ('@' wall, '2'–'4' terrain).
 */
function drawMap([w, h], rects) {
  const rows = Array.from({ length: h }, () => Array(w).fill('.'));
  for (const [x0, y0, x1, y1, c] of rects) {
    for (let y = Math.max(0, y0); y <= Math.min(h - 1, y1); y++) {
      for (let x = Math.max(0, x0); x <= Math.min(w - 1, x1); x++) rows[y][x] = c;
    }
  }
  return `type octile\nheight ${h}\nwidth ${w}\nmap\n${rows.map((r) => r.join('')).join('\n')}\n`;
}

/** The mount options of a scene of tutorial-scenes.json. */
function mountOptions({ size, rects = [], map, start, goal, algorithm, controls = 'step,run,reset', speed }) {
  return { map: size ? drawMap(size, rects) : map, start, goal, algorithm, controls, speed };
}

const status = document.getElementById('tut-status');

async function main() {
  const views = {};
  const hosts = all('[data-planner]');
  let scenes = {};
  try {
    const response = await fetch(new URL('tutorial-scenes.json', import.meta.url));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    scenes = await response.json();
  } catch (e) {
    status.textContent = `The diagrams could not load their scenes (${e.message}).`;
    status.dataset.kind = 'error';
    return;
  }
  const results = await Promise.allSettled(hosts.map(async (host) => {
    const name = host.dataset.planner;
    if (!scenes[name]) throw new Error(`no scene called "${name}"`);
    views[name] = await Pathlab.mount(host, mountOptions(scenes[name]));
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

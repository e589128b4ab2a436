// The compare page (compare.html): a CompareView (compare.js) over the whole page, the map
// picker and the share link. The fragment is a share link (`#v2.…` or `#map=NAME&…`) with a
// compare part appended (`&compare=astar,dijkstra:1.5`, optionally `&step=K`), split and
// checked by the wasm planner; without a fragment the page races A* against Dijkstra on a
// shipped maze.

import init, { Planner, splitLink, formatLinkTail } from './pkg/pathlab.js';
import { CompareView } from './compare.js';
import { openStep } from './timeline.js';
import { defaultRace } from './algorithms.js';
import { messageOf } from './view.js';
import { keepRenderer } from './render.js';
import { withKey } from './status.js';
import * as maps from './maps.js';
import * as links from './links.js';
import { $, setMessage, copyLink, loadPlanner } from './ui.js';

const DEFAULT_MAP = 'maze-63.map';

const page = {
  view: null,
  mapList: [],
  mapFile: '',
  shippedText: null,
};

function fillMapPicker() {
  const select = $('#map');
  select.replaceChildren();
  for (const m of page.mapList) {
    const o = document.createElement('option');
    o.value = m.file;
    o.textContent = m.name || m.file;
    select.append(o);
  }
  const custom = document.createElement('option');
  custom.value = '';
  custom.textContent = 'Linked or edited map';
  custom.hidden = true;
  select.append(custom);
}

function showMap() {
  $('#map').value = page.mapFile || '';
}

/** Loads shipped map `file` into every planner. */
async function openShipped(file) {
  const entry = maps.findEntry(page.mapList, file);
  if (!entry) throw new Error(`there is no shipped map called "${file}"`);
  await page.view.loadWith(async (p) => {
    await maps.loadBundled(p, entry);
  });
  page.mapFile = entry.file;
  page.shippedText = page.view.columns[0].raw.exportMap();
  showMap();
}

/**
 * Opens a fragment: a share link with an optional compare part. Throws a readable Error and
 * leaves the page as it was when any part is bad.
 */
async function openFragment(fragment) {
  const split = splitLink(fragment);
  const scratch = new Planner(40, 25);
  try {
    return await openChecked(split, scratch);
  } finally {
    scratch.free();
  }
}

/** Opens a split fragment whose link `scratch` checks first (and then hands over). */
async function openChecked(split, scratch) {
  const resolved = split.base ? await links.resolve(scratch, split.base, page.mapList) : null;
  if (split.compare) page.view.setPlanners(split.compare);
  if (resolved) {
    // The state checked in the scratch planner, its map's shape included.
    await page.view.loadWith(async (p) => p.loadFrom(scratch));
    page.mapFile = resolved.mapFile;
    page.shippedText = null;
    if (resolved.mapFile) {
      // The shipped text, to know later whether the map is still unedited (short links).
      const probe = new Planner(40, 25);
      try {
        await maps.loadBundled(probe, maps.findEntry(page.mapList, resolved.mapFile));
        page.shippedText = probe.exportMap();
      } catch {
        page.shippedText = null;
      } finally {
        probe.free();
      }
    }
    showMap();
  }
  if (split.step !== null) openStep(page.view.views, split.step, page.view.timeline);
  return split;
}

/** The link for this comparison: the short form when the shipped map is unedited. */
function currentLink() {
  const first = page.view.columns[0].raw;
  const short = page.mapFile && page.shippedText !== null && first.exportMap() === page.shippedText;
  // The link's own settings are the shared ones (movement, heuristic…), not the first
  // column's algorithm and weight, which the compare part carries: a scratch planner holds
  // the map with the shared settings.
  const scratch = new Planner(40, 25);
  let base;
  try {
    scratch.loadLink(first.shareLink());
    if (page.view.base) scratch.setSettings(page.view.base);
    base = short ? scratch.shortLink(page.mapFile.replace(/\.map$/i, '')) : scratch.shareLink();
  } finally {
    scratch.free();
  }
  const part = formatLinkTail({ compare: page.view.specs(), step: links.linkStep(page.view.timeline?.figures()) });
  return `${location.href.split('#')[0]}#${base}&${part}`;
}

function copyPageLink() {
  const field = $('#share-url');
  return copyLink({
    say: setMessage,
    field,
    make: () => ({ url: currentLink() }),
    show: () => { field.hidden = false; },
    copied: () => 'Copied a link to this comparison: the map, markers, planners and step.',
    selected: () => 'The browser would not copy: the link is selected beside the button, press Ctrl+C.',
  });
}

async function openFromLocation(first = false) {
  const fragment = location.hash.replace(/^#/, '');
  if (!fragment) return false;
  history.replaceState(null, '', location.pathname + location.search);
  try {
    await openFragment(fragment);
    setMessage(`Opened the linked comparison${page.mapFile ? ` on ${page.mapFile}` : ''}. Press ${withKey('Run', 'Space')} to race.`, 'info');
    return true;
  } catch (e) {
    setMessage(`Link not opened — ${messageOf(e)} ${first ? 'Showing the default comparison.' : 'Your comparison is kept.'}`, 'error');
    return false;
  }
}

function installHooks() {
  const v = page.view;
  const col = (i) => v.columns[i];
  window.pathlab = {
    ready: true,
    count: () => v.columns.length,
    lanes: (i) => col(i).raw.laneCount(),
    state: () => JSON.parse(JSON.stringify(v.state())),
    cellToClient: (i, x, y) => col(i).view.cellToClient(x, y),
    cell: (i, x, y) => col(i).raw.cell(x, y),
    exportMap: (i) => col(i).raw.exportMap(),
    start: (i) => col(i).raw.start(),
    goal: (i) => col(i).raw.goal(),
    stats: (i) => col(i).raw.stats(),
    settings: (i) => col(i).raw.settings(),
    mapName: () => page.mapFile,
    timeline: () => (v.timeline ? { ...v.timeline.figures(), lastSeekMs: v.timeline.perf.lastSeekMs ?? null } : null),
  };
}

async function main() {
  $('#single-link').href = keepRenderer('index.html');
  const wasm = await loadPlanner(() => init(), setMessage);
  if (!wasm) return;
  page.mapList = await maps.fetchIndex();
  fillMapPicker();
  page.view = new CompareView($('#compare'), {
    Planner,
    memory: () => wasm.memory,
    planners: defaultRace(),
    hooks: {
      message: setMessage,
      edited: () => {
        $('#share-url').hidden = true;
        if (page.mapFile && page.view.columns[0].raw.exportMap() !== page.shippedText) {
          page.mapFile = '';
          showMap();
        }
      },
      changed: () => {
        $('#share-url').hidden = true;
      },
    },
  });
  const linked = location.hash.length > 1 ? await openFromLocation(true) : false;
  if (!linked) {
    try {
      const first = maps.findEntry(page.mapList, DEFAULT_MAP) || page.mapList[0];
      if (first) await openShipped(first.file);
      if (!$('#message').dataset.kind || $('#message').dataset.kind === 'info') {
        setMessage(`A* against Dijkstra on the same maze: press ${withKey('Run', 'Space')} to race them. Change a column's algorithm or add one with + Planner.`, 'info');
      }
    } catch (e) {
      setMessage(`${messageOf(e)} Starting with empty maps.`, 'error');
    }
  }
  page.view.start();
  $('#map').addEventListener('change', async (e) => {
    if (!e.target.value) return;
    try {
      await openShipped(e.target.value);
      setMessage(`Opened ${e.target.value} in every planner.`, 'info');
    } catch (err) {
      setMessage(messageOf(err), 'error');
    }
  });
  $('#copy-link').addEventListener('click', copyPageLink);
  $('#share-url').addEventListener('focus', (e) => e.target.select());
  window.addEventListener('hashchange', () => openFromLocation());
  requestAnimationFrame(installHooks);
}

main();

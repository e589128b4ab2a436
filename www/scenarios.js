// The Moving AI scenario panel of the main page: a .scen file is checked against the current
// map by the planner, listed, and each entry can set the markers. "Check all" asks the planner
// to run A* on the scenarios in small chunks between frames, so the page stays responsive and
// a progress bar can move; the chunk size adapts to take about 25 ms.

import { $ } from './ui.js';
import { messageOf } from './view.js';

const CHUNK_MS = 25;
const SHOWN_FAILURES = 20;

/**
 * Wires the panel; returns `{ open(file), clear() }` for the page. `settingsChanged` is called
 * when picking a scenario switched the settings to the Moving AI ones.
 */
export function wireScenarios({ view, setMessage, settingsChanged = () => {} }) {
  const card = $('#scen-card');
  const list = $('#scen-list');
  const info = $('#scen-info');
  const check = $('#scen-check');
  const stop = $('#scen-stop');
  const progress = $('#scen-progress');
  const result = $('#scen-result');
  const failures = $('#scen-failures');
  let scenarios = [];
  let run = 0;

  function clear() {
    run++;
    scenarios = [];
    list.replaceChildren();
    failures.replaceChildren();
    result.textContent = '';
    progress.hidden = true;
    card.hidden = true;
  }

  async function open(file) {
    let loaded;
    try {
      if (file.size > 64 * 1024 * 1024) throw new Error('the file is too large to be a scenario list');
      const text = await file.text();
      loaded = Array.from(view.planner.loadScen(text));
    } catch (e) {
      setMessage(`Could not open ${file.name}: ${messageOf(e)} Load its .map first; the current map is kept.`, 'error');
      return;
    }
    clear();
    scenarios = loaded;
    const rows = document.createDocumentFragment();
    for (const s of scenarios) {
      const o = document.createElement('option');
      o.value = String(s.index);
      o.textContent = `#${s.index}  (${s.start[0]},${s.start[1]}) → (${s.goal[0]},${s.goal[1]})  ${Number(s.optimal).toFixed(2)}`;
      o.title = `Scenario ${s.index}, bucket ${s.bucket}: optimal length ${Number(s.optimal).toFixed(4)}`;
      rows.append(o);
    }
    list.append(rows);
    const mapNames = [...new Set(scenarios.map((s) => s.map))].join(', ');
    info.textContent = `${file.name}: ${scenarios.length} scenarios for ${mapNames || 'this map'}. Pick one to set the start and goal.`;
    card.hidden = false;
    check.disabled = scenarios.length === 0;
    stop.disabled = true;
    setMessage(`Opened ${file.name}: ${scenarios.length} scenarios.`, 'success');
  }

  function use() {
    const index = Number(list.value);
    if (!Number.isInteger(index)) return;
    try {
      view.planner.useScenario(index);
    } catch (e) {
      setMessage(messageOf(e), 'error');
      return;
    }
    view.halt();
    view.edited();
    settingsChanged();
    const s = scenarios.find((x) => x.index === index);
    if (s) setMessage(`Scenario #${index}: optimal length ${Number(s.optimal).toFixed(4)}. Press Run to compare.`, 'info');
  }

  async function checkAll() {
    const mine = ++run;
    const total = scenarios.length;
    let from = 0;
    let matched = 0;
    let checked = 0;
    let chunk = 4;
    const failed = [];
    failures.replaceChildren();
    progress.hidden = false;
    progress.max = total;
    progress.value = 0;
    check.disabled = true;
    stop.disabled = false;
    result.textContent = `Checking ${total} scenarios with A*…`;
    while (from < total) {
      const t0 = performance.now();
      let r;
      try {
        r = view.planner.checkScenarios(from, Math.min(chunk, total - from));
      } catch (e) {
        setMessage(`The check stopped: ${messageOf(e)}`, 'error');
        break;
      }
      if (!r || !(r.checked > 0)) break;
      from += r.checked;
      checked += r.checked;
      matched += r.matched;
      for (const f of r.failures || []) failed.push(f);
      progress.value = from;
      result.textContent = `${matched} of ${checked} match so far…`;
      const ms = performance.now() - t0;
      // Aim each chunk at about CHUNK_MS so the page keeps painting and answering input.
      chunk = Math.max(1, Math.min(4096, Math.round(chunk * Math.min(4, CHUNK_MS / Math.max(ms, 0.5)))));
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (mine !== run) return;
    }
    stop.disabled = true;
    check.disabled = false;
    result.textContent = `${matched} of ${checked} match${checked < total ? ` (stopped after ${checked} of ${total})` : ''}.`;
    result.dataset.kind = matched === checked ? 'success' : 'error';
    for (const f of failed.slice(0, SHOWN_FAILURES)) {
      const li = document.createElement('li');
      li.textContent = `#${f.index}: expected ${Number(f.expected).toFixed(4)}, got ${f.got === null || f.got === undefined ? 'no path' : Number(f.got).toFixed(4)}`;
      failures.append(li);
    }
    if (failed.length > SHOWN_FAILURES) {
      const li = document.createElement('li');
      li.textContent = `… and ${failed.length - SHOWN_FAILURES} more.`;
      failures.append(li);
    }
    setMessage(`Scenario check: ${matched} of ${checked} match the optimal lengths.`, matched === checked ? 'success' : 'error');
  }

  list.addEventListener('change', use);
  check.addEventListener('click', checkAll);
  stop.addEventListener('click', () => {
    run++;
    stop.disabled = true;
    check.disabled = false;
    result.textContent = `${result.textContent.replace(/ so far…$/, '')} — stopped.`;
  });
  clear();
  return { open, clear };
}

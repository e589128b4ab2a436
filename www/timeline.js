// The timeline scrubber: a range input over the recorded search steps of one or more planner
// views (the main page has one, compare mode two to four), with step back/forward and
// jump-to-start/live buttons and a "step k of n" label. Every planner records its own search
// (the wasm `timelineLength`/`seek` API); this file only moves the shown step and reads the
// figures back. With several views the scrubber counts steps and each planner clamps at its
// own length, so a planner that finished early simply stays finished.

import { el } from './dom.js';

/** @type {(step?: number) => void} */
const NOOP = () => {};

/** "2.1 M events, 8.4 MB": the recording's size in a few characters. */
export function memoryText(events, bytes) {
  const count = events >= 1e6 ? `${(events / 1e6).toFixed(1)} M` : events >= 1e4 ? `${(events / 1e3).toFixed(0)} k` : String(events);
  const size = bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`;
  return `${count} events, ${size}`;
}

/**
 * Opens a link's `&step=K` on `views`: each search runs to its end, then every view shows
 * step `step` (each clamped to its own recording). `timeline` is the page's scrubber when
 * it has one (its label follows); otherwise a scrubber that is never shown does the seek.
 * @param {import('./view.js').PlannerView[]} views
 * @param {number} step
 * @param {Timeline | null} [timeline]
 */
export function openStep(views, step, timeline = null) {
  for (const v of views) {
    v.planner.resetSearch();
    v.planner.runToEnd();
  }
  const t = timeline ?? new Timeline(document.createElement('div'), { views: () => views });
  t.seekAll(step);
  if (!timeline) t.destroy();
}

/**
 * One scrubber. `options`:
 * - `views()`: the PlannerViews it drives (read on every update, so views may come and go);
 * - `onSeek(step)`: optional, after every seek (the compare table refreshes there);
 * - `label`: the range's accessible name.
 * `root` is the element to build into.
 */
export class Timeline {
  constructor(root, { views, onSeek = NOOP, label = 'Search step' }) {
    this.views = views;
    this.onSeek = onSeek;
    this.pending = null;
    this.frameBusy = false;
    this.shown = '';
    this.perf = { seekMs: [] };
    this.build(root, label);
  }

  build(root, label) {
    const button = (name, text, title) => {
      const b = el('button', { type: 'button', text, title, class: `tl-${name}`, 'data-timeline': name, 'aria-label': title });
      return b;
    };
    this.first = button('start', '|◀', 'Jump to the first step (Home)');
    this.back = button('back', '◀', 'Step back (, or Shift+←)');
    this.forward = button('forward', '▶', 'Step forward (. or Shift+→)');
    this.last = button('end', '▶|', 'Jump to the live end (End)');
    this.range = el('input', {
      type: 'range', min: '0', max: '0', step: '1', value: '0', class: 'tl-range',
      'aria-label': label, 'aria-valuetext': 'step 0 of 0', 'data-timeline': 'range',
    });
    this.labelEl = el('output', { class: 'tl-label', 'data-timeline': 'label', 'data-sync': '', text: 'step 0 of 0' });
    this.noteEl = el('span', { class: 'tl-note', 'data-timeline': 'note' });
    this.root = el('div', { class: 'timeline', role: 'group', 'aria-label': 'Timeline' }, [
      this.first, this.back, this.range, this.forward, this.last, this.labelEl, this.noteEl,
    ]);
    root.append(this.root);
    this.first.addEventListener('click', () => this.seekTo(0));
    this.last.addEventListener('click', () => this.seekTo(Infinity));
    this.back.addEventListener('click', () => this.stepBy(-1));
    this.forward.addEventListener('click', () => this.stepBy(1));
    this.range.addEventListener('input', () => this.request(Number(this.range.value)));
    // Keys on the focused range are the browser's (arrows, Page Up/Down, Home, End): they
    // arrive as input events like a drag.
  }

  /** The views still on the page. */
  live() {
    return this.views().filter((v) => !v.destroyed);
  }

  /**
   * `{position, length, complete, events, bytes}` over every view, from each lane's state in
   * the session's state object:
   * the furthest shown and recorded step, and the memory of all the timelines.
   */
  figures() {
    let position = 0;
    let length = 0;
    let complete = true;
    let events = 0;
    let bytes = 0;
    for (const v of this.live()) {
      if (!v.session.laneState(v)) v.syncStats();
      const s = /** @type {import('./view.js').PlannerState} */ (v.session.laneState(v)).stats;
      position = Math.max(position, s.step);
      length = Math.max(length, s.steps);
      if (!s.timelineComplete) complete = false;
      events += s.timelineEvents;
      bytes += s.timelineBytes;
    }
    return { position, length, complete, events, bytes };
  }

  /**
   * A drag asks for a step: seek at once when nothing was sought this frame, otherwise keep
   * only the latest request for the next frame (a fast drag fires many input events per frame).
   */
  request(step) {
    this.pending = step;
    if (this.frameBusy) return;
    this.flush();
    this.frameBusy = true;
    requestAnimationFrame(() => {
      this.frameBusy = false;
      if (this.pending !== null) this.request(this.pending);
    });
  }

  flush() {
    const step = this.pending;
    this.pending = null;
    if (step === null) return;
    this.seekAll(step);
  }

  /** Seeks every view to `step` (each clamps to its own length); stops running searches. */
  seekAll(step) {
    const views = this.live();
    if (views.length === 0) return;
    const t0 = performance.now();
    let core = 0;
    for (const v of views) {
      v.halt();
      // A refused search (say JPS on terrain) has nothing to show at any step.
      if (v.planner.refusedReason?.()) continue;
      const len = v.planner.timelineLength();
      const c0 = performance.now();
      v.guard(() => v.planner.seek(Math.max(0, Math.min(len, step))));
      core += performance.now() - c0;
      v.buttons();
    }
    // Paint and refresh the numbers now rather than in each view's next frame: the shown
    // step must match what the label says before the next input event.
    for (const v of views) v.syncStats();
    const ms = performance.now() - t0;
    this.perf.seekMs.push(ms);
    if (this.perf.seekMs.length > 200) this.perf.seekMs.shift();
    this.perf.lastSeekMs = ms;
    // The wasm seek alone, without reading the stats, path and open list back.
    this.perf.lastCoreMs = core;
    this.update();
    this.onSeek(step);
  }

  /** Jumps to `step`: 0 is the start, Infinity the live end. */
  seekTo(step) {
    const { length } = this.figures();
    this.seekAll(step === Infinity ? length : step);
  }

  /**
   * One step back or forward. Forward at the live end searches one more step live, so the
   * same key keeps going after the recording runs out.
   */
  stepBy(delta) {
    const views = this.live();
    const { position, length } = this.figures();
    if (delta > 0 && position >= length) {
      if (views.some((v) => v.planner.status === 'running')) views[0].session.dispatch({ cmd: 'stepLanes', n: 1, searching: true });
      this.update();
      return;
    }
    this.seekAll(Math.max(0, position + delta));
  }

  /** The panel call (panels.js `showPanels`): when a lane's state in the session changes. */
  render() {
    this.update();
  }

  /** Writes the range, label and note; touches the DOM only when a figure changed. */
  update() {
    const f = this.figures();
    // Which planner state the label shows (the first view's version), for readers that must
    // know the label has caught up (see status.js and the end-to-end tests' `settled`).
    const first = this.live()[0];
    const version = String((first && first.session.laneState(first)?.version) ?? '');
    if (this.labelEl.dataset.version !== version) this.labelEl.dataset.version = version;
    const key = `${f.position}/${f.length}/${f.complete}/${f.events}`;
    if (key === this.shown) return;
    this.shown = key;
    this.range.max = String(f.length);
    if (this.pending === null) this.range.value = String(f.position);
    const text = `step ${f.position} of ${f.length}`;
    // The label keeps its size (timeline.css): "(scrubbed back)" goes on a second line it
    // always has room for, so the slider never changes width.
    const back = f.position < f.length;
    this.labelEl.replaceChildren(text, el('span', { class: 'tl-back', text: back ? ' (scrubbed back)' : '' }));
    this.labelEl.dataset.back = String(back);
    this.labelEl.dataset.step = String(f.position);
    this.range.setAttribute('aria-valuetext', text);
    this.back.disabled = f.position === 0;
    this.first.disabled = f.position === 0;
    this.last.disabled = f.position >= f.length;
    this.noteEl.textContent = f.complete
      ? memoryText(f.events, f.bytes)
      : `recording stopped at ${f.length} steps (memory cap) · ${memoryText(f.events, f.bytes)}`;
    this.noteEl.dataset.complete = String(f.complete);
  }

  /** Removes the scrubber. */
  destroy() {
    this.root.remove();
  }
}

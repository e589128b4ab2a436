// Canvas and keyboard input: pointer events (mouse, pen, touch) for drawing strokes, dragging
// the markers, double-click/double-tap placement, panning and pinch-zoom; the wheel zooms
// (unless the view's `navigation` leaves the wheel to the page, or turns panning off or keeps
// the map fitted: an embed's choices);
// the right-click menu; keyboard shortcuts. Every change goes through the view's session as a
// command (session.js): strokes send the two ends of each pointer movement and wasm fills
// every cell between them; keys are the table's (controls.js).
// `app` is a PlannerView (view.js): several can share a page, so the keyboard only answers
// inside `app.keyScope` when the view has one, and a read-only view only pans and zooms.

import { shortcutFor, keyName } from './controls.js';

const DOUBLE_MS = 450;

/** A finger held this long without moving opens the cell menu (the touch right-click). */
const LONG_PRESS_MS = 500;

/** CSS pixels a finger may wander before a touch counts as a drag. */
const TOUCH_SLOP = 8;

/**
 * How far from a marker's centre a press still grabs it, in CSS pixels, by pointer type:
 * a finger grabs the start, the goal (and D* Lite's walker, which stands on the start)
 * within 22 px whatever the cell size; a mouse or pen only on the marker's own cell.
 */
const GRAB_PX = { touch: 22 };

/**
 * The marker a press at canvas CSS point `p` grabs: `'start'`, `'goal'` or null. The
 * marker whose cell was pressed wins; otherwise the nearer centre within `radius` px.
 * @param {{x: number, y: number}} p
 * @param {{x: number, y: number} | null} cell the cell pressed, or null (outside the map)
 * @param {{start: {x: number, y: number}, goal: {x: number, y: number}}} markers cells
 * @param {(x: number, y: number) => {x: number, y: number}} centre a cell's centre on the canvas
 * @param {number} radius
 */
export function grabbedMarker(p, cell, markers, centre, radius) {
  const on = (m) => cell && cell.x === m.x && cell.y === m.y;
  if (on(markers.start)) return 'start';
  if (on(markers.goal)) return 'goal';
  let best = null;
  let bestDist = radius;
  for (const which of /** @type {const} */ (['start', 'goal'])) {
    const c = centre(markers[which].x, markers[which].y);
    const d = Math.hypot(p.x - c.x, p.y - c.y);
    if (d <= bestDist) {
      best = which;
      bestDist = d;
    }
  }
  return best;
}

/**
 * The element a one-finger swipe outside the map scrolls: the nearest scrolling ancestor of
 * `el`, or the document.
 * @param {Element} el
 */
function scrollerOf(el) {
  for (let e = el.parentElement; e; e = e.parentElement) {
    const style = getComputedStyle(e);
    const scrolls = /(auto|scroll)/.test(`${style.overflowY} ${style.overflowX}`);
    if (scrolls && (e.scrollHeight > e.clientHeight || e.scrollWidth > e.clientWidth)) return e;
  }
  return document.scrollingElement ?? document.documentElement;
}

/** The keys a focused slider keeps for itself. */
export const RANGE_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

/** Input types whose keys are all their own (text is typed into them). */
const TEXT_INPUTS = new Set(['text', 'number', 'search', 'email', 'url', 'password', 'tel', 'date', 'time', 'datetime-local', 'month', 'week']);

/**
 * How the element `t` takes keys: `text` (text and number fields, selects, editable
 * content: every key is its own, the shortcuts stay off), `range` (a slider: its arrows,
 * Home and End), `button` (buttons, checkboxes, links: Enter presses them, Space is the
 * page's run/pause) or `none`.
 */
export function keyTaker(t) {
  const tag = t?.tagName;
  if (!tag) return 'none';
  if (tag === 'TEXTAREA' || tag === 'SELECT' || t.isContentEditable) return 'text';
  if (tag === 'INPUT') {
    const type = (t.type || 'text').toLowerCase();
    if (type === 'range') return 'range';
    if (TEXT_INPUTS.has(type)) return 'text';
    return 'button';
  }
  if (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY') return 'button';
  return 'none';
}

/**
 * Space was taken as run/pause while `t` had focus: a button (or checkbox) would still be
 * pressed by the keyup that follows, so swallow that one keyup.
 */
export function swallowSpaceUp(t) {
  if (keyTaker(t) !== 'button') return;
  const up = (e) => {
    if (e.key !== ' ') return;
    e.preventDefault();
    t.removeEventListener('keyup', up, true);
  };
  t.addEventListener('keyup', up, true);
}

/**
 * A two-finger pinch starting with its fingers at `a` and `b` (canvas px): their distance
 * and midpoint, which `pinchMove` follows.
 * @param {{x: number, y: number}} a
 * @param {{x: number, y: number}} b
 */
export function pinchStart(a, b) {
  return { dist: Math.hypot(a.x - b.x, a.y - b.y) || 1, mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
}

/**
 * The pinch's fingers moved to `a` and `b`: the map zooms by the change of their distance
 * about their midpoint and (`pan`) follows the midpoint; `pinch` takes the new figures.
 * @param {{panBy: (dx: number, dy: number) => void, zoomAt: (f: number, x: number, y: number) => void}} r
 * @param {{dist: number, mid: {x: number, y: number}}} pinch
 * @param {{x: number, y: number}} a
 * @param {{x: number, y: number}} b
 * @param {boolean} pan
 */
export function pinchMove(r, pinch, a, b, pan) {
  const next = pinchStart(a, b);
  if (pan) r.panBy(next.mid.x - pinch.mid.x, next.mid.y - pinch.mid.y);
  r.zoomAt(next.dist / pinch.dist, next.mid.x, next.mid.y);
  pinch.dist = next.dist;
  pinch.mid = next.mid;
}

/** Attaches the input handlers for `app` on `canvas`; returns a function that detaches them. */
export function attachInput(app, canvas) {
  const r = app.renderer;
  const pointers = new Map();
  let gesture = null;
  let lastClick = null;
  const menu = app.menu;
  let menuCell = null;
  // Listeners outside the canvas, removed again by the returned detach function.
  const outside = [];
  const listen = (target, type, fn, opts) => {
    target.addEventListener(type, fn, opts);
    outside.push(() => target.removeEventListener(type, fn, opts));
  };

  // What the view lets the map do (view.js `navigation`).
  const nav = app.navigation ?? { wheel: 'zoom', pan: true, fit: false };
  const canPan = () => nav.pan && !nav.fit;
  // A read-only map that does not pan leaves one-finger drags to the page, so a reader on a
  // phone can scroll past it (a fitted one leaves pinches to the page too).
  if (app.readonly && !canPan()) canvas.style.touchAction = nav.fit ? 'pan-x pan-y pinch-zoom' : 'pan-x pan-y';

  const local = (e) => {
    const rect = canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  const sameCell = (a, b) => a && b && a.x === b.x && a.y === b.y;

  /** Sends `command` to the view's session, from this view's lane. */
  const send = (command) => app.session.dispatch(command, app);

  function endGesture() {
    if (!gesture) return;
    if (gesture.kind === 'paint' || gesture.kind === 'start' || gesture.kind === 'goal') send({ cmd: 'endStroke' });
    gesture = null;
    canvas.classList.remove('panning', 'dragging');
  }

  /** Starts painting from `cell` (a press, or a touch that turned into a drag). */
  function beginPaint(cell, now) {
    // A stroke that starts on a wall erases; otherwise it paints with the active brush.
    const value = app.planner.cell(cell.x, cell.y) === 0 ? 1 : app.brushByte();
    send({ cmd: 'beginStroke' });
    const changed = send({ cmd: 'paint', from: cell, to: cell, value });
    gesture = { kind: 'paint', last: cell, value, moved: false };
    lastClick = { time: now, cell, changed };
    app.changed();
  }

  /** Paints on from the stroke's last cell to `cell`. */
  function paintTo(cell) {
    if (sameCell(cell, gesture.last)) return;
    send({ cmd: 'paint', from: gesture.last, to: cell, value: gesture.value });
    gesture.last = cell;
    gesture.moved = true;
    lastClick = null;
  }

  /**
   * A finger went down on a cell: nothing happens yet, since it may become a drag (draws), a
   * long press (the cell menu), a second finger (a pinch, which must never paint) or a tap
   * (paints the cell, like a click).
   */
  function beginTouch(cell, p, now) {
    const timer = setTimeout(() => {
      if (gesture?.kind !== 'touch' || gesture.timer !== timer) return;
      gesture = { kind: 'none' };
      const rect = canvas.getBoundingClientRect();
      if (menu && !app.readonly) openMenu(cell, rect.left + p.x, rect.top + p.y);
    }, LONG_PRESS_MS);
    gesture = { kind: 'touch', cell, at: p, time: now, timer };
  }

  function beginPinch() {
    if (gesture?.kind === 'touch') clearTimeout(gesture.timer);
    endGesture();
    if (nav.fit) {
      gesture = { kind: 'none' };
      return;
    }
    const [a, b] = [...pointers.values()];
    gesture = { kind: 'pinch', ...pinchStart(a, b) };
  }

  canvas.addEventListener('pointerdown', (e) => {
    closeMenu();
    if (e.button === 2) return;
    canvas.focus({ preventScroll: true });
    const p = local(e);
    pointers.set(e.pointerId, p);
    try {
      canvas.setPointerCapture(e.pointerId);
    } catch {
      // Synthetic or already released pointers cannot be captured; dragging still works.
    }
    if (pointers.size === 2) {
      beginPinch();
      return;
    }
    if (pointers.size > 2) return;
    const cell = r.cellAt(p.x, p.y);
    const touch = e.pointerType === 'touch';
    const grabbed = app.readonly || e.button !== 0 || e.shiftKey ? null
      : grabbedMarker(p, cell, { start: app.planner.start(), goal: app.planner.goal() }, (x, y) => r.cellCentre(x, y), GRAB_PX[e.pointerType] ?? 0);
    // One finger never pans the map: outside its cells (the border around it) it scrolls
    // the page, as a swipe anywhere else on the page would.
    if (touch && !cell && !grabbed && !app.readonly) {
      gesture = { kind: 'scroll', last: { x: e.clientX, y: e.clientY }, scroller: scrollerOf(canvas) };
      return;
    }
    if (e.button === 1 || e.shiftKey || (!cell && !grabbed) || app.readonly) {
      e.preventDefault();
      if (!canPan()) {
        gesture = { kind: 'none' };
        return;
      }
      gesture = { kind: 'pan', last: p };
      canvas.classList.add('panning');
      return;
    }
    if (e.button !== 0) return;
    // In the movement range's view a press (and a drag) moves the range's origin, unless a
    // brush was chosen to draw with (fields-view.js).
    if (app.fields?.picking() && cell) {
      app.fields.pick(cell);
      gesture = { kind: 'range', last: cell };
      return;
    }

    const now = performance.now();
    if (lastClick && now - lastClick.time < DOUBLE_MS && sameCell(lastClick.cell, cell)) {
      // The second press of a double-click: take back what the first press painted, then
      // place a marker instead.
      if (lastClick.changed > 0) send({ cmd: 'takeBack' });
      lastClick = null;
      gesture = { kind: 'none' };
      app.doubleClick(cell);
      return;
    }

    if (grabbed) {
      const at = grabbed === 'start' ? app.planner.start() : app.planner.goal();
      gesture = { kind: grabbed, last: { x: at.x, y: at.y }, moved: false };
      send({ cmd: 'beginStroke' });
      canvas.classList.add('dragging');
      lastClick = { time: now, cell: gesture.last, changed: 0 };
      return;
    }
    if (!cell) return;
    if (touch) {
      beginTouch(cell, p, now);
      return;
    }
    beginPaint(cell, now);
  });

  canvas.addEventListener('pointermove', (e) => {
    const p = local(e);
    if (pointers.has(e.pointerId)) pointers.set(e.pointerId, p);
    if (e.pointerType !== 'touch' || !gesture) app.setHover(r.cellAt(p.x, p.y));
    if (!gesture) return;
    switch (gesture.kind) {
      case 'pinch': {
        const [a, b] = [...pointers.values()];
        if (!b) return;
        pinchMove(r, gesture, a, b, canPan());
        break;
      }
      case 'pan':
        r.panBy(p.x - gesture.last.x, p.y - gesture.last.y);
        gesture.last = p;
        break;
      case 'scroll':
        gesture.scroller.scrollBy(gesture.last.x - e.clientX, gesture.last.y - e.clientY);
        gesture.last = { x: e.clientX, y: e.clientY };
        break;
      case 'touch': {
        if (Math.hypot(p.x - gesture.at.x, p.y - gesture.at.y) < TOUCH_SLOP) return;
        // The finger moved off: a one-finger drag draws, from where it went down.
        clearTimeout(gesture.timer);
        beginPaint(gesture.cell, gesture.time);
        paintTo(r.cellClamped(p.x, p.y));
        break;
      }
      case 'paint':
        paintTo(r.cellClamped(p.x, p.y));
        break;
      case 'range': {
        const cell = r.cellAt(p.x, p.y);
        // Dragged over a wall, the origin waits on the last free cell.
        if (!cell || sameCell(cell, gesture.last) || app.planner.cell(cell.x, cell.y) === 0) return;
        gesture.last = cell;
        app.fields.pick(cell);
        break;
      }
      case 'start':
      case 'goal': {
        const cell = r.cellAt(p.x, p.y);
        if (!cell || sameCell(cell, gesture.last)) return;
        try {
          send({ cmd: 'moveMarker', which: gesture.kind, to: cell });
          gesture.last = cell;
          lastClick = null;
        } catch {
          // A wall or the other marker's cell: the marker waits where it is.
        }
        break;
      }
      default:
    }
  });

  const release = (e) => {
    pointers.delete(e.pointerId);
    if (gesture?.kind === 'pinch') {
      if (pointers.size < 2) gesture = null;
      return;
    }
    if (gesture?.kind === 'touch') {
      // A tap: paint the cell, as a click does (two taps place a marker).
      clearTimeout(gesture.timer);
      const { cell, time } = gesture;
      gesture = null;
      if (e.type === 'pointerup') beginPaint(cell, time);
    }
    endGesture();
  };
  canvas.addEventListener('pointerup', release);
  canvas.addEventListener('pointercancel', release);
  canvas.addEventListener('pointerleave', (e) => {
    if (e.pointerType !== 'touch') app.setHover(null);
  });
  canvas.addEventListener('lostpointercapture', (e) => {
    if (pointers.has(e.pointerId)) release(e);
  });
  // The pointerdown handler does the work; the native event must not select text.
  canvas.addEventListener('dblclick', (e) => e.preventDefault());

  canvas.addEventListener(
    'wheel',
    (e) => {
      // Left to the page, the wheel scrolls the host page past an embed.
      if (nav.wheel !== 'zoom' || nav.fit) return;
      e.preventDefault();
      const p = local(e);
      const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
      // Trackpad pinches arrive as ctrl+wheel with small deltas: zoom faster for them.
      const k = e.ctrlKey ? 0.01 : 0.0015;
      r.zoomAt(Math.exp(-e.deltaY * unit * k), p.x, p.y);
    },
    { passive: false },
  );

  // ---- right-click menu ----

  function openMenu(cell, clientX, clientY) {
    menuCell = cell;
    menu.hidden = false;
    const wrap = canvas.parentElement.getBoundingClientRect();
    const mw = menu.offsetWidth;
    const mh = menu.offsetHeight;
    const x = Math.min(clientX - wrap.left, wrap.width - mw - 4);
    const y = Math.min(clientY - wrap.top, wrap.height - mh - 4);
    menu.style.left = `${Math.max(4, x)}px`;
    menu.style.top = `${Math.max(4, y)}px`;
    menu.querySelector('button')?.focus({ preventScroll: true });
  }

  function closeMenu() {
    if (menu && !menu.hidden) {
      menu.hidden = true;
      menuCell = null;
    }
  }

  canvas.addEventListener('contextmenu', (e) => {
    e.preventDefault();
    endGesture();
    const p = local(e);
    const cell = r.cellAt(p.x, p.y);
    if (cell && menu && !app.readonly) openMenu(cell, e.clientX, e.clientY);
  });

  menu?.addEventListener('click', (e) => {
    const button = e.target.closest('button[data-action]');
    if (!button || !menuCell) return;
    const cell = menuCell;
    closeMenu();
    canvas.focus({ preventScroll: true });
    switch (button.dataset.action) {
      case 'start':
      case 'goal':
        app.markerAt(button.dataset.action, cell);
        break;
      case 'clear':
        app.clearCell(cell);
        break;
      case 'reset':
        send({ cmd: 'reset' });
        break;
      case 'range':
        app.fields?.pick(cell);
        break;
      default:
    }
  });

  menu?.addEventListener('keydown', (e) => {
    const items = [...menu.querySelectorAll('button')];
    const i = items.indexOf(document.activeElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = (i + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
      items[next].focus();
    } else if (e.key === 'Escape' || e.key === 'Tab') {
      e.preventDefault();
      closeMenu();
      canvas.focus({ preventScroll: true });
    }
    e.stopPropagation();
  });

  listen(document, 'pointerdown', (e) => {
    if (menu && !menu.hidden && !menu.contains(e.target)) closeMenu();
  });
  listen(window, 'blur', closeMenu);

  // ---- keyboard ----

  // Every shortcut is the table's (controls.js); run and timeline keys drive every lane of
  // the session, edit keys change the map (none in a read-only view), view keys this canvas.
  listen(app.keyScope || document, 'keydown', (e) => {
    if (e.defaultPrevented) return;
    const t = e.target;
    const takes = keyTaker(t);
    const key = keyName(e);
    // Views without a timeline (the tutorial's) leave the timeline keys to the browser.
    const shortcut = shortcutFor(e, { timeline: Boolean(app.session.timeline || app.session.timelineKeys) });
    if ((e.ctrlKey || e.metaKey) && !e.altKey) {
      // In a text field Ctrl+Z is the field's own undo.
      if (app.readonly || takes === 'text' || !shortcut) return;
      e.preventDefault();
      app.session.dispatch(shortcut.command, app);
      return;
    }
    if (e.altKey || takes === 'text') return;
    if (key === 'Escape') {
      closeMenu();
      app.stopWalker();
      return;
    }
    // Enter on a focused button presses it (keyboard users reach every button that way);
    // arrows, Home and End on a slider move the slider.
    if (takes === 'button' && key === 'Enter') return;
    if (takes === 'range' && RANGE_KEYS.has(key)) return;
    if (app.readonly && shortcut?.group === 'edit') return;
    // The canvas has a cell cursor of its own for drawing without a mouse.
    if (t === canvas && cursorKey(e, key)) return;
    if (!shortcut) return;
    e.preventDefault();
    if (key === ' ') swallowSpaceUp(t);
    app.session.dispatch(shortcut.command, app);
  });

  /**
   * Keys on the focused canvas that move the cell cursor (arrows) or toggle a wall under it
   * (Enter): the page then works without a mouse. Returns whether the key was one of them.
   */
  function cursorKey(e, key) {
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (e.shiftKey && (key === 'ArrowLeft' || key === 'ArrowRight')) return false;
    if (moves[key]) {
      e.preventDefault();
      const c = app.cursor ?? app.hover ?? { x: 0, y: 0 };
      const [dx, dy] = moves[key];
      const x = Math.max(0, Math.min(app.planner.width - 1, c.x + dx));
      const y = Math.max(0, Math.min(app.planner.height - 1, c.y + dy));
      app.setCursor({ x, y });
      return true;
    }
    if (key === 'Enter' && !app.readonly) {
      e.preventDefault();
      const c = app.cursor ?? { x: 0, y: 0 };
      app.setCursor(c);
      app.toggleWall(c);
      return true;
    }
    return false;
  }

  return () => {
    for (const off of outside) off();
  };
}

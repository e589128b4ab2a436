// The main page's Export dialog: the view as a PNG or SVG picture, and the search as an
// animated GIF over a range of timeline steps, with a progress bar and a Cancel button while
// it encodes. The pictures themselves are export.js's; this file is the form around them.
// The dialog writes `data-state` (idle, encoding, done, cancelled, error) for the tests.

import { el } from './dom.js';
import { exportImage, exportAnimation, defaultScale, gifScale } from './export.js';
import * as maps from './maps.js';
import { messageOf } from './view.js';

/** "12.3 kB", "1.4 MB". */
function sizeText(bytes) {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`;
}

/**
 * Builds the dialog into the page; returns `open()`, which opens it (the page's Export…
 * button, extras.js).
 * @param {import('./view.js').PlannerView} view
 * @param {{stem: () => string}} options `stem()`: the file name's stem (the map's name)
 * @returns {() => void}
 */
export function wireExportDialog(view, { stem }) {
  const field = (label, name, attrs = {}) => {
    const input = el('input', { type: 'number', min: '0', step: '1', inputMode: 'numeric', 'data-field': name, ...attrs });
    return [el('label', { class: 'export-field' }, [el('span', { text: label }), input]), input];
  };
  const [scaleLabel, scale] = field('Pixels a cell', 'scale', { min: '1', max: '64' });
  const [fromLabel, from] = field('From step', 'from');
  const [toLabel, to] = field('To step', 'to');
  const [everyLabel, every] = field('A frame every', 'every', { min: '1' });
  const [delayLabel, delay] = field('ms a frame', 'delay', { min: '10', value: '60' });
  const progress = el('progress', { max: 1, value: 0, hidden: true, 'data-export': 'progress' });
  const cancel = el('button', { type: 'button', text: 'Cancel', hidden: true, 'data-export': 'cancel' });
  const result = el('p', { class: 'export-result', role: 'status', 'data-export': 'result' });
  const action = (name, text, title) => el('button', { type: 'button', text, title, 'data-export': name });
  const png = action('png', 'PNG', 'The view now, as a PNG picture');
  const svg = action('svg', 'SVG', 'The view now, as an SVG drawing: every cell, the path and the markers as shapes');
  const gif = action('gif', 'Make GIF', 'The search from step to step, as an animated GIF');
  gif.classList.add('primary');
  const close = action('close', 'Close', 'Close the dialog (Esc)');
  const dialog = el('dialog', { class: 'export-dialog', 'aria-labelledby': 'export-title', 'data-state': 'idle' }, [
    el('h2', { id: 'export-title', text: 'Export' }),
    el('section', {}, [
      el('h3', { text: 'Picture' }),
      el('p', { class: 'hint', text: 'The map as shown now: walls, terrain, open and closed cells, the path and the markers. SVG keeps them as shapes.' }),
      el('div', { class: 'export-row' }, [scaleLabel, png, svg]),
    ]),
    el('section', {}, [
      el('h3', { text: 'Animation (GIF)' }),
      el('p', { class: 'hint', 'data-export': 'range-hint' }),
      el('p', { class: 'hint', 'data-export': 'gif-size' }),
      el('div', { class: 'export-row' }, [fromLabel, toLabel, everyLabel, delayLabel]),
      el('div', { class: 'export-row' }, [gif, progress, cancel]),
    ]),
    result,
    el('div', { class: 'export-row end' }, [close]),
  ]);
  document.body.append(dialog);
  let controller = null;

  const setState = (state, text = '', kind = 'info') => {
    dialog.dataset.state = state;
    result.textContent = text;
    result.dataset.kind = kind;
    const busy = state === 'encoding';
    progress.hidden = !busy;
    cancel.hidden = !busy;
    for (const b of [png, svg, gif, close]) b.disabled = busy;
  };

  /** The pixels a cell each export will use: the one typed, else each one's default. */
  const chosen = () => {
    const p = view.planner;
    const typed = number(scale);
    return { picture: typed ?? defaultScale(p.width, p.height), gif: typed ?? gifScale(p.width, p.height), typed: typed !== undefined };
  };
  /** Says the size the GIF will have (its cells, from the field or its own default). */
  const showGifSize = () => {
    const p = view.planner;
    const { gif, typed } = chosen();
    /** @type {HTMLElement} */ (dialog.querySelector('[data-export="gif-size"]')).textContent = Number.isInteger(gif) && gif > 0
      ? `The GIF will be ${p.width * gif} × ${p.height * gif} pixels: ${gif} a cell${typed ? '' : ' (type Pixels a cell above for another size)'}.`
      : '';
  };
  scale.addEventListener('input', showGifSize);

  const fill = () => {
    const p = view.planner;
    const length = p.timelineLength();
    scale.placeholder = String(defaultScale(p.width, p.height));
    from.value = '0';
    to.value = String(length);
    to.max = String(length);
    from.max = String(length);
    every.value = String(Math.max(1, Math.ceil(length / 150)));
    showGifSize();
    /** @type {HTMLElement} */ (dialog.querySelector('[data-export="range-hint"]')).textContent = length
      ? `The search's timeline has ${length} steps: one frame every few steps keeps the file small.`
      : 'Nothing is searched yet: Make GIF runs the search to its end first, then animates it all.';
  };

  /** Before an animation of a search not started yet: run it, and take all of it. */
  const searchFirst = () => {
    const p = view.planner;
    if (p.timelineLength() > 0 || p.status !== 'running') return;
    p.runToEnd();
    view.syncStats();
    fill();
  };

  const number = (input) => (input.value.trim() === '' ? undefined : Number(input.value));
  const save = (blob, ext) => {
    maps.download(blob, stem(), ext);
    setState('done', `Saved ${stem()}.${ext} (${sizeText(blob.size)}).`, 'success');
    dialog.dataset.bytes = String(blob.size);
  };

  const picture = async (format) => {
    try {
      save(await exportImage(view, { format, scale: number(scale) }), format);
    } catch (e) {
      setState('error', messageOf(e), 'error');
    }
  };
  png.addEventListener('click', () => picture('png'));
  svg.addEventListener('click', () => picture('svg'));

  gif.addEventListener('click', async () => {
    searchFirst();
    controller = new AbortController();
    setState('encoding', 'Encoding…');
    progress.value = 0;
    try {
      const blob = await exportAnimation(view, {
        from: number(from), to: number(to), every: number(every), delay: number(delay), scale: number(scale),
        signal: controller.signal,
        onProgress: (f) => {
          progress.value = f;
          result.textContent = `Encoding… ${Math.round(f * 100)} %`;
        },
      });
      save(blob, 'gif');
      const cell = chosen().gif;
      result.textContent += ` ${view.planner.width * cell} × ${view.planner.height * cell} pixels, ${cell} a cell.`;
    } catch (e) {
      if (e?.name === 'AbortError') setState('cancelled', 'Cancelled: nothing was saved.');
      else setState('error', messageOf(e), 'error');
    } finally {
      controller = null;
    }
  });
  cancel.addEventListener('click', () => controller?.abort());
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('cancel', (e) => {
    // Esc while encoding cancels the encoding, not the dialog.
    if (controller) {
      e.preventDefault();
      controller.abort();
    }
  });
  return () => {
    view.stop();
    setState('idle');
    fill();
    dialog.showModal();
  };
}

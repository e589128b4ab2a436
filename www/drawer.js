// The main page's layout controls: the row of panel toggles and the drawer they open
// (a column beside the map on wide screens, a sheet over the bottom on phones), the header's
// menu on phones, and the one-line status that shows its full text when tapped. Which panels
// are open is remembered across reloads (storage.js). It only shows and hides: the panels'
// contents are wired by their own modules, whatever this does.

import { loadLayout, saveLayout } from './storage.js';

/** The panels open on a first visit: none, so the map has the whole screen. */
const DEFAULT_OPEN = [];

function wirePanels() {
  const drawer = document.getElementById('drawer');
  const bar = document.getElementById('panel-bar');
  if (!drawer || !bar) return;
  /** @type {HTMLDetailsElement[]} */
  const panels = Array.from(drawer.querySelectorAll('details[data-panel]'));
  const toggles = /** @type {HTMLButtonElement[]} */ (Array.from(bar.querySelectorAll('button[data-panel]')));
  const byName = (name) => panels.find((p) => p.dataset.panel === name);
  const saved = loadLayout();
  const open = new Set(Array.isArray(saved?.open) ? saved.open : DEFAULT_OPEN);
  for (const panel of panels) panel.open = open.has(panel.dataset.panel ?? '');

  const sync = () => {
    let any = false;
    for (const button of toggles) {
      const panel = byName(button.dataset.panel);
      const isOpen = Boolean(panel?.open);
      any ||= isOpen;
      button.setAttribute('aria-expanded', String(isOpen));
    }
    drawer.dataset.open = String(any);
    document.body.dataset.drawer = any ? 'open' : 'closed';
    placeSheet();
  };
  // On a phone the drawer is a sheet over the map that ends above the playback bar, so Run,
  // Step, the scrubber and the brushes stay in reach while a panel is open.
  const playBar = document.querySelector('.play-bar');
  const placeSheet = () => {
    if (!playBar) return;
    const top = playBar.getBoundingClientRect().top;
    drawer.style.setProperty('--sheet-bottom', `${Math.max(0, Math.round(window.innerHeight - top + 6))}px`);
  };
  window.addEventListener('resize', placeSheet);
  // The map's box grows and shrinks as bars appear under it (the mesh bar, a view's bar).
  const wrap = document.getElementById('canvas-wrap');
  if (wrap) new ResizeObserver(placeSheet).observe(wrap);
  const remember = () => saveLayout({ open: panels.filter((p) => p.open).map((p) => p.dataset.panel) });
  // A panel opened or closed is remembered at once: the `toggle` event comes a task later,
  // and a reload in between would bring back the panel the user had just closed.
  const setOpen = (panel, open) => {
    panel.open = open;
    remember();
  };
  for (const panel of panels) {
    // Its own summary (the × that closes it, by a click or by Enter or Space, which the
    // browser also sends as a click) toggles it through `setOpen` too.
    panel.querySelector(':scope > summary')?.addEventListener('click', (e) => {
      e.preventDefault();
      setOpen(panel, !panel.open);
    });
    panel.addEventListener('toggle', () => {
      sync();
      remember();
      window.dispatchEvent(new Event('resize'));
    });
  }
  for (const button of toggles) {
    button.addEventListener('click', () => {
      const panel = byName(button.dataset.panel);
      if (!panel) return;
      setOpen(panel, !panel.open);
      if (panel.open) panel.scrollIntoView({ block: 'nearest' });
    });
  }
  // Opening a scenario file or copying a link shows the panel that has the result.
  const scen = document.getElementById('scen-card');
  if (scen) {
    new MutationObserver(() => {
      const panel = byName('scen');
      if (!scen.hidden && panel && !panel.open) setOpen(panel, true);
    }).observe(scen, { attributes: true, attributeFilter: ['hidden'] });
  }
  document.getElementById('copy-link')?.addEventListener('click', () => {
    const panel = byName('share');
    if (panel && !panel.open) setOpen(panel, true);
  });
  sync();
}

function wireMenu() {
  const toggle = document.getElementById('menu-toggle');
  const bar = document.getElementById('topbar');
  if (!toggle || !bar) return;
  const set = (open) => {
    bar.classList.toggle('menu-open', open);
    toggle.setAttribute('aria-expanded', String(open));
  };
  toggle.addEventListener('click', () => set(toggle.getAttribute('aria-expanded') !== 'true'));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && bar.classList.contains('menu-open')) {
      set(false);
      toggle.focus();
    }
  });
  document.addEventListener('pointerdown', (e) => {
    if (bar.classList.contains('menu-open') && e.target instanceof Node && !bar.contains(e.target)) set(false);
  });
}

/**
 * The algorithm menu is as wide as the name it shows (a `<select>` is otherwise as wide as
 * its longest option), so the status beside it keeps its room; the open menu lists every
 * name in full. Refitted when the choice or the options change, and when the status does
 * (a link or a restored session sets the menu without an event).
 */
function fitAlgorithmMenu() {
  const select = /** @type {HTMLSelectElement | null} */ (document.getElementById('algorithm'));
  const message = document.getElementById('message');
  if (!select) return;
  const ruler = document.createElement('span');
  ruler.setAttribute('aria-hidden', 'true');
  ruler.className = 'select-ruler';
  let fitted = '';
  const fit = () => {
    const text = select.selectedOptions[0]?.textContent ?? '';
    // The status changes every frame of a running search: measure only when the name or the
    // window's width (the phone's font) did, since measuring lays the whole page out.
    const key = `${text}@${innerWidth}`;
    if (key === fitted) return;
    fitted = key;
    const style = getComputedStyle(select);
    ruler.style.font = style.font;
    ruler.textContent = text;
    document.body.append(ruler);
    const chrome = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight)
      + parseFloat(style.borderLeftWidth) + parseFloat(style.borderRightWidth);
    // The arrow Chromium and Firefox draw at the right takes about 24 px.
    const width = `${Math.ceil(ruler.getBoundingClientRect().width + chrome + 26)}px`;
    ruler.remove();
    if (select.style.width !== width) select.style.width = width;
  };
  select.addEventListener('change', fit);
  new MutationObserver(fit).observe(select, { childList: true });
  if (message) new MutationObserver(fit).observe(message, { childList: true, characterData: true, subtree: true });
  fit();
}

wirePanels();
fitAlgorithmMenu();
wireMenu();

// <pathlab-grid>: the planner as a web component, for a page that adds one script.
//
//   <script type="module" src="https://example.org/tools/pathlab/pathlab-embed.js"></script>
//   <pathlab-grid map="maze-63" algorithm="astar" controls="run,step" autoplay></pathlab-grid>
//
// Its attributes are embed.html's URL parameters (embedkit.js PARAMETERS: the link fields and
// the embed's options); its DOM events are the embed's events (ready, step, done, error,
// height) with the frame's message fields as `detail`; `command(msg)` takes the frame's
// command messages and resolves to their result. It renders into its own shadow root, with
// its style sheets linked there, so no style of it reaches the host page (and the host's
// inherited styles stop at the element: `:host { all: initial }` in embed.css). The planner
// runs in the host page's own JavaScript: a cross-origin host needs the files served with
// CORS and a CSP that allows them (docs/embedding.md).
//
// This file keeps its name in a site build (scripts/build-site.sh): it is the one an author
// links to, and it imports the versioned rest.

import { PARAMETERS, readOptions, mountEmbed, showError } from './embedkit.js';
import { addStyles } from './pathlab.js';
import { messageOf } from './view.js';

const EMBED_CSS = new URL('embed.css', import.meta.url);

/** How tall the element is until the planner has said how tall it would like to be. */
const FIRST_HEIGHT = 400;

export class PathlabGrid extends HTMLElement {
  static get observedAttributes() {
    return PARAMETERS;
  }

  constructor() {
    super();
    const shadow = this.attachShadow({ mode: 'open' });
    /** The box the planner fills (embed.css `.pl-embed`). */
    this.box = document.createElement('div');
    this.box.className = 'pl-embed';
    this.box.setAttribute('part', 'planner');
    // Its own preferred height, unless the page gives the element a height (then 100% of it).
    this.box.style.height = `${FIRST_HEIGHT}px`;
    this.box.style.minHeight = '100%';
    this.box.style.maxHeight = '100%';
    shadow.append(this.box);
    /** @type {import('./embedkit.js').Embed | null} */
    this.embed = null;
    this.generation = 0;
    this.queued = false;
    this.mountError = '';
  }

  connectedCallback() {
    this.schedule();
  }

  disconnectedCallback() {
    this.generation++;
    this.embed?.destroy();
    this.embed = null;
  }

  attributeChangedCallback() {
    if (this.isConnected) this.schedule();
  }

  /** Mounts again once, after every attribute set in the same task has been set. */
  schedule() {
    if (this.queued) return;
    this.queued = true;
    queueMicrotask(() => {
      this.queued = false;
      if (this.isConnected) this.mount();
    });
  }

  async mount() {
    const generation = ++this.generation;
    this.embed?.destroy();
    this.embed = null;
    this.mountError = '';
    // Events of a planner this element has since replaced are dropped.
    const emit = (event, detail) => {
      if (generation !== this.generation) return;
      if (event === 'height') this.box.style.height = `${detail.height}px`;
      this.dispatchEvent(new CustomEvent(event, { detail }));
    };
    try {
      await addStyles(this.box, [EMBED_CSS]);
      const options = await readOptions((name) => this.getAttribute(name));
      if (generation !== this.generation) return;
      const embed = await mountEmbed(this.box, options, emit, {
        onMount: (mounted) => {
          if (generation === this.generation) this.embed = mounted;
        },
      });
      if (generation !== this.generation) embed.destroy();
    } catch (e) {
      if (generation !== this.generation) return;
      this.mountError = messageOf(e);
      // mountEmbed has shown and emitted its own failures; a bad attribute is shown here.
      if (!this.box.querySelector('.embed-error')) {
        showError(this.box, `Pathlab could not start: ${this.mountError}`);
        emit('error', { error: this.mountError });
      }
    }
  }

  /**
   * Runs a command: the same message a frame takes by postMessage, `{cmd, …arguments}`
   * (`pathlab` and `id` are not needed). Resolves to the result, or rejects with an Error
   * whose message says what was wrong.
   * @param {object} message
   */
  async command(message) {
    if (!this.embed) throw new Error(this.mountError || 'The planner is still loading.');
    return this.embed.command(message);
  }

  /** The planner's view for a picture (one planner, not a comparison). */
  pictureView() {
    if (!this.embed) throw new Error(this.mountError || 'The planner is still loading.');
    const view = this.embed.view;
    if (!view) throw new Error('A picture is made of one planner, not of a comparison.');
    return view;
  }

  /**
   * The view as shown now, as a picture: `{format: 'png' | 'svg', scale}`. Resolves to a Blob
   * (docs/embedding.md).
   * @param {{format?: string, scale?: number}} [options]
   */
  async exportImage(options = {}) {
    return this.pictureView().exportImage(options);
  }

  /**
   * The search as an animated GIF from its timeline: `{from, to, every, scale, delay,
   * onProgress, signal}`. Resolves to a Blob.
   * @param {object} [options]
   */
  async exportAnimation(options = {}) {
    return this.pictureView().exportAnimation(options);
  }
}

if (!customElements.get('pathlab-grid')) customElements.define('pathlab-grid', PathlabGrid);

// The Share panel's "Embed…" action: the iframe and `<pathlab-grid>` snippets that put the
// current map on another page, made from the share link the page already makes (the formats
// of docs/embedding.md).

/**
 * The two snippets for a share link `url` (the page's address with `#v2…` or `#map=…`).
 * @param {string} url
 * @returns {{iframe: string, component: string}}
 */
export function embedSnippets(url) {
  const [page, fragment = ''] = url.split('#');
  const base = new URL('.', page).href;
  const quoted = fragment.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const iframe = `<iframe title="Pathlab" width="640" height="480" style="border: 0; max-width: 100%"\n  src="${base}embed.html?controls=step,run,reset&amp;timeline#${quoted}"></iframe>`;
  const component = `<script type="module" src="${base}pathlab-embed.js"></script>\n<pathlab-grid map="${quoted}" controls="step,run,reset" timeline></pathlab-grid>`;
  return { iframe, component };
}

/**
 * Wires the Embed button: each press shows (or hides) the snippets for the link `make()`
 * returns at that moment.
 * @param {() => {url: string}} make
 */
export function wireEmbed(make) {
  const button = document.getElementById('embed-show');
  const box = document.getElementById('embed-box');
  const iframe = /** @type {HTMLTextAreaElement | null} */ (document.getElementById('embed-iframe'));
  const component = /** @type {HTMLTextAreaElement | null} */ (document.getElementById('embed-component'));
  if (!button || !box || !iframe || !component) return;
  button.addEventListener('click', () => {
    const show = box.hidden;
    if (show) {
      const snippets = embedSnippets(make().url);
      iframe.value = snippets.iframe;
      component.value = snippets.component;
    }
    box.hidden = !show;
    button.setAttribute('aria-expanded', String(show));
  });
}

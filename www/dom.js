// The one DOM helper the page modules share: elements built from a tag, properties and
// children. Text goes in through textContent only, never parsed as markup.

/**
 * A new `tag` element. `props`: `class` sets the class name, `text` the text content,
 * `aria-*` and `data-*` become attributes, anything else is assigned as a property.
 */
export function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else if (k.startsWith('aria-') || k.startsWith('data-')) node.setAttribute(k, v);
    else node[k] = v;
  }
  node.append(...children);
  return node;
}

/**
 * Every element under `root` matching `selector`, as HTML elements (so `dataset` and `style`
 * are there to read).
 * @param {string} selector
 * @param {ParentNode} [root]
 * @returns {HTMLElement[]}
 */
export function all(selector, root = document) {
  return /** @type {HTMLElement[]} */ ([...root.querySelectorAll(selector)]);
}

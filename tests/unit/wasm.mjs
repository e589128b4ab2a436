// The planner's wasm for the unit tests that word or check what Rust decides (trace-words.js,
// links.js): www/pkg, built by scripts/build-wasm.sh, instantiated in Node — no browser.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const PKG = new URL('../../www/pkg/', import.meta.url);

if (!fs.existsSync(new URL('pathlab_bg.wasm', PKG))) {
  throw new Error('tests/unit: www/pkg is missing; build the wasm first (bash scripts/build-wasm.sh)');
}

const pkg = await import(new URL('pathlab.js', PKG).href);
pkg.initSync({ module: fs.readFileSync(fileURLToPath(new URL('pathlab_bg.wasm', PKG))) });

export const { Planner } = pkg;
export default pkg;

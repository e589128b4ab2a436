// The table of controls (www/controls.js) as the one source of the speed's words: no page's
// HTML writes them too.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { SPEEDS, speedLabel } from '../../www/controls.js';

test('the speed\'s words are written once, in controls.js: no page\'s HTML holds one of them', () => {
  const words = SPEEDS.flatMap((_, i) => [speedLabel(i, 'path'), speedLabel(i, 'agents')])
    .filter((w) => /\d/.test(w));
  assert.ok(words.includes('600 expansions/s'), `the labels: ${words.join(', ')}`);
  for (const f of fs.readdirSync(new URL('../../www/', import.meta.url)).filter((n) => n.endsWith('.html'))) {
    const text = fs.readFileSync(new URL(`../../www/${f}`, import.meta.url), 'utf8');
    for (const w of words) assert.ok(!text.includes(w), `${f} writes "${w}" (controls.js speedLabel says it)`);
  }
});

// palette.js, the one colour table: the frame's palette, the shader's, the legend's and the
// exports' colours all come from it, so its rules are checked here, in Node, in milliseconds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
  TERRAIN, STATES, STATE_COUNT, MARKS, MESH, BACKGROUND, UNREACHED, cellColour, buildPalette, word, css, rgbOf, hexOf, alphaOf,
  buildHeatRamp, buildRangePalette, heatColour, legendEntries, WALL_WORD,
} from '../../www/palette.js';

const rgbOfWord = (w) => [w & 255, (w >>> 8) & 255, (w >>> 16) & 255, w >>> 24];

test('the frame palette is cellColour at cell * STATE_COUNT + state, opaque little-endian RGBA', () => {
  const words = buildPalette();
  assert.equal(words.length, TERRAIN.length * STATE_COUNT);
  for (let cell = 0; cell < TERRAIN.length; cell++) {
    for (let state = 0; state < STATE_COUNT; state++) {
      assert.deepEqual(rgbOfWord(words[cell * STATE_COUNT + state]), [...cellColour(cell, state), 255], `cell ${cell}, state ${state}`);
    }
  }
});

test('walls are never tinted by a search state; open ground is, and stays distinguishable', () => {
  for (let state = 0; state < STATE_COUNT; state++) assert.deepEqual(cellColour(0, state), TERRAIN[0].rgb);
  const tinted = new Set();
  for (let state = 1; state < STATE_COUNT; state++) {
    assert.notDeepEqual(cellColour(1, state), TERRAIN[1].rgb, `state ${state} shows on open ground`);
    tinted.add(css(cellColour(1, state)));
  }
  assert.equal(tinted.size, STATE_COUNT - 1, 'every state has its own colour on open ground');
});

test('an overlay is its colour blended over the terrain by its alpha', () => {
  const { rgb, alpha } = STATES[2];
  const want = TERRAIN[3].rgb.map((c, i) => Math.round(c * (1 - alpha) + rgb[i] * alpha));
  assert.deepEqual(cellColour(3, 2), want);
});

test('word, css and rgbOf agree on a colour', () => {
  assert.equal(word([0x12, 0x34, 0x56]), 0xff563412);
  assert.equal(css([1, 2, 3]), 'rgb(1 2 3)');
  assert.deepEqual(rgbOf('#0a0b0c'), [10, 11, 12]);
  assert.deepEqual(rgbOf('rgb(1 2 3)'), [1, 2, 3]);
  assert.deepEqual(rgbOf('rgba(0, 114, 178, 0.55)'), [0, 114, 178]);
  for (const c of [...Object.values(MARKS), ...Object.values(MESH)]) assert.equal(rgbOf(c).length, 3, c);
  assert.equal(hexOf([0, 114, 178]), '#0072b2');
  assert.equal(alphaOf('rgba(0, 114, 178, 0.55)'), 0.55);
  assert.equal(alphaOf('#0072b2'), 1);
  assert.equal(alphaOf('rgb(1 2 3)'), 1);
});

test('the page behind the map keeps its colour (#e9ebef) as the hex raster\'s word', () => {
  assert.deepEqual(BACKGROUND, [0xe9, 0xeb, 0xef]);
  assert.equal(word(BACKGROUND), 0xffefebe9);
});

test('the style sheets show the map\'s background before the first paint: the same colour', () => {
  // CSS loads before any script, so it keeps its own copy; this holds it to palette.js's.
  for (const [file, rule] of [['style.css', '.canvas-wrap'], ['pathlab.css', '.pathlab-view .pl-canvas-wrap'], ['timeline.css', '.compare-canvas']]) {
    const css = fs.readFileSync(new URL(`../../www/${file}`, import.meta.url), 'utf8');
    const block = css.slice(css.indexOf(`${rule} {`));
    assert.ok(block.length > 0 && css.includes(`${rule} {`), `${file} has ${rule}`);
    const background = block.slice(0, block.indexOf('}')).match(/background:\s*(#[0-9a-f]{6})/i)?.[1];
    assert.equal(background, hexOf(BACKGROUND), `${file} ${rule}`);
  }
});

test('the heat ramp runs from yellow at the goal to blue, walled-off cells in their own colour', () => {
  const ramp = buildHeatRamp();
  assert.equal(ramp.length, 256);
  assert.deepEqual(rgbOfWord(ramp[0]).slice(0, 3), heatColour(0));
  assert.deepEqual(heatColour(0), [0xfd, 0xe7, 0x25]);
  assert.deepEqual(heatColour(1), [0x46, 0x33, 0x7e]);
  assert.deepEqual(heatColour(-1), heatColour(0), 'clamped below');
  assert.deepEqual(rgbOfWord(ramp[255]).slice(0, 3), UNREACHED.rgb);
  // Darker all the way (within a rounding step): luminance falls along the ramp.
  const lum = ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
  for (let i = 1; i < 255; i++) assert.ok(lum(rgbOfWord(ramp[i])) <= lum(rgbOfWord(ramp[i - 1])) + 1, `step ${i}`);
  assert.ok(lum(rgbOfWord(ramp[254])) > lum(TERRAIN[0].rgb), 'walls stay the darkest cells');
});

test('the range palette: terrain, tinted in range, walls as walls', () => {
  const words = buildRangePalette();
  assert.equal(words.length, TERRAIN.length * 2);
  assert.equal(words[0], WALL_WORD);
  assert.equal(words[1], WALL_WORD, 'a wall is never in range');
  for (let cell = 1; cell < TERRAIN.length; cell++) {
    assert.equal(words[cell * 2], word(TERRAIN[cell].rgb));
    assert.notEqual(words[cell * 2 + 1], words[cell * 2]);
  }
});

test('the legend names every terrain and state with the colour the map paints it', () => {
  const entries = legendEntries();
  const labels = entries.map(([label]) => label);
  assert.equal(new Set(labels).size, labels.length, 'no label twice');
  for (const s of STATES.filter(Boolean)) {
    if (s.name === 'Path') continue;
    const entry = entries.find(([label]) => label === s.name);
    assert.ok(entry, `${s.name} is in the legend`);
    assert.equal(entry[1], css(cellColour(1, STATES.indexOf(s))));
  }
  assert.equal(entries.find(([label]) => label === 'Start')[1], MARKS.start);
});

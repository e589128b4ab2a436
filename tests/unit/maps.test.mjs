// maps.js's pure parts: the image size a file's header declares (checked before decoding a
// huge bitmap), download names, and which shipped map a short link names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { imageSize, fileStem, findEntry, nameWithSize } from '../../www/maps.js';

test('the size a PNG, BMP or GIF header declares; null for anything else', () => {
  const png = new Uint8Array(24);
  png.set([0x89, 0x50, 0x4e, 0x47]);
  new DataView(png.buffer).setUint32(16, 4096);
  new DataView(png.buffer).setUint32(20, 300);
  assert.deepEqual(imageSize(png), { width: 4096, height: 300 });
  const bmp = new Uint8Array(26);
  bmp.set([0x42, 0x4d]);
  new DataView(bmp.buffer).setInt32(18, 640, true);
  new DataView(bmp.buffer).setInt32(22, -480, true);
  assert.deepEqual(imageSize(bmp), { width: 640, height: 480 }, 'a top-down BMP has a negative height');
  const gif = Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 10, 0, 20, 0]);
  assert.deepEqual(imageSize(gif), { width: 10, height: 20 });
  assert.equal(imageSize(new TextEncoder().encode('type octile\nheight 4')), null);
  assert.equal(imageSize(png.subarray(0, 10)), null, 'a header too short to hold the size');
});

test('download names: the map\'s extension dropped, anything odd made a dash', () => {
  assert.equal(fileStem('u-trap-40.map'), 'u-trap-40');
  assert.equal(fileStem('My maze (v2).PNG'), 'My-maze-v2-');
  assert.equal(fileStem(''), 'pathlab');
});

test('a short link names a shipped map with or without .map, in any case', () => {
  const list = [{ file: 'maze-63.map' }, { file: 'hex-maze-41.map' }];
  assert.equal(findEntry(list, 'maze-63'), list[0]);
  assert.equal(findEntry(list, 'HEX-MAZE-41.map'), list[1]);
  assert.equal(findEntry(list, 'maze'), null);
});

test('a map\'s name says its size once', () => {
  assert.equal(nameWithSize('Hex rooms 60×40 (hexagons in rows)', 60, 40), 'Hex rooms 60×40 (hexagons in rows)');
  assert.equal(nameWithSize('Dungeon', 60, 40), 'Dungeon — 60×40');
  assert.equal(nameWithSize('Dungeon', undefined, undefined), 'Dungeon');
});

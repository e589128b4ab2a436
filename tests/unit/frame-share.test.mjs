// A frame's share of stepping (www/frame-share.js): what the frame has left after the
// page's other work and a margin, shrunk after late frames, grown back on time, never
// below the least share, and forced by a test.
import test from 'node:test';
import assert from 'node:assert/strict';
import { FrameShare, FRAME_MS, MARGIN_MS, MIN_SHARE_MS } from '../../www/frame-share.js';

const close = (a, b) => assert.ok(Math.abs(a - b) < 1e-9, `${a} ≠ ${b}`);

test('a fresh share is the whole frame less the margin', () => {
  close(new FrameShare().ms, FRAME_MS - MARGIN_MS);
});

test("the page's other work of recent frames comes off the share (the largest of them)", () => {
  const s = new FrameShare();
  s.record(null, 5, 2);
  s.record(FRAME_MS, 4, 3);
  close(s.ms, FRAME_MS - MARGIN_MS - 3);
  // Eight frames later the 3 ms frame is forgotten.
  for (let i = 0; i < 8; i++) s.record(FRAME_MS, 2, 1);
  close(s.ms, FRAME_MS - MARGIN_MS - 1);
});

test('a late frame shrinks the share, frames on time give it back', () => {
  const s = new FrameShare();
  const whole = s.ms;
  s.record(2 * FRAME_MS, 0, 0);
  close(s.ms, whole * 0.75);
  s.record(FRAME_MS, 0, 0);
  close(s.ms, whole * 0.8);
  for (let i = 0; i < 10; i++) s.record(FRAME_MS, 0, 0);
  close(s.ms, whole);
});

test('the share never falls below the least share, however long the rest of the frame', () => {
  const s = new FrameShare();
  for (let i = 0; i < 50; i++) s.record(100, 30, 1);
  assert.equal(s.ms, MIN_SHARE_MS);
});

test('a forced share wins until it is taken back', () => {
  const s = new FrameShare();
  s.forced = 0.01;
  assert.equal(s.ms, 0.01);
  s.forced = null;
  close(s.ms, FRAME_MS - MARGIN_MS);
});

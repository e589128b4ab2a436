// The Agents view's marks (www/agents-paint.js) in the one display list: agents slide between
// time steps, a crowd draws only the picked agent's path, the conflict ring is there, and the
// SVG export carries the agents.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { agentAt, agentMarks, CROWD } from '../../www/agents-paint.js';
import { displayList, squarePlace, svgMarks } from '../../www/picture.js';

const NO = 4294967295;
// Two agents on a 4-wide map: 0 from cell 0 to 2, 1 from 3 to 1 (dense, horizon 2).
const scene = (extra = {}) => ({ ends: [0, 0, 2, 0, 3, 0, 1, 0], width: 4, paths: [0, 1, 2, 3, 2, 1], horizon: 2, t: 0.5, conflict: null, selected: -1, ...extra });

test('an agent slides from one time step to the next', () => {
  assert.deepEqual(agentAt(scene(), 0, 0.5), { from: { x: 0, y: 0 }, to: { x: 1, y: 0 }, f: 0.5 });
  assert.deepEqual(agentAt(scene(), 1, 9), { from: { x: 1, y: 0 }, to: { x: 1, y: 0 }, f: 0 });
  assert.equal(agentAt(scene({ paths: null }), 0, 0), null);
});

test('the marks: paths, goals, the conflict ring and the discs; the path and markers step aside', () => {
  const place = squarePlace(10);
  const ids = agentMarks(scene({ conflict: { cells: [[1, 0]] } }), place, false).map((m) => m.id);
  assert.deepEqual(ids, ['agent-path', 'agent-path', 'agent-goal', 'agent-goal', 'agent-conflict', 'agent', 'agent']);
  const disc = agentMarks(scene(), place, false).find((m) => m.id === 'agent');
  assert.deepEqual(disc.shapes[0].circle.slice(0, 2), [1, 0.5], 'half way from (0,0) to (1,0)');
  const list = displayList({ path: [0, 0, 1, 0], start: { x: 0, y: 0 }, goal: { x: 1, y: 0 }, agents: scene() }, place);
  assert.ok(!list.some((m) => ['path', 'start', 'goal'].includes(m.id)));
  const svg = svgMarks(list).join('\n');
  assert.match(svg, /class="agent"/);
  assert.match(svg, /class="agent-goal"/);
  // An agent without a goal yet is drawn at its start, with no goal mark.
  const pending = agentMarks({ ...scene(), ends: [0, 0, NO, NO], paths: null }, place, false).map((m) => m.id);
  assert.deepEqual(pending, ['agent']);
});

test('in a crowd only the picked agent\'s path is drawn', () => {
  const n = CROWD + 1;
  const ends = Array.from({ length: n }, (_, i) => [i, 0, i, 1]).flat();
  const paths = Array.from({ length: n }, (_, i) => [i, 100 + i]).flat();
  const s = { ends, width: 100, paths, horizon: 1, t: 0, conflict: null, selected: 3 };
  const marks = agentMarks(s, squarePlace(4), true);
  assert.equal(marks.filter((m) => m.id === 'agent-path').length, 1);
});

test('a live step\'s arrows: an arc with a head between two agents, a ring for a stay, dashed backtracks', () => {
  const place = squarePlace(20);
  const arrows = [
    { from: [0, 0], to: [1, 0], kind: 'push' },
    { from: [1, 0], to: [3, 0], kind: 'backtrack' },
    { from: [2, 0], to: [2, 0], kind: 'constraint' },
  ];
  const marks = agentMarks(scene({ arrows }), place, true).filter((m) => m.id.startsWith('agent-') && ['agent-push', 'agent-backtrack', 'agent-constraint'].includes(m.id));
  assert.deepEqual(marks.map((m) => m.id), ['agent-push', 'agent-backtrack', 'agent-constraint']);
  const [push, back, stay] = marks;
  assert.ok(push.shapes[0].line.length >= 2 && push.shapes[1].polygon.length === 3, 'an arc and its head');
  // The arc bows off the row the two agents stand on, clear of their discs.
  assert.ok(push.shapes[0].line.every(([, y]) => y < 10), 'above the row of centres');
  assert.ok(back.strokes[1].dash, 'a backtrack is dashed');
  assert.ok(stay.shapes[0].circle, 'a constraint to stay is a ring');
});

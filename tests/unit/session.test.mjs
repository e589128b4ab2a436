// session.js: the session's rule book (`reduce`: state + command + the lanes' searches → the
// new state and the effects) and the table of controls it is driven from (controls.js), with
// no browser and no planner.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reduce, initialState } from '../../www/session.js';
import { SHORTCUTS, BRUSHES, shortcutFor, speedFor, SPEEDS } from '../../www/controls.js';

const lanes = (...statuses) => statuses.map((status) => ({ status }));
const withLanes = (n, over = {}) => initialState({ running: Array(n).fill(false), walkers: Array(n).fill(null), ...over });
const W = { pts: [0, 0, 1, 0, 2, 0], lengths: [0, 1, 2], total: 2, duration: 1200, t0: 0 };
const LIVE = { live: true, from: { x: 0, y: 0 }, to: { x: 0, y: 0 }, t0: 0, steps: 0, done: false, arrived: false };
const does = (effects) => effects.map((e) => (e.lane === undefined ? e.do : `${e.do}:${e.lane}`));

test('Run on a finished search starts it over; on a paused one goes on', () => {
  const s = withLanes(1);
  const over = reduce(s, { cmd: 'toggleRun' }, lanes('found'));
  assert.deepEqual(does(over.effects), ['reset:0', 'then'], 'a finished search is reset, then started');
  assert.deepEqual(over.effects[1].command, { cmd: 'start' });
  const on = reduce(s, { cmd: 'toggleRun' }, lanes('running'));
  assert.deepEqual(on.state.running, [true]);
  assert.deepEqual(on.state.walkers, [null], 'a run sends the walker away');
  assert.deepEqual(does(on.effects), ['notice']);
  const paused = reduce(on.state, { cmd: 'toggleRun' }, lanes('running'));
  assert.deepEqual(paused.state.running, [false], 'Run again pauses');
  assert.deepEqual(does(paused.effects), ['notice']);
});

test('a lone planner always starts; in a race a finished planner stays finished', () => {
  assert.deepEqual(reduce(withLanes(1), { cmd: 'start' }, lanes('refused')).state.running, [true]);
  const race = reduce(withLanes(3, { walkers: [W, W, W] }), { cmd: 'start' }, lanes('running', 'found', 'running'));
  assert.deepEqual(race.state.running, [true, false, true]);
  assert.deepEqual(race.state.walkers, [null, W, null], 'the lanes that run lose their walkers');
  assert.deepEqual(does(race.effects), ['notice']);
  const again = reduce(withLanes(2), { cmd: 'run' }, lanes('found', 'none'));
  assert.deepEqual(does(again.effects), ['reset:0', 'reset:1', 'then'], 'once all have finished, all start over');
  const partly = reduce(withLanes(2), { cmd: 'run' }, lanes('found', 'running'));
  assert.deepEqual(partly.state.running, [false, true], 'while one is still going, only it runs');
  const running = withLanes(2, { running: [true, false] });
  assert.equal(reduce(running, { cmd: 'run' }, lanes('running', 'found')).state, running, 'Run while running changes nothing');
});

test('Step pauses the run and steps every search still going', () => {
  const s = withLanes(2, { running: [true, true] });
  const r = reduce(s, { cmd: 'step', n: 5 }, lanes('running', 'found'));
  assert.deepEqual(r.state.running, [false, false]);
  assert.deepEqual(r.effects, [{ do: 'step', lane: 0, n: 5 }]);
  const done = reduce(withLanes(1), { cmd: 'step' }, lanes('found'));
  assert.deepEqual(does(done.effects), ['rewind:0', 'then'], 'a finished search is stepped through from its recording\'s start');
  assert.deepEqual(done.effects[1].command, { cmd: 'stepLanes', n: 1 });
  assert.deepEqual(reduce(withLanes(1), { cmd: 'stepLanes', n: 1 }, lanes('refused')).effects, [{ do: 'step', lane: 0, n: 1 }], 'a lone planner always steps');
  assert.deepEqual(reduce(withLanes(1), { cmd: 'stepLanes', n: 1, searching: true }, lanes('found')).effects, [], 'past the live end, only searches still going step');
});

test('Step after every search finished rewinds each recording, then steps them all', () => {
  const race = reduce(withLanes(2, { walkers: [W, null] }), { cmd: 'step', n: 3 }, lanes('found', 'no_path'));
  assert.deepEqual(does(race.effects), ['rewind:0', 'rewind:1', 'then'], 'no lane is reset: the recordings stay');
  assert.deepEqual(race.effects[2].command, { cmd: 'stepLanes', n: 3 });
  assert.deepEqual(does(reduce(withLanes(2), { cmd: 'step' }, lanes('found', 'running')).effects), ['step:1'], 'while one is going, only it steps');
});

test('new settings after a finished search play it again at the speed; before one, they only apply', () => {
  const settings = { algorithm: 'jps' };
  const s = withLanes(1, { walkers: [W] });
  const after = reduce(s, { cmd: 'settings', settings }, lanes('found'));
  assert.deepEqual(does(after.effects), ['settings:0', 'rewind:0', 'then'], 'applied, rewound, then played');
  assert.deepEqual(after.effects[0].settings, settings);
  assert.deepEqual(after.effects[2].command, { cmd: 'play', lane: 0 });
  assert.deepEqual(after.state.walkers, [null], 'the walker along the old path goes');
  const instant = SPEEDS.findIndex((sp) => sp.kind === 'instant');
  assert.deepEqual(does(reduce(withLanes(1, { speed: instant }), { cmd: 'settings', settings }, lanes('found')).effects), ['settings:0'], 'at the instant speed the result shows at once');
  assert.deepEqual(does(reduce(withLanes(1, { drawProgress: false }), { cmd: 'settings', settings }, lanes('found')).effects), ['settings:0'], 'with draw-progress off too');
  const midway = reduce(withLanes(1, { running: [true] }), { cmd: 'settings', settings }, lanes('running'));
  assert.deepEqual(does(midway.effects), ['settings:0'], 'an unfinished search is not played');
  assert.deepEqual(midway.state.running, [false], 'and its run stops');
  const race = reduce(withLanes(2, { running: [false, true] }), { cmd: 'settings', settings, lane: 0 }, lanes('found', 'running'));
  assert.deepEqual(race.state.running, [false, true], 'only that lane stops');
  assert.deepEqual(does(race.effects), ['settings:0', 'rewind:0', 'then']);
});

test('in the Agents view Step, Run and Reset drive its solver, not the search', () => {
  const agents = [{ status: 'running', view: 'agents' }];
  for (const cmd of ['step', 'run', 'toggleRun', 'pause', 'reset']) {
    const { state, effects } = reduce(withLanes(1), { cmd, n: 3 }, agents);
    assert.deepEqual(effects, [{ do: 'agents', command: { cmd: 'agents', op: cmd, n: 3 } }], cmd);
    assert.deepEqual(state.running, [false], `${cmd}: the search does not run`);
  }
  // The view's own reset of the single search (on entering) still reaches the planner.
  assert.deepEqual(reduce(withLanes(1), { cmd: 'reset', search: true }, agents).effects.map((e) => e.do), ['reset', 'notice']);
});

test('in the field and range views Step and Run say there is no search there, and run nothing', () => {
  const field = [{ status: 'running', view: 'field' }];
  assert.deepEqual(reduce(withLanes(1), { cmd: 'toggleRun' }, field).effects, [{ do: 'noSearch', lane: 0 }]);
  assert.deepEqual(reduce(withLanes(1), { cmd: 'toggleRun' }, field).state.running, [false], 'nothing runs');
  assert.deepEqual(reduce(withLanes(1), { cmd: 'step' }, [{ status: 'found', view: 'range' }]).effects, [{ do: 'noSearch', lane: 0 }], 'not even a rewind');
  assert.deepEqual(reduce(withLanes(1), { cmd: 'stepLanes', n: 1, searching: true }, field).effects, [{ do: 'noSearch', lane: 0 }], 'nor the timeline\'s step past the live end');
  const running = withLanes(1, { running: [true] });
  assert.deepEqual(reduce(running, { cmd: 'toggleRun' }, field).state.running, [false], 'a run started before still pauses');
  assert.deepEqual(does(reduce(withLanes(1), { cmd: 'toggleRun' }, [{ status: 'running', view: 'path' }]).effects), ['notice'], 'the path view runs');
});

test('play runs one lane and leaves the others', () => {
  const s = withLanes(2, { walkers: [W, W] });
  const r = reduce(s, { cmd: 'play', lane: 1 }, lanes('found', 'running'));
  assert.deepEqual(r.state.running, [false, true]);
  assert.deepEqual(r.state.walkers, [W, null]);
  assert.deepEqual(r.effects, []);
  assert.equal(reduce(r.state, { cmd: 'play', lane: 1 }, lanes('found', 'running')).state, r.state, 'a running lane stays as it is');
  assert.equal(reduce(s, { cmd: 'play', lane: 5 }, lanes('found', 'running')).state, s, 'a lane that is not there changes nothing');
});

test('reset, halt and stop: which lanes stop, and what goes with them', () => {
  const s = withLanes(2, { running: [true, true], walkers: [W, LIVE] });
  const reset = reduce(s, { cmd: 'reset' }, lanes('running', 'running'));
  assert.deepEqual(reset.state.running, [false, false]);
  assert.deepEqual(reset.state.walkers, [null, null]);
  assert.deepEqual(does(reset.effects), ['reset:0', 'reset:1', 'notice']);
  const halt = reduce(s, { cmd: 'halt', lane: 1 }, lanes('running', 'running'));
  assert.deepEqual(halt.state.running, [true, false], 'a settings change stops its own lane');
  assert.deepEqual(halt.state.walkers, [W, null], 'and sends its walker away');
  assert.deepEqual(halt.effects, []);
  assert.deepEqual(reduce(s, { cmd: 'halt' }, lanes('running', 'running')).state.running, [false, false], 'without a lane, every lane');
  const stop = reduce(s, { cmd: 'stop', lane: 0 }, lanes('found', 'running'));
  assert.deepEqual(stop.state.running, [false, true]);
  assert.deepEqual(stop.effects, [], 'a search that finished in a frame just stops');
});

test('speed: a pick is kept, a map size sets it only until then; bad stops change nothing', () => {
  const s = withLanes(1);
  const fit = reduce(s, { cmd: 'fitSpeed', cells: 1024 * 1024 }, lanes('none'));
  assert.equal(fit.state.speed, speedFor(1024 * 1024));
  assert.deepEqual(does(fit.effects), ['speed']);
  const picked = reduce(s, { cmd: 'setSpeed', speed: 7 }, lanes('none')).state;
  assert.equal(picked.speed, 7);
  assert.equal(picked.speedChosen, true);
  assert.equal(reduce(picked, { cmd: 'fitSpeed', cells: 100 }, lanes('none')).state, picked, 'a picked speed stays');
  assert.equal(reduce(s, { cmd: 'setSpeed', speed: 3, chosen: false }, lanes('none')).state.speedChosen, false, 'a page re-applying its speed does not pick it');
  assert.equal(reduce(s, { cmd: 'setSpeed', speed: SPEEDS.length }, lanes('none')).state.speed, s.speed);
  assert.equal(reduce(s, { cmd: 'setSpeed', speed: 1.5 }, lanes('none')).state.speed, s.speed);
});

test('brush, size, draw-progress and the autosave\'s choices', () => {
  const s = withLanes(1);
  const b = reduce(s, { cmd: 'brush', brush: '3' }, lanes('none'));
  assert.equal(b.state.brush, '3');
  assert.deepEqual(does(b.effects), ['brush']);
  assert.equal(reduce(s, { cmd: 'brush', brush: 'lava' }, lanes('none')).state, s, 'an unknown brush changes nothing');
  assert.equal(reduce(s, { cmd: 'brushSize', size: 5 }, lanes('none')).state.brushSize, 5);
  assert.equal(reduce(s, { cmd: 'brushSize', size: 4 }, lanes('none')).state.brushSize, 1);
  assert.equal(reduce(s, { cmd: 'drawProgress', on: false }, lanes('none')).state.drawProgress, false);
  const prefs = reduce(s, { cmd: 'prefs', brush: '2', brushSize: 3, speed: 9, drawProgress: false }, lanes('none')).state;
  assert.deepEqual({ ...prefs, running: undefined, walkers: undefined, lanes: undefined }, { running: undefined, walkers: undefined, lanes: undefined, speed: 9, speedChosen: true, brush: '2', brushSize: 3, drawProgress: false });
  const junk = reduce(s, { cmd: 'prefs', brush: 7, brushSize: 2, speed: -1, drawProgress: 'yes' }, lanes('none')).state;
  assert.deepEqual(junk, s, 'a damaged autosave restores nothing');
});

test('edits and view commands go to the lane they came from, unknown commands do nothing', () => {
  const s = withLanes(2);
  assert.deepEqual(reduce(s, { cmd: 'undo' }, lanes('none', 'none')).effects, [{ do: 'undo', lane: 0 }]);
  assert.deepEqual(reduce(s, { cmd: 'clear', lane: 1 }, lanes('none', 'none')).effects, [{ do: 'clear', lane: 1 }]);
  assert.deepEqual(reduce(s, { cmd: 'zoom', factor: 2, lane: 1 }, lanes('none', 'none')).effects, [{ do: 'view', lane: 1, command: { cmd: 'zoom', factor: 2, lane: 1 } }]);
  const none = reduce(s, { cmd: 'explode' }, lanes('none', 'none'));
  assert.deepEqual(none, { state: s, effects: [] });
});

test('the table of controls: every shortcut and brush once, keys found as typed', () => {
  const key = (k, mods = {}) => shortcutFor({ key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });
  const names = SHORTCUTS.map((s) => `${s.ctrl ? 'ctrl+' : ''}${s.shift ? 'shift+' : s.shift === false ? 'noshift+' : ''}${s.key}`);
  assert.equal(new Set(names).size, names.length, 'no shortcut written twice');
  assert.equal(new Set(BRUSHES.map((b) => b.id)).size, BRUSHES.length);
  assert.equal(new Set(BRUSHES.map((b) => b.key)).size, BRUSHES.length);
  assert.deepEqual(key(' ').command, { cmd: 'toggleRun' });
  assert.deepEqual(key('N').command, { cmd: 'step' }, 'letters in either case');
  assert.deepEqual(key('3').command, { cmd: 'brush', brush: '3' });
  assert.deepEqual(key('z', { ctrlKey: true }).command, { cmd: 'undo' });
  assert.deepEqual(key('Z', { ctrlKey: true, shiftKey: true }).command, { cmd: 'redo' });
  assert.deepEqual(key('y', { metaKey: true }).command, { cmd: 'redo' });
  assert.deepEqual(key('ArrowRight', { shiftKey: true }).command, { cmd: 'timelineStep', delta: 1 });
  assert.deepEqual(key('ArrowRight').command, { cmd: 'step' });
  assert.equal(key('n', { altKey: true }), null, 'Alt makes no shortcut');
  assert.equal(key('n', { ctrlKey: true }), null, 'Ctrl+N is the browser\'s');
  assert.equal(key('q'), null);
  const noTimeline = (k, mods = {}) => shortcutFor({ key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods }, { timeline: false });
  assert.equal(noTimeline('Home'), null, 'without a scrubber, Home is the browser\'s');
  assert.deepEqual(noTimeline('ArrowRight', { shiftKey: true }).command, { cmd: 'step' }, 'and Shift+→ is a step');
});

test('the walker is the session\'s: made by Walk, moved each frame, sent away by edits and Escape', () => {
  const s = withLanes(2);
  assert.deepEqual(reduce(s, { cmd: 'walk', lane: 1 }, lanes('found', 'found')).effects, [{ do: 'walk', lane: 1 }], 'Walk asks the lane for its path');
  const walking = reduce(s, { cmd: 'walker', lane: 1, walker: W }, lanes('found', 'found')).state;
  assert.deepEqual(walking.walkers, [null, W]);
  const quiet = reduce(walking, { cmd: 'walkerFrame', lane: 1, now: 500 }, lanes('found', 'found'));
  assert.equal(quiet.state, walking, 'a path walker on its way changes nothing');
  assert.deepEqual(quiet.effects, []);
  assert.deepEqual(reduce(walking, { cmd: 'walkerFrame', lane: 1, now: 1200 + 1501 }, lanes('found', 'found')).state.walkers, [null, null], 'it leaves after lingering at the goal');
  assert.deepEqual(reduce(walking, { cmd: 'edited', lane: 1 }, lanes('found', 'found')).state.walkers, [null, null], 'an edit sends a path walker away');
  assert.equal(reduce(walking, { cmd: 'pathChanged', lane: 1, length: 6 }, lanes('found', 'found')).state, walking, 'the same path keeps it');
  assert.deepEqual(reduce(walking, { cmd: 'pathChanged', lane: 1, length: 8 }, lanes('found', 'found')).state.walkers, [null, null], 'another path does not');
  assert.deepEqual(reduce(walking, { cmd: 'stopWalker', lane: 1 }, lanes('found', 'found')).state.walkers, [null, null], 'Escape');
  assert.equal(reduce(s, { cmd: 'stopWalker' }, lanes('found', 'found')).state, s, 'no walker: nothing to stop');
});

test('D* Lite\'s live walker: the planner moves it when its step is due; it walks through edits', () => {
  const s = withLanes(1, { walkers: [LIVE] });
  assert.deepEqual(reduce(s, { cmd: 'walkerFrame', now: 100 }, lanes('found')).effects, [], 'not yet');
  assert.deepEqual(reduce(s, { cmd: 'walkerFrame', now: 140 }, lanes('found')).effects, [{ do: 'advanceWalker', lane: 0, now: 140 }]);
  const moved = reduce(s, { cmd: 'walkerMoved', next: [1, 0], goal: { x: 2, y: 0 }, now: 140 }, lanes('found')).state.walkers[0];
  assert.deepEqual({ from: moved.from, to: moved.to, steps: moved.steps, done: moved.done }, { from: { x: 0, y: 0 }, to: { x: 1, y: 0 }, steps: 1, done: false });
  assert.equal(s.walkers[0], LIVE, 'the old state is left as it was');
  const stuck = reduce(s, { cmd: 'walkerMoved', next: [], goal: { x: 2, y: 0 }, now: 140 }, lanes('found')).state.walkers[0];
  assert.deepEqual({ done: stuck.done, arrived: stuck.arrived }, { done: true, arrived: false }, 'no next cell short of the goal: stuck');
  const there = reduce(s, { cmd: 'walkerMoved', next: [], goal: { x: 0, y: 0 }, now: 140 }, lanes('found')).state.walkers[0];
  assert.equal(there.arrived, true);
  assert.equal(reduce(s, { cmd: 'edited' }, lanes('found')).state, s, 'an edit leaves the live walker walking');
  assert.equal(reduce(s, { cmd: 'pathChanged', length: 2 }, lanes('found')).state, s, 'and a new path too (it replans)');
});

test('the node mesh\'s edits are effects on the lane they came from', () => {
  const s = withLanes(2);
  const l = lanes('none', 'none');
  assert.deepEqual(reduce(s, { cmd: 'addMeshNode', at: { x: 3, y: 4 }, lane: 1 }, l).effects, [{ do: 'addMeshNode', lane: 1, at: { x: 3, y: 4 }, nodes: undefined, node: undefined }]);
  assert.deepEqual(reduce(s, { cmd: 'connectMeshNodes', nodes: [0, 2] }, l).effects[0].nodes, [0, 2]);
  assert.equal(reduce(s, { cmd: 'removeMeshNode', node: 5 }, l).effects[0].node, 5);
  assert.deepEqual(does(reduce(s, { cmd: 'generateMesh' }, l).effects), ['generateMesh:0']);
  assert.deepEqual(does(reduce(s, { cmd: 'clearMesh' }, l).effects), ['clearMesh:0']);
  assert.equal(reduce(s, { cmd: 'generateMesh' }, l).state, s, 'the state stays: the mesh is the planner\'s');
});

/** A lane as the Session sees it: a planner whose calls are logged, and the view's methods. */
function fakeLane(log, name, status) {
  const planner = {
    status,
    resetSearch() { log.push(`${name}.resetSearch`); planner.status = 'running'; },
    beginStroke() { log.push(`${name}.beginStroke`); },
    paintLine(...a) { log.push(`${name}.paintLine ${a.join(',')}`); return 3; },
    endStroke() { log.push(`${name}.endStroke`); },
  };
  return {
    planner,
    destroyed: false,
    stepLane(n) { log.push(`${name}.step ${n}`); },
    applySpeed() { log.push(`${name}.applySpeed`); },
    edited() { log.push(`${name}.edited`); },
    syncStats() {},
  };
}

test('the Session carries the effects out on its lanes, reading their searches again after a reset', async () => {
  const { Session } = await import('../../www/session.js');
  const log = [];
  const said = [];
  const session = new Session({ notices: { racing: 'Racing…' }, say: (text) => said.push(text) });
  const a = fakeLane(log, 'a', 'found');
  const b = fakeLane(log, 'b', 'found');
  session.attach(a);
  session.attach(b);
  const heard = [];
  session.subscribe((state) => heard.push(state.running.join()));
  session.dispatch({ cmd: 'toggleRun' });
  assert.deepEqual(log, ['a.resetSearch', 'b.resetSearch'], 'both finished: both reset, then both start');
  assert.equal(session.isRunning(a) && session.isRunning(b), true);
  assert.deepEqual(said, ['Racing…']);
  assert.deepEqual(heard, ['true,true']);
  log.length = 0;
  assert.equal(session.dispatch({ cmd: 'paint', from: { x: 1, y: 2 }, to: { x: 3, y: 2 }, value: 0 }, b), 3, 'a paint answers the cells it changed');
  assert.deepEqual(log, ['b.paintLine 1,2,3,2,1,0'], 'from the lane it came from, with the brush size');
  session.detach(a);
  assert.equal(session.isRunning(b), true);
  assert.deepEqual(session.state.running, [true]);
});

test('the Session makes the walker from the lane, has the planner move it, and edits the mesh', async () => {
  const { Session } = await import('../../www/session.js');
  const log = [];
  const lane = fakeLane(log, 'a', 'found');
  Object.assign(lane.planner, {
    advanceWalker() { log.push('a.advanceWalker'); return new Uint32Array([1, 0]); },
    goal: () => ({ x: 5, y: 0 }),
    generateMesh() { log.push('a.generateMesh'); return 4; },
    removeMeshNode(i) { log.push(`a.removeMeshNode ${i}`); return i === 0; },
  });
  const said = [];
  let path = null;
  Object.assign(lane, {
    newWalker: (now) => path && { live: true, from: { x: 0, y: 0 }, to: { x: 0, y: 0 }, t0: now, steps: 0, done: false, arrived: false },
    say: (text) => said.push(text),
  });
  const session = new Session();
  session.attach(lane);
  session.dispatch({ cmd: 'walk' });
  assert.equal(session.walkerOf(lane), null);
  assert.deepEqual(said, ['There is no path to walk yet: run the search first.']);
  path = [0, 0, 5, 0];
  session.dispatch({ cmd: 'walk' });
  const w = session.walkerOf(lane);
  assert.equal(w.live, true);
  session.dispatch({ cmd: 'walkerFrame', now: w.t0 + 200 });
  assert.deepEqual(log, ['a.advanceWalker']);
  assert.deepEqual(session.walkerOf(lane).to, { x: 1, y: 0 });
  assert.equal(session.walkerOf(lane).steps, 1);
  log.length = 0;
  assert.equal(session.dispatch({ cmd: 'generateMesh' }), 4, 'Generate answers the node count');
  assert.equal(session.dispatch({ cmd: 'removeMeshNode', node: 3 }), false);
  assert.equal(session.dispatch({ cmd: 'removeMeshNode', node: 0 }), true);
  assert.deepEqual(log, ['a.generateMesh', 'a.edited', 'a.removeMeshNode 3', 'a.removeMeshNode 0', 'a.edited'], 'an edit that changed nothing is not one');
  session.dispatch({ cmd: 'stopWalker' });
  assert.equal(session.walkerOf(lane), null);
});

test('the one state object holds each lane\'s planner state; panels subscribed to it hear a new one once', async () => {
  const { Session } = await import('../../www/session.js');
  const { showPanels } = await import('../../www/panels.js');
  const session = new Session();
  const a = { planner: { status: 'ready' }, destroyed: false, syncStats() {} };
  const b = { planner: { status: 'ready' }, destroyed: false, syncStats() {} };
  session.attach(a);
  session.attach(b);
  assert.deepEqual(session.state.lanes, [null, null]);
  const seen = [];
  showPanels(session, b, [{ render: (state, view) => seen.push([state.version, view === b]) }]);
  const one = { version: 1 };
  session.report(a, one);
  assert.equal(session.laneState(a), one);
  assert.deepEqual(seen, [], 'lane a\'s state is not lane b\'s panels\' business');
  session.report(b, { version: 7 });
  session.dispatch({ cmd: 'drawProgress', on: false });
  assert.deepEqual(seen, [[7, true]], 'rendered once, with lane b\'s state');
  session.detach(a);
  assert.deepEqual(session.state.lanes.map((s) => s.version), [7]);
  session.report(b, { version: 8 });
  assert.deepEqual(seen, [[7, true], [8, true]]);
  b.destroyed = true;
  session.report(b, { version: 9 });
  assert.equal(seen.length, 2, 'a destroyed view\'s panels stop');
});

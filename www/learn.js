// Learn mode: a lesson's exercises asked one by one on a live planner, answered on the map
// (click, tap, or the arrow keys' cursor and Enter) or in the fields under it, checked by the
// engine (`exerciseCheck`, src/learn/), with feedback that teaches: the right answer on the
// map, the rule, the pseudocode line and the variables that decided it, then the search
// carried on from the right state. Progress and score are kept per lesson (storage.js);
// every answer and the score go to `emit` (the page, <pathlab-grid> and the iframe embed
// pass them on to a host: docs/embedding.md).
//
// The map is a read-only `Pathlab.mount` view: its planner is driven through its Session
// (`step`, `run`) like any other, and Learn mode's marks are drawn by the display list
// (learn-marks.js through view.setLearn). Nothing here decides an answer.

import init, { exerciseNew, exerciseCheck, lessonRead, lessonLink } from './pkg/pathlab.js';
import { Pathlab } from './pathlab.js';
import { el } from './dom.js';
import { messageOf } from './view.js';
import { AnswerDraft, answerText, answerCells, cellText } from './learn-answer.js';
import { valueText } from './trace-words.js';
import { loadProgress, saveProgress } from './storage.js';

/**
 * After an answer the search carries on from the right state, by kind: expansions to step
 * (the next expansion, the order's three, JPS's expansion that adds the jump points), or
 * `run` to its end (the path returned, animated).
 * @type {Record<string, number | 'run'>}
 */
const CARRY_ON = { 'next-expansion': 1, order: 3, 'jump-points': 1, path: 'run', heuristic: 'run' };

/** The keys the map keeps while a question is asked: the cursor's, Enter and leaving it. */
const MAP_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Enter', ' ', 'Tab', 'Escape']);

/** Where a lesson link opens for a student: learn.html beside this file. */
export function lessonUrl(link) {
  return `${new URL('learn.html', import.meta.url).href}#${link}`;
}

/**
 * The lesson a page, an embed's parameters or an element's attributes ask for: `lesson` (a
 * ready lesson's name, an `l1.` link or a lesson's JSON) or `exercise` (one spec as JSON, or
 * just a kind's name), as a lesson of one; null when neither is given. Throws the planner's
 * reason for a bad one.
 * @param {{lesson?: string | null, exercise?: string | null}} asked
 * @returns {Promise<import('./pkg/pathlab.js').LearnLesson | null>}
 */
export async function readLesson({ lesson, exercise }) {
  await init();
  if (lesson?.trim()) return /** @type {import('./pkg/pathlab.js').LearnLesson} */ (lessonRead(lesson.trim()));
  if (!exercise?.trim()) return null;
  const text = exercise.trim();
  let spec;
  try {
    spec = text.startsWith('{') ? JSON.parse(text) : { kind: text };
  } catch (e) {
    throw new Error(`exercise=${text.slice(0, 40)}: not JSON (${messageOf(e)})`);
  }
  // Made once here, so a spec that cannot be made is refused before anything is shown.
  exerciseNew(spec);
  const one = { title: 'Exercise', exercises: [spec] };
  return { ...one, chapter: null, link: lessonLink(one) };
}

/**
 * A lesson in Learn mode, mounted into `root`.
 * Events (`emit(event, detail)`): `answer` {index, kind, correct, expected, given, timeMs,
 * rule}, `score` {score, answered, total, done}, `error` {error}.
 */
export class LearnMode {
  /**
   * @param {HTMLElement} root
   * @param {import('./pkg/pathlab.js').LearnLesson} lesson
   * @param {{emit?: (event: string, detail: object) => void, keep?: boolean}} [options]
   *   keep: progress kept in the browser (default true)
   */
  constructor(root, lesson, { emit = () => {}, keep = true } = {}) {
    this.root = root;
    this.lesson = lesson;
    this.emit = emit;
    this.keep = keep;
    const kept = keep ? loadProgress(lesson.link) : null;
    const total = lesson.exercises.length;
    /** @type {(boolean | null)[]} right or wrong at the first try, per exercise */
    this.results = Array.from({ length: total }, (_, i) => kept?.results[i] ?? null);
    this.at = kept && kept.at >= 0 && kept.at <= total ? kept.at : 0;
    /** @type {import('./pkg/pathlab.js').LearnExercise | null} */
    this.exercise = null;
    /** @type {AnswerDraft | null} */
    this.draft = null;
    this.mounted = null;
    this.askedAt = 0;
    this.build();
  }

  build() {
    const L = this.lesson;
    this.progressEl = el('span', { class: 'learn-progress', 'data-learn': 'progress' });
    this.scoreEl = el('span', { class: 'learn-score', 'data-learn': 'score' });
    this.copyButton = el('button', { type: 'button', text: 'Copy link', title: 'Copy a link to this lesson', 'data-learn': 'copy' });
    this.copyButton.addEventListener('click', () => this.copyLink());
    this.restartButton = el('button', { type: 'button', text: 'Start over', 'data-learn': 'restart' });
    this.restartButton.addEventListener('click', () => this.restart());
    const head = el('div', { class: 'learn-head' }, [
      el('h2', { class: 'learn-title', text: L.title }),
      el('div', { class: 'learn-meta' }, [this.progressEl, this.scoreEl, this.copyButton, this.restartButton]),
    ]);
    this.questionEl = el('p', { class: 'learn-question', 'data-learn': 'question', 'aria-live': 'polite' });
    this.mapHost = el('div', { class: 'learn-map' });
    this.hintEl = el('p', { class: 'learn-hint' });
    this.fieldsHost = el('div', { class: 'learn-fields-host' });
    this.checkButton = el('button', { type: 'button', class: 'primary', text: 'Check', 'data-learn': 'check' });
    this.checkButton.addEventListener('click', () => this.check());
    this.clearButton = el('button', { type: 'button', text: 'Clear', 'data-learn': 'clear' });
    this.clearButton.addEventListener('click', () => this.draft?.clear());
    this.replayButton = el('button', { type: 'button', text: 'Replay', title: 'Play the model answer again from the question\'s state', 'data-learn': 'replay', hidden: true });
    this.replayButton.addEventListener('click', () => this.replay());
    this.nextButton = el('button', { type: 'button', class: 'primary', text: 'Next', 'data-learn': 'next', hidden: true });
    this.nextButton.addEventListener('click', () => this.next());
    this.feedbackEl = el('div', { class: 'learn-feedback', role: 'status', 'aria-live': 'polite', 'data-learn': 'feedback' });
    const ask = el('div', { class: 'learn-ask' }, [this.questionEl, this.hintEl]);
    const panel = el('div', { class: 'learn-panel' }, [
      this.fieldsHost,
      el('div', { class: 'learn-buttons' }, [this.checkButton, this.clearButton, this.nextButton, this.replayButton]),
      this.feedbackEl,
    ]);
    this.body = el('div', { class: 'learn-body' }, [ask, this.mapHost, panel]);
    this.box = el('section', { class: 'learn', 'aria-label': `Lesson: ${L.title}` }, [head, this.body]);
    // While a question is asked, the map's shortcuts (step, run…) would show the answer.
    this.box.addEventListener('keydown', (e) => {
      const canvas = this.mounted?.view.canvas;
      if (e.target === canvas && !MAP_KEYS.has(e.key)) e.stopPropagation();
    }, true);
    this.root.replaceChildren(this.box);
  }

  /** The score: exercises right at the first try. */
  score() {
    return this.results.filter((r) => r === true).length;
  }

  /** Shows the progress line and the score, and mirrors them on the box for tests. */
  showProgress() {
    const total = this.lesson.exercises.length;
    const answered = this.results.filter((r) => r !== null).length;
    this.progressEl.textContent = this.at < total ? `Exercise ${this.at + 1} of ${total}` : `All ${total} done`;
    this.scoreEl.textContent = `Score ${this.score()} of ${answered}`;
    Object.assign(this.box.dataset, { index: String(this.at), score: String(this.score()), answered: String(answered), total: String(total) });
  }

  keepProgress() {
    if (this.keep) saveProgress(this.lesson.link, { at: this.at, results: this.results });
  }

  /** Starts: the exercise the kept progress stopped at, or the first. */
  async start() {
    await init();
    await this.show(this.at);
  }

  /** Asks exercise `index` (or ends the lesson past the last). */
  async show(index) {
    this.at = index;
    this.keepProgress();
    this.showProgress();
    this.feedbackEl.replaceChildren();
    this.feedbackEl.removeAttribute('data-verdict');
    if (index >= this.lesson.exercises.length) {
      this.finish();
      return;
    }
    this.body.hidden = false;
    this.box.dataset.state = 'loading';
    let ex;
    try {
      ex = /** @type {import('./pkg/pathlab.js').LearnExercise} */ (exerciseNew(this.lesson.exercises[index]));
    } catch (e) {
      this.fail(`Exercise ${index + 1} cannot be made: ${messageOf(e)}`);
      return;
    }
    this.exercise = ex;
    this.mounted?.destroy();
    this.mounted = await Pathlab.mount(this.mapHost, {
      map: ex.link, controls: [], readonly: true, fit: true, pan: false, step: ex.step > 0 ? ex.step : undefined, speed: 6,
    });
    const canvas = this.mounted.view.canvas;
    canvas.setAttribute('aria-label', 'Map of the question: click or tap a cell to answer, or move with the arrow keys and press Enter');
    canvas.addEventListener('click', (e) => this.clickMap(e));
    canvas.addEventListener('keydown', (e) => this.keyMap(e));
    this.draft = new AnswerDraft(ex, () => this.paintMarks());
    this.fieldsHost.replaceChildren(this.draft.root);
    this.hintEl.textContent = this.draft.hint();
    this.questionEl.textContent = `${index + 1}. ${ex.question}`;
    this.checkButton.hidden = false;
    this.clearButton.hidden = false;
    this.nextButton.hidden = true;
    this.replayButton.hidden = true;
    this.verdict = null;
    this.paintMarks();
    this.box.dataset.state = 'asking';
    this.box.dataset.kind = ex.spec.kind;
    this.box.dataset.answerWith = ex.answerWith;
    this.askedAt = performance.now();
  }

  /** A click or tap on the map: the cell under it is picked. */
  clickMap(e) {
    if (this.box.dataset.state !== 'asking' || !this.mounted) return;
    const view = this.mounted.view;
    const rect = view.canvas.getBoundingClientRect();
    const cell = view.renderer.cellAt(e.clientX - rect.left, e.clientY - rect.top);
    if (cell) this.draft?.pick(cell.x, cell.y);
  }

  /** Enter or Space on the focused map picks the cell under the keyboard's cursor. */
  keyMap(e) {
    if (this.box.dataset.state !== 'asking' || !this.mounted || (e.key !== 'Enter' && e.key !== ' ')) return;
    e.preventDefault();
    e.stopPropagation();
    const view = this.mounted.view;
    const c = view.cursor ?? view.planner.start();
    view.setCursor(c);
    this.draft?.pick(c.x, c.y);
  }

  /**
   * The marks over the map: the question's picture and cells, the picks, and after an answer
   * the engine's cells and the wrong picks.
   */
  paintMarks() {
    const ex = this.exercise;
    if (!ex || !this.mounted) return;
    /** @type {import('./learn-marks.js').LearnScene} */
    const scene = { fills: [], rings: [] };
    // A finished search's picture (which algorithm, a repair) the planner does not show itself.
    if (ex.step === 0) {
      ex.states.forEach((state, i) => {
        if (state) scene.fills.push({ x: i % ex.width, y: Math.floor(i / ex.width), state });
      });
    }
    for (const [x, y] of ex.highlight) scene.rings.push({ x, y, kind: 'ask' });
    // A repair's highlighted cells are the wall just drawn across the path.
    if (ex.spec.kind === 'repair') scene.walls = ex.highlight.map(([x, y]) => ({ x, y }));
    // The status line under the map tells of the planner, not of a picture painted over it.
    this.mapHost.dataset.picture = scene.fills.length ? 'exercise' : 'planner';
    const v = this.verdict;
    if (v) {
      const right = [...answerCells(v.expected), ...(v.explanation.counterExample ?? [])];
      const isRight = ([x, y]) => right.some(([a, b]) => a === x && b === y);
      const numbered = ex.answerWith === 'cells' || ex.answerWith === 'cells-or-cost';
      right.forEach(([x, y], i) => scene.rings.push({ x, y, kind: 'right', ...(numbered && !v.explanation.counterExample ? { label: String(i + 1) } : {}) }));
      for (const [x, y] of answerCells(v.given)) if (!isRight([x, y])) scene.rings.push({ x, y, kind: 'wrong' });
    } else if (this.draft) {
      scene.rings.push(...this.draft.rings());
    }
    this.mounted.view.setLearn(scene);
    // What the map shows, in words, for tests and for reading the box.
    const ringed = (kind) => scene.rings.filter((r) => r.kind === kind).map((r) => cellText([r.x, r.y])).join(' ');
    Object.assign(this.box.dataset, { picks: ringed('pick'), right: ringed('right'), wrong: ringed('wrong') });
  }

  /** Checks the answer with the engine and teaches from the verdict. */
  check() {
    const ex = this.exercise;
    if (!ex || !this.draft || this.box.dataset.state !== 'asking') return;
    let given;
    try {
      given = this.draft.answer();
    } catch (e) {
      this.feedbackEl.replaceChildren(el('p', { class: 'learn-missing', text: messageOf(e) }));
      return;
    }
    let verdict;
    try {
      verdict = /** @type {import('./pkg/pathlab.js').LearnVerdict} */ (exerciseCheck(ex.spec, given));
    } catch (e) {
      this.fail(messageOf(e));
      return;
    }
    const timeMs = Math.round(performance.now() - this.askedAt);
    this.verdict = verdict;
    if (this.results[this.at] === null) this.results[this.at] = verdict.correct;
    this.keepProgress();
    this.showProgress();
    this.teach(verdict);
    this.paintMarks();
    this.carryOn(ex);
    this.box.dataset.state = verdict.correct ? 'right' : 'wrong';
    this.checkButton.hidden = true;
    this.clearButton.hidden = true;
    this.nextButton.hidden = false;
    this.replayButton.hidden = !CARRY_ON[ex.spec.kind];
    this.nextButton.textContent = this.at + 1 < this.lesson.exercises.length ? 'Next' : 'Finish';
    this.nextButton.focus({ preventScroll: true });
    this.emit('answer', {
      index: this.at,
      kind: ex.spec.kind,
      correct: verdict.correct,
      expected: verdict.expected,
      given: verdict.given,
      timeMs,
      rule: verdict.explanation.rule,
    });
    const total = this.lesson.exercises.length;
    const answered = this.results.filter((r) => r !== null).length;
    this.emit('score', { score: this.score(), answered, total, done: answered === total });
  }

  /** The search carried on from the right state (the Session's step or run). */
  carryOn(ex) {
    const how = CARRY_ON[ex.spec.kind];
    if (!how || !this.mounted) return;
    try {
      if (how === 'run') this.mounted.session.dispatch({ cmd: 'run' });
      else this.mounted.step(how);
    } catch (e) {
      this.feedbackEl.append(el('p', { class: 'learn-missing', text: messageOf(e) }));
    }
  }

  /** The model answer again: the map back at the question's step, then carried on as before. */
  replay() {
    const ex = this.exercise;
    if (!ex || !this.mounted || !this.verdict) return;
    this.mounted.seek(ex.step);
    this.carryOn(ex);
  }

  /** The feedback: right or wrong, the right answer, the rule, the line and the variables. */
  teach(verdict) {
    const e = verdict.explanation;
    const parts = [
      el('p', { class: 'learn-verdict', text: verdict.correct ? 'Right.' : `Not quite: the answer is ${answerText(verdict.expected)} (you gave ${answerText(verdict.given)}). It is ringed in green on the map.` }),
      el('p', { class: 'learn-rule', text: `Why: ${e.rule}.`.replace(/\.\.$/, '.') }),
    ];
    if (e.line) {
      parts.push(el('p', { class: 'learn-line' }, [
        el('span', { text: `Pseudocode line ${e.line.number}: ` }),
        el('code', { text: e.line.text }),
      ]));
    }
    if (e.vars?.length) {
      parts.push(el('ul', { class: 'learn-vars', 'aria-label': 'The variables at that line' }, e.vars.map((v) => {
        const [kind, name] = v.name.split(/:(.*)/s);
        return el('li', {}, [el('code', { text: name }), ` = ${valueText({ name, kind, a: v.value[0], b: v.value[1] })}`]);
      })));
    }
    if (e.counterExample) parts.push(el('p', { text: 'The green cells are a cheaper path than the one this search returns.' }));
    this.feedbackEl.replaceChildren(...parts);
    this.feedbackEl.dataset.verdict = verdict.correct ? 'right' : 'wrong';
  }

  next() {
    this.show(this.at + 1).catch((e) => this.fail(messageOf(e)));
  }

  /** The end of the lesson: the score, and a way to start over. */
  finish() {
    this.mounted?.destroy();
    this.mounted = null;
    this.exercise = null;
    this.body.hidden = true;
    const total = this.lesson.exercises.length;
    this.box.dataset.state = 'done';
    this.feedbackEl.replaceChildren();
    this.questionEl.textContent = '';
    const done = el('div', { class: 'learn-done', role: 'status', 'data-learn': 'done' }, [
      el('p', { text: `Lesson done: ${this.score()} of ${total} right at the first try.` }),
    ]);
    this.box.querySelector('.learn-done')?.remove();
    this.box.append(done);
  }

  restart() {
    this.results = this.results.map(() => null);
    this.box.querySelector('.learn-done')?.remove();
    this.show(0).catch((e) => this.fail(messageOf(e)));
  }

  async copyLink() {
    const url = lessonUrl(this.lesson.link);
    try {
      await navigator.clipboard.writeText(url);
      this.copyButton.textContent = 'Link copied';
    } catch {
      this.copyButton.textContent = 'Copy failed';
      window.prompt('The lesson\'s link:', url);
    }
    this.box.dataset.link = url;
  }

  fail(text) {
    this.box.dataset.state = 'error';
    this.feedbackEl.replaceChildren(el('p', { class: 'learn-error', text }));
    this.emit('error', { error: text });
  }

  destroy() {
    this.mounted?.destroy();
    this.mounted = null;
    this.box.remove();
  }
}

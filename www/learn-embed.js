// A lesson in an embed (embedkit.js): <pathlab-grid lesson=…> or embed.html?lesson=…, with
// the embed's face — a root, the box the map fills, a preferred height, a state — over Learn
// mode (learn.js). The host hears Learn's `answer` and `score` events through the embed's
// own channel (DOM events, postMessage); the planner's commands are refused, since a lesson's
// map shows a question and is answered, not driven.

import { LearnMode } from './learn.js';
import { addStyles } from './pathlab.js';

const LEARN_CSS = new URL('learn.css', import.meta.url);

/** The embed kit's inner object for a lesson. */
export class LearnEmbed {
  /** @param {LearnMode} mode */
  constructor(mode) {
    this.mode = mode;
  }

  get root() {
    return this.mode.box;
  }

  /** The box the map's canvas fills. */
  get wrap() {
    return this.mode.mapHost;
  }

  /** The lesson at its natural height. */
  preferredHeight() {
    return Math.ceil(this.mode.box.scrollHeight);
  }

  /** The lesson's state: where it is, the score, and the question shown. */
  getState() {
    const m = this.mode;
    const d = m.box.dataset;
    return {
      learn: true,
      title: m.lesson.title,
      link: m.lesson.link,
      index: m.at,
      total: m.lesson.exercises.length,
      score: m.score(),
      answered: m.results.filter((r) => r !== null).length,
      state: d.state ?? 'loading',
      question: m.exercise ? { kind: m.exercise.spec.kind, question: m.exercise.question, answerWith: m.exercise.answerWith } : null,
    };
  }

  /** Any command but getState: a lesson's map is answered, not driven. */
  refuse(cmd) {
    throw new Error(`${cmd}: a lesson's map is answered on the page, not driven by commands (getState works)`);
  }

  get session() {
    return this.refuse('this command');
  }

  seek() { this.refuse('seek'); }

  loadMap() { this.refuse('loadMap'); }

  setMarker() { this.refuse('setStart/setGoal'); }

  setSettings() { this.refuse('setSettings'); }

  setView() { this.refuse('setView'); }

  setRange() { this.refuse('setRange'); }

  releaseWalkers() { this.refuse('releaseWalkers'); }

  setAgents() { this.refuse('setAgents'); }

  solveAgents() { this.refuse('solveAgents'); }

  getAgents() { this.refuse('getAgents'); }

  answer() {
    return this.getState();
  }

  destroy() {
    this.mode.destroy();
  }
}

/**
 * Mounts the lesson `lesson` (learn.js readLesson) into `root`; its events go to `emit`.
 * Progress is not kept in the host's storage: a host that grades keeps its own.
 * @param {HTMLElement} root
 * @param {import('./pkg/pathlab.js').LearnLesson} lesson
 * @param {(event: string, detail: object) => void} emit
 */
export async function mountLearn(root, lesson, emit) {
  await addStyles(root, [LEARN_CSS]);
  const mode = new LearnMode(root, lesson, { emit, keep: false });
  mode.box.dataset.embedded = '';
  await mode.start();
  return new LearnEmbed(mode);
}

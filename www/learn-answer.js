// Learn mode's answer as the student builds it (learn.js): cells picked on the map (one, a
// sequence numbered in order, or a set), or the fields of the question (g, h and f; a path's
// cost; a choice of algorithm; yes or no). It turns them into the answer object the planner
// checks (`exerciseCheck`, src/learn/answer.rs); it checks nothing itself.

import { el } from './dom.js';
import { algorithmInfo } from './algorithms.js';

/** The answer forms answered by picking cells on the map. */
const ON_MAP = new Set(['cell', 'cells', 'cells-or-cost', 'cell-set']);

/** An algorithm answer (`astar:2`) in words: "A* (w = 2)". */
export function algorithmName(id) {
  const [name, weight] = String(id).split(':');
  const label = algorithmInfo(name)?.label ?? name;
  return weight ? `${label} (w = ${weight})` : label;
}

/** A cell in words, as the questions write them: "(3, 4)". */
export const cellText = ([x, y]) => `(${x}, ${y})`;

/** An answer object in words, for the feedback: "(3, 4)", "g = 2, h = 5.24, f = 7.24"… */
export function answerText(answer) {
  if (!answer || typeof answer !== 'object') return 'no answer';
  if ('cell' in answer) return cellText(answer.cell);
  if ('cells' in answer) return answer.cells.length ? answer.cells.map(cellText).join(', ') : 'no cells';
  if ('values' in answer) return `g = ${answer.values.g}, h = ${answer.values.h}, f = ${answer.values.f}`;
  if ('cost' in answer) return `a cost of ${answer.cost}`;
  if ('algorithm' in answer) return algorithmName(answer.algorithm);
  if ('optimal' in answer) return answer.optimal ? 'yes, optimal' : 'no, not optimal';
  return 'no answer';
}

/** The cells an answer names (none for numbers and choices). */
export function answerCells(answer) {
  if (answer && typeof answer === 'object') {
    if ('cell' in answer) return [answer.cell];
    if ('cells' in answer) return answer.cells;
  }
  return [];
}

/** One exercise's answer in the making: the picks on the map and the fields under it. */
export class AnswerDraft {
  /**
   * @param {import('./pkg/pathlab.js').LearnExercise} exercise
   * @param {() => void} changed called after every pick
   */
  constructor(exercise, changed) {
    this.form = exercise.answerWith;
    this.changed = changed;
    /** @type {[number, number][]} */
    this.cells = [];
    this.onMap = ON_MAP.has(this.form);
    this.root = el('div', { class: 'learn-fields' });
    /** @type {Record<string, HTMLInputElement>} */
    this.inputs = {};
    this.build(exercise);
  }

  build(exercise) {
    const number = (name, label) => {
      const input = el('input', { type: 'text', inputMode: 'decimal', autocomplete: 'off', 'data-answer': name, 'aria-label': label });
      this.inputs[name] = input;
      return el('label', { class: 'learn-field' }, [el('span', { text: label }), input]);
    };
    const choice = (name, value, text) => {
      const input = el('input', { type: 'radio', name: `learn-${name}`, value, 'data-answer': `${name}:${value}` });
      this.inputs[`${name}:${value}`] = input;
      return el('label', { class: 'learn-choice' }, [input, el('span', { text })]);
    };
    switch (this.form) {
      case 'values':
        this.root.append(number('g', 'g'), number('h', 'h'), number('f', 'f'));
        break;
      case 'cells-or-cost':
        this.root.append(el('span', { class: 'learn-or', text: 'or give its cost:' }), number('cost', 'cost'));
        break;
      case 'algorithm':
        this.root.append(el('fieldset', { class: 'learn-choices' }, [
          el('legend', { text: 'Which algorithm?' }),
          ...(exercise.candidates ?? []).map((c) => choice('algorithm', c, algorithmName(c))),
        ]));
        break;
      case 'optimal':
        this.root.append(el('fieldset', { class: 'learn-choices' }, [
          el('legend', { text: 'Optimal here?' }),
          choice('optimal', 'yes', 'Yes'),
          choice('optimal', 'no', 'No'),
        ]));
        break;
      default:
    }
  }

  /** What to tell the student about answering on the map. */
  hint() {
    switch (this.form) {
      case 'cell': return 'Click or tap the cell on the map (or move with the arrow keys and press Enter), then Check.';
      case 'cells': return 'Click or tap the cells in order (arrow keys and Enter work too); click a numbered cell to take it and those after it back.';
      case 'cells-or-cost': return 'Click or tap the path\'s cells from the start to the goal in order, or type its cost.';
      case 'cell-set': return 'Click or tap every such cell (arrow keys and Enter work too); click one again to take it back.';
      case 'values': return 'Type the three numbers, to two decimals.';
      default: return 'Choose one, then Check.';
    }
  }

  /** A cell picked on the map (x, y): taken, added or taken back by the form's rule. */
  pick(x, y) {
    if (!this.onMap) return;
    const at = this.cells.findIndex(([cx, cy]) => cx === x && cy === y);
    if (this.form === 'cell') this.cells = [[x, y]];
    else if (at >= 0) this.cells = this.form === 'cell-set' ? this.cells.filter((_, i) => i !== at) : this.cells.slice(0, at);
    else this.cells.push([x, y]);
    this.changed();
  }

  clear() {
    this.cells = [];
    for (const input of Object.values(this.inputs)) {
      if (input.type === 'radio') input.checked = false;
      else input.value = '';
    }
    this.changed();
  }

  /** The picks as rings, numbered where their order counts. */
  rings() {
    const numbered = this.form === 'cells' || this.form === 'cells-or-cost';
    return this.cells.map(([x, y], i) => ({ x, y, kind: /** @type {const} */ ('pick'), ...(numbered ? { label: String(i + 1) } : {}) }));
  }

  /**
   * The answer to check, as the planner reads it; throws an Error saying what is missing.
   * @returns {import('./pkg/pathlab.js').LearnAnswer}
   */
  answer() {
    const num = (name) => {
      const text = this.inputs[name].value.trim().replace(',', '.');
      if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`Type a number for ${name}.`);
      return Number(text);
    };
    const chosen = (name) => Object.entries(this.inputs).find(([k, i]) => k.startsWith(`${name}:`) && i.checked)?.[0].split(':').slice(1).join(':');
    switch (this.form) {
      case 'cell':
        if (!this.cells.length) throw new Error('Pick a cell on the map first.');
        return { cell: this.cells[0] };
      case 'cells':
      case 'cell-set':
        if (!this.cells.length) throw new Error('Pick the cells on the map first.');
        return { cells: this.cells };
      case 'cells-or-cost':
        if (this.inputs.cost.value.trim()) return { cost: num('cost') };
        if (!this.cells.length) throw new Error('Pick the path\'s cells on the map, or type its cost.');
        return { cells: this.cells };
      case 'values':
        return { values: { g: num('g'), h: num('h'), f: num('f') } };
      case 'algorithm': {
        const a = chosen('algorithm');
        if (!a) throw new Error('Choose an algorithm first.');
        return { algorithm: a };
      }
      case 'optimal': {
        const a = chosen('optimal');
        if (!a) throw new Error('Choose yes or no first.');
        return { optimal: a === 'yes' };
      }
      default:
        throw new Error(`this page cannot answer a "${this.form}" question`);
    }
  }
}

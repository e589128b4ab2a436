// The lesson author view (learn.html?author): a teacher picks a title, a map (generated from
// each exercise's seed, or a map of their own as the main page's share link), and a list of
// exercises (kind, algorithm, difficulty, seed); previews the lesson in Learn mode; and
// copies its link or an embed snippet. Every exercise is made by the planner as it is added
// (`exerciseNew`), so a combination it refuses is told with its reason before the link goes
// out. The lesson's link is the planner's (`lessonLink`).

import { exerciseNew, exerciseKinds, lessonLink } from './pkg/pathlab.js';
import { algorithmTable } from './algorithms.js';
import { el } from './dom.js';
import { messageOf } from './view.js';
import { LearnMode, lessonUrl } from './learn.js';

/** The first exercises of a new lesson: one of each of the commonest kinds, about the default algorithm. */
const START = [
  { kind: 'next-expansion', difficulty: 1, seed: 1 },
  { kind: 'values', difficulty: 1, seed: 2 },
  { kind: 'path', difficulty: 1, seed: 3 },
];

/** The author view, built into `root`. */
export class LessonAuthor {
  /** @param {HTMLElement} root */
  constructor(root) {
    this.root = root;
    this.rows = [];
    /** @type {LearnMode | null} */
    this.preview = null;
    this.title = el('input', { type: 'text', value: 'My lesson', 'aria-label': 'Lesson title', 'data-author': 'title' });
    this.map = el('input', { type: 'text', placeholder: 'generated from each seed — or paste a share link (v2.… / v3.…)', 'aria-label': 'Map: a share link', 'data-author': 'map' });
    this.list = el('ol', { class: 'author-list' });
    const add = el('button', { type: 'button', text: 'Add an exercise', 'data-author': 'add' });
    add.addEventListener('click', () => {
      const last = this.rows.at(-1)?.spec() ?? START[0];
      this.addRow({ ...last, seed: (Number(last.seed) || 0) + 1 });
    });
    const previewButton = el('button', { type: 'button', class: 'primary', text: 'Preview', 'data-author': 'preview' });
    previewButton.addEventListener('click', () => this.showPreview());
    this.problems = el('p', { class: 'author-problems', role: 'status', 'aria-live': 'polite', 'data-author': 'problems' });
    this.linkOut = el('input', { type: 'text', readOnly: true, 'aria-label': 'The lesson\'s link', 'data-author': 'link' });
    this.embedOut = el('textarea', { readOnly: true, rows: 3, 'aria-label': 'Embed snippet', 'data-author': 'embed' });
    const copy = (what, input) => {
      const b = el('button', { type: 'button', text: `Copy ${what}`, 'data-author': `copy-${what}` });
      b.addEventListener('click', async () => {
        if (!this.update()) return;
        try {
          await navigator.clipboard.writeText(input.value);
          b.textContent = 'Copied';
        } catch {
          input.select();
          b.textContent = 'Select and copy';
        }
      });
      return b;
    };
    this.previewHost = el('div', { class: 'author-preview' });
    root.replaceChildren(el('section', { class: 'author', 'aria-labelledby': 'author-title' }, [
      el('h1', { id: 'author-title', text: 'Make a lesson' }),
      el('p', { text: 'Pick the exercises, preview them as a student sees them, then share the link or embed the lesson in a course page (it sends each answer and the score to the page: see the embedding guide).' }),
      el('label', { class: 'author-field' }, [el('span', { text: 'Title' }), this.title]),
      el('label', { class: 'author-field' }, [el('span', { text: 'Map' }), this.map]),
      this.list,
      el('div', { class: 'learn-buttons' }, [add, previewButton]),
      this.problems,
      el('label', { class: 'author-field' }, [el('span', { text: 'Link' }), this.linkOut, copy('link', this.linkOut)]),
      el('label', { class: 'author-field' }, [el('span', { text: 'Embed' }), this.embedOut, copy('snippet', this.embedOut)]),
      this.previewHost,
    ]));
    for (const spec of START) this.addRow(spec);
    this.update();
  }

  /** One exercise's row: kind, algorithm, difficulty, seed, and a way to remove it. */
  addRow(spec) {
    const select = (label, options, value) => {
      const s = el('select', { 'aria-label': label }, options.map(([v, text]) => el('option', { value: v, text })));
      s.value = String(value);
      return s;
    };
    const kind = select('Kind', exerciseKinds().map((k) => [k, k.replace('-', ' ')]), spec.kind);
    const algorithm = select('Algorithm', algorithmTable().filter((a) => !a.needs.mesh).map((a) => [a.id, a.label]), spec.algorithm ?? (algorithmTable().find((a) => a.isDefault) ?? algorithmTable()[0]).id);
    const difficulty = select('Difficulty', [['1', 'easy'], ['2', 'medium'], ['3', 'hard']], spec.difficulty ?? 1);
    const seed = el('input', { type: 'number', min: '0', value: String(spec.seed ?? 0), 'aria-label': 'Seed' });
    const remove = el('button', { type: 'button', text: 'Remove', 'aria-label': 'Remove this exercise' });
    const li = el('li', { class: 'author-row', 'data-author': 'row' }, [kind, algorithm, difficulty, seed, remove]);
    const row = {
      li,
      spec: () => ({ kind: kind.value, algorithm: algorithm.value, difficulty: Number(difficulty.value), seed: Math.max(0, Math.floor(Number(seed.value) || 0)) }),
    };
    for (const input of [kind, algorithm, difficulty, seed]) input.addEventListener('change', () => this.update());
    remove.addEventListener('click', () => {
      this.rows = this.rows.filter((r) => r !== row);
      li.remove();
      this.update();
    });
    this.rows.push(row);
    this.list.append(li);
    this.update();
  }

  /**
   * The lesson as written, each exercise made once by the planner: `{lesson, problems}` (a
   * sentence per exercise it refused).
   */
  lesson() {
    const map = this.map.value.trim().replace(/^.*#/, '');
    const exercises = this.rows.map((r) => ({ ...r.spec(), ...(map ? { map } : {}) }));
    const problems = [];
    exercises.forEach((spec, i) => {
      try {
        exerciseNew(spec);
      } catch (e) {
        problems.push(`Exercise ${i + 1}: ${messageOf(e)}`);
      }
    });
    if (!exercises.length) problems.push('Add an exercise first.');
    return { lesson: { title: this.title.value.trim() || 'A lesson', exercises }, problems };
  }

  /** Shows the link and the snippet of the lesson as written; false when it has a problem. */
  update() {
    if (!this.title) return false;
    const { lesson, problems } = this.lesson();
    this.problems.textContent = problems.join(' ');
    this.root.querySelector('.author')?.setAttribute('data-ok', String(!problems.length));
    if (problems.length) {
      this.linkOut.value = '';
      this.embedOut.value = '';
      return false;
    }
    const link = lessonLink(lesson);
    this.linkOut.value = lessonUrl(link);
    const embed = new URL('embed.html', lessonUrl(link)).href;
    const script = new URL('pathlab-embed.js', lessonUrl(link)).href;
    this.embedOut.value = `<script type="module" src="${script}"></script>\n<pathlab-grid lesson="${link}"></pathlab-grid>\n<!-- or: <iframe src="${embed}?lesson=${link}" width="720" height="600"></iframe> -->`;
    return true;
  }

  /** The lesson as a student sees it, under the form (its progress is not kept). */
  async showPreview() {
    if (!this.update()) return;
    const { lesson } = this.lesson();
    this.preview?.destroy();
    const link = lessonLink(lesson);
    this.preview = new LearnMode(this.previewHost, { ...lesson, chapter: null, link }, { keep: false });
    await this.preview.start();
    this.previewHost.scrollIntoView({ block: 'start' });
  }
}

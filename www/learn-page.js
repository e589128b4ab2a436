// The Learn page (learn.html): the ready lessons to pick from, or the lesson its link names
// (`learn.html#l1.…`, `?lesson=NAME` or `?exercise=SPEC`) in Learn mode (learn.js), or the
// author view (`?author`, learn-author.js).

import init, { readyLessons } from './pkg/pathlab.js';
import { LearnMode, readLesson } from './learn.js';
import { LessonAuthor } from './learn-author.js';
import { el } from './dom.js';
import { messageOf } from './view.js';
import { loadProgress } from './storage.js';

const status = /** @type {HTMLElement} */ (document.getElementById('learn-status'));
const pick = /** @type {HTMLElement} */ (document.getElementById('learn-pick'));
const list = /** @type {HTMLElement} */ (document.getElementById('learn-lessons'));
const host = /** @type {HTMLElement} */ (document.getElementById('learn-host'));

/** @type {LearnMode | null} */
let mode = null;

/** The ready lessons as links, with how far this browser got in each. */
function showLessons() {
  const lessons = /** @type {import('./pkg/pathlab.js').LearnLesson[]} */ (readyLessons());
  list.replaceChildren(...lessons.map((l) => {
    const kept = loadProgress(l.link);
    const total = l.exercises.length;
    const done = kept ? kept.results.filter((r) => r !== null).length : 0;
    const right = kept ? kept.results.filter((r) => r === true).length : 0;
    const note = done ? `${done} of ${total} answered, ${right} right` : `${total} exercises`;
    return el('li', {}, [el('a', { href: `#${l.link}`, 'data-lesson': l.chapter ?? '' }, [el('strong', { text: l.title }), el('small', { text: note })])]);
  }));
  pick.hidden = false;
}

async function main() {
  await init();
  mode?.destroy();
  mode = null;
  const params = new URLSearchParams(location.search);
  const hash = location.hash.replace(/^#/, '');
  try {
    const lesson = await readLesson({ lesson: hash || params.get('lesson'), exercise: params.get('exercise') });
    status.textContent = '';
    if (!lesson && params.has('author')) {
      pick.hidden = true;
      document.title = 'Make a lesson — Pathlab Learn';
      window.learnPage = { ready: true, mode: null, author: new LessonAuthor(host) };
      return;
    }
    if (!lesson) {
      showLessons();
      document.title = 'Learn by doing — Pathlab';
    } else {
      pick.hidden = true;
      document.title = `${lesson.title} — Pathlab Learn`;
      mode = new LearnMode(host, lesson);
      await mode.start();
    }
  } catch (e) {
    status.textContent = `This lesson cannot be opened: ${messageOf(e)}`;
    status.dataset.kind = 'error';
    showLessons();
  }
  // Read-only hooks for the browser tests.
  window.learnPage = { ready: true, mode };
}

window.addEventListener('hashchange', () => {
  main();
});
main();

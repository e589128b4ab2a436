// Reading docs/embedding.md in the tests: its snippets (fenced blocks tagged
// `snippet=NAME`) and its tables, so the tests run what the page says, word for word.
import fs from 'node:fs';
import path from 'node:path';
import { REPO } from './helpers.mjs';

export const EMBEDDING = path.join(REPO, 'docs', 'embedding.md');

const text = () => fs.readFileSync(EMBEDDING, 'utf8');

/** The body of the fenced block tagged `snippet=NAME` (without its fences). */
export function snippet(name) {
  const m = text().match(new RegExp(`^\`\`\`\\w+ snippet=${name}\\n([\\s\\S]*?)^\`\`\`$`, 'm'));
  if (!m) throw new Error(`docs/embedding.md has no snippet=${name}`);
  return m[1];
}

/** A cell's text without the backticks around it. */
export const code = (cell) => cell.trim().replace(/^`(.*)`$/, '$1');

/**
 * The rows of the first table whose header row starts with the cell `first` (as written,
 * backticks included), after the heading `heading`: arrays of trimmed cell texts.
 */
export function table(heading, first) {
  const lines = text().split('\n');
  let i = lines.findIndex((l) => l.replace(/^#+\s*/, '') === heading && l.startsWith('#'));
  if (i < 0) throw new Error(`docs/embedding.md has no heading "${heading}"`);
  while (i < lines.length && !lines[i].startsWith(`| ${first} |`)) i++;
  if (i >= lines.length) throw new Error(`no table starting with "${first}" under "${heading}"`);
  const rows = [];
  for (i += 2; i < lines.length && lines[i].startsWith('|'); i++) {
    rows.push(lines[i].slice(1, -1).split(' | ').map((c) => c.trim()));
  }
  return rows;
}

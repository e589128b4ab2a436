// embed-snippets.js: the Share panel's iframe and <pathlab-grid> snippets from a share link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { embedSnippets } from '../../www/embed-snippets.js';

test('a short link: the iframe takes it as its fragment, the element as its map', () => {
  const { iframe, component } = embedSnippets('https://example.org/tools/pathlab/index.html#map=maze-63&start=1,1&goal=61,61');
  assert.match(iframe, /src="https:\/\/example\.org\/tools\/pathlab\/embed\.html\?controls=step,run,reset&amp;timeline#map=maze-63&amp;start=1,1&amp;goal=61,61"/);
  assert.match(component, /^<script type="module" src="https:\/\/example\.org\/tools\/pathlab\/pathlab-embed\.js"><\/script>\n/);
  assert.match(component, /<pathlab-grid map="map=maze-63&amp;start=1,1&amp;goal=61,61" controls="step,run,reset" timeline><\/pathlab-grid>$/);
});

test('a full link from a page at the site root', () => {
  const { iframe, component } = embedSnippets('http://127.0.0.1:8000/#v2.eJzt_-x');
  assert.match(iframe, /src="http:\/\/127\.0\.0\.1:8000\/embed\.html\?[^"]*#v2\.eJzt_-x"/);
  assert.match(component, /map="v2\.eJzt_-x"/);
});

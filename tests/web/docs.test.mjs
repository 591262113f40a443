// The README as a course author reads it: it names every exercise `<pe-exercise>` and the embed accept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { exercises } from '../../web/exercises/index.js';
import { LESSONS } from '../../web/course/outline.js';

const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');

test('the README lists every exercise id, in lesson order', () => {
  // The list the component's paragraph gives: from `<pe-exercise name="ID">` to "any other name".
  const start = readme.indexOf('`<pe-exercise name="ID">`');
  assert.ok(start >= 0, 'the README describes <pe-exercise name="ID">');
  const list = readme.slice(start, readme.indexOf('any other name', start));
  const listed = [...list.matchAll(/`([a-z]+(?:-[a-z]+)*)`/g)].map((m) => m[1]);
  assert.deepEqual(
    listed,
    exercises.map((e) => e.id),
  );
});

test('the page’s code and prose stay within 120 columns (prose as data, not in 200-column calls)', async () => {
  const { readdir } = await import('node:fs/promises');
  const web = new URL('../../web/', import.meta.url);
  const files = (await readdir(web, { recursive: true })).filter((f) => f.endsWith('.js'));
  assert.ok(files.length > 30, `${files.length} files`);
  const long = [];
  for (const file of files) {
    const lines = (await readFile(new URL(file, web), 'utf8')).split('\n');
    lines.forEach((line, i) => [...line].length > 120 && long.push(`${file}:${i + 1} (${[...line].length})`));
  }
  assert.deepEqual(long, []);
});

test('the README’s lesson and exercise counts are the course’s', () => {
  assert.match(readme, new RegExp(`course of three lessons \\(${exercises.length} exercises\\)`));
  assert.equal(LESSONS.length, 3);
});

// The README as a course author reads it: it names every exercise `<pe-exercise>` and the embed accept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { exercises } from '../../web/exercises/index.js';
import { LESSONS, MERGED } from '../../web/course/outline.js';

const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');

test('the README lists every exercise id, in lesson order, each under its own lesson', () => {
  // The list the component's paragraph gives: from `<pe-exercise name="ID">` to "any other name".
  const start = readme.indexOf('`<pe-exercise name="ID">`');
  assert.ok(start >= 0, 'the README describes <pe-exercise name="ID">');
  const list = readme.slice(start, readme.indexOf('any other name', start));
  const ids = (text) => [...text.matchAll(/`([a-z]+(?:-[a-z]+)*)`/g)].map((m) => m[1]);
  assert.deepEqual(
    ids(list),
    exercises.map((e) => e.id),
  );
  // "…, `clock-hands` (lesson 1); `implement-it`, …": the ids before each "(lesson N)" and after the one
  // before it are lesson N's, as the outline holds them.
  const groups = list.split(/\(lesson (\d)\)/);
  const byLesson = [];
  for (let i = 1; i < groups.length; i += 2) byLesson.push([Number(groups[i]), ids(groups[i - 1])]);
  assert.deepEqual(
    byLesson,
    LESSONS.map((lesson, i) => [i + 1, lesson.exercises]),
  );
  // The merged ids it names (unquoted: they are no exercise of their own) are the outline's, each opening
  // the exercise the README's course section says they were merged into.
  const merged = /The ids of merged exercises,\s+([a-z-]+) and ([a-z-]+), open the one they were merged into/.exec(
    list,
  );
  assert.ok(merged, 'the list names the merged ids');
  assert.deepEqual(merged.slice(1, 3), [...MERGED.keys()]);
  const into = /merged into `([a-z-]+)`; their ids keep opening it/.exec(readme);
  assert.ok(into, 'the course section names the exercise the merged ids open');
  for (const [id, target] of MERGED) assert.equal(target, into[1], id);
});

test('the page’s code and prose stay within 120 columns (prose as data, not in 200-column calls)', async () => {
  const { readdir } = await import('node:fs/promises');
  const web = new URL('../../web/', import.meta.url);
  // widgets/mathml.js is KaTeX's output, one formula a line, and exercises/catalog-data.js the exercises' own
  // prompts as JSON (scripts/mathml.mjs and scripts/catalog.mjs write them; no one edits them).
  const written = ['widgets/mathml.js', 'exercises/catalog-data.js'];
  // web/i18n/compiled/ is scripts/messages.mjs's output from the catalogs (not in git).
  const files = (await readdir(web, { recursive: true })).filter(
    (f) => f.endsWith('.js') && !written.includes(f) && !f.startsWith('i18n/compiled/'),
  );
  assert.ok(files.length > 30, `${files.length} files`);
  const long = [];
  for (const file of files) {
    const lines = (await readFile(new URL(file, web), 'utf8')).split('\n');
    lines.forEach((line, i) => [...line].length > 120 && long.push(`${file}:${i + 1} (${[...line].length})`));
  }
  assert.deepEqual(long, []);
});

test('the README’s lesson and exercise counts are the course’s, lesson by lesson in its table', () => {
  assert.match(readme, new RegExp(`course of three lessons \\(${exercises.length} exercises\\)`));
  assert.equal(LESSONS.length, 3);
  // Each lesson's row of the course table: "| 1. Title (`id`) | `lesson-1.html` | 30 (29.7) | 10 |".
  const rows = readme
    .split('\n')
    .map((line) => /^\| (\d)\. (.+) \(`([a-z-]+)`\) \| `([^`]+)` \| (\d+) \([\d.]+\) \| (\d+) \|$/.exec(line))
    .filter(Boolean)
    .map(([, n, title, id, url, minutes, count]) => [Number(n), title, id, url, Number(minutes), Number(count)]);
  assert.deepEqual(
    rows,
    LESSONS.map((l, i) => [i + 1, l.title, l.id, l.url, l.minutes, l.exercises.length]),
  );
});

// The README as a course author reads it: it names every exercise `<pe-exercise>` and the embed accept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { exercises } from '../../web/exercises/index.js';

const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');

test('the README lists every exercise id, in lesson order', () => {
  const listed = [...readme.matchAll(/`([a-z]+(?:-[a-z]+)*)`/g)].map((m) => m[1]);
  const ids = exercises.map((e) => e.id);
  const positions = ids.map((id) => listed.indexOf(id));
  assert.deepEqual(
    ids.filter((_, i) => positions[i] < 0),
    [],
    'missing from README',
  );
  const list = readme.slice(readme.indexOf('`<pe-exercise name="ID">`'));
  const order = ids.map((id) => list.indexOf(`\`${id}\``));
  assert.deepEqual(
    order,
    [...order].sort((a, b) => a - b),
    'the list follows the lesson order',
  );
});

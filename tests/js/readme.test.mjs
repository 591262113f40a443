// The README's JavaScript for Node runs as pasted: every ```js block that uses the lab (createLab, lab.…,
// run.…), in the README's order, as one module importing the package by its name (what a reader's project
// does). The blocks for a course page (PelabEmbed, pelab-result) run in the browser layer: hosting.test.mjs
// builds its course page from them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';

const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
const blocks = [...readme.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
const forNode = blocks.filter(
  (code) => /\bcreateLab\b|\blab\.|\brun\./.test(code) && !/PelabEmbed|pelab-result/.test(code),
);

test('the README’s JavaScript for Node runs as pasted, block after block', async () => {
  assert.ok(forNode.length >= 3, `${forNode.length} blocks`);
  assert.match(forNode[0], /await createLab\(\)/, 'the first block makes the lab the others use');
  // Inside the repository, so that the package's own name resolves to it (package.json "exports").
  const folder = new URL('../../test-results/readme/', import.meta.url);
  await mkdir(folder, { recursive: true });
  const file = new URL('blocks.mjs', folder);
  await writeFile(file, forNode.join('\n'));
  await import(file.href);
});

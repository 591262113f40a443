// The README's JavaScript for Node runs as pasted: every ```js block that uses the lab (createLab, lab.…,
// run.…), in the README's order, as one module importing the package by its name (what a reader's project
// does). The blocks for a course page (PelabEmbed, pelab-result) run in the browser layer: hosting.test.mjs
// builds its course page from them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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

// A ```cjs block is a CommonJS file of its own, run by Node (require of the package, an ES module).
test('the README’s CommonJS runs as pasted, each block a .cjs file', async () => {
  const cjs = [...readme.matchAll(/^```cjs\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  assert.ok(cjs.length >= 1, `${cjs.length} blocks`);
  const folder = new URL('../../test-results/readme/', import.meta.url);
  await mkdir(folder, { recursive: true });
  for (const [i, code] of cjs.entries()) {
    const file = new URL(`block-${i}.cjs`, folder);
    await writeFile(file, code);
    const said = execFileSync(process.execPath, [fileURLToPath(file)], { encoding: 'utf8' });
    assert.match(said, /^(simd|scalar) 0\.84147/, `block ${i} printed ${said}`);
  }
});

// The package as a developer imports it: by name, through the exports map, with its types.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

test('import by package name gives createLab, and createLab gives a working lab', async () => {
  const { createLab } = await import('positional-encoding-lab');
  const lab = await createLab();
  const pe = lab.sinusoidal({ positions: 128, dModel: 64, base: 10000, variant: 'paper', start: 0 });
  assert.equal(pe.length, 128 * 64);
  assert.ok(Math.abs(pe[64 * 3 + 0] - Math.sin(3)) < 1e-6); // row 3, column 0
});

test('a caller may pass the wasm bytes itself', async () => {
  const { createLab } = await import('positional-encoding-lab');
  const require = createRequire(import.meta.url);
  const wasmBinary = await readFile(require.resolve('positional-encoding-lab/pelab.wasm'));
  const lab = await createLab({ wasmBinary });
  assert.equal(lab.sinusoidal({ positions: 1, dModel: 2, start: 0 })[1], 1);
});

test('the exports map points at files that exist, and the types declare every method', async () => {
  const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
  const types = await readFile(new URL(`../../${pkg.exports['.'].types}`, import.meta.url), 'utf8');
  const { createLab } = await import('positional-encoding-lab');
  const lab = await createLab();
  const methods = Object.getOwnPropertyNames(Object.getPrototypeOf(lab)).filter((m) => m !== 'constructor');
  for (const m of methods) assert.match(types, new RegExp(`\\b${m}\\b`), `${m} is declared`);
});

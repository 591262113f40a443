// The benchmark runs and writes its JSON (its figures are not asserted: machines are shared and noisy).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

test('npm run bench writes a results file with every section', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'pelab-bench-')), 'results.json');
  const script = fileURLToPath(new URL('../bench/bench.mjs', import.meta.url));
  const printed = execFileSync(process.execPath, ['--expose-gc', script, '--reps', '5', '--no-browser', '--out', out], {
    encoding: 'utf8',
  });
  assert.match(printed, /JS ÷ ours/);
  const results = JSON.parse(readFileSync(out, 'utf8'));
  assert.equal(results.table.rows.length, 5);
  for (const r of results.table.rows) assert.ok(r.reusedMs > 0 && r.freshMs > 0, r.name);
  assert.ok(results.table.rows[0].maxError <= 2e-6);
  assert.ok(results.attention.oursMs > 0 && results.dots.jsMs > 0);
  assert.ok(results.wasmBytes['pelab.wasm'] > 0);
  // The training rows: ours and TensorFlow.js on the same model, each measured.
  assert.ok(results.training.stepsPerSecond.ours.simd.fixed16 > 0);
  assert.ok(JSON.stringify(results.training).includes('tfjs'));
  // Every arm of the Train it yourself page, the five encodings among them, timed on its own.
  const arms = results.training.pageArms.arms;
  assert.deepEqual(Object.keys(arms), ['none', 'sinusoidal', 'learned', 'rope', 'alibi', 'causal', 'alibi-cls']);
  for (const rate of Object.values(arms)) assert.ok(rate > 0);
  assert.ok(results.training.pageArms.allArmsStepsPerSecond < Math.min(...Object.values(arms)));
});

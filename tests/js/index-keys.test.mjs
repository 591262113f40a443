// Index keys on Array.prototype set before createLab: with Embind, they reached the holes of Emscripten's
// function-table mirror and the load failed. The module has no Embind now: the lab loads and computes
// regardless. In a process of its own (node:test runs each file alone), as the pollution outlives the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createLab } from 'positional-encoding-lab';

test('index keys on Array.prototype before createLab: the lab loads and computes all the same', async () => {
  const wasmBinary = await readFile(new URL('../../dist/pelab.wasm', import.meta.url));
  Array.prototype[0] = 7;
  Array.prototype[1] = 8;
  try {
    const lab = await createLab({ wasmBinary });
    const row = lab.sinusoidal({ positions: 2, dModel: 2 });
    assert.deepEqual([...row], [0, 1, Math.fround(Math.sin(1)), Math.fround(Math.cos(1))]);
    assert.throws(() => lab.sinusoidal({ positions: 0, dModel: 2 }), RangeError);
  } finally {
    delete Array.prototype[0];
    delete Array.prototype[1];
  }
});

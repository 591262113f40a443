// Index keys on Array.prototype set before createLab reach the holes of Emscripten's function-table mirror
// (README: "Hardening", not covered): the load fails, and says so, rather than blaming the bytes the caller
// passed. In a process of its own (node:test runs each file alone), as the pollution outlives the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createLab } from 'positional-encoding-lab';

test('index keys on Array.prototype before createLab: a failed load that names the cause, not wasmBinary', async () => {
  const wasmBinary = await readFile(new URL('../../dist/pelab.wasm', import.meta.url));
  Array.prototype[0] = 7;
  Array.prototype[1] = 8;
  try {
    await assert.rejects(createLab({ wasmBinary }), (e) => {
      assert.match(e.message, /^createLab: the module compiled, but its functions could not be registered/);
      assert.match(e.message, /index key/);
      assert.equal(e.param, undefined, 'not the caller’s wasmBinary');
      assert.equal(e.cause?.name, 'BindingError');
      return true;
    });
  } finally {
    delete Array.prototype[0];
    delete Array.prototype[1];
  }
  const lab = await createLab({ wasmBinary }); // and once they are gone, the lab loads
  assert.equal(lab.sinusoidal({ positions: 1, dModel: 2 })[1], 1);
});

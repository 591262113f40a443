// createLab's edges: its own options checked like the methods' (unknown names refused), a .wasm that
// cannot be read or compiled rejects with a LabLoadError naming the URL and what to do, bytes that are
// not the core say what they are and print nothing, the bytes may come in any binary view, and a lab starts
// from another's compiled module (lab.wasmModule, as the page hands it to its workers).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLab, hasWasmSimd, Lab } from 'positional-encoding-lab';

const simd = hasWasmSimd();
const ownFile = simd ? 'pelab.wasm' : 'pelab-scalar.wasm';
const otherFile = simd ? 'pelab-scalar.wasm' : 'pelab.wasm';
const bytesOf = (file) => readFile(new URL(`../../dist/${file}`, import.meta.url));

function rejectsAsLoadError(promise, url, what) {
  return assert.rejects(promise, (error) => {
    assert.equal(error.name, 'LabLoadError', String(error));
    assert.ok(error instanceof Error);
    assert.equal(error.url, url);
    assert.ok(error.message.includes(url), error.message);
    assert.match(error.message, what);
    assert.match(error.hint, /locateFile/);
    assert.match(error.hint, /Hosting the site/);
    // In Node the file is read from disk: the hint says where to put it, nothing of serving or of a policy.
    assert.match(error.hint, /^put pelab(-scalar)?\.wasm at that path/);
    assert.doesNotMatch(error.hint, /application\/wasm|Content-Security-Policy/);
    assert.ok(error.message.endsWith(error.hint), error.message);
    return true;
  });
}

test('createLab refuses an unknown option, naming it and the known ones', async () => {
  await assert.rejects(createLab({ wasmBinry: new Uint8Array(4) }), (error) => {
    assert.ok(error instanceof TypeError, String(error));
    assert.equal(error.param, 'wasmBinry');
    assert.equal(
      error.message,
      "createLab: unknown option 'wasmBinry' (known: locateFile, wasmBinary, wasmModule, training)",
    );
    return true;
  });
  await assert.rejects(createLab(null), (e) => e instanceof TypeError && e.param === 'options');
});

test('a method called with no options object names it, and the options it requires', () => {
  return createLab().then((lab) => {
    assert.throws(
      () => lab.sinusoidal(),
      (e) =>
        e instanceof TypeError &&
        e.param === 'options' &&
        e.message === 'sinusoidal: expected an options object (required: positions, dModel), got undefined',
    );
    assert.throws(
      () => lab.alibiSlopes(7),
      (e) =>
        e.param === 'options' &&
        /alibiSlopes: expected an options object \(required: heads\), got a number/.test(e.message),
    );
  });
});

test('new Lab() says to call createLab()', () => {
  for (const made of [() => new Lab(), () => new Lab({}), () => new Lab(null, 'simd')])
    assert.throws(made, (e) => e instanceof TypeError && /await createLab\(\)/.test(e.message));
});

test('a locateFile that points to no file rejects with a LabLoadError naming that URL', async () => {
  const missing = join(tmpdir(), 'no-such-folder-pelab', ownFile);
  await rejectsAsLoadError(
    createLab({ locateFile: () => missing }),
    new URL(`file://${missing}`).href,
    /could not read the WebAssembly core \(ENOENT\)/,
  );
});

test('a locateFile whose answer is no URL string, or one too long to quote, is refused naming locateFile', async () => {
  for (const [answer, words] of [
    [Symbol('url'), /got a symbol|got Symbol/i],
    [42, /got (a )?number/i],
    ['x'.repeat(10_000_000), /got 10000000 characters/],
  ]) {
    const error = await createLab({ locateFile: () => answer }).then(
      () => null,
      (e) => e,
    );
    assert.ok(error instanceof TypeError, String(error));
    assert.equal(error.param, 'locateFile');
    assert.match(error.message, /locateFile must return a URL string of at most 8192 characters/);
    assert.match(error.message, words);
    assert.ok(error.message.length < 200, 'the answer is not quoted whole');
  }
});

test('a locateFile that points to a file that is not the core rejects saying what it holds', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'pelab-'));
  const page = join(folder, ownFile);
  await writeFile(page, '<!doctype html><title>Not found</title>');
  await rejectsAsLoadError(
    createLab({ locateFile: () => page }),
    new URL(`file://${page}`).href,
    /is not a WebAssembly module \(got 39 bytes starting 3c 21 64 6f 63 74 79 70;/,
  );
  const other = join(folder, 'other.wasm');
  await writeFile(other, await bytesOf(otherFile));
  await rejectsAsLoadError(createLab({ locateFile: () => other }), new URL(`file://${other}`).href, /does not fit/);
});

test('wasmBinary may be an ArrayBuffer, a typed array or a DataView of the right bytes', async () => {
  const bytes = await bytesOf(ownFile);
  const padded = new Uint8Array(bytes.length + 16);
  padded.set(bytes, 8);
  for (const wasmBinary of [
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length),
    new Uint8Array(bytes),
    new DataView(padded.buffer, 8, bytes.length),
    new Uint8Array(padded.buffer, 8, bytes.length),
  ]) {
    const lab = await createLab({ wasmBinary });
    assert.equal(lab.sinusoidal({ positions: 1, dModel: 2, start: 1 })[0], Math.fround(Math.sin(1)));
  }
  await assert.rejects(
    createLab({ wasmBinary: new DataView((await bytesOf(otherFile)).buffer) }),
    (e) => e instanceof TypeError && e.param === 'wasmBinary' && /does not fit this engine's build/.test(e.message),
  );
});

// In a child process, so that its stderr is all Emscripten (or anything else) printed.
function runChild(script) {
  const index = new URL('../../dist/index.js', import.meta.url).href;
  const source = `const { createLab } = await import(${JSON.stringify(index)});\n${script}`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', source], (error, stdout, stderr) =>
      error ? reject(error) : resolve({ stdout, stderr }),
    );
  });
}

test('garbage, truncated or foreign wasmBinary is refused saying what it got, and nothing is printed', async () => {
  const other = new URL(`../../dist/${otherFile}`, import.meta.url);
  const { stdout, stderr } = await runChild(`
    const { readFile } = await import('node:fs/promises');
    const answers = [];
    for (const wasmBinary of [
      new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]),
      new Uint8Array([0, 97, 115, 109]),
      await readFile(new URL(${JSON.stringify(other.href)})),
    ]) {
      try {
        await createLab({ wasmBinary });
        answers.push('created');
      } catch (e) {
        answers.push({ type: e.constructor.name, param: e.param, message: e.message });
      }
    }
    console.log(JSON.stringify(answers));
  `);
  assert.equal(stderr, '');
  const [garbage, truncated, foreign] = JSON.parse(stdout);
  for (const answer of [garbage, truncated, foreign]) {
    assert.equal(answer.type, 'TypeError');
    assert.equal(answer.param, 'wasmBinary');
  }
  assert.match(garbage.message, /is not a WebAssembly module \(got 9 bytes starting 01 02 03 04 05 06 07 08;/);
  assert.match(garbage.message, new RegExp(`pass the bytes of ${ownFile.replace('.', '\\.')}`));
  assert.match(truncated.message, /does not fit this engine's build/);
  assert.match(foreign.message, /does not fit this engine's build/);
});

test('wasmModule: a lab started from another lab’s compiled core computes what it computes, fetching nothing', async () => {
  const first = await createLab();
  assert.equal(Object.prototype.toString.call(first.wasmModule), '[object WebAssembly.Module]');
  // A locateFile that would fail is never asked: the module is compiled already.
  const second = await createLab({
    wasmModule: first.wasmModule,
    locateFile: () => {
      throw new Error('asked where the .wasm is');
    },
  });
  assert.equal(second.build, first.build);
  assert.strictEqual(second.wasmModule, first.wasmModule);
  const options = { positions: 64, dModel: 32 };
  assert.deepEqual(second.sinusoidal(options).data, first.sinusoidal(options).data);
});

test('wasmModule that is no module, the other build, or given with wasmBinary is refused naming wasmModule', async () => {
  const refused = (options, message) =>
    assert.rejects(createLab(options), (e) => {
      assert.ok(e instanceof TypeError, String(e));
      assert.equal(e.param, 'wasmModule');
      assert.match(e.message, message);
      return true;
    });
  await refused({ wasmModule: await bytesOf(ownFile) }, /^createLab: wasmModule must be a WebAssembly\.Module .*got /);
  await refused({ wasmModule: {} }, /must be a WebAssembly\.Module/);
  const other = await WebAssembly.compile(await bytesOf(otherFile));
  await refused(
    { wasmModule: other },
    new RegExp(`^createLab: wasmModule is the ${simd ? 'scalar' : 'simd'} build: pass a module of ${ownFile}`),
  );
  const foreign = await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
  await refused({ wasmModule: foreign }, /^createLab: wasmModule is not the core/);
  const own = await WebAssembly.compile(await bytesOf(ownFile));
  await refused({ wasmModule: own, wasmBinary: await bytesOf(ownFile) }, /pass wasmBinary or wasmModule, not both/);
  assert.equal((await createLab({ wasmModule: own })).build, simd ? 'simd' : 'scalar', 'a right module still works');
});

test('wasmModule is checked by the engine (no tag, prototype or Proxy passes); a locateFile that throws is named', async () => {
  const real = (await createLab()).wasmModule;
  for (const fake of [
    { [Symbol.toStringTag]: 'WebAssembly.Module' },
    Object.create(WebAssembly.Module.prototype),
    new Proxy(real, {}),
  ])
    await assert.rejects(
      createLab({ wasmModule: fake }),
      (e) => e instanceof TypeError && e.param === 'wasmModule' && /must be a WebAssembly\.Module/.test(e.message),
    );
  await assert.rejects(
    createLab({
      locateFile: () => {
        throw new Error('boom');
      },
    }),
    (e) => e instanceof TypeError && e.param === 'locateFile' && e.message === 'createLab: locateFile threw: boom',
  );
});

// createLab({ training: false }): the SIMD build without the trainer (the lesson pages that train nothing load
// it), where the engine has SIMD; the lab computes what the whole core computes and refuses to train.
test('training: false gives a lab without the trainer: the same results, trainer() refused naming training', async () => {
  const whole = await createLab();
  const lean = await createLab({ training: false });
  assert.equal(whole.training, true);
  assert.equal(lean.training, false);
  assert.equal(lean.build, simd ? 'simd-no-trainer' : 'scalar');
  assert.throws(() => {
    lean.training = true; // read-only: a lab does not become one that trains
  }, TypeError);
  assert.deepEqual(lean.limits, whole.limits);
  const q = Float32Array.from({ length: 8 * 16 }, (_, i) => Math.sin(i));
  for (const [method, options] of [
    ['sinusoidal', { positions: 64, dModel: 32 }],
    ['rope', { x: q, n: 8, dHead: 16, scaling: { type: 'yarn', factor: 4, originalMaxPositions: 4 } }],
    ['attention', { q, k: q, v: q, n: 8, dK: 16, heads: 2, alibi: true }],
  ])
    assert.deepEqual(lean[method](options), whole[method](options), method);
  assert.throws(
    () => lean.trainer(),
    (e) =>
      e instanceof TypeError &&
      e.param === 'training' &&
      e.message ===
        'trainer: this lab was made with createLab({ training: false }), without the trainer: make one with createLab() to train',
  );
  whole.trainer().delete(); // the whole core still trains
  await assert.rejects(
    createLab({ training: 'no' }),
    (e) =>
      e instanceof TypeError &&
      e.param === 'training' &&
      e.message === 'createLab: training must be true or false, got a string',
  );
  if (!simd) return; // (no scalar build without the trainer: the modules below are the SIMD ones)
  const leanBytes = await bytesOf('pelab-no-trainer.wasm');
  assert.ok(leanBytes.length < 0.7 * (await bytesOf('pelab.wasm')).length, `${leanBytes.length} B`);
  // Each build's module or bytes only where it is asked for.
  await assert.rejects(
    createLab({ training: false, wasmModule: whole.wasmModule }),
    (e) =>
      e.param === 'wasmModule' &&
      /^createLab: wasmModule is the simd build: pass a module of pelab-no-trainer\.wasm .*training: false asks for the build without the trainer\)$/.test(
        e.message,
      ),
  );
  // (a worker handed the module of a lab made with training: false, which forgot to say so too)
  await assert.rejects(
    createLab({ wasmModule: lean.wasmModule }),
    (e) =>
      e.param === 'wasmModule' &&
      e.message ===
        'createLab: wasmModule is the simd-no-trainer build, which createLab({ training: false }) loads: pass training: false too, or a module of pelab.wasm',
  );
  await assert.rejects(
    createLab({ wasmBinary: leanBytes }),
    (e) =>
      e.param === 'wasmBinary' &&
      e.message ===
        'createLab: wasmBinary is the simd-no-trainer build, which createLab({ training: false }) loads: pass training: false too, or the bytes of pelab.wasm',
  );
  assert.equal((await createLab({ training: false, wasmBinary: leanBytes })).build, 'simd-no-trainer');
  assert.equal((await createLab({ training: false, wasmModule: lean.wasmModule })).build, 'simd-no-trainer');
});

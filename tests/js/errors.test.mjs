// Bad arguments throw TypeError or RangeError naming the parameter and its range, and the lab keeps
// working afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { labPromise } from './helpers.mjs';

const lab = await labPromise;
const good = { positions: 8, dModel: 16 };

function throwsNaming(fn, type, param, text) {
  assert.throws(fn, (e) => {
    assert.equal(e.constructor, type, e.message);
    assert.equal(e.param, param, e.message);
    assert.match(e.message, new RegExp(param.replace(/[[\]]/g, '\\$&')));
    if (text) assert.match(e.message, text);
    return true;
  });
}

test('wrong types are TypeErrors that quote the allowed range', () => {
  throwsNaming(() => lab.sinusoidal({ ...good, positions: '8' }), TypeError, 'positions', /integer from 1 to 65536/);
  throwsNaming(() => lab.sinusoidal({ dModel: 16 }), TypeError, 'positions', /required/);
  throwsNaming(() => lab.sinusoidal({ ...good, variant: 3 }), TypeError, 'variant');
  throwsNaming(() => lab.sinusoidal({ ...good, out: [] }), TypeError, 'out', /Float32Array/);
  throwsNaming(() => lab.sinusoidal({ ...good, dmodel: 16 }), TypeError, 'dmodel', /unknown option/);
  throwsNaming(() => lab.embed({ tokens: ['a'], vocabSize: 4, dModel: 8 }), TypeError, 'tokens');
  assert.throws(() => lab.sinusoidal(), TypeError);
  assert.throws(() => lab.sinusoidal(null), TypeError);
});

test('values out of range are RangeErrors that name the parameter and its range', () => {
  const cases = [
    [{ ...good, positions: 0 }, 'positions', /from 1 to 65536/],
    [{ ...good, positions: NaN }, 'positions', /from 1 to 65536/],
    [{ ...good, positions: 2.5 }, 'positions', /integer/],
    [{ ...good, dModel: Infinity }, 'dModel', /from 2 to 4096/],
    [{ ...good, dModel: 7 }, 'dModel', /even/],
    [{ ...good, base: -Infinity }, 'base', /from 2 to/],
    [{ ...good, start: -1 }, 'start', /from 0 to 1000000/],
    [{ ...good, variant: 'rope' }, 'variant', /'paper', 'halves', 'tensor2tensor'/],
    [{ ...good, out: new Float32Array(3) }, 'out', /exactly 128 elements/],
    [{ positions: 65536, dModel: 4096 }, 'positions', /at most/],
  ];
  for (const [options, param, text] of cases) throwsNaming(() => lab.sinusoidal(options), RangeError, param, text);
  throwsNaming(
    () => lab.learnedLookup({ maxLen: 512, dModel: 8, position: 512 }),
    RangeError,
    'position',
    /no row for position 512/,
  );
  throwsNaming(() => lab.embed({ tokens: [9], vocabSize: 4, dModel: 8 }), RangeError, 'tokens', /from 0 to 3/);
  throwsNaming(
    () => lab.embed({ tokens: [0, 1, 2], vocabSize: 4, dModel: 8, encoding: 'learned', maxLen: 2 }),
    RangeError,
    'maxLen',
    /no row for position 2/,
  );
  throwsNaming(() => lab.attention({ q: [], k: [], v: [], n: 2048, dK: 1024 }), RangeError, 'n', /multiply-adds/);
  throwsNaming(() => lab.attention({ q: [1], k: [1], v: [1, 2], n: 1, dK: 1 }), RangeError, 'v', /exactly 1/);
  throwsNaming(() => lab.attention({ q: [1], k: [1], v: [1], n: 1, dK: 1, mask: 'later' }), RangeError, 'mask');
  throwsNaming(
    () => lab.permutation({ tokens: [1, 2], vocabSize: 4, dModel: 8, dK: 4, swap: [0, 2] }),
    RangeError,
    'swap[1]',
  );
  throwsNaming(() => lab.dotMatrix({ table: new Float32Array(5), rows: 2, dModel: 2 }), RangeError, 'table');
  throwsNaming(() => lab.relativeOffset({ ...good, k: -1 }), RangeError, 'k');
  throwsNaming(() => lab.properties({ positions: 4096, dModel: 512 }), RangeError, 'positions');
});

test('rope, ALiBi and heads: errors name the option, nested ones as rope.<name>', () => {
  const x = new Float32Array(16);
  const qkv = { q: new Float32Array(16), k: new Float32Array(16), v: new Float32Array(16), n: 2, dK: 8 };
  throwsNaming(
    () => lab.rope({ x, n: 2, dHead: 8, rotaryDims: 5 }),
    RangeError,
    'rotaryDims',
    /even integer from 2 to 8/,
  );
  throwsNaming(() => lab.rope({ x, n: 2, dHead: 8, layout: 'neox' }), RangeError, 'layout', /'halves', 'interleaved'/);
  throwsNaming(() => lab.rope({ x, n: 2, dHead: 8, scale: 0.5 }), RangeError, 'scale', /from 1 to 65536/);
  throwsNaming(() => lab.rope({ x, n: 2, dHead: 8, start: 999999.5 }), RangeError, 'start');
  throwsNaming(() => lab.attention({ ...qkv, heads: 3 }), RangeError, 'dK', /multiple of heads = 3/);
  throwsNaming(
    () => lab.attention({ ...qkv, heads: 2, rope: { rotaryDims: 6 } }),
    RangeError,
    'rope.rotaryDims',
    /2 to 4/,
  );
  throwsNaming(() => lab.attention({ ...qkv, rope: { base: 1 } }), RangeError, 'rope.base', /from 2 to/);
  throwsNaming(() => lab.attention({ ...qkv, rope: { theta: 1 } }), TypeError, 'rope.theta', /unknown option/);
  throwsNaming(() => lab.attention({ ...qkv, rope: true }), TypeError, 'rope', /options object/);
  // Only a plain object is rope's options: a Date, a Number object or a class instance is not "rope on".
  for (const rope of [new Date(), new Number(4), new (class Rope {})(), new Map()])
    throwsNaming(() => lab.attention({ ...qkv, rope }), TypeError, 'rope', /not a plain one/);
  const bare = Object.assign(Object.create(null), { start: 2 });
  assert.deepStrictEqual(lab.attention({ ...qkv, rope: bare }), lab.attention({ ...qkv, rope: { start: 2 } }));
  throwsNaming(() => lab.attention({ ...qkv, alibi: 'yes' }), TypeError, 'alibi', /true or false/);
  throwsNaming(() => lab.alibiSlopes({ heads: 0 }), RangeError, 'heads', /from 1 to 1024/);
  throwsNaming(() => lab.alibiBias({ heads: 3, n: 2048 }), RangeError, 'heads', /one n × n matrix per head/);
  throwsNaming(() => lab.alibiBias({ heads: 3, n: 8, mask: 'before-softmax' }), RangeError, 'mask', /'none', 'causal'/);
  assert.equal(lab.alibiSlopes({ heads: 2 })[0], 1 / 16);
});

test('createLab refuses options of the wrong type', async () => {
  const { createLab } = await import('positional-encoding-lab');
  await assert.rejects(createLab({ locateFile: 'x' }), TypeError);
  await assert.rejects(createLab({ wasmBinary: 'x' }), TypeError);
});

test('createLab given the other build’s bytes names wasmBinary and the file to pass; a right call still works', async () => {
  const { createLab, hasWasmSimd } = await import('positional-encoding-lab');
  const { readFile } = await import('node:fs/promises');
  const other = hasWasmSimd() ? 'pelab-scalar.wasm' : 'pelab.wasm';
  const bytes = await readFile(new URL(`../../dist/${other}`, import.meta.url));
  await assert.rejects(createLab({ wasmBinary: bytes }), (error) => {
    assert.ok(error instanceof TypeError, String(error));
    assert.equal(error.param, 'wasmBinary');
    assert.match(error.message, /wasmBinary does not fit this engine's build: pass the bytes of pelab(-scalar)?\.wasm/);
    return true;
  });
  await assert.rejects(createLab({ wasmBinary: new Uint8Array([0, 97, 115, 109]) }), TypeError);
  const lab = await createLab();
  assert.equal(lab.sinusoidal({ positions: 1, dModel: 2, start: 1 })[0], Math.fround(Math.sin(1)));
});

test('after every kind of error the lab still computes correct values', () => {
  const before = lab.sinusoidal({ positions: 4, dModel: 8, start: 1 });
  for (const bad of [
    { positions: -1, dModel: 8 },
    { positions: 1e9, dModel: 8 },
    { positions: 4, dModel: 'x' },
  ])
    assert.throws(() => lab.sinusoidal(bad));
  assert.throws(() => lab.learnedLookup({ maxLen: 2, dModel: 8, position: 2 }));
  const after = lab.sinusoidal({ positions: 4, dModel: 8, start: 1 });
  assert.deepEqual(after, before);
  assert.ok(Math.abs(after[0] - Math.sin(1)) < 1e-6);
});

test('every rule status.hpp declares has its own sentence in messages.js', async () => {
  const { readFile } = await import('node:fs/promises');
  const { describeStatus } = await import('../../cpp/bindings/wasm/messages.js');
  const header = await readFile(new URL('../../cpp/include/pelab/validation/status.hpp', import.meta.url), 'utf8');
  const block = header.slice(header.indexOf('enum class Rule'));
  const rules = [...block.slice(0, block.indexOf('};')).matchAll(/^\s+(\w+) = (\d+),/gm)]
    .map((m) => [m[1], Number(m[2])])
    .filter(([name]) => name !== 'none');
  assert.ok(rules.length >= 24, `${rules.length} rules read`);
  const limits = { weights: { score: 32, projection: 2, normal: 128 } };
  const status = (rule) => ({ rule, param: 'x', got: 3, lo: 2, hi: 4, a: 1, b: 1, index: -1, cost: 1 });
  const sentences = rules.map(([name, rule]) => {
    const text = describeStatus(status(rule), { x: 'b' }, limits, ['a']);
    assert.doesNotMatch(text, /was refused \(rule/, `${name} (${rule}) has no sentence`);
    return text;
  });
  assert.equal(new Set(sentences).size, sentences.length, 'no two rules share a sentence');
});

// A named option of any length is refused without being copied into wasm memory: the JS layer turns
// each name into its index in the core's list (-1 for none of them), so only numbers cross. Once
// Embind copied every string into wasm memory before the core could refuse it: 2^26 characters took
// over a second and grew memory for good, 2^29 aborted the runtime.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ownModule } from './own-module.mjs';

// Our own module instance, so its memory is visible (as in memory.test.mjs and hostile.test.mjs).
const { module, lab, memoryBytes } = await ownModule();

const LONG = 'x'.repeat(2 ** 26);
const x8 = [1, 2, 3, 4, 5, 6, 7, 8];
const qkv = { q: x8, k: x8, v: x8, n: 2, dK: 4 };
const table = { positions: 4, dModel: 4 };
const sequence = { tokens: [1, 2], vocabSize: 4, dModel: 4 };

// Every named option of the API: [method, valid options, option to make long (a dotted name is
// nested), the param the error names]. The trainer's variant counts only for a sinusoidal encoding.
const NAMED = [
  ['sinusoidal', table, 'variant'],
  ['sinusoidalReference', table, 'variant'],
  ['sinusoidalFloat32Angles', table, 'variant'],
  ['frequencies', { dModel: 4 }, 'variant'],
  ['relativeOffset', { ...table, k: 1 }, 'variant'],
  ['properties', table, 'variant'],
  ['embed', sequence, 'encoding'],
  ['embed', sequence, 'variant'],
  ['permutation', { ...sequence, dK: 2, swap: [0, 1] }, 'encoding'],
  ['permutation', { ...sequence, dK: 2, swap: [0, 1] }, 'variant'],
  ['attention', qkv, 'mask'],
  ['attention', qkv, 'rope.layout'],
  ['selfAttention', { x: x8, n: 2, dModel: 4, dK: 4 }, 'mask'],
  ['selfAttention', { x: x8, n: 2, dModel: 4, dK: 4 }, 'rope.layout'],
  ['rope', { x: x8, n: 2, dHead: 4 }, 'layout'],
  ['alibiBias', { heads: 2, n: 3 }, 'mask'],
  ['trainer', {}, 'task'],
  ['trainer', {}, 'encoding'],
  ['trainer', { encoding: 'sinusoidal' }, 'variant'],
  ['trainer', {}, 'attention'],
  ['trainer', {}, 'readout'],
  ['trainer', {}, 'norm'],
  ['trainer', {}, 'activation'],
];

function withName(options, option, value) {
  const [outer, inner] = option.split('.');
  return inner === undefined ? { ...options, [outer]: value } : { ...options, [outer]: { [inner]: value } };
}

function call(fn, options) {
  const result = lab[fn](options);
  if (fn === 'trainer') result.delete();
  return result;
}

test('every named option of 2^26 characters is refused naming it, and wasm memory does not grow', () => {
  for (const [fn, options] of NAMED) call(fn, options); // warm-up: each valid call once
  const before = memoryBytes();
  for (const [fn, options, option] of NAMED) {
    assert.throws(
      () => call(fn, withName(options, option, LONG)),
      (e) => {
        assert.ok(e instanceof RangeError, `${fn} ${option}: ${e}`);
        assert.equal(e.param, option, `${fn} ${option}`);
        assert.match(e.message, new RegExp(`${option.replace('.', '\\.')} must be one of '`), `${fn} ${option}`);
        assert.ok(e.message.length < 300, `${fn} ${option}: a message of ${e.message.length} characters`);
        return true;
      },
    );
    assert.equal(memoryBytes(), before, `${fn} ${option}: wasm memory grew`);
  }
});

test('a name of the right length but wrong, and a name with a NUL inside, are refused as before', () => {
  assert.throws(
    () => lab.sinusoidal({ ...table, variant: 'papes' }),
    (e) => e instanceof RangeError && e.param === 'variant' && /\(got "papes"\)/.test(e.message),
  );
  // A NUL is part of the name, not its end.
  assert.throws(
    () => lab.sinusoidal({ ...table, variant: 'paper\0halves' }),
    (e) => e instanceof RangeError && e.param === 'variant',
  );
  assert.equal(lab.sinusoidal({ ...table, variant: 'halves' }).length, 16);
});

test('an unknown option name of 2^26 characters is refused with a message of a few dozen characters', async () => {
  const { createLab } = await import('positional-encoding-lab');
  const unknown = [
    () => lab.sinusoidal({ ...table, [LONG]: 1 }),
    () => lab.attention({ ...qkv, rope: { [LONG]: 1 } }),
    () => lab.trainer({ [LONG]: 1 }),
  ];
  for (const call of unknown)
    assert.throws(
      call,
      (e) => e instanceof TypeError && /unknown option '(rope\.)?x+…'/.test(e.message) && e.message.length < 300,
    );
  await assert.rejects(
    createLab({ [LONG]: 1 }),
    (e) => e instanceof TypeError && e.param === LONG && e.message.length < 200,
  );
});

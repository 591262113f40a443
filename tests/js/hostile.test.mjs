// Values that are legal JavaScript but lie: own `length` and `set` properties, forged
// Symbol.toStringTag, Proxies, getters that change between reads or call the lab again, polluted
// prototypes. Each case once broke the boundary (issue "Hardening, round two"); each is a regression
// test here. Then 20,000 rejected calls of each kind, after which valid calls must return what they
// returned before, with wasm memory where it started. Last, fast-check
// mixes lying values into valid calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Lab } from 'positional-encoding-lab';
import { ownModule } from './own-module.mjs';

// Our own module instance, so its memory and handle count are visible (see memory.test.mjs).
const { module, lab, memoryBytes } = await ownModule();

const GOOD = {
  sinusoidal: { positions: 4, dModel: 4 },
  dotMatrix: { table: [1, 2, 3, 4, 5, 6], rows: 3, dModel: 2 },
  attention: { q: [1, 0, 0, 1], k: [1, 2, 3, 4], v: [1, 1, 2, 2], n: 2, dK: 2 },
  embed: { tokens: [3, 1, 4], vocabSize: 8, dModel: 4 },
  permutation: { tokens: [3, 1, 4], vocabSize: 8, dModel: 4, dK: 2, swap: [0, 2] },
  selfAttention: { x: [1, 2, 3, 4, 5, 6, 7, 8], n: 2, dModel: 4, dK: 4, heads: 2, rope: { start: 3 }, alibi: true },
  rope: { x: [1, 2, 3, 4, 5, 6, 7, 8], n: 2, dHead: 4, start: 5, layout: 'interleaved' },
  alibiBias: { heads: 2, n: 3 },
};
const expected = Object.fromEntries(Object.entries(GOOD).map(([m, o]) => [m, lab[m](o)]));
const GOOD_NAMES = Object.keys(GOOD);

function assertStillCorrect() {
  for (const [m, o] of Object.entries(GOOD))
    assert.deepStrictEqual(lab[m](o), expected[m], `${m} after the hostile calls`);
}

function throwsLabError(fn, type, param) {
  assert.throws(fn, (e) => {
    assert.equal(e.constructor, type, e.message);
    if (param !== undefined) assert.equal(e.param, param, e.message);
    return true;
  });
}

// out: a Float32Array of 4 floats whose own properties claim it holds 16 and override set.
function lyingOut(length = 4) {
  const out = new Float32Array(length);
  Object.defineProperty(out, 'length', { value: 16 });
  out.set = () => assert.fail("the caller's own set() was called");
  return out;
}

// Each kind of lie, as a call that must be refused with the named error.
const REFUSED = {
  'out whose own length says 16 while it holds 4': [
    () => lab.sinusoidal({ positions: 4, dModel: 4, out: lyingOut() }),
    RangeError,
    'out',
  ],
  'Uint8Array with Symbol.toStringTag "Float32Array" as out': [
    () => {
      const out = new Uint8Array(16);
      Object.defineProperty(out, Symbol.toStringTag, { value: 'Float32Array' });
      return lab.sinusoidal({ positions: 4, dModel: 4, out });
    },
    TypeError,
    'out',
  ],
  'Proxy of a Float32Array as out': [
    () => lab.sinusoidal({ positions: 4, dModel: 4, out: new Proxy(new Float32Array(16), {}) }),
    TypeError,
    'out',
  ],
  'Proxy of an array whose length reads 2^30': [
    () =>
      lab.dotMatrix({
        table: new Proxy([1, 2], {
          get: (t, k) => (k === 'length' ? 2 ** 30 : t[k]),
        }),
        rows: 1,
        dModel: 2,
      }),
    RangeError,
    'table',
  ],
  'Proxy of an array whose length reads 2^28': [
    () =>
      lab.embed({
        tokens: new Proxy([1], {
          get: (t, k) => (k === 'length' ? 2 ** 28 : t[k]),
        }),
        vocabSize: 4,
        dModel: 4,
      }),
    RangeError,
    'tokens',
  ],
  'inherited Object.prototype.dModel for a missing dModel': [
    () => withPolluted('dModel', 8, () => lab.sinusoidal({ positions: 4 })),
    TypeError,
    'dModel',
  ],
  'element that is an object whose valueOf calls the lab': [
    () =>
      lab.dotMatrix({
        table: [1, { valueOf: () => lab.sinusoidal({ positions: 1, dModel: 2 })[0] }],
        rows: 1,
        dModel: 2,
      }),
    TypeError,
    'table',
  ],
  'rope options given as an array': [
    () => lab.attention({ ...GOOD.attention, rope: Object.assign([], { base: 100 }) }),
    TypeError,
    'rope',
  ],
  "rope options with an own '__proto__' key": [
    () => {
      const rope = {};
      Object.defineProperty(rope, '__proto__', { value: 1, enumerable: true });
      return lab.attention({ ...GOOD.attention, rope });
    },
    TypeError,
    'rope.__proto__',
  ],
  'inherited Object.prototype.rotaryDims is not read for rope': [
    () => withPolluted('rotaryDims', 2, () => lab.rope({ ...GOOD.rope, dHead: 3, x: [1, 2, 3, 4, 5, 6] })),
    RangeError,
    'rotaryDims',
  ],
  'swap given as a Proxy whose length lies': [
    () =>
      lab.permutation({
        ...GOOD.permutation,
        swap: new Proxy([0, 2], { get: (t, k) => (k === 'length' ? 2 : (t[k] ?? {})) }),
      }),
    undefined,
    undefined,
  ],
};

function withPolluted(key, value, fn) {
  Object.defineProperty(Object.prototype, key, { value, configurable: true, writable: true });
  try {
    return fn();
  } finally {
    delete Object.prototype[key];
  }
}

for (const [label, [fn, type, param]] of Object.entries(REFUSED)) {
  if (type === undefined) continue;
  test(`refused: ${label}`, () => {
    throwsLabError(fn, type, param);
    assertStillCorrect();
  });
}

test("a caller's own set() is never called, and gets no view of wasm memory", () => {
  let kept;
  const out = new Float32Array(16);
  out.set = (v) => {
    kept = v;
  };
  const r = lab.sinusoidal({ positions: 4, dModel: 4, out });
  assert.equal(r, out);
  assert.equal(kept, undefined);
  assert.deepStrictEqual(Array.from(out), Array.from(expected.sinusoidal));
});

test('the copy of a table into out runs no caller code: an accessor planted before the lab, two labs on one module', async () => {
  const table = { positions: 100, dModel: 512, variant: 'halves' }; // 100 rows: four pieces
  const whole = lab.sinusoidal(table);
  let seen = 0;
  Object.defineProperty(Object.prototype, 'pelabToOut', {
    configurable: true,
    get: () => (seen++, () => {}),
    set: () => seen++,
  });
  try {
    const { module: shared, lab: first } = await ownModule(); // planted before the module and its lab exist
    const second = new Lab(shared, first.build);
    for (const each of [first, second, first]) {
      const out = new Float32Array(whole.length).fill(NaN);
      assert.equal(each.sinusoidal({ ...table, out }), out);
      assert.ok(out.every((v, i) => Object.is(v, whole[i])));
    }
  } finally {
    delete Object.prototype.pelabToOut;
  }
  assert.equal(seen, 0);
});

test('a typed array whose own length lies is read by its true length', () => {
  const table = new Float32Array([1, 2, 3, 4, 5, 6]);
  Object.defineProperty(table, 'length', { get: () => 2 ** 30 });
  assert.deepStrictEqual(lab.dotMatrix({ table, rows: 3, dModel: 2 }), expected.dotMatrix);
});

test('a polluted Object.prototype.out is never read, with out: undefined or a null-prototype options object', () => {
  const planted = new Float32Array(16).fill(7);
  withPolluted('out', planted, () => {
    const r = lab.sinusoidal({ positions: 4, dModel: 4, out: undefined });
    assert.notEqual(r, planted);
    assert.deepStrictEqual(r, expected.sinusoidal);
    const bare = Object.assign(Object.create(null), { positions: 4, dModel: 4 });
    assert.notEqual(lab.sinusoidal(bare), planted);
  });
  assert.ok(
    planted.every((x) => x === 7),
    'the planted array was written',
  );
});

test('each option is read once: a getter that changes its answer cannot pass one value and use another', () => {
  let reads = 0;
  const options = {
    dModel: 4,
    get positions() {
      reads++;
      return reads === 1 ? 4 : 2 ** 20;
    },
  };
  assert.deepStrictEqual(lab.sinusoidal(options), expected.sinusoidal);
  assert.equal(reads, 1);
});

test('an element getter that calls the lab again gets its own answer and leaves this call intact', () => {
  const table = [1, 2, 3, 4, 5, 6];
  let inner;
  Object.defineProperty(table, 0, {
    get: () => {
      inner = lab.dotMatrix({ table: [9, 9], rows: 1, dModel: 2 });
      return 1;
    },
  });
  assert.deepStrictEqual(lab.dotMatrix({ table, rows: 3, dModel: 2 }), expected.dotMatrix);
  assert.deepStrictEqual(Array.from(inner), [162]);
});

test('an options getter that calls the lab again is read before anything is copied', () => {
  const options = {
    rows: 3,
    dModel: 2,
    get table() {
      lab.attention(GOOD.attention);
      return [1, 2, 3, 4, 5, 6];
    },
  };
  assert.deepStrictEqual(lab.dotMatrix(options), expected.dotMatrix);
});

test("a getter that detaches another option's buffer before the check is caught by the check", () => {
  const q = new Float32Array([1, 0, 0, 1]);
  const options = {
    ...GOOD.attention,
    q,
    get k() {
      structuredClone(q.buffer, { transfer: [q.buffer] });
      return [1, 2, 3, 4];
    },
  };
  throwsLabError(() => lab.attention(options), TypeError, 'q');
  assertStillCorrect();
});

test("rope's options are read once each, own properties only, like the options themselves", () => {
  let reads = 0;
  const rope = {
    layout: 'interleaved',
    get start() {
      reads++;
      return reads === 1 ? 5 : 2 ** 40;
    },
  };
  const r = lab.selfAttention({ ...GOOD.selfAttention, rope });
  assert.equal(reads, 1);
  assert.deepStrictEqual(r, lab.selfAttention({ ...GOOD.selfAttention, rope: { layout: 'interleaved', start: 5 } }));
  withPolluted('layout', 'interleaved', () =>
    assert.deepStrictEqual(lab.selfAttention(GOOD.selfAttention), expected.selfAttention),
  );
});

test('results are copies, never views of wasm memory', () => {
  const a = lab.attention(GOOD.attention),
    s = lab.selfAttention(GOOD.selfAttention);
  for (const r of [lab.sinusoidal(GOOD.sinusoidal), a.weights, a.scores, s.scores, s.q, s.k, lab.embed(GOOD.embed)])
    assert.notEqual(r.buffer, module.HEAPU8.buffer);
});

// Wasm memory shows a leak only once it outgrows the heap's free space, so the count of calls sets how small
// a per-call leak can be seen (memory.test.mjs has more kinds). (No Embind: there are no handles to count.)
const REPEAT = 20000;
test(`${REPEAT.toLocaleString('en')} rejected calls of each kind leave memory where it was`, () => {
  for (const [fn] of Object.values(REFUSED))
    try {
      fn();
    } catch {
      /* warm-up */
    }
  const bytes = memoryBytes();
  for (const [label, [fn, type]] of Object.entries(REFUSED)) {
    for (let i = 0; i < REPEAT; i++) {
      try {
        fn();
      } catch (e) {
        if (type !== undefined && e.constructor !== type) assert.fail(`${label}: threw ${e}`);
        continue;
      }
      if (type !== undefined) assert.fail(`${label}: not refused`);
    }
    assert.equal(memoryBytes(), bytes, `${label}: wasm memory grew`);
  }
  assertStillCorrect();
});

// ---- fast-check: lying versions of valid values --------------------------------------------------

const SEED = process.env.FUZZ_SEED === undefined ? 20261130 : Number.parseInt(process.env.FUZZ_SEED, 10);

// A value that tells the truth on its first read, as the boundary reads it, and lies afterwards or
// to anyone looking at its own properties.
const lie = fc.constantFrom('own-length', 'own-set', 'tag', 'proxy', 'flip-length', 'reenter', 'getter-flip');
function lying(value, how) {
  if (typeof value !== 'object' || value === null) return value;
  if (!Array.isArray(value) && !ArrayBuffer.isView(value)) return how === 'proxy' ? new Proxy(value, {}) : value;
  if (how === 'proxy') return new Proxy(value, {});
  if (how === 'reenter' && Array.isArray(value))
    return new Proxy(value, {
      get: (t, k) => {
        lab.sinusoidal({ positions: 2, dModel: 2 });
        return t[k];
      },
    });
  if (how === 'flip-length' && Array.isArray(value)) {
    let n = 0;
    return new Proxy(value, { get: (t, k) => (k === 'length' && n++ > 0 ? 2 ** 30 : t[k]) });
  }
  const copy = ArrayBuffer.isView(value) ? new value.constructor(value) : [...value];
  if (how === 'own-length') Object.defineProperty(copy, 'length', { value: 2 ** 28 });
  if (how === 'own-set') copy.set = () => assert.fail('own set() called');
  if (how === 'tag') Object.defineProperty(copy, Symbol.toStringTag, { value: 'Float32Array' });
  return copy;
}

const hostileCall = fc.record({
  method: fc.constantFrom(...Object.keys(GOOD)),
  how: lie,
  key: fc.nat({ max: 5 }),
  getter: fc.boolean(),
});

function probe({ method, how, key, getter }) {
  const base = GOOD[method];
  const names = Object.keys(base);
  const name = names[key % names.length];
  const options = { ...base };
  const value = lying(base[name], how);
  if (getter) {
    let reads = 0;
    Object.defineProperty(options, name, { enumerable: true, get: () => (reads++ === 0 ? value : undefined) });
  } else {
    options[name] = value;
  }
  try {
    const r = lab[method](options);
    // A call that went through computed from what the first read said.
    const honest = Array.isArray(base[name]) || ArrayBuffer.isView(base[name]) || typeof base[name] !== 'object';
    if (honest && how !== 'tag' && how !== 'own-length') assert.deepStrictEqual(r, expected[method]);
  } catch (e) {
    assert.ok(e.constructor === TypeError || e.constructor === RangeError, `threw ${e}`);
    assert.ok(e.message.startsWith(`${method}: `), `not the lab's own error: ${e.message}`);
    assert.equal(typeof e.param, 'string');
  }
}

test('fuzz: lying values never break the boundary', () => {
  fc.assert(fc.property(hostileCall, probe), { seed: SEED, numRuns: 3000 });
  assertStillCorrect();
});

// ---- Found by an attack on the boundary after the first round of these tests ---------------------

test('a getter that deletes the trainer in the middle of a call gets a clear error, never a freed trainer', () => {
  for (const make of [
    (t) => () =>
      t.evaluate({
        get samples() {
          t.delete();
          return 16;
        },
      }),
    (t) => () =>
      t.attentionWeights({
        tokens: [1, 2, 3],
        get layer() {
          t.delete();
          return 0;
        },
      }),
    (t) => () =>
      t.step({
        valueOf() {
          t.delete();
          return 1;
        },
      }),
  ]) {
    const t = lab.trainer({});
    assert.throws(
      make(t),
      (e) => (e instanceof RangeError && e.param === 'trainer' && /deleted/.test(e.message)) || e instanceof TypeError,
    );
  }
  assertStillCorrect();
});

test('built-ins redefined after load do not reach wasm memory: the buffer getter, iterators, prototype fields', () => {
  const TypedArray = Object.getPrototypeOf(Uint8Array.prototype);
  const original = Object.getOwnPropertyDescriptor(TypedArray, 'buffer');
  const iterator = Array.prototype[Symbol.iterator];
  let leaked = 0,
    iterated = 0;
  Object.defineProperty(TypedArray, 'buffer', {
    configurable: true,
    get() {
      if (this === module.HEAPF32 || this === module.HEAPF64) leaked++;
      return original.get.call(this);
    },
  });
  Array.prototype[Symbol.iterator] = function () {
    iterated++;
    return iterator.call(this);
  };
  Object.defineProperty(Object.prototype, 'binding', { value: 'relativeOffset', configurable: true, writable: true });
  Object.defineProperty(Object.prototype, 'limits', { value: 'trainer', configurable: true, writable: true });
  // What a valid call never needs: these count, and throw, if one does. (Index loops: the test's own code
  // must not run the iterator counted above, nor the built-ins it replaces.)
  const replaced = [
    [Array.prototype, 'map', Array.prototype.map],
    [Array.prototype, 'join', Array.prototype.join],
    [Array, 'isArray', Array.isArray],
    [Object, 'freeze', Object.freeze],
    [Object, 'keys', Object.keys],
    // what Embind's invokers call: the lab calls plain wasm exports instead
    [Array.prototype, 'push', Array.prototype.push],
    [Function.prototype, 'apply', Function.prototype.apply],
  ];
  const called = new Set();
  for (let i = 0; i < replaced.length; i++) {
    const name = replaced[i][1];
    replaced[i][0][name] = () => {
      called.add(name);
      throw new Error(`${name} was called`);
    };
  }
  // An accessor on Array.prototype's first index: a write to a fresh array's [0] would reach it.
  Object.defineProperty(Array.prototype, '0', { get: () => 5, set() {}, configurable: true });
  const results = new Map();
  let trainLength;
  try {
    for (let i = 0; i < GOOD_NAMES.length; i++) results.set(GOOD_NAMES[i], lab[GOOD_NAMES[i]](GOOD[GOOD_NAMES[i]]));
    const run = lab.trainer({});
    run.step(1);
    trainLength = run.trainLength;
    run.delete();
  } finally {
    delete Array.prototype[0];
    for (let i = 0; i < replaced.length; i++) replaced[i][0][replaced[i][1]] = replaced[i][2];
    Object.defineProperty(TypedArray, 'buffer', original);
    Array.prototype[Symbol.iterator] = iterator;
    delete Object.prototype.binding;
    delete Object.prototype.limits;
  }
  assert.deepEqual([...called], [], 'no replaced built-in ran during a valid call');
  assert.ok(Object.isFrozen(trainLength));
  assert.equal(leaked, 0, 'the buffer getter saw a view of wasm memory');
  assert.equal(iterated, 0, 'an array iterator ran during a call');
  GOOD_NAMES.forEach((m) => assert.deepStrictEqual(results.get(m), expected[m], m));
});

test('the trainer keeps its own copy of its lengths; hidden: NaN is refused, not taken as "the default"', () => {
  const t = lab.trainer({});
  assert.throws(() => {
    t.trainLength[0] = '8';
  }, TypeError);
  assert.equal(t.evaluate({ samples: 8 }).samples, 8);
  t.delete();
  assert.throws(
    () => lab.trainer({ hidden: NaN }),
    (e) => e instanceof RangeError && e.param === 'hidden',
  );
});

test('a rejected name is quoted to at most 40 characters', () => {
  try {
    lab.sinusoidal({ positions: 2, dModel: 2, variant: 'x'.repeat(100000) });
    assert.fail('not refused');
  } catch (e) {
    assert.ok(e instanceof RangeError && e.message.length < 200, `${e.message.length} characters`);
  }
});

test('createLab reads only its own options: a polluted Object.prototype.locateFile is never called', async () => {
  const { createLab } = await import('positional-encoding-lab');
  let called = 0;
  Object.defineProperty(Object.prototype, 'locateFile', {
    value: () => {
      called++;
      return 'nowhere.wasm';
    },
    configurable: true,
    writable: true,
  });
  try {
    const other = await createLab({});
    assert.equal(other.sinusoidal({ positions: 1, dModel: 2 }).length, 2);
  } finally {
    delete Object.prototype.locateFile;
  }
  assert.equal(called, 0);
});

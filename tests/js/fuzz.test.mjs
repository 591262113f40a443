// Property-based fuzzing of the whole public API with fast-check. Calls mix valid options (small
// sizes) with random mutations — NaN, ±Infinity, huge, negative and fractional numbers, strings,
// undefined, null, arrays, typed arrays of random type and length, unknown keys — and sometimes
// replace the options entirely. Property: every call returns a well-formed result or throws the lab's
// own TypeError/RangeError; never an Emscripten abort, a WebAssembly.RuntimeError, an Embind error, a
// bare number, or anything else. Afterwards the lab still computes what it computed before.
//
// The seed is fixed so runs are reproducible; override it with FUZZ_SEED=<integer>, and FUZZ_RUNS to
// scale the number of runs. A failure prints the seed and fast-check's counterexample and path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { labPromise } from './helpers.mjs';

const lab = await labPromise;

const SEED = process.env.FUZZ_SEED === undefined ? 20240611 : Number.parseInt(process.env.FUZZ_SEED, 10);
const SCALE = process.env.FUZZ_RUNS === undefined ? 1 : Number(process.env.FUZZ_RUNS) / 18000;
assert.ok(Number.isInteger(SEED), `FUZZ_SEED must be an integer, got ${process.env.FUZZ_SEED}`);
console.log(`fuzz seed ${SEED} (reproduce with FUZZ_SEED=${SEED})`);

// The option names of every method (as lab.js's schemas have them).
const TABLE = ['positions', 'dModel', 'base', 'variant', 'start'];
const SEQUENCE = ['tokens', 'vocabSize', 'dModel', 'seed', 'encoding', 'base', 'variant', 'start', 'maxLen'];
const OPTIONS = {
  sinusoidal: [...TABLE, 'out'],
  sinusoidalReference: TABLE,
  sinusoidalFloat32Angles: TABLE,
  frequencies: ['dModel', 'base', 'variant'],
  learnedTable: ['maxLen', 'dModel', 'seed', 'out'],
  learnedLookup: ['maxLen', 'dModel', 'seed', 'position'],
  embed: SEQUENCE,
  attention: ['q', 'k', 'v', 'n', 'dK', 'dV', 'mask', 'heads', 'rope', 'alibi'],
  selfAttention: ['x', 'n', 'dModel', 'dK', 'seed', 'mask', 'heads', 'rope', 'alibi'],
  rope: ['x', 'n', 'dHead', 'base', 'layout', 'rotaryDims', 'scale', 'start'],
  alibiSlopes: ['heads'],
  alibiBias: ['heads', 'n', 'mask'],
  relativeOffset: [...TABLE, 'k'],
  dotMatrix: ['table', 'rows', 'dModel', 'out'],
  distanceMatrix: ['table', 'rows', 'dModel', 'out'],
  properties: [...TABLE, 'k'],
  permutation: [...SEQUENCE, 'dK', 'swap'],
};
const METHODS = Object.keys(OPTIONS);
const ALL_OPTION_NAMES = [...new Set(Object.values(OPTIONS).flat())];
// Names a RangeError may carry besides the method's own options: the elements of swap, rope's own options.
const ROPE_OPTIONS = ['base', 'layout', 'rotaryDims', 'scale', 'start'];
const EXTRA_PARAMS = ['swap[0]', 'swap[1]', ...ROPE_OPTIONS.map((key) => `rope.${key}`)];

// ---- Arbitraries ----------------------------------------------------------------------------------

const SPECIAL_NUMBERS = [
  NaN,
  Infinity,
  -Infinity,
  -0,
  0,
  1,
  -1,
  0.5,
  1.5,
  2,
  3,
  7,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32 - 1,
  2 ** 32,
  4294967295.5,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e300,
  -1e300,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.EPSILON,
  1e-300,
  1023,
  1024,
  1025,
  2047,
  2048,
  2049,
  4095,
  4096,
  4097,
  65535,
  65536,
  65537,
  999999,
  1e6,
  1e6 + 1,
  1e9,
  1e9 + 1,
  8388608,
  8388609,
];
const wildNumber = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -8, max: 300 }) },
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_NUMBERS) },
  { weight: 2, arbitrary: fc.double() }, // NaN, ±Infinity, ±0, subnormals, huge
  { weight: 1, arbitrary: fc.double({ min: -10, max: 300, noNaN: true }) },
);
const ENUM_WORDS = [
  'paper',
  'halves',
  'tensor2tensor',
  'none',
  'before-softmax',
  'after-softmax',
  'sinusoidal',
  'learned',
  'interleaved',
  'causal',
  '',
  'Paper',
  'rope',
  'paper\0',
  '\uD800',
];
const TYPED = [
  'Float32Array',
  'Float64Array',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'BigInt64Array',
  'BigUint64Array',
];
const typedArray = fc
  .record({
    type: fc.constantFrom(...TYPED),
    length: fc.oneof(fc.nat({ max: 40 }), fc.nat({ max: 300 })),
    x: wildNumber,
  })
  .map(({ type, length, x }) => {
    const a = new globalThis[type](length);
    for (let i = 0; i < length; i++) a[i] = type.startsWith('Big') ? BigInt(i % 5) : i % 3 === 0 ? x : i % 7;
    return a;
  });
// Typed arrays and arrays that lie about themselves (tests/js/hostile.test.mjs has the full set).
const lyingList = fc.tuple(typedArray, fc.constantFrom('length', 'tag', 'set', 'proxy')).map(([a, how]) => {
  if (how === 'proxy') return new Proxy(a, {});
  if (how === 'length') Object.defineProperty(a, 'length', { value: 2 ** 30 });
  if (how === 'tag') Object.defineProperty(a, Symbol.toStringTag, { value: 'Float32Array' });
  if (how === 'set')
    a.set = () => {
      throw new Error('own set() called');
    };
  return a;
});
const wildValue = fc.oneof(
  { weight: 1, arbitrary: lyingList },
  { weight: 6, arbitrary: wildNumber },
  { weight: 2, arbitrary: fc.constantFrom(...ENUM_WORDS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  { weight: 2, arbitrary: fc.constantFrom(undefined, null, true, false, 8n, -1n, () => 1, Symbol('s')) },
  { weight: 2, arbitrary: fc.array(wildNumber, { maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc.array(fc.oneof(wildNumber, fc.string({ maxLength: 2 }), fc.constant(null)), { maxLength: 5 }),
  },
  { weight: 1, arbitrary: fc.tuple(wildNumber, wildNumber) },
  { weight: 2, arbitrary: typedArray },
  { weight: 1, arbitrary: fc.nat({ max: 12 }).map((n) => new Array(n)) }, // sparse
  {
    weight: 1,
    arbitrary: fc.anything({
      maxDepth: 1,
      maxKeys: 3,
      withBigInt: true,
      withBoxedValues: true,
      withNullPrototype: true,
      withTypedArray: true,
      withSparseArray: true,
    }),
  },
);
// A wild value of the option's own type most of the time, so most mutations get past the type checks
// and reach the core's range checks; any wild value otherwise.
const NUMBER_LISTS = ['tokens', 'q', 'k', 'v', 'x', 'table'];
const float32 = fc.oneof(fc.nat({ max: 40 }), fc.nat({ max: 300 })).map((n) => new Float32Array(n));
function wildFor(key) {
  let typed;
  if (NUMBER_LISTS.includes(key))
    typed = fc.oneof(
      typedArray,
      fc.array(wildNumber, { maxLength: 40 }),
      fc.array(fc.integer({ min: -2, max: 70 }), { maxLength: 20 }),
    );
  else if (key === 'out') typed = float32;
  else if (key === 'swap') typed = fc.tuple(wildNumber, wildNumber);
  else if (['variant', 'mask', 'encoding', 'layout'].includes(key))
    typed = fc.oneof(fc.constantFrom(...ENUM_WORDS), fc.string({ maxLength: 8 }));
  else if (key === 'alibi') typed = fc.boolean();
  else if (key === 'rope')
    typed = fc.dictionary(
      fc.oneof(fc.constantFrom(...ROPE_OPTIONS), fc.string({ maxLength: 4 })),
      fc.oneof(wildNumber, fc.constantFrom(...ENUM_WORDS), wildValue),
      { maxKeys: 4 },
    );
  else typed = wildNumber;
  return fc.oneof(
    { weight: 4, arbitrary: typed },
    { weight: 2, arbitrary: wildValue },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}
const randomKey = fc.oneof(
  fc.constantFrom(...ALL_OPTION_NAMES, 'positionz', 'dmodel', 'Q', 'swap[0]', 'length', '0'),
  fc.string({ maxLength: 6 }),
);

// Valid options of every method, with sizes kept small (positions × dModel ≤ 4096).
const int = (min, max) => fc.integer({ min, max });
const variant = fc.constantFrom('paper', 'halves', 'tensor2tensor');
const base = fc.oneof(fc.constant(10000), fc.constantFrom(2, 1e9), fc.double({ min: 2, max: 1e9, noNaN: true }));
const seed = fc.oneof(int(0, 1000), fc.constant(4294967295));
const mask = fc.constantFrom('none', 'before-softmax', 'after-softmax');
const ropeOptions = fc.record(
  {
    base,
    layout: fc.constantFrom('halves', 'interleaved'),
    scale: fc.oneof(fc.constant(1), fc.double({ min: 1, max: 100, noNaN: true })),
    start: int(0, 70000),
  },
  { requiredKeys: [] },
);
// Heads dividing dK and dV, rope (its rotaryDims left to default only when heads are evenly wide), alibi.
const headOptions = (o) =>
  fc
    .record({
      heads: fc.constantFrom(...[1, 2, 3, 4].filter((h) => o.dK % h === 0 && (o.dV ?? o.dK) % h === 0)),
      rope: fc.option(ropeOptions, { nil: undefined }),
      alibi: fc.option(fc.boolean(), { nil: undefined }),
    })
    .map((h) => {
      const even = 2 * Math.floor(o.dK / h.heads / 2); // heads one dimension wide have no pair: an error
      const rope = h.rope === undefined ? undefined : stripUndefined({ ...h.rope, rotaryDims: even || undefined });
      return stripUndefined({ ...o, ...h, rope });
    });
const listOf = (length) =>
  fc
    .tuple(
      fc.constantFrom('Array', 'Float32Array', 'Float64Array', 'Int16Array'),
      fc.array(fc.double({ min: -4, max: 4, noNaN: true }), { minLength: length, maxLength: length }),
    )
    .map(([type, xs]) => (type === 'Array' ? xs : new globalThis[type](xs)));
const withOut = (arb, length) =>
  fc.tuple(arb, fc.boolean()).map(([o, out]) => (out ? { ...o, out: new Float32Array(length(o)) } : o));
const table = fc.record(
  { positions: int(1, 64), dModel: int(2, 64), base, variant, start: fc.oneof(int(0, 1000), int(999000, 999936)) },
  { requiredKeys: ['positions', 'dModel'] },
);
const sequence = fc.record({ vocabSize: int(1, 64), count: int(1, 16) }).chain(({ vocabSize, count }) =>
  fc.record(
    {
      tokens: fc.array(int(0, vocabSize - 1), { minLength: count, maxLength: count }),
      vocabSize: fc.constant(vocabSize),
      dModel: int(2, 32),
      seed,
      encoding: fc.constantFrom('none', 'sinusoidal', 'learned'),
      base,
      variant,
      start: int(0, 100),
      maxLen: int(1, 128),
    },
    { requiredKeys: ['tokens', 'vocabSize', 'dModel'] },
  ),
);
const pairs = fc.record({ rows: int(1, 16), dModel: int(2, 16) }).chain((o) =>
  withOut(
    listOf(o.rows * o.dModel).map((t) => ({ ...o, table: t })),
    (x) => x.rows * x.rows,
  ),
);

const VALID = {
  sinusoidal: withOut(table, (o) => o.positions * o.dModel),
  sinusoidalReference: table,
  sinusoidalFloat32Angles: table,
  frequencies: fc.record({ dModel: int(2, 64), base, variant }, { requiredKeys: ['dModel'] }),
  learnedTable: withOut(
    fc.record({ maxLen: int(1, 64), dModel: int(2, 64), seed }, { requiredKeys: ['maxLen', 'dModel'] }),
    (o) => o.maxLen * o.dModel,
  ),
  learnedLookup: fc.record(
    { maxLen: int(1, 64), dModel: int(2, 64), seed, position: int(0, 70) },
    { requiredKeys: ['maxLen', 'dModel', 'position'] },
  ),
  embed: sequence,
  attention: fc
    .record({ n: int(1, 8), dK: int(1, 8), dV: fc.option(int(1, 8), { nil: undefined }), mask })
    .chain((o) =>
      fc
        .record({ q: listOf(o.n * o.dK), k: listOf(o.n * o.dK), v: listOf(o.n * (o.dV ?? o.dK)) })
        .map((arrays) => stripUndefined({ ...o, ...arrays })),
    )
    .chain(headOptions),
  selfAttention: fc
    .record({ n: int(1, 8), dModel: int(2, 16), dK: int(1, 8), seed, mask })
    .chain((o) => listOf(o.n * o.dModel).map((x) => ({ ...o, x })))
    .chain(headOptions),
  rope: fc
    .record({ n: int(1, 16), dHead: int(2, 40) })
    .chain((o) =>
      fc
        .tuple(listOf(o.n * o.dHead), ropeOptions, fc.option(int(1, o.dHead >> 1), { nil: undefined }))
        .map(([x, r, pairs]) =>
          stripUndefined({ ...o, x, ...r, rotaryDims: pairs === undefined ? undefined : 2 * pairs }),
        ),
    ),
  alibiSlopes: fc.record({ heads: int(1, 1024) }),
  alibiBias: fc.record(
    { heads: int(1, 16), n: int(1, 16), mask: fc.constantFrom('none', 'causal') },
    { requiredKeys: ['heads', 'n'] },
  ),
  relativeOffset: fc.tuple(table, int(0, 100)).map(([o, k]) => ({ ...o, k })),
  dotMatrix: pairs,
  distanceMatrix: pairs,
  properties: fc.tuple(table, fc.option(int(0, 10), { nil: undefined })).map(([o, k]) => stripUndefined({ ...o, k })),
  permutation: fc.tuple(sequence, int(1, 8)).chain(([o, dK]) => {
    const last = o.tokens.length - 1;
    return fc.tuple(int(0, last), int(0, last)).map((swap) => ({ ...o, dK, swap }));
  }),
};

function stripUndefined(o) {
  for (const key of Object.keys(o)) if (o[key] === undefined) delete o[key];
  return o;
}

// Sets an option, or (value undefined, remove) deletes it.
const mutation = (key, value) => fc.record({ key, value, remove: fc.boolean() });

const NO_CHANGE = Symbol('valid options, mutated');
// A call: a method, valid options, up to three mutations (set or delete an option of that method, or
// set a random key), and rarely options replaced by a wild value or a random dictionary.
const call = fc.constantFrom(...METHODS).chain((method) =>
  fc.record({
    method: fc.constant(method),
    valid: VALID[method],
    mutations: fc.array(
      fc.oneof(
        {
          weight: 6,
          arbitrary: fc.constantFrom(...OPTIONS[method]).chain((key) => mutation(fc.constant(key), wildFor(key))),
        },
        { weight: 1, arbitrary: mutation(randomKey, wildValue) },
      ),
      { maxLength: 3 },
    ),
    whole: fc.oneof(
      { weight: 40, arbitrary: fc.constant(NO_CHANGE) },
      { weight: 1, arbitrary: wildValue },
      { weight: 1, arbitrary: fc.dictionary(randomKey, wildValue, { maxKeys: 6 }) },
    ),
  }),
);

// A fresh copy of every typed array, so a call that fills `out` leaves the generated value alone.
function fresh(value) {
  return ArrayBuffer.isView(value) && !(value instanceof DataView) ? new value.constructor(value) : value;
}

function buildOptions({ valid, mutations, whole }) {
  if (whole !== NO_CHANGE) {
    if (whole === null || typeof whole !== 'object') return whole;
    const o = Array.isArray(whole) ? [...whole] : Object.create(Object.getPrototypeOf(whole));
    for (const key of Object.keys(whole)) define(o, key, fresh(whole[key]));
    return o;
  }
  const o = {};
  for (const key of Object.keys(valid)) o[key] = fresh(valid[key]);
  for (const { key, value, remove } of mutations) {
    if (value === undefined && remove) delete o[key];
    else define(o, key, fresh(value));
  }
  return o;
}

// An own enumerable property even for keys such as '__proto__'.
function define(o, key, value) {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

// Work the call would do if its options were valid; runs above the budget are skipped (fc.pre) so the
// file stays fast. Only a few rare combinations of large specials reach it.
const num = (x, fallback = 1) => (typeof x === 'number' && Number.isFinite(x) ? Math.abs(x) : fallback);
// A list's length, for the estimate only: a forged typed array's `length` getter throws (the lab refuses it).
const lengthOf = (x) => {
  try {
    return num(x?.length);
  } catch {
    return 1;
  }
};
function cost(method, o) {
  if (o === null || typeof o !== 'object') return 0;
  switch (method) {
    case 'sinusoidal':
    case 'sinusoidalReference':
    case 'sinusoidalFloat32Angles':
    case 'relativeOffset':
      return num(o.positions) * num(o.dModel, 64) * (method === 'sinusoidal' ? 1 : 4);
    case 'learnedTable':
      return num(o.maxLen) * num(o.dModel, 64) * 4;
    case 'properties':
      return num(o.positions) * (num(o.positions) + num(o.k)) * num(o.dModel, 64);
    case 'embed':
      return lengthOf(o.tokens) * num(o.dModel, 64);
    case 'selfAttention':
      return num(o.dModel, 64) * num(o.dK, 8) * (3 + num(o.n));
    case 'permutation':
      return num(o.dModel, 64) * num(o.dK, 8) * (3 + lengthOf(o.tokens)) * 4;
    case 'rope':
      return num(o.n) * num(o.dHead, 64);
    case 'alibiBias':
      return num(o.heads) * num(o.n) ** 2;
    default:
      return 0;
  }
}
const BUDGET = 2 ** 21;

// ---- The property -----------------------------------------------------------------------------------

let calls = 0;
let returned = 0;
const thrown = { TypeError: 0, RangeError: 0 };

function isPlainOptions(o) {
  return o !== null && typeof o === 'object' && !Array.isArray(o);
}

function checkError(method, options, e) {
  const what = e instanceof Error ? `${e.constructor?.name}: ${e.message}` : `a non-Error: ${typeof e} ${String(e)}`;
  assert.ok(e instanceof Error, `threw ${what}`);
  assert.ok(e.constructor === TypeError || e.constructor === RangeError, `threw ${what}`);
  assert.ok(!(e instanceof WebAssembly.RuntimeError), `threw ${what}`);
  assert.ok(e.message.startsWith(`${method}: `), `not the lab's own error: ${what}`);
  thrown[e.constructor.name]++;
  if (!isPlainOptions(options)) {
    assert.equal(e.constructor, TypeError, what);
    return;
  }
  assert.equal(typeof e.param, 'string', `no param on ${what}`);
  assert.ok(e.message.includes(e.param), `message does not name param '${e.param}': ${what}`);
  if (e.constructor === RangeError)
    assert.ok(
      OPTIONS[method].includes(e.param) || EXTRA_PARAMS.includes(e.param),
      `RangeError names '${e.param}': ${what}`,
    );
}

const seedOf = (o) => (o.seed === undefined ? {} : { seed: o.seed });

// What every sinusoidal table must be, whatever its base: pair i's sine and cosine (paper interleaves
// them, 2i and 2i+1; halves and tensor2tensor put the sines first, i and d/2 + i, an odd width's last
// column 0: README, Conventions) have sin² + cos² = 1, and pair 0 (ω_0 = base^0 = 1 in every
// convention) is sin p, cos p at p = start … start + positions − 1. Tolerances: [unit circle, pair 0].
function checkSinusoid(o, r, [circle, pair0]) {
  const d = o.dModel;
  const half = Math.floor(d / 2);
  const start = o.start ?? 0;
  const paper = (o.variant ?? 'paper') === 'paper';
  for (let p = 0; p < o.positions; p++) {
    const row = p * d;
    for (let i = 0; i < half; i++) {
      const [s, c] = paper ? [r[row + 2 * i], r[row + 2 * i + 1]] : [r[row + i], r[row + half + i]];
      assert.ok(Math.abs(s * s + c * c - 1) <= circle, `row ${p} pair ${i}: sin² + cos² = ${s * s + c * c}`);
    }
    const [s, c] = paper ? [r[row], r[row + 1]] : [r[row], r[row + half]];
    const angle = start + p;
    assert.ok(
      Math.abs(s - Math.sin(angle)) <= pair0 && Math.abs(c - Math.cos(angle)) <= pair0,
      `row ${p} pair 0: (${s}, ${c}), not (sin, cos) of ${angle}`,
    );
    if (d % 2 === 1) assert.equal(r[row + d - 1], 0, `row ${p}: the odd width's last column`);
  }
}

// A result that came back must have the shape its options imply.
function checkResult(method, o, r) {
  const size = (x) => x; // options that passed validation are exact integers
  const finiteIn = (a, bound = Infinity) => a.every((x) => Number.isFinite(x) && Math.abs(x) <= bound);
  switch (method) {
    case 'sinusoidal':
    case 'sinusoidalFloat32Angles':
    case 'sinusoidalReference': {
      const Type = method === 'sinusoidalReference' ? Float64Array : Float32Array;
      assert.ok(r instanceof Type);
      assert.equal(r.length, size(o.positions) * size(o.dModel));
      if (o.out !== undefined) assert.equal(r, o.out);
      assert.ok(finiteIn(r, 1 + 1e-6), 'sinusoidal entries lie in [-1, 1]');
      checkSinusoid(o, r, method === 'sinusoidalReference' ? [1e-12, 1e-9] : [1e-5, 2e-6]);
      break;
    }
    case 'frequencies': {
      const pairs = Math.floor(o.dModel / 2);
      assert.equal(r.omega.length, pairs);
      assert.equal(r.wavelength.length, pairs);
      assert.ok(finiteIn(r.omega) && finiteIn(r.wavelength));
      // ω_0 = base^0 = 1, and base ≥ 2 makes every later pair slower; wavelength = 2π/ω.
      assert.equal(r.omega[0], 1, 'pair 0 turns once a position');
      for (let i = 1; i < pairs; i++) assert.ok(r.omega[i] < r.omega[i - 1], `omega[${i}] below omega[${i - 1}]`);
      for (let i = 0; i < pairs; i++)
        assert.ok(Math.abs((r.wavelength[i] * r.omega[i]) / (2 * Math.PI) - 1) <= 1e-12, `wavelength[${i}] = 2π/ω`);
      // An even width: the conventions' ω_i (README), base^(−2i/d), or base^(−i/(d/2 − 1)) for tensor2tensor.
      if (o.dModel % 2 === 0) {
        const base = o.base ?? 10000;
        for (let i = 0; i < pairs; i++) {
          const omega =
            o.variant === 'tensor2tensor' ? base ** (-i / Math.max(1, pairs - 1)) : base ** ((-2 * i) / o.dModel);
          assert.ok(Math.abs(r.omega[i] / omega - 1) <= 1e-12, `omega[${i}] ${r.omega[i]}, the formula ${omega}`);
        }
      }
      break;
    }
    case 'learnedTable': {
      assert.ok(r instanceof Float32Array);
      assert.equal(r.length, o.maxLen * o.dModel);
      if (o.out !== undefined) assert.equal(r, o.out);
      assert.ok(finiteIn(r));
      // Any row can be made alone (one counter-based generator): the last is learnedLookup's.
      const position = o.maxLen - 1;
      const row = lab.learnedLookup({ maxLen: o.maxLen, dModel: o.dModel, position, ...seedOf(o) });
      assert.deepEqual(row, r.slice(position * o.dModel), 'the last row is learnedLookup of it');
      break;
    }
    case 'learnedLookup':
      assert.ok(r instanceof Float32Array);
      assert.equal(r.length, o.dModel);
      assert.ok(o.position < o.maxLen);
      assert.ok(finiteIn(r));
      break;
    case 'embed':
      assert.ok(r instanceof Float32Array);
      assert.equal(r.length, o.tokens.length * o.dModel);
      break;
    case 'attention':
    case 'selfAttention': {
      const width = method === 'attention' ? (o.dV ?? o.dK) : o.dK;
      assert.ok(r.weights instanceof Float32Array && r.output instanceof Float32Array);
      assert.equal(r.weights.length, (o.heads ?? 1) * o.n * o.n);
      assert.equal(r.output.length, o.n * width);
      assert.ok(r.scores instanceof Float32Array && r.scores.length === r.weights.length);
      if (method === 'selfAttention')
        for (const m of [r.q, r.k]) assert.ok(m instanceof Float32Array && m.length === o.n * o.dK);
      else assert.ok(!Object.hasOwn(r, 'q') && !Object.hasOwn(r, 'k'));
      break;
    }
    case 'rope':
      assert.ok(r instanceof Float32Array);
      assert.equal(r.length, o.n * o.dHead);
      break;
    case 'alibiSlopes':
      assert.ok(r instanceof Float64Array);
      assert.equal(r.length, o.heads);
      assert.ok(finiteIn(r, 1) && r.every((x) => x > 0));
      break;
    case 'alibiBias':
      assert.ok(r instanceof Float32Array);
      assert.equal(r.length, o.heads * o.n * o.n);
      assert.ok(r.every((x) => x <= 0));
      break;
    case 'relativeOffset':
      assert.equal(r.blocks.length, Math.floor(o.dModel / 2) * 4);
      assert.equal(typeof r.maxResidual, 'number');
      break;
    case 'dotMatrix':
    case 'distanceMatrix':
      assert.ok(r instanceof Float32Array);
      assert.equal(r.length, o.rows * o.rows);
      if (o.out !== undefined) assert.equal(r, o.out);
      break;
    case 'properties':
      for (const key of [
        'minDistance',
        'maxAbsValue',
        'minNormSq',
        'maxNormSq',
        'minOffsetDot',
        'maxOffsetDot',
        'offsetDotDeviation',
      ])
        assert.equal(typeof r[key], 'number', key);
      assert.equal(r.minDistancePositions.length, 2);
      break;
    case 'permutation':
      for (const arm of [r.withoutEncoding, r.withEncoding]) {
        assert.equal(arm.original.weights.length, o.tokens.length ** 2);
        assert.equal(arm.swapped.output.length, o.tokens.length * o.dK);
        assert.equal(typeof arm.relabelResidual, 'number');
      }
      break;
  }
}

function probe(c) {
  const options = buildOptions(c);
  fc.pre(cost(c.method, options) <= BUDGET);
  calls++;
  let result;
  try {
    result = lab[c.method](options);
  } catch (e) {
    checkError(c.method, options, e);
    return;
  }
  returned++;
  checkResult(c.method, options, result);
}

// What known calls return before the fuzzing; they must return the same after it.
const KNOWN = [
  ['sinusoidal', { positions: 5, dModel: 6, start: 2 }],
  ['learnedTable', { maxLen: 3, dModel: 4, seed: 9 }],
  ['attention', { q: [1, 0, 0, 1], k: [1, 2, 3, 4], v: [1, 1, 2, 2], n: 2, dK: 2 }],
  ['permutation', { tokens: [3, 1, 4, 1], vocabSize: 8, dModel: 8, dK: 4, swap: [0, 2] }],
  ['properties', { positions: 6, dModel: 8, k: 2 }],
  ['rope', { x: [1, 2, 3, 4, 5, 6, 7, 8], n: 2, dHead: 4, start: 9, layout: 'interleaved' }],
  ['attention', { q: [1, 0, 0, 1], k: [1, 2, 3, 4], v: [1, 1, 2, 2], n: 2, dK: 2, rope: {}, alibi: true }],
];
const before = KNOWN.map(([m, o]) => lab[m](o));

function assertStillCorrect() {
  KNOWN.forEach(([m, o], i) => assert.deepStrictEqual(lab[m](o), before[i], `${m} after fuzzing`));
  assert.ok(Math.abs(lab.sinusoidal({ positions: 1, dModel: 2, start: 1 })[0] - Math.sin(1)) < 1e-6);
}

test('fuzz: every method with valid options under random mutations', (t) => {
  const numRuns = Math.round(16000 * SCALE);
  fc.assert(fc.property(call, probe), { seed: SEED, numRuns });
  assertStillCorrect();
  t.diagnostic(
    `seed ${SEED}: ${calls} calls, ${returned} returned, ${thrown.TypeError} TypeErrors, ${thrown.RangeError} RangeErrors`,
  );
});

test('fuzz: random option dictionaries and argument values', (t) => {
  const start = calls;
  const numRuns = Math.round(2000 * SCALE);
  const arbitrary = fc.record({
    method: fc.constantFrom(...METHODS),
    valid: fc.constant({}),
    mutations: fc.constant([]),
    whole: fc.oneof(
      fc.dictionary(fc.oneof(fc.constantFrom(...ALL_OPTION_NAMES), randomKey), wildValue, { maxKeys: 8 }),
      wildValue,
    ),
  });
  fc.assert(fc.property(arbitrary, probe), { seed: SEED + 1, numRuns });
  assertStillCorrect();
  t.diagnostic(`seed ${SEED + 1}: ${calls - start} calls`);
});

test('fuzz: at least 10,000 calls in all, and the lab still computes correct values', (t) => {
  t.diagnostic(
    `${calls} calls in all (${returned} returned, ${thrown.TypeError} TypeErrors, ${thrown.RangeError} RangeErrors)`,
  );
  if (SCALE >= 1) assert.ok(calls >= 10000, `only ${calls} calls`);
  assert.ok(returned > calls / 10, `only ${returned} of ${calls} calls returned: the fuzzing barely reaches the core`);
  assert.ok(thrown.RangeError > calls / 10, `only ${thrown.RangeError} RangeErrors`);
  assertStillCorrect();
});

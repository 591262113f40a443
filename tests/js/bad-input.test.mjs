// Every public method × every kind of bad argument, table-driven. Each case names the method, the
// option, the bad value and the error it must raise (TypeError for a wrong type or a missing option,
// RangeError for a value out of range); the error must carry `param`, name it in its message and quote
// the allowed range as `lab.limits` gives it. After every bad call a valid call must still return the
// values it returned before any bad call.
//
// Cases the library once got wrong are marked with `bug` (what was wrong); they run in the
// "fixed, stays fixed" tests at the end, grouped by bug, as regression tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { labPromise } from './helpers.mjs';

const lab = await labPromise;

// The numeric ranges the cases use, read from the public `lab.limits` ('an integer from 1 to 65536' →
// [1, 65536], 'a number from …' → [lo, hi, 'real']). The one check of lab.limits itself against the
// documented ranges is the test 'lab.limits quotes exactly the documented ranges and caps' below.
const LIMITS = Object.fromEntries(
  Object.entries(lab.limits)
    .filter(([, text]) => typeof text === 'string')
    .map(([param, text]) => {
      const m = /^(an integer|a number) from (-?[0-9.e+]+) to (-?[0-9.e+]+)$/.exec(text);
      if (!m) throw new Error(`lab.limits.${param} is not "an integer|a number from LO to HI": ${text}`);
      const range = [Number(m[2]), Number(m[3])];
      return [param, m[1] === 'a number' ? [...range, 'real'] : range];
    }),
);
const MAX_ELEMENTS = lab.limits.maxElements;
// Not in lab.limits: how many tokens a sequence holds, and the properties summary's own work cap
// (lab.d.ts: "1 to 2048 of them", "positions² × dModel ≤ 2^28").
const TOKEN_COUNT = [1, 2048];
const PROPERTIES_WORK = 2 ** 28;

const VARIANTS = "'paper', 'halves', 'tensor2tensor'";
const MASKS = "'none', 'before-softmax', 'after-softmax'";
const ENCODINGS = "'none', 'sinusoidal', 'learned'";
const LAYOUTS = "'halves', 'interleaved'";
const BIAS_MASKS = "'none', 'causal'";
// rope's own options (lab.rope's, and nested as `rope` in attention and selfAttention).
const ROPE_PARAMS = { base: 'real', layout: 'layout', rotaryDims: 'int', scale: 'real', start: 'int' };

// Deterministic inputs for the base calls.
function values(length, seed, Type = Float32Array) {
  const a = new Type(length);
  for (let i = 0; i < length; i++) a[i] = Math.sin(seed * 12.9898 + i * 78.233) * 2;
  return a;
}

// Per method: a valid base call, and the schema (kind of every option, which are required). Kinds:
// int / real (numeric, range in LIMITS), variant / mask / encoding (enum strings), list (array or
// typed array of numbers whose length the other options fix), tokens, out (Float32Array), pair.
const TABLE_PARAMS = { positions: 'int', dModel: 'int', base: 'real', variant: 'variant', start: 'int' };
const SEQUENCE_PARAMS = {
  tokens: 'tokens',
  vocabSize: 'int',
  dModel: 'int',
  seed: 'int',
  encoding: 'encoding',
  base: 'real',
  variant: 'variant',
  start: 'int',
  maxLen: 'int',
};
const PAIRS_PARAMS = { table: 'list', rows: 'int', dModel: 'int', out: 'out' };
const tableBase = () => ({ positions: 6, dModel: 8, start: 3 });
const pairsBase = () => ({ table: values(12, 5), rows: 3, dModel: 4 });

const SPECS = {
  sinusoidal: {
    base: tableBase(),
    params: { ...TABLE_PARAMS, out: 'out' },
    required: ['positions', 'dModel'],
    lengths: { out: (o) => o.positions * o.dModel },
    paperWidth: true,
    startSpan: true,
    sizeCap: 'positions',
  },
  sinusoidalReference: {
    base: tableBase(),
    params: TABLE_PARAMS,
    required: ['positions', 'dModel'],
    paperWidth: true,
    startSpan: true,
    sizeCap: 'positions',
  },
  sinusoidalFloat32Angles: {
    base: tableBase(),
    params: TABLE_PARAMS,
    required: ['positions', 'dModel'],
    paperWidth: true,
    startSpan: true,
    sizeCap: 'positions',
  },
  frequencies: {
    base: { dModel: 8 },
    params: { dModel: 'int', base: 'real', variant: 'variant' },
    required: ['dModel'],
    paperWidth: true,
  },
  learnedTable: {
    base: { maxLen: 6, dModel: 8, seed: 7 },
    params: { maxLen: 'int', dModel: 'int', seed: 'int', out: 'out' },
    required: ['maxLen', 'dModel'],
    lengths: { out: (o) => o.maxLen * o.dModel },
    sizeCap: 'maxLen',
  },
  learnedLookup: {
    base: { maxLen: 6, dModel: 8, seed: 7, position: 4 },
    params: { maxLen: 'int', dModel: 'int', seed: 'int', position: 'int' },
    required: ['maxLen', 'dModel', 'position'],
    sizeCap: 'maxLen',
  },
  embed: {
    base: { tokens: [3, 1, 4, 1], vocabSize: 8, dModel: 8, seed: 2 },
    params: SEQUENCE_PARAMS,
    required: ['tokens', 'vocabSize', 'dModel'],
    paperWidth: true,
  },
  attention: {
    base: { q: values(6, 1), k: Array.from(values(6, 2)), v: values(4, 3, Float64Array), n: 2, dK: 3, dV: 2 },
    params: {
      q: 'list',
      k: 'list',
      v: 'list',
      n: 'int',
      dK: 'int',
      dV: 'int',
      mask: 'mask',
      heads: 'int',
      rope: 'rope',
      alibi: 'boolean',
    },
    required: ['q', 'k', 'v', 'n', 'dK'],
    lengths: { q: (o) => o.n * o.dK, k: (o) => o.n * o.dK, v: (o) => o.n * o.dV },
  },
  selfAttention: {
    base: { x: values(24, 4), n: 3, dModel: 8, dK: 4, seed: 1, mask: 'before-softmax' },
    params: {
      x: 'list',
      n: 'int',
      dModel: 'int',
      dK: 'int',
      seed: 'int',
      mask: 'mask',
      heads: 'int',
      rope: 'rope',
      alibi: 'boolean',
    },
    required: ['x', 'n', 'dModel', 'dK'],
    lengths: { x: (o) => o.n * o.dModel },
  },
  rope: {
    base: { x: values(24, 6), n: 3, dHead: 8, start: 5, layout: 'interleaved' },
    params: { x: 'list', n: 'int', dHead: 'int', ...ROPE_PARAMS },
    required: ['x', 'n', 'dHead'],
    lengths: { x: (o) => o.n * o.dHead },
  },
  // (Its `scaling` options have their own refusals in tests/js/rope-scaling.test.mjs.)
  ropeFrequencies: {
    base: { dHead: 8, base: 500, rotaryDims: 6 },
    params: { dHead: 'int', base: 'real', rotaryDims: 'int' },
    required: ['dHead'],
  },
  alibiSlopes: { base: { heads: 6 }, params: { heads: 'int' }, required: ['heads'] },
  alibiBias: {
    base: { heads: 3, n: 5, mask: 'causal' },
    params: { heads: 'int', n: 'int', mask: 'biasMask' },
    required: ['heads', 'n'],
  },
  relativeOffset: {
    base: { ...tableBase(), k: 2 },
    params: { ...TABLE_PARAMS, k: 'int' },
    required: ['positions', 'dModel', 'k'],
    paperWidth: true,
    startSpan: true,
  },
  dotMatrix: {
    base: pairsBase(),
    params: PAIRS_PARAMS,
    required: ['table', 'rows', 'dModel'],
    lengths: { table: (o) => o.rows * o.dModel, out: (o) => o.rows * o.rows },
  },
  distanceMatrix: {
    base: pairsBase(),
    params: PAIRS_PARAMS,
    required: ['table', 'rows', 'dModel'],
    lengths: { table: (o) => o.rows * o.dModel, out: (o) => o.rows * o.rows },
  },
  properties: {
    base: { ...tableBase(), k: 2 },
    params: { ...TABLE_PARAMS, k: 'int' },
    required: ['positions', 'dModel'],
    paperWidth: true,
    startSpan: true,
  },
  permutation: {
    base: { tokens: [3, 1, 4], vocabSize: 8, dModel: 8, dK: 4, swap: [0, 2] },
    params: { ...SEQUENCE_PARAMS, dK: 'int', swap: 'pair' },
    required: ['tokens', 'vocabSize', 'dModel', 'dK', 'swap'],
    paperWidth: true,
  },
};
const METHODS = Object.keys(SPECS);

// Whatever the valid calls return before any bad call is what they must keep returning.
const expected = Object.fromEntries(METHODS.map((m) => [m, lab[m](SPECS[m].base)]));

const MISSING = Symbol('missing');

function detached(Type, length) {
  const buffer = new ArrayBuffer(length * Type.BYTES_PER_ELEMENT);
  const view = new Type(buffer);
  structuredClone(buffer, { transfer: [buffer] });
  return view;
}

// Values of the wrong type for every kind of option (each a TypeError).
const COMMON_WRONG = [
  ['boolean', true],
  ['object', {}],
  ['null', null],
  ['BigInt', 8n],
  ['symbol', Symbol('x')],
  ['function', () => 8],
];
const WRONG_TYPES = {
  int: [['string', '8'], ['empty string', ''], ...COMMON_WRONG, ['array', [8]], ['Number object', new Number(8)]],
  real: [['string', '100'], ...COMMON_WRONG, ['array', [100]], ['Number object', new Number(100)]],
  enum: [['number', 3], ...COMMON_WRONG, ['array', ['paper']], ['String object', new String('none')]],
  list: [
    ['string', '1,2,3'],
    ['number', 6],
    ...COMMON_WRONG,
    ['array of strings', ['1', '2']],
    ['array with null', [1, null]],
    ['array with undefined', [1, undefined]],
    ['array of BigInts', [1n, 2n]],
    ['BigInt64Array', new BigInt64Array(6)],
    ['DataView', new DataView(new ArrayBuffer(24))],
  ],
  out: [
    ['plain array', [0, 0]],
    ['Float64Array', new Float64Array(48)],
    ['Int32Array', new Int32Array(9)],
    ['string', 'out'],
    ['number', 48],
    ...COMMON_WRONG,
    ['DataView', new DataView(new ArrayBuffer(192))],
  ],
  pair: [
    ['string', '0,2'],
    ['number', 0],
    ...COMMON_WRONG,
    ['empty array', []],
    ['one number', [0]],
    ['three numbers', [0, 1, 2]],
    ['string element', ['0', 2]],
    ['BigInt element', [0n, 2n]],
    ['undefined element', [undefined, 2]],
    ['Int32Array', new Int32Array([0, 2])],
  ],
};
WRONG_TYPES.tokens = WRONG_TYPES.list;
WRONG_TYPES.variant = WRONG_TYPES.mask = WRONG_TYPES.encoding = WRONG_TYPES.enum;
WRONG_TYPES.layout = WRONG_TYPES.biasMask = WRONG_TYPES.enum;
WRONG_TYPES.boolean = [
  ['number', 1],
  ['string', 'true'],
  ...COMMON_WRONG.filter(([label]) => label !== 'boolean'),
  ['array', [true]],
  ['Boolean object', new Boolean(true)],
];
WRONG_TYPES.rope = [
  ['number', 1],
  ['string', 'halves'],
  ...COMMON_WRONG.filter(([label]) => label !== 'object'),
  ['array', [10000]],
  ['Float32Array', new Float32Array(2)],
];

const BAD_ENUMS = {
  variant: [
    ['empty', ''],
    ['capitalised', 'Paper'],
    ['unknown', 'rope'],
    ['padded', ' paper'],
    ['NUL', 'paper\0'],
  ],
  mask: [
    ['empty', ''],
    ['capitalised', 'None'],
    ['unknown', 'causal'],
    ['padded', 'none '],
  ],
  encoding: [
    ['empty', ''],
    ['capitalised', 'Sinusoidal'],
    ['unknown', 'rope'],
    ['padded', 'learned\n'],
  ],
};
BAD_ENUMS.layout = [
  ['empty', ''],
  ['capitalised', 'Halves'],
  ["a library's name", 'neox'],
  ['padded', 'halves '],
];
BAD_ENUMS.biasMask = [
  ['empty', ''],
  ['capitalised', 'Causal'],
  ["attention's mask name", 'before-softmax'],
];
const ENUM_TEXT = { variant: VARIANTS, mask: MASKS, encoding: ENCODINGS, layout: LAYOUTS, biasMask: BIAS_MASKS };

// The range text of a rejected rotaryDims: an integer in range that is too small is told the rope rule.
const rotaryText = (value, range) => (value === 0 || value === 1 ? 'an even integer from 2' : range);

// Out-of-range numbers for a numeric option with range [lo, hi].
function outOfRange([lo, hi, real]) {
  const list = [
    ['NaN', NaN],
    ['+Infinity', Infinity],
    ['-Infinity', -Infinity],
    ['negative', -1],
    ['huge negative', -1e300],
    ['above maximum', hi + 1],
    ['far above maximum', hi * 1000 + 7],
    ['huge', 1e300],
    ['2^53+2', 2 ** 53 + 2],
  ];
  if (lo > 0) list.push(['zero', 0]);
  if (lo - 1 > 0) list.push(['below minimum', lo - 1]);
  if (real) list.push(['just below minimum', lo - 1e-9]);
  else list.push(['non-integer', lo + 0.5], ['non-integer near maximum', hi - 0.5], ['tiny fraction', lo + 1e-9]);
  return list;
}

// Builds the case table of one method.
function casesFor(method) {
  const { base, params, required, lengths = {} } = SPECS[method];
  const cases = [];
  const add = (c) =>
    cases.push({ method, texts: [], ...c, options: 'options' in c ? c.options : withValue(base, c.param, c.value) });

  for (const [param, kind] of Object.entries(params)) {
    // Only numeric options quote a range (attention's matrix `k` is not the offset `k`).
    const range = kind === 'int' || kind === 'real' ? lab.limits[param] : undefined;
    const rangeText = typeof range === 'string' ? [range] : [];
    if (required.includes(param))
      add({ param, value: MISSING, label: 'missing', type: TypeError, texts: ['required', ...rangeText] });
    for (const [label, value] of WRONG_TYPES[kind])
      add({
        param,
        value,
        label: `wrong type: ${label}`,
        type: TypeError,
        texts: [...rangeText, ...(kind === 'out' ? ['Float32Array'] : [])],
      });

    if (kind === 'int' || kind === 'real')
      for (const [label, value] of outOfRange(LIMITS[param]))
        add({
          param,
          value,
          label,
          type: RangeError,
          texts: [param === 'rotaryDims' ? rotaryText(value, range) : range],
        });

    if (kind === 'rope') for (const c of nestedRopeCases(base, param)) add(c);

    if (kind in BAD_ENUMS)
      for (const [label, value] of BAD_ENUMS[kind])
        add({ param, value, label: `bad enum: ${label}`, type: RangeError, texts: [ENUM_TEXT[kind]] });

    if (kind === 'list' || kind === 'out') {
      const length = lengths[param](base);
      const Type = kind === 'out' ? Float32Array : Float64Array;
      for (const [label, value] of [
        ['one short', new Type(length - 1)],
        ['one long', new Type(length + 1)],
        ['empty', new Type(0)],
        ['far too long', new Type(length * 50 + 3)],
      ])
        add({
          param,
          value,
          label: `wrong length: ${label} ${value.constructor.name}`,
          type: RangeError,
          texts: [`exactly ${length} elements`],
        });
      if (kind === 'list') {
        add({
          param,
          value: Array.from(values(length + 2, 9)),
          label: 'wrong length: long plain array',
          type: RangeError,
          texts: [`exactly ${length} elements`],
        });
        add({
          param,
          value: new Float32Array(length - 1),
          label: 'wrong length: short Float32Array',
          type: RangeError,
          texts: [`exactly ${length} elements`],
        });
        // Holes are not numbers.
        add({
          param,
          value: new Array(length),
          label: 'sparse array',
          type: TypeError,
          texts: [],
          bug: 'sparse arrays pass the number-list check',
        });
        add({
          param,
          value: detached(Float32Array, length),
          label: 'detached Float32Array (length 0)',
          type: [TypeError, RangeError],
          texts: [],
          bug: 'a detached typed array throws from inside the binding, without param, and leaks',
        });
      } else {
        // A detached array cannot be filled: a TypeError, like any other unusable `out`.
        add({
          param,
          value: detached(Float32Array, length),
          label: 'detached Float32Array (length 0)',
          type: TypeError,
          texts: ['detached'],
        });
        add({
          param,
          value: new Proxy(new Float32Array(length), {}),
          label: 'Proxy of a Float32Array',
          type: [TypeError, RangeError],
          texts: [],
          bug: 'a Proxy passes `instanceof Float32Array` and then throws inside the binding, without param',
        });
      }
    }

    if (kind === 'tokens') {
      const hi = base.vocabSize - 1;
      for (const [label, token] of [
        ['negative', -1],
        ['= vocabSize', base.vocabSize],
        ['non-integer', 0.5],
        ['NaN', NaN],
        ['+Infinity', Infinity],
        ['-Infinity', -Infinity],
        ['huge', 1e300],
      ])
        for (const where of [0, base.tokens.length - 1]) {
          const value = [...base.tokens];
          value[where] = token;
          add({
            param,
            value,
            label: `element ${where} ${label}`,
            type: RangeError,
            texts: [`tokens[${where}]`, `an integer from 0 to ${hi}`],
          });
        }
      add({
        param,
        value: Int32Array.from(base.tokens, (t) => t + base.vocabSize),
        label: 'Int32Array out of vocab',
        type: RangeError,
        texts: [`an integer from 0 to ${hi}`],
      });
      for (const [label, value] of [
        ['empty', []],
        ['empty typed array', new Uint16Array(0)],
        ['too many', new Array(TOKEN_COUNT[1] + 1).fill(0)],
        ['too many, typed', new Uint8Array(TOKEN_COUNT[1] + 5)],
      ])
        add({
          param,
          value,
          label: `count ${label}`,
          type: RangeError,
          texts: [`from 1 to ${TOKEN_COUNT[1]}`],
          bug: "a bad token count reports param 'tokens.length', which is not an option name",
        });
      add({
        param,
        value: [0, , 1],
        label: 'sparse array',
        type: TypeError,
        texts: [],
        bug: 'sparse arrays pass the number-list check',
      });
    }

    if (kind === 'pair') {
      const n = base.tokens.length;
      for (const [label, value, slot] of [
        ['first negative', [-1, 2], 0],
        ['second = n', [0, n], 1],
        ['first = n', [n, 0], 0],
        ['second huge', [0, 1e300], 1],
        ['first NaN', [NaN, 1], 0],
        ['second +Infinity', [0, Infinity], 1],
        ['first -Infinity', [-Infinity, 1], 0],
        ['first non-integer', [0.5, 1], 0],
        ['second non-integer', [1, 1.25], 1],
      ])
        add({
          param,
          value,
          label,
          type: RangeError,
          errorParam: `swap[${slot}]`,
          texts: [`an integer from 0 to ${n - 1}`],
        });
    }
  }

  // Constraints between options.
  const spec = SPECS[method];
  if (spec.paperWidth) {
    add({
      param: 'dModel',
      options: { ...base, dModel: 7, variant: 'paper' },
      label: "odd for variant 'paper'",
      type: RangeError,
      texts: ['even'],
    });
    // The permutation's encoded arm is always sinusoidal, so the width must suit the variant even with
    // encoding 'none'.
    if (method === 'permutation')
      add({
        param: 'dModel',
        options: { ...base, dModel: 7, variant: 'paper', encoding: 'none' },
        label: "odd for variant 'paper' with encoding 'none'",
        type: RangeError,
        texts: ['even'],
        bug: "encoding 'none' skips the check, yet the encoded arm is sinusoidal",
      });
  }
  if (spec.sizeCap === 'positions') {
    for (const [positions, dModel] of [
      [4097, 2048],
      [65536, 130],
      [2049, 4096],
    ])
      add({
        param: 'positions',
        options: { ...base, positions, dModel, start: 0 },
        label: `positions × dModel > 2^23 (${positions} × ${dModel})`,
        type: RangeError,
        texts: [String(MAX_ELEMENTS)],
      });
  }
  if (spec.sizeCap === 'maxLen') {
    for (const [maxLen, dModel] of [
      [4097, 2048],
      [65536, 130],
    ])
      add({
        param: 'maxLen',
        options: { ...base, maxLen, dModel },
        label: `maxLen × dModel > 2^23 (${maxLen} × ${dModel})`,
        type: RangeError,
        texts: [String(MAX_ELEMENTS)],
      });
  }
  if (spec.startSpan) {
    add({
      param: 'start',
      options: { ...base, start: LIMITS.start[1] - base.positions + 2 },
      label: 'start + positions - 1 > 1000000',
      type: RangeError,
      texts: [String(LIMITS.start[1])],
    });
    add({
      param: 'start',
      options: { ...base, positions: 65536, dModel: 2, start: LIMITS.start[1] },
      label: 'start at maximum with 65536 positions',
      type: RangeError,
      texts: [String(LIMITS.start[1])],
    });
  }
  if (params.encoding) {
    const start = LIMITS.start[1] - base.tokens.length + 2;
    add({
      param: 'start',
      options: { ...base, start },
      label: 'start + tokens - 1 > 1000000 (sinusoidal)',
      type: RangeError,
      texts: ['start + tokens.length - 1', String(LIMITS.start[1])],
    });
    if (method === 'permutation')
      add({
        param: 'start',
        options: { ...base, start, encoding: 'none' },
        label: "start + tokens - 1 > 1000000 with encoding 'none'",
        type: RangeError,
        texts: ['start + tokens.length - 1', String(LIMITS.start[1])],
        bug: "encoding 'none' skips the check, yet the encoded arm is sinusoidal",
      });
  }
  if (method === 'relativeOffset' || method === 'properties') {
    add({
      param: 'k',
      options: { ...base, k: 65536 - base.positions + 1 },
      label: 'positions + k > 65536',
      type: RangeError,
      texts: ['too large'],
    });
    add({
      param: 'k',
      options: { ...base, start: LIMITS.start[1] - base.positions - 1, k: 3 },
      label: 'start + positions - 1 + k > 1000000',
      type: RangeError,
      texts: ['too large'],
    });
  }
  if (method === 'properties')
    for (const [positions, dModel] of [
      [1024, 258],
      [16385, 2],
      [300, 4096],
    ])
      add({
        param: 'positions',
        options: { positions, dModel },
        label: `positions² × dModel > 2^28 (${positions}, ${dModel})`,
        type: RangeError,
        texts: [String(PROPERTIES_WORK)],
      });
  if (method === 'learnedLookup')
    for (const position of [base.maxLen, base.maxLen + 1, 65535])
      add({
        param: 'position',
        options: { ...base, position },
        label: `position ${position} ≥ maxLen`,
        type: RangeError,
        texts: [`no row for position ${position}`],
      });
  if (params.rope) {
    add({
      param: 'dK',
      options: { ...base, heads: method === 'attention' ? 2 : 3 },
      label: 'not a multiple of heads',
      type: RangeError,
      texts: ['multiple of heads'],
    });
    add({
      param: 'heads',
      options:
        method === 'attention' ? { ...base, n: 2048, dK: 6, dV: 6, heads: 3 } : { ...base, n: 2048, dK: 6, heads: 3 },
      label: 'heads × n × n > 2^23',
      type: RangeError,
      texts: [String(MAX_ELEMENTS)],
    });
    add({
      param: 'rope.rotaryDims',
      options: { ...base, rope: { rotaryDims: 6 } },
      label: 'wider than a head',
      type: RangeError,
      texts: ['even integer from 2 to'],
    });
  }
  if (method === 'attention')
    add({
      param: 'rope.rotaryDims',
      options: { ...base, rope: {} },
      label: 'left out, the odd head width 3',
      type: RangeError,
      texts: ["left out, it is the head's width"],
    });
  if (method === 'rope') {
    for (const [label, rotaryDims, text] of [
      ['odd', 5, 'an even integer from 2 to 8'],
      ['wider than dHead', 10, 'an even integer from 2 to 8'],
    ])
      add({ param: 'rotaryDims', options: { ...base, rotaryDims }, label, type: RangeError, texts: [text] });
    add({
      param: 'rotaryDims',
      options: { ...base, dHead: 7, x: values(21, 6), rotaryDims: undefined },
      label: 'left out, with an odd dHead',
      type: RangeError,
      texts: ['an even integer from 2 to 6', "left out, it is the head's width"],
    });
    add({
      param: 'start',
      options: { ...base, start: LIMITS.start[1] - base.n + 2 },
      label: 'start + n - 1 > 1000000',
      type: RangeError,
      texts: ['start + n - 1', String(LIMITS.start[1])],
    });
  }
  if (method === 'alibiBias')
    add({
      param: 'heads',
      options: { heads: 3, n: 2048 },
      label: 'heads × n × n > 2^23',
      type: RangeError,
      texts: [String(MAX_ELEMENTS)],
    });
  if (method === 'attention') {
    // Without dV, v must be n × dK.
    const { dV, ...noDV } = base;
    add({
      param: 'v',
      options: noDV,
      label: 'dV left out, so v must be n × dK',
      type: RangeError,
      texts: [`exactly ${base.n * base.dK} elements`],
    });
  }

  // Unknown options, and an options argument that is not an object.
  for (const key of ['positionz', 'dmodel', 'Position', '', ' ', 'out_', 'swap[0]'])
    if (!(key in params))
      add({
        param: key,
        options: withOwn(base, key, 1),
        label: `unknown option '${key}'`,
        type: TypeError,
        texts: ['unknown option'],
      });
  for (const key of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__proto__'])
    add({
      param: key,
      options: withOwn(base, key, 1),
      label: `unknown option '${key}' (an Object.prototype name)`,
      type: TypeError,
      texts: ['unknown option'],
      bug: "the unknown-option check uses `in`, so Object.prototype's names pass",
    });
  for (const [label, options] of [
    ['no options', undefined],
    ['null', null],
    ['a string', 'positions=8'],
    ['a number', 8],
    ['a boolean', true],
    ['an array', [base]],
    ['a BigInt', 8n],
  ])
    add({
      param: 'options',
      options,
      label: `options argument is ${label}`,
      type: TypeError,
      texts: ['expected an options object'],
      wholeOptions: true,
    });
  return cases;
}

// Bad values inside `rope: {…}`: each of its options of the wrong type or out of range, unknown names.
// rotaryDims is given (2) where another option is under test, so the head's width cannot fail first.
function nestedRopeCases(base, param) {
  const cases = [];
  const withRope = (rope) => ({ ...base, [param]: rope });
  for (const [key, kind] of Object.entries(ROPE_PARAMS)) {
    const full = `${param}.${key}`;
    const range = kind === 'int' || kind === 'real' ? lab.limits[key] : undefined;
    const rangeText = typeof range === 'string' ? [range] : [];
    for (const [label, value] of WRONG_TYPES[kind === 'int' || kind === 'real' ? kind : 'enum'])
      cases.push({
        param: full,
        options: withRope({ rotaryDims: 2, [key]: value }),
        label: `wrong type: ${label}`,
        type: TypeError,
        texts: rangeText,
      });
    if (range !== undefined)
      for (const [label, value] of outOfRange(LIMITS[key]))
        cases.push({
          param: full,
          options: withRope(key === 'rotaryDims' ? { rotaryDims: value } : { rotaryDims: 2, [key]: value }),
          label: `out of range: ${label}`,
          type: RangeError,
          texts: [key === 'rotaryDims' ? rotaryText(value, range) : range],
        });
    if (key === 'layout')
      for (const [label, value] of BAD_ENUMS.layout)
        cases.push({
          param: full,
          options: withRope({ rotaryDims: 2, layout: value }),
          label: `bad enum: ${label}`,
          type: RangeError,
          texts: [LAYOUTS],
        });
  }
  for (const key of ['Base', 'rotary_dims', 'theta', '__proto__', 'constructor'])
    cases.push({
      param: `${param}.${key}`,
      options: withRope(Object.defineProperty({}, key, { value: 1, enumerable: true })),
      label: `unknown nested option '${key}'`,
      type: TypeError,
      texts: ['unknown option'],
    });
  return cases.map((c) => ({ ...c, texts: c.texts ?? [] }));
}

function withValue(base, param, value) {
  const o = { ...base };
  if (value === MISSING) delete o[param];
  else o[param] = value;
  return o;
}

// An own enumerable property even for names like '__proto__'.
function withOwn(base, key, value) {
  const o = { ...base };
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  return o;
}

function show(value) {
  if (value === MISSING) return '(missing)';
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol' || typeof value === 'function') return String(value);
  if (ArrayBuffer.isView(value)) return `${value.constructor.name}(${value.length})`;
  try {
    const text = JSON.stringify(value, (k, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));
    return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 60)}…` : text;
  } catch {
    return String(value);
  }
}

function describeCase(c) {
  return c.wholeOptions ? `${c.method}(${c.label})` : `${c.method} ${c.param} ${c.label} = ${show(c.value)}`;
}

// Runs one case; returns the list of what went wrong (empty when all is right).
function runCase(c) {
  const problems = [];
  const param = c.errorParam ?? c.param;
  const types = [c.type].flat();
  const snapshot = ArrayBuffer.isView(c.value) && c.value.length > 0 ? c.value.slice() : null;
  let error;
  try {
    lab[c.method](c.options);
  } catch (e) {
    error = e;
  }
  if (error === undefined) {
    problems.push('did not throw');
  } else if (!(error instanceof Error)) {
    problems.push(`threw a non-Error: ${String(error)}`);
  } else {
    const message = String(error.message);
    if (!types.includes(error.constructor))
      problems.push(`threw ${error.constructor?.name}, expected ${types.map((t) => t.name).join(' or ')}: ${message}`);
    if (error.param !== param)
      problems.push(`error.param is ${show(error.param)}, expected ${show(param)}: ${message}`);
    if (!message.startsWith(`${c.method}: `)) problems.push(`message does not start with '${c.method}: ': ${message}`);
    if (param !== undefined && !message.includes(param)) problems.push(`message does not name ${param}: ${message}`);
    for (const text of c.texts) if (!message.includes(text)) problems.push(`message lacks "${text}": ${message}`);
  }
  // A failed call writes nothing into the caller's arrays.
  if (snapshot && !isDeepStrictEqual(c.value, snapshot)) problems.push('the bad call modified the array it was given');
  // …and the lab goes on computing the same values.
  let again;
  try {
    again = lab[c.method](SPECS[c.method].base);
  } catch (e) {
    problems.push(`the valid call after it threw: ${e?.message ?? e}`);
  }
  if (again !== undefined && !isDeepStrictEqual(again, expected[c.method]))
    problems.push('the valid call after it returned different values');
  return problems;
}

function isDeepStrictEqual(a, b) {
  try {
    assert.deepStrictEqual(a, b);
    return true;
  } catch {
    return false;
  }
}

const CASES = METHODS.flatMap(casesFor);
const GOOD = CASES.filter((c) => !c.bug);
const BUGS = CASES.filter((c) => c.bug);

function assertCases(cases) {
  const failures = [];
  for (const c of cases) {
    const problems = runCase(c);
    if (problems.length) failures.push(`${describeCase(c)}\n      ${problems.join('\n      ')}`);
  }
  assert.equal(failures.length, 0, `${failures.length} of ${cases.length} cases failed:\n  ${failures.join('\n  ')}`);
}

// The ranges lab.d.ts documents for each option (and the README where it states one: dModel 2 to 4096 in
// its error example, rope's scale 1 to 65536, the caps 2^23 numbers and 2^30 multiply-adds), as lab.limits
// must quote them: an independent copy, so a range that moves in the core fails here until the docs move.
test('lab.limits quotes exactly the documented ranges and caps', () => {
  const int = (lo, hi) => `an integer from ${lo} to ${hi}`;
  const real = (lo, hi) => `a number from ${lo} to ${hi}`;
  assert.deepEqual(
    { ...lab.limits },
    {
      positions: int(1, 65536),
      dModel: int(2, 4096),
      base: real(2, 1e9),
      start: int(0, 1000000),
      seed: int(0, 2 ** 32 - 1),
      maxLen: int(1, 65536),
      position: int(0, 1000000),
      vocabSize: int(1, 65536),
      n: int(1, 2048),
      dK: int(1, 1024),
      dV: int(1, 1024),
      rows: int(1, 2048),
      k: int(0, 65535),
      heads: int(1, 1024),
      dHead: int(2, 4096),
      rotaryDims: int(2, 4096),
      scale: real(1, 65536),
      factor: real(1, 65536),
      originalMaxPositions: int(1, 1000000),
      length: int(0, 1000000),
      betaFast: real(0.001, 1e6),
      betaSlow: real(0.001, 1e6),
      maxElements: 2 ** 23,
      maxWork: 2 ** 30,
    },
  );
  // …and the ranges the cases above were built from are those.
  assert.deepEqual(LIMITS.dModel, [2, 4096]);
  assert.deepEqual(LIMITS.base, [2, 1e9, 'real']);
});

// (The trainer, whose calls create and free state, has its own table in tests/js/trainer.test.mjs.)
test('the table covers every public method', (t) => {
  const proto = Object.getPrototypeOf(lab);
  const methods = Object.getOwnPropertyNames(proto).filter(
    (m) =>
      m !== 'constructor' && m !== 'trainer' && typeof Object.getOwnPropertyDescriptor(proto, m).value === 'function',
  );
  assert.deepEqual([...methods].sort(), [...METHODS].sort());
  t.diagnostic(`${CASES.length} cases (${GOOD.length} expected to pass, ${BUGS.length} marked as library bugs)`);
});

for (const method of METHODS)
  test(`${method}: every bad argument is the right error, naming the option and its range`, () => {
    assertCases(GOOD.filter((c) => c.method === method));
  });

// Each call at the edge of its ranges is accepted and computes what it promises there: every expected
// value comes from the formula (the README's conventions and ALiBi's slopes) or from a second call.
test('values at the edges of every range are accepted, and computed right', () => {
  // Asserts |actual[i] − expected(i)| ≤ tolerance for every i (expected: a list, or a function of i).
  const near = (actual, expected, tolerance, what) => {
    const at = typeof expected === 'function' ? expected : (i) => expected[i];
    if (typeof expected !== 'function') assert.equal(actual.length, expected.length, `${what}: length`);
    let worst = 0;
    let where = -1;
    for (let i = 0; i < actual.length; i++) {
      const d = Math.abs(actual[i] - at(i));
      if (!(d <= worst) && !Number.isNaN(worst)) [worst, where] = [d, i]; // a NaN stays the worst
    }
    assert.ok(worst <= tolerance, `${what}: off by ${worst} at ${where} (${actual[where]} vs ${at(where)})`);
  };
  const TABLE = 2e-6; // the table's documented max abs error against float64 (lab.d.ts)
  // paper: [sin(p·ω_k), cos(p·ω_k)] per pair k, ω_k = base^(−2k/d).
  const paper = (p, c, d, base) => {
    const angle = p * base ** ((-2 * (c >> 1)) / d);
    return c % 2 === 0 ? Math.sin(angle) : Math.cos(angle);
  };
  const row = (array, r, width) => array.subarray(r * width, (r + 1) * width);
  const ones = (n) => Float32Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 1 : 0)); // (1, 0) per pair
  const slopes2 = [2 ** -4, 2 ** -8]; // ALiBi, two heads: 2^(−8/2) and its square

  const accept = [
    [
      'sinusoidal',
      { positions: 65536, dModel: 2 },
      (pe) => {
        assert.equal(pe.length, 65536 * 2);
        near(pe, (i) => paper(i >> 1, i & 1, 2, 10000), TABLE, 'every row [sin p, cos p]');
      },
    ],
    [
      'sinusoidal',
      { positions: 1, dModel: 4096, base: 2, start: 1000000 },
      (pe) => {
        assert.equal(pe.length, 4096);
        near(pe, (c) => paper(1000000, c, 4096, 2), TABLE, 'row 1000000');
      },
    ],
    [
      'sinusoidal', // exactly 2^23 floats
      { positions: 4096, dModel: 2048 },
      (pe) => {
        assert.equal(pe.length, 2 ** 23);
        const at = Array.from({ length: 8000 }, (_, s) => Math.min(pe.length - 1, s * 1049));
        near(
          at.map((i) => pe[i]),
          at.map((i) => paper(Math.floor(i / 2048), i % 2048, 2048, 10000)),
          TABLE,
          'every 1049th entry',
        );
      },
    ],
    [
      'sinusoidalReference', // halves: [sin | cos], the odd width's last column 0
      { positions: 1, dModel: 3, variant: 'halves', base: 1e9 },
      (pe) => {
        assert.ok(pe instanceof Float64Array);
        near(pe, [0, 1, 0], 0, 'position 0');
      },
    ],
    [
      'frequencies',
      { dModel: 4096, base: 2 },
      ({ omega, wavelength }) => {
        const expected = Array.from({ length: 2048 }, (_, k) => 2 ** ((-2 * k) / 4096));
        near(omega, expected, 1e-15, 'omega_k = 2^(−2k/4096)');
        near(
          wavelength,
          expected.map((w) => (2 * Math.PI) / w),
          1e-12,
          'wavelength = 2π/ω',
        );
      },
    ],
    [
      'learnedTable',
      { maxLen: 1, dModel: 2, seed: 4294967295 },
      (table) => {
        near(table, lab.learnedLookup({ maxLen: 1, dModel: 2, seed: 4294967295, position: 0 }), 0, 'its lookup');
        // The whole seed is used: not wrapped to 0 or −1 as an int32, nor clamped to 2^31 − 1.
        for (const seed of [0, 2 ** 31 - 1, 4294967294])
          assert.notDeepEqual(table, lab.learnedTable({ maxLen: 1, dModel: 2, seed }), `seed ${seed}`);
      },
    ],
    [
      'learnedLookup',
      { maxLen: 65536, dModel: 2, position: 65535, seed: 0 },
      (r) => near(r, row(lab.learnedTable({ maxLen: 65536, dModel: 2, seed: 0 }), 65535, 2), 0, "the table's last row"),
    ],
    [
      'embed', // one token, no encoding: 2048 equal rows, the token's own embedding
      { tokens: new Array(2048).fill(65535), vocabSize: 65536, dModel: 2, encoding: 'none' },
      (e) => {
        const one = lab.embed({ tokens: [65535], vocabSize: 65536, dModel: 2, encoding: 'none' });
        assert.equal(e.length, 2048 * 2);
        near(e, (i) => one[i % 2], 0, 'every row');
      },
    ],
    [
      'embed', // the token's embedding plus learned row 0 of the same seed
      { tokens: [0], vocabSize: 1, dModel: 2, encoding: 'learned', maxLen: 1 },
      (e) => {
        const token = lab.embed({ tokens: [0], vocabSize: 1, dModel: 2, encoding: 'none' });
        const position = lab.learnedLookup({ maxLen: 1, dModel: 2, position: 0 });
        near(e, [token[0] + position[0], token[1] + position[1]], 1e-6, 'token + learned row 0');
      },
    ],
    [
      'attention', // one key: weight 1, output v, score q·k/√dK
      { q: values(1024, 11), k: values(1024, 12), v: values(1024, 13), n: 1, dK: 1024 },
      (r) => {
        const [q, k] = [values(1024, 11), values(1024, 12)];
        const dot = q.reduce((s, x, i) => s + x * k[i], 0);
        near(r.weights, [1], 0, 'weights');
        near(r.output, values(1024, 13), 0, 'output');
        near(r.scores, [dot / 32], 1e-4, 'score');
      },
    ],
    [
      'attention', // zero queries and keys: every weight 1/2048, every output the mean of v
      { q: new Float32Array(2048), k: new Float32Array(2048), v: values(2048, 14), n: 2048, dK: 1, dV: 1 },
      (r) => {
        const mean = values(2048, 14).reduce((s, x) => s + x, 0) / 2048;
        assert.equal(r.weights.length, 2048 * 2048);
        near(r.weights, () => 1 / 2048, 1e-9, 'weights');
        assert.equal(r.output.length, 2048);
        near(r.output, () => mean, 1e-5, 'output');
      },
    ],
    [
      'selfAttention', // one position: weight 1, its score its own q·k
      { x: new Float32Array([1, 2]), n: 1, dModel: 2, dK: 1 },
      (r) => {
        near(r.weights, [1], 0, 'weights');
        near(r.scores, [r.q[0] * r.k[0]], 1e-6, 'score q·k/√1');
      },
    ],
    [
      'relativeOffset', // M_k = [[cos kω, sin kω], [−sin kω, cos kω]], ω = 1
      { positions: 1, dModel: 2, k: 65535 },
      ({ blocks, maxResidual }) => {
        const [c, s] = [Math.cos(65535), Math.sin(65535)];
        near(blocks, [c, s, -s, c], TABLE, 'M_65535');
        assert.ok(maxResidual >= 0 && maxResidual <= 1e-5, `maxResidual ${maxResidual}`);
      },
    ],
    [
      'relativeOffset',
      { positions: 1, dModel: 2, k: 0, start: 1000000 },
      ({ blocks, maxResidual }) => {
        near(blocks, [1, 0, 0, 1], 0, 'M_0 = I');
        assert.ok(maxResidual >= 0 && maxResidual <= 1e-6, `maxResidual ${maxResidual}`);
      },
    ],
    [
      'dotMatrix',
      { table: values(4096, 8), rows: 2048, dModel: 2 },
      (m) => {
        const t = values(4096, 8);
        assert.equal(m.length, 2048 * 2048);
        const at = Array.from({ length: 8000 }, (_, s) => s * 524 + (s % 7));
        near(
          at.map((i) => m[i]),
          at.map((i) => {
            const [a, b] = [Math.floor(i / 2048), i % 2048];
            return t[2 * a] * t[2 * b] + t[2 * a + 1] * t[2 * b + 1];
          }),
          1e-5,
          'sampled row dot products',
        );
      },
    ],
    ['distanceMatrix', { table: new Float32Array([3, 4]), rows: 1, dModel: 2 }, (m) => near(m, [0], 0, 'itself')],
    [
      'properties', // the one row PE(0) = [0, 1]: norm² 1 = d/2, max |value| 1, PE(0)·PE(0+0) = 1
      { positions: 1, dModel: 2, k: 0 },
      (p) => {
        const { minDistance, minDistancePositions, ...rest } = p;
        assert.deepEqual(rest, {
          maxAbsValue: 1,
          minNormSq: 1,
          maxNormSq: 1,
          minOffsetDot: 1,
          maxOffsetDot: 1,
          offsetDotDeviation: 0,
        });
      },
    ],
    [
      'permutation', // swapping a position with itself changes nothing
      { tokens: [0], vocabSize: 1, dModel: 2, dK: 1, swap: [0, 0] },
      (r) => {
        for (const arm of [r.withoutEncoding, r.withEncoding]) {
          assert.equal(arm.relabelResidual, 0);
          assert.deepEqual(arm.swapped, arm.original);
          near(arm.original.weights, [1], 0, 'weights');
        }
      },
    ],
    [
      'rope', // (1, 0) turned by (p / scale)·θ_0, θ_0 = 1: (cos, sin)
      { x: [1, 0], n: 1, dHead: 2, base: 1e9, scale: 65536, start: 1000000, layout: 'interleaved' },
      (r) => {
        const angle = 1000000 / 65536;
        near(r, [Math.cos(angle), Math.sin(angle)], TABLE, 'turned');
      },
    ],
    [
      'rope', // row i turned by start + i
      { x: ones(2048 * 2), n: 2048, dHead: 2, base: 2, scale: 1, start: 1000000 - 2047 },
      (r) => {
        const p = (i) => 1000000 - 2047 + (i >> 1);
        assert.equal(r.length, 2048 * 2);
        near(r, (i) => (i % 2 === 0 ? Math.cos(p(i)) : Math.sin(p(i))), TABLE, 'every row');
      },
    ],
    ['alibiSlopes', { heads: 1 }, (s) => near(s, [2 ** -8], 0, 'slope 2^−8')],
    [
      'alibiSlopes', // a power of two: 2^(−8/1024) and its powers, down to 2^−8
      { heads: 1024 },
      (s) =>
        near(
          s,
          Array.from({ length: 1024 }, (_, h) => 2 ** ((-8 * (h + 1)) / 1024)),
          1e-15,
          'slopes',
        ),
    ],
    [
      'alibiBias', // exactly 2^23 floats, −slope·|i−j| (exact in float32: a power of two times an integer)
      { heads: 2, n: 2048 },
      (b) => {
        assert.equal(b.length, 2 ** 23);
        let wrong = 0;
        for (let h = 0, i = 0; h < 2; h++)
          for (let r = 0; r < 2048; r++)
            for (let c = 0; c < 2048; c++, i++) if (b[i] !== -slopes2[h] * Math.abs(r - c)) wrong++;
        assert.equal(wrong, 0, 'entries unlike −slope·|i−j|');
      },
    ],
    [
      'attention', // one position per head: weight 1, output v, score q_h·k_h (ALiBi's bias 0 on the diagonal)
      { q: [1, 2], k: [3, 4], v: [5, 6], n: 1, dK: 2, heads: 2, alibi: true },
      (r) => {
        near(r.weights, [1, 1], 0, 'weights');
        near(r.output, [5, 6], 0, 'output');
        near(r.scores, [3, 8], 0, 'scores');
      },
    ],
    [
      'selfAttention', // x = 0: q = k = 0, so the scores are the bias and each row is softmax(−slope·|i−j|)
      { x: new Float32Array(1024), n: 512, dModel: 2, dK: 2, heads: 2, alibi: true },
      (r) => {
        assert.equal(r.weights.length, 2 * 512 * 512);
        const e = new Float64Array(512);
        let worst = 0;
        for (let h = 0, at = 0; h < 2; h++)
          for (let i = 0; i < 512; i++) {
            let sum = 0;
            for (let j = 0; j < 512; j++) sum += e[j] = Math.exp(-slopes2[h] * Math.abs(i - j));
            for (let j = 0; j < 512; j++, at++) {
              worst = Math.max(worst, Math.abs(r.weights[at] - e[j] / sum));
              if (r.scores[at] !== -slopes2[h] * Math.abs(i - j)) worst = Infinity;
            }
          }
        assert.ok(worst <= 1e-6, `weights off softmax(−slope·|i−j|) by ${worst} (Infinity: a score is not the bias)`);
      },
    ],
  ];
  for (const [method, options, check] of accept) {
    let result;
    assert.doesNotThrow(() => (result = lab[method](options)), `${method} ${show(options)}`);
    check(result);
  }
});

// ---- Regression tests: each group is a bug the library once had, asserted fixed. ----------------------

const bugGroups = Map.groupBy ? Map.groupBy(BUGS, (c) => c.bug) : groupBy(BUGS, (c) => c.bug);
function groupBy(list, key) {
  const groups = new Map();
  for (const item of list) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

for (const [bug, cases] of bugGroups)
  test(`fixed, stays fixed: ${bug}`, () => {
    assertCases(cases);
  });

// Once a bug (message clarity): the core printed the rejected value with %g, so 1000001 reads "1e+06", a
// fraction just off an integer reads as that integer, 2^32 reads "4.29497e+09", and NaN / Infinity read
// "nan" / "inf". The message should quote the value as JS prints it.
test('fixed, stays fixed: range errors quote the rejected value as the caller wrote it', () => {
  const failures = [];
  for (const [method, options, param, value] of [
    ['sinusoidal', { positions: 8, dModel: 8, start: 1000001 }, 'start', 1000001],
    ['sinusoidal', { positions: 2.0000001, dModel: 8 }, 'positions', 2.0000001],
    ['learnedTable', { maxLen: 8, dModel: 8, seed: 2 ** 32 }, 'seed', 2 ** 32],
    ['sinusoidal', { positions: 8, dModel: 8, base: 1e9 + 1 }, 'base', 1e9 + 1],
    ['sinusoidal', { positions: NaN, dModel: 8 }, 'positions', NaN],
    ['sinusoidal', { positions: 8, dModel: Infinity }, 'dModel', Infinity],
  ]) {
    const error = (() => {
      try {
        lab[method](options);
      } catch (e) {
        return e;
      }
    })();
    if (!(error instanceof RangeError) || error.param !== param) failures.push(`${param} ${value}: no RangeError`);
    else if (!error.message.includes(`(got ${value})`))
      failures.push(`${param} ${value}: message "${error.message}" does not say (got ${value})`);
  }
  assert.deepEqual(failures, []);
});

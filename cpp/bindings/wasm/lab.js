// The idiomatic JS layer over the Embind module: options objects with defaults, type checks that
// throw TypeError, the core's range checks turned into RangeError, and results that are plain typed
// arrays owned by the caller. The numbers all come from the C++ core.
//
// One call, in order: snapshot the caller's options (the only time caller code can run), check their
// types, turn each named option into its index in the core's name list, copy lists into wasm memory
// through the engine's own methods, run the binding (it sees only numbers), then copy results out. No
// JS object and no caller's string is ever handed to wasm, and no exception can cross a live wasm
// frame, so a refused call leaves nothing behind.
import {
  bytesOf,
  copyArray,
  copyInto,
  copyOf,
  freeze,
  heapView,
  invoke,
  isUsableTypedArray,
  snapshot,
  typedLength,
  typedName,
  typeName,
} from './options.js';
import { describeRange, describeStatus, optionName } from './messages.js';
import { Trainer } from './trainer.js';

const { create, getPrototypeOf } = Object;
const isNode = typeof process === 'object' && process.versions != null && process.versions.node != null;

// Reads a file that sits beside this module (Node only; the browser build fetches instead). The specifier is
// a variable so that bundlers leave Node's fs out of browser bundles; the comments tell Vite and webpack that
// this is meant (webpack would otherwise warn "the request of a dependency is an expression").
async function readBeside(name) {
  const fsModule = 'node:fs/promises';
  const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ fsModule);
  // Every option own: Node's defaults object would inherit a polluted Object.prototype.encoding.
  return readFile(new URL(/* webpackIgnore: true */ name, import.meta.url), {
    encoding: null,
    flag: 'r',
    signal: undefined,
  });
}

// A minimal module using a wasm SIMD instruction (i8x16.popcnt): it validates only where the engine
// has SIMD, and then the SIMD build is used; elsewhere the scalar build runs the same kernels in plain
// float code (tables agree within 1e-6; softmax uses std::exp instead of xsimd::exp, so attention
// agrees within 1e-5: tests/js/fallback.test.mjs).
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

/** Whether this engine runs WebAssembly SIMD (and so gets the SIMD build). */
export function hasWasmSimd() {
  return WebAssembly.validate(SIMD_PROBE);
}

// Static specifiers, so bundlers see and ship both builds.
async function loadBuild(simd) {
  if (simd) return { factory: (await import('./pelab.mjs')).default, wasm: 'pelab.wasm' };
  return { factory: (await import('./pelab-scalar.mjs')).default, wasm: 'pelab-scalar.wasm' };
}

// What each kind of option must be: [test, description for the TypeError]. Lists are tested after
// the snapshot (see #lists).
const KINDS = {
  number: [(v) => typeof v === 'number', 'a number'],
  string: [(v) => typeof v === 'string', 'a string'],
  floats: [null, 'an array of numbers or a typed array (not detached)'],
  tokens: [null, 'an array of numbers or a typed array (not detached)'],
  out: [(v) => isUsableTypedArray(v, 'Float32Array'), 'a Float32Array (not detached)'],
  pair: [null, 'an array of two numbers'],
  boolean: [(v) => typeof v === 'boolean', 'true or false'],
  rope: [null, 'an options object {base, layout, rotaryDims, scale, start}'], // a plain object: see isPlainObject
};

const REQUIRED = Symbol('required');
const OPTIONAL = Symbol('optional');
const NO_OUT = -1; // status.hpp's kNoOut
const TOKENS_SLOT = 3;

// Option schemas: name → [kind, default, input slot for lists]. REQUIRED must be given; OPTIONAL may be left out.
const TABLE = {
  positions: ['number', REQUIRED],
  dModel: ['number', REQUIRED],
  base: ['number', 10000],
  variant: ['string', 'paper'],
  start: ['number', 0],
};
const SEQUENCE = {
  tokens: ['tokens', REQUIRED, TOKENS_SLOT],
  vocabSize: ['number', REQUIRED],
  dModel: ['number', REQUIRED],
  seed: ['number', 0],
  encoding: ['string', 'sinusoidal'],
  base: ['number', 10000],
  variant: ['string', 'paper'],
  start: ['number', 0],
  maxLen: ['number', 512],
};
const PAIRS = {
  table: ['floats', REQUIRED, 0],
  rows: ['number', REQUIRED],
  dModel: ['number', REQUIRED],
  out: ['out', OPTIONAL],
};

// Rope inside attention: the `rope` option's own options (rotaryDims defaults to the head's width).
const ROPE = {
  base: ['number', 10000],
  layout: ['string', 'halves'],
  rotaryDims: ['number', OPTIONAL],
  scale: ['number', 1],
  start: ['number', 0],
};
const ROPE_ENTRIES = Object.freeze(Object.entries(ROPE));
// Heads, and how positions enter inside attention.
const HEADS = { heads: ['number', 1], rope: ['rope', OPTIONAL], alibi: ['boolean', false] };
// `args` followed by the binding's head arguments: heads, rope on, rope's options (layout as its
// index), alibi. With rope off the core reads none of rope's options. Left out, rotaryDims is the
// head's width (the core checks heads and their width first, so a bad one never reaches it).
// Appended by index: no iterator a caller could have replaced.
const withHeads = (args, o, width) => {
  const r = o.rope;
  const more =
    r === undefined
      ? [o.heads, false, 10000, 0, 0, 1, 0, o.alibi]
      : [o.heads, true, r.base, r.layout, r.rotaryDims ?? width / o.heads, r.scale, r.start, o.alibi];
  for (let i = 0; i < more.length; i++) args[args.length] = more[i];
  return args;
};

const outLength = (o) => (o.out === undefined ? NO_OUT : typedLength(o.out));
const table = (o) => [o.positions, o.dModel, o.base, o.variant, o.start];
const sequence = (o) => [o.vocabSize, o.dModel, o.seed, o.encoding, o.base, o.variant, o.start, o.maxLen];

// The trainer's options (training/spec.hpp); numbers are range-checked by the core.
const TRAINER = {
  task: ['string', 'order'],
  encoding: ['string', 'none'],
  attention: ['string', 'bidirectional'],
  readout: ['string', 'mean'],
  norm: ['string', 'layernorm'],
  activation: ['string', 'gelu'],
  layers: ['number', 1],
  dModel: ['number', 16],
  heads: ['number', 2],
  hidden: ['number', OPTIONAL],
  trainLength: ['pair', [8, 16]],
  maxEvalLength: ['number', OPTIONAL], // absent: 64, or trainLength[1] if longer (the core decides)
  batch: ['number', 32],
  learningRate: ['number', 1e-2],
  beta1: ['number', 0.9],
  beta2: ['number', 0.999],
  eps: ['number', 1e-8],
  maxLen: ['number', 128],
  base: ['number', 10000],
  variant: ['string', 'paper'],
  seed: ['number', 0],
};
// trainer_bindings.cpp's trainerCreate arguments, in its order: the names (as indices), then the numbers.
const trainerArgs = (o) => [
  o.task,
  o.encoding,
  o.variant,
  o.attention,
  o.readout,
  o.norm,
  o.activation,
  o.base,
  o.maxLen,
  o.layers,
  o.dModel,
  o.heads,
  o.hidden !== undefined,
  o.hidden ?? 0,
  o.trainLength[0],
  o.trainLength[1],
  o.maxEvalLength !== undefined,
  o.maxEvalLength ?? 0,
  o.batch,
  o.learningRate,
  o.beta1,
  o.beta2,
  o.eps,
  o.seed,
];
// evaluate's lengths: exactly `length`, else the range `lengths`, else the trainer's training range;
// and whether they are a range (its errors then name `lengths`). Both at once is refused: which would win?
const evaluationLengths = (o, t) => {
  if (o.length !== undefined && o.lengths !== undefined)
    throw withParam(
      new TypeError('trainer.evaluate: give length (one length) or lengths ([min, max]), not both'),
      'lengths',
    );
  if (o.length !== undefined) return [0, o.length, o.length];
  const range = o.lengths ?? t.trainLength; // t.trainLength: the lab's own copy, not the trainer's public one
  return [1, range[0], range[1]];
};

// Per method: its options, the binding's arguments, and how to read its results (see #results).
// `args` sees the checked options with each named option as its index (#wire); `read` and the
// messages see them as given. Methods of a trainer (trainer.js) carry `limits: 'trainer'` and get
// the trainer as `t`.
const METHODS = {
  sinusoidal: {
    schema: { ...TABLE, out: ['out', OPTIONAL] },
    args: (o) => [o.positions, o.dModel, o.base, o.variant, o.start, outLength(o)],
    read: (r, o) => r.float32(0, o.out),
  },
  sinusoidalReference: { schema: TABLE, args: table, read: (r) => r.float64(0) },
  sinusoidalFloat32Angles: { schema: TABLE, args: table, read: (r) => r.float32(0) },
  frequencies: {
    schema: { dModel: ['number', REQUIRED], base: ['number', 10000], variant: ['string', 'paper'] },
    args: (o) => [o.dModel, o.base, o.variant],
    read: (r) => ({ omega: r.float64(0), wavelength: r.float64(1) }),
  },
  learnedTable: {
    schema: { maxLen: ['number', REQUIRED], dModel: ['number', REQUIRED], seed: ['number', 0], out: ['out', OPTIONAL] },
    args: (o) => [o.maxLen, o.dModel, o.seed, outLength(o)],
    read: (r, o) => r.float32(0, o.out),
  },
  learnedLookup: {
    schema: {
      maxLen: ['number', REQUIRED],
      dModel: ['number', REQUIRED],
      seed: ['number', 0],
      position: ['number', REQUIRED],
    },
    args: (o) => [o.maxLen, o.dModel, o.seed, o.position],
    read: (r) => r.float32(0),
  },
  embed: { schema: SEQUENCE, args: sequence, read: (r) => r.float32(0) },
  attention: {
    schema: {
      q: ['floats', REQUIRED, 0],
      k: ['floats', REQUIRED, 1],
      v: ['floats', REQUIRED, 2],
      n: ['number', REQUIRED],
      dK: ['number', REQUIRED],
      dV: ['number', OPTIONAL],
      mask: ['string', 'none'],
      ...HEADS,
    },
    args: (o) => withHeads([o.n, o.dK, o.dV ?? o.dK, o.mask], o, o.dK),
    read: (r) => r.scored(false),
  },
  selfAttention: {
    schema: {
      x: ['floats', REQUIRED, 0],
      n: ['number', REQUIRED],
      dModel: ['number', REQUIRED],
      dK: ['number', REQUIRED],
      seed: ['number', 0],
      mask: ['string', 'none'],
      ...HEADS,
    },
    args: (o) => withHeads([o.n, o.dModel, o.dK, o.seed, o.mask], o, o.dK),
    read: (r) => r.scored(true),
  },
  rope: {
    schema: {
      x: ['floats', REQUIRED, 0],
      n: ['number', REQUIRED],
      dHead: ['number', REQUIRED],
      ...ROPE,
    },
    args: (o) => [o.n, o.dHead, o.base, o.layout, o.rotaryDims ?? o.dHead, o.scale, o.start],
    read: (r) => r.float32(0),
  },
  alibiSlopes: { schema: { heads: ['number', REQUIRED] }, args: (o) => [o.heads], read: (r) => r.float64(0) },
  alibiBias: {
    schema: { heads: ['number', REQUIRED], n: ['number', REQUIRED], mask: ['string', 'none'] },
    args: (o) => [o.heads, o.n, o.mask],
    read: (r) => r.float32(0),
  },
  relativeOffset: {
    schema: { ...TABLE, k: ['number', REQUIRED] },
    args: (o) => [o.positions, o.dModel, o.base, o.variant, o.start, o.k],
    read: (r) => ({ blocks: r.float32(0), maxResidual: r.number(0) }),
  },
  dotMatrix: { schema: PAIRS, args: (o) => [o.rows, o.dModel, outLength(o)], read: (r, o) => r.float32(0, o.out) },
  distanceMatrix: { schema: PAIRS, args: (o) => [o.rows, o.dModel, outLength(o)], read: (r, o) => r.float32(0, o.out) },
  properties: {
    schema: { ...TABLE, k: ['number', 1] },
    args: (o) => [o.positions, o.dModel, o.base, o.variant, o.start, o.k],
    read: (r) => r.properties(),
  },
  trainer: {
    limits: 'trainer',
    binding: 'trainerCreate',
    schema: TRAINER,
    args: trainerArgs,
    read: (r, o) => ({ id: r.number(0), trainLength: [o.trainLength[0], o.trainLength[1]], encoding: o.encoding }),
  },
  'trainer.step': {
    limits: 'trainer',
    binding: 'trainerStep',
    schema: { steps: ['number', 1] },
    args: (o, t) => [t.id, o.steps],
    read: (r) => ({ step: r.number(3), loss: r.number(0), accuracy: r.number(1), steps: r.number(2) }),
  },
  'trainer.evaluate': {
    limits: 'trainer',
    binding: 'trainerEvaluate',
    schema: {
      length: ['number', OPTIONAL],
      lengths: ['pair', OPTIONAL],
      samples: ['number', 512],
      seed: ['number', 0],
    },
    args: (o, t) => {
      const lengths = evaluationLengths(o, t);
      return [t.id, lengths[0], lengths[1], lengths[2], o.samples, o.seed];
    },
    read: (r) => ({ accuracy: r.number(1), loss: r.number(0), samples: r.number(2) }),
  },
  'trainer.attentionWeights': {
    limits: 'trainer',
    binding: 'trainerAttention',
    schema: { tokens: ['tokens', REQUIRED, TOKENS_SLOT], layer: ['number', 0], head: ['number', 0] },
    args: (o, t) => [t.id, o.layer, o.head],
    read: (r) => ({ n: r.number(0), weights: r.float32(0), probability: r.number(1) }),
  },
  'trainer.learnedRowsTrained': {
    limits: 'trainer',
    binding: 'trainerLearnedRows',
    schema: {},
    args: (o, t) => [t.id],
    read: (r) => {
      const flags = r.float64(0);
      const rows = new Uint8Array(flags.length);
      for (let i = 0; i < flags.length; i++) rows[i] = flags[i];
      return rows;
    },
  },
  permutation: {
    schema: { ...SEQUENCE, dK: ['number', REQUIRED], swap: ['pair', REQUIRED] },
    args: (o) => [
      o.vocabSize,
      o.dModel,
      o.seed,
      o.encoding,
      o.base,
      o.variant,
      o.start,
      o.maxLen,
      o.dK,
      o.swap[0],
      o.swap[1],
    ],
    read: (r) => ({ withoutEncoding: r.arm(0, 0), withEncoding: r.arm(4, 1) }),
  },
};

// Every method as a null-prototype record with all its fields own (binding name, limits, the schema's
// entries in order), so a polluted Object.prototype cannot supply a missing field, and the checks
// below walk the schema by index, with no iterator a caller could have replaced.
for (const fn of Object.keys(METHODS))
  METHODS[fn] = freeze(
    Object.assign(Object.create(null), { binding: fn, limits: 'lab' }, METHODS[fn], {
      entries: Object.entries(METHODS[fn].schema),
    }),
  );

// A plain options object, as a literal or Object.create(null) makes it: its prototype is null or a
// realm's Object.prototype (itself prototype-less). A Date, a Number object, an array or a class
// instance is not one.
const isPlainObject = (value) => {
  if (value === null || typeof value !== 'object') return false;
  const proto = getPrototypeOf(value);
  return proto === null || getPrototypeOf(proto) === null;
};

// The index of `name` in a core's name list (-1 if it is none of them). Names are compared whole, so
// a string of any length costs one comparison per name, and nothing of it is copied anywhere.
function nameIndex(names, name) {
  for (let i = 0; i < names.length; i++) if (names[i] === name) return i;
  return -1;
}

// A core's `limits()` with its name lists as frozen copies in a null-prototype record, so a polluted
// Object.prototype cannot add a list, and nothing can change one after load.
function coreLimits(raw) {
  const choices = create(null);
  for (const [name, list] of Object.entries(raw.choices)) choices[name] = freeze(Array.from(list));
  return freeze(Object.assign(create(null), raw, { choices: freeze(choices) }));
}

function withParam(error, param) {
  error.param = param;
  return error;
}

// A core's ranges as the errors quote them ("an integer from 2 to 4096").
// (Null-prototype, so a polluted Object.prototype cannot add a range to a name that has none.)
function describeRanges(core) {
  const ranges = Object.create(null);
  for (const [name, range] of Object.entries(core.ranges)) ranges[name] = describeRange(range);
  return ranges;
}

export class Lab {
  #module;
  #core; // the core's ranges, names and caps (bindings' `limits`)
  #ranges;
  #trainerCore; // the trainer's (trainer bindings' `trainerLimits`)
  #trainerRanges;

  /** Which build runs: 'simd' or 'scalar'. */
  build;

  // Not public (lab.d.ts): createLab() loads the module and makes the lab.
  constructor(module, build) {
    if (module === null || typeof module !== 'object' || typeof module.limits !== 'function')
      throw new TypeError('Lab: make a lab with `await createLab()` (the constructor is not part of the API)');
    this.#module = module;
    this.#core = coreLimits(module.limits());
    this.#ranges = freeze(
      Object.assign(describeRanges(this.#core), { maxElements: this.#core.maxElements, maxWork: this.#core.maxWork }),
    );
    this.#trainerCore = coreLimits(module.trainerLimits());
    this.#trainerRanges = freeze(describeRanges(this.#trainerCore));
    this.build = build;
  }

  /** The allowed range of every numeric parameter, as the errors quote it, and the caps. */
  get limits() {
    return this.#ranges;
  }

  // The ranges and names a method's options are held to: the trainer's, or the rest of the lab's.
  #limitsOf(fn) {
    return METHODS[fn].limits === 'trainer'
      ? { core: this.#trainerCore, ranges: this.#trainerRanges }
      : { core: this.#core, ranges: this.#ranges };
  }

  // Phases one and two: the caller's options, read once (see options.js), lists copied.
  #options(fn, given) {
    const { schema } = METHODS[fn];
    if (given === null || typeof given !== 'object' || Array.isArray(given)) {
      const { entries } = METHODS[fn];
      let required = '';
      for (let i = 0; i < entries.length; i++)
        if (entries[i][1][1] === REQUIRED) required += `${required ? ', ' : ''}${entries[i][0]}`;
      const wanted = required ? ` (required: ${required})` : '';
      throw withParam(new TypeError(`${fn}: expected an options object${wanted}, got ${typeName(given)}`), 'options');
    }
    const { values, unknown } = snapshot(given, schema);
    if (unknown.length)
      throw withParam(
        new TypeError(`${fn}: unknown option ${optionName(unknown[0])} (known: ${Object.keys(schema).join(', ')})`),
        unknown[0],
      );
    const copies = Object.create(null);
    const { entries } = METHODS[fn];
    for (let i = 0; i < entries.length; i++) {
      const name = entries[i][0],
        kind = entries[i][1][0];
      if ((kind === 'floats' || kind === 'tokens' || kind === 'pair') && Array.isArray(values[name]))
        copies[name] = copyArray(values[name], this.#core.maxElements);
      if (kind === 'rope' && isPlainObject(values[name])) copies[name] = this.#nestedSnapshot(fn, name, values[name]);
    }
    return this.#checked(fn, values, copies);
  }

  // A nested options object (rope's), read once like the options themselves; unknown names refused.
  #nestedSnapshot(fn, name, given) {
    const { values, unknown } = snapshot(given, ROPE);
    if (unknown.length)
      throw withParam(
        new TypeError(
          `${fn}: unknown option ${optionName(`${name}.${unknown[0]}`)} (known: ${Object.keys(ROPE).join(', ')})`,
        ),
        `${name}.${unknown[0]}`,
      );
    return values;
  }

  // Phase three for a nested options object: each of its options of the right type, defaults filled,
  // named '${name}.base', ….
  #nested(fn, name, values, given) {
    if (values === undefined) {
      const what =
        typeName(given) === 'an object' ? 'an object that is not a plain one (a Date, a Number, …)' : typeName(given);
      throw withParam(new TypeError(`${fn}: ${name} must be ${KINDS.rope[1]}, got ${what}`), name);
    }
    const record = Object.create(null);
    const { ranges } = this.#limitsOf(fn);
    for (let i = 0; i < ROPE_ENTRIES.length; i++) {
      const key = ROPE_ENTRIES[i][0],
        kind = ROPE_ENTRIES[i][1][0],
        fallback = ROPE_ENTRIES[i][1][1];
      const value = values[key];
      if (value === undefined) {
        if (fallback !== OPTIONAL) record[key] = fallback;
        continue;
      }
      if (!KINDS[kind][0](value)) {
        const range = kind === 'number' && ranges[key] ? ` (${ranges[key]})` : '';
        const full = `${name}.${key}`;
        throw withParam(
          new TypeError(`${fn}: ${full} must be ${KINDS[kind][1]}${range}, got ${typeName(value)}`),
          full,
        );
      }
      record[key] = value;
    }
    return record;
  }

  // Phase three, where no caller code runs: every option of the right type, in schema order. Returns
  // the checked options, the same with each named option as its index (what crosses), and the lists
  // to copy into wasm memory, as [name, slot, list].
  #checked(fn, values, copies) {
    const o = Object.create(null);
    const lists = [];
    const { entries } = METHODS[fn];
    for (let i = 0; i < entries.length; i++) {
      const name = entries[i][0],
        kind = entries[i][1][0],
        fallback = entries[i][1][1],
        slot = entries[i][1][2];
      const value = values[name];
      const test = KINDS[kind][0],
        wanted = KINDS[kind][1];
      const { ranges } = this.#limitsOf(fn);
      const range = kind === 'number' && ranges[name] ? ` (${ranges[name]})` : '';
      if (value === undefined) {
        if (fallback === REQUIRED)
          throw withParam(new TypeError(`${fn}: ${name} is required: ${wanted}${range}`), name);
        if (fallback !== OPTIONAL) o[name] = fallback;
        continue;
      }
      if (kind === 'rope') {
        o[name] = this.#nested(fn, name, copies[name], value);
        continue;
      }
      const refuse = (why = '') =>
        withParam(new TypeError(`${fn}: ${name} must be ${wanted}${range}, got ${typeName(value)}${why}`), name);
      if (test) {
        if (!test(value)) throw refuse();
        o[name] = value;
      } else {
        o[name] = this.#list(fn, name, kind, slot, value, copies[name], refuse);
        if (kind !== 'pair') lists[lists.length] = [name, slot, o[name]];
      }
    }
    return { o, wire: this.#wire(fn, entries, o), lists };
  }

  // The checked options as they cross into wasm: each named option replaced by its index in the
  // core's list (-1 for a name not on it, which the core then refuses in its own check order, and the
  // message quotes from `o`), rope's options likewise.
  #wire(fn, entries, o) {
    const wire = Object.assign(create(null), o);
    for (let i = 0; i < entries.length; i++) {
      const name = entries[i][0],
        kind = entries[i][1][0];
      if (kind === 'string' && o[name] !== undefined) wire[name] = nameIndex(this.#names(fn, name), o[name]);
      if (kind === 'rope' && o[name] !== undefined) wire[name] = this.#wire(fn, ROPE_ENTRIES, o[name]);
    }
    return wire;
  }

  // The names option `name` of `fn` accepts (a method's own list first: 'alibiBias.mask').
  #names(fn, name) {
    const { choices } = this.#limitsOf(fn).core;
    const names = choices[`${fn}.${name}`] ?? choices[name];
    if (names === undefined) throw new Error(`lab.js: the core exports no names for ${fn}'s ${name}`); // a bug here
    return names;
  }

  // A list option: a copy of a plain array's numbers, or a genuine typed array (the copy into wasm
  // memory happens in #call, after every option has been checked).
  #list(fn, name, kind, slot, value, copy, refuse) {
    if (copy?.tooLong !== undefined) this.#reserve(fn, name, slot, copy.tooLong); // throws the core's cap
    if (copy?.problem) throw refuse(` (${copy.problem})`);
    const list = copy?.copy ?? (isUsableTypedArray(value) ? value : undefined);
    if (list === undefined) throw refuse();
    if (kind === 'pair' && (typedName(value) !== undefined || typedLength(list) !== 2)) throw refuse();
    return list;
  }

  // Sizes an input slot, or throws the core's refusal (an array longer than any call takes).
  #reserve(fn, name, slot, length) {
    if (this.#module.reserveInput(slot, name, length) !== 0) this.#refuse(fn, {});
  }

  // The last call's status, through the bindings' getters (numbers and the core's own parameter name).
  #status() {
    const m = this.#module;
    return {
      rule: m.statusRule(),
      param: m.statusParam(),
      got: m.statusGot(),
      lo: m.statusLo(),
      hi: m.statusHi(),
      a: m.statusA(),
      b: m.statusB(),
      index: m.statusIndex(),
      cost: m.statusCost(),
    };
  }

  #refuse(fn, given) {
    const status = this.#status();
    const { core } = this.#limitsOf(fn);
    throw withParam(new RangeError(`${fn}: ${describeStatus(status, given, core, fn)}`), status.param);
  }

  // Copies the lists into wasm memory, runs the binding, and reads its results out.
  #call(fn, { o, wire, lists }, extra) {
    const module = this.#module;
    for (let i = 0; i < lists.length; i++) {
      const name = lists[i][0],
        slot = lists[i][1],
        list = lists[i][2];
      this.#reserve(fn, name, slot, typedLength(list));
      const type = slot === TOKENS_SLOT ? 'float64' : 'float32';
      const heap = type === 'float64' ? module.HEAPF64 : module.HEAPF32; // read after #reserve: memory may grow
      copyInto(heapView(heap, module.inputAddress(slot), typedLength(list), type), list);
    }
    const { args, read, binding } = METHODS[fn];
    if (invoke(module[binding], module, args(wire, extra)) !== 0) this.#refuse(fn, o);
    return read(this.#results(), o);
  }

  // Readers of the binding's results; each copies out of wasm memory (never a view of it).
  #results() {
    const module = this.#module;
    const view = (bits, slot) =>
      heapView(
        bits === 64 ? module.HEAPF64 : module.HEAPF32,
        module.resultAddress(bits, slot),
        module.resultLength(bits, slot),
        bits === 64 ? 'float64' : 'float32',
      );
    const float32 = (slot, out) => {
      if (out === undefined) return copyOf(view(32, slot), 'float32');
      copyInto(out, view(32, slot));
      return out;
    };
    const attention = (slot) => ({ weights: float32(slot), output: float32(slot + 1) });
    // attention's and selfAttention's results (bindings.cpp): weights, outputs, the scores softmax
    // received, and for selfAttention the queries and keys they come from.
    // (Literals, not assignments: a setter on a polluted Object.prototype never sees a result.)
    const scored = (withProjections) =>
      withProjections
        ? { weights: float32(0), output: float32(1), scores: float32(2), q: float32(3), k: float32(4) }
        : { weights: float32(0), output: float32(1), scores: float32(2) };
    return {
      float32,
      float64: (slot) => copyOf(view(64, slot), 'float64'),
      number: (slot) => module.number(slot),
      scored,
      arm: (slot, residual) => ({
        original: attention(slot),
        swapped: attention(slot + 2),
        relabelResidual: module.number(residual),
      }),
      properties: () => {
        const n = (slot) => module.number(slot);
        return {
          minDistance: n(0),
          minDistancePositions: [n(1), n(2)],
          maxAbsValue: n(3),
          minNormSq: n(4),
          maxNormSq: n(5),
          minOffsetDot: n(6),
          maxOffsetDot: n(7),
          offsetDotDeviation: n(8),
        };
      },
    };
  }

  #run(fn, given, extra) {
    return this.#call(fn, this.#options(fn, given), extra);
  }

  /**
   * A small Transformer classifier trained live on a seeded task (training/trainer.hpp). Returns a
   * Trainer (trainer.js) whose step, evaluate, attentionWeights and learnedRowsTrained run here.
   */
  trainer(options = {}) {
    const made = this.#run('trainer', options);
    const run = (fn, given) => this.#run(`trainer.${fn}`, given, made);
    return new Trainer(made, run, () => this.#module.trainerDelete(made.id));
  }

  sinusoidal(options) {
    return this.#run('sinusoidal', options);
  }
  sinusoidalReference(options) {
    return this.#run('sinusoidalReference', options);
  }
  sinusoidalFloat32Angles(options) {
    return this.#run('sinusoidalFloat32Angles', options);
  }
  frequencies(options) {
    return this.#run('frequencies', options);
  }
  learnedTable(options) {
    return this.#run('learnedTable', options);
  }
  learnedLookup(options) {
    return this.#run('learnedLookup', options);
  }
  embed(options) {
    return this.#run('embed', options);
  }
  attention(options) {
    return this.#run('attention', options);
  }
  selfAttention(options) {
    return this.#run('selfAttention', options);
  }
  relativeOffset(options) {
    return this.#run('relativeOffset', options);
  }
  rope(options) {
    return this.#run('rope', options);
  }
  alibiSlopes(options) {
    return this.#run('alibiSlopes', options);
  }
  alibiBias(options) {
    return this.#run('alibiBias', options);
  }
  dotMatrix(options) {
    return this.#run('dotMatrix', options);
  }
  distanceMatrix(options) {
    return this.#run('distanceMatrix', options);
  }
  properties(options) {
    return this.#run('properties', options);
  }
  permutation(options) {
    return this.#run('permutation', options);
  }
}

// --- the loader -------------------------------------------------------------------------------

const LOAD_OPTIONS = ['locateFile', 'wasmBinary'];
const MAX_URL = 8192;

// What to do when the .wasm cannot be had, for every failed load (README: "Hosting the site").
const loadHint = (wasm) =>
  `serve ${wasm} at that URL (as application/wasm), or tell createLab where it is with ` +
  `locateFile: (file) => url, or pass its bytes as wasmBinary (README: "Hosting the site"); ` +
  `under a Content-Security-Policy, script-src must allow 'wasm-unsafe-eval'`;

// A failed load, in one shape the pages can show: name 'LabLoadError', the URL that failed, what to do.
function loadError(what, url, wasm, cause) {
  const hint = loadHint(wasm);
  const quoted = url.length > 300 ? `${url.slice(0, 300)}…` : url; // (error.url keeps it whole)
  const error = new Error(`createLab: ${what} ${quoted}: ${hint}`, { cause });
  error.name = 'LabLoadError';
  error.url = url;
  error.hint = hint;
  return error;
}

// A URL as the page resolves it (a worker: against its own location).
function absolute(url) {
  try {
    return new URL(url, globalThis.location?.href).href;
  } catch {
    return String(url);
  }
}

// Why the browser's load failed, in words: the HTTP status when the server refused the file (asked
// again, as Emscripten's own words do not say), else what Emscripten said without its build advice.
async function whyNot(url, failure) {
  try {
    const answer = await fetch(url, { method: 'HEAD', credentials: 'same-origin' });
    if (!answer.ok) return `HTTP ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}`;
  } catch {
    return 'the request failed: offline, or blocked by CORS or a Content-Security-Policy';
  }
  return String(failure?.message ?? failure)
    .replace(/\. Build with -s ASSERTIONS=1 for more info\./g, '')
    .slice(0, 200);
}

// "24 bytes starting 3c 21 44 4f" (a .wasm starts 00 61 73 6d, "\0asm").
function describeBytes(bytes) {
  let first = '';
  for (let i = 0; i < bytes.length && i < 8; i++) first += `${i ? ' ' : ''}${bytes[i].toString(16).padStart(2, '0')}`;
  return `${bytes.length} bytes${bytes.length ? ` starting ${first}` : ''}`;
}
const hasMagic = (bytes) =>
  bytes.length >= 4 && bytes[0] === 0 && bytes[1] === 97 && bytes[2] === 115 && bytes[3] === 109;

// Why `bytes` cannot be this engine's build (the SIMD or scalar one `wasm` names), in words.
function misfit(bytes, wasm, simd) {
  const build = `pass the bytes of ${wasm} (this engine ${simd ? 'has' : 'lacks'} WebAssembly SIMD; hasWasmSimd() says which)`;
  if (!hasMagic(bytes))
    return `is not a WebAssembly module (got ${describeBytes(bytes)}; a .wasm starts 00 61 73 6d, "\\0asm"): ${build}`;
  return `does not fit this engine's build: ${build}`;
}

// Instantiates the module from `bytes` ourselves (Emscripten's instantiateWasm hook), so that a
// failure (bytes that do not compile, or link to another build's imports) rejects here, with our
// words, and Emscripten prints nothing. Rejects with `refuse(cause)`.
function instantiate(factory, bytes, refuse) {
  let failed;
  const failure = new Promise((resolve, reject) => {
    failed = (cause) => reject(refuse(cause));
  });
  const instantiateWasm = (imports, receive) => {
    WebAssembly.instantiate(bytes, imports)
      .then((result) => receive(result.instance))
      .catch(failed);
    return {};
  };
  // Every setting the module reads is an own property, so none can be inherited from a polluted
  // Object.prototype (the generated loader needs a plain object).
  return Promise.race([factory({ locateFile: undefined, wasmBinary: undefined, instantiateWasm }), failure]);
}

// createLab's own options: a plain record of the known ones, after refusing any other name.
function loadOptions(options) {
  if (options === null || typeof options !== 'object')
    throw withParam(new TypeError(`createLab: expected an options object, got ${typeName(options)}`), 'options');
  const own = Reflect.ownKeys(options);
  for (let i = 0; i < own.length; i++)
    if (typeof own[i] === 'string' && !LOAD_OPTIONS.includes(own[i]))
      throw withParam(
        new TypeError(`createLab: unknown option ${optionName(own[i])} (known: ${LOAD_OPTIONS.join(', ')})`),
        own[i],
      );
  // Own properties only: an option inherited from a polluted Object.prototype is not an option.
  const read = (name) => (Object.hasOwn(options, name) ? options[name] : undefined);
  const locateFile = read('locateFile'),
    wasmBinary = read('wasmBinary');
  if (locateFile !== undefined && typeof locateFile !== 'function')
    throw withParam(
      new TypeError(`createLab: locateFile must be a function, got ${typeName(locateFile)}`),
      'locateFile',
    );
  const bytes = wasmBinary === undefined ? undefined : bytesOf(wasmBinary);
  // locateFile's answer is checked where it is asked for: a URL string, short enough to quote.
  const located =
    locateFile &&
    ((path, directory) => {
      const url = locateFile(path, directory);
      if (typeof url !== 'string' || url.length > MAX_URL)
        throw withParam(
          new TypeError(
            `createLab: locateFile must return a URL string of at most ${MAX_URL} characters, got ${
              typeof url === 'string' ? `${url.length} characters` : typeName(url)
            }`,
          ),
          'locateFile',
        );
      return url;
    });
  if (wasmBinary !== undefined && bytes === undefined)
    throw withParam(
      new TypeError(
        `createLab: wasmBinary must be an ArrayBuffer, a typed array or a DataView, got ${typeName(wasmBinary)}`,
      ),
      'wasmBinary',
    );
  return { locateFile: located, bytes };
}

/**
 * Loads the WebAssembly core: the SIMD build where the engine has wasm SIMD, the scalar build
 * elsewhere. In the browser the .wasm is fetched from beside this module (or where `locateFile` says);
 * in Node it is read from disk. `wasmBinary` (bytes of the build that hasWasmSimd() selects) skips both.
 * A .wasm that cannot be fetched, read or compiled rejects with a LabLoadError naming its URL.
 */
export async function createLab(options = {}) {
  const { locateFile, bytes } = loadOptions(options);
  const simd = hasWasmSimd();
  const build = simd ? 'simd' : 'scalar';
  const { factory, wasm } = await loadBuild(simd);
  if (bytes !== undefined) {
    const refuse = (cause) =>
      withParam(new TypeError(`createLab: wasmBinary ${misfit(bytes, wasm, simd)}`, { cause }), 'wasmBinary');
    if (!hasMagic(bytes)) throw refuse(undefined);
    return new Lab(await instantiate(factory, bytes, refuse), build);
  }
  if (isNode) {
    const url = new URL(/* webpackIgnore: true */ locateFile ? locateFile(wasm, '') : wasm, import.meta.url).href;
    let read;
    try {
      read = new Uint8Array(await readBeside(url));
    } catch (failure) {
      throw loadError(
        `could not read the WebAssembly core (${failure.code ?? failure.message}) at`,
        url,
        wasm,
        failure,
      );
    }
    const refuse = (cause) =>
      loadError(`the WebAssembly core ${misfit(read, wasm, simd)}; it was read from`, url, wasm, cause);
    if (!hasMagic(read)) throw refuse(undefined);
    return new Lab(await instantiate(factory, read, refuse), build);
  }
  // The browser: Emscripten fetches the .wasm (from the URL a bundler may have rewritten in the
  // module) and rejects with a bare "Aborted(…)" when it cannot; say which URL, and what to do.
  let located;
  const locate = locateFile && ((path, directory) => (located = locateFile(path, directory)));
  try {
    return new Lab(await factory({ locateFile: locate, wasmBinary: undefined, instantiateWasm: undefined }), build);
  } catch (failure) {
    if (failure?.param === 'locateFile') throw failure; // its answer was no URL: nothing was fetched
    // Emscripten fetches relative to the page (locateFile's answer) or to its module (the default).
    const url =
      located === undefined ? new URL(/* webpackIgnore: true */ wasm, import.meta.url).href : absolute(located);
    throw loadError(
      `could not fetch or compile the WebAssembly core (${await whyNot(url, failure)}) at`,
      url,
      wasm,
      failure,
    );
  }
}

// The idiomatic JS layer over the Embind module: options objects with defaults, type checks that
// throw TypeError, core range checks turned into RangeError, and results that are plain typed arrays
// owned by the caller. The numbers all come from the C++ core.
const isNode = typeof process === 'object' && process.versions != null && process.versions.node != null;

// Reads a file that sits beside this module (Node only; the browser build fetches instead).
async function readBeside(name) {
  const fsModule = 'node:fs/promises';
  const { readFile } = await import(/* @vite-ignore */ fsModule);
  return readFile(new URL(name, import.meta.url));
}

// A minimal module using a wasm SIMD instruction (i8x16.popcnt): it validates only where the engine
// has SIMD, and then the SIMD build is used; elsewhere the scalar build computes the same values.
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0,
  253, 15, 253, 98, 11]);

/** Whether this engine runs WebAssembly SIMD (and so gets the SIMD build). */
export function hasWasmSimd() {
  return WebAssembly.validate(SIMD_PROBE);
}

// Static specifiers, so bundlers see and ship both builds.
async function loadBuild(simd) {
  if (simd) return { factory: (await import('./pelab.mjs')).default, wasm: 'pelab.wasm' };
  return { factory: (await import('./pelab-scalar.mjs')).default, wasm: 'pelab-scalar.wasm' };
}

function typeName(value) {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

// Whether a buffer was transferred away. `detached` is recent; elsewhere a detached buffer is the one
// a view cannot be built on.
function isDetached(buffer) {
  if (typeof buffer.detached === 'boolean') return buffer.detached;
  if (buffer.byteLength > 0) return false;
  try { new Uint8Array(buffer); return false; } catch { return true; }
}

// A genuine numeric typed array (not a Proxy or look-alike) whose buffer is still attached: anything
// else would make the binding's copy throw inside wasm, where nothing can be cleaned up.
const isLiveTypedArray = (v, Type) =>
  ArrayBuffer.isView(v) && !(v instanceof DataView) && !(v instanceof BigInt64Array) && !(v instanceof BigUint64Array) &&
  (Type === undefined || Object.prototype.toString.call(v) === `[object ${Type.name}]`) && !isDetached(v.buffer);

// Plain arrays must be dense and all numbers (every() would skip holes).
function isNumberArray(v) {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'number') return false;
  return true;
}

const isNumberList = (v) => isLiveTypedArray(v) || isNumberArray(v);

// What each kind of option must be, as [test, description for the TypeError].
const KINDS = {
  number: [(v) => typeof v === 'number', 'a number'],
  string: [(v) => typeof v === 'string', 'a string'],
  numbers: [isNumberList, 'an array of numbers or a typed array (not detached)'],
  float32: [(v) => isLiveTypedArray(v, Float32Array), 'a Float32Array (not detached)'],
  pair: [(v) => isNumberArray(v) && v.length === 2, 'an array of two numbers'],
};

const REQUIRED = Symbol('required');
const OPTIONAL = Symbol('optional');

// Option schemas: name → [kind, default]. REQUIRED must be given; OPTIONAL may be left out.
const TABLE = { positions: ['number', REQUIRED], dModel: ['number', REQUIRED], base: ['number', 10000],
  variant: ['string', 'paper'], start: ['number', 0] };
const SEQUENCE = { tokens: ['numbers', REQUIRED], vocabSize: ['number', REQUIRED], dModel: ['number', REQUIRED],
  seed: ['number', 0], encoding: ['string', 'sinusoidal'], base: ['number', 10000], variant: ['string', 'paper'],
  start: ['number', 0], maxLen: ['number', 512] };
const PAIRS = { table: ['numbers', REQUIRED], rows: ['number', REQUIRED], dModel: ['number', REQUIRED],
  out: ['float32', OPTIONAL] };

const SCHEMAS = {
  sinusoidal: { ...TABLE, out: ['float32', OPTIONAL] },
  sinusoidalReference: TABLE,
  sinusoidalFloat32Angles: TABLE,
  frequencies: { dModel: ['number', REQUIRED], base: ['number', 10000], variant: ['string', 'paper'] },
  learnedTable: { maxLen: ['number', REQUIRED], dModel: ['number', REQUIRED], seed: ['number', 0],
    out: ['float32', OPTIONAL] },
  learnedLookup: { maxLen: ['number', REQUIRED], dModel: ['number', REQUIRED], seed: ['number', 0],
    position: ['number', REQUIRED] },
  embed: SEQUENCE,
  attention: { q: ['numbers', REQUIRED], k: ['numbers', REQUIRED], v: ['numbers', REQUIRED], n: ['number', REQUIRED],
    dK: ['number', REQUIRED], dV: ['number', OPTIONAL], mask: ['string', 'none'] },
  selfAttention: { x: ['numbers', REQUIRED], n: ['number', REQUIRED], dModel: ['number', REQUIRED],
    dK: ['number', REQUIRED], seed: ['number', 0], mask: ['string', 'none'] },
  relativeOffset: { ...TABLE, k: ['number', REQUIRED] },
  dotMatrix: PAIRS,
  distanceMatrix: PAIRS,
  properties: { ...TABLE, k: ['number', 1] },
  permutation: { ...SEQUENCE, dK: ['number', REQUIRED], swap: ['pair', REQUIRED] },
};

function withParam(error, param) {
  error.param = param;
  return error;
}

export class Lab {
  #module;
  #ranges;

  /** Which build runs: 'simd' or 'scalar'. */
  build;

  constructor(module, build) {
    this.#module = module;
    this.#ranges = Object.freeze(module.paramRanges());
    this.build = build;
  }

  /** The allowed range of every numeric parameter, as the errors quote it. */
  get limits() {
    return this.#ranges;
  }

  // Fills defaults and checks types; values are left for the core to range-check.
  #options(fn, given) {
    if (given === null || typeof given !== 'object' || Array.isArray(given))
      throw new TypeError(`${fn}: expected an options object, got ${typeName(given)}`);
    const schema = SCHEMAS[fn];
    for (const key of Object.keys(given))
      if (!Object.hasOwn(schema, key))
        throw withParam(new TypeError(`${fn}: unknown option '${key}' (known: ${Object.keys(schema).join(', ')})`), key);
    const o = {};
    for (const [name, [kind, fallback]] of Object.entries(schema)) {
      const value = given[name];
      const [test, wanted] = KINDS[kind];
      const range = kind === 'number' && this.#ranges[name] ? ` (${this.#ranges[name]})` : '';
      if (value === undefined) {
        if (fallback === REQUIRED) throw withParam(new TypeError(`${fn}: ${name} is required: ${wanted}${range}`), name);
        if (fallback !== OPTIONAL) o[name] = fallback;
        continue;
      }
      if (!test(value))
        throw withParam(new TypeError(`${fn}: ${name} must be ${wanted}${range}, got ${typeName(value)}`), name);
      o[name] = value;
    }
    return o;
  }

  // Runs one binding; a {param, message} answer becomes a RangeError.
  #call(fn, options) {
    const result = this.#module[fn](options);
    if (result !== null && typeof result === 'object' && typeof result.message === 'string' && 'param' in result)
      throw withParam(new RangeError(`${fn}: ${result.message}`), result.param);
    return result;
  }

  #run(fn, given, adapt = (o) => o) {
    return this.#call(fn, adapt(this.#options(fn, given)));
  }

  sinusoidal(options) { return this.#run('sinusoidal', options); }
  sinusoidalReference(options) { return this.#run('sinusoidalReference', options); }
  sinusoidalFloat32Angles(options) { return this.#run('sinusoidalFloat32Angles', options); }
  frequencies(options) { return this.#run('frequencies', options, (o) => ({ ...o, positions: 1, start: 0 })); }
  learnedTable(options) { return this.#run('learnedTable', options); }
  learnedLookup(options) { return this.#run('learnedLookup', options); }
  embed(options) { return this.#run('embed', options); }
  attention(options) { return this.#run('attention', options, (o) => ({ ...o, dV: o.dV ?? o.dK })); }
  selfAttention(options) { return this.#run('selfAttention', options); }
  relativeOffset(options) { return this.#run('relativeOffset', options); }
  dotMatrix(options) { return this.#run('dotMatrix', options); }
  distanceMatrix(options) { return this.#run('distanceMatrix', options); }
  properties(options) { return this.#run('properties', options); }
  permutation(options) {
    return this.#run('permutation', options, (o) => ({ ...o, i: o.swap[0], j: o.swap[1] }));
  }
}

/**
 * Loads the WebAssembly core: the SIMD build where the engine has wasm SIMD, the scalar build
 * elsewhere. In the browser the .wasm is fetched from beside this module (or where `locateFile` says);
 * in Node it is read from disk. `wasmBinary` (bytes of the build that hasWasmSimd() selects) skips both.
 */
export async function createLab(options = {}) {
  if (options === null || typeof options !== 'object')
    throw new TypeError(`createLab: expected an options object, got ${typeName(options)}`);
  const { locateFile, wasmBinary } = options;
  if (locateFile !== undefined && typeof locateFile !== 'function')
    throw withParam(new TypeError(`createLab: locateFile must be a function, got ${typeName(locateFile)}`), 'locateFile');
  if (wasmBinary !== undefined && !(wasmBinary instanceof ArrayBuffer || ArrayBuffer.isView(wasmBinary)))
    throw withParam(new TypeError(`createLab: wasmBinary must be an ArrayBuffer or a typed array, got ${typeName(wasmBinary)}`),
      'wasmBinary');
  const simd = hasWasmSimd();
  const { factory, wasm } = await loadBuild(simd);
  const moduleOptions = {};
  if (locateFile) moduleOptions.locateFile = locateFile;
  if (wasmBinary) moduleOptions.wasmBinary = wasmBinary;
  else if (isNode) moduleOptions.wasmBinary = await readBeside(locateFile ? locateFile(wasm, '') : wasm);
  return new Lab(await factory(moduleOptions), simd ? 'simd' : 'scalar');
}

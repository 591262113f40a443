// The one place arrays and numbers cross between the JS layer and wasm memory (bindings.cpp's pelab_*
// exports, calls.hpp's exchange): a list copied into its option's buffer, every option written as three
// float64 cells, the call run, its status read through the getters, and its named results copied out
// (never a view of wasm memory handed on: memory can grow and empty a view), or, for a call given `out` that
// writes in pieces, each piece copied there as the core writes it. Only checked values get here.
import { copyInto, copyOf, freeze, heapView, typedLength, valueAt } from './options.js';
import { nameIndex, place } from './table.js';

const { create, defineProperty } = Object;
const utf8 = new TextDecoder(); // made at import: a page that replaces TextDecoder later changes nothing

// The per-call exports (bindings.cpp's pelab_*), each called once here, harmlessly (an index that names
// nothing), so that Emscripten swaps its lazy wrapper, which calls through Function.prototype.apply, for the
// wasm function itself; the lab keeps those, and no JS runs between it and the core on a call.
const EXPORTS = [
  ['run', [-1]],
  ['reserve_input', [-1, -1, 0]],
  ['cells', []],
  ['input', [-1, -1]],
  ['result', [-1, 0]],
  ['result_length', [-1, 0]],
  ['result_number', [-1]],
  ['trainer_delete', [-1]],
  ['describe', [-1]],
  ['describe_length', [-1]],
  ['status_rule', []],
  ['status_param', []],
  ['status_got', []],
  ['status_lo', []],
  ['status_hi', []],
  ['status_a', []],
  ['status_b', []],
  ['status_index', []],
  ['status_cost', []],
];
function exportsOf(module) {
  const raw = create(null);
  for (const [name, harmless] of EXPORTS) {
    const key = `_pelab_${name}`;
    if (typeof module[key] !== 'function') throw new TypeError(`Lab: the module exports no ${key}`);
    module[key](...harmless);
    raw[name] = module[key];
  }
  return freeze(raw);
}

// A NUL-terminated ASCII string at `at` in wasm memory (the core's own parameter names), read byte by byte
// with a String.fromCharCode captured at load.
const { fromCharCode } = String;
function cString(heap, at) {
  let text = '';
  for (let i = at; heap[i] !== 0; i++) text += fromCharCode(heap[i]);
  return text;
}

// Where a module's core copies the running call's answer piece by piece, into that call's `out` (bindings.cpp's
// pelab_to_out calls module.pelabToOut; calls.hpp, out_pieces): made once per module, as an own property
// defined (not assigned: nothing on Object.prototype sees it, or runs inside a call) and shared by every lab on
// the module, each setting `out` for its own calls. It cannot throw, so no exception crosses a wasm frame.
const outSlots = new WeakMap();
function outSlot(module) {
  let slot = outSlots.get(module);
  if (!slot) {
    slot = { out: null };
    const toOut = (first, count, address) => {
      if (slot.out !== null) copyInto(slot.out, heapView(module.HEAPF32, address, count, 'float32'), first);
    };
    defineProperty(module, 'pelabToOut', { value: toOut });
    outSlots.set(module, slot);
  }
  return slot;
}

// Flags (0/1 in float64) as a Uint8Array.
function bytesFrom(flags) {
  const bytes = new Uint8Array(typedLength(flags));
  for (let i = 0; i < bytes.length; i++) bytes[i] = flags[i];
  return bytes;
}

// An option's three cells, [given, value, second], as the core reads them (calls.hpp): a name as its
// index in the option's list, a list by its length, a group by whether it was given.
function cells(option, value, trainer) {
  const { kind, names } = option;
  if (kind === 'trainer') return [1, trainer.id, 0];
  if (value === undefined) return [0, 0, 0];
  if (kind === 'name') return [1, nameIndex(names, value), 0];
  if (kind === 'boolean') return [1, value ? 1 : 0, 0];
  if (kind === 'pair') return [1, value[0], value[1]];
  if (kind === 'floats' || kind === 'tokens' || kind === 'out') return [1, typedLength(value), 0];
  if (kind === 'group') return [1, 0, 0];
  return [1, value, 0];
}

export class Exchange {
  #module;
  #raw; // the per-call wasm exports (exportsOf)

  #out; // outSlot(module): where the running call's `out` is, for the copy the core calls inside the call

  constructor(module) {
    this.#module = module;
    this.#raw = exportsOf(module);
    this.#out = outSlot(module);
  }

  /** Description `which` (0 the call table, 1 the lab's limits, 2 the trainer's) as its JSON text. */
  describe(which) {
    const at = this.#raw.describe(which);
    return utf8.decode(this.#module.HEAPU8.subarray(at, at + this.#raw.describe_length(which)));
  }

  /** Sizes the buffer of list option `option` of a method for `length` numbers: false if the core refuses. */
  reserve(method, option, length) {
    return this.#raw.reserve_input(method.index, option, length) === 0;
  }

  /** Copies a list into its option's buffer (sized by reserve). */
  copyList(method, option, list) {
    const module = this.#module;
    const type = method.options[option].kind === 'tokens' ? 'float64' : 'float32';
    const heap = type === 'float64' ? module.HEAPF64 : module.HEAPF32; // read after reserve: memory may grow
    copyInto(heapView(heap, this.#raw.input(method.index, option), typedLength(list), type), list);
  }

  /** Writes every option's cells from the checked options `o`, and runs the call: false if the core refuses. */
  run(method, o, trainer) {
    const { index, options } = method;
    const written = heapView(this.#module.HEAPF64, this.#raw.cells(), 3 * options.length, 'float64');
    for (let i = 0; i < options.length; i++) {
      const three = cells(options[i], valueAt(o, options[i].path), trainer);
      written[3 * i] = three[0];
      written[3 * i + 1] = three[1];
      written[3 * i + 2] = three[2];
    }
    this.#out.out = o.out ?? null;
    try {
      return this.#raw.run(index) === 0;
    } finally {
      this.#out.out = null;
    }
  }

  /** The last refusal: its rule, the core's own parameter name and its numbers (status.hpp). */
  status() {
    const r = this.#raw;
    return {
      rule: r.status_rule(),
      param: cString(this.#module.HEAPU8, r.status_param()),
      got: r.status_got(),
      lo: r.status_lo(),
      hi: r.status_hi(),
      a: r.status_a(),
      b: r.status_b(),
      index: r.status_index(),
      cost: r.status_cost(),
    };
  }

  /**
   * The results the table names, each copied out of wasm memory, placed by path; a result with no path
   * is the whole answer. A call given `out` writes that whole answer there.
   */
  results(method, o) {
    const module = this.#module,
      raw = this.#raw;
    const view = (i, wide) =>
      heapView(
        wide ? module.HEAPF64 : module.HEAPF32,
        raw.result(i, wide ? 1 : 0),
        raw.result_length(i, wide ? 1 : 0),
        wide ? 'float64' : 'float32',
      );
    const answer = {};
    for (let i = 0; i < method.results.length; i++) {
      const { shape, names, keys } = method.results[i];
      let value;
      if (shape === 'float32' && o.out !== undefined && keys[0][0] === '') {
        if (raw.result_length(i, 0) > 0) copyInto(o.out, view(i, false)); // (else: copied in pieces already)
        value = o.out;
      } else if (shape === 'float32') value = copyOf(view(i, false), 'float32');
      else if (shape === 'float64') value = copyOf(view(i, true), 'float64');
      else if (shape === 'bytes') value = bytesFrom(view(i, true));
      else if (shape === 'name') value = names[raw.result_number(i)];
      else value = raw.result_number(i);
      if (keys.length === 1 && keys[0][0] === '') return value;
      place(answer, keys, value);
    }
    return answer;
  }

  /** Frees trainer `id` in wasm memory. */
  deleteTrainer(id) {
    this.#raw.trainer_delete(id);
  }
}

// The idiomatic JS layer over the wasm module (load.js loads it; Embind serves only its tables, at load,
// and every call goes to plain wasm exports): options objects with defaults, type
// checks that throw TypeError, the core's range checks turned into RangeError, and results that are plain
// typed arrays owned by the caller. The numbers all come from the C++ core.
//
// One call, in order: snapshot the caller's options and copy its plain arrays (the only phases where
// caller code — a getter, a Proxy trap — can run), check their types, copy lists into wasm memory
// through the engine's own methods, write every option's cells (a named option as its index in the
// core's name list) in the order the call table declares, run the call (it sees only numbers), then
// copy its named results out. No JS object and no caller's string is ever handed to wasm, and no
// exception can cross a live wasm frame, so a refused call leaves nothing behind.
import {
  copyArray,
  copyInto,
  isArray,
  copyOf,
  freeze,
  heapView,
  isUsableTypedArray,
  snapshot,
  typedLength,
  typedName,
  typeName,
} from './options.js';
import { describeRange, describeStatus, optionName, withParam } from './messages.js';
import { Trainer } from './trainer.js';

const { create, defineProperty, getPrototypeOf, hasOwn } = Object;

// What each kind of option must be: [test, description for the TypeError]. Lists are tested after
// the snapshot (see #list); an options object (a group: rope's) by isPlainObject.
const KINDS = {
  number: [(v) => typeof v === 'number', 'a number'],
  name: [(v) => typeof v === 'string', 'a string'],
  floats: [null, 'an array of numbers or a typed array (not detached)'],
  tokens: [null, 'an array of numbers or a typed array (not detached)'],
  out: [(v) => isUsableTypedArray(v, 'Float32Array'), 'a Float32Array (not detached)'],
  pair: [null, 'an array of two numbers'],
  boolean: [(v) => typeof v === 'boolean', 'true or false'],
};

const REQUIRED = Symbol('required');
const OPTIONAL = Symbol('optional');

// The call table (calls.hpp, exported by the module's `calls()`) as the checks below walk it: per
// method, its index for `run`, whose limits its messages quote, its options in the table's order (the
// order of their cells), the entries a caller may give ([name, [kind, default or REQUIRED/OPTIONAL,
// option index, names list]]), each group's members likewise, and the named results. Null-prototype
// records with every field own and frozen, so a polluted Object.prototype cannot supply one, and the
// checks walk by index, with no iterator a caller could have replaced.
function methodsOf(table) {
  const methods = create(null);
  for (let index = 0; index < table.length; index++) {
    const call = table[index];
    const entries = [];
    const groups = create(null);
    const excludes = [];
    for (let i = 0; i < call.options.length; i++) {
      const o = call.options[i];
      const fallback =
        o.presence === 'required'
          ? REQUIRED
          : o.presence === 'optional'
            ? OPTIONAL
            : Array.isArray(o.fallback)
              ? freeze(Array.from(o.fallback))
              : o.fallback;
      const dot = o.name.indexOf('.');
      const entry = freeze([dot < 0 ? o.name : o.name.slice(dot + 1), freeze([o.kind, fallback, i])]);
      if (dot >= 0) groups[o.name.slice(0, dot)][groups[o.name.slice(0, dot)].length] = entry;
      else if (o.kind !== 'trainer') entries[entries.length] = entry; // the lab fills in the trainer
      if (o.kind === 'group') groups[o.name] = [];
      if (o.excludes) excludes[excludes.length] = freeze([o.excludes, o.name]);
    }
    const groupSchemas = create(null),
      groupKinds = create(null);
    for (const name of Object.keys(groups)) {
      freeze(groups[name]);
      groupSchemas[name] = freeze(Object.assign(create(null), Object.fromEntries(groups[name])));
      groupKinds[name] = groupKind(groups[name]);
    }
    methods[call.name] = freeze(
      Object.assign(create(null), {
        index,
        limits: call.limits,
        // each with its group and member names ('rope.base': 'rope', 'base'; 'n': 'n', undefined)
        options: freeze(
          call.options.map((o) => {
            const [top, member] = o.name.split('.');
            return freeze(Object.assign(create(null), o, { top, member, names: freeze(Array.from(o.names)) }));
          }),
        ),
        entries: freeze(entries),
        schema: freeze(Object.assign(create(null), Object.fromEntries(entries))),
        groups: freeze(groups),
        groupSchemas: freeze(groupSchemas),
        groupKinds: freeze(groupKinds), // each group's description in a TypeError, written once
        excludes: freeze(excludes),
        results: freeze(
          call.results.map((r) =>
            freeze(Object.assign(create(null), r, { keys: pathKeys(r.path), names: freeze(Array.from(r.names)) })),
          ),
        ),
      }),
    );
  }
  return freeze(methods);
}

// Flags (0/1 in float64) as a Uint8Array.
function bytesFrom(flags) {
  const bytes = new Uint8Array(typedLength(flags));
  for (let i = 0; i < bytes.length; i++) bytes[i] = flags[i];
  return bytes;
}

// A group's description in a TypeError: "an options object {base, layout, rotaryDims, scale, start}".
const groupKind = (members) => `an options object {${members.map((m) => m[0]).join(', ')}}`;

// A plain options object, as a literal or Object.create(null) makes it: its prototype is null or a
// realm's Object.prototype (itself prototype-less). A Date, a Number object, an array or a class
// instance is not one.
const isPlainObject = (value) => {
  if (value === null || typeof value !== 'object') return false;
  const proto = getPrototypeOf(value);
  return proto === null || getPrototypeOf(proto) === null;
};

// The name list of the option the core named: by its full name, else by its last part (a group member).
function namesOf(options, param) {
  for (let i = 0; i < options.length; i++) if (options[i].name === param) return options[i].names;
  const member = param.slice(param.indexOf('.') + 1);
  for (let i = 0; i < options.length; i++) if (options[i].member === member) return options[i].names;
  return [];
}

// The index of `name` in a core's name list (-1 if it is none of them). Names are compared whole, so
// a string of any length costs one comparison per name, and nothing of it is copied anywhere.
function nameIndex(names, name) {
  for (let i = 0; i < names.length; i++) if (names[i] === name) return i;
  return -1;
}

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

// A core's `limits()` as a frozen null-prototype record, so a polluted Object.prototype cannot add a range,
// and nothing can change one after load.
function coreLimits(raw) {
  const ranges = freeze(Object.assign(create(null), raw.ranges));
  return freeze(Object.assign(create(null), raw, { ranges }));
}

// A core's ranges as the errors quote them ("an integer from 2 to 4096").
// (Null-prototype, so a polluted Object.prototype cannot add a range to a name that has none.)
function describeRanges(core) {
  const ranges = Object.create(null);
  for (const [name, range] of Object.entries(core.ranges)) ranges[name] = describeRange(range);
  return ranges;
}

// A result's path as the keys `place` walks ("minDistancePositions.0": ['minDistancePositions', '0']),
// each with whether the next key makes it an array. Split once, at load.
const pathKeys = (path) =>
  freeze(path.split('.').map((key, i, keys) => freeze([key, i + 1 < keys.length && /^\d+$/.test(keys[i + 1])])));

// Puts `value` where `keys` say in `answer`, making the objects and arrays on the way. defineProperty
// with null-prototype descriptors, not assignment: a setter (or a `get`) on a polluted Object.prototype
// never sees a result.
function place(answer, keys, value) {
  let at = answer;
  for (let i = 0; i < keys.length - 1; i++) {
    const key = keys[i][0];
    if (!hasOwn(at, key)) defineProperty(at, key, field(keys[i][1] ? [] : {}));
    at = at[key];
  }
  defineProperty(at, keys[keys.length - 1][0], field(value));
}
const field = (value) => ({ __proto__: null, value, writable: true, enumerable: true, configurable: true });

export class Lab {
  #module;
  #raw; // the per-call wasm exports (exportsOf)
  #methods; // the call table (methodsOf)
  #core; // the core's ranges, names and caps (bindings' `limits`)
  #ranges;
  #trainerCore; // the trainer's (bindings' `trainerLimits`)
  #trainerRanges;

  /** Which build runs: 'simd' or 'scalar'. */
  build;

  // Not public (lab.d.ts): createLab() loads the module and makes the lab.
  constructor(module, build) {
    if (module === null || typeof module !== 'object' || typeof module.calls !== 'function')
      throw new TypeError('Lab: make a lab with `await createLab()` (the constructor is not part of the API)');
    this.#module = module;
    this.#raw = exportsOf(module);
    this.#methods = methodsOf(module.calls());
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
    return this.#methods[fn].limits === 'trainer'
      ? { core: this.#trainerCore, ranges: this.#trainerRanges }
      : { core: this.#core, ranges: this.#ranges };
  }

  // Phases one and two: the caller's options, read once (see options.js), lists copied.
  #options(fn, given) {
    const { schema, entries, groups } = this.#methods[fn];
    if (given === null || typeof given !== 'object' || isArray(given)) {
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
    for (let i = 0; i < entries.length; i++) {
      const name = entries[i][0],
        kind = entries[i][1][0];
      if ((kind === 'floats' || kind === 'tokens' || kind === 'pair') && isArray(values[name]))
        copies[name] = copyArray(values[name], this.#core.maxElements);
      if (kind === 'group' && isPlainObject(values[name])) copies[name] = this.#groupSnapshot(fn, name, values[name]);
    }
    return this.#checked(fn, values, copies);
  }

  // A group's options object (rope's), read once like the options themselves; unknown names refused.
  #groupSnapshot(fn, name, given) {
    const schema = this.#methods[fn].groupSchemas[name];
    const { values, unknown } = snapshot(given, schema);
    if (unknown.length)
      throw withParam(
        new TypeError(
          `${fn}: unknown option ${optionName(`${name}.${unknown[0]}`)} (known: ${Object.keys(schema).join(', ')})`,
        ),
        `${name}.${unknown[0]}`,
      );
    return values;
  }

  // Phase three for a group: each of its options of the right type, defaults filled, named
  // '${name}.base', ….
  #group(fn, name, members, values, given) {
    if (values === undefined) {
      const what =
        typeName(given) === 'an object' ? 'an object that is not a plain one (a Date, a Number, …)' : typeName(given);
      throw withParam(new TypeError(`${fn}: ${name} must be ${this.#methods[fn].groupKinds[name]}, got ${what}`), name);
    }
    const record = Object.create(null);
    const { ranges } = this.#limitsOf(fn);
    for (let i = 0; i < members.length; i++) {
      const key = members[i][0],
        kind = members[i][1][0],
        fallback = members[i][1][1];
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

  // Phase three, where no caller code runs: every option of the right type, in the table's order.
  // Returns the checked options and the lists to copy into wasm memory, as [name, option index, list].
  #checked(fn, values, copies) {
    const o = Object.create(null);
    const lists = [];
    const { entries, groups, excludes } = this.#methods[fn];
    const { ranges } = this.#limitsOf(fn);
    for (let i = 0; i < entries.length; i++) {
      const name = entries[i][0],
        kind = entries[i][1][0],
        fallback = entries[i][1][1],
        option = entries[i][1][2];
      const value = values[name];
      const range = kind === 'number' && ranges[name] ? ` (${ranges[name]})` : '';
      const wanted = kind === 'group' ? this.#methods[fn].groupKinds[name] : KINDS[kind][1];
      if (value === undefined) {
        if (fallback === REQUIRED)
          throw withParam(new TypeError(`${fn}: ${name} is required: ${wanted}${range}`), name);
        if (fallback !== OPTIONAL) o[name] = fallback;
        continue;
      }
      if (kind === 'group') {
        o[name] = this.#group(fn, name, groups[name], copies[name], value);
        continue;
      }
      const refuse = (why = '') =>
        withParam(new TypeError(`${fn}: ${name} must be ${wanted}${range}, got ${typeName(value)}${why}`), name);
      const test = KINDS[kind][0];
      if (test) {
        if (!test(value)) throw refuse();
        o[name] = value;
      } else {
        o[name] = this.#list(fn, name, kind, option, value, copies[name], refuse);
        // (defineProperty, not assignment: an accessor on Array.prototype[0] would swallow the entry)
        if (kind !== 'pair') defineProperty(lists, lists.length, field([name, option, o[name]]));
      }
    }
    for (let i = 0; i < excludes.length; i++) {
      const a = excludes[i][0],
        b = excludes[i][1];
      if (o[a] !== undefined && o[b] !== undefined) {
        const kind = (n) => KINDS[this.#methods[fn].schema[n][0]][1];
        throw withParam(new TypeError(`${fn}: give ${a} (${kind(a)}) or ${b} (${kind(b)}), not both`), b);
      }
    }
    return { o, lists };
  }

  // A list option: a copy of a plain array's numbers, or a genuine typed array (the copy into wasm
  // memory happens in #call, after every option has been checked).
  #list(fn, name, kind, option, value, copy, refuse) {
    if (copy?.tooLong !== undefined) this.#reserve(fn, option, copy.tooLong); // throws the core's cap
    if (copy?.problem) throw refuse(` (${copy.problem})`);
    const list = copy?.copy ?? (isUsableTypedArray(value) ? value : undefined);
    if (list === undefined) throw refuse();
    if (kind === 'pair' && (typedName(value) !== undefined || typedLength(list) !== 2)) throw refuse();
    return list;
  }

  // Sizes an option's list buffer, or throws the core's refusal (an array longer than any call takes).
  #reserve(fn, option, length) {
    if (this.#raw.reserve_input(this.#methods[fn].index, option, length) !== 0) this.#refuse(fn, {});
  }

  // The last call's status, through the exports' getters (numbers and the core's own parameter name).
  #status() {
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

  #refuse(fn, given) {
    const status = this.#status();
    const { core } = this.#limitsOf(fn);
    const names = namesOf(this.#methods[fn].options, status.param);
    throw withParam(new RangeError(`${fn}: ${describeStatus(status, given, core, names)}`), status.param);
  }

  // An option's three cells, [given, value, second], as the core reads them (calls.hpp): a name as its
  // index in the core's list, a list by its length, a group by whether it was given.
  #cells(fn, option, value, trainer) {
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

  // Copies the lists into wasm memory, writes every option's cells, runs the call, and reads its results out.
  #call(fn, { o, lists }, trainer) {
    const module = this.#module;
    const { index, options } = this.#methods[fn];
    for (let i = 0; i < lists.length; i++) {
      const option = lists[i][1],
        list = lists[i][2];
      this.#reserve(fn, option, typedLength(list));
      const type = options[option].kind === 'tokens' ? 'float64' : 'float32';
      const heap = type === 'float64' ? module.HEAPF64 : module.HEAPF32; // read after #reserve: memory may grow
      copyInto(heapView(heap, this.#raw.input(index, option), typedLength(list), type), list);
    }
    const cells = heapView(module.HEAPF64, this.#raw.cells(), 3 * options.length, 'float64');
    for (let i = 0; i < options.length; i++) {
      const { top, member } = options[i];
      const value = member === undefined ? o[top] : o[top]?.[member];
      const three = this.#cells(fn, options[i], value, trainer);
      cells[3 * i] = three[0];
      cells[3 * i + 1] = three[1];
      cells[3 * i + 2] = three[2];
    }
    if (this.#raw.run(index) !== 0) this.#refuse(fn, o);
    return this.#results(fn, o);
  }

  // The results the table names, each copied out of wasm memory (never a view of it), placed by path;
  // a result with no path is the whole answer. A call given `out` writes that whole answer there.
  #results(fn, o) {
    const module = this.#module,
      raw = this.#raw;
    const { results } = this.#methods[fn];
    const view = (i, wide) =>
      heapView(
        wide ? module.HEAPF64 : module.HEAPF32,
        raw.result(i, wide ? 1 : 0),
        raw.result_length(i, wide ? 1 : 0),
        wide ? 'float64' : 'float32',
      );
    const answer = {};
    for (let i = 0; i < results.length; i++) {
      const { shape, names, keys } = results[i];
      let value;
      if (shape === 'float32' && o.out !== undefined && keys[0][0] === '') {
        copyInto(o.out, view(i, false));
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

  #run(fn, given, trainer) {
    return this.#call(fn, this.#options(fn, given), trainer);
  }

  /**
   * A small Transformer classifier trained live on a seeded task (training/trainer.hpp). Returns a
   * Trainer (trainer.js) whose step, evaluate, attentionWeights and learnedRowsTrained run here.
   */
  trainer(options = {}) {
    const made = this.#run('trainer', options);
    const run = (fn, given) => this.#run(`trainer.${fn}`, given, made);
    return new Trainer(made, run, () => this.#raw.trainer_delete(made.id));
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

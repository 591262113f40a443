// The idiomatic JS layer over the wasm module (load.js loads it; it reads its tables once, at load,
// and every call goes to plain wasm exports): options objects with defaults, type
// checks that throw TypeError, the core's range checks turned into RangeError, and results that are plain
// typed arrays owned by the caller. The numbers all come from the C++ core. This file is the checker and
// the public methods; table.js reads the call table, exchange.js is where values cross into wasm.
//
// One call, in order: snapshot the caller's options and copy its plain arrays (the only phases where
// caller code — a getter, a Proxy trap — can run), check their types, copy lists into wasm memory
// through the engine's own methods, write every option's cells (a named option as its index in the
// core's name list) in the order the call table declares, run the call (it sees only numbers), then
// copy its named results out. No JS object and no caller's string is ever handed to wasm, and no
// exception can cross a live wasm frame, so a refused call leaves nothing behind.
import {
  copyArray,
  isArray,
  freeze,
  isUsableTypedArray,
  snapshot,
  typedLength,
  typedName,
  typeName,
  valueAt,
} from './options.js';
import { describeStatus, optionName, withParam } from './messages.js';
import { REQUIRED, OPTIONAL, methodsOf, namesOf, coreLimits, describeRanges, field, parseTable } from './table.js';
import { Exchange } from './exchange.js';
import { Trainer } from './trainer.js';

const { defineProperty, getPrototypeOf } = Object;

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

// A plain options object, as a literal or Object.create(null) makes it: its prototype is null or a
// realm's Object.prototype (itself prototype-less). A Date, a Number object, an array or a class
// instance is not one.
const isPlainObject = (value) => {
  if (value === null || typeof value !== 'object') return false;
  const proto = getPrototypeOf(value);
  return proto === null || getPrototypeOf(proto) === null;
};

export class Lab {
  #exchange; // the wasm exports every call goes through (exchange.js)
  #methods; // the call table (table.js's methodsOf)
  #core; // the core's ranges, names and caps (bindings' `limits`)
  #ranges;
  #trainerCore; // the trainer's (bindings' `trainerLimits`)
  #trainerRanges;

  /** Which build runs: 'simd', 'simd-no-trainer' (createLab({ training: false })) or 'scalar'. */
  build;
  /** The compiled core (a WebAssembly.Module), for createLab({ wasmModule }) in a worker: no second fetch. */
  wasmModule;
  #training; // false when made with createLab({ training: false })

  // Not public (lab.d.ts): createLab() loads the module and makes the lab.
  constructor(module, build, wasmModule, training = true) {
    if (module === null || typeof module !== 'object' || typeof module._pelab_describe !== 'function')
      throw new TypeError('Lab: make a lab with `await createLab()` (the constructor is not part of the API)');
    this.#exchange = new Exchange(module);
    this.#methods = methodsOf(parseTable(this.#exchange.describe(0)));
    this.#core = coreLimits(parseTable(this.#exchange.describe(1)));
    this.#ranges = freeze(
      Object.assign(describeRanges(this.#core), { maxElements: this.#core.maxElements, maxWork: this.#core.maxWork }),
    );
    this.#trainerCore = coreLimits(parseTable(this.#exchange.describe(2)));
    this.#trainerRanges = freeze(describeRanges(this.#trainerCore));
    this.build = build;
    this.wasmModule = wasmModule;
    this.#training = training;
  }

  /** Whether the lab trains: false when made with createLab({ training: false }) (read-only). */
  get training() {
    return this.#training;
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
      if (kind === 'group' && isPlainObject(values[name])) this.#groupSnapshot(fn, name, values[name], copies);
    }
    return this.#checked(fn, values, copies);
  }

  // A group's options object (rope's), read once like the options themselves, into copies[path], and so are
  // the groups it holds (rope's scaling: copies['rope.scaling']); unknown names refused.
  #groupSnapshot(fn, path, given, copies) {
    const schema = this.#methods[fn].groupSchemas[path];
    const { values, unknown } = snapshot(given, schema);
    if (unknown.length)
      throw withParam(
        new TypeError(
          `${fn}: unknown option ${optionName(`${path}.${unknown[0]}`)} (known: ${Object.keys(schema).join(', ')})`,
        ),
        `${path}.${unknown[0]}`,
      );
    copies[path] = values;
    const members = this.#methods[fn].groups[path];
    for (let i = 0; i < members.length; i++)
      if (members[i][1][0] === 'group' && isPlainObject(values[members[i][0]]))
        this.#groupSnapshot(fn, `${path}.${members[i][0]}`, values[members[i][0]], copies);
  }

  // Phase three for a group: each of its options of the right type, defaults filled, named
  // '${name}.base', …; a group within it likewise ('rope.scaling.factor').
  #group(fn, name, copies, given) {
    const members = this.#methods[fn].groups[name],
      values = copies[name];
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
      if (kind === 'group') {
        record[key] = this.#group(fn, `${name}.${key}`, copies, value);
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
    const { entries, excludes } = this.#methods[fn];
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
        o[name] = this.#group(fn, name, copies, value);
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
      if (valueAt(o, a.split('.')) !== undefined && valueAt(o, b.split('.')) !== undefined)
        throw withParam(
          new TypeError(`${fn}: give ${a} (${this.#kindOf(fn, a)}) or ${b} (${this.#kindOf(fn, b)}), not both`),
          b,
        );
    }
    return { o, lists };
  }

  // What an option (by its path) must be, as a TypeError says it: "a number", "an options object {…}".
  #kindOf(fn, path) {
    const { schema, groupSchemas, groupKinds } = this.#methods[fn];
    const dot = path.lastIndexOf('.');
    const kind = dot < 0 ? schema[path][0] : groupSchemas[path.slice(0, dot)][path.slice(dot + 1)][0];
    return kind === 'group' ? groupKinds[path] : KINDS[kind][1];
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
    if (!this.#exchange.reserve(this.#methods[fn], option, length)) this.#refuse(fn, {});
  }

  #refuse(fn, given) {
    const status = this.#exchange.status();
    const { core } = this.#limitsOf(fn);
    const names = namesOf(this.#methods[fn].options, status.param);
    throw withParam(new RangeError(`${fn}: ${describeStatus(status, given, core, names)}`), status.param);
  }

  // Copies the lists into wasm memory, writes every option's cells, runs the call, and reads its results out.
  #call(fn, { o, lists }, trainer) {
    const method = this.#methods[fn];
    for (let i = 0; i < lists.length; i++) {
      this.#reserve(fn, lists[i][1], typedLength(lists[i][2]));
      this.#exchange.copyList(method, lists[i][1], lists[i][2]);
    }
    if (!this.#exchange.run(method, o, trainer)) this.#refuse(fn, o);
    return this.#exchange.results(method, o);
  }

  #run(fn, given, trainer) {
    return this.#call(fn, this.#options(fn, given), trainer);
  }

  /**
   * A small Transformer classifier trained live on a seeded task (training/trainer.hpp). Returns a
   * Trainer (trainer.js) whose step, evaluate, attentionWeights and learnedRowsTrained run here.
   */
  trainer(options = {}) {
    // (The lab of { training: false } may still hold the scalar build's trainer: it refuses all the same, on
    // every engine; and a core whose call table has no trainer, whatever its lab says, cannot train.)
    if (!this.#training || !this.#methods.trainer)
      throw withParam(
        new TypeError(
          'trainer: this lab was made with createLab({ training: false }), without the trainer: make one with createLab() to train',
        ),
        'training',
      );
    return this.#trainerOf(this.#run('trainer', options));
  }

  // The JS handle on a trainer the core made (by trainer() or a trainer's clone()).
  #trainerOf(made) {
    const run = (fn, given) => this.#run(`trainer.${fn}`, given, made);
    return new Trainer(
      made,
      run,
      () => this.#exchange.deleteTrainer(made.id),
      (copy) => this.#trainerOf(copy),
    );
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
  ropeFrequencies(options) {
    return this.#run('ropeFrequencies', options);
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

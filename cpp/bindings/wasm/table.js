// The call table (calls.hpp, exported once by the module's `calls()` as JSON) and the core's limits as the JS
// layer walks them: built at load into frozen null-prototype records, so nothing a caller or a polluted
// Object.prototype does later can change or extend them. Plain functions of the table; no wasm here.
import { freeze } from './options.js';
import { describeRange } from './messages.js';

const { create, defineProperty, hasOwn } = Object;

/** The module's JSON text (describe.hpp) as plain data, by the JSON.parse this module found at load. */
export const parseTable = JSON.parse;

export const REQUIRED = Symbol('required');
export const OPTIONAL = Symbol('optional');

// The call table (calls.hpp, exported by the module's `calls()`) as the checks below walk it: per
// method, its index for `run`, whose limits its messages quote, its options in the table's order (the
// order of their cells), the entries a caller may give ([name, [kind, default or REQUIRED/OPTIONAL,
// option index, names list]]), each group's members likewise, and the named results. Null-prototype
// records with every field own and frozen, so a polluted Object.prototype cannot supply one, and the
// checks walk by index, with no iterator a caller could have replaced.
export function methodsOf(table) {
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
      // A member of a group is named by its path ('rope.base'; 'rope.scaling.type', a group's group's).
      const dot = o.name.lastIndexOf('.');
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
        // each with its path ('rope.base': ['rope', 'base']) and last name ('base')
        options: freeze(
          call.options.map((o) => {
            const path = freeze(o.name.split('.'));
            const member = path[path.length - 1];
            return freeze(Object.assign(create(null), o, { path, member, names: freeze(Array.from(o.names)) }));
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

// A group's description in a TypeError: "an options object {base, layout, rotaryDims, scale, start}".
export const groupKind = (members) => `an options object {${members.map((m) => m[0]).join(', ')}}`;

// The name list of the option the core named: by its full name, else by its last part (a group member).
export function namesOf(options, param) {
  for (let i = 0; i < options.length; i++) if (options[i].name === param) return options[i].names;
  const member = param.slice(param.lastIndexOf('.') + 1);
  for (let i = 0; i < options.length; i++) if (options[i].member === member) return options[i].names;
  return [];
}

// The index of `name` in a core's name list (-1 if it is none of them). Names are compared whole, so
// a string of any length costs one comparison per name, and nothing of it is copied anywhere.
export function nameIndex(names, name) {
  for (let i = 0; i < names.length; i++) if (names[i] === name) return i;
  return -1;
}

// A core's `limits()` as a frozen null-prototype record, so a polluted Object.prototype cannot add a range,
// and nothing can change one after load.
export function coreLimits(raw) {
  const ranges = freeze(Object.assign(create(null), raw.ranges));
  return freeze(Object.assign(create(null), raw, { ranges }));
}

// A core's ranges as the errors quote them ("an integer from 2 to 4096").
// (Null-prototype, so a polluted Object.prototype cannot add a range to a name that has none.)
export function describeRanges(core) {
  const ranges = Object.create(null);
  for (const [name, range] of Object.entries(core.ranges)) ranges[name] = describeRange(range);
  return ranges;
}

// A result's path as the keys `place` walks ("minDistancePositions.0": ['minDistancePositions', '0']),
// each with whether the next key makes it an array. Split once, at load.
export const pathKeys = (path) =>
  freeze(path.split('.').map((key, i, keys) => freeze([key, i + 1 < keys.length && /^\d+$/.test(keys[i + 1])])));

// Puts `value` where `keys` say in `answer`, making the objects and arrays on the way. defineProperty
// with null-prototype descriptors, not assignment: a setter (or a `get`) on a polluted Object.prototype
// never sees a result.
export function place(answer, keys, value) {
  let at = answer;
  for (let i = 0; i < keys.length - 1; i++) {
    const key = keys[i][0];
    if (!hasOwn(at, key)) defineProperty(at, key, field(keys[i][1] ? [] : {}));
    at = at[key];
  }
  defineProperty(at, keys[keys.length - 1][0], field(value));
}
// A data property descriptor with no prototype (so a polluted Object.prototype cannot add `get` or `set`).
export const field = (value) => ({ __proto__: null, value, writable: true, enumerable: true, configurable: true });

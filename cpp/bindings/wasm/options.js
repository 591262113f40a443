// Reading a caller's options without trusting them. Each option is read once, own properties only,
// into a snapshot; lists are checked and copied through the engine's own typed-array methods,
// captured here when the module loads, so a caller's `length`, `set`, Symbol.toStringTag, Proxy or
// getter cannot lie to the copy, and no caller code runs once the snapshot and the copies of plain
// arrays are taken.

const TypedArray = Object.getPrototypeOf(Uint8Array);
const getter = (proto, key) => Object.getOwnPropertyDescriptor(proto, key).get;
const { apply, ownKeys } = Reflect;
const { hasOwn, create, defineProperty, freeze, keys } = Object;
const { isArray } = Array;
const { isInteger } = Number;
const typedArrayName = getter(TypedArray.prototype, Symbol.toStringTag);
const typedArrayLength = getter(TypedArray.prototype, 'length');
const typedArrayBuffer = getter(TypedArray.prototype, 'buffer');
const typedArraySet = TypedArray.prototype.set;
const F32 = Float32Array;
const F64 = Float64Array;
const U8 = Uint8Array;

/** The engine's name for a genuine typed array ('Float32Array', …), else undefined (also for a Proxy). */
export const typedName = (value) => apply(typedArrayName, value, []);

/** The true length of a genuine typed array. */
export const typedLength = (value) => apply(typedArrayLength, value, []);

/** target.set(source, offset) through the engine's own method: no caller code runs for typed arrays. */
export const copyInto = (target, source, offset = 0) => apply(typedArraySet, target, [source, offset]);

/** A new Float32Array or Float64Array holding a copy of `view`. */
export function copyOf(view, Type) {
  const copy = new (Type === 'float64' ? F64 : F32)(typedLength(view));
  copyInto(copy, view);
  return copy;
}

/** The buffer under a typed array, through the engine's own getter (a caller may redefine `buffer`). */
export const bufferOf = (view) => apply(typedArrayBuffer, view, []);

const bytesGetter = (proto, key) => {
  const get = getter(proto, key);
  return (value) => apply(get, value, []);
};
const arrayBufferLength = bytesGetter(ArrayBuffer.prototype, 'byteLength');
const typedArrayView = [
  bytesGetter(TypedArray.prototype, 'byteOffset'),
  bytesGetter(TypedArray.prototype, 'byteLength'),
];
const dataView = [
  bytesGetter(DataView.prototype, 'buffer'),
  bytesGetter(DataView.prototype, 'byteOffset'),
  bytesGetter(DataView.prototype, 'byteLength'),
];

/**
 * The bytes an ArrayBuffer, a typed array or a DataView holds, as a Uint8Array over the same memory
 * (read through the engine's own getters); undefined for anything else, or a detached one.
 */
export function bytesOf(value) {
  try {
    arrayBufferLength(value); // throws unless an ArrayBuffer (of any realm)
    return new U8(value);
  } catch {}
  try {
    if (typedName(value) !== undefined)
      return new U8(bufferOf(value), typedArrayView[0](value), typedArrayView[1](value));
    return new U8(dataView[0](value), dataView[1](value), dataView[2](value));
  } catch {
    return undefined;
  }
}

/** A view of `length` elements at byte `address` of the memory under `heap` (one of the module's HEAP views). */
export const heapView = (heap, address, length, Type) =>
  new (Type === 'float64' ? F64 : F32)(bufferOf(heap), address, length);

// A typed array whose buffer was transferred away reads length 0, and no view can be built on it.
function isDetached(value) {
  if (typedLength(value) > 0) return false;
  try {
    new U8(apply(typedArrayBuffer, value, []));
    return false;
  } catch {
    return true;
  }
}

export function typeName(value) {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  const name = typedName(value);
  if (name !== undefined) return `a ${name}`;
  if (isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * Phase one: every option the schema knows, read once from the caller's own properties (an inherited
 * or polluted prototype property is never read). Unknown own names are returned for the caller to
 * refuse. Getters and Proxy traps run here (and, for a plain array's elements, in copyArray), nowhere else.
 */
export function snapshot(given, schema) {
  const own = ownKeys(given);
  const unknown = [];
  for (let i = 0; i < own.length; i++)
    if (typeof own[i] === 'string' && !hasOwn(schema, own[i]))
      // defineProperty, not assignment: an accessor on Array.prototype's index would swallow the name
      defineProperty(unknown, unknown.length, {
        __proto__: null,
        value: own[i],
        writable: true,
        enumerable: true,
        configurable: true,
      });
  const values = create(null);
  const names = keys(schema);
  for (let i = 0; i < names.length; i++) if (hasOwn(given, names[i])) values[names[i]] = given[names[i]];
  return { values, unknown };
}

/**
 * Phase two, for a plain array: its elements read once each into a Float64Array (getters and Proxy
 * traps run here). Returns the copy, or a reason it is not a dense list of numbers (every field own,
 * so a polluted Object.prototype cannot supply one).
 */
export function copyArray(value, maxLength) {
  const length = value.length;
  if (!isInteger(length) || length < 0)
    return { copy: undefined, tooLong: undefined, problem: 'not an array with a usable length' };
  if (length > maxLength) return { copy: undefined, tooLong: length, problem: undefined };
  const copy = new F64(length);
  for (let i = 0; i < length; i++) {
    // A hole reads through to the prototypes, where a polluted Object.prototype[i] would supply a value.
    const element = hasOwn(value, i) ? value[i] : undefined;
    if (typeof element !== 'number')
      return { copy: undefined, tooLong: undefined, problem: `element ${i} is ${typeName(element)}` };
    copy[i] = element;
  }
  return { copy, tooLong: undefined, problem: undefined };
}

/** Phase three (no caller code runs): a genuine, attached numeric typed array, of `only` if given. */
export function isUsableTypedArray(value, only) {
  const name = typedName(value);
  const bigint = name === 'BigInt64Array' || name === 'BigUint64Array';
  if (name === undefined || bigint || (only !== undefined && name !== only)) return false;
  return !isDetached(value);
}

export { freeze, isArray };

/** The value at `path` (an option's name split at its dots) in a call's options, or undefined where a group is not given. */
export function valueAt(record, path) {
  let at = record;
  for (let i = 0; i < path.length && at !== undefined && at !== null; i++) at = at[path[i]];
  return at ?? undefined;
}

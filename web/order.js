// The order in which a learner sees a question's options: shuffled per learner, with a seed kept in
// the site's storage (web/storage.js: for the visit only where the browser denies it), so the order is
// stable across reloads (a learner can come back to "option c") and
// carries no hint (the right option is not always first). Free of the DOM for unit tests.

import { siteStorage } from './storage.js';

/** Where the seed is kept (the site's storage, and a course platform's suspend data). */
export const SEED_KEY = 'pelab:learner-seed:v1';
const isSeed = (n) => Number.isInteger(n) && n > 0 && n < 2 ** 32;

// FNV-1a over the text, then splitmix32 steps: a small, well-mixed stream per (seed, question).
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function stream(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) / 2 ** 32;
  };
}

/** A copy of `items` in the order learner `seed` sees for question `key` (Fisher–Yates). */
export function shuffled(items, seed, key) {
  const next = stream(hash(`${seed >>> 0}:${key}`));
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The value that stands for `id` (an option's) in the page of learner `seed`, for question `key`: a short
 * hash, so that nothing in the DOM names an option or the key, and another learner's page holds other values.
 * Distinct within a question (a collision, about one in 2^32 per pair, takes the next salt).
 */
export function opaqueValues(ids, seed, key) {
  for (let salt = 0; ; salt++) {
    const values = ids.map((id) => `v${hash(`${seed >>> 0}:${key}:${salt}:${id}`).toString(36)}`);
    if (new Set(values).size === values.length) return values;
  }
}

/** The seed kept in `storage`, or null where none is (nothing is made or saved). */
export function savedSeed(storage) {
  const saved = Number(storage.getItem(SEED_KEY));
  return isSeed(saved) ? saved : null;
}

/** This learner's seed: read from storage, or made and saved on the first visit. */
export function learnerSeed(storage = siteStorage()) {
  const saved = Number(storage.getItem(SEED_KEY));
  if (isSeed(saved)) return saved;
  const seed = 1 + (crypto.getRandomValues(new Uint32Array(1))[0] % (2 ** 32 - 1));
  storage.setItem(SEED_KEY, String(seed));
  return seed;
}

/**
 * Makes `seed` this learner's, when whoever keeps the learner's records hands one over (an LMS's suspend data,
 * a course page's host helper): the same option order from visit to visit where this site keeps nothing.
 * A seed learnerSeed would not take is ignored. Returns the seed in force.
 */
export function adoptSeed(seed, storage = siteStorage()) {
  if (isSeed(Number(seed))) storage.setItem(SEED_KEY, String(Number(seed)));
  return learnerSeed(storage);
}

/** Option letters: a, b, c, … */
export const letter = (i) => String.fromCharCode(97 + i);

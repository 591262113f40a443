// Shared by the JS tests: one lab instance per test file, the scalar build as an engine without SIMD
// gets it, and array comparisons.
import { createLab } from 'positional-encoding-lab';

export const labPromise = createLab();

export { scalarLab } from './own-module.mjs';

export function maxAbsDiff(a, b) {
  if (a.length !== b.length) throw new Error(`length ${a.length} vs ${b.length}`);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

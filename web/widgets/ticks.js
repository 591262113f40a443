// Where the widgets put their axis ticks: the line plot's value ticks and the heatmap's index ticks, both at a
// "nice" step of 1, 2 or 5 × 10^k. Plain functions of numbers (tests/web/ticks.test.mjs runs them without a DOM).

const SLACK = 1e-9; // of a step: a value this close to a multiple of the step counts as on it

/** The first of 1, 2, 5, 10 × 10^k (k from the span) at least `span / wanted`: about `wanted` steps over `span`. */
export function niceStep(span, wanted) {
  const raw = span / wanted;
  const power = 10 ** Math.floor(Math.log10(raw));
  // (5 × 10^-6 computes just below 5e-6: a hair of slack keeps it the step it stands for)
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw * (1 - 1e-12)) ?? raw;
}

/**
 * The line plot's ticks: the multiples i × step of a nice step (about `count` steps over the range) from `lo`
 * to `hi`, a multiple within SLACK of a step of either end included. Each is i × step, not a running sum, and is
 * rounded to the step's own decimals, so 0 is 0 and no label shows float noise. `integer`: only whole numbers
 * (a log axis's exponents). A range narrower than its values' float resolution has one tick, its middle; a
 * range that is empty, inverted or not finite has none.
 */
export function ticks(lo, hi, count, { integer = false } = {}) {
  const span = hi - lo;
  if (!Number.isFinite(span) || span < 0) return [];
  if (!(span > Math.max(Math.abs(lo), Math.abs(hi)) * 1e-12)) return [roundTo(lo + span / 2, 12)];
  const step = integer ? Math.max(1, niceStep(span, count)) : niceStep(span, count);
  if (!(step > 0 && Number.isFinite(step))) return []; // a span of a few subnormals
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const label = (v) =>
    decimals === 0 ? Math.round(v) + 0 : decimals <= 100 ? Number(v.toFixed(decimals)) : roundTo(v, 12);
  const first = Math.ceil(lo / step - SLACK),
    last = Math.floor(hi / step + SLACK);
  const out = [];
  for (let i = first; i <= last; i++) out.push(label(i * step));
  return out;
}

function roundTo(value, digits) {
  return Number(value.toPrecision(digits)) + 0; // + 0: no −0
}

/** The heatmap's labelled rows or columns of `count`: 0 and every whole nice step after it (about `wanted`). */
export function indexTicks(count, wanted) {
  const step = Math.max(1, niceStep(count, wanted));
  const out = [];
  for (let i = 0; i < count; i += step) out.push(i);
  return out;
}

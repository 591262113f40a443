// What a plot shows, in words, for a reader who cannot see it: computed from the plotted numbers
// (tests/web/describe.test.mjs), never written by hand, so it stays true whatever the learner sets.
import { fmt } from './dom.js';

// A value as the sentences write it: three decimals, or exponential where those would show only zeros.
const num = (v) => fmt(v, 3);

/**
 * One sentence per series of a line plot over x: where it starts and ends, and its lowest and highest
 * values with the x where each first occurs. Non-finite values are skipped (and counted).
 */
export function describeSeries(xLabel, x, series) {
  if (!x.length) return 'No data yet.';
  const span = x.length === 1 ? `${xLabel} ${x[0]}` : `${xLabel} from ${x[0]} to ${x[x.length - 1]}`;
  const lines = series.map(({ name, values }) => {
    const at = [];
    for (let i = 0; i < x.length; i++) if (Number.isFinite(values[i])) at.push(i);
    if (!at.length) return `${name}: no finite value.`;
    let lo = at[0],
      hi = at[0];
    for (const i of at) {
      if (values[i] < values[lo]) lo = i;
      if (values[i] > values[hi]) hi = i;
    }
    const skipped = x.length - at.length;
    const rest = skipped ? `; ${skipped} values not finite.` : '.';
    if (at.length === 1) return `${name}: ${num(values[at[0]])} at ${x[at[0]]}${rest}`; // one value: said once
    return (
      `${name}: ${num(values[at[0]])} at ${x[at[0]]}, ${num(values[at.at(-1)])} at ${x[at.at(-1)]}; ` +
      `lowest ${num(values[lo])} at ${x[lo]}, highest ${num(values[hi])} at ${x[hi]}${rest}`
    );
  });
  return `${span}. ${lines.join(' ')}`;
}

/** A sentence for a rows × columns matrix: its size and where its smallest and largest values are. */
export function describeMatrix(rowName, columnName, rows, columns, data, firstRow = 0) {
  let lo = -1,
    hi = -1;
  for (let i = 0; i < rows * columns; i++) {
    if (!Number.isFinite(data[i])) continue;
    if (lo < 0 || data[i] < data[lo]) lo = i;
    if (hi < 0 || data[i] > data[hi]) hi = i;
  }
  const size = `${rows} × ${columns} (${rowName} by ${columnName})`;
  if (lo < 0) return `${size}, no finite value.`;
  const where = (i) => `${rowName} ${Math.floor(i / columns) + firstRow}, ${columnName} ${i % columns}`;
  return `${size}: smallest ${num(data[lo])} at ${where(lo)}, largest ${num(data[hi])} at ${where(hi)}.`;
}

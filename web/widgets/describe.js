// What a plot shows, in words, for a reader who cannot see it: computed from the plotted numbers
// (tests/web/describe.test.mjs), never written by hand, so it stays true whatever the learner sets. Its words
// are the `widgets` catalog's (web/i18n/catalogs/<locale>/widgets.json), its numbers in the locale's notation.
import { hasCatalog, translator } from '../i18n/messages.js';

/**
 * The widgets' translator in the language of `t` (a translator of any namespace, web/i18n/messages.js), or
 * English's when none is given. A page that has not loaded its language's `widgets` catalog gets English
 * words rather than a failure (the en-XA tests see any such page).
 */
export function widgetWords(t) {
  if (!t) return translator('en', 'widgets');
  if (t.namespace === 'widgets') return t;
  return hasCatalog(t.locale, 'widgets') ? t.in('widgets') : translator('en', 'widgets');
}

// A value as the sentences write it: three decimals, or exponential where those would show only zeros.
const num = (w, v) => w.number(v, 3);

/**
 * One sentence per series of a line plot over x: where it starts and ends, and its lowest and highest
 * values with the x where each first occurs. Non-finite values are skipped (and counted). `t`: the
 * translator to write in (English by default).
 */
export function describeSeries(xLabel, x, series, t) {
  const w = widgetWords(t);
  if (!x.length) return w('describe.empty');
  const at = (i) => w.decimal(x[i]);
  const span =
    x.length === 1
      ? w('describe.span.one', { axis: xLabel, at: at(0) })
      : w('describe.span', { axis: xLabel, from: at(0), to: at(x.length - 1) });
  const lines = series.map(({ name, values }) => {
    const finite = [];
    for (let i = 0; i < x.length; i++) if (Number.isFinite(values[i])) finite.push(i);
    if (!finite.length) return w('describe.series.none', { name });
    let lo = finite[0],
      hi = finite[0];
    for (const i of finite) {
      if (values[i] < values[lo]) lo = i;
      if (values[i] > values[hi]) hi = i;
    }
    const skipped = x.length - finite.length;
    const [first, last] = [finite[0], finite.at(-1)];
    if (finite.length === 1)
      return w('describe.series.one', { name, value: num(w, values[first]), at: at(first), skipped }); // said once
    return w('describe.series', {
      name,
      first: num(w, values[first]),
      firstAt: at(first),
      last: num(w, values[last]),
      lastAt: at(last),
      low: num(w, values[lo]),
      lowAt: at(lo),
      high: num(w, values[hi]),
      highAt: at(hi),
      skipped,
    });
  });
  const separator = w('describe.separator');
  return lines.length ? [span, ...lines].join(separator) : span + separator; // (no series: as it always read)
}

/**
 * A sentence for a rows × columns matrix: its size and where its smallest and largest values are. `t`: the
 * translator to write in (English by default).
 */
export function describeMatrix(rowName, columnName, rows, columns, data, firstRow = 0, t) {
  const w = widgetWords(t);
  let lo = -1,
    hi = -1;
  for (let i = 0; i < rows * columns; i++) {
    if (!Number.isFinite(data[i])) continue;
    if (lo < 0 || data[i] < data[lo]) lo = i;
    if (hi < 0 || data[i] > data[hi]) hi = i;
  }
  const size = { rows, columns, rowName, columnName };
  if (lo < 0) return w('describe.matrix.none', size);
  const row = (i) => Math.floor(i / columns) + firstRow;
  return w('describe.matrix', {
    ...size,
    low: num(w, data[lo]),
    lowRow: row(lo),
    lowColumn: lo % columns,
    high: num(w, data[hi]),
    highRow: row(hi),
    highColumn: hi % columns,
  });
}

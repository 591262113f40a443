// Numbers as tables: a matrix with coloured cells (the data-table alternative to a plot, or the main
// view for small matrices), and a collapsible data table for any plot. Their numbers are in the locale's
// notation (a decimal comma in Spanish): `t`, a translator (web/i18n/messages.js), English by default.
import { h } from './dom.js';
import { cssColour, textToneFor } from './colormap.js';
import { watchScroll } from './scroll-box.js';
import { widgetWords } from './describe.js';

/** rows × cols values as a table; `limit` colours cells on the diverging map; extra columns optional;
 *  `name` names its scroll region (the caption by default); `t` writes its numbers. */
export function matrixTable({
  name,
  caption,
  values,
  rows,
  cols,
  rowLabel = (i) => String(i),
  colLabel = (j) => String(j),
  limit,
  digits = 3,
  extra,
  t,
}) {
  const w = widgetWords(t);
  const head = h(
    'tr',
    {},
    h('td', {}, ''), // the corner heads nothing: an empty header cell would be announced as one
    ...Array.from({ length: cols }, (_, j) => h('th', { scope: 'col' }, colLabel(j))),
    extra ? h('th', { scope: 'col' }, extra.name) : null,
  );
  const body = Array.from({ length: rows }, (_, i) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, rowLabel(i)),
      ...Array.from({ length: cols }, (_, j) => {
        const v = values[i * cols + j];
        const cell = h('td', {}, w.number(v, digits));
        // ±∞ (a masked score) stays uncoloured: it is no point on the map's scale.
        if (limit && Number.isFinite(v)) {
          cell.style.background = cssColour(v, limit);
          cell.classList.add(textToneFor(v, limit) === 'dark' ? 'on-light' : 'on-dark');
        }
        return cell;
      }),
      extra ? h('td', { class: 'extra' }, extra.format(i)) : null,
    ),
  );
  return scrollBox(
    name ?? caption,
    h('table', { class: 'matrix' }, h('caption', {}, caption), h('thead', {}, head), h('tbody', {}, body)),
  );
}

/** A scroll region named `name` holding `table`, watched for whether it scrolls. */
function scrollBox(name, table) {
  const box = h('div', { class: 'table-scroll', role: 'region', tabindex: '0', 'aria-label': name }, table);
  watchScroll(box, table);
  return box;
}

/**
 * A data table's number: 6 decimals, or, for a plot on a log scale (values over orders of magnitude, where
 * decimals would write 0.000008 beside 0.002), exponential with 4 significant digits throughout; in the
 * notation of `t`'s locale (English by default).
 */
export function tableNumber(v, exponential = false, t) {
  const w = widgetWords(t);
  return exponential && v !== 0 && Number.isFinite(v) ? w.decimal(v.toExponential(3)) : w.number(v, 6);
}

/** A plot's series as a table named `name`: an x column, then one column per series. */
export function seriesTable(name, xName, x, series, { exponential = false, t } = {}) {
  const w = widgetWords(t);
  const rows = Array.from(x, (xv, i) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, w.decimal(xv)),
      ...series.map((s) => h('td', {}, tableNumber(s.values[i], exponential, w))),
    ),
  );
  return scrollBox(
    name,
    h(
      'table',
      {},
      h(
        'thead',
        {},
        h('tr', {}, h('th', { scope: 'col' }, xName), ...series.map((s) => h('th', { scope: 'col' }, s.name))),
      ),
      h('tbody', {}, rows),
    ),
  );
}

/** A table of words: a header row, then rows whose first cell names the row. */
export function textTable({ caption, head, rows }) {
  return scrollBox(
    caption,
    h(
      'table',
      { class: 'text-table' },
      h('caption', {}, caption),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          head.map((name) => (name ? h('th', { scope: 'col' }, name) : h('td', {}, ''))),
        ),
      ),
      h(
        'tbody',
        {},
        rows.map(([name, ...cells]) =>
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, name),
            cells.map((c) => h('td', {}, c)),
          ),
        ),
      ),
    ),
  );
}

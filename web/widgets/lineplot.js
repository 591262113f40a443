// A small SVG line plot with axes, ticks, a legend, and the values at the nearest x on hover or on
// keyboard focus (arrow keys). SVG attributes only, no inline styles, so it lives under a strict CSP. Its own
// words (the hint, the readout, the data table's) are the `widgets` catalog's, in the language of the `t` it is
// given (English by default); its numbers, ticks included, in that locale's notation.
import { h, uid } from './dom.js';
import { ticks } from './ticks.js';
import { seriesTable } from './tables.js';
import { describeSeries, widgetWords } from './describe.js';
import { csvLink, csvName, csvOf } from './csv.js';

const NS = 'http://www.w3.org/2000/svg';
// The drawing box follows the plot's rendered width (240 to 1000 units), so a unit is a CSS pixel, on a phone
// and the 13-unit labels are 13 px there, not shrunk with the box; the height follows it, between two bounds.
const MAX_W = 1000,
  MIN_W = 240,
  MAX_H = 260,
  MIN_H = 200,
  MARGIN = { l: 56, r: 24, t: 12, b: 40 }, // room on the right for the last tick label ("1000")
  CHAR = 7.5, // units a label character takes, at least (13-unit digits are about 7.2 wide)
  UNLAID_W = 640, // the width drawn at before the page lays the plot out (it is drawn again once it has)
  X_TICK_SPACING = 90; // units between automatic x ticks, at least
// Room inside the frame above the highest and below the lowest value (a share of the y range), so that no
// curve runs along the frame: a bound such as ±1 or an accuracy of 1 stays visible as a line of its own.
const HEADROOM = 0.06;

function svg(tag, attrs = {}, text) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

export class LinePlot {
  /**
   * `points` marks every value with a dot (for a few x values, as a chart of measurements); `table` names
   * the plot's data table ("Data table of the errors"; a screen reader also hears the plot's label); `t` is the
   * translator (web/i18n/messages.js) it speaks with.
   */
  constructor(host, { label, xLabel, yLabel, yRange, logY = false, points = false, table, t }) {
    const w = widgetWords(t);
    table ??= w('table.summary');
    Object.assign(this, { label, xLabel, yLabel, yRange, logY, points, words: w });
    // The hint and the summary are the plot's description, so a screen reader says that arrow keys work
    // and what the curves do; the readout below speaks the values once the learner points or presses a key.
    const hintId = uid('plot-hint'),
      summaryId = uid('plot-summary');
    // Where the plot shows its exercise's answer, said once the learner has answered (explain()).
    this.answer = h('p', { class: 'plot-answer', id: uid('plot-answer'), hidden: true, 'data-until-answered': '' });
    this.w = UNLAID_W;
    this.svg = svg('svg', {
      viewBox: `0 0 ${UNLAID_W} ${MAX_H}`,
      role: 'img',
      'aria-label': label,
      'aria-describedby': `${hintId} ${summaryId} ${this.answer.id}`,
      class: 'lineplot', // focusable once it holds data (update): an empty plot is no tab stop
    });
    const hint = h('p', { class: 'hint', id: hintId }, w('plot.hint'));
    this.readout = h('p', { class: 'readout', 'aria-live': 'polite' });
    this.legend = h('ul', { class: 'plot-legend' });
    // The numbers behind the curves: a sentence (computed, always current) for a screen reader, outside the
    // data table (Chrome leaves a closed <details>'s content out of a description), then, once opened, the
    // table of every value and the CSV file of them.
    this.summary = h('p', { class: 'plot-summary visually-hidden', id: summaryId });
    this.tableSlot = h('div');
    this.details = h(
      'details',
      { class: 'data-table' },
      h('summary', { 'aria-label': w('table.named', { table, name: label }) }, table),
      this.tableSlot,
    );
    this.details.addEventListener('toggle', () => this.#fillTable());
    // A table is not rebuilt under the learner's focus (a keyboard user reading it while training runs):
    // it catches up when focus leaves it.
    this.tableSlot.addEventListener('focusout', (event) => {
      if (this.stale && !this.tableSlot.contains(event.relatedTarget)) this.#fillTable();
    });
    this.root = h(
      'figure',
      { class: 'plot' },
      this.svg,
      this.legend,
      hint,
      this.summary,
      this.readout,
      this.answer,
      this.details,
    );
    host.append(this.root);
    this.cursor = 0;
    this.svg.addEventListener('pointermove', (e) => this.#hover(e)); // mouse, pen, and a finger moved across it
    this.svg.addEventListener('pointerdown', (e) => this.#hover(e)); // a tap
    this.svg.addEventListener('keydown', (e) => this.#key(e));
    this.svg.addEventListener('focus', () => this.#announce());
    // Drawn again at a new width (a phone turned, a window resized): the labels keep their size. The width it
    // reports is the one drawn at: read from layout at every update, it forced a layout of the page each time
    // training redrew its curves (a quarter of the page's script time while two workers trained). A plot not
    // shown reports 0, which says nothing of the width it will have when shown: layout is read again then.
    // The redraw waits for the next frame: a new width gives the plot a new height, and a size changed inside
    // the observer's own callback is reported to the page as an error ("ResizeObserver loop completed with
    // undelivered notifications"), which a course platform's error reporting sees.
    if (typeof ResizeObserver === 'function')
      new ResizeObserver(([entry]) => {
        const width = entry.borderBoxSize?.[0]?.inlineSize ?? entry.contentRect.width;
        this.shown = width > 0 ? width : undefined;
        if (this.resized || !this.#stale()) return;
        this.resized = requestAnimationFrame(() => {
          this.resized = 0;
          if (this.#stale()) this.update(...this.drawn);
        });
      }).observe(this.svg);
  }

  // Whether the plot was drawn at a width other than the one it is shown at (by more than 8 px).
  #stale() {
    return this.drawn !== undefined && Math.abs(this.#width() - this.w) > 8;
  }

  // The width to draw at: as laid out (read from layout until the ResizeObserver has reported it).
  #width() {
    const shown = this.shown ?? this.svg.getBoundingClientRect().width;
    return shown > 0 ? Math.round(Math.min(MAX_W, Math.max(MIN_W, shown))) : UNLAID_W;
  }

  /** A sentence on where the plot shows its exercise's answer, for after it is answered (part of its description). */
  explain(text) {
    this.answer.textContent = text;
    this.answer.hidden = false;
  }

  /**
   * x: array of numbers; series: [{name, values}] (series i takes colour i from CSS). Optional marks:
   * `bands` [{from, to, label}] shade an x range, `rules` [{y, label}] draw a dashed horizontal line (its
   * label goes in the legend, where no curve can cover it), `xTicks` replaces the automatic x ticks.
   */
  update(x, series, marks = {}) {
    const { bands = [], rules = [], xTicks } = marks;
    Object.assign(this, { x, series });
    this.drawn = [x, series, marks];
    if (x.length > 0) this.svg.setAttribute('tabindex', '0');
    else this.svg.removeAttribute('tabindex');
    this.cursor = Math.min(this.cursor, x.length - 1);
    const ys = series.flatMap((s) => Array.from(s.values)).filter(Number.isFinite);
    const tf = (v) => (this.logY ? Math.log10(Math.max(v, 1e-12)) : v);
    let [lo, hi] = this.yRange ?? [Math.min(...ys.map(tf)), Math.max(...ys.map(tf))];
    if (lo === hi) {
      lo -= 1;
      hi += 1;
    }
    const pad = (hi - lo) * HEADROOM;
    lo -= pad;
    hi += pad;
    const x0 = x[0],
      x1 = x[x.length - 1] === x0 ? x0 + 1 : x[x.length - 1];
    const W = (this.w = this.#width()),
      H = Math.round(Math.min(MAX_H, Math.max(MIN_H, W * 0.42)));
    this.svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    const yTicks = ticks(lo, hi, 5, { integer: this.logY });
    const { words: w } = this;
    const yText = (t) => (this.logY ? `1e${t}` : w.decimal(t));
    // The y tick labels' column is as wide as the longest of them, beside the rotated axis title.
    const M = { ...MARGIN, l: Math.max(MARGIN.l, 30 + CHAR * Math.max(...yTicks.map((t) => yText(t).length))) };
    this.sx = (v) => M.l + ((v - x0) / (x1 - x0)) * (W - M.l - M.r);
    this.sy = (v) => H - M.b - ((tf(v) - lo) / (hi - lo)) * (H - M.t - M.b);
    const g = [];
    for (const b of bands) {
      const left = this.sx(Math.max(b.from, x0)),
        right = this.sx(Math.min(b.to, x1));
      g.push(svg('rect', { x: left, y: M.t, width: Math.max(right - left, 0), height: H - M.t - M.b, class: 'band' }));
      // A band too narrow for its label (on a phone) is drawn without it: the text by each plot says what it shades.
      if (b.label && right - left >= CHAR * b.label.length + 8)
        g.push(
          svg('text', { x: (left + right) / 2, y: H - M.b - 8, class: 'band-label', 'text-anchor': 'middle' }, b.label),
        );
    }
    g.push(svg('rect', { x: M.l, y: M.t, width: W - M.l - M.r, height: H - M.t - M.b, class: 'frame' }));
    for (const t of xTicks ?? ticks(x0, x1, Math.max(2, Math.floor((W - M.l - M.r) / X_TICK_SPACING))))
      g.push(
        svg('line', { x1: this.sx(t), x2: this.sx(t), y1: H - M.b, y2: H - M.b + 5, class: 'tick' }),
        svg('text', { x: this.sx(t), y: H - M.b + 18, class: 'tick-label', 'text-anchor': 'middle' }, w.decimal(t)),
      );
    for (const t of yTicks) {
      const y = H - M.b - ((t - lo) / (hi - lo)) * (H - M.t - M.b);
      g.push(
        svg('line', { x1: M.l - 5, x2: W - M.r, y1: y, y2: y, class: 'grid' }),
        svg('text', { x: M.l - 8, y: y + 4, class: 'tick-label', 'text-anchor': 'end' }, yText(t)),
      );
    }
    g.push(
      svg('text', { x: (M.l + W - M.r) / 2, y: H - 6, class: 'axis-label', 'text-anchor': 'middle' }, this.xLabel),
      svg(
        'text',
        {
          x: 14,
          y: (M.t + H - M.b) / 2,
          class: 'axis-label',
          'text-anchor': 'middle',
          transform: `rotate(-90 14 ${(M.t + H - M.b) / 2})`,
        },
        this.yLabel,
      ),
    );
    for (const r of rules) {
      const y = this.sy(r.y);
      g.push(svg('line', { x1: M.l, x2: W - M.r, y1: y, y2: y, class: 'rule' }));
    }
    series.forEach((s, i) => {
      const d = Array.from(
        s.values,
        (v, j) => `${j ? 'L' : 'M'}${this.sx(x[j]).toFixed(1)},${this.sy(v).toFixed(1)}`,
      ).join('');
      g.push(svg('path', { d, class: `series s${i}` }));
      if (this.points)
        Array.from(s.values, (v, j) =>
          g.push(
            svg('circle', { cx: this.sx(x[j]).toFixed(1), cy: this.sy(v).toFixed(1), r: 3.5, class: `point s${i}` }),
          ),
        );
    });
    // The cursor appears with the first value read out, not as a stray line at the first x.
    this.cursorLine = svg('line', {
      y1: M.t,
      y2: H - M.b,
      class: 'cursor',
      visibility: this.pointed ? 'visible' : 'hidden',
    });
    g.push(this.cursorLine);
    this.svg.replaceChildren(...g);
    this.legend.replaceChildren(
      ...series.map((s, i) => h('li', { class: `s${i}` }, s.name)),
      ...rules
        .filter((r) => r.label)
        .map((r) => h('li', { class: 'rule-key' }, w('plot.rule', { label: r.label, value: w.decimal(r.y) }))),
    );
    this.summary.textContent = describeSeries(this.xLabel, x, series, w);
    this.#fillTable();
    this.#place();
  }

  // The table and the CSV link, rebuilt only while the data table is open.
  #fillTable() {
    if (!this.details.open || !this.x) return;
    this.stale = this.tableSlot.contains(document.activeElement);
    if (this.stale) return;
    const { x, series, xLabel, words: w } = this;
    const csv = () =>
      csvOf(
        [xLabel, ...series.map((s) => s.name)],
        Array.from(x, (xv, i) => [xv, ...series.map((s) => s.values[i])]),
      );
    this.tableSlot.replaceChildren(
      seriesTable(w('table.region', { name: this.label }), xLabel, x, series, { exponential: this.logY, t: w }),
      h('p', {}, csvLink(csvName(this.label), this.label, csv, w)),
    );
  }

  #place() {
    const x = this.sx(this.x[this.cursor]);
    this.cursorLine.setAttribute('x1', x);
    this.cursorLine.setAttribute('x2', x);
  }

  #announce() {
    if (!this.series?.length || !this.x?.length) return; // focused before it has any data: nothing to read
    const { words: w } = this;
    const parts = this.series.map((s) =>
      w('plot.readout.value', { name: s.name, value: w.number(s.values[this.cursor], 6) }),
    );
    this.readout.textContent = w('plot.readout', {
      axis: this.xLabel,
      at: w.decimal(this.x[this.cursor]),
      values: parts.join(w('plot.readout.separator')),
    });
    this.pointed = true;
    this.cursorLine.setAttribute('visibility', 'visible');
    this.#place();
  }

  #hover(event) {
    if (!this.x?.length) return;
    const rect = this.svg.getBoundingClientRect();
    const vx = ((event.clientX - rect.left) / rect.width) * this.w;
    let best = 0;
    this.x.forEach((v, i) => {
      if (Math.abs(this.sx(v) - vx) < Math.abs(this.sx(this.x[best]) - vx)) best = i;
    });
    this.cursor = best;
    this.#announce();
  }

  #key(event) {
    const step = { ArrowLeft: -1, ArrowRight: 1, PageDown: -10, PageUp: 10, Home: -Infinity, End: Infinity }[event.key];
    if (step === undefined || !this.x?.length) return;
    event.preventDefault();
    this.cursor = Math.max(0, Math.min(this.x.length - 1, this.cursor + step));
    this.#announce();
  }
}

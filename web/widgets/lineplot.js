// A small SVG line plot with axes, ticks, a legend, and the values at the nearest x on hover or on
// keyboard focus (arrow keys). SVG attributes only, no inline styles, so it lives under a strict CSP.
import { h, fmt, uid } from './dom.js';
import { ticks } from './ticks.js';

const NS = 'http://www.w3.org/2000/svg';
const W = 640,
  H = 260,
  M = { l: 56, r: 24, t: 12, b: 40 }; // room on the right for the last tick label ("1000")
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
  /** `points` marks every value with a dot (for a few x values, as a chart of measurements). */
  constructor(host, { label, xLabel, yLabel, yRange, logY = false, points = false }) {
    Object.assign(this, { xLabel, yLabel, yRange, logY, points });
    // The hint is the plot's description, so a screen reader says that arrow keys work; the readout
    // below it speaks the values once the learner points or presses a key.
    const hintId = uid('plot-hint');
    this.svg = svg('svg', {
      viewBox: `0 0 ${W} ${H}`,
      role: 'img',
      'aria-label': label,
      'aria-describedby': hintId,
      class: 'lineplot', // focusable once it holds data (update): an empty plot is no tab stop
    });
    const hint = h(
      'p',
      { class: 'hint', id: hintId },
      'Point at the plot or tap it; or focus it and use the arrow keys.',
    );
    this.readout = h('p', { class: 'readout', 'aria-live': 'polite' });
    this.legend = h('ul', { class: 'plot-legend' });
    this.root = h('figure', { class: 'plot' }, this.svg, this.legend, hint, this.readout);
    host.append(this.root);
    this.cursor = 0;
    this.svg.addEventListener('pointermove', (e) => this.#hover(e)); // mouse, pen, and a finger moved across it
    this.svg.addEventListener('pointerdown', (e) => this.#hover(e)); // a tap
    this.svg.addEventListener('keydown', (e) => this.#key(e));
    this.svg.addEventListener('focus', () => this.#announce());
  }

  /**
   * x: array of numbers; series: [{name, values}] (series i takes colour i from CSS). Optional marks:
   * `bands` [{from, to, label}] shade an x range, `rules` [{y, label}] draw a dashed horizontal line (its
   * label goes in the legend, where no curve can cover it), `xTicks` replaces the automatic x ticks.
   */
  update(x, series, { bands = [], rules = [], xTicks } = {}) {
    Object.assign(this, { x, series });
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
    this.sx = (v) => M.l + ((v - x0) / (x1 - x0)) * (W - M.l - M.r);
    this.sy = (v) => H - M.b - ((tf(v) - lo) / (hi - lo)) * (H - M.t - M.b);
    const g = [];
    for (const b of bands) {
      const left = this.sx(Math.max(b.from, x0)),
        right = this.sx(Math.min(b.to, x1));
      g.push(svg('rect', { x: left, y: M.t, width: Math.max(right - left, 0), height: H - M.t - M.b, class: 'band' }));
      if (b.label)
        g.push(
          svg('text', { x: (left + right) / 2, y: H - M.b - 8, class: 'band-label', 'text-anchor': 'middle' }, b.label),
        );
    }
    g.push(svg('rect', { x: M.l, y: M.t, width: W - M.l - M.r, height: H - M.t - M.b, class: 'frame' }));
    for (const t of xTicks ?? ticks(x0, x1, 6))
      g.push(
        svg('line', { x1: this.sx(t), x2: this.sx(t), y1: H - M.b, y2: H - M.b + 5, class: 'tick' }),
        svg('text', { x: this.sx(t), y: H - M.b + 18, class: 'tick-label', 'text-anchor': 'middle' }, String(t)),
      );
    for (const t of ticks(lo, hi, 5, { integer: this.logY })) {
      const y = H - M.b - ((t - lo) / (hi - lo)) * (H - M.t - M.b);
      g.push(
        svg('line', { x1: M.l - 5, x2: W - M.r, y1: y, y2: y, class: 'grid' }),
        svg(
          'text',
          { x: M.l - 8, y: y + 4, class: 'tick-label', 'text-anchor': 'end' },
          this.logY ? `1e${t}` : String(t),
        ),
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
      ...rules.filter((r) => r.label).map((r) => h('li', { class: 'rule-key' }, `${r.label} (${r.y})`)),
    );
    this.#place();
  }

  #place() {
    const x = this.sx(this.x[this.cursor]);
    this.cursorLine.setAttribute('x1', x);
    this.cursorLine.setAttribute('x2', x);
  }

  #announce() {
    if (!this.series?.length || !this.x?.length) return; // focused before it has any data: nothing to read
    const parts = this.series.map((s) => `${s.name}: ${fmt(s.values[this.cursor], 6)}`);
    this.readout.textContent = `${this.xLabel} ${this.x[this.cursor]} — ${parts.join('; ')}`;
    this.pointed = true;
    this.cursorLine.setAttribute('visibility', 'visible');
    this.#place();
  }

  #hover(event) {
    if (!this.x?.length) return;
    const rect = this.svg.getBoundingClientRect();
    const vx = ((event.clientX - rect.left) / rect.width) * W;
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

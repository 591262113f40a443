// The longer-than-trained page's parts, each built once: what each method does to the heads' frequencies,
// where the slowest pair's angle goes, and the accuracy the run measures. Each returns {element, ...its
// updates}; longer-than-trained.js wires them. Every number is the core's (lab.ropeFrequencies) or the run's.
// Their words are longer-than-trained's (web/i18n/catalogs/<locale>/longer-than-trained.json): each panel takes
// that exercise's translator `t`.
import { h } from '../widgets/dom.js';
import { LinePlot } from '../widgets/lineplot.js';
import { BASE, FACTOR, HEAD, METHODS, SAMPLES, TEST_LENGTHS, TRAINED, TRAIN_MIN, TUNE } from './stretch-experiment.js';
import { chanceBand } from './train-words.js';
import { select } from './common.js';

const PAIRS = Array.from({ length: HEAD / 2 }, (_, i) => i);
const SLOWEST = PAIRS.length - 1;
const FIRST_SHOWN = 1;
const SAME = 1e-12; // relative difference below which two frequencies are one (they differ by rounding only)
const times = (t, v) => t('times', { value: t.number(v, v >= 10 ? 1 : 2) });
/** A method's name in the language of `t` (RoPE's scalings keep their names: NTK-aware, YaRN). */
export const methodName = (t, m) => t(`method.${m.id}`);

/** Each method's frequencies for the model's heads, and YaRN's attention factor, from the core. */
export function stretched(lab) {
  return Object.fromEntries(
    METHODS.map((m) => [
      m.id,
      lab.ropeFrequencies({ dHead: HEAD, base: BASE, ...(m.scaling && { scaling: m.scaling }) }),
    ]),
  );
}

/** Each pair's frequency after stretching, as a share of its own, and what each method does, said. */
export function frequencyPanel(f, heading, t) {
  const original = f.none.invFreq;
  const ratios = Object.fromEntries(METHODS.map((m) => [m.id, PAIRS.map((i) => f[m.id].invFreq[i] / original[i])]));
  const plotHost = h('div', {});
  const plot = new LinePlot(plotHost, {
    label: t('frequencies.plot', { s: FACTOR }),
    xLabel: t('frequencies.x'),
    yLabel: t('frequencies.y'),
    yRange: [0, 1],
    points: true,
    table: t('frequencies.table'),
    t,
  });
  plot.update(
    PAIRS,
    METHODS.map((m) => ({ name: methodName(t, m), values: ratios[m.id] })),
    { xTicks: PAIRS },
  );
  const turns = PAIRS.map((i) => (TRAINED * original[i]) / (2 * Math.PI));
  const element = h(
    'div',
    { class: 'stretch-frequencies' },
    heading(1, t('frequencies.heading')),
    h(
      'p',
      {},
      t('frequencies.model', {
        head: HEAD,
        pairs: PAIRS.length,
        base: BASE,
        trained: TRAINED,
        s: FACTOR,
        length: FACTOR * TRAINED,
      }),
    ),
    plotHost,
    h(
      'p',
      { class: 'stretch-turns' },
      t('frequencies.turns', {
        trained: TRAINED,
        turns: PAIRS.map((i) => t.decimal(Number(turns[i].toPrecision(2)))).join(t('turns.separator')),
        slowest: SLOWEST,
        s: FACTOR,
        factor: t.number(f.yarn.attentionFactor, 4),
      }),
    ),
  );
  return { element };
}

/**
 * A pair's angle along a sequence of the longest test length, for each method, against the largest it reached
 * in training: pair 1 first, the fastest of those that never complete a turn in training (where the methods
 * differ most), any pair on choice (the slowest, where the three agree).
 */
export function anglePanel(f, t) {
  const longest = TEST_LENGTHS[TEST_LENGTHS.length - 1];
  const target = FACTOR * TRAINED - 1;
  const positions = Array.from({ length: longest }, (_, p) => p);
  const names = (g) =>
    g.names.length > 1
      ? t('names.and', { first: g.names.slice(0, -1).join(t('names.separator')), last: g.names.at(-1) })
      : g.names[0];
  const plotHost = h('div', {});
  const plot = new LinePlot(plotHost, {
    label: t('angles.plot'),
    xLabel: t('angles.x'),
    yLabel: t('angles.y'),
    table: t('angles.table'),
    t,
  });
  const intro = h('p', {});
  const lines = h('ul', { class: 'stretch-angle-lines' });
  const choice = select({
    label: t('angles.pair'),
    options: PAIRS.map((i) => [String(i), i === SLOWEST ? t('angles.slowest', { pair: i }) : String(i)]),
    value: String(FIRST_SHOWN),
    onchange: (v) => draw(Number(v)),
  });
  function draw(pair) {
    // Methods whose pair turns alike are one curve, named for all of them.
    const groups = [];
    for (const m of METHODS) {
      const w = f[m.id].invFreq[pair];
      const same = groups.find((g) => Math.abs(g.w - w) <= SAME * w);
      if (same) same.names.push(methodName(t, m));
      else groups.push({ w, names: [methodName(t, m)] });
    }
    const trainedMax = (TRAINED - 1) * f.none.invFreq[pair];
    plot.update(
      positions,
      groups.map((g) => ({ name: names(g), values: positions.map((p) => p * g.w) })),
      { bands: [{ from: 0, to: TRAINED - 1 }], rules: [{ y: trainedMax, label: t('angles.rule') }] },
    );
    const at = (g, p) => times(t, (p * g.w) / trainedMax);
    intro.textContent = t('angles.intro', {
      pair,
      max: t.number(trainedMax, 4),
      last: TRAINED - 1,
      turn: trainedMax >= 2 * Math.PI ? 'full' : 'part',
    });
    lines.replaceChildren(
      ...groups.map((g) =>
        h(
          'li',
          {},
          t('angles.line', {
            names: names(g),
            atTarget: at(g, target),
            target,
            atLongest: at(g, longest - 1),
            longest: longest - 1,
          }),
        ),
      ),
    );
  }
  draw(FIRST_SHOWN);
  const element = h('div', { class: 'stretch-angles' }, choice.element, intro, plotHost, lines);
  return { element };
}

/** The run's accuracy against the test length, before and after the fine-tune, a plot and a line each. */
export function accuracyPanel(heading, t) {
  const element = h('div', { class: 'stretch-results', hidden: true });
  const band = chanceBand(SAMPLES);
  const words = {
    samples: SAMPLES,
    steps: TUNE.steps,
    min: TRAIN_MIN,
    max: TRAINED,
    from: TUNE.trainLength[0],
    to: TUNE.trainLength[1],
  };
  const parts = {
    plain: {
      title: t('accuracy.plain.title', words),
      label: t('accuracy.plain.plot', words),
      hint: t('accuracy.plain.hint', words),
    },
    tuned: {
      title: t('accuracy.tuned.title', words),
      label: t('accuracy.tuned.plot', words),
      hint: t('accuracy.tuned.hint', words),
    },
  };
  for (const [which, p] of Object.entries(parts)) {
    const plotHost = h('div', {});
    p.plot = new LinePlot(plotHost, {
      label: p.label,
      xLabel: t('accuracy.x'),
      yLabel: t('accuracy.y'),
      yRange: [0, 1],
      points: true,
      table: t('accuracy.table'),
      t,
    });
    p.values = {};
    p.lines = h('p', { class: 'stretch-lines' });
    p.element = h(
      'div',
      { class: `stretch-${which}`, hidden: true },
      heading(1, p.title),
      h('p', { class: 'hint' }, p.hint),
      plotHost,
      p.lines,
    );
    element.append(p.element);
  }
  const note = h('p', { class: 'hint' }, t('accuracy.note', { band: t.number(band, 3), samples: SAMPLES }));
  element.append(note);
  // The accuracies at s·L₀, the length stretched to, and at the longest, in one sentence.
  const line = (values, shown) => {
    const [stretchedTo, longest] = [FACTOR * TRAINED, TEST_LENGTHS.at(-1)].map((l) =>
      t('accuracy.at', {
        length: l,
        values: shown
          .map((m) =>
            t('accuracy.value', {
              method: methodName(t, m),
              accuracy: t.number(values[m.id][TEST_LENGTHS.indexOf(l)], 2),
            }),
          )
          .join(t('accuracy.separator')),
      }),
    );
    return t('accuracy.lines', { stretched: stretchedTo, longest });
  };
  return {
    element,
    clear() {
      element.hidden = true;
      for (const p of Object.values(parts)) {
        p.values = {};
        p.element.hidden = true;
        p.lines.textContent = '';
      }
    },
    /** One method's accuracies for `which` ('plain' or 'tuned'): its curve and its line. */
    add(which, method, values) {
      const p = parts[which];
      p.values[method] = values;
      element.hidden = false;
      p.element.hidden = false;
      const shown = METHODS.filter((m) => p.values[m.id]);
      const trained = which === 'plain' ? TRAINED : TUNE.trainLength[1];
      p.plot.update(
        TEST_LENGTHS,
        shown.map((m) => ({ name: methodName(t, m), values: p.values[m.id] })),
        {
          bands: [{ from: TRAIN_MIN, to: trained, label: t('accuracy.band') }],
          rules: [{ y: 0.5, label: t('accuracy.chance') }],
          xTicks: TEST_LENGTHS.filter((l) => l !== 24),
        },
      );
      p.lines.textContent = line(p.values, shown);
    },
  };
}

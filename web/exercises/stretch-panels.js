// The longer-than-trained page's parts, each built once: what each method does to the heads' frequencies,
// where the slowest pair's angle goes, and the accuracy the run measures. Each returns {element, ...its
// updates}; longer-than-trained.js wires them. Every number is the core's (lab.ropeFrequencies) or the run's.
import { h, fmt } from '../widgets/dom.js';
import { LinePlot } from '../widgets/lineplot.js';
import { BASE, FACTOR, HEAD, METHODS, SAMPLES, TEST_LENGTHS, TRAINED, TRAIN_MIN, TUNE } from './stretch-experiment.js';
import { chanceBand } from './train-words.js';
import { select } from './common.js';

const PAIRS = Array.from({ length: HEAD / 2 }, (_, i) => i);
const SLOWEST = PAIRS.length - 1;
const FIRST_SHOWN = 1;
const SAME = 1e-12; // relative difference below which two frequencies are one (they differ by rounding only)
const times = (v) => `${fmt(v, v >= 10 ? 1 : 2)}×`;

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
export function frequencyPanel(f, heading) {
  const original = f.none.invFreq;
  const ratios = Object.fromEntries(METHODS.map((m) => [m.id, PAIRS.map((i) => f[m.id].invFreq[i] / original[i])]));
  const plotHost = h('div', {});
  const plot = new LinePlot(plotHost, {
    label: `Each pair’s frequency after stretching by s = ${FACTOR}, as a share of its original frequency`,
    xLabel: 'pair i',
    yLabel: 'frequency ÷ original',
    yRange: [0, 1],
    points: true,
    table: 'Data table of the frequencies',
  });
  plot.update(
    PAIRS,
    METHODS.map((m) => ({ name: m.name, values: ratios[m.id] })),
    { xTicks: PAIRS },
  );
  const turns = PAIRS.map((i) => (TRAINED * original[i]) / (2 * Math.PI));
  const element = h(
    'div',
    { class: 'stretch-frequencies' },
    heading(1, 'What each method does to the pairs'),
    h(
      'p',
      {},
      `The model below: heads ${HEAD} wide, all rotated (${PAIRS.length} pairs), base ${BASE}, L₀ = ${TRAINED}, `,
      `stretched by s = ${FACTOR} to ${FACTOR * TRAINED} positions.`,
    ),
    plotHost,
    h(
      'p',
      { class: 'stretch-turns' },
      `Turns over the ${TRAINED} training positions: `,
      PAIRS.map((i) => Number(turns[i].toPrecision(2))).join(', '),
      ` (pairs 0–${SLOWEST}). `,
      `YaRN’s factor at s = ${FACTOR}: ${fmt(f.yarn.attentionFactor, 4)}.`,
    ),
  );
  return { element };
}

/**
 * A pair's angle along a sequence of the longest test length, for each method, against the largest it reached
 * in training: pair 1 first, the fastest of those that never complete a turn in training (where the methods
 * differ most), any pair on choice (the slowest, where the three agree).
 */
export function anglePanel(f) {
  const longest = TEST_LENGTHS[TEST_LENGTHS.length - 1];
  const target = FACTOR * TRAINED - 1;
  const positions = Array.from({ length: longest }, (_, p) => p);
  const names = (g) => (g.names.length > 1 ? `${g.names.slice(0, -1).join(', ')} and ${g.names.at(-1)}` : g.names[0]);
  const plotHost = h('div', {});
  const plot = new LinePlot(plotHost, {
    label: 'The chosen pair’s angle at each position, for each method; the largest angle it reached in training dashed',
    xLabel: 'position',
    yLabel: 'angle (rad)',
    table: 'Data table of the angles',
  });
  const intro = h('p', {});
  const lines = h('ul', { class: 'stretch-angle-lines' });
  const choice = select({
    label: 'Pair',
    options: PAIRS.map((i) => [String(i), i === SLOWEST ? `${i} (the slowest)` : String(i)]),
    value: String(FIRST_SHOWN),
    onchange: (v) => draw(Number(v)),
  });
  function draw(pair) {
    // Methods whose pair turns alike are one curve, named for all of them.
    const groups = [];
    for (const m of METHODS) {
      const w = f[m.id].invFreq[pair];
      const same = groups.find((g) => Math.abs(g.w - w) <= SAME * w);
      if (same) same.names.push(m.name);
      else groups.push({ w, names: [m.name] });
    }
    const trainedMax = (TRAINED - 1) * f.none.invFreq[pair];
    plot.update(
      positions,
      groups.map((g) => ({ name: names(g), values: positions.map((p) => p * g.w) })),
      { bands: [{ from: 0, to: TRAINED - 1 }], rules: [{ y: trainedMax, label: 'largest in training' }] },
    );
    const at = (g, p) => times((p * g.w) / trainedMax);
    intro.textContent =
      `Pair ${pair} reaches at most ${fmt(trainedMax, 4)} rad in training (position ${TRAINED - 1}, shaded)` +
      (trainedMax >= 2 * Math.PI ? ': more than a full turn, so every angle was met.' : ':');
    lines.replaceChildren(
      ...groups.map((g) =>
        h(
          'li',
          {},
          `${names(g)}: ${at(g, target)} that at position ${target}, ${at(g, longest - 1)} at ${longest - 1}.`,
        ),
      ),
    );
  }
  draw(FIRST_SHOWN);
  const element = h('div', { class: 'stretch-angles' }, choice.element, intro, plotHost, lines);
  return { element };
}

/** The run's accuracy against the test length, before and after the fine-tune, a plot and a line each. */
export function accuracyPanel(heading) {
  const element = h('div', { class: 'stretch-results', hidden: true });
  const band = chanceBand(SAMPLES);
  const parts = {
    plain: { title: 'Stretched, not fine-tuned', about: `trained on lengths ${TRAIN_MIN}–${TRAINED} (shaded)` },
    tuned: {
      title: `After ${TUNE.steps} steps of fine-tuning`,
      about:
        `a copy per method trained on ${TUNE.trainLength[0]}–${TUNE.trainLength[1]} tokens with it ` +
        '(shaded: both trainings)',
    },
  };
  for (const [which, p] of Object.entries(parts)) {
    const plotHost = h('div', {});
    p.plot = new LinePlot(plotHost, {
      label: `Accuracy against the test length, ${p.title.toLowerCase()}, one line per method`,
      xLabel: 'test length (tokens)',
      yLabel: 'accuracy',
      yRange: [0, 1],
      points: true,
      table: 'Data table of the accuracies',
    });
    p.values = {};
    p.lines = h('p', { class: 'stretch-lines' });
    p.element = h(
      'div',
      { class: `stretch-${which}`, hidden: true },
      heading(1, p.title),
      h('p', { class: 'hint' }, `Accuracy on ${SAMPLES} new sequences per length; ${p.about}.`),
      plotHost,
      p.lines,
    );
    element.append(p.element);
  }
  const note = h(
    'p',
    { class: 'hint' },
    `A model that guesses lands within ${fmt(band, 3)} of 0.5 on ${SAMPLES} sequences 95% of the time. ` +
      'One small model on one toy task: the papers above measured their methods on language models of ' +
      'billions of weights.',
  );
  element.append(note);
  // The accuracies at s·L₀, the length stretched to, and at the longest, in one sentence.
  const line = (values, shown) =>
    [FACTOR * TRAINED, TEST_LENGTHS.at(-1)]
      .map((l) => {
        const each = shown.map((m) => `${m.name} ${fmt(values[m.id][TEST_LENGTHS.indexOf(l)], 2)}`);
        return `At ${l}: ${each.join(', ')}.`;
      })
      .join(' ');
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
        shown.map((m) => ({ name: m.name, values: p.values[m.id] })),
        {
          bands: [{ from: TRAIN_MIN, to: trained, label: 'trained' }],
          rules: [{ y: 0.5, label: 'chance' }],
          xTicks: TEST_LENGTHS.filter((l) => l !== 24),
        },
      );
      p.lines.textContent = line(p.values, shown);
    },
  };
}

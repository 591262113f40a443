import { h } from '../widgets/dom.js';
import { LinePlot } from '../widgets/lineplot.js';
import { choiceQuestion } from '../widgets/question.js';
import { formula } from '../widgets/math.js';
import { hiddenUntilAnswered } from './common.js';
import { localQuestion } from '../i18n/exercise.js';
import { richMessage } from '../course/localize.js';

const P = 100,
  D = 32,
  SHOWN = [0, 2, D / 2 - 1]; // the fastest pair, one that turns a few times in P positions, the slowest

// The question: which option is right, and the English prompt its options' order is keyed on (web/order.js);
// its words are in the catalog (q.prompt, q.<id>.label, q.<id>.why). It is the lesson card's practice
// question on what the frequencies buy over the raw position integer; the lengths that answer it wait below it.
const QUESTION = {
  key: 'q',
  order: 'What do the sines and cosines of PE(p) give that adding the raw position p to every dimension does not?',
  options: [
    { id: 'bounded', correct: true },
    { id: 'repeat', correct: false },
    { id: 'nothing', correct: false },
  ],
};

// The formula the exercise shows (typeset at build time: scripts/mathml.mjs).
const FREQUENCY = `\\omega_k = 10000^{-2k/${D}}`;

// Its words: web/i18n/catalogs/<locale>/frequency-structure.json (title, why, the question, each sentence below).
export default {
  questions: [QUESTION],
  id: 'frequency-structure',
  formulas: { inline: [FREQUENCY] },
  sources: [
    ['source.vaswani', 'https://arxiv.org/abs/1706.03762'],
    [
      'source.d2l',
      'https://d2l.ai/chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.html',
    ],
  ],
  mount(host, { lab, onResult, answered = false, t }) {
    const table = lab.sinusoidal({ positions: P, dModel: D });
    const { wavelength } = lab.frequencies({ dModel: D });
    const curves = h('div', { class: 'demo' });
    host.append(h('p', {}, ...richMessage(t, 'intro', { formula: formula(FREQUENCY) }, { d: D })), curves);
    const plot = new LinePlot(curves, {
      label: t('plot.label'),
      xLabel: t('plot.x'),
      yLabel: t('plot.y'),
      yRange: [-1, 1],
      table: t('plot.table'),
      t,
    });
    const x = Array.from({ length: P }, (_, p) => p);
    const series = SHOWN.map((j) => ({
      name: t('plot.series', { pair: j }),
      values: Float32Array.from(x, (p) => table[p * D + 2 * j]),
    }));
    plot.update(x, series);
    curves.append(
      h(
        'p',
        {},
        t('wavelengths', {
          a: SHOWN[0],
          la: t.number(wavelength[SHOWN[0]], 1),
          b: SHOWN[1],
          lb: t.number(wavelength[SHOWN[1]], 1),
          c: SHOWN[2],
          lc: t.number(wavelength[SHOWN[2]], 1),
        }),
      ),
    );

    // Adding the raw position integer to every dimension vs adding PE(p): how large each vector gets.
    const embedding = lab.embed({ tokens: [0], vocabSize: 2, dModel: D, encoding: 'none', seed: 3 });
    const positions = [0, 1, 10, 50, 99];
    const norms = (withRaw) => {
      const rows = new Float32Array(positions.length * D);
      positions.forEach((p, r) => {
        for (let c = 0; c < D; c++) rows[r * D + c] = embedding[c] + (withRaw ? p : table[p * D + c]);
      });
      const g = lab.dotMatrix({ table: rows, rows: positions.length, dModel: D });
      return positions.map((_, r) => Math.sqrt(g[r * positions.length + r]));
    };
    const raw = norms(true),
      sinus = norms(false),
      base = Math.sqrt(lab.dotMatrix({ table: embedding, rows: 1, dModel: D })[0]);
    // The lengths answer the question: they wait below it until it is checked.
    const lengths = h(
      'div',
      { class: 'demo' },
      h('p', {}, t('lengths.intro', { length: t.number(base, 2) })),
      h(
        'table',
        { class: 'matrix' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, t('lengths.position')),
            h('th', { scope: 'col' }, t('lengths.raw')),
            h('th', { scope: 'col' }, t('lengths.pe')),
          ),
        ),
        h(
          'tbody',
          {},
          positions.map((p, i) =>
            h(
              'tr',
              {},
              h('th', { scope: 'row' }, String(p)),
              h('td', {}, t.number(raw[i], 2)),
              h('td', {}, t.number(sinus[i], 2)),
            ),
          ),
        ),
      ),
    );
    // Where the curves show the answer, said once it is given: their values stay bounded whatever the position.
    const drawn = series.flatMap((s) => [...s.values]);
    const explain = () =>
      plot.explain(
        t('plot.explain', {
          last: P - 1,
          low: t.number(Math.min(...drawn), 3),
          high: t.number(Math.max(...drawn), 3),
        }),
      );
    const question = choiceQuestion({
      ...localQuestion(QUESTION, t),
      t,
      onResult: hiddenUntilAnswered([lengths], { answered, onResult, explain }),
    });
    host.append(question.element, lengths);
    return question;
  },
};

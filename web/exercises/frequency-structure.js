import { h, fmt } from '../widgets/dom.js';
import { Heatmap } from '../widgets/heatmap.js';
import { LinePlot } from '../widgets/lineplot.js';
import { dataTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { formula } from '../widgets/math.js';
import { hiddenUntilAnswered, slider } from './common.js';

const P = 100,
  D = 32;

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: 'Which pair oscillates fastest as the position grows?',
  options: [
    {
      id: 'first',
      correct: true,
      label: 'Pair 0, the first two dimensions: a full turn every 2π ≈ 6.28 positions',
      why:
        'ω₀ = 10000⁰ = 1, a full turn every 2π ≈ 6.28 positions; each later pair is slower, and the last turns ' +
        `about once every 2π·10000^(${D - 2}/${D}) positions. Some texts say the opposite; the formula settles it.`,
    },
    {
      id: 'last',
      correct: false,
      label: `Pair ${D / 2 - 1}, dimensions ${D - 2} and ${D - 1}: the largest k in the exponent −2k/d`,
      why: 'Follow the exponent −2k/d as k grows, and what it does to ω; then compare the curves.',
    },
    {
      id: 'same',
      correct: false,
      label: 'None: every pair turns at the same rate, each starting at its own phase',
      why: 'Each pair has its own frequency; that is what gives every position a distinct combination.',
    },
  ],
};

export default {
  questions: [QUESTION],
  id: 'frequency-structure',
  title: 'Fast pairs and slow pairs',
  explain: {
    prompt: 'Which pair turns fastest, which slowest, and what in the formula decides it?',
    model:
      'Pair 0 turns fastest (ω = 1, one turn every 2π positions) and the last pair slowest, because ω_k = ' +
      '10000^(−2k/d) shrinks as k grows.',
  },
  mount(host, { lab, onResult, answered = false }) {
    const table = lab.sinusoidal({ positions: P, dModel: D });
    const { wavelength } = lab.frequencies({ dModel: D });
    const heat = h('div', { class: 'demo' }),
      curves = h('div', { class: 'demo' });
    // Predict first: the heatmap and the curves show which pair is fastest, so they appear once it is checked.
    const question = choiceQuestion({
      ...QUESTION,
      onResult: hiddenUntilAnswered([heat, curves], { answered, onResult }),
    });
    host.append(
      h(
        'p',
        {},
        `Pair k of a ${D}-wide table turns at `,
        formula(`\\omega_k = 10000^{-2k/${D}}`),
        '. Predict from the formula first; then find the fastest and the slowest pair in the heatmap and the ' +
          'curves that appear below.',
      ),
      question.element,
      heat,
    );
    new Heatmap(heat, { label: `Sinusoidal table, ${P} positions by ${D} dimensions` }).update(table, P, D);

    const plot = new LinePlot(curves, {
      label: 'sin of the chosen pair against position',
      xLabel: 'position',
      yLabel: 'value',
      yRange: [-1, 1],
    });
    const x = Array.from({ length: P }, (_, p) => p);
    const waveText = h('p', {});
    const tableSlot = h('div', {});
    function pair(k) {
      const series = [0, k, D / 2 - 1].map((j) => ({
        name: `pair ${j} (sin)`,
        values: Float32Array.from(x, (p) => table[p * D + 2 * j]),
      }));
      plot.update(x, series);
      waveText.textContent =
        `Wavelengths: pair 0 ${fmt(wavelength[0], 2)}, pair ${k} ${fmt(wavelength[k], 2)}, ` +
        `pair ${D / 2 - 1} ${fmt(wavelength[D / 2 - 1], 1)} positions.`;
      tableSlot.replaceChildren(dataTable('Data table of the curves', 'position', x, series));
    }
    const s = slider({ label: 'Middle pair', min: 1, max: D / 2 - 2, value: 3, oninput: pair });
    curves.prepend(s.element);
    curves.append(waveText, tableSlot);
    host.append(curves);
    pair(3);

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
    host.append(
      h(
        'div',
        { class: 'demo' },
        h('p', {}, `A token embedding has length ${fmt(base, 2)}. Its length after adding…`),
        h(
          'table',
          { class: 'matrix' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', { scope: 'col' }, 'position'),
              h('th', { scope: 'col' }, 'the raw integer p'),
              h('th', { scope: 'col' }, 'PE(p)'),
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
                h('td', {}, fmt(raw[i], 2)),
                h('td', {}, fmt(sinus[i], 2)),
              ),
            ),
          ),
        ),
      ),
    );

    host.append(
      h(
        'p',
        {},
        'Adding the raw integer would swamp the embedding (its length grows with p); the sinusoid stays bounded and ' +
          'still tells positions apart.',
      ),
    );
    return question;
  },
};

import { h, fmt } from '../widgets/dom.js';
import { LinePlot } from '../widgets/lineplot.js';
import { choiceQuestion } from '../widgets/question.js';
import { formula } from '../widgets/math.js';
import { hiddenUntilAnswered } from './common.js';

const P = 100,
  D = 32,
  SHOWN = [0, 2, D / 2 - 1]; // the fastest pair, one that turns a few times in P positions, the slowest

// The question, as data: prompt, options and why each is right or wrong. It is the lesson card's practice
// question on what the frequencies buy over the raw position integer; the lengths that answer it wait below it.
const QUESTION = {
  prompt: 'What do the sines and cosines of PE(p) give that adding the raw position p to every dimension does not?',
  options: [
    {
      id: 'bounded',
      correct: true,
      label: 'Bounded values, yet a combination of its own for each position.',
      why:
        'Adding p swamps the token embedding as p grows (the table below); PE(p) has one length everywhere. Fast ' +
        'pairs tell neighbours apart, slow pairs far positions. (Offsets as rotations come at the end.)',
    },
    {
      id: 'repeat',
      correct: false,
      label: 'A vector that repeats every 2π positions, so only nearby order counts.',
      why:
        'Only pair 0 comes round that fast; by then the slow pairs have barely turned, so the vector does not ' +
        'repeat.',
    },
    {
      id: 'nothing',
      correct: false,
      label: 'Nothing: p carries the same information and is cheaper to compute.',
      why: 'The same information, but not in the same form: compare the vector lengths in the table below.',
    },
  ],
};

// The formula the exercise shows (typeset at build time: scripts/mathml.mjs).
const FREQUENCY = `\\omega_k = 10000^{-2k/${D}}`;

export default {
  questions: [QUESTION],
  id: 'frequency-structure',
  formulas: { inline: [FREQUENCY] },
  title: 'Fast pairs and slow pairs',
  why:
    'It reads the formula: each [[dimension-pair]] turns at its own [[angular-frequency]]. Why sines and ' +
    'cosines at many rates, rather than the position number itself?',
  sources: [
    ['Vaswani et al., Attention Is All You Need, section 3.5', 'https://arxiv.org/abs/1706.03762'],
    [
      'Dive into Deep Learning, section 11.6',
      'https://d2l.ai/chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.html',
    ],
  ],
  mount(host, { lab, onResult, answered = false }) {
    const table = lab.sinusoidal({ positions: P, dModel: D });
    const { wavelength } = lab.frequencies({ dModel: D });
    const curves = h('div', { class: 'demo' });
    host.append(
      h(
        'p',
        {},
        `Pair k of a ${D}-wide table turns by `,
        formula(FREQUENCY),
        ' radians per position: pair 0 (ω = 1) fastest, later pairs more slowly. Three pairs:',
      ),
      curves,
    );
    const plot = new LinePlot(curves, {
      label: 'sin of three pairs against position',
      xLabel: 'position',
      yLabel: 'value',
      yRange: [-1, 1],
      table: 'Data table of the curves',
    });
    const x = Array.from({ length: P }, (_, p) => p);
    const series = SHOWN.map((j) => ({
      name: `pair ${j} (sin)`,
      values: Float32Array.from(x, (p) => table[p * D + 2 * j]),
    }));
    plot.update(x, series);
    curves.append(
      h('p', {}, `Wavelengths: ${SHOWN.map((j) => `pair ${j} ${fmt(wavelength[j], 1)}`).join(', ')} positions.`),
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
    );
    // Where the curves show the answer, said once it is given: their values stay bounded whatever the position.
    const drawn = series.flatMap((s) => [...s.values]);
    const explain = () =>
      plot.explain(
        `For the question: from position 0 to ${P - 1} the curves stay between ${fmt(Math.min(...drawn), 3)} ` +
          `and ${fmt(Math.max(...drawn), 3)}; the raw p would add up to ${P - 1}.`,
      );
    const question = choiceQuestion({
      ...QUESTION,
      onResult: hiddenUntilAnswered([lengths], { answered, onResult, explain }),
    });
    host.append(question.element, lengths);
    return question;
  },
};

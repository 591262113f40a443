import { h, fmt } from '../widgets/dom.js';
import { LinePlot } from '../widgets/lineplot.js';
import { choiceQuestion } from '../widgets/question.js';
import { hiddenUntilAnswered, slider } from './common.js';
import { settledStatus } from '../widgets/settled.js';

const D = 32,
  MAX_LEN = 512,
  SLOW = D / 2 - 1;

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: `A model trained on sequences of at most ${MAX_LEN} tokens meets position 2000. What then?`,
  options: [
    {
      id: 'a',
      correct: true,
      label: 'The formula gives a vector with values training never showed; the table gives none.',
      why:
        'The formula works at any position, but its slow pairs reach values no training position had (the ' +
        'readout below); the table has no row.',
    },
    {
      id: 'b',
      correct: false,
      label: 'Both give a vector, handled as well as the positions seen in training.',
      why:
        'Drag the position to 2000 below and check both claims: does each of the two give it a vector, and are ' +
        'its values like the ones training showed?',
    },
    {
      id: 'c',
      correct: false,
      label: 'The learned table gives one too, only less accurate than the formula’s.',
      why: 'Drag past 511 and read what the lab says about the table there.',
    },
    {
      id: 'd',
      correct: false,
      label: 'The formula’s values grow with the position, so 2000 stands out clearly.',
      why: 'Every entry stays in [−1, 1]; what is new at position 2000 is the combination of values, not their size.',
    },
  ],
};

// Rep 3 of the lesson card: the paper's claim about longer sequences, against what the readout shows.
function paperCheck() {
  return h(
    'p',
    {},
    'Now read ',
    h('a', { href: 'https://arxiv.org/abs/1706.03762' }, 'section 3.5 of the paper'),
    ': it preferred the sinusoid to learned positions (about as good) as it may let a model extrapolate to ' +
      `longer sequences. The readout confirms a bounded vector past ${MAX_LEN - 1}, and shows what that leaves ` +
      'open: the slow pair takes values training never showed. ALiBi’s authors (lesson 3) measured such models ' +
      'degrading soon past their training length.',
  );
}

export default {
  questions: [QUESTION],
  id: 'extrapolation',
  title: 'Past the training length',
  why:
    'What each encoding gives a position longer than any training sequence ([[extrapolation]]), checked against ' +
    'the paper’s own claim.',
  sources: [
    ['Vaswani et al. 2017, section 3.5: Positional Encoding', 'https://arxiv.org/abs/1706.03762'],
    ['Press et al. 2022, ALiBi: train short, test long', 'https://arxiv.org/abs/2108.12409'],
  ],
  explain: {
    prompt: 'What can and cannot be said of position 2000?',
    model:
      'With a learned table there is no row to use. With the sinusoid the vector exists, but its slow pairs take ' +
      'values training never showed, so whether the model copes is an empirical question, not a property of the ' +
      'formula.',
  },
  mount(host, { lab, onResult, answered = false }) {
    const view = h('div', { class: 'demo' });
    const plot = new LinePlot(view, {
      label: 'Encoding of the chosen position across dimensions',
      xLabel: 'dimension',
      yLabel: 'value',
    });
    // What the learned table and the sinusoid give at the position, said once the learner stops moving.
    const status = settledStatus({ className: 'core-message' });
    view.append(...status.elements);
    const dims = Array.from({ length: D }, (_, i) => i);
    // The slowest pair's sine over every position a model trained on MAX_LEN positions has seen.
    const seen = lab.sinusoidal({ positions: MAX_LEN, dModel: D });
    let seenLo = Infinity,
      seenHi = -Infinity;
    for (let p = 0; p < MAX_LEN; p++) {
      seenLo = Math.min(seenLo, seen[p * D + 2 * SLOW]);
      seenHi = Math.max(seenHi, seen[p * D + 2 * SLOW]);
    }
    function show(p) {
      const pe = lab.sinusoidal({ positions: 1, dModel: D, start: p });
      const series = [{ name: `sinusoidal PE(${p})`, values: pe }];
      let learned;
      try {
        series.push({
          name: `learned row ${p}`,
          values: lab.learnedLookup({ maxLen: MAX_LEN, dModel: D, seed: 1, position: p }),
        });
        learned = `The learned table has a row for position ${p}.`;
      } catch (error) {
        // The core refuses a position past the table with a RangeError; the page says it in the lesson's words.
        if (!(error instanceof RangeError)) throw error;
        learned =
          `The learned table has no row for position ${p}: ` + `its ${MAX_LEN} rows are positions 0 to ${MAX_LEN - 1}.`;
      }
      plot.update(dims, series);
      status.text =
        `${learned} The sine of the slowest pair: ${fmt(seenLo, 3)} to ${fmt(seenHi, 3)} over positions ` +
        `0–${MAX_LEN - 1}; ${fmt(pe[2 * SLOW], 3)} at ${p}.`;
    }
    const s = slider({ label: 'Position', min: 0, max: 2000, value: 300, oninput: show });
    show(300);
    // Predict first: dragging to position 2000 shows the answer, so the demo appears once it is checked.
    const demo = h('div', {}, s.element, view, paperCheck());
    const question = choiceQuestion({ ...QUESTION, onResult: hiddenUntilAnswered([demo], { answered, onResult }) });
    host.append(
      h(
        'p',
        {},
        `A learned table like the one above (${MAX_LEN} rows, at their random start) beside the sinusoid. ` +
          'Predict; then ' +
          `drag past ${MAX_LEN - 1}.`,
      ),
      question.element,
      demo,
    );
    return question;
  },
};

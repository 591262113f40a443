import { h, fmt } from '../widgets/dom.js';
import { LinePlot } from '../widgets/lineplot.js';
import { choiceQuestion } from '../widgets/question.js';
import { hiddenUntilAnswered, slider } from './common.js';

const D = 32,
  MAX_LEN = 512,
  K = 5,
  SLOW = D / 2 - 1;

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: `A model was trained on sequences of at most ${MAX_LEN} tokens. What can be said of position 2000?`,
  options: [
    {
      id: 'a',
      correct: true,
      label: 'The formula gives it a vector, with values training never showed; the table gives it none.',
      why:
        'The formula can be evaluated at any position, but its slow pairs reach values no training position had ' +
        '(the readout below), so whether a trained model copes is an empirical question: the paper hoped it “may” ' +
        'extrapolate, and the ALiBi authors measured sinusoidal models degrading soon past their training length. ' +
        'The learned table simply has no row.',
    },
    {
      id: 'b',
      correct: false,
      label: 'Both give it a vector, and the model handles it as well as the positions it trained on.',
      why:
        'Drag the position to 2000 below and check both claims: does each of the two give it a vector, and are ' +
        'its values like the ones training showed?',
    },
    {
      id: 'c',
      correct: false,
      label: 'The learned table gives it a vector too, only a less accurate one than the formula.',
      why: 'Drag past 511 and read what the lab says about the table there.',
    },
    {
      id: 'd',
      correct: false,
      label: 'The formula’s values grow with the position, so position 2000 stands out clearly.',
      why: 'Every entry stays in [−1, 1]; what is new at position 2000 is the combination of values, not their size.',
    },
  ],
};

export default {
  questions: [QUESTION],
  id: 'extrapolation',
  title: 'Past the training length',
  explain: {
    prompt: `Can a model trained on ${MAX_LEN} positions use position 2000? What can and cannot be said?`,
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
    const learnedText = h('p', { class: 'core-message' });
    const slowText = h('p', {});
    const dotsText = h('p', {});
    view.append(learnedText, slowText, dotsText);
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
      try {
        series.push({
          name: `learned row ${p}`,
          values: lab.learnedLookup({ maxLen: MAX_LEN, dModel: D, seed: 1, position: p }),
        });
        learnedText.textContent = `The learned table has a row for position ${p}.`;
      } catch (error) {
        // The core refuses a position past the table with a RangeError; the page says it in the lesson's words.
        if (!(error instanceof RangeError)) throw error;
        learnedText.textContent =
          `The learned table has no row for position ${p}: ` + `its ${MAX_LEN} rows are positions 0 to ${MAX_LEN - 1}.`;
      }
      plot.update(dims, series);
      slowText.textContent =
        `The sine of the slowest pair (pair ${SLOW}) stays between ${fmt(seenLo, 3)} and ${fmt(seenHi, 3)} ` +
        `over positions 0–${MAX_LEN - 1}; at position ${p} it is ${fmt(pe[2 * SLOW], 3)}.`;
      const inside = lab.properties({ positions: 64, dModel: D, start: 0, k: K });
      const beyond = lab.properties({ positions: 64, dModel: D, start: Math.max(p, MAX_LEN), k: K });
      dotsText.textContent =
        `PE(q)·PE(q+${K}) for q in 0…63: ${fmt(inside.minOffsetDot, 5)} to ${fmt(inside.maxOffsetDot, 5)}; ` +
        `for q in ${Math.max(p, MAX_LEN)}…${Math.max(p, MAX_LEN) + 63}: ${fmt(beyond.minOffsetDot, 5)} to ` +
        `${fmt(beyond.maxOffsetDot, 5)}.`;
    }
    const s = slider({ label: 'Position', min: 0, max: 2000, value: 300, oninput: show });
    show(300);
    // Predict first: dragging to position 2000 shows the answer, so the demo appears once it is checked.
    const demo = h('div', {}, s.element, view);
    const question = choiceQuestion({ ...QUESTION, onResult: hiddenUntilAnswered([demo], { answered, onResult }) });
    host.append(
      h(
        'p',
        {},
        `A learned table sized for ${MAX_LEN} positions next to the sinusoid. The table shown is a random `,
        'initialisation, as training would start it: a trained table would hold learned values in its rows, and ' +
          'still end at the ',
        `same row. Predict first; then drag the position past ${MAX_LEN - 1}.`,
      ),
      question.element,
      demo,
    );
    return question;
  },
};

import { h, fmt } from '../widgets/dom.js';
import { LinePlot } from '../widgets/lineplot.js';
import { choiceQuestion } from '../widgets/question.js';
import { slider } from './common.js';

const D = 32, MAX_LEN = 512, K = 5;

export default {
  id: 'extrapolation',
  title: 'Past the training length',
  mount(host, { lab, onResult }) {
    const view = h('div', { class: 'demo' });
    const plot = new LinePlot(view, { label: 'Encoding of the chosen position across dimensions', xLabel: 'dimension', yLabel: 'value' });
    const learnedText = h('p', { class: 'core-message', 'aria-live': 'polite' });
    const dotsText = h('p', {});
    view.append(learnedText, dotsText);
    const dims = Array.from({ length: D }, (_, i) => i);
    function show(p) {
      const series = [{ name: `sinusoidal PE(${p})`, values: lab.sinusoidal({ positions: 1, dModel: D, start: p }) }];
      try {
        series.push({ name: `learned row ${p}`, values: lab.learnedLookup({ maxLen: MAX_LEN, dModel: D, seed: 1, position: p }) });
        learnedText.textContent = `The learned table (maxLen ${MAX_LEN}) has a row for position ${p}.`;
      } catch (error) {
        learnedText.textContent = `Learned table: ${error.message}`;
      }
      plot.update(dims, series);
      const inside = lab.properties({ positions: 64, dModel: D, start: 0, k: K });
      const beyond = lab.properties({ positions: 64, dModel: D, start: Math.max(p, MAX_LEN), k: K });
      dotsText.textContent = `PE(q)·PE(q+${K}) for q in 0…63: ${fmt(inside.minOffsetDot, 5)} to ${fmt(inside.maxOffsetDot, 5)}; ` +
        `for q in ${Math.max(p, MAX_LEN)}…${Math.max(p, MAX_LEN) + 63}: ${fmt(beyond.minOffsetDot, 5)} to ${fmt(beyond.maxOffsetDot, 5)}.`;
    }
    const s = slider({ label: 'Position', min: 0, max: 2000, value: 300, oninput: show });
    show(300);
    const question = choiceQuestion({ onResult, prompt: 'Why can the sinusoidal encoding go past the training length when a learned table cannot?', options: [
      { id: 'a', correct: true, label: 'It is a formula that can be evaluated at any position; the table only has the rows it was built with.',
        why: 'Drag past 511: the sinusoid keeps producing bounded vectors with the same dot-product structure, while the learned table reports that no row exists.' },
      { id: 'b', correct: false, label: 'The learned table could be read at any position, it is just less accurate there.',
        why: 'There is nothing to read: the lookup fails because row 600 does not exist.' },
      { id: 'c', correct: false, label: 'Sinusoidal values grow with the position, so they keep carrying information.',
        why: 'They never grow: every entry stays in [−1, 1]. It is the formula, not growth, that extends.' },
    ] });
    host.append(h('p', {}, `A learned table trained up to ${MAX_LEN} positions and the sinusoid, side by side. Drag the position past ${MAX_LEN - 1}.`),
      s.element, view, question.element);
    return question;
  },
};

import { h, fmt } from '../widgets/dom.js';
import { numberQuestion } from '../widgets/number.js';

const D = 32,
  P = 7,
  SHIFT = 1000;

export default {
  id: 'shifted-dot-product',
  title: 'Work it out: a shifted dot product',
  explain: {
    prompt: 'Why is PE(p)·PE(p + 1) the same at every position p?',
    model:
      'Each pair contributes sin(pω)sin((p + 1)ω) + cos(pω)cos((p + 1)ω) = cos(ω), by the cosine of a difference; ' +
      'the p cancels, so the sum Σcos ωᵢ depends only on the offset 1.',
  },
  mount(host, { lab, onResult }) {
    const dot = (p) =>
      lab.dotMatrix({ table: lab.sinusoidal({ positions: 2, dModel: D, start: p }), rows: 2, dModel: D })[1];
    const given = dot(P),
      expected = dot(P + SHIFT);
    const question = numberQuestion({
      onResult,
      expected,
      tolerance: 0.001,
      prompt:
        `At dModel ${D}, PE(${P})·PE(${P + 1}) = ${fmt(given, 3)}. ` + `What is PE(${P + SHIFT})·PE(${P + SHIFT + 1})?`,
      explain: () =>
        `PE(p)·PE(p+k) = Σᵢcos kωᵢ depends on the offset k only, so it is the same ${fmt(expected, 3)} ` +
        '(the core’s value) at every p.',
    });
    host.append(h('p', {}, 'Think before you compute.'), question.element);
    return question;
  },
};

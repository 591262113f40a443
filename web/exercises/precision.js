import { h } from '../widgets/dom.js';
import { LinePlot } from '../widgets/lineplot.js';
import { dataTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';

const D = 64, STARTS = [0, 256, 1024, 2048, 4096, 8192, 16384, 32768, 65000];

export default {
  id: 'precision',
  title: 'Precision at large positions',
  mount(host, { lab, onResult }) {
    const maxErr = (a, b) => a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i])), 0);
    const naive = [], ours = [];
    for (const start of STARTS) {
      const spec = { positions: 16, dModel: D, start };
      const reference = lab.sinusoidalReference(spec);
      naive.push(maxErr(lab.sinusoidalFloat32Angles(spec), reference));
      ours.push(maxErr(lab.sinusoidal(spec), reference));
    }
    const series = [{ name: 'float32 angle p·ω', values: naive }, { name: 'the lab’s table', values: ours }];
    const view = h('div', { class: 'demo' });
    host.append(h('p', {}, 'Max error against a float64 evaluation, for 16 positions starting at each mark (dModel 64). Log scale.'), view);
    new LinePlot(view, { label: 'Max absolute error against float64 by position', xLabel: 'position', yLabel: 'max |error|', logY: true })
      .update(STARTS, series);
    view.append(dataTable('Data table of the errors', 'first position', STARTS, series));
    const question = choiceQuestion({ onResult, prompt: 'Why does the float32-angle version lose accuracy as the position grows?', options: [
      { id: 'a', correct: true, label: 'p·ω is a large number stored with 24 bits, so its absolute rounding error grows with p, and sin/cos pass that error on.',
        why: 'At p = 2048 the angle is rounded to about 1e-4, and so are sin and cos of it. The lab keeps angles in double and rotates from exact anchors, so its error stays near 1e-7.' },
      { id: 'b', correct: false, label: 'Math.sin is inaccurate for large inputs.',
        why: 'sin itself is accurate; the damage is done earlier, when the angle is rounded to float32.' },
      { id: 'c', correct: false, label: 'It does not: the two curves are the same.',
        why: 'Look at the plot: the float32 curve climbs by orders of magnitude while the lab’s stays flat.' },
    ] });
    host.append(question.element);
    return question;
  },
};

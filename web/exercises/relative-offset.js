import { h, subscript } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { formula } from '../widgets/math.js';
import { choiceQuestion } from '../widgets/question.js';
import { slider } from './common.js';

const D = 16, P = 500;

export default {
  id: 'relative-offset',
  title: 'An offset is a rotation',
  mount(host, { lab, onResult }) {
    const view = h('div', { class: 'demo', 'aria-live': 'polite' });
    function show(k) {
      const { blocks, maxResidual } = lab.relativeOffset({ positions: P, dModel: D, k });
      view.replaceChildren(matrixTable({ caption: `The 2×2 blocks of M${subscript(k)}, one per pair (the rotation above with k = ${k})`,
        values: blocks, rows: D / 2, cols: 4, rowLabel: (i) => `pair ${i}`, colLabel: (j) => ['a₁₁', 'a₁₂', 'a₂₁', 'a₂₂'][j], limit: 1, digits: 4 }),
      h('p', {}, `Largest |M${subscript(k)}·PE(p) − PE(p+${k})| over p = 0…${P - 1}: ${maxResidual.toExponential(2)}`));
    }
    const s = slider({ label: 'Offset k', min: 0, max: 50, value: 3, oninput: show });
    show(3);
    const question = choiceQuestion({ onResult, prompt: 'Does Mₖ depend on the position p it is applied to?', options: [
      { id: 'no', correct: true, label: 'No: one matrix per offset k serves every position',
        why: 'Its entries are cos kω and sin kω, with no p in them, and the core finds PE(p+k) = Mₖ·PE(p) for all 500 positions to within float rounding. A model can learn “k steps away” once.' },
      { id: 'yes', correct: false, label: 'Yes: each position needs its own matrix',
        why: 'Look at the blocks: only k and ω appear. The same Mₖ moves every position forward by k.' },
      { id: 'only-small', correct: false, label: 'Only for small k; large offsets need position-specific matrices',
        why: 'Move k to 50: the residual stays at rounding level for every p.' },
    ] });
    host.append(h('p', {}, 'For each pair, the angle addition formulas give a rotation:'),
      formula('\\begin{pmatrix}\\sin\\omega(p+k)\\\\ \\cos\\omega(p+k)\\end{pmatrix} = \\begin{pmatrix}\\cos k\\omega & \\sin k\\omega\\\\ -\\sin k\\omega & \\cos k\\omega\\end{pmatrix}\\begin{pmatrix}\\sin\\omega p\\\\ \\cos\\omega p\\end{pmatrix}', { display: true }),
      s.element, view, question.element);
    return question;
  },
};

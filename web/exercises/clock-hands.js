import { h, fmt } from '../widgets/dom.js';
import { Heatmap } from '../widgets/heatmap.js';
import { choiceQuestion } from '../widgets/question.js';
import { hiddenUntilAnswered, slider } from './common.js';
import { settledStatus } from '../widgets/settled.js';

const D = 16,
  PAIRS = D / 2,
  N = 64,
  SVG = 'http://www.w3.org/2000/svg';

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: 'Going from position p to position p + k, how far does the hand of pair i turn?',
  options: [
    {
      id: 'k',
      correct: true,
      label: 'By the angle k·ωᵢ, whatever the position p is.',
      why:
        'Each hand turns at its own constant rate ωᵢ, so k more positions add k·ωᵢ to its angle, from anywhere. ' +
        'That is the rotation Mₖ of the relative-offset exercise, and why the dot products above are the same along ' +
        'each diagonal.',
    },
    {
      id: 'kp',
      correct: false,
      label: 'By the angle k·p·ωᵢ, so further when p is large.',
      why: 'Move p with k fixed: does the gap between the solid and the faint hand change?',
    },
    {
      id: 'same',
      correct: false,
      label: 'By the same angle for every pair of dimensions.',
      why: 'Compare the first and the last clock for the same k.',
    },
    {
      id: 'depends',
      correct: false,
      label: 'It cannot be said without knowing the position p.',
      why: 'Move p with k fixed and watch the angle between the two hands of one clock.',
    },
  ],
};

function svg(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

export default {
  questions: [QUESTION],
  id: 'clock-hands',
  title: 'Each pair is a clock hand',
  explain: {
    prompt: 'Why are the dot products PE(p)·PE(q) constant along each diagonal of the heatmap?',
    model:
      'Each pair contributes sin(pω)sin(qω) + cos(pω)cos(qω) = cos((q − p)ω), which depends only on the offset q − ' +
      'p; so PE(p)·PE(q) = Σᵢcos((q − p)ωᵢ) is the same for every pair of positions the same distance apart.',
  },
  mount(host, { lab, onResult, answered = false }) {
    // One small SVG per dial in a grid: eight across on a wide screen, two rows of four on a phone.
    const clocks = h('div', { class: 'clocks', role: 'img' });
    const status = settledStatus();
    const state = { p: 3, k: 2 };
    function draw() {
      const rows = lab.sinusoidal({ positions: state.k + 1, dModel: D, start: state.p });
      const { omega } = lab.frequencies({ dModel: D });
      clocks.replaceChildren();
      for (let i = 0; i < PAIRS; i++) {
        const cx = 30,
          cy = 30,
          r = 26;
        // Pair i's (sin, cos) as a point on the unit circle: the hand points at angle p·ωᵢ.
        const hand = (row, cls) =>
          svg('line', {
            x1: cx,
            y1: cy,
            x2: cx + r * rows[row * D + 2 * i + 1],
            y2: cy - r * rows[row * D + 2 * i],
            class: cls,
          });
        const dial = svg('svg', { viewBox: '0 0 60 60', 'aria-hidden': 'true' });
        dial.append(svg('circle', { cx, cy, r, class: 'dial' }), hand(state.k, 'hand later'), hand(0, 'hand'));
        clocks.append(h('div', { class: 'clock' }, dial, h('span', { class: 'clock-label' }, `pair ${i}`)));
      }
      clocks.setAttribute(
        'aria-label',
        `Eight clocks, one per pair: the solid hand at position ${state.p}, the faint ` +
          `hand at position ${state.p + state.k}.`,
      );
      status.text =
        `From position ${state.p} to ${state.p + state.k}: pair 0 turns ${fmt(state.k * omega[0], 3)} rad ` +
        `(${Math.floor((state.k * omega[0]) / (2 * Math.PI))} full turns and ` +
        `${fmt((state.k * omega[0]) % (2 * Math.PI), 3)} rad), ` +
        `pair ${PAIRS - 1} turns ${fmt(state.k * omega[PAIRS - 1], 5)} rad.`;
    }
    const control = (label, key, max) =>
      slider({
        label,
        min: 0,
        max,
        value: state[key],
        oninput: (v) => {
          state[key] = v;
          draw();
        },
      });
    const pSlider = control('Position p', 'p', 100);
    const kSlider = control('Offset k', 'k', 20);
    draw();
    const heat = h('div', { class: 'demo' });
    // The turn of each pair is the answer: the line that states it appears once the question is checked.
    const question = choiceQuestion({
      ...QUESTION,
      onResult: hiddenUntilAnswered(status.elements, { answered, onResult }),
    });
    host.append(
      h(
        'p',
        {},
        `At dModel ${D}, each pair (sin, cos) is a point on a circle: a clock hand at angle p·ωᵢ. The solid `,
        'hands show position p, the faint ones p + k.',
      ),
      h('div', { class: 'controls' }, pSlider.element, kSlider.element),
      h('div', { class: 'demo' }, clocks, ...status.elements),
      h('p', {}, `Below, PE(p)·PE(q) for every pair of positions 0…${N - 1} (the core’s dot-product matrix).`),
      heat,
      question.element,
    );
    const table = lab.sinusoidal({ positions: N, dModel: D });
    new Heatmap(heat, {
      label: `PE(p)·PE(q) for positions 0 to ${N - 1} at dModel ${D}`,
      rowName: 'position p',
      columnName: 'position q',
      limit: PAIRS,
    }).update(lab.dotMatrix({ table, rows: N, dModel: D }), N, N);
    return question;
  },
};

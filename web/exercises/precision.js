import { h, fmt } from '../widgets/dom.js';
import { LinePlot } from '../widgets/lineplot.js';
import { choiceQuestion } from '../widgets/question.js';
import { hiddenUntilAnswered, maxAbsDifference } from './common.js';

const D = 64,
  STARTS = [0, 256, 1024, 2048, 4096, 8192, 16384, 32768, 65000];

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: 'What happens to the float32 version’s accuracy as p grows, and why?',
  options: [
    {
      id: 'a',
      correct: true,
      label: 'It falls: the angle p·ω is rounded to a float32, whose absolute error grows with p.',
      why:
        'A float32 keeps 24 significant bits, so the gap between neighbouring floats grows with the number (2⁻¹² ' +
        'near 2048); sin and cos pass the rounded angle’s error on. The lab’s angles are in double: flat error.',
    },
    {
      id: 'b',
      correct: false,
      label: 'It falls: the sine and cosine functions are inaccurate for large inputs.',
      why: 'sin and cos are accurate for the number they are given; the damage is done before they are called.',
    },
    {
      id: 'c',
      correct: false,
      label: 'It stays as it is: the two curves lie on top of each other at every position shown.',
      why: 'Look at the plot again, position by position.',
    },
  ],
};

export default {
  questions: [QUESTION],
  id: 'precision',
  title: 'Precision at large positions',
  why: 'What [[float32]] does to the formula at large positions, and why computing the angle in it is the weak step.',
  explain: {
    prompt: 'Why does p·ω in float32 lose accuracy at large p?',
    model:
      'A float32 keeps 24 significant bits, so the gap between neighbouring floats grows with the size of the ' +
      'number: the angle p·ω is rounded more coarsely the larger p is, and sin and cos pass that error on.',
  },
  mount(host, { lab, onResult, answered = false }) {
    const naive = [],
      ours = [];
    for (const start of STARTS) {
      const spec = { positions: 16, dModel: D, start };
      const reference = lab.sinusoidalReference(spec);
      naive.push(maxAbsDifference(lab.sinusoidalFloat32Angles(spec), reference));
      ours.push(maxAbsDifference(lab.sinusoidal(spec), reference));
    }
    const series = [
      { name: 'float32 angle p·ω', values: naive },
      { name: 'the lab’s table', values: ours },
    ];
    const view = h('div', { class: 'demo' });
    host.append(
      h(
        'p',
        {},
        'The module computes in float32, rounding each step. Its largest error against float64 by position ' +
          '(dModel 64):',
      ),
      view,
    );
    const plot = new LinePlot(view, {
      label: 'Max absolute error against float64 by position',
      xLabel: 'position',
      yLabel: 'max |error|',
      logY: true,
      table: 'Data table of the errors',
    });
    plot.update(STARTS, series);
    // Where the curves show the answer, said once it is given: the float32 angle's error at a small and the
    // largest start, against the table's worst.
    const last = STARTS.length - 1;
    const explain = () =>
      plot.explain(
        `For the question: the float32 angle's largest error is ${fmt(naive[1], 3)} over positions ` +
          `${STARTS[1]}–${STARTS[1] + 15} and ${fmt(naive[last], 3)} over ${STARTS[last]}–${STARTS[last] + 15}; ` +
          `the lab's table stays at or below ${fmt(Math.max(...ours), 3)} at every start.`,
      );
    const question = choiceQuestion({
      ...QUESTION,
      onResult: hiddenUntilAnswered([], { answered, onResult, explain }),
    });
    host.append(question.element);
    return question;
  },
};

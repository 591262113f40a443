import { h, fmt } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { DEMO, embedSentence, coreDistance, row } from './common.js';

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: 'In the attention equation as written, softmax(QKᵀ/√dₖ)V, why must position be put into the embeddings?',
  options: [
    {
      id: 'a',
      correct: true,
      label: 'Q, K and V are all made from the embeddings; the equation has no other input.',
      why:
        'softmax(QKᵀ/√dₖ)V has no argument for position. Without an encoding, the two “the” rows above are ' +
        'identical (distance 0); with one, they differ. This holds for the equation as written: relative biases ' +
        '(T5), ALiBi and RoPE change the equation itself and put position inside attention instead.',
    },
    {
      id: 'b',
      correct: false,
      label: 'The equation could take positions as a separate input, but adding them to the embeddings is cheaper.',
      why:
        'The equation as written has no slot for a separate position signal; it is not a matter of cost. (Variants ' +
        'that change the equation do exist: they come later in the lesson.)',
    },
    {
      id: 'c',
      correct: false,
      label: 'The softmax needs to know the positions to normalise each row of scores.',
      why: 'Softmax normalises over whatever scores it is given; positions play no part in it.',
    },
    {
      id: 'd',
      correct: false,
      label: 'Only the value vectors need positions, so in practice they are added to V alone.',
      why: 'In the absolute scheme position is added to the embeddings, so it reaches Q, K and V alike.',
    },
  ],
};

export default {
  questions: [QUESTION],
  id: 'position-in-embeddings',
  title: 'Attention only sees Q, K and V',
  explain: {
    prompt: 'Where can position enter the attention equation as written, and why only there?',
    model:
      'Only through the embeddings: Q, K and V are all projections of the embeddings, and the equation has no other ' +
      'input. Other designs change the equation itself to put position inside attention.',
  },
  mount(host, { lab, onResult }) {
    const text = 'the cat saw the dog';
    const arms = ['none', 'sinusoidal'].map((encoding) => {
      const { words, x } = embedSentence(lab, text, encoding);
      const n = words.length;
      const { output } = lab.selfAttention({ x, n, dModel: DEMO.dModel, dK: DEMO.dK, seed: DEMO.seed });
      const a = row(output, DEMO.dK, 0),
        b = row(output, DEMO.dK, 3);
      const both = new Float32Array(DEMO.dK * 2);
      both.set(a);
      both.set(b, DEMO.dK);
      return h(
        'div',
        {},
        matrixTable({
          caption:
            `${encoding === 'none' ? 'No' : 'Sinusoidal'} encoding: attention output rows for “the” at positions ` +
            '0 and 3',
          values: both,
          rows: 2,
          cols: DEMO.dK,
          rowLabel: (i) => `the @ ${i ? 3 : 0}`,
          limit: 2,
          digits: 2,
        }),
        h('p', {}, `Distance between the two rows: ${fmt(coreDistance(lab, a, b), 6)}`),
      );
    });
    const question = choiceQuestion({ onResult, ...QUESTION });
    host.append(
      h(
        'p',
        {},
        'The same word “the” sits at positions 0 and 3. Here are its attention outputs, computed by the core, ' +
          'without and with an encoding.',
      ),
      h('div', { class: 'demo' }, arms),
      question.element,
    );
    return question;
  },
};

import { h, fmt } from '../widgets/dom.js';
import { choiceQuestion } from '../widgets/question.js';
import { DEMO, embedSentence, coreDistance, row } from './common.js';

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: 'Why must position be put into the embeddings for softmax(QKᵀ/√dₖ)V?',
  options: [
    {
      id: 'a',
      correct: true,
      label: 'Q, K and V are all made from the embeddings, the equation’s only input.',
      why:
        'The equation has no input for position: without an encoding the two outputs for “the” above are the ' +
        'same. (ALiBi and RoPE, in lesson 3, change the equation.)',
    },
    {
      id: 'b',
      correct: false,
      label: 'The equation could take positions as a separate input; adding them is only cheaper.',
      why: 'The equation as written has no slot for a separate position signal.',
    },
    {
      id: 'd',
      correct: false,
      label: 'Only the value vectors need positions, so they are added to V alone.',
      why: 'In the absolute scheme position is added to the embeddings, so it reaches Q, K and V alike.',
    },
  ],
};

export default {
  questions: [QUESTION],
  id: 'position-in-embeddings',
  title: 'Attention only sees Q, K and V',
  why: 'It asks where, in that equation, a [[positional-encoding]] could enter.',
  mount(host, { lab, onResult }) {
    const text = 'the cat saw the dog';
    // The two outputs for "the" (positions 0 and 3) under each encoding, and their distance (the core's).
    const outputs = (encoding) => {
      const { words, x } = embedSentence(lab, text, encoding);
      const { output } = lab.selfAttention({ x, n: words.length, dModel: DEMO.dModel, dK: DEMO.dK, seed: DEMO.seed });
      const a = row(output, DEMO.dK, 0),
        b = row(output, DEMO.dK, 3);
      return { distance: coreDistance(lab, a, b) };
    };
    const none = outputs('none'),
      sinusoidal = outputs('sinusoidal');
    const arms = h(
      'p',
      {},
      `Distance between the two outputs for “the” without an encoding: ${fmt(none.distance, 6)}; with the ` +
        `sinusoidal encoding: ${fmt(sinusoidal.distance, 6)}.`,
    );
    const question = choiceQuestion({ onResult, ...QUESTION });
    host.append(
      h('p', {}, `The word “the” sits at positions 0 and 3 of “${text}”. The core compares its two attention outputs.`),
      h('div', { class: 'demo' }, arms),
      question.element,
    );
    return question;
  },
};

import { h } from '../widgets/dom.js';
import { choiceQuestion } from '../widgets/question.js';

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: 'Without a mask and without a position encoding, which statement about self-attention is true?',
  options: [
    {
      id: 'a',
      correct: false,
      label: 'Its dot products already account for how far apart two tokens are.',
      why: 'Dot products compare contents only; nothing in QKᵀ refers to where a token sits.',
    },
    {
      id: 'b',
      correct: true,
      label: 'Reordering the tokens only reorders the outputs, so order cannot matter.',
      why:
        'Self-attention without a mask is permutation-equivariant: “dog bites man” and “man bites dog” give the ' +
        'same outputs, relabelled. With the causal mask it is no longer so: each token sees only the ones before it.',
    },
    {
      id: 'c',
      correct: false,
      label: 'Order only starts to matter once sequences get long enough.',
      why: 'Three words already change meaning with their order, and the equivariance holds at every length.',
    },
    {
      id: 'd',
      correct: false,
      label: 'A learned position table would handle longer inputs better than a formula.',
      why:
        'A learned table has no rows past its size. A formula can at least be evaluated there; whether a trained ' +
        'model makes good use of such positions is another question, taken up in the extrapolation exercise.',
    },
  ],
};

export default {
  questions: [QUESTION],
  id: 'why-positional-encoding',
  title: 'Why positional encoding exists',
  explain: {
    prompt: 'Summarise in two sentences why a Transformer needs a position signal.',
    model:
      'Without a mask and without an encoding, self-attention treats its input as a set: reordering the tokens only ' +
      'reorders the outputs. Adding a position signal to the embeddings is what lets word order change the result.',
  },
  mount(host, { onResult }) {
    const question = choiceQuestion({ onResult, ...QUESTION });
    host.append(h('p', {}, 'One question to tie the warm-up together.'), question.element);
    return question;
  },
};

import { h } from '../widgets/dom.js';
import { choiceQuestion } from '../widgets/question.js';

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt:
    'An RNN reads tokens one by one; self-attention without a mask computes every position at once. Why does ' +
    'that leave it blind to word order?',
  options: [
    {
      id: 'a',
      correct: false,
      label: 'Its dot products are too small to register how far apart two tokens are.',
      why: 'Dot products compare contents only: nothing in QKᵀ refers to where a token sits, whatever its size.',
    },
    {
      id: 'b',
      correct: true,
      label: 'All positions come from one set of vectors that says nothing of order.',
      why:
        'An RNN’s state depends on the order it read the tokens in; attention takes them all at once, so ' +
        'reordering them only reorders the outputs (the swap above). A causal mask restores some order.',
    },
    {
      id: 'd',
      correct: false,
      label: 'Order is lost only in long sequences, where the parallel steps overlap.',
      why: 'The swap above lost it in one short sentence, and in “dog bites man” order already matters.',
    },
  ],
};

export default {
  questions: [QUESTION],
  id: 'why-positional-encoding',
  title: 'Why positional encoding exists',
  why:
    'It names the cause behind the swap: [[attention]] computes every position at once, so order must be put into ' +
    'the vectors, a [[positional-encoding]].',
  sources: [
    ['Vaswani et al., Attention Is All You Need, section 3.5', 'https://arxiv.org/abs/1706.03762'],
    [
      'Dive into Deep Learning, section 11.6',
      'https://d2l.ai/chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.html',
    ],
  ],
  explain: {
    prompt: 'Summarise in two sentences why a Transformer needs a position signal.',
    model:
      'Self-attention computes every position at once from the same set of vectors, so without a mask and an ' +
      'encoding reordering the tokens only reorders the outputs. A position signal added to the embeddings is what ' +
      'lets word order change the result.',
  },
  mount(host, { onResult }) {
    const question = choiceQuestion({ onResult, ...QUESTION });
    host.append(question.element);
    return question;
  },
};

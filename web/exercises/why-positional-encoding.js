import { h } from '../widgets/dom.js';
import { choiceQuestion } from '../widgets/question.js';

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt:
    'An RNN reads tokens one after another, so its state at a word depends on the words before it. What leaves ' +
    'self-attention without a mask blind to word order?',
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
      label: 'Its weights come from the tokens’ vectors alone, alike for every pair.',
      why:
        'The same computation runs for every pair, at once, and its weights come from the vectors alone: ' +
        'nothing in it says which token came first, so reordering them only reorders the outputs (the swap ' +
        'above). An RNN gets order from reading in sequence; a causal mask restores some.',
    },
    {
      id: 'd',
      correct: false,
      label: 'Order is lost only in long sequences, where parallel steps overlap.',
      why: 'The swap above lost it in one short sentence, and in “dog bites man” order already matters.',
    },
  ],
};

export default {
  questions: [QUESTION],
  id: 'why-positional-encoding',
  title: 'Why positional encoding exists',
  why:
    'It asks what, in the way [[attention]] computes, loses the order an RNN keeps, and so what a ' +
    '[[positional-encoding]] must supply.',
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
      'Self-attention computes its weights from the tokens’ vectors alone, the same way for every pair, so without ' +
      'a mask and an encoding reordering the tokens only reorders the outputs. A position signal added to the ' +
      'embeddings is what lets word order change the result.',
  },
  mount(host, { onResult }) {
    const question = choiceQuestion({ onResult, ...QUESTION });
    host.append(question.element);
    return question;
  },
};

import { choiceQuestion } from '../widgets/question.js';
import { localQuestion } from '../i18n/exercise.js';

// The question, as data: which option is right; its words are the catalog's (q.prompt, q.<id>.label, q.<id>.why).
// `order` is the English prompt the learner's option order is keyed on (web/order.js): it never changes.
const QUESTION = {
  key: 'q',
  order:
    'An RNN reads tokens one after another, so its state at a word depends on the words before it. What leaves ' +
    'self-attention without a mask blind to word order?',
  options: [
    { id: 'a', correct: false },
    { id: 'b', correct: true },
    { id: 'd', correct: false },
  ],
};

// Its words: web/i18n/catalogs/<locale>/why-positional-encoding.json (title, why, explain-back, the question).
export default {
  questions: [QUESTION],
  id: 'why-positional-encoding',
  sources: [
    ['source.vaswani', 'https://arxiv.org/abs/1706.03762'],
    [
      'source.d2l',
      'https://d2l.ai/chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.html',
    ],
  ],
  mount(host, { onResult, t }) {
    const question = choiceQuestion({ onResult, ...localQuestion(QUESTION, t), t });
    host.append(question.element);
    return question;
  },
};

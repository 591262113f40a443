import { h } from '../widgets/dom.js';
import { choiceQuestion } from '../widgets/question.js';

export default {
  id: 'why-positional-encoding',
  title: 'Why positional encoding exists',
  mount(host, { onResult }) {
    const question = choiceQuestion({ onResult, prompt: 'Which statement is true?', options: [
      { id: 'a', correct: false, label: 'Attention’s dot products already account for relative position.',
        why: 'Dot products compare contents only; nothing in QKᵀ refers to where a token sits.' },
      { id: 'b', correct: true, label: 'Attention treats its input as an unordered set, so position has to be put into the embeddings for word order to matter.',
        why: 'That is the whole reason: without it, “dog bites man” and “man bites dog” give the same outputs, merely relabelled.' },
      { id: 'c', correct: false, label: 'It is only needed for very long sequences.',
        why: 'Even three words change meaning with their order; the blindness is the same at any length.' },
      { id: 'd', correct: false, label: 'A learned position table generalises to unseen lengths better than the sinusoid.',
        why: 'The reverse: a learned table has no rows beyond its size, while the formula works at any position.' },
    ] });
    host.append(h('p', {}, 'One question to tie the warm-up together.'), question.element);
    return question;
  },
};

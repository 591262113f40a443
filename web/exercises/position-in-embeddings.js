import { h } from '../widgets/dom.js';
import { choiceQuestion } from '../widgets/question.js';
import { localQuestion } from '../i18n/exercise.js';
import { DEMO, embedSentence, coreDistance, row, sentenceWords } from './common.js';

// The question, as data: which option is right; its words are the catalog's (q.prompt, q.<id>.label, q.<id>.why).
// `order` is the English prompt the learner's option order is keyed on (web/order.js): it never changes.
const QUESTION = {
  key: 'q',
  order: 'Why must position be put into the embeddings for softmax(QKᵀ/√dₖ)V?',
  options: [
    { id: 'a', correct: true },
    { id: 'b', correct: false },
    { id: 'd', correct: false },
  ],
};

// Its words: web/i18n/catalogs/<locale>/position-in-embeddings.json (title, why, and the demo sentence: one word
// in it twice, "the" at positions 0 and 3 in English).
export default {
  questions: [QUESTION],
  id: 'position-in-embeddings',
  mount(host, { lab, onResult, t }) {
    const text = t('sentence');
    // The repeated word: its first two positions.
    const words = sentenceWords(text);
    const second = words.findIndex((w, i) => words.indexOf(w) !== i);
    const first = words.indexOf(words[second]);
    // The two outputs for the repeated word under each encoding, and their distance (the core's).
    const outputs = (encoding) => {
      const { words, x } = embedSentence(lab, text, encoding);
      const { output } = lab.selfAttention({ x, n: words.length, dModel: DEMO.dModel, dK: DEMO.dK, seed: DEMO.seed });
      const a = row(output, DEMO.dK, first),
        b = row(output, DEMO.dK, second);
      return { distance: coreDistance(lab, a, b) };
    };
    const none = outputs('none'),
      sinusoidal = outputs('sinusoidal');
    const arms = h(
      'p',
      {},
      t('distances', {
        word: words[first],
        none: t.number(none.distance, 6),
        sinusoidal: t.number(sinusoidal.distance, 6),
      }),
    );
    const question = choiceQuestion({ onResult, ...localQuestion(QUESTION, t), t });
    host.append(
      h('p', {}, t('intro', { word: words[first], first, second, sentence: text })),
      h('div', { class: 'demo' }, arms),
      question.element,
    );
    return question;
  },
};

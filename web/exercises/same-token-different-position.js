import { h, fmt } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { DEMO, MAX_WORDS, sentenceWords, embedSentence, coreDistance, hiddenUntilAnswered, row } from './common.js';

// What is wrong with the typed sentence, or null. Checked before the core is called: the core refuses an
// empty token list with a RangeError, and more than MAX_WORDS words would be cut without a word.
function sentenceProblem(words) {
  const allowed = `Type 2 to ${MAX_WORDS} words, one of them twice, e.g. “the dog chased the cat”.`;
  if (words.length === 0) return `The sentence is empty. ${allowed}`;
  if (words.length === 1) return `“${words[0]}” is a single word. ${allowed}`;
  if (words.length > MAX_WORDS)
    return `The sentence has ${words.length} words; at most ${MAX_WORDS} are allowed. Shorten it.`;
  return null;
}

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: 'After adding the encoding, the two copies of the word are…',
  options: [
    {
      id: 'a',
      correct: true,
      label: 'different vectors, so attention can tell them apart',
      why:
        'The token embedding is the same, but PE(p) differs for every p, so the sums differ; the distance below, ' +
        'with the encoding, is positive.',
    },
    {
      id: 'b',
      correct: false,
      label: 'still identical, because the word is the same',
      why:
        'The word’s embedding is identical, but each copy gets its own position vector added. Look at the distance ' +
        'below, with the encoding.',
    },
    {
      id: 'c',
      correct: false,
      label: 'different only if the sentence is longer than the wavelength of pair 0',
      why: 'Any two distinct positions get different encodings; no length is needed.',
    },
  ],
};

export default {
  questions: [QUESTION],
  id: 'same-token-different-position',
  title: 'Same token, different position',
  explain: {
    prompt: 'Why do the two occurrences of the same word get different vectors?',
    model:
      'Their token embeddings are identical, but each has a different position vector added, so the sums differ, ' +
      'and attention can tell them apart.',
  },
  mount(host, { lab, onResult, answered = false }) {
    const input = h('input', {
      type: 'text',
      value: 'the dog chased the cat',
      maxlength: 80,
      'aria-label': `Sentence (${MAX_WORDS} words at most)`,
    });
    // Not live: the tables would be re-read on every keystroke. The rows with the encoding answer the
    // question, so they sit below it and appear once it is checked.
    const view = h('div', { class: 'demo' }),
      encodedView = h('div', { class: 'demo-answer' });
    function show() {
      const problem = sentenceProblem(sentenceWords(input.value));
      input.setAttribute('aria-invalid', String(problem !== null));
      encodedView.replaceChildren();
      if (problem) {
        view.replaceChildren(h('p', { class: 'error', role: 'status' }, problem));
        return;
      }
      const plain = embedSentence(lab, input.value, 'none');
      const encoded = embedSentence(lab, input.value, 'sinusoidal');
      const { words, tokens } = plain;
      // The first word that repeats: its later position, and where it appeared first.
      const second = tokens.findIndex((t, i) => tokens.indexOf(t) !== i);
      if (second < 0) {
        view.replaceChildren(h('p', { role: 'status' }, 'Type a sentence in which some word appears twice.'));
        return;
      }
      const firstAt = tokens.indexOf(tokens[second]);
      const pair = (x) => {
        const v = new Float32Array(DEMO.dModel * 2);
        v.set(row(x, DEMO.dModel, firstAt));
        v.set(row(x, DEMO.dModel, second), DEMO.dModel);
        return v;
      };
      const labels = (i) => `“${words[firstAt]}” @ ${i ? second : firstAt}`;
      // The two rows as a table, and their distance from the core: once without, once with the encoding.
      const arm = (caption, x) => [
        matrixTable({ caption, values: pair(x), rows: 2, cols: DEMO.dModel, rowLabel: labels, limit: 3, digits: 2 }),
        h('p', {}, `Distance: ${fmt(coreDistance(lab, row(x, DEMO.dModel, firstAt), row(x, DEMO.dModel, second)), 6)}`),
      ];
      view.replaceChildren(...arm('Token embeddings only', plain.x));
      encodedView.replaceChildren(...arm('Token embeddings + sinusoidal encoding', encoded.x));
    }
    input.addEventListener('input', show);
    show();
    const question = choiceQuestion({
      ...QUESTION,
      onResult: hiddenUntilAnswered([encodedView], { answered, onResult }),
    });
    host.append(
      h(
        'p',
        {},
        `Type a sentence with a repeated word. The core embeds it (seeded embeddings, dModel ${DEMO.dModel}) ` +
          'without the encoding; predict what adding it does, and the rows with it appear below.',
      ),
      h('div', { class: 'control wide' }, h('label', {}, 'Sentence ', input)),
      view,
      question.element,
      encodedView,
    );
    return question;
  },
};

import { h } from '../widgets/dom.js';
import { Heatmap } from '../widgets/heatmap.js';
import { choiceQuestion } from '../widgets/question.js';

const P = 64, D = 32;

export default {
  id: 'learned-embeddings',
  title: 'Learned position tables',
  mount(host, { lab, onResult }) {
    const learned = lab.learnedTable({ maxLen: P, dModel: D, seed: 11 });
    const sinus = lab.sinusoidal({ positions: P, dModel: D });
    const left = h('div', {}, h('h4', {}, `Learned (seeded N(0, 1) start, ${P} × ${D} trainable numbers)`));
    const right = h('div', {}, h('h4', {}, 'Sinusoidal (no trainable numbers)'));
    host.append(h('p', {}, 'A learned table is an embedding indexed by position, as GPT-style models use. Here is one as training would start it, next to the sinusoid.'),
      h('div', { class: 'demo side-by-side' }, left, right));
    new Heatmap(left, { label: 'Learned position table at initialisation', limit: 3 }).update(learned, P, D);
    new Heatmap(right, { label: 'Sinusoidal position table' }).update(sinus, P, D);
    const question = choiceQuestion({ onResult, prompt: 'What is the trade-off between the two?', options: [
      { id: 'a', correct: true, label: 'The learned table costs maxLen × dModel parameters and may fit the data better, but has no row past maxLen; the sinusoid costs nothing and works at any position.',
        why: 'Both halves are visible above: the learned table is just numbers to train (no structure until training gives it some), and the extrapolation exercise shows its lookup failing past its size.' },
      { id: 'b', correct: false, label: 'The learned table is free and extrapolates; the sinusoid must be trained.',
        why: 'Reversed: the sinusoid is a fixed formula with no parameters, and the learned table stops at maxLen.' },
      { id: 'c', correct: false, label: 'They are the same after training, so the choice never matters.',
        why: 'Training may make a learned table smooth, but it still has no rows beyond its size, and it costs parameters.' },
    ] });
    host.append(question.element);
    return question;
  },
};

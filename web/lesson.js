// The lesson page: the explorer, then every exercise in its own <section data-exercise="ID">, with a
// progress bar kept in localStorage and a reset.
import { h } from './widgets/dom.js';
import { exercises } from './exercises/index.js';
import { createProgress } from './progress.js';

// Our own short bridges between exercises, keyed by the exercise they introduce.
const BRIDGES = {
  'mask-order': 'Two warm-ups from the previous lesson first: attention itself.',
  'swap-invariance': 'Attention compares contents. What does it make of word order?',
  'frequency-structure': 'The sinusoidal encoding gives pair k of dimensions its own frequency. How do the pairs differ?',
  'implement-it': 'Time to write the formula yourself.',
  'extrapolation': 'The sinusoid is a formula; a learned table is a lookup. Where does that matter?',
  'conventions': 'Finally, two practical matters: conventions and precision.',
};

function progressBar(progress) {
  const bar = h('progress', { max: 1, value: 0, 'aria-label': 'Exercises answered correctly' });
  const text = h('span', { class: 'progress-text' });
  const reset = h('button', { type: 'button', class: 'secondary' }, 'Reset progress');
  progress.subscribe(({ total, answered, correct }) => {
    bar.max = total;
    bar.value = correct;
    text.textContent = `${correct} of ${total} correct, ${answered} answered`;
  });
  return { element: h('div', { class: 'progress', role: 'region', 'aria-label': 'Lesson progress' }, bar, text, reset), reset };
}

export function mountLesson(main, lab) {
  const progress = createProgress(exercises.map((e) => e.id));
  const bar = progressBar(progress);
  main.before(bar.element);
  const controllers = {};
  for (const exercise of exercises) {
    if (BRIDGES[exercise.id]) main.append(h('p', { class: 'bridge' }, BRIDGES[exercise.id]));
    const headingId = `${exercise.id}-title`;
    const section = h('section', { 'data-exercise': exercise.id, 'aria-labelledby': headingId },
      h('h2', { id: headingId }, exercise.title));
    main.append(section);
    try {
      controllers[exercise.id] = exercise.mount(section, { lab, onResult: (r) => progress.record(exercise.id, r.correct) });
    } catch (error) {
      section.append(h('p', { class: 'error' }, `This exercise could not start: ${error.message}`));
    }
  }
  bar.reset.addEventListener('click', () => {
    progress.reset();
    Object.values(controllers).forEach((c) => c.resetTask());
  });
  return { progress, controllers };
}

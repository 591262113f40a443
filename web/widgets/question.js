// A graded question: a choice among options (radio group) in the order this learner sees them
// (order.js: shuffled per learner, lettered a, b, c…), a Check button, feedback on the chosen option
// (announced through aria-live), and a Show solution button. It implements the question contract
// course platforms know from H5P: getScore, getMaxScore, getAnswerGiven, resetTask, showSolutions.
// `onResult` hears every check, and `{solutionViewed: true}` when the solution is shown; which of
// these is recorded is decided in one place for every exercise (attempts.js, via mount.js).
import { h, uid } from './dom.js';
import { gradeChoice } from '../grading.js';
import { learnerSeed, letter, shuffled } from '../order.js';

let seed;

export function choiceQuestion({ prompt, options, onResult }) {
  seed ??= learnerSeed();
  const name = uid('choice');
  const shown = shuffled(options, seed, prompt);
  const feedback = h('div', { class: 'feedback', 'aria-live': 'polite' });
  const inputs = shown.map((o) => h('input', { type: 'radio', name, value: o.id, id: `${name}-${o.id}` }));
  const fieldset = h(
    'fieldset',
    { class: 'choices' },
    h('legend', {}, prompt),
    shown.map((o, i) =>
      h(
        'div',
        { class: 'choice' },
        inputs[i],
        h('label', { for: inputs[i].id }, h('span', { class: 'letter' }, `${letter(i)}) `), o.label),
      ),
    ),
  );
  let result = null;

  const picked = () => inputs.find((i) => i.checked)?.value;
  const label = (id) => `${letter(shown.findIndex((o) => o.id === id))})`;
  function show(grade, solution = false) {
    feedback.replaceChildren(
      h(
        'p',
        { class: grade.correct ? 'verdict right' : 'verdict wrong' },
        solution ? `Solution: ${label(grade.id)} ` : grade.correct ? 'Right. ' : 'Not quite. ',
        grade.explanation,
      ),
    );
  }
  function check() {
    const answer = picked();
    if (answer === undefined) {
      feedback.replaceChildren(h('p', { class: 'verdict' }, 'Pick an answer first.'));
      return;
    }
    result = { ...gradeChoice(options, answer), id: answer };
    show(result);
    onResult?.({ correct: result.correct, score: result.score, maxScore: result.maxScore, answer: label(answer) });
  }
  const root = h(
    'div',
    { class: 'question', 'data-answer': '' }, // its controls are the answer (web/course/lesson-counts.js)
    fieldset,
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'button', onclick: check }, 'Check'),
      h('button', { type: 'button', class: 'secondary', onclick: () => controller.showSolutions() }, 'Show solution'),
    ),
    feedback,
  );

  const controller = {
    element: root,
    getScore: () => result?.score ?? 0,
    getMaxScore: () => 1,
    getAnswerGiven: () => result !== null,
    resetTask() {
      result = null;
      inputs.forEach((i) => {
        i.checked = false;
      });
      feedback.replaceChildren();
    },
    showSolutions() {
      const right = options.find((o) => o.correct);
      inputs.find((i) => i.value === right.id).checked = true;
      show({ ...gradeChoice(options, right.id), id: right.id }, true);
      onResult?.({ solutionViewed: true, maxScore: 1 });
    },
  };
  return controller;
}

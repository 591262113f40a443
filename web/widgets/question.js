// A graded question: a choice among options (radio group), a Check button, feedback that explains
// why for every option (announced through aria-live), and a Show solution button. It implements the
// question contract course platforms know from H5P: getScore, getMaxScore, getAnswerGiven, resetTask,
// showSolutions; `onResult` hears every check.
import { h, uid } from './dom.js';
import { gradeChoice } from '../grading.js';

export function choiceQuestion({ prompt, options, onResult }) {
  const name = uid('choice');
  const feedback = h('div', { class: 'feedback', 'aria-live': 'polite' });
  const inputs = options.map((o) => h('input', { type: 'radio', name, value: o.id, id: `${name}-${o.id}` }));
  const fieldset = h('fieldset', { class: 'choices' }, h('legend', {}, prompt),
    options.map((o, i) => h('div', { class: 'choice' }, inputs[i], h('label', { for: inputs[i].id }, o.label))));
  let result = null;

  const picked = () => inputs.find((i) => i.checked)?.value;
  function show(grade, solution = false) {
    feedback.replaceChildren(
      h('p', { class: grade.correct ? 'verdict right' : 'verdict wrong' },
        solution ? 'Solution: ' : grade.correct ? 'Right. ' : 'Not quite. ', grade.explanation),
      ...(grade.others ?? []).map((o) => h('p', { class: 'other' }, o)));
  }
  function check() {
    const answer = picked();
    if (answer === undefined) {
      feedback.replaceChildren(h('p', { class: 'verdict' }, 'Pick an answer first.'));
      return;
    }
    result = gradeChoice(options, answer);
    show(result);
    onResult?.({ correct: result.correct, score: result.score, maxScore: result.maxScore, answer });
  }
  const root = h('div', { class: 'question' }, fieldset,
    h('div', { class: 'actions' },
      h('button', { type: 'button', onclick: check }, 'Check'),
      h('button', { type: 'button', class: 'secondary', onclick: () => controller.showSolutions() }, 'Show solution')),
    feedback);

  const controller = {
    element: root,
    getScore: () => result?.score ?? 0,
    getMaxScore: () => 1,
    getAnswerGiven: () => result !== null,
    resetTask() {
      result = null;
      inputs.forEach((i) => { i.checked = false; });
      feedback.replaceChildren();
    },
    showSolutions() {
      const right = options.find((o) => o.correct);
      inputs.find((i) => i.value === right.id).checked = true;
      show({ ...gradeChoice(options, right.id), others: [] }, true);
    },
  };
  return controller;
}

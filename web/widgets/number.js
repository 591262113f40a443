// A graded numeric question: a typed answer checked against a value the core computed, within a
// stated tolerance. The same contract and reporting as widgets/question.js (see mount.js for what is
// recorded).
import { h, uid } from './dom.js';
import { gradeNumber } from '../grading.js';
import { translator } from '../i18n/messages.js';

/**
 * @param options {prompt, expected: number, tolerance: number, explain: () => string (shown once
 *   answered right, or with the solution), onResult}
 */
export function numberQuestion({ prompt, expected, tolerance, explain, onResult, t = translator() }) {
  // Why a typed answer is not right, in the learner's language (grading.js says it in English for the API).
  const why = (grade) =>
    grade.reason === 'notNumber' ? t('number.notNumber') : t(`number.${grade.reason}`, { value: grade.typed });
  const id = uid('number');
  const input = h('input', { id, type: 'text', inputmode: 'decimal', autocomplete: 'off', class: 'number-answer' });
  const feedback = h('div', { class: 'feedback', 'aria-live': 'polite' });
  function verdict(grade, solution = false) {
    const text = solution
      ? t.join(t('verdict.solution'), explain())
      : grade.correct
        ? t.join(t('verdict.right'), explain())
        : t.join(t('verdict.wrong'), why(grade));
    feedback.replaceChildren(h('p', { class: solution || grade.correct ? 'verdict right' : 'verdict wrong' }, text));
  }
  function check() {
    const grade = gradeNumber(input.value, expected, tolerance);
    if (Number.isNaN(grade.value)) {
      feedback.replaceChildren(h('p', { class: 'verdict' }, why(grade)));
      return;
    }
    verdict(grade);
    onResult?.({ correct: grade.correct, score: grade.score, maxScore: 1, answer: String(grade.value) });
  }
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') check();
  });
  const element = h(
    'div',
    { class: 'question', 'data-answer': '' },
    h('label', { for: id, class: 'prompt' }, prompt),
    h('div', { class: 'number-row' }, input),
    h(
      'p',
      { class: 'hint' },
      tolerance === 0 ? t('number.hint.exact') : t('number.hint.tolerance', { tolerance: t.decimal(tolerance) }),
    ),
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'button', onclick: check }, t('button.check')),
      h(
        'button',
        { type: 'button', class: 'secondary', onclick: () => controller.showSolutions() },
        t('button.solution'),
      ),
    ),
    feedback,
  );
  const controller = {
    element,
    getMaxScore: () => 1,
    resetTask() {
      input.value = '';
      feedback.replaceChildren();
    },
    showSolutions() {
      verdict(null, true);
      onResult?.({ solutionViewed: true, maxScore: 1 });
    },
  };
  return controller;
}

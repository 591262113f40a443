// A graded question: a choice among options (radio group) in the order this learner sees them
// (order.js: shuffled per learner, lettered a, b, c…), a Check button, feedback on the chosen option
// (announced through aria-live), and a Show solution button. It implements the question contract
// course platforms know from H5P: getScore, getMaxScore, getAnswerGiven, resetTask, showSolutions.
// `onResult` hears every check, and `{solutionViewed: true}` when the solution is shown; which of
// these is recorded is decided in one place for every exercise (attempts.js, via mount.js).
//
// A question with `prediction: true` asks before the demo that answers it, so it is not graded: its
// check records the letter predicted (maxScore 0, web/records/prediction.js) and locks the choice, and once
// the demo has run (the exercise calls showOutcome()) the learner sees the prediction beside what happened.
//
// Nothing in the DOM names an option: radio values are per-learner opaque values (order.js), and ids
// are numbered in the order shown, so neither the options' ids nor the key can be read from the page.
import { h, uid } from './dom.js';
import { gradeChoice } from '../grading.js';
import { learnerSeed, letter, opaqueValues, shuffled } from '../order.js';
import { translator } from '../i18n/messages.js';

let seed;

/**
 * `restored`: the exercise's record from an earlier visit (mount.js), whose prediction, if any, is shown
 * and stays.
 */
export function choiceQuestion({
  prompt,
  options,
  onResult,
  prediction = false,
  restored = null,
  order = prompt,
  t = translator(),
}) {
  seed ??= learnerSeed();
  const name = uid('choice');
  // `order`: what the shuffle is keyed on, the same in every language (web/i18n/exercise.js: the English
  // prompt it had when languages came), so a learner sees the options in one order whatever the language.
  const shown = shuffled(options, seed, order);
  const values = opaqueValues(
    shown.map((o) => o.id),
    seed,
    order,
  );
  const feedback = h('div', { class: 'feedback', 'aria-live': 'polite' });
  const inputs = shown.map((o, i) => h('input', { type: 'radio', name, value: values[i], id: `${name}-${i}` }));
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

  // The option of a radio value, and the letter the learner sees for an option id.
  const idOf = (value) => shown[values.indexOf(value)]?.id;
  const picked = () => idOf(inputs.find((i) => i.checked)?.value);
  const label = (id) => `${letter(shown.findIndex((o) => o.id === id))})`;
  const right = options.find((o) => o.correct);
  function show(grade, solution = false) {
    feedback.replaceChildren(
      h(
        'p',
        { class: grade.correct ? 'verdict right' : 'verdict wrong' },
        t.join(
          solution
            ? t('verdict.solution.choice', { letter: label(grade.id) })
            : t(grade.correct ? 'verdict.right' : 'verdict.wrong'),
          grade.explanation,
        ),
      ),
    );
  }

  // --- a prediction: recorded, locked, and later shown beside what happened -----------------------
  // The letter predicted (as the learner saw it), or null: none yet, or the solution was shown first.
  let predicted = prediction && typeof restored?.prediction === 'string' ? restored.prediction : null;
  let outcomeShown = false;
  // Closed once predicted or once the solution is shown: a check forced through the locked inputs (by a
  // script, or a devtools edit) changes nothing shown, as attempts.js keeps the record unchanged.
  // The button says it is done (aria-disabled, not disabled: that would drop the focus it has just been
  // pressed with).
  const lock = () => {
    closed = true;
    inputs.forEach((i) => (i.disabled = true));
    checkButton.setAttribute('aria-disabled', 'true');
  };
  const checkButton = h(
    'button',
    { type: 'button', onclick: () => check() },
    t(prediction ? 'button.predict' : 'button.check'),
  );
  let closed = false;
  // A restored record is the prediction, whatever it holds: one whose letter is not known (a migrated record,
  // or the solution shown first) stays closed too, or a "prediction" could be made with the demo open.
  if (prediction && restored !== null) lock();
  const optionAt = (shownLetter) => shown.find((o) => label(o.id) === shownLetter);
  function showPrediction() {
    const o = optionAt(predicted);
    if (!o) return;
    inputs[shown.indexOf(o)].checked = true;
    lock();
    feedback.replaceChildren(
      h('p', { class: 'verdict prediction' }, t('prediction.yours', { letter: predicted, option: o.label })),
    );
  }
  /** Called by the exercise once its demo has shown the answer: the prediction beside what happened. */
  function showOutcome() {
    if (!prediction || outcomeShown || predicted === null) return;
    outcomeShown = true;
    const o = optionAt(predicted);
    feedback.replaceChildren(
      h(
        'p',
        { class: 'verdict prediction' },
        t.join(
          o === right
            ? t('prediction.happened', { letter: predicted })
            : t('prediction.other', {
                letter: predicted,
                option: o.label,
                right: label(right.id),
                rightOption: right.label,
              }),
          right.why,
        ),
      ),
    );
  }

  function check() {
    if (prediction && closed) return;
    const answer = picked();
    if (answer === undefined) {
      feedback.replaceChildren(h('p', { class: 'verdict' }, t('verdict.pick')));
      return;
    }
    if (prediction) {
      predicted = label(answer);
      result = { correct: false, score: 0, maxScore: 0, id: answer };
      showPrediction();
      onResult?.({ prediction: predicted, maxScore: 0 });
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
      checkButton,
      h(
        'button',
        { type: 'button', class: 'secondary', onclick: () => controller.showSolutions() },
        t('button.solution'),
      ),
    ),
    feedback,
  );
  if (predicted !== null) showPrediction();

  const controller = {
    element: root,
    getMaxScore: () => (prediction ? 0 : 1),
    showOutcome,
    resetTask() {
      result = null;
      predicted = null;
      outcomeShown = false;
      closed = false;
      checkButton.removeAttribute('aria-disabled');
      inputs.forEach((i) => {
        i.checked = false;
        i.disabled = false;
      });
      feedback.replaceChildren();
    },
    showSolutions() {
      inputs[shown.indexOf(right)].checked = true;
      if (prediction) lock(); // no prediction after the answer has been shown
      show({ ...gradeChoice(options, right.id), id: right.id }, true);
      onResult?.({ solutionViewed: true, maxScore: prediction ? 0 : 1 });
    },
  };
  return controller;
}

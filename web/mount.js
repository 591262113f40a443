// Mounts one exercise the same way for the lesson page, <pe-exercise> and embed.html: the exercise
// inside its section, wrapped in the recording rules of attempts.js, with a line that tells the learner
// what was recorded. Returns the question contract course platforms call.
import { h, uid } from './widgets/dom.js';
import { createAttempts, describeRecord } from './attempts.js';
import { translator } from './i18n/messages.js';

// "Check" and "Show solution" appear in every exercise: their accessible names say which exercise, so a
// list of the page's buttons tells them apart (the visible text starts the name, as WCAG asks).
const GENERIC = ['button.check', 'button.predict', 'button.solution', 'button.runCompare', 'button.copyLink'];
function nameButtons(section, title, t) {
  const generic = new Set(GENERIC.map((id) => t(id)));
  for (const button of section.querySelectorAll('button'))
    if (generic.has(button.textContent.trim()))
      button.setAttribute('aria-label', t('button.named', { button: button.textContent.trim(), exercise: title }));
}

// Explain it back: the learner writes a few words of their own, then may compare them with a model
// answer. Not graded and not recorded; folded until opened; the model answer stays hidden until something
// is written.
function explainBack({ prompt, model }, title, t) {
  const id = uid('explain');
  const text = h('textarea', { id, rows: 3, class: 'explain-text' });
  const answer = h('p', { class: 'model-answer', hidden: true }, h('strong', {}, t('explain.model')), model);
  const compare = h(
    'button',
    {
      type: 'button',
      class: 'secondary',
      disabled: true,
      'aria-label': t('explain.compareNamed', { exercise: title }), // one per exercise on a page
      onclick: () => {
        answer.hidden = false;
      },
    },
    t('explain.compare'),
  );
  // Five words, or in a language written without spaces (Chinese) ten characters.
  text.addEventListener('input', () => {
    const typed = text.value.trim();
    compare.disabled = typed.split(/\s+/).length < 5 && [...typed.replace(/\s/g, '')].length < 10;
  });
  // Folded: optional, it is opened by whoever wants it, and costs the others no reading.
  return h(
    'details',
    { class: 'explain-back' },
    h('summary', {}, t('explain.summary')),
    h('label', { for: id }, prompt),
    text,
    h('p', { class: 'hint' }, t('explain.hint')),
    h('div', { class: 'actions' }, compare),
    answer,
  );
}

/**
 * @param exercise {id, title, mount, explain?: {prompt, model}}
 * @param section the element to mount into (its heading already in place)
 * @param options {lab, restored?: a record saved earlier, onRecord?: (record) => boolean | void: false when
 *   the record could not be kept (the learner is told), link?: the page's address is the lab's own (a lesson,
 *   embed.html), so a demo may keep its settings there (widgets/link-state.js); never on another site's page}
 */
export function mountExercise(exercise, section, { lab, restored = null, onRecord, link = false }) {
  // The exercise's own translator (web/i18n/exercise.js's localize), or English where it came without one.
  const t = exercise.t ?? translator('en', exercise.id);
  const common = t.in('common');
  section.lang = exercise.lang ?? t.locale;
  section.dir = t.dir;
  const attempts = createAttempts(restored);
  const status = h('p', { class: 'attempt-status' });
  let verdict = null; // the exercise's last feedback region, which the record line joins (below)
  // The record line goes at the end of the verdict it describes, inside its live region: a check is then
  // one announcement (verdict and record), not two. The exercise rewrites its verdict (a check, a reset), so
  // the line is put back whenever it is taken out.
  const placeStatus = () => {
    if (verdict && status.parentNode !== verdict) verdict.append(status);
  };
  const keepStatus = new MutationObserver(placeStatus);
  // The explain-back prompt appears once the exercise is answered, so it cannot hint at the answer: until
  // then it is not in the page at all (a hidden prompt and model answer are still read from the DOM, and
  // a prediction's prompt names what happens). `spot` marks where it goes.
  const explain = exercise.explain ? explainBack(exercise.explain, exercise.title, common) : null;
  const spot = explain ? document.createComment('explain-back') : null;
  const showExplain = () => {
    if (!explain) return;
    if (!attempts.answered()) explain.remove();
    else if (!explain.isConnected) spot.after(explain);
  };
  const onResult = (result) => {
    const event = result.solutionViewed ? attempts.viewSolution(result.maxScore) : attempts.check(result);
    // onRecord answers false when the record was not kept where it belongs (a course platform refused it).
    const kept = event.recorded ? onRecord?.(event.record) !== false : true;
    status.textContent = describeRecord({ ...event, kept }, common);
    placeStatus();
    showExplain();
  };
  // `answered`: a record exists already (an earlier visit), so predict-first demos can start unlocked;
  // `restored`: that record, whose prediction a predict-first question shows again (widgets/question.js).
  // `heading(depth, …children)`: a heading `depth` levels under the exercise's title, whatever level the title
  // has where it is mounted (h1 in an embed, h2 in a lesson), so no level is skipped.
  const title = Number(section.querySelector('h1, h2, h3, h4, h5')?.tagName[1] ?? 2);
  const heading = (depth, ...children) => h(`h${Math.min(6, title + depth)}`, {}, ...children);
  const inner = exercise.mount(section, { lab, onResult, answered: restored !== null, restored, heading, link, t });
  nameButtons(section, exercise.title, common);
  if (restored) status.textContent = describeRecord({ record: restored, practice: true, restored: true }, common);
  // The record line sits under the verdict it describes, not at the end of a long section; an exercise
  // without one has the line at its end, a live region of its own.
  verdict = [...section.querySelectorAll('.feedback[aria-live]')].pop() ?? null;
  if (verdict) {
    placeStatus();
    keepStatus.observe(verdict, { childList: true });
  } else {
    status.setAttribute('role', 'status');
    section.append(status);
  }
  if (spot) section.append(spot);
  showExplain();
  return {
    getScore: () => attempts.score(),
    getMaxScore: () => inner.getMaxScore(),
    getAnswerGiven: () => attempts.answered(),
    /** Clears the learner's inputs; the record stays (later checks are practice). */
    resetTask: () => inner.resetTask(),
    showSolutions: () => inner.showSolutions(),
    /** Starts over: the record is forgotten too (the lesson page's "Reset progress"). */
    forget() {
      attempts.forget();
      inner.resetTask();
      // What shows the answer goes away with the answer: a new first answer is given without it in view.
      for (const part of section.querySelectorAll('[data-until-answered]')) part.hidden = true;
      status.textContent = '';
      showExplain();
    },
    get record() {
      return attempts.record;
    },
  };
}

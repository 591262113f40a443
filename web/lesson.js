// A lesson page's exercises, each in its own <section data-exercise="ID"> after the sentence saying why it is
// there and any card it needs first, with a progress bar of the lesson kept in the site's storage
// (web/storage.js) and a reset, and the lesson's end. (The explorer of lesson 1 is explorer.js; the lesson's
// own words are web/course/.)
// What exercises draw beyond the first screen's controls (styles/controls.css): fetched with this module (the
// bundler loads it before the module resolves), so after the first picture, and before any exercise is shown.
import './styles/exercise.css';
import { h, uid } from './widgets/dom.js';
import { entryMaxScores } from './exercises/catalog.js';
import { createProgress } from './progress.js';
import { mountExercise } from './mount.js';
import { storageNote } from './widgets/storage-note.js';
import { card } from './cards/card.js';
import formulaCard from './cards/formula.js';
import whereCard from './cards/where-it-enters.js';
import { siteStorage } from './storage.js';
import { lessonEnd } from './course/page.js';
import { prose } from './course/prose.js';
import { translator } from './i18n/messages.js';

import { notLoaded } from './exercises/loaders.js';
export { loadExercises } from './exercises/loaders.js'; // the lesson's own exercises (main.js)

// The exposition between exercises (web/cards/), each card placed before the first exercise that needs it.
const CARDS = [whereCard, formulaCard];

// A contents list: every exercise one link away, instead of dozens of tab stops.
function contents(list, t) {
  return h(
    'nav',
    { class: 'contents', id: 'contents', 'aria-label': t('lesson.contents') },
    h(
      'details',
      {},
      h('summary', {}, t('lesson.contentsSummary', { count: list.length })),
      h(
        'ol',
        {},
        list.map((e) => h('li', {}, h('a', { href: `#${e.id}-title` }, e.title))),
      ),
    ),
  );
}

// An exercise's sources, where it uses them.
const readMore = (sources = [], t) =>
  sources.length
    ? h(
        'p',
        { class: 'sources' },
        t('lesson.readMore'),
        sources.map(([text, href], i) => [
          i ? t('lesson.readMoreSeparator') : null,
          h('a', { href, rel: 'noopener' }, text),
        ]),
      )
    : null;

function progressBar(progress, resettable, t) {
  const bar = h('progress', {
    max: 1,
    value: 0,
    'aria-label': t('lesson.progressLabel'),
  });
  const text = h('span', { class: 'progress-text' });
  // Under a course platform the first record is the grade: there is no starting over.
  const reset = resettable ? resetControl(t) : null;
  // Predictions are answered, never right or wrong: "right" counts out of the graded exercises.
  progress.subscribe(({ total, graded, answered, correct }) => {
    bar.max = graded;
    bar.value = correct;
    text.textContent = t('lesson.progress', { correct, graded, answered, total });
  });
  return {
    element: h(
      'div',
      { class: 'progress', role: 'region', 'aria-label': t('lesson.progressRegion') },
      bar,
      text,
      reset?.element,
    ),
    reset,
  };
}

// "Reset progress" asks first, and says what it did: one press must not wipe a lesson's records.
// onConfirm(forget) is called with the function that forgets them, which returns what was forgotten.
function resetControl(t) {
  const button = h('button', { type: 'button', class: 'secondary', 'aria-expanded': 'false' }, t('lesson.reset'));
  const forget = h('button', { type: 'button' }, t('lesson.resetForget'));
  const keep = h('button', { type: 'button', class: 'secondary' }, t('lesson.resetKeep'));
  // The warning describes the group, so a screen reader hears it on entering (focus goes to "Keep them").
  const warningId = uid('reset-warning');
  const question = h(
    'div',
    {
      class: 'reset-confirm',
      role: 'group',
      'aria-label': t('lesson.resetQuestion'),
      'aria-describedby': warningId,
      hidden: '',
    },
    h('p', { id: warningId }, t('lesson.resetWarning')),
    forget,
    keep,
  );
  const said = h('p', { class: 'reset-said', role: 'status' });
  const show = (open) => {
    question.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
  };
  button.addEventListener('click', () => {
    said.textContent = '';
    show(true);
    keep.focus();
  });
  keep.addEventListener('click', () => {
    show(false);
    button.focus();
  });
  question.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') keep.click();
  });
  let onConfirm = () => 0;
  forget.addEventListener('click', () => {
    const count = onConfirm();
    show(false);
    button.focus();
    said.textContent = t('lesson.resetDone', { count });
  });
  return {
    element: h('span', { class: 'reset' }, button, question, said),
    confirmed: (fn) => (onConfirm = fn),
  };
}

// The element the URL's #fragment names, or null. A fragment that is not valid percent-encoding
// (#%, #%zz, a cut UTF-8 sequence such as #%E0%A4%A) names nothing: it is no exercise link.
function linkedElement() {
  if (location.hash.length <= 1) return null;
  try {
    return document.getElementById(decodeURIComponent(location.hash.slice(1)));
  } catch (error) {
    if (error instanceof URIError) return null;
    throw error;
  }
}

// The sections above a linked heading mount after it and grow, and scroll anchoring does not always keep the
// heading where it was: until the learner scrolls or types, or the lesson is ready, it is put back at the top.
function holdInView(target, main, ready) {
  const resized = new ResizeObserver(() => target.scrollIntoView());
  resized.observe(main);
  const moves = ['wheel', 'keydown', 'pointerdown', 'touchstart'];
  const release = () => {
    resized.disconnect();
    for (const type of moves) removeEventListener(type, release);
  };
  for (const type of moves) addEventListener(type, release, { passive: true });
  ready.then(release, release);
}

// At the lesson's end, a way back to the list without scrolling or tabbing back through every exercise; the
// list opens, so the link lands on its entries.
function backToContents(nav, t) {
  const open = () => (nav.querySelector('details').open = true);
  return h(
    'p',
    { class: 'back-to-contents' },
    h('a', { href: '#contents', onclick: open }, t('lesson.backToContents')),
  );
}

/**
 * Lays out every exercise's section of `lesson` (web/course/page.js's lessonById: why it is there, its
 * heading and its place in the progress count) at once, and
 * mounts each exercise — its controls, its computations — only when it is needed: when its section comes
 * near the viewport (IntersectionObserver), or else, one by one in idle time, so that the whole page is
 * there for find-in-page and for anyone who waits (the page calls this once its heatmap is on screen).
 * `ready` resolves when every exercise is mounted (its formulas with it: they are typeset at build time);
 * `controllers` fills as they mount.
 * `list`: the lesson's exercises, loaded (loadExercises(lesson.exercises)).
 * `platform`: a course platform's session (web/platforms/connect.js), which keeps the progress and hears
 * every record; without one the progress is kept in the site's storage (for the visit, where it is denied).
 */
export function mountLesson(main, lab, { lesson, list, platform = null, t = translator() }) {
  // Every exercise's record is kept (the lessons share one store); the lesson counts its own.
  const scores = entryMaxScores();
  const progress = createProgress(scores, platform?.storage, { counted: lesson.exercises });
  // The platform hears the lesson's score now and after every record.
  platform?.track(progress, Object.fromEntries(lesson.exercises.map((id) => [id, scores.get(id)])));
  const bar = progressBar(progress, !platform, t);
  const nav = contents(list, t);
  main.before(nav, bar.element);
  const note = platform ? null : storageNote(siteStorage(), null, t);
  if (note) bar.element.append(note);
  // A course platform that will not keep anything (web/platforms/connect.js) says so before any work.
  if (platform?.problem) main.before(h('p', { class: 'error', role: 'alert' }, platform.problem));
  const controllers = {};
  const waiting = new Map(); // section → exercise, in page order
  for (const exercise of list) {
    for (const c of CARDS) if (c.before === exercise.id) main.append(card(c, t.in('course')));
    if (exercise.why) main.append(h('p', { class: 'bridge', lang: exercise.lang }, prose(exercise.why, t)));
    const headingId = `${exercise.id}-title`;
    const section = h(
      'section',
      { 'data-exercise': exercise.id, id: exercise.id, 'aria-labelledby': headingId }, // #ID links land here
      h('h2', { id: headingId }, exercise.title),
    );
    main.append(section);
    waiting.set(section, exercise);
  }
  main.append(lessonEnd(lesson, { linked: !platform, t: t.in('course') }), backToContents(nav, t));

  let allMounted;
  const ready = new Promise((resolve) => {
    allMounted = resolve;
  });
  // One exercise per task, so that no task of the page's holds the learner up for several mounts: sections
  // that come into view together queue, nearest first (the observer lists them in page order).
  const queued = [];
  let draining = false;
  function drain() {
    const section = queued.shift();
    if (section) mount(section);
    draining = queued.length > 0;
    if (draining) setTimeout(drain, 0);
  }
  function queue(section) {
    if (!queued.includes(section)) queued.push(section);
    if (!draining) {
      draining = true;
      setTimeout(drain, 0);
    }
  }
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => entries.forEach((e) => e.isIntersecting && queue(e.target)), {
          rootMargin: '25% 0px',
        })
      : null;

  function mount(section) {
    const exercise = waiting.get(section);
    if (!exercise) return;
    waiting.delete(section);
    observer?.unobserve(section);
    if (exercise.loadError) section.append(h('p', { class: 'error', role: 'alert' }, notLoaded(exercise, t)));
    else start(exercise, section);
    const more = readMore(exercise.sources, t);
    if (more) section.append(more);
    section.dataset.mounted = 'true';
    if (waiting.size === 0) {
      observer?.disconnect();
      allMounted();
    }
  }
  // One exercise's own controls in its section, or the line saying why it could not start.
  function start(exercise, section) {
    try {
      // Progress keeps each exercise's one record (attempts.js): the first check, or the solution viewed
      // first. A saved record is restored, so a reload does not give a new first attempt.
      controllers[exercise.id] = mountExercise(exercise, section, {
        lab,
        link: !platform, // a platform's launch page is the platform's address
        restored: progress.restored(exercise.id),
        // Answers whether the record was kept: a course platform can refuse it (mount.js then says so).
        onRecord: (record) => {
          progress.record(exercise.id, record);
          return platform ? platform.record(exercise.id, record) : true;
        },
      });
    } catch (error) {
      section.append(h('p', { class: 'error' }, t('lesson.couldNotStart', { reason: error.message })));
    }
  }

  // The fallback: whatever has not come into view is mounted in idle time, top first, one exercise per
  // idle period (a busy page still gets there: each request gives up waiting after 500 ms).
  const idle = (f) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(f, { timeout: 500 }) : setTimeout(f, 50);
  function mountWhenIdle() {
    const next = waiting.keys().next();
    if (next.done) return;
    mount(next.value);
    idle(mountWhenIdle);
  }

  // A link into the lesson (#ID-title) arrived before its section existed, so the browser could not
  // scroll to it: mount that exercise (the reader asked for it) and enough of what follows to fill the
  // screen below its top, so that it can scroll to the top, and go there.
  const target = linkedElement();
  if (target && main.contains(target)) {
    const section = target.closest('section[data-exercise]');
    for (
      let next = section;
      next &&
      (next === section || main.getBoundingClientRect().bottom - target.getBoundingClientRect().top < innerHeight);
      next = next.nextElementSibling
    )
      mount(next);
    target.scrollIntoView();
    holdInView(target, main, ready);
  }

  if (observer) for (const section of waiting.keys()) observer.observe(section);
  idle(mountWhenIdle);

  // Starting the lesson over forgets its records (the only way to answer an exercise afresh).
  bar.reset?.confirmed(() => {
    const { answered } = progress.summary();
    progress.reset();
    Object.values(controllers).forEach((c) => c.forget());
    return answered;
  });
  return { progress, controllers, ready };
}

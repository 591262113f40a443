// embed.html: one exercise, chosen by ?exercise=ID (&theme=light|dark). It tells its host page its
// height after every change (fonts and formulas included, via ResizeObserver) and its results, with an
// xAPI statement. Without a listening host the page simply scrolls.
//
// Its record: kept in the lab origin's storage beside the lesson page's when the browser allows it, and
// handed to the host helper (web/embed/host.js), which keeps it in the course page's storage and hands it
// back on the next visit: across sites a frame usually may keep nothing (web/storage.js).
import { createLab } from 'positional-encoding-lab';
import { entryMaxScores, findEntry, unknownExerciseMessage } from '../exercises/catalog.js';
import { loadExercises, notLoaded } from '../exercises/loaders.js';
import { fromGradedPrediction, isPrediction, rightLetter } from '../records/prediction.js';
import { checkedRecord, createProgress } from '../progress.js';
import { h } from '../widgets/dom.js';
import { mountExercise } from '../mount.js';
import { adoptSeed, learnerSeed } from '../order.js';
import { answeredStatement, anonymousAgent } from '../platforms/xapi.js';
import { loadLab, startedNow } from '../widgets/core-loader.js';
import { storageNote } from '../widgets/storage-note.js';
import { siteStorage } from '../storage.js';
import { loadPageCatalogs, pageLocale } from '../i18n/page.js';
import { translator } from '../i18n/messages.js';
import { dirOf } from '../i18n/locales.js';

const params = new URLSearchParams(location.search);
const asked = params.get('exercise');
// An id merged into another opens that one, and speaks for it: its record and interaction id are the merged one's.
const entry = findEntry(asked);
const name = entry?.id ?? asked;
// The core downloads while the page's words load: without the trainer unless the exercise trains.
const loadCore = entry && startedNow(() => createLab({ training: entry.trains }));
const theme = params.get('theme');
if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;

const post = (message) => {
  if (window.parent !== window) window.parent.postMessage(message, '*');
};

// The xAPI statement posted with every record (web/platforms/xapi.js). Its actor is an anonymous account
// of the lab's, stable per browser (or per course page, whose helper keeps the seed where the frame cannot);
// a host that knows the learner puts them in (connectEmbeds({ actor })).
const page = `${location.origin}${location.pathname}`;
const statement = (exercise, title, record) =>
  answeredStatement({
    actor: anonymousAgent(location.origin, learnerSeed()), // the host's seed, where it handed one over
    activity: `${page}?exercise=${exercise}`,
    title: findEntry(exercise)?.title ?? title, // the English title, and the one the learner saw beside it
    localTitle: title,
    language: document.documentElement.lang,
    record,
    solutionViewedIri: `${page}#solution-viewed`,
    timestamp: new Date().toISOString(),
  });

// The content's height, not the frame's: the root's scrollHeight is never less than the frame's own height,
// so a frame sized by it could grow but never shrink. The body (no margin, embed.css) holds everything.
const contentHeight = () => {
  const body = document.body;
  return Math.ceil(Math.max(body.getBoundingClientRect().height, body.scrollHeight));
};
const resize = () => post({ type: 'pelab:resize', height: contentHeight() });
const root = document.getElementById('exercise');
new ResizeObserver(resize).observe(document.body);
document.fonts?.ready.then(resize);
// The host's answer to our hello: the record it kept for this exercise (or null), and whether it keeps one.
const framed = window.parent !== window;
let welcomed;
const welcome = new Promise((resolve) => {
  welcomed = resolve;
});
const hello = () => post({ type: 'pelab:hello', exercise: name });
let sentResult = null; // the record this frame made on this visit, as it was posted
let laterWelcome = null; // once mounted: what a welcome after the first does (a twin frame's record)
let lastWelcome = null; // the newest welcome, for one that arrives while the frame is still starting
window.addEventListener('message', (event) => {
  if (event.source !== window.parent || event.data === null || typeof event.data !== 'object') return;
  // A host helper that connected after this frame loaded asks for what it missed: the height, the host's
  // record, and the record made here before it listened (it keeps only an exercise's first).
  if (event.data.type === 'pelab:hello') {
    resize();
    hello();
    if (sentResult) post(sentResult);
  } else if (event.data.type === 'pelab:welcome' && event.data.exercise === name) {
    welcomed(event.data);
    lastWelcome = event.data;
    laterWelcome?.(event.data);
  }
});
hello();
// How long a frame with no record of its own waits for a host's before it starts afresh: a helper that
// answers does so within milliseconds; a course page without one never does.
const WELCOME_MS = 400;
const welcomeOrNone = () =>
  framed ? Promise.race([welcome, new Promise((resolve) => setTimeout(() => resolve(null), WELCOME_MS))]) : null;

// The frame's language: ?lang= (a course page asks for its own), else the learner's choice or browser's.
const locale = await loadPageCatalogs(pageLocale(), ['common', 'widgets']);
const t = translator(locale);
document.documentElement.lang = locale;
document.documentElement.dir = dirOf(locale);
if (!entry) {
  root.replaceChildren(h('p', { class: 'error', role: 'alert' }, unknownExerciseMessage(name)));
} else {
  const loading = loadExercises([entry.id], locale); // this exercise's code and words alone, while the core loads
  const lab = await loadLab(root, loadCore, t);
  const [exercise] = await loading;
  document.title = `${exercise.title} — Positional Encoding Lab`;
  if (exercise.loadError) root.replaceChildren(h('p', { class: 'error', role: 'alert' }, notLoaded(exercise, t)));
  else await start(exercise, lab);
}

// The exercise mounted, its record restored from this origin's storage or the host's, and kept.
async function start(exercise, lab) {
  // Records live in this origin's storage beside the lesson page's, so neither a reload nor the same
  // exercise on the lesson page gives a new first attempt; a record that was sent to a host is also kept
  // apart ('pelab:embed-sent:v2'), where the lesson page's "Reset progress" does not reach, so it is never
  // made a second time. Posted once: when the record is made (the first checked attempt, or "solution
  // viewed", score 0, if that came first).
  const progress = createProgress(entryMaxScores());
  const sent = createProgress(entryMaxScores(), siteStorage(), { key: 'pelab:embed-sent:v2' });
  const kept = sent.restored(name) ?? progress.restored(name);
  let controller = null;
  const mount = (restored) => {
    const section = h(
      'section',
      { 'data-exercise': name, 'aria-labelledby': 'title' },
      h('h1', { id: 'title' }, exercise.title),
    );
    root.replaceChildren(section);
    controller = mountExercise(exercise, section, {
      lab,
      link: true,
      restored,
      onRecord: (r) => {
        progress.record(name, r);
        sent.record(name, r);
        sentResult = {
          type: 'pelab:result',
          exercise: name,
          correct: r.correct,
          score: r.score,
          maxScore: r.maxScore,
          solutionViewed: r.solutionViewed,
          ...(r.maxScore === 0 && { prediction: r.prediction }), // a prediction's letter (not graded)
          statement: statement(name, exercise.title, r),
        };
        post(sentResult);
      },
    });
    window.pelabExercise = controller;
  };
  // The host's record, checked as any stored record is (progress.js), restores this one.
  // A course page's helper keeps its records as a frame sent them (pelab:embed-records:v1): one sent while a
  // prediction was still a graded question (maxScore 1) becomes a prediction's by the migration's rule
  // (web/records/migrate.js), for the order this learner sees.
  const fromHost = (answer) => {
    const r =
      checkedRecord(answer?.record, entryMaxScores().get(name)) ??
      (isPrediction(exercise)
        ? fromGradedPrediction(answer?.record, rightLetter(exercise.questions[0], learnerSeed()))
        : null);
    if (!r) return null;
    const { correct, score, maxScore, solutionViewed } = r;
    return maxScore === 0
      ? { correct, score, maxScore, prediction: r.prediction, solutionViewed }
      : { correct, score, maxScore, answer: null, solutionViewed };
  };
  const early = kept ? null : await welcomeOrNone();
  // Where this frame keeps nothing, the host's seed gives the learner the options in the order of last time.
  if (early && !siteStorage().persistent) adoptSeed(early.seed);
  mount(kept ?? fromHost(early));
  // A host that answered late (its script ran after this frame started), or that hands over the record another
  // frame of this exercise just made, restores it, as long as the learner has made none here.
  // A record this frame made that the host did not take as the first (another frame or tab came first)
  // gives way to the host's: the course holds that one.
  const same = (a, b) =>
    a.correct === b.correct &&
    a.score === b.score &&
    a.maxScore === b.maxScore &&
    a.solutionViewed === b.solutionViewed;
  laterWelcome = (answer) => {
    const restored = fromHost(answer);
    if (!restored) return;
    if (controller.record === null || (sentResult && !same(controller.record, restored))) {
      sentResult = null;
      mount(restored);
    }
  };
  welcome.then(laterWelcome);
  if (lastWelcome) laterWelcome(lastWelcome);
  const note = storageNote(siteStorage(), welcome, t);
  if (note) root.after(note);
  document.body.dataset.ready = 'true';
}

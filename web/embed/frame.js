// embed.html: one exercise, chosen by ?exercise=ID (&theme=light|dark). It tells its host page its
// height after every change (fonts and formulas included, via ResizeObserver) and its results, with an
// xAPI statement. Without a listening host the page simply scrolls.
import { createLab } from 'positional-encoding-lab';
import { findExercise, maxScores, unknownExerciseMessage } from '../exercises/index.js';
import { createProgress } from '../progress.js';
import { h } from '../widgets/dom.js';
import { mountExercise } from '../mount.js';
import { typeset } from '../widgets/math.js';
import { learnerSeed } from '../order.js';
import { answeredStatement, anonymousAgent } from '../platforms/xapi.js';

const params = new URLSearchParams(location.search);
const name = params.get('exercise');
const theme = params.get('theme');
if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;

const post = (message) => {
  if (window.parent !== window) window.parent.postMessage(message, '*');
};

// The xAPI statement posted with every record (web/platforms/xapi.js). Its actor is an anonymous account
// of the lab's, stable per browser; a host that knows the learner puts them in (connectEmbeds({ actor })).
const page = `${location.origin}${location.pathname}`;
const actor = anonymousAgent(location.origin, learnerSeed());
const statement = (exercise, title, record) =>
  answeredStatement({
    actor,
    activity: `${page}?exercise=${exercise}`,
    title,
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
// A host helper that connected after this frame loaded asks for the height it missed.
window.addEventListener('message', (event) => {
  if (event.source === window.parent && event.data?.type === 'pelab:hello') resize();
});

const exercise = findExercise(name);
if (!exercise) {
  root.replaceChildren(h('p', { class: 'error', role: 'alert' }, unknownExerciseMessage(name)));
} else {
  document.title = `${exercise.title} — Positional Encoding Lab`;
  const lab = await createLab();
  const section = h(
    'section',
    { 'data-exercise': name, 'aria-labelledby': 'title' },
    h('h1', { id: 'title' }, exercise.title),
  );
  root.replaceChildren(section);
  // Records live in this origin's storage beside the lesson page's, so neither a reload nor the same
  // exercise on the lesson page gives a new first attempt. Posted once: when the record is made (the
  // first checked attempt, or "solution viewed", score 0, if that came first).
  const progress = createProgress(maxScores());
  const controller = mountExercise(exercise, section, {
    lab,
    restored: progress.restored(name),
    onRecord: (r) => {
      progress.record(name, r);
      post({
        type: 'pelab:result',
        exercise: name,
        correct: r.correct,
        score: r.score,
        maxScore: r.maxScore,
        solutionViewed: r.solutionViewed,
        statement: statement(name, exercise.title, r),
      });
    },
  });
  window.pelabExercise = controller;
  await typeset(); // KaTeX loads on first use: ready means the formulas are there too
  document.body.dataset.ready = 'true';
}

// embed.html: one exercise, chosen by ?exercise=ID (&theme=light|dark). It tells its host page its
// height after every change (fonts and formulas included, via ResizeObserver) and its results, with an
// xAPI-shaped statement. Without a listening host the page simply scrolls.
import { createLab } from 'positional-encoding-lab';
import { findExercise, unknownExerciseMessage } from '../exercises/index.js';
import { h } from '../widgets/dom.js';
import { mountExercise } from '../mount.js';
import { typeset } from '../widgets/math.js';

const params = new URLSearchParams(location.search);
const name = params.get('exercise');
const theme = params.get('theme');
if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;

const post = (message) => {
  if (window.parent !== window) window.parent.postMessage(message, '*');
};

/** The xAPI-shaped statement posted with every record; used only here (embed.html is an entry, not a module to import). */
function statement(exercise, title, { correct, score, maxScore, solutionViewed }) {
  return {
    actor: { objectType: 'Agent', name: 'learner' },
    verb: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } },
    object: {
      objectType: 'Activity',
      id: `${location.origin}${location.pathname}?exercise=${exercise}`,
      definition: { name: { 'en-US': title }, type: 'http://adlnet.gov/expapi/activities/cmi.interaction' },
    },
    result: {
      score: { raw: score, min: 0, max: maxScore, scaled: maxScore ? score / maxScore : 0 },
      success: correct,
      completion: true,
      extensions: { [`${location.origin}${location.pathname}#solution-viewed`]: solutionViewed },
    },
    timestamp: new Date().toISOString(),
  };
}

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
  // Posted once: the first checked attempt, or "solution viewed" (score 0) if that came first.
  const controller = mountExercise(exercise, section, {
    lab,
    onRecord: (r) =>
      post({
        type: 'pelab:result',
        exercise: name,
        correct: r.correct,
        score: r.score,
        maxScore: r.maxScore,
        solutionViewed: r.solutionViewed,
        statement: statement(name, exercise.title, r),
      }),
  });
  window.pelabExercise = controller;
  await typeset(); // KaTeX loads on first use: ready means the formulas are there too
  document.body.dataset.ready = 'true';
}

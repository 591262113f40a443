// A lesson page (<body data-lesson="ID">, web/course/outline.js): lay out the lesson's opening words at once,
// and on lesson 1 the explorer while the wasm core loads (showing that it is loading), draw its heatmap, then
// lay out the lesson's exercise sections and mount each exercise as it comes into view (the rest in idle time).
// Marks:
//   pelab:first-heatmap  (lesson 1) the first animation frame after the heatmap was drawn: the frame that
//                        puts its pixels on screen (the benchmark watches the pixels themselves);
//   pelab:ready          every exercise mounted, its formulas with it (also body[data-ready=true]).
import { createLab } from 'positional-encoding-lab';
import { mountExplorer } from './explorer.js';
import { connectPlatform } from './platforms/connect.js';
import { loadFailure } from './widgets/core-loader.js';
import { lessonById, lessonIntro } from './course/page.js';
import { lessonPageWords } from './course/outline.js';
import { lessonTrains } from './exercises/catalog.js';
import { focusFragmentTargets } from './widgets/fragment-links.js';
import { keepOffline, pageName } from './offline/register.js';
import { languageSwitch, startPage } from './i18n/page.js';
import { translateRich, withLocale } from './course/localize.js';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
focusFragmentTargets(); // the skip link, the contents and "Back to the contents" move focus, not only the view
const loading = document.getElementById('loading');
const lesson = lessonById(document.body.dataset.lesson);
// The core downloads and compiles while the page's words load (web/i18n/page.js: the learner's language);
// without the trainer where none of the lesson's exercises trains (a smaller download: lessons 1 and 2).
const loadingLab = createLab({ training: lessonTrains(lesson) });
// The course's words but the other lessons' and the home's (course~<lesson id>), the glossary's term names.
const explorerHost = document.getElementById('explorer'); // lesson 1's
const t = await startPage(lessonPageWords(lesson, { explorer: explorerHost !== null }));
translateRich(document, t);
document.querySelector('.breadcrumb a')?.setAttribute('href', withLocale('index.html', t));
document.querySelector('header').append(languageSwitch(t));
document.querySelector('main').prepend(lessonIntro(lesson, t.in('course')));
// The exercises' code, their own words, each a chunk of its own (exercises/loaders.js: no other lesson's), and
// the rest of the stylesheet (styles/exercise.css, imported by lesson.js). Lesson 1 fetches them once the
// heatmap is on screen, so that neither they nor this stylesheet hold it back; the other lessons, which have
// no explorer, at once (their HTML preloads the code: web/vite.config.js).
function lessonCode() {
  const module = import('./lesson.js');
  const exercises = module.then(({ loadExercises }) => loadExercises(lesson.exercises, t.locale));
  module.catch(() => {}); // reported where they are awaited
  exercises.catch(() => {});
  return { module, exercises };
}
let code = explorerHost ? null : lessonCode();
let coreError = null; // the core's own failure: shown with its URL and a retry (widgets/core-loader.js)
loadingLab.catch((error) => {
  coreError = error;
});

// Each step names itself in the error line, so the line says what failed: the core, the explorer or the
// lesson (an exercise that fails to mount says so in its own section and leaves the rest working).
class StepFailure extends Error {}
async function step(what, work) {
  try {
    return await work();
  } catch (error) {
    throw new StepFailure(`${what}: ${error?.message ?? String(error)}`, { cause: error });
  }
}

try {
  // The explorer's controls and canvas are laid out while the core loads; it draws once the core is there.
  const explorer = explorerHost
    ? await step('The explorer could not start', () => mountExplorer(explorerHost, loadingLab, t.in('explorer')))
    : null;
  explorer?.ready.catch(() => {}); // reported below, after the core's own failure if that came first
  const lab = await step('The WebAssembly core could not start', () => loadingLab);
  if (explorer) await step('The explorer could not draw', () => explorer.ready);
  loading.hidden = true;
  window.pelab = { lab, explorer }; // for the browser tests and the curious
  if (explorer) {
    // The heatmap is drawn as soon as the core is there; the rest waits until the frame showing it has
    // begun (or, should the heatmap never draw, for a canvas without a size, a few seconds).
    const painted = explorer.map.drawn.then(nextFrame).then(() => performance.mark('pelab:first-heatmap'));
    await Promise.race([painted, new Promise((resolve) => setTimeout(resolve, 3000))]);
    await new Promise((resolve) => setTimeout(resolve)); // out of the animation frame, so that it paints now
  }
  code ??= lessonCode();
  const { mountLesson } = await step('The lesson’s code could not load', () => code.module);
  const list = await step('The lesson’s exercises could not load', () => code.exercises);
  // Never fails: an LMS that misbehaves is reported in the page.
  const platform = await connectPlatform(list);
  // Under a course platform the platform moves between lessons: the course home is not in the package.
  if (platform) document.querySelector('.breadcrumb a')?.replaceWith(t.in('course')('site.name'));
  const mounted = await step('The lesson could not start', () =>
    mountLesson(document.getElementById('exercises'), lab, { lesson, list, platform, t }),
  );
  window.pelab.lesson = mounted;
  await step('The lesson’s exercises could not all be mounted', () => mounted.ready);
  performance.mark('pelab:ready');
  document.body.dataset.ready = 'true';
  if (!platform) keepOffline(pageName(), lab.build); // a platform's package is the platform's to keep
} catch (error) {
  if (error instanceof StepFailure && error.cause === coreError) {
    loading.hidden = false;
    loading.replaceChildren(loadFailure(coreError, () => location.reload(), t)); // which URL, why, and a retry
    loading.classList.add('error');
  } else {
    loading.hidden = false;
    loading.textContent = error instanceof StepFailure ? error.message : `The page could not start: ${error?.message}`;
    loading.classList.add('error');
  }
}

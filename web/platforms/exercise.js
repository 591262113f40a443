// One exercise as a course platform's content object: the exercise named by
// <meta name="pelab-exercise"> (written by scripts/package.mjs into each single-exercise package) or
// ?exercise=ID, mounted with the lesson's recording rules (web/mount.js). Its record is kept like the
// lesson page's progress (web/progress.js): in the LMS's suspend data when an LMS launched it
// (web/platforms/connect.js), else in the site's storage (web/storage.js), so a relaunch shows the record
// and checks are practice.
import { createLab } from 'positional-encoding-lab';
import { findEntry, unknownExerciseMessage } from '../exercises/catalog.js';
import { createProgress } from '../progress.js';
import { mountExercise } from '../mount.js';
import { h } from '../widgets/dom.js';
import { connectPlatform } from './connect.js';
import { loadLab, startedNow } from '../widgets/core-loader.js';
import { storageNote } from '../widgets/storage-note.js';
import { siteStorage } from '../storage.js';
import { loadExercises, notLoaded } from '../exercises/loaders.js';
import { loadPageCatalogs, pageLocale } from '../i18n/page.js';
import { translator } from '../i18n/messages.js';
import { dirOf } from '../i18n/locales.js';

const name =
  document.querySelector('meta[name="pelab-exercise"]')?.getAttribute('content') ??
  new URLSearchParams(location.search).get('exercise');
const root = document.getElementById('exercise');
// The catalog names the exercise; only its own code and words are fetched (a package holds every exercise's).
const entry = findEntry(name);
// The core downloads while the page's words load: without the trainer unless the exercise trains.
const loadCore = entry && startedNow(() => createLab({ training: entry.trains }));
// The package's language (scripts/package.mjs --lang), else ?lang=, the kept choice or the browser's.
const locale = await loadPageCatalogs(pageLocale(), ['common', 'widgets']);
const t = translator(locale);
document.documentElement.lang = locale;
document.documentElement.dir = dirOf(locale);
const [exercise] = entry ? await loadExercises([entry.id], locale) : [];
if (!exercise) {
  root.replaceChildren(h('p', { class: 'error', role: 'alert' }, unknownExerciseMessage(name)));
} else if (exercise.loadError) {
  root.replaceChildren(h('p', { class: 'error', role: 'alert' }, notLoaded(exercise, t)));
} else {
  document.title = `${exercise.title} — Positional Encoding Lab`;
  const [lab, platform] = await Promise.all([loadLab(root, loadCore, t), connectPlatform([exercise])]);
  const maxScores = new Map([[exercise.id, entry.maxScore]]); // the catalog's, from the exercise's own data
  const progress = createProgress(maxScores, platform?.storage);
  platform?.track(progress, Object.fromEntries(maxScores));
  const section = h(
    'section',
    { 'data-exercise': exercise.id, 'aria-labelledby': 'title' },
    h('h1', { id: 'title' }, exercise.title),
  );
  // A course platform that will not keep anything (connect.js) says so before any work.
  const problem = platform?.problem ? [h('p', { class: 'error', role: 'alert' }, platform.problem)] : [];
  root.replaceChildren(...problem, section);
  const controller = mountExercise(exercise, section, {
    lab,
    restored: progress.restored(exercise.id),
    // Answers whether the record was kept (mount.js tells the learner when the platform refused it).
    onRecord: (record) => {
      progress.record(exercise.id, record);
      return platform ? platform.record(exercise.id, record) : true;
    },
  });
  const note = platform ? null : storageNote(siteStorage(), null, t); // under an LMS, the LMS keeps the record
  if (note) root.after(note);
  window.pelabExercise = controller;
  document.body.dataset.ready = 'true';
}

// The course home: the lessons in order, each with its time and the learner's progress in it (from the site's
// storage, as the lesson pages keep it), in the learner's language (web/i18n/page.js: ?lang=, an earlier
// choice, the browser's), with the switch between languages. A link into the one-page lesson of earlier
// versions (#ID or #ID-title of an exercise) is sent on to the lesson that now holds that exercise, so no
// course's link breaks.
import { h } from './widgets/dom.js';
import { LESSONS } from './course/outline.js';
import { findEntry, entryMaxScores } from './exercises/catalog.js'; // (no exercise's code on this page)
import { createProgress } from './progress.js';
import { keepOffline, pageName } from './offline/register.js';
import { languageSwitch, startPage } from './i18n/page.js';
import { translateRich, withLocale } from './course/localize.js';

// The lesson page a fragment of the old one-page lesson now lives on, with the fragment to land on (and the
// ?lang= the link asked for), or null.
function movedLink(hash) {
  let name;
  try {
    name = decodeURIComponent(hash.slice(1));
  } catch {
    return null; // not percent-encoding: no exercise link
  }
  const exercise = findEntry(name.replace(/-title$/, ''));
  const lesson = exercise && LESSONS.find((l) => l.exercises.includes(exercise.id));
  if (!lesson) return null;
  const lang = new URLSearchParams(location.search).get('lang');
  return `${lesson.url}${lang ? `?lang=${encodeURIComponent(lang)}` : ''}#${exercise.id}-title`;
}

// What the learner has done in a lesson (its progress summary), in a sentence.
function progressText({ answered, correct, graded, total }, t) {
  if (answered === 0) return t('home.notStarted');
  if (answered === total) return t('home.finished', { correct, graded });
  return t('home.inProgress', { answered, total, correct, graded });
}

const moved = location.hash.length > 1 ? movedLink(location.hash) : null;
if (moved) location.replace(moved);
else {
  // The page's language: its marked HTML rewritten, its catalogs loaded (before a word is laid out).
  const t = (await startPage(['course'])).in('course');
  translateRich(document, t);
  document.querySelector('header').append(languageSwitch(t));
  // Every link to another page of the course keeps the language.
  for (const link of document.querySelectorAll('a[data-keep-lang]'))
    link.setAttribute('href', withLocale(link.getAttribute('href'), t));
  const all = entryMaxScores();
  const list = document.getElementById('lessons');
  LESSONS.forEach((lesson, i) => {
    const summary = createProgress(all, undefined, { counted: lesson.exercises }).summary();
    const title = t('numberedTitle', { number: i + 1, title: t(lesson.titleId) });
    list.append(
      h(
        'li',
        { class: 'lesson-card' },
        h('h3', {}, h('a', { href: withLocale(lesson.url, t) }, title)),
        h('p', {}, t('home.lessonMeta', { minutes: lesson.minutes, exercises: summary.total })),
        h('p', { class: 'progress-text' }, progressText(summary, t)),
      ),
    );
  });
}

document.body.dataset.ready = 'true'; // its lessons listed, in the learner's language
keepOffline(pageName(), 'none'); // the home runs no core: no build is kept for it

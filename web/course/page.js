// A lesson's own words on its page: what the learner will be able to do and what it assumes (at the top,
// laid out before the core loads), and its end: key takeaways, what comes next, sources. Light on purpose:
// no exercise code, so the top of the page is there at once. The words are the course catalog's
// (web/i18n/catalogs/<locale>/course.json; the lesson files hold their ids), in the language of the
// translator `t` each function takes (English unless told: the page loads the course catalog first).
import { h } from '../widgets/dom.js';
import { translator } from '../i18n/messages.js';
import { LESSONS } from './outline.js';
import { prose } from './prose.js';
import { withLocale } from './localize.js';
import sinusoid from './sinusoid.js';
import inPractice from './in-practice.js';
import beyondAbsolute from './beyond-absolute.js';

const TEXTS = { sinusoid, 'in-practice': inPractice, 'beyond-absolute': beyondAbsolute };

// Any translator of the page's language (common's, an exercise's) reads the course catalog.
const course = (t) => (t ?? translator('en')).in('course');

/** Lesson `id`: its outline entry, its words (`text`), its number (1…) and the lesson after it (or null). */
export function lessonById(id) {
  const index = LESSONS.findIndex((l) => l.id === id);
  if (index < 0)
    throw new RangeError(
      `Unknown lesson “${String(id).slice(0, 64)}” (lessons: ${LESSONS.map((l) => l.id).join(', ')})`,
    );
  return { ...LESSONS[index], text: TEXTS[id], number: index + 1, next: LESSONS[index + 1] ?? null };
}

/** "Lesson N: title" of the outline's lesson `lesson` (its `number` 1…), in `t`'s language. */
export const numberedTitle = (lesson, number, t) =>
  course(t)('numberedTitle', { number, title: course(t)(lesson.titleId) });

const sourceList = (sources, t) =>
  h(
    'ul',
    { class: 'sources' },
    sources.map(([id, href]) => h('li', {}, h('a', { href, rel: 'noopener' }, t(id)))),
  );

/** What the lesson lets the learner do and what it assumes. */
export function lessonIntro(lesson, t) {
  t = course(t);
  const { goals, assumes } = lesson.text;
  return h(
    'section',
    { class: 'lesson-intro', 'aria-labelledby': 'lesson-goals-title' },
    h('h2', { id: 'lesson-goals-title' }, t('intro.title')),
    h('p', {}, t('intro.minutes', { minutes: lesson.minutes })),
    h(
      'ul',
      {},
      goals.map((g) => h('li', {}, prose(t(g), t))),
    ),
    assumes ? h('p', { class: 'assumes' }, h('strong', {}, t('intro.assumes')), prose(t(assumes), t)) : null,
  );
}

/**
 * The lesson's end: takeaways, what comes next (a link to the next lesson, or back to the course; `linked`
 * false under a course platform, where the platform moves between lessons) and sources. A link keeps the
 * page's language (?lang=, unless English).
 */
export function lessonEnd(lesson, { linked = true, t } = {}) {
  t = course(t);
  const { takeaways, next, sources } = lesson.text;
  const nextTitle = lesson.next ? numberedTitle(lesson.next, lesson.number + 1, t) : null;
  const onward = lesson.next
    ? linked
      ? h('a', { href: withLocale(lesson.next.url, t) }, nextTitle)
      : nextTitle
    : linked
      ? h('a', { href: withLocale('index.html', t) }, t('end.back'))
      : null;
  return h(
    'section',
    { class: 'lesson-end', id: 'lesson-end', 'aria-labelledby': 'lesson-end-title' },
    h('h2', { id: 'lesson-end-title' }, t('end.takeaways')),
    h(
      'ul',
      {},
      takeaways.map((id) => h('li', {}, prose(t(id), t))),
    ),
    h('h3', {}, t('end.next')),
    h('p', {}, next ? [prose(t(next), t), ' '] : null, onward),
    sources.length ? [h('h3', {}, t('end.sources')), sourceList(sources, t)] : null,
  );
}

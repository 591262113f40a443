// A lesson's own words on its page: what the learner will be able to do and what it assumes (at the top,
// laid out before the core loads), and its end: key takeaways, what comes next, sources. Light on purpose:
// no exercise code, so the top of the page is there at once.
import { h } from '../widgets/dom.js';
import { LESSONS } from './outline.js';
import { prose } from './prose.js';
import sinusoid from './sinusoid.js';
import inPractice from './in-practice.js';
import beyondAbsolute from './beyond-absolute.js';

const TEXTS = { sinusoid, 'in-practice': inPractice, 'beyond-absolute': beyondAbsolute };

/** Lesson `id`: its outline entry, its words (`text`), its number (1…) and the lesson after it (or null). */
export function lessonById(id) {
  const index = LESSONS.findIndex((l) => l.id === id);
  if (index < 0)
    throw new RangeError(
      `Unknown lesson “${String(id).slice(0, 64)}” (lessons: ${LESSONS.map((l) => l.id).join(', ')})`,
    );
  return { ...LESSONS[index], text: TEXTS[id], number: index + 1, next: LESSONS[index + 1] ?? null };
}

const sourceList = (sources) =>
  h(
    'ul',
    { class: 'sources' },
    sources.map(([text, href]) => h('li', {}, h('a', { href, rel: 'noopener' }, text))),
  );

/** What the lesson lets the learner do and what it assumes. */
export function lessonIntro(lesson) {
  const { goals, assumes } = lesson.text;
  return h(
    'section',
    { class: 'lesson-intro', 'aria-labelledby': 'lesson-goals-title' },
    h('h2', { id: 'lesson-goals-title' }, 'In this lesson'),
    h('p', {}, `About ${lesson.minutes} minutes. After it you can:`),
    h(
      'ul',
      {},
      goals.map((g) => h('li', {}, prose(g))),
    ),
    assumes ? h('p', { class: 'assumes' }, h('strong', {}, 'It assumes: '), prose(assumes)) : null,
  );
}

/**
 * The lesson's end: takeaways, what comes next (a link to the next lesson, or back to the course; `linked`
 * false under a course platform, where the platform moves between lessons) and sources.
 */
export function lessonEnd(lesson, { linked = true } = {}) {
  const { takeaways, next, sources } = lesson.text;
  const onward = lesson.next
    ? linked
      ? h('a', { href: lesson.next.url }, `Lesson ${lesson.number + 1}: ${lesson.next.title}`)
      : `Lesson ${lesson.number + 1}: ${lesson.next.title}`
    : linked
      ? h('a', { href: 'index.html' }, 'Back to the course')
      : null;
  return h(
    'section',
    { class: 'lesson-end', id: 'lesson-end', 'aria-labelledby': 'lesson-end-title' },
    h('h2', { id: 'lesson-end-title' }, 'Key takeaways'),
    h(
      'ul',
      {},
      takeaways.map((t) => h('li', {}, prose(t))),
    ),
    h('h3', {}, 'What’s next'),
    h('p', {}, next ? [prose(next), ' '] : null, onward),
    sources.length ? [h('h3', {}, 'Sources'), sourceList(sources)] : null,
  );
}

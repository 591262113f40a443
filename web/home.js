// The course home: the lessons in order, each with its time and the learner's progress in it (from the site's
// storage, as the lesson pages keep it). A link into the one-page lesson of earlier versions (#ID or #ID-title
// of an exercise) is sent on to the lesson that now holds that exercise, so no course's link breaks.
import { h } from './widgets/dom.js';
import { LESSONS } from './course/outline.js';
import { findEntry, entryMaxScores } from './exercises/catalog.js'; // (no exercise's code on this page)
import { createProgress } from './progress.js';
import { keepOffline, pageName } from './offline/register.js';

// The lesson page a fragment of the old one-page lesson now lives on, with the fragment to land on, or null.
function movedLink(hash) {
  let name;
  try {
    name = decodeURIComponent(hash.slice(1));
  } catch {
    return null; // not percent-encoding: no exercise link
  }
  const exercise = findEntry(name.replace(/-title$/, ''));
  const lesson = exercise && LESSONS.find((l) => l.exercises.includes(exercise.id));
  return lesson ? `${lesson.url}#${exercise.id}-title` : null;
}

const moved = location.hash.length > 1 ? movedLink(location.hash) : null;
if (moved) location.replace(moved);
else {
  const all = entryMaxScores();
  const list = document.getElementById('lessons');
  LESSONS.forEach((lesson, i) => {
    const { answered, correct, graded, total } = createProgress(all, undefined, {
      counted: lesson.exercises,
    }).summary();
    list.append(
      h(
        'li',
        { class: 'lesson-card' },
        h('h3', {}, h('a', { href: lesson.url }, `Lesson ${i + 1}: ${lesson.title}`)),
        h('p', {}, `About ${lesson.minutes} minutes · ${total} exercises`),
        h(
          'p',
          { class: 'progress-text' },
          answered === 0
            ? 'Not started.'
            : answered === total
              ? `Finished: ${correct} of ${graded} right at the first attempt.`
              : `${answered} of ${total} answered, ${correct} of ${graded} right at the first attempt.`,
        ),
      ),
    );
  });
}

keepOffline(pageName(), 'none'); // the home runs no core: neither build is kept for it

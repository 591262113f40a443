// How long a lesson takes, counted one way for every lesson (the course issue's rule): the words a
// learner reads before moving on at 150 a minute, 45 s for each graded answer and 20 s for each other
// control the lesson asks the learner to use (a prediction, recorded but not graded, is one such control).
// tests/browser/course.test.mjs counts the three on the rendered page (lesson-counts.js says what is counted)
// and checks the minutes web/course/outline.js states.
export const WORDS_PER_MINUTE = 150;
export const SECONDS_PER_GRADED = 45;
export const SECONDS_PER_CONTROL = 20;

/** Minutes for `words` read, `graded` graded answers given and `controls` other controls used. */
export function lessonMinutes({ words, graded, controls }) {
  return words / WORDS_PER_MINUTE + (graded * SECONDS_PER_GRADED + controls * SECONDS_PER_CONTROL) / 60;
}

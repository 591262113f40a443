// What the minutes rule (web/course/minutes.js) counts on a rendered lesson page, run in the page once every
// exercise is mounted and each graded question has been answered (its solution shown: what a learner reads
// after answering is then on screen):
// - words: the visible text of the page, header and footer included (innerText: nothing hidden, no collapsed
//   <details>, no model answer not asked for, no screen reader's copy of a sentence shown beside it);
// - controls: visible inputs, selects, textareas and buttons outside a graded answer ([data-answer]), except
//   those no learner needs to finish (showing a solution, a data table, a model answer, the explain-back
//   box, resetting progress, copying a link to a demo's settings, the language switch).
// Graded answers are not counted here: each exercise's maxScore (one per point) is, from its data.
// Self-contained (no imports, no outer names), so that a test can run it in the page.
export function lessonCounts(root = document.body) {
  const OPTIONAL = /^(Show solution|Compare with a model answer|Data table|Reset progress|Download|Copy link)/;
  const count = (text) => (text.match(/\S+/g) ?? []).length;
  // A screen reader's copy of a sentence the page shows (.visually-hidden) is read once, not twice; only a
  // rendered one is in the page's innerText (an unrendered element's innerText is its whole textContent).
  const spoken = [...root.querySelectorAll('.visually-hidden')]
    .filter((e) => e.checkVisibility())
    .reduce((n, e) => n + count(e.innerText), 0);
  const words = count(root.innerText) - spoken;
  const controls = [...root.querySelectorAll('input, select, textarea, button')].filter(
    (c) =>
      c.checkVisibility() &&
      !c.closest('[data-answer], .explain-back, .language-switch') &&
      !OPTIONAL.test((c.textContent ?? '').trim()),
  ).length;
  return { words, controls };
}

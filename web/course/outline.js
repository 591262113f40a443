// The course's outline, the one place it is written: its three lessons, each a page of its own, with the
// exercises it holds in order. scripts/build.sh publishes it as course.json at the site root (web/course/
// publish.js adds each exercise's aliases); the course home, the lesson pages, the packages and the tests
// read it. `minutes` is stated here and recomputed from the rendered page by tests/browser/course.test.mjs
// with the rule in web/course/minutes.js. `title` is the English title (course.json, the packages, the tests);
// a page shows the course catalog's message `titleId` (web/i18n/catalogs/<locale>/course.json), in the page's
// language.
export const LESSONS = [
  {
    id: 'sinusoid',
    title: 'Why order needs an encoding, and the sinusoid',
    titleId: 'sinusoid.title',
    url: 'lesson-1.html',
    minutes: 30,
    exercises: [
      'mask-order',
      'attention-equation',
      'swap-invariance',
      'position-in-embeddings',
      'why-positional-encoding',
      'frequency-structure',
      'wavelength-of-a-pair',
      'binary-analogy',
      'relative-offset',
      'clock-hands',
    ],
  },
  {
    id: 'in-practice',
    title: 'In practice',
    titleId: 'in-practice.title',
    url: 'lesson-2.html',
    minutes: 30,
    exercises: [
      'implement-it',
      'same-token-different-position',
      'pipeline',
      'four-properties',
      'norm-of-pe',
      'learned-embeddings',
      'extrapolation',
      'pytorch-module',
      'buffer-vs-parameter',
      'conventions',
      'precision',
    ],
  },
  {
    id: 'beyond-absolute',
    title: 'Beyond absolute',
    titleId: 'beyond-absolute.title',
    url: 'lesson-3.html',
    minutes: 30,
    exercises: ['absolute-vs-relative', 'rope', 'alibi', 'longer-than-trained', 'ntk-base', 'train-it'],
  },
];

/** The catalogs a lesson page loads as it starts (web/main.js; besides common, which every page loads): the
 *  course's words for this lesson, the glossary's term names, the widgets', and the explorer's where the page
 *  holds it. The build lists them per language in the page, for its early script to ask for the learner's
 *  (web/vite.config.js, lessonFirstPath). */
export const lessonPageWords = (lesson, { explorer }) => [
  `course~${lesson.id}`,
  'glossary-terms',
  'widgets',
  ...(explorer ? ['explorer'] : []),
];

// Ids of exercises merged into another: each keeps opening the one it was merged into (embed.html,
// <pe-exercise>, SCORM and H5P), and its records migrate there (web/records/migrate.js).
export const MERGED = new Map([
  ['shifted-dot-product', 'clock-hands'],
  ['closest-offset', 'clock-hands'],
]);

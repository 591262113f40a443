// The words of lesson "beyond-absolute" around its exercises (its exercises and their order: outline.js), as ids
// of the course catalog (web/i18n/catalogs/<locale>/course.json: the English there is the source). Rendered by
// web/course/page.js: goals and assumptions at the top, takeaways, what comes next and sources at the end.
// A message may link a glossary term as [[text|term-id]] or [[term-id]] (web/course/prose.js).
export default {
  goals: [
    'beyond-absolute.goal.1',
    'beyond-absolute.goal.2',
    'beyond-absolute.goal.3',
    'beyond-absolute.goal.4',
    'beyond-absolute.goal.5',
  ],
  assumes: 'beyond-absolute.assumes',
  takeaways: [
    'beyond-absolute.takeaway.1',
    'beyond-absolute.takeaway.2',
    'beyond-absolute.takeaway.3',
    'beyond-absolute.takeaway.4',
    'beyond-absolute.takeaway.5',
  ],
  next: 'beyond-absolute.next',
  // Further reading for the lesson as a whole (the id of its text and its address); the papers its exercises
  // use are cited under each exercise.
  sources: [['beyond-absolute.source.shaw', 'https://arxiv.org/abs/1803.02155']],
};

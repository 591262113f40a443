// The words of lesson "sinusoid" around its exercises (its exercises and their order: outline.js), as ids of
// the course catalog (web/i18n/catalogs/<locale>/course.json: the English there is the source). Rendered by
// web/course/page.js: goals and assumptions at the top, takeaways, what comes next and sources at the end.
// A message may link a glossary term as [[text|term-id]] or [[term-id]] (web/course/prose.js).
export default {
  goals: ['sinusoid.goal.1', 'sinusoid.goal.2', 'sinusoid.goal.3', 'sinusoid.goal.4'],
  assumes: 'sinusoid.assumes',
  takeaways: ['sinusoid.takeaway.1', 'sinusoid.takeaway.2', 'sinusoid.takeaway.3', 'sinusoid.takeaway.4'],
  next: 'sinusoid.next',
  // Each source: the id of its text (common's when every page cites it alike) and its address.
  sources: [
    ['source.vaswani', 'https://arxiv.org/abs/1706.03762'],
    [
      'source.d2l',
      'https://d2l.ai/chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.html',
    ],
  ],
};

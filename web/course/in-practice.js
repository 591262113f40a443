// The words of lesson "in-practice" around its exercises (its exercises and their order: outline.js), as ids of
// the course catalog (web/i18n/catalogs/<locale>/course.json: the English there is the source). Rendered by
// web/course/page.js: goals and assumptions at the top, takeaways, what comes next and sources at the end.
// A message may link a glossary term as [[text|term-id]] or [[term-id]] (web/course/prose.js).
export default {
  goals: ['in-practice.goal.1', 'in-practice.goal.2', 'in-practice.goal.3', 'in-practice.goal.4'],
  assumes: 'in-practice.assumes',
  takeaways: ['in-practice.takeaway.1', 'in-practice.takeaway.2', 'in-practice.takeaway.3', 'in-practice.takeaway.4'],
  next: 'in-practice.next',
  // Each source: the id of its text and its address.
  sources: [
    ['in-practice.source.vaswani', 'https://arxiv.org/abs/1706.03762'],
    [
      'in-practice.source.d2l',
      'https://d2l.ai/chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.html',
    ],
    ['in-practice.source.embedding', 'https://pytorch.org/docs/stable/generated/torch.nn.Embedding.html'],
  ],
};

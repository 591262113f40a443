// The words of lesson "sinusoid" around its exercises (its exercises and their order: outline.js). Rendered by
// web/lesson.js: goals and assumptions at the top, takeaways, what comes next and sources at the end.
// Prose may link a glossary term as [[text|term-id]] or [[term-id]] (web/course/prose.js).
export default {
  goals: [], // "After this lesson you can …": one line each
  assumes: '', // what the learner is expected to know already
  takeaways: [], // one sentence each
  next: '', // what the next lesson adds (the link to it is added by the page)
  sources: [], // [text, href] pairs: further reading for the whole lesson
};

// The words of lesson "sinusoid" around its exercises (its exercises and their order: outline.js). Rendered by
// web/lesson.js: goals and assumptions at the top, takeaways, what comes next and sources at the end.
// Prose may link a glossary term as [[text|term-id]] or [[term-id]] (web/course/prose.js).
export default {
  goals: [
    'explain why [[attention]] without a [[positional-encoding]] cannot tell one word order from another',
    'read the [[sinusoidal-encoding]] formula: which [[dimension-pair]] turns fastest, and a pair’s [[wavelength]]',
    'say what the frequencies give that the raw position integer does not',
    'show that an [[offset]] k is a rotation of each pair, and that PE(p)·PE(p + k) depends on k alone',
  ],
  assumes:
    'Scaled dot-product [[attention]], softmax(QKᵀ/√dₖ)V, and the [[causal-mask]]; the lesson recalls both in two ' +
    'warm-ups.',
  takeaways: [
    'Self-attention weighs every pair of tokens by their vectors alone: without an encoding (or a mask), ' +
      'reordering the tokens only reorders the outputs.',
    'The sinusoidal encoding gives pair k the [[angular-frequency]] 10000^(−2k/d): pair 0 turns fastest, once every ' +
      '2π positions, and each later pair more slowly.',
    'Its values stay in [−1, 1], yet every position gets its own combination; the raw integer p would swamp the ' +
      'token embedding.',
    'Moving k positions rotates pair i by kωᵢ, one linear map for every p, so PE(p)·PE(p + k) depends on the ' +
      '[[offset]] k alone; the distance does not grow steadily with k.',
  ],
  next:
    'Lesson 2 puts the encoding to work: your own implementation, [[learned|learned-embedding]] tables, ' +
    '[[extrapolation]] and the PyTorch module.',
  sources: [
    ['Vaswani et al., Attention Is All You Need, section 3.5', 'https://arxiv.org/abs/1706.03762'],
    [
      'Dive into Deep Learning, section 11.6',
      'https://d2l.ai/chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.html',
    ],
  ],
};

// The words of lesson "in-practice" around its exercises (its exercises and their order: outline.js). Rendered by
// web/lesson.js: goals and assumptions at the top, takeaways, what comes next and sources at the end.
// Prose may link a glossary term as [[text|term-id]] or [[term-id]] (web/course/prose.js).
export default {
  goals: [
    'Write the [[sinusoidal-encoding]] from its formula and add it to [[token embeddings|token-embedding]].',
    'Say what a [[learned position table|learned-embedding]] buys and costs past the training length.',
    'Read a PyTorch positional-encoding module: its shapes and why the table is a [[buffer]].',
    'Tell the conventions of real libraries apart, and say where [[float32]] loses accuracy.',
  ],
  assumes: 'Lesson 1: why [[attention]] needs a [[positional-encoding]], the formula, and an [[offset]] as a rotation.',
  takeaways: [
    'Added to token embeddings, the encoding makes one word at two positions two different vectors.',
    'A learned table has max_len × d_model parameters and no row past max_len; the formula has a vector for every ' +
      'position, but past the training length those values are new to the model ([[extrapolation]]).',
    'In PyTorch the fixed table is a buffer: saved and moved with the model, never trained.',
    'Libraries differ in frequencies and layout: read a checkpoint with its own convention.',
  ],
  next:
    'Lesson 3 puts position inside attention: [[relative-position]], [[rope]] and [[alibi]], and models trained ' +
    'live.',
  sources: [
    ['Vaswani et al. 2017, Attention Is All You Need (section 3.5)', 'https://arxiv.org/abs/1706.03762'],
    [
      'Dive into Deep Learning, 11.6: self-attention and positional encoding',
      'https://d2l.ai/chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.html',
    ],
    ['PyTorch: nn.Embedding', 'https://pytorch.org/docs/stable/generated/torch.nn.Embedding.html'],
  ],
};

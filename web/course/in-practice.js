// The words of lesson "in-practice" around its exercises (its exercises and their order: outline.js). Rendered by
// web/lesson.js: goals and assumptions at the top, takeaways, what comes next and sources at the end.
// Prose may link a glossary term as [[text|term-id]] or [[term-id]] (web/course/prose.js).
export default {
  goals: [
    'Write the [[sinusoidal-encoding]] from its formula and add it to [[token embeddings|token-embedding]].',
    'Say what a [[learned position table|learned-embedding]] buys and costs, and what each encoding gives a ' +
      'position past the training length.',
    'Read a PyTorch positional-encoding module: its shapes, why the table is a [[buffer]], and the silent ' +
      'batch-first mistake.',
    'Tell the conventions real libraries use apart, and say where [[float32]] loses accuracy.',
  ],
  assumes:
    'Lesson 1: why [[attention]] needs a [[positional-encoding]], the formula PE(p, 2k) = sin(pω_k), ' +
    'PE(p, 2k+1) = cos(pω_k) with ω_k = 10000^(−2k/d), and an [[offset]] as a rotation.',
  takeaways: [
    'Added to token embeddings, the encoding makes the same word at two positions two different vectors, and so ' +
      'changes what attention computes for the words around it.',
    'A learned table costs max_len × d_model parameters and has no row past max_len; the formula has no ' +
      'parameters and a vector for every position, though past the training length its values are new to the ' +
      'model ([[extrapolation]] is measured, not promised).',
    'In PyTorch the fixed table is a buffer: saved and moved with the model, never trained.',
    'Libraries differ in frequencies and column layout, so a checkpoint must be read with its own convention.',
  ],
  next:
    'Lesson 3, “Beyond absolute”, puts position inside attention instead: [[relative-position]] encodings, ' +
    '[[rope]] and [[alibi]], and small models trained live to compare them.',
  sources: [
    ['Vaswani et al. 2017, Attention Is All You Need (section 3.5)', 'https://arxiv.org/abs/1706.03762'],
    [
      'Dive into Deep Learning, 11.6: self-attention and positional encoding',
      'https://d2l.ai/chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.html',
    ],
    ['PyTorch: nn.Embedding', 'https://pytorch.org/docs/stable/generated/torch.nn.Embedding.html'],
  ],
};

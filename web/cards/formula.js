// The formula card: the sinusoidal encoding written out with every symbol defined, placed before the first
// exercise that uses it (frequency-structure reads ω_k off it). Its words and formulas are data; lesson.js lays
// it out.
export default {
  id: 'formula-card',
  before: 'frequency-structure',
  title: 'The formula',
  intro:
    'The sinusoidal encoding gives position p a vector of d numbers, one sine and one cosine for each pair of ' +
    'dimensions:',
  // TeX, typeset as MathML, which screen readers read as mathematics.
  formulas: [
    '\\mathrm{PE}(p, 2k) = \\sin(p\\,\\omega_k)',
    '\\mathrm{PE}(p, 2k+1) = \\cos(p\\,\\omega_k)',
    '\\omega_k = \\mathrm{base}^{-2k/d}',
  ],
  symbols: [
    ['p', 'the position of a token in the sequence: 0, 1, 2, …'],
    ['d', 'the model width, d_model: how many numbers each token vector has (even)'],
    ['k', 'the index of a pair of dimensions, from 0 to d/2 − 1; pair k is dimensions 2k and 2k + 1'],
    ['ωₖ', 'the angular frequency of pair k, in radians per position: pair 0 turns fastest (ω₀ = 1)'],
    ['base', '10000 in the paper; the larger it is, the slower the last pairs turn'],
  ],
  note:
    'Many texts write i for the pair (dimensions 2i and 2i + 1). From the offset exercises on, k is the distance ' +
    'between two positions, p and p + k, and the pair is i. This is the paper’s layout, sine and cosine ' +
    'interleaved; lesson 2 compares the layouts libraries use.',
  sources: [
    ['Vaswani et al., Attention Is All You Need, section 3.5', 'https://arxiv.org/abs/1706.03762'],
    [
      'Dive into Deep Learning, section 11.6',
      'https://d2l.ai/chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.html',
    ],
  ],
};

// The formula card: the sinusoidal encoding written out with every symbol defined, placed before the first
// exercise that uses it (frequency-structure reads ω_k off it). Its words are ids of the course catalog
// (web/i18n/catalogs/<locale>/course.json), its formulas TeX; card.js lays it out.
export default {
  id: 'formula-card',
  before: 'frequency-structure',
  title: 'card.formula.title',
  intro: 'card.formula.intro',
  // TeX, typeset as MathML, which screen readers read as mathematics.
  formulas: [
    '\\mathrm{PE}(p, 2k) = \\sin(p\\,\\omega_k)',
    '\\mathrm{PE}(p, 2k+1) = \\cos(p\\,\\omega_k)',
    '\\omega_k = \\mathrm{base}^{-2k/d}',
  ],
  // Each symbol as the formulas write it, and the id of what it means.
  symbols: [
    ['p', 'card.formula.symbol.p'],
    ['d', 'card.formula.symbol.d'],
    ['k', 'card.formula.symbol.k'],
    ['ωₖ', 'card.formula.symbol.omega'],
    ['base', 'card.formula.symbol.base'],
  ],
  note: 'card.formula.note',
  // Each source: the id of its text (common's: every page cites these alike) and its address.
  sources: [
    ['source.vaswani', 'https://arxiv.org/abs/1706.03762'],
    [
      'source.d2l',
      'https://d2l.ai/chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.html',
    ],
  ],
};

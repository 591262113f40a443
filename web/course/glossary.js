// The course's glossary, the one place its terms are defined: lesson prose links a term as [[text|id]] or
// [[id]] (web/course/prose.js), and web/glossary.html lists them all. Kept in alphabetical order of `term`
// (tests/web/glossary.test.mjs checks it), each term written as it reads mid-sentence, since [[id]] shows
// it. Each entry: id (URL-safe, the anchor on glossary.html), term, definition (our own words, plain text),
// optional see (other ids) and source ([text, href]: where the term comes from).
const VASWANI = ['Vaswani et al., Attention Is All You Need (2017)', 'https://arxiv.org/abs/1706.03762'];
const PYTORCH_MODULE = ['PyTorch, torch.nn.Module', 'https://pytorch.org/docs/stable/generated/torch.nn.Module.html'];

export const GLOSSARY = [
  {
    id: 'alibi',
    term: 'ALiBi',
    definition:
      'Attention with Linear Biases: the embeddings carry no position at all; instead each head subtracts ' +
      'm·(i − j) from the score of query i for key j before the softmax, with a fixed slope m per head. The ' +
      'penalty grows with the distance between the two tokens, so it depends on their offset only.',
    see: ['relative-position', 'length-generalization', 'causal-mask'],
    source: ['Press, Smith and Lewis, Train Short, Test Long (2022)', 'https://arxiv.org/abs/2108.12409'],
  },
  {
    id: 'angular-frequency',
    term: 'angular frequency',
    definition:
      'How fast the angle of a dimension pair turns, in radians per position: pair k of the sinusoidal ' +
      'encoding has ωₖ = base^(−2k/d). Pair 0 turns by one radian per position, and each later pair turns ' +
      'more slowly than the one before, by the factor base^(−2/d).',
    see: ['wavelength', 'dimension-pair', 'base'],
  },
  {
    id: 'attention',
    term: 'attention',
    definition:
      'softmax(QKᵀ/√dₖ)·V: each query is compared with every key by a dot product, the scaled scores become ' +
      'weights through a softmax, and the output is the weighted average of the values. Q, K and V are linear ' +
      'maps of the same input vectors, so nothing in this computation refers to where a vector sits.',
    see: ['softmax', 'permutation-invariance', 'causal-mask'],
    source: VASWANI,
  },
  {
    id: 'base',
    term: 'base',
    definition:
      'The constant in the frequencies ωₖ = base^(−2k/d) of the sinusoidal encoding, 10000 in the original ' +
      'paper (RoPE uses a constant of the same kind). A larger base makes the last pairs turn more slowly, ' +
      'so the longest wavelength, 2π·base^((d − 2)/d), grows with it.',
    see: ['angular-frequency', 'wavelength'],
  },
  {
    id: 'buffer',
    term: 'buffer',
    definition:
      'In PyTorch, a tensor a module holds with register_buffer: it follows the module to a device and is saved ' +
      'in its ' +
      'state_dict (unless registered with persistent=False), but it is not among module.parameters(), so an ' +
      'optimiser built from those never changes it. The sinusoidal table is computed, not learned, which is ' +
      'why it is kept as a buffer.',
    see: ['parameter'],
    source: PYTORCH_MODULE,
  },
  {
    id: 'causal-mask',
    term: 'causal mask',
    definition:
      'A mask that sets the score of every key after the query to −∞ before the softmax, so the token at ' +
      'position i attends only to positions 0 … i (the others get weight exactly 0). Decoders that predict the ' +
      'next token use it; it also makes each output depend on which tokens come before it, so a masked model ' +
      'is no longer blind to order.',
    see: ['attention', 'softmax', 'nope'],
  },
  {
    id: 'cls-token',
    term: 'CLS token',
    definition:
      'An extra token put at the start of every sequence, at position 0, whose output vector alone is used ' +
      'for a decision about the whole sequence, such as its class. BERT names it [CLS]; the alternative is to ' +
      'average all the outputs (mean pooling).',
    see: ['mean-pooling'],
    source: ['Devlin et al., BERT (2019), section 3', 'https://arxiv.org/abs/1810.04805'],
  },
  {
    id: 'd-model',
    term: 'd_model',
    definition:
      'The width of the model: how many numbers each token vector holds, written d or d_model. A positional ' +
      'encoding that is added to the token embeddings must have the same width, and the sinusoidal one needs ' +
      'it even: one sine and one cosine per dimension pair.',
    see: ['token-embedding', 'dimension-pair'],
  },
  {
    id: 'dimension-pair',
    term: 'dimension pair',
    definition:
      'The two dimensions of the sinusoidal encoding that hold sin(p·ωₖ) and cos(p·ωₖ) of one angle: 2k and ' +
      '2k + 1 in the paper’s interleaved layout. Together they are a point on the unit circle that turns by ' +
      'ωₖ per position, so moving every position by the same amount rotates each pair by a fixed angle.',
    see: ['angular-frequency', 'interleaved-layout', 'halves-layout', 'relative-position'],
  },
  {
    id: 'extrapolation',
    term: 'extrapolation',
    definition:
      'Using positions beyond the longest sequence seen in training. A formula such as the sinusoid has a ' +
      'value at every position, so it can be computed there, while a learned table has no row past its last ' +
      'one; whether the model makes good use of the new positions is a separate, measured question.',
    see: ['length-generalization', 'learned-embedding', 'sinusoidal-encoding'],
  },
  {
    id: 'float32',
    term: 'float32',
    definition:
      'The 32-bit IEEE 754 floating-point number, with a 24-bit significand. The gap between neighbouring ' +
      'float32 values doubles at each power of two, so for a large position the angle p·ω is rounded ' +
      'coarsely before sin or cos is ever called; computing it in float64 keeps far more of its digits.',
    see: ['angular-frequency'],
  },
  {
    id: 'halves-layout',
    term: 'halves layout',
    definition:
      'The arrangement that puts all the sines first and all the cosines after: dimension k holds sin(p·ωₖ) ' +
      'and dimension d/2 + k holds cos(p·ωₖ). It holds the same numbers as the interleaved layout with the ' +
      'dimensions in another order, so a model trained with one layout reads the other as a different ' +
      'encoding.',
    see: ['interleaved-layout', 'dimension-pair'],
  },
  {
    id: 'interleaved-layout',
    term: 'interleaved layout',
    definition:
      'The original paper’s arrangement: sines in the even dimensions and cosines in the odd ones, so pair k ' +
      'sits in dimensions 2k and 2k + 1. RoPE implementations also differ in this way, rotating either ' +
      'neighbouring dimensions or the two halves of the vector.',
    see: ['halves-layout', 'dimension-pair', 'rope'],
    source: VASWANI,
  },
  {
    id: 'learned-embedding',
    term: 'learned position embedding',
    definition:
      'A positional encoding that is a trainable table: one vector of d_model numbers for each position up to ' +
      'a fixed maximum, added to the token embeddings and updated by training like any other weight (BERT and ' +
      'GPT-2 use one). A row whose position never occurs in training keeps its initial values, and there is ' +
      'no row past the end of the table.',
    see: ['parameter', 'extrapolation', 'sinusoidal-encoding'],
  },
  {
    id: 'length-generalization',
    term: 'length generalization',
    definition:
      'Whether a model trained on sequences up to some length still does well on longer ones. It is a ' +
      'property of the trained model, found by measuring: an encoding that can be computed at every position ' +
      'does not guarantee it, and the ALiBi authors measured sinusoidal models degrading soon past their ' +
      'training length.',
    see: ['extrapolation', 'alibi'],
    source: ['Press, Smith and Lewis, Train Short, Test Long (2022)', 'https://arxiv.org/abs/2108.12409'],
  },
  {
    id: 'mean-pooling',
    term: 'mean pooling',
    definition:
      'Summarising a sequence by the average of its output vectors. An average does not depend on the order ' +
      'of what it averages, so on top of attention with no positional information the whole model gives the ' +
      'same answer for a sequence and any reordering of it.',
    see: ['cls-token', 'permutation-invariance'],
  },
  {
    id: 'nope',
    term: 'NoPE',
    definition:
      'No positional encoding: a transformer given only its token embeddings. Without a mask its attention ' +
      'cannot tell one order of the tokens from another; with a causal mask each position sees a different ' +
      'prefix, and decoder-only language models trained this way have been found to learn positional ' +
      'information anyway.',
    see: ['causal-mask', 'permutation-invariance'],
    source: [
      'Haviv et al., Transformer Language Models without Positional Encodings Still Learn Positional ' +
        'Information (2022)',
      'https://arxiv.org/abs/2203.16634',
    ],
  },
  {
    id: 'offset',
    term: 'offset',
    definition:
      'The distance between two positions, k = p₂ − p₁. In the sinusoidal encoding, going from position p to ' +
      'p + k turns every dimension pair by k times its own angular frequency, whatever p is; a relative ' +
      'scheme makes attention depend on k rather than on the two positions.',
    see: ['relative-position', 'dimension-pair'],
  },
  {
    id: 'parameter',
    term: 'parameter',
    definition:
      'A tensor training updates: in PyTorch an nn.Parameter, listed by module.parameters() and saved in the ' +
      'state_dict. A learned position table is one; registering the sinusoidal table as one would let the ' +
      'optimiser change values that are meant to stay fixed.',
    see: ['buffer', 'learned-embedding'],
    source: PYTORCH_MODULE,
  },
  {
    id: 'permutation-invariance',
    term: 'permutation invariance',
    definition:
      'A function is permutation-invariant when reordering its inputs leaves its output unchanged, and ' +
      'permutation-equivariant when reordering its inputs reorders its outputs the same way. Attention with no ' +
      'mask and no positional information is equivariant: swap two tokens and their two outputs swap, every ' +
      'other output unchanged.',
    see: ['attention', 'mean-pooling', 'positional-encoding'],
  },
  {
    id: 'positional-encoding',
    term: 'positional encoding',
    definition:
      'Any way of giving a transformer the position of each token, which attention alone does not see. ' +
      'Absolute schemes add a vector for each position to the token embeddings (sinusoidal, learned); relative ' +
      'schemes change the attention scores according to the offset between query and key (RoPE, ALiBi).',
    see: ['sinusoidal-encoding', 'learned-embedding', 'relative-position', 'nope'],
  },
  {
    id: 'relative-position',
    term: 'relative position',
    definition:
      'Position given as the offset between two tokens rather than where each one sits. A scheme is relative ' +
      'when the score of a query and a key depends on their positions only through the offset, as in RoPE and ' +
      'ALiBi; the sinusoid is absolute, though PE(p + k) is a rotation of PE(p) that depends on k alone, which a ' +
      'model may learn to use.',
    see: ['offset', 'rope', 'alibi'],
  },
  {
    id: 'rope',
    term: 'RoPE',
    definition:
      'Rotary position embedding: rather than adding a vector, it rotates each dimension pair of every query ' +
      'and key by an angle proportional to the token’s position. Rotations compose, so the dot product of a ' +
      'query at position m with a key at position n depends on the positions only through n − m; the values ' +
      'are not rotated.',
    see: ['relative-position', 'dimension-pair', 'interleaved-layout'],
    source: ['Su et al., RoFormer (2021)', 'https://arxiv.org/abs/2104.09864'],
  },
  {
    id: 'sinusoidal-encoding',
    term: 'sinusoidal encoding',
    definition:
      'The fixed encoding of the original transformer: PE(p, 2k) = sin(p·ωₖ) and PE(p, 2k + 1) = cos(p·ωₖ), ' +
      'with ωₖ = base^(−2k/d), added to the token embeddings. Nothing in it is learned, and it has a value at ' +
      'every position.',
    see: ['dimension-pair', 'angular-frequency', 'base', 'positional-encoding'],
    source: VASWANI,
  },
  {
    id: 'softmax',
    term: 'softmax',
    definition:
      'softmax(x)ᵢ = e^(xᵢ) / Σⱼ e^(xⱼ): turns a row of scores into positive weights that sum to 1, larger ' +
      'scores getting larger weights, and a score of −∞ getting weight exactly 0. Permuting the scores ' +
      'permutes the weights the same way, so it knows nothing of order either.',
    see: ['attention', 'causal-mask'],
  },
  {
    id: 'token-embedding',
    term: 'token embedding',
    definition:
      'The learned vector of d_model numbers a model looks up for each token of its vocabulary. The same token ' +
      'gets the same vector wherever it occurs, so an absolute positional encoding is added to it, entry by ' +
      'entry, to make copies at different positions differ.',
    see: ['d-model', 'positional-encoding'],
  },
  {
    id: 'wavelength',
    term: 'wavelength',
    definition:
      'How many positions a dimension pair takes to complete one full turn: λₖ = 2π/ωₖ = 2π·base^(2k/d). ' +
      'Pair 0’s is 2π positions, and each later pair’s is longer by the factor base^(2/d), up to ' +
      '2π·base^((d − 2)/d) for the last pair.',
    see: ['angular-frequency', 'base'],
  },
];

const BY_ID = new Map(GLOSSARY.map((t) => [t.id, t]));

/** The glossary entry with this id; throws on an unknown id, so a broken link fails a test, not a reader. */
export function glossaryTerm(id) {
  const term = BY_ID.get(id);
  if (!term) throw new Error(`glossary: no term with id "${id}"`);
  return term;
}

/** The page and anchor a term's links point to. */
export const glossaryHref = (id) => `glossary.html#${id}`;

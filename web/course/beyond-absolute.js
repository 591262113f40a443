// The words of lesson "beyond-absolute" around its exercises (its exercises and their order: outline.js). Rendered by
// web/lesson.js: goals and assumptions at the top, takeaways, what comes next and sources at the end.
// Prose may link a glossary term as [[text|term-id]] or [[term-id]] (web/course/prose.js).
export default {
  goals: [
    'Tell an absolute encoding from one that gives [[attention]] only the ' +
      '[[relative position|relative-position]] of two tokens.',
    'Say how [[RoPE|rope]] turns queries and keys, and what goes wrong when a model meets the other layout.',
    'Work out the bias [[ALiBi|alibi]] adds for a head and a distance.',
    'Say how position interpolation, NTK-aware scaling and YaRN change RoPE’s frequencies to read past the ' +
      'training length, and test which keeps a trained model’s accuracy.',
    'Predict which ways of giving position let a small model learn word order, then check it by training.',
  ],
  assumes:
    'Lessons 1 and 2: [[attention]] and the [[causal mask|causal-mask]], the ' +
    '[[sinusoidal table|sinusoidal-encoding]] and why PE(p)·PE(p + k) depends on k alone, and ' +
    '[[learned tables|learned-embedding]] and their [[extrapolation]].',
  takeaways: [
    'A table added to the embeddings reaches the scores mixed with the tokens, so moving a sentence changes its ' +
      'weights; with RoPE and ALiBi, position enters each score only as the offset.',
    'RoPE has no weights of its own, so a checkpoint loads under either layout; the wrong one pairs other ' +
      'dimensions and gives other scores, without an error.',
    'ALiBi subtracts slope·|i − j| in each head, with slopes from a geometric sequence; its two-sided form is the ' +
      'same for a sequence and its reverse.',
    'Past its training length a RoPE model meets angles it never trained on; the stretching methods divide the ' +
      'slow pairs’ frequencies by up to s so that a sequence s times longer turns within the trained range, and ' +
      'they differ in what they do to the pairs between the fastest and the slowest.',
    'Order can reach a model through an encoding, the [[causal mask|causal-mask]] or a token at a fixed place such ' +
      'as [[CLS|cls-token]]; a model that computes the same for a sequence and its reverse cannot beat chance on a ' +
      'task whose answer reversing flips.',
  ],
  next:
    'Where to go from here: the papers cited in “Longer than trained”, which measure these methods on language ' +
    'models, and the rope_scaling entry of a checkpoint’s config, which names the one a model was stretched with.',
  // Further reading for the lesson as a whole; the papers its exercises use are cited under each exercise.
  sources: [
    [
      'Shaw, Uszkoreit and Vaswani (2018), Self-Attention with Relative Position Representations',
      'https://arxiv.org/abs/1803.02155',
    ],
  ],
};

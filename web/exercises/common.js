// Pieces the exercises share: a demo sentence turned into token ids, the model sizes the demos use,
// and the control builders (re-exported from widgets/controls.js).
export { slider, select } from '../widgets/controls.js';

export const DEMO = { dModel: 16, dK: 8, seed: 7 };

/** The lesson's PyTorch PositionalEncoding module as it is written (../shared/lesson): its sizes. */
export const TORCH_MODULE = { dModel: 512, maxLen: 5000, dropout: 0.1 };

/** The most words a demo sentence embeds (tokenize drops the rest). */
export const MAX_WORDS = 12;

/** A sentence's words, lower-cased, all of them. */
export const sentenceWords = (text) => text.toLowerCase().split(/\s+/).filter(Boolean);

/** Words → ids (first appearance order), so equal words share an id. */
export function tokenize(text) {
  const words = sentenceWords(text).slice(0, MAX_WORDS);
  const vocabulary = [];
  const tokens = words.map((w) => {
    if (!vocabulary.includes(w)) vocabulary.push(w);
    return vocabulary.indexOf(w);
  });
  return { words, tokens, vocabSize: Math.max(vocabulary.length, 2) };
}

/** A sentence embedded for the demos: token embeddings plus the chosen encoding (core computed). */
export function embedSentence(lab, text, encoding = 'sinusoidal') {
  const t = tokenize(text);
  return {
    ...t,
    x: lab.embed({ tokens: t.tokens, vocabSize: t.vocabSize, dModel: DEMO.dModel, seed: DEMO.seed, encoding }),
  };
}

/** The largest |a[i] − b[i]| of two arrays the core returned (0 for empty ones). */
export const maxAbsDifference = (a, b) => a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i])), 0);

/** Row i of a row-major matrix. */
export const row = (matrix, width, i) => matrix.subarray(i * width, (i + 1) * width);

/** Euclidean distance between two rows, computed by the core's distance matrix. */
export function coreDistance(lab, a, b) {
  const table = new Float32Array(a.length * 2);
  table.set(a, 0);
  table.set(b, a.length);
  return lab.distanceMatrix({ table, rows: 2, dModel: a.length })[1];
}

/**
 * Parts of a section that would give its answer away stay hidden until the question is checked or its
 * solution shown (or was answered on an earlier visit: `answered`), and so do the sentences `explain` says
 * (a plot's explain(): where it shows the answer). Returns the onResult to give the question, which
 * reveals them and then reports.
 */
export function hiddenUntilAnswered(parts, { answered = false, onResult, explain }) {
  for (const part of parts) {
    part.hidden = !answered;
    part.dataset.untilAnswered = ''; // hidden again when the learner starts over (mount.js's forget)
  }
  if (answered) explain?.();
  return (result) => {
    for (const part of parts) part.hidden = false;
    explain?.();
    onResult?.(result);
  };
}

// What the train-it page reads and says: typed sequences to token ids, and the sentences it builds from
// the worker's numbers. Pure functions, tested in tests/web/train-it.test.mjs.
import { fmt } from '../widgets/dom.js';
import { ARMS, MODEL } from './train-arms.js';

export const [TRAIN_MIN, TRAIN_MAX] = MODEL.trainLength;

/** Filler letters, token ids 3–7; A is token 1 and B token 2 (0 is the CLS token, unused here). */
export const FILLERS = ['v', 'w', 'x', 'y', 'z'];
const LETTERS = ['CLS', 'A', 'B', ...FILLERS];

/**
 * A typed sequence → {tokens, letters} or {error}: letters A, B and the fillers, in any case, with or
 * without spaces or commas between them; exactly one A and one B (the task's sequences), at most
 * `maxLength` tokens (the longest the models take).
 */
// A character as an error quotes it: one that shows, in quotes; one that does not (a zero-width space, a
// control character, a combining mark alone), by its code point, so that the learner can find it.
const quoted = (c) =>
  /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(c)
    ? `“${c}”`
    : `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')} (a character that does not show)`;

export function parseSequence(text, maxLength = MODEL.maxEvalLength) {
  const chars = [...String(text)].filter((c) => !/[\s,]/u.test(c));
  if (chars.length === 0) return { error: 'Type a sequence, for example x x A x B x.' };
  const tokens = [];
  for (const c of chars) {
    const id = LETTERS.indexOf(c.length === 1 && /[ab]/i.test(c) ? c.toUpperCase() : c.toLowerCase());
    if (id < 1) return { error: `${quoted(c)} is not a token here: use A, B and the fillers ${FILLERS.join(', ')}.` };
    tokens.push(id);
  }
  const a = tokens.filter((t) => t === 1).length,
    b = tokens.filter((t) => t === 2).length;
  if (a !== 1 || b !== 1)
    return {
      error: `The task’s sequences hold exactly one A and one B; this one has ${a} A and ${b} B.`,
    };
  if (tokens.length > maxLength)
    return { error: `At most ${maxLength} tokens (the longest the models take); this one has ${tokens.length}.` };
  return { tokens, letters: tokens.map((t) => LETTERS[t]) };
}

/** How far from 0.5 a probability must be before the page calls the model's answer right or wrong. */
export const UNSURE = 0.1;

/** The end of the answer line: right or wrong, unless P is within UNSURE of a coin flip. */
export function verdict(probability, aFirst) {
  if (Math.abs(probability - 0.5) < UNSURE)
    return `but a P within ${UNSURE} of 0.5 is close to a coin flip: the model gives no clear answer here.`;
  return `so its answer is ${probability > 0.5 === aFirst ? 'right' : 'wrong'}.`;
}

/** With `samples` fair coin flips, the accuracy stays within this of 0.5 about 95% of the time (2 sd). */
export const chanceBand = (samples) => 2 * Math.sqrt(0.25 / samples);

/** "0.48–0.52", or one figure when both ends round alike. */
export function range(values) {
  const lo = Math.min(...values),
    hi = Math.max(...values);
  return fmt(lo, 2) === fmt(hi, 2) ? fmt(lo, 2) : `${fmt(lo, 2)}–${fmt(hi, 2)}`;
}

/** ALiBi's slopes as the arm's description gives them: 1/16 and 1/256, or 4 figures when no 1/n. */
export function slopesText(slopes) {
  const text = Array.from(slopes, (s) => (Number.isInteger(1 / s) ? `1/${1 / s}` : s.toPrecision(4)));
  return text.length < 2 ? text.join('') : `${text.slice(0, -1).join(', ')} and ${text.at(-1)}`;
}

/** What the worker's count of trained rows ({total, trained}) means for the learned table. */
export const learnedRowsNote = ({ total, trained }) =>
  `The learned table has ${total} rows; training has reached ${trained} of them, so the rows for positions ` +
  `${trained} and up still hold their random initial values. One seed, one run: another seed gives other numbers.`;

/** One line per arm of the extrapolation chart: its accuracy at the training lengths, past them, at the last. */
export function extrapolationLine(name, lengths, accuracies) {
  const inside = accuracies.filter((_, i) => lengths[i] <= TRAIN_MAX);
  const past = accuracies.filter((_, i) => lengths[i] > TRAIN_MAX);
  const last = lengths.length - 1;
  return (
    `${name}: ${range(inside)} at the training lengths, ${range(past)} past them ` +
    `(${fmt(accuracies[last], 2)} at length ${lengths[last]}).`
  );
}

/**
 * A sentence on the arms whose accuracy past the training lengths is further below 0.5 than chance explains
 * (more than chanceBand below), or '' when there are none.
 */
export function belowChance(lengths, samples, arms) {
  const band = chanceBand(samples);
  const low = ARMS.map((a) => ({
    name: a.name,
    points: lengths
      .map((length, i) => ({ length, accuracy: arms[a.id][i] }))
      .filter((p) => p.length > TRAIN_MAX && p.accuracy < 0.5 - band),
  })).filter((a) => a.points.length);
  if (!low.length) return '';
  const listed = low
    .map((a) => `${a.name} (${a.points.map((p) => `${fmt(p.accuracy, 3)} at length ${p.length}`).join(', ')})`)
    .join('; ');
  return (
    `Below chance: ${listed}. A model that guessed would stay within ${fmt(band, 3)} of 0.5 about 95% of the ` +
    `time with ${samples} sequences, so these are not bad luck: at those lengths each of these models answers ` +
    'more than half of the sequences the wrong way round. ' +
    `A rule that fits lengths ${TRAIN_MIN}–${TRAIN_MAX} need not hold past them, and can hold in reverse there; ` +
    'nothing in training rewarded it for the lengths it never saw.'
  );
}

// What the train-it page reads and says: typed sequences to token ids, and the sentences it builds from
// the worker's numbers. Pure functions, tested in tests/web/train-it.test.mjs. Their words are train-it's
// (web/i18n/catalogs/<locale>/train-it.json): each takes that exercise's translator `t`, English when none is
// given (the tests', and what a page that has loaded no train-it catalog says).
import { fmt } from '../widgets/dom.js';
import EN from '../i18n/compiled/en/train-it.js';
import { formatDecimal, formatInteger, formatMessage, formatNumber } from '../i18n/format.js';
import { ARMS, MODEL } from './train-arms.js';

export const [TRAIN_MIN, TRAIN_MAX] = MODEL.trainLength;

/** train-it's words in English, as translator('en', 'train-it') says them, with no catalog to load. */
export const english = Object.assign((id, args) => formatMessage(EN[id], args, 'en', `en/train-it:${id}`), {
  number: (value, digits) => formatNumber('en', value, digits),
  decimal: (value) => formatDecimal('en', value),
  integer: (n) => formatInteger('en', n),
  locale: 'en',
});

/** An arm's name in the language of `t`. */
export const armName = (id, t = english) => t(`arm.${id}`);

/** Filler letters, token ids 3–7; A is token 1 and B token 2 (0 is the CLS token, unused here). */
export const FILLERS = ['v', 'w', 'x', 'y', 'z'];
const LETTERS = ['CLS', 'A', 'B', ...FILLERS];

/** The fillers as a sentence lists them: "v, w, x, y, z". */
export const fillersText = (t = english) => FILLERS.join(t('fillers.separator'));

/**
 * A typed sequence → {tokens, letters} or {error}: letters A, B and the fillers, in any case, with or
 * without spaces or commas between them; exactly one A and one B (the task's sequences), at most
 * `maxLength` tokens (the longest the models take).
 */
// A character as an error quotes it: one that shows, in quotes; one that does not (a zero-width space, a
// control character, a combining mark alone), by its code point, so that the learner can find it.
const quoted = (c) => ({
  shows: /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(c) ? 'yes' : 'no',
  char: c,
  code: `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
});

export function parseSequence(text, maxLength = MODEL.maxEvalLength, t = english) {
  const chars = [...String(text)].filter((c) => !/[\s,]/u.test(c));
  if (chars.length === 0) return { error: t('sequence.empty') };
  const tokens = [];
  for (const c of chars) {
    const id = LETTERS.indexOf(c.length === 1 && /[ab]/i.test(c) ? c.toUpperCase() : c.toLowerCase());
    if (id < 1) return { error: t('sequence.notToken', { ...quoted(c), fillers: fillersText(t) }) };
    tokens.push(id);
  }
  const a = tokens.filter((t) => t === 1).length,
    b = tokens.filter((t) => t === 2).length;
  if (a !== 1 || b !== 1) return { error: t('sequence.count', { a, b }) };
  if (tokens.length > maxLength) return { error: t('sequence.long', { max: maxLength, count: tokens.length }) };
  return { tokens, letters: tokens.map((t) => LETTERS[t]) };
}

/** How far from 0.5 a probability must be before the page calls the model's answer right or wrong. */
export const UNSURE = 0.1;

/** The end of the answer line: right or wrong, unless P is within UNSURE of a coin flip. */
export function verdict(probability, aFirst, t = english) {
  if (Math.abs(probability - 0.5) < UNSURE) return t('verdict.unsure', { unsure: t.decimal(UNSURE) });
  return t('verdict.sure', { right: probability > 0.5 === aFirst ? 'yes' : 'no' });
}

/** With `samples` fair coin flips, the accuracy stays within this of 0.5 about 95% of the time (2 sd). */
export const chanceBand = (samples) => 2 * Math.sqrt(0.25 / samples);

/** "0.48–0.52", or one figure when both ends round alike. */
export function range(values, t = english) {
  const lo = Math.min(...values),
    hi = Math.max(...values);
  return fmt(lo, 2) === fmt(hi, 2) ? t.number(lo, 2) : `${t.number(lo, 2)}–${t.number(hi, 2)}`;
}

/** ALiBi's slopes as the arm's description gives them: 1/16 and 1/256, or 4 figures when no 1/n. */
export function slopesText(slopes, t = english) {
  const text = Array.from(slopes, (s) => (Number.isInteger(1 / s) ? `1/${1 / s}` : t.decimal(s.toPrecision(4))));
  return text.length < 2
    ? text.join('')
    : t('slopes.list', { first: text.slice(0, -1).join(t('slopes.separator')), last: text.at(-1) });
}

/** What the worker's count of trained rows ({total, trained}) means for the learned table. */
export const learnedRowsNote = ({ total, trained }, t = english) => t('learned.rows', { total, trained });

/** One line per arm of the extrapolation chart: its accuracy at the training lengths, past them, at the last. */
export function extrapolationLine(name, lengths, accuracies, t = english) {
  const inside = accuracies.filter((_, i) => lengths[i] <= TRAIN_MAX);
  const past = accuracies.filter((_, i) => lengths[i] > TRAIN_MAX);
  const last = lengths.length - 1;
  return t('extrapolation.line', {
    name,
    inside: range(inside, t),
    past: range(past, t),
    last: t.number(accuracies[last], 2),
    length: lengths[last],
  });
}

/**
 * A sentence on the arms whose accuracy past the training lengths is further below 0.5 than chance explains
 * (more than chanceBand below), or '' when there are none.
 */
export function belowChance(lengths, samples, arms, t = english) {
  const band = chanceBand(samples);
  const low = ARMS.map((a) => ({
    name: armName(a.id, t),
    points: lengths
      .map((length, i) => ({ length, accuracy: arms[a.id][i] }))
      .filter((p) => p.length > TRAIN_MAX && p.accuracy < 0.5 - band),
  })).filter((a) => a.points.length);
  if (!low.length) return '';
  const listed = low
    .map((a) =>
      t('below.arm', {
        name: a.name,
        points: a.points
          .map((p) => t('below.point', { accuracy: t.number(p.accuracy, 3), length: p.length }))
          .join(t('below.pointSeparator')),
      }),
    )
    .join(t('below.armSeparator'));
  return t('below.note', { list: listed, band: t.number(band, 3), samples, min: TRAIN_MIN, max: TRAIN_MAX });
}

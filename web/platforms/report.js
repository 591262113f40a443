// What a course platform is told, computed from the lesson's own records (web/attempts.js, as web/progress.js
// keeps them): the score and statuses of a package, each record as a SCORM interaction, and the session
// time in each version's format. Free of the DOM and of any LMS, so it is unit-tested (tests/web/report.test.mjs).
import { letter, shuffled } from '../order.js';

/**
 * The package's score and statuses. `records`: id → record (progress.summary().byId); `maxScores`: id →
 * the exercise's maxScore (every exercise of the package); `passing`: the scaled score that passes.
 * The score is the sum of first-attempt scores over the sum of maxScores; the package is complete when
 * every exercise has its record (a prediction's too), and only then passed or failed.
 */
export function statusOf({ records, maxScores, passing }) {
  const ids = Object.keys(maxScores);
  let points = 0,
    maxPoints = 0,
    answered = 0;
  for (const id of ids) {
    maxPoints += maxScores[id];
    const record = records[id];
    if (!record) continue;
    answered++;
    points += record.score;
  }
  const complete = answered === ids.length;
  // Nothing graded (a package whose only question is a prediction, maxScore 0): there is no score out of
  // 0 to give, only completion. scaled, percent and passed are null, and the LMS is told no score.
  if (maxPoints === 0) return { points, maxPoints, scaled: null, percent: null, complete, passed: null };
  const scaled = points / maxPoints;
  return {
    points,
    maxPoints,
    scaled,
    // The percentage LMSs read from score.raw (Moodle's grade is raw itself), to two decimals.
    percent: Math.round(scaled * 10000) / 100,
    complete,
    passed: complete ? scaled >= passing : null,
  };
}

// Exercises that are not one choice question, and how their record's answer reads as a SCORM response.
// Every character but a letter or digit percent-encoded (its UTF-8 bytes), so that any token is a SCORM
// short identifier (which needs a letter or digit) and decodes with decodeURIComponent.
const percent = (c) => [...new TextEncoder().encode(c)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`);
const identifier = (text) => [...text].map((c) => (/[A-Za-z0-9]/.test(c) ? c : percent(c).join(''))).join('');
// A real number as SCORM's decimal (no exponent): at most 10 digits before the point, 18 after.
function decimal(text) {
  const value = Number(text);
  if (!Number.isFinite(value) || Math.abs(value) >= 1e10) return null;
  return /e/i.test(String(value)) ? value.toFixed(18).replace(/\.?0+$/, '') : String(value);
}
const SHAPES = {
  'attention-equation': { type: 'sequencing', parts: (answer) => answer.split(' ').filter(Boolean).map(identifier) },
  'four-properties': {
    type: 'matching',
    parts: (answer) =>
      Object.entries(JSON.parse(answer))
        .filter(([, check]) => check !== '')
        .map(([property, check]) => [identifier(property), identifier(check)]),
  },
  'implement-it': { type: 'long-fill-in', text: (answer) => answer },
  'wavelength-of-a-pair': { type: 'numeric', text: decimal },
  'norm-of-pe': { type: 'numeric', text: decimal },
  'ntk-base': { type: 'numeric', text: decimal },
  'clock-hands': { type: 'numeric', text: decimal },
  alibi: { type: 'numeric', text: decimal },
};
/** The ids whose interaction is not a choice (for the test that every exercise has a known shape). */
export const shapedIds = Object.keys(SHAPES);

// SCORM 1.2 has no long-fill-in and takes at most 255 characters; its lists are split by ',' and '.',
// SCORM 2004's by '[,]' and '[.]'.
const DIALECT = {
  1.2: {
    list: ',',
    pair: '.',
    wrong: 'wrong',
    longText: 'fill-in',
    max: 255,
    choiceByLetter: true,
    asText: { sequencing: 'fill-in', matching: 'fill-in' },
  },
  2004: { list: '[,]', pair: '[.]', wrong: 'incorrect', longText: 'long-fill-in', max: 4000, asText: {} },
};

/**
 * One record as a SCORM interaction: {id, type, response (null when there is none: the solution was
 * viewed), result, correctResponse (the right option of a choice, else null), weighting}. `seed` is the
 * learner's option-order seed (web/order.js), which turns the letter the learner saw into the option's id.
 * A prediction (maxScore 0) is an interaction without a score: result 'neutral' (in both versions),
 * weighting 0 and no correct response to be graded against; its response is the option predicted.
 */
export function interactionOf(exercise, record, { version, seed }) {
  const d = DIALECT[version];
  if (!d) throw new RangeError(`interactionOf: version must be '1.2' or '2004' (got ${String(version)})`);
  const prediction = record.maxScore === 0;
  const base = {
    id: exercise.id,
    result: prediction ? 'neutral' : record.correct ? 'correct' : d.wrong,
    weighting: record.maxScore,
    correctResponse: null,
  };
  const shape = SHAPES[exercise.id];
  if (!shape) {
    // One choice question: the letter shown ('c)') back to the option, the same for every learner. SCORM
    // 2004 takes the option's own id; SCORM 1.2 only single characters, so there it is the option's letter
    // in the question's data order (a, b, c…), which is the same for every learner too.
    const question = exercise.questions[0];
    const shown = shuffled(question.options, seed, question.order ?? question.prompt);
    const given = prediction ? record.prediction : record.answer;
    const index = given == null ? -1 : shown.findIndex((o, i) => `${letter(i)})` === given);
    const name = (option) => (d.choiceByLetter ? letter(question.options.indexOf(option)) : option.id);
    return {
      ...base,
      type: 'choice',
      response: index < 0 ? null : name(shown[index]),
      correctResponse: prediction ? null : name(question.options.find((o) => o.correct)),
    };
  }
  // SCORM 1.2's sequencing and matching take single characters only: there the answer is free text.
  const type = shape.type === 'long-fill-in' ? d.longText : (d.asText[shape.type] ?? shape.type);
  if (record.answer === null) return { ...base, type, response: null };
  let response;
  if (shape.text) response = shape.text(record.answer)?.slice(0, d.max) ?? null;
  else
    response = shape
      .parts(record.answer)
      .map((p) => (Array.isArray(p) ? p.join(d.pair) : p))
      .join(d.list);
  return { ...base, type, response: response === '' ? null : response };
}

// cmi.interactions._count is where the next interaction goes, and the LMS's word is believed only as SCORM
// writes a count: a whole number in plain digits, below 10,000 (SCORM 2004 asks an LMS to keep at least
// 250 interactions; this page writes one per record, 27 for the whole lesson). Anything else (−3, NaN,
// 1e9, '2x', '' from a GetValue that failed) is refused, not read as 0: an index the LMS did not give
// would overwrite another record's interaction (0 is the first one) or be refused by the LMS, so the
// interaction is not written, and the learner is told the course platform did not keep the record.
const COUNT = /^\d{1,4}$/;

/** The index for the next interaction, from the LMS's cmi.interactions._count (a string), or null. */
export const interactionIndex = (count) => (COUNT.test(count) ? Number(count) : null);

/** Milliseconds as SCORM 1.2's CMITimespan (HHHH:MM:SS.SS) or SCORM 2004's ISO 8601 duration (PT…H…M…S). */
export function sessionTime(ms, version) {
  const centis = Math.max(0, Math.round(ms / 10));
  const hours = Math.floor(centis / 360000),
    minutes = Math.floor((centis % 360000) / 6000),
    seconds = (centis % 6000) / 100;
  if (version === '1.2') {
    const pad = (n) => String(n).padStart(2, '0');
    return `${pad(Math.min(hours, 9999))}:${pad(minutes)}:${seconds.toFixed(2).padStart(5, '0')}`;
  }
  return `PT${hours}H${minutes}M${seconds.toFixed(2)}S`;
}

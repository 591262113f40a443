// Grading logic, free of the DOM so it can be unit-tested: every answer, right or wrong, comes back
// with an explanation.

/**
 * options: [{id, label, correct, why}]; returns {correct, score, maxScore, explanation}. The
 * explanation is the chosen option's own `why`: a wrong answer is told why it is wrong, not which
 * option is right (that is what "Show solution" is for, and it is recorded).
 */
export function gradeChoice(options, answerId) {
  const chosen = options.find((o) => o.id === answerId);
  if (!chosen) throw new RangeError(`unknown answer '${answerId}'`);
  return { correct: chosen.correct, score: chosen.correct ? 1 : 0, maxScore: 1, explanation: chosen.why };
}

/** The tile sequence that spells softmax(QKᵀ/√dk)V; returns where the attempt first goes wrong. */
export const ATTENTION_TILES = ['softmax(', 'Q', 'Kᵀ', '/√dₖ', ')', 'V'];
/** Every order of the tiles that is the same equation: scaling Q before the product, softmax(Q/√dₖ·Kᵀ)V. */
export const ATTENTION_FORMS = [ATTENTION_TILES, ['softmax(', 'Q', '/√dₖ', 'Kᵀ', ')', 'V']];
// A sequence of another length is not an answer yet (`graded: false`: nothing is recorded), and it is
// told nothing about its tiles, or checking half an equation would be a free oracle.
export function gradeTiles(sequence) {
  const n = ATTENTION_TILES.length;
  if (sequence.length !== n)
    return {
      graded: false,
      correct: false,
      score: 0,
      maxScore: 1,
      firstWrong: -1,
      // The page says it in the learner's language (attention-equation catalog: grade.<reason>, with `args`).
      reason: 'incomplete',
      args: { tiles: n, placed: sequence.length },
      explanation: `The equation has ${n} tiles; ${sequence.length} placed. Place all ${n}, then check.`,
    };
  // Where it first goes wrong: the first tile that no right form has there after the same start.
  const mismatch = (form) => form.findIndex((t, i) => sequence[i] !== t);
  const complete = ATTENTION_FORMS.some((form) => mismatch(form) === -1);
  const firstWrong = complete ? -1 : Math.max(...ATTENTION_FORMS.map(mismatch));
  const explanation = complete
    ? 'Scores QKᵀ compare every query with every key; dividing by √dₖ keeps their spread from growing with the ' +
      'width (dividing Q first gives the same scores); softmax turns each row into weights summing to 1; the ' +
      'weights mix the rows of V.'
    : // Where it goes wrong, never what belongs there: the first check is the one recorded.
      `Tile ${firstWrong + 1} (“${sequence[firstWrong]}”) is where it first goes wrong.`;
  return {
    graded: true,
    correct: complete,
    score: complete ? 1 : 0,
    maxScore: 1,
    explanation,
    firstWrong,
    reason: complete ? 'complete' : 'firstWrong',
    args: complete ? {} : { index: firstWrong + 1, tile: sequence[firstWrong] },
  };
}

/** matches: {property: checkId}; key: the right pairs. One point per right match. */
export function gradeMatching(key, matches) {
  const rows = Object.entries(key).map(([property, check]) => ({ property, right: matches[property] === check }));
  const score = rows.filter((r) => r.right).length;
  return { correct: score === rows.length, score, maxScore: rows.length, rows };
}

/** First element where `got` differs from `expected` by more than `tolerance`, in row-major order. */
export function firstMismatch(expected, got, dModel, tolerance) {
  for (let i = 0; i < expected.length; i++) {
    const value = got[i];
    if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value - expected[i]) > tolerance)
      return { position: Math.floor(i / dModel), dimension: i % dModel, expected: expected[i], got: value };
  }
  return null;
}

// A typed number as the learner may mean it: a true minus sign as '-'; then every reading a learner of one of
// the course's languages could mean: commas that group thousands (82,685 or 1,234.5: every comma followed by
// three digits, before any point), points that group them (82.685 or 1.234,5, as Spanish writes them), and
// any comma a decimal comma (0,5). "7,234" is 7.234 to a Spanish reader and 7234 to an English one: the
// reading nearest the right value is the one graded (neither reading of such text is likely meant as the other).
// What a keyboard or an input method may type for the same number is made plain first: full-width digits and
// signs (a Chinese input method's ８２６８５, ０．５), the ideographic full stop 。 as a point, any dash as a
// minus (with no space after it), and spaces that group digits in threes (82 685, as Spanish writes it).
function plain(text) {
  return String(text)
    .normalize('NFKC') // full-width digits, point, comma and signs to ASCII
    .trim()
    .replace(/。/g, '.')
    .replace(/[−–—‒﹣]/g, '-')
    .replace(/^([-+])\s+/, '$1')
    .replace(/(\d)[\s\u00a0\u2009\u202f](?=\d{3}(?!\d))/g, '$1');
}

function readings(text) {
  const t = plain(text);
  const out = [];
  if (/^[-+]?\d{1,3}(,\d{3})+(\.\d*)?$/.test(t)) out.push(t.replace(/,/g, ''));
  if (/^[-+]?\d{1,3}(\.\d{3})+(,\d*)?$/.test(t)) out.push(t.replace(/\./g, '').replace(',', '.'));
  out.push(t.replace(/,/g, '.'));
  return out
    .filter((r) => r !== '')
    .map(Number)
    .filter(Number.isFinite);
}

/**
 * A typed number against the core's value: right within `tolerance` (absolute). Returns
 * {correct, score, maxScore, value, explanation}; text that is not a number is no answer (value NaN).
 */
export function gradeNumber(text, expected, tolerance) {
  const trimmed = String(text).trim();
  const candidates = readings(text);
  const value = candidates.length
    ? candidates.reduce((best, v) => (Math.abs(v - expected) < Math.abs(best - expected) ? v : best))
    : NaN;
  if (!Number.isFinite(value))
    return {
      correct: false,
      score: 0,
      maxScore: 1,
      value: NaN,
      reason: 'notNumber',
      explanation: 'Type a number (for example 12.5 or 1.2e3).',
    };
  const correct = Math.abs(value - expected) <= tolerance;
  const direction = value > expected ? 'too large' : 'too small';
  return {
    correct,
    score: correct ? 1 : 0,
    maxScore: 1,
    value,
    // The page says it in the learner's language (common catalog: number.tooLarge, number.tooSmall).
    reason: correct ? null : value > expected ? 'tooLarge' : 'tooSmall',
    typed: trimmed,
    explanation: correct ? '' : `${trimmed} is ${direction}.`,
  };
}

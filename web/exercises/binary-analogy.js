import { h } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { localQuestion } from '../i18n/exercise.js';

// base = 2^(D/2) makes ω_k = base^(−2k/D) = 2^(−k): each pair turns half as fast as the one before,
// as each bit of a counter flips half as often as the one before.
const P = 8, // one cycle of a counter with D / 2 bits
  D = 6,
  BASE = 8,
  PAIRS = D / 2;

// The question: which option is right, and the English prompt its options' order is keyed on (web/order.js);
// its words are in the catalog (q.prompt, q.<id>.label, q.<id>.why). mount() says two of the whys from the
// core: option "ladder"'s with the ratio of one pair's rate to the next at the usual base (q.ladder.whyRatio),
// option "first"'s with which later columns change sign in the rows shown (first.*).
const QUESTION = {
  key: 'q',
  order: 'In what sense is this encoding like a binary counter?',
  options: [
    { id: 'ladder', correct: true },
    { id: 'same', correct: false },
    { id: 'digits', correct: false },
    { id: 'first', correct: false },
  ],
};

/**
 * The pairs as a list in the language, each item as first.item says it: "4", "1 and 2", "1, 2 and 3" in English
 * (the sentence says "pair"/"pairs"), "第 1 对和第 2 对" in Chinese.
 */
function pairList(pairs, t) {
  // British English lists without the serial comma, as the English sentences always have.
  const locale = t.locale === 'en' || t.locale === 'en-XA' ? 'en-GB' : t.locale;
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(pairs.map((k) => t('first.item', { k })));
}

/** Option "first"'s feedback, from the sign table: which later pairs change sign in these rows. */
function laterColumnsWhy(signs, t) {
  const changes = (k) => Array.from({ length: P - 1 }, (_, p) => signs[p * PAIRS + k] !== signs[(p + 1) * PAIRS + k]);
  const later = Array.from({ length: PAIRS - 1 }, (_, i) => i + 1);
  const changing = later.filter((k) => changes(k).some(Boolean)),
    steady = later.filter((k) => !changes(k).some(Boolean));
  const args = {
    changing: pairList(changing, t),
    changingCount: changing.length,
    steady: pairList(steady, t),
    steadyCount: steady.length,
    rows: P,
  };
  if (changing.length && steady.length) return t('first.both', args);
  return t(changing.length ? 'first.changing' : 'first.steady', args);
}

// Its words: web/i18n/catalogs/<locale>/binary-analogy.json (title, why, the question, each sentence below).
export default {
  questions: [QUESTION],
  id: 'binary-analogy',
  mount(host, { lab, onResult, t }) {
    const table = lab.sinusoidal({ positions: P, dModel: D, base: BASE });
    const { omega } = lab.frequencies({ dModel: D, base: BASE });
    const usual = lab.frequencies({ dModel: 64 }).omega;
    const bits = new Float32Array(P * PAIRS),
      signs = new Float32Array(P * PAIRS);
    for (let p = 0; p < P; p++)
      for (let b = 0; b < PAIRS; b++) {
        bits[p * PAIRS + b] = (p >> b) & 1;
        signs[p * PAIRS + b] = table[p * D + 2 * b] >= 0 ? 1 : 0;
      }
    const ratio = t.number(usual[0] / usual[1], 3);
    const whyOf = {
      first: laterColumnsWhy(signs, t),
      ladder: t('q.ladder.whyRatio', { ratio }),
    };
    const local = localQuestion(QUESTION, t);
    const options = local.options.map((o) => ({ ...o, why: whyOf[o.id] ?? o.why }));
    const question = choiceQuestion({ onResult, ...local, options, t });
    host.append(
      // PAIRS is 3: the sentence names the core's three ω.
      h(
        'p',
        {},
        t('intro', {
          d: D,
          base: BASE,
          w0: t.number(omega[0], 4),
          w1: t.number(omega[1], 4),
          w2: t.number(omega[2], 4),
        }),
      ),
      h(
        'div',
        { class: 'demo side-by-side' },
        matrixTable({
          caption: t('bits.caption'),
          values: bits,
          rows: P,
          cols: PAIRS,
          colLabel: (b) => t('bits.column', { b }),
          digits: 0,
          t,
        }),
        matrixTable({
          caption: t('signs.caption', { base: BASE }),
          values: signs,
          rows: P,
          cols: PAIRS,
          colLabel: (k) => t('signs.column', { k }),
          digits: 0,
          t,
        }),
      ),
      question.element,
    );
    return question;
  },
};

import { h, fmt } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';

// base = 2^(D/2) makes ω_k = base^(−2k/D) = 2^(−k): each pair turns half as fast as the one before,
// as each bit of a counter flips half as often as the one before.
const P = 8, // one cycle of a counter with D / 2 bits
  D = 6,
  BASE = 8,
  PAIRS = D / 2;

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: 'In what sense is this encoding like a binary counter?',
  options: [
    {
      id: 'ladder',
      correct: true,
      label: 'The rate halves from one column to the next, as from one bit to the next.',
      // mount() adds the ratio of one pair's rate to the next at the usual base, from the core.
      why:
        'A ladder of rates, and no more: the values are smooth, pair 0 changes sign every π positions, not ' +
        'every step, and at base 10000 a pair is not twice as fast as the next.',
    },
    {
      id: 'same',
      correct: false,
      label: 'Each pair changes sign exactly where the bit of the same index flips.',
      why:
        'Compare the two tables row by row: the sign bands widen like the bit bands, but their edges fall ' +
        'elsewhere.',
    },
    {
      id: 'digits',
      correct: false,
      label: 'The encoding stores the position’s binary digits, one bit per pair.',
      why: 'The entries are sines and cosines between −1 and 1, not digits; only their signs became 0 and 1 here.',
    },
    {
      id: 'first',
      correct: false,
      label: 'Only pair 0 behaves like a bit; the other pairs stay constant over these positions.',
      // Which later columns change sign depends on the rows shown: mount() says it from the core's table.
      why: 'Look down the later columns: which of them change sign over these rows?',
    },
  ],
};

/** "pair 4", "pairs 1 and 2", "pairs 1, 2 and 3". */
function pairList(pairs) {
  if (pairs.length === 1) return `pair ${pairs[0]}`;
  return `pairs ${pairs.slice(0, -1).join(', ')} and ${pairs.at(-1)}`;
}

/** Option "first"'s feedback, from the sign table: which later pairs change sign in these rows. */
function laterColumnsWhy(signs) {
  const changes = (k) => Array.from({ length: P - 1 }, (_, p) => signs[p * PAIRS + k] !== signs[(p + 1) * PAIRS + k]);
  const later = Array.from({ length: PAIRS - 1 }, (_, i) => i + 1);
  const changing = later.filter((k) => changes(k).some(Boolean)),
    steady = later.filter((k) => !changes(k).some(Boolean));
  const parts = [];
  if (changing.length)
    parts.push(`${pairList(changing)} ${changing.length === 1 ? 'changes' : 'change'} sign too, only less often`);
  if (steady.length)
    parts.push(
      `${pairList(steady)} ${steady.length === 1 ? 'turns' : 'turn'} too slowly to change sign within these ` +
        `${P} rows, yet ${steady.length === 1 ? 'its angle grows' : 'their angles grow'} at every step`,
    );
  return `Look down the later columns: ${parts.join('; ')}.`;
}

export default {
  questions: [QUESTION],
  id: 'binary-analogy',
  title: 'Like a binary counter',
  why:
    'It gives the frequency ladder a familiar picture, a counter whose bits flip at halving rates, and marks where ' +
    'the picture stops being true.',
  mount(host, { lab, onResult }) {
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
    const ratio = `At dModel 64 it is ${fmt(usual[0] / usual[1], 3)} times as fast.`;
    const whyOf = {
      first: laterColumnsWhy(signs),
      ladder: `${QUESTION.options.find((o) => o.id === 'ladder').why} ${ratio}`,
    };
    const options = QUESTION.options.map((o) => ({ ...o, why: whyOf[o.id] ?? o.why }));
    const question = choiceQuestion({ onResult, ...QUESTION, options });
    host.append(
      h(
        'p',
        {},
        `First: a counter’s bits. Second: 1 where a pair’s sin is ≥ 0, for a table ${D} wide with base ${BASE} `,
        `(the core’s ω: ${Array.from(omega, (w) => fmt(w, 4)).join(', ')}).`,
      ),
      h(
        'div',
        { class: 'demo side-by-side' },
        matrixTable({
          caption: 'Binary counter: bit b of p',
          values: bits,
          rows: P,
          cols: PAIRS,
          colLabel: (b) => `bit ${b}`,
          digits: 0,
        }),
        matrixTable({
          caption: `Sign of sin for pair k (core, base ${BASE})`,
          values: signs,
          rows: P,
          cols: PAIRS,
          colLabel: (k) => `pair ${k}`,
          digits: 0,
        }),
      ),
      question.element,
    );
    return question;
  },
};

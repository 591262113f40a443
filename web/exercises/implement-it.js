import { h, fmt } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { firstMismatch } from '../grading.js';
import { setLearnerPe } from './learner-pe.js';

const P = 8,
  D = 8,
  LIMIT_MS = 2000,
  TOLERANCE = 1e-5;
// Two starts: a blank function (the default: pairing and sin/cos are for the learner to work out) and
// a scaffold that gives both away, for whoever wants only the frequency to write.
const BLANK = `// Return dimension i of the encoding of this position (the paper's convention).
function pe(position, i, dModel) {
  return 0;
}`;
const SCAFFOLD = `// Return PE(position, i) for the paper's convention.
function pe(position, i, dModel) {
  const k = Math.floor(i / 2);
  const omega = 0; // fill in: 10000^(-2k/dModel)
  return i % 2 === 0 ? Math.sin(position * omega) : Math.cos(position * omega);
}`;
const STARTS = [BLANK, SCAFFOLD];
const SOLUTION = `function pe(position, i, dModel) {
  const k = Math.floor(i / 2);
  const omega = Math.pow(10000, -2 * k / dModel);
  return i % 2 === 0 ? Math.sin(position * omega) : Math.cos(position * omega);
}`;

// A missing file is the usual cause (a host that did not upload assets/ beside the script that starts the
// worker); a page policy that forbids workers is the other. The browser console names the file.
const WORKER_MISSING =
  'The code could not run: the worker that runs it did not load (its file is missing on the server, or the ' +
  "page's Content-Security-Policy forbids workers; the browser console names the file).";

/** Runs code in a fresh worker with a time limit over positions × dModel; resolves {values} or {error}. */
export function runInWorker(code, positions = P, dModel = D) {
  return new Promise((resolve) => {
    let worker;
    try {
      worker = new Worker(new URL('./implement-worker.js', import.meta.url), {
        type: 'module',
        name: 'implement-worker',
      });
    } catch (error) {
      resolve({ error: `The page could not start a worker: ${error.message}` });
      return;
    }
    const timer = setTimeout(() => {
      worker.terminate();
      resolve({
        error:
          `Stopped after ${LIMIT_MS / 1000} s: the function did not finish (an endless loop?). The page is fine; ` +
          'edit and run again.',
      });
    }, LIMIT_MS);
    worker.onmessage = ({ data }) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(data);
    };
    worker.onerror = (e) => {
      clearTimeout(timer);
      worker.terminate();
      // An error event without a message is the worker's script failing to load, not the learner's code.
      resolve({ error: e.message || WORKER_MISSING });
      e.preventDefault();
    };
    worker.postMessage({ code, positions, dModel });
  });
}

/** The worker's answer → {graded, correct, message, values?}: one verdict for what is shown and what
 *  is recorded, so nothing the worker sends can be displayed as right and recorded otherwise. Code that
 *  did not run to the end (a syntax error, a throw, the time limit, no values) is not an answer yet:
 *  `graded: false`, nothing recorded. Values that disagree with the core are. */
function grade(answer, expected) {
  if (typeof answer?.error === 'string') return { graded: false, correct: false, message: answer.error };
  const values = answer?.values;
  if (!(values instanceof Float64Array) || values.length !== P * D) {
    const got = Object.prototype.toString.call(values).slice(8, -1);
    const size = typeof values?.length === 'number' ? ` of length ${values.length}` : '';
    return {
      graded: false,
      correct: false,
      message:
        `The worker's values are not a Float64Array of ${P * D} numbers (got: ${got}${size}), so nothing was ` +
        'compared.',
    };
  }
  const miss = firstMismatch(expected, values, D, TOLERANCE);
  return {
    graded: true,
    correct: !miss,
    values,
    message: miss
      ? `First mismatch at position ${miss.position}, dimension ${miss.dimension}: ` +
        `expected ${fmt(miss.expected, 6)}, got ${fmt(miss.got, 6)}.`
      : `All ${P * D} values match the core within ${TOLERANCE}.`,
  };
}

export default {
  id: 'implement-it',
  title: 'Implement it yourself',
  why:
    'Writing the [[sinusoidal-encoding]] from its formula is the surest test of having read it right; the next ' +
    'exercise can then use your function.',
  sources: [
    [
      'Dive into Deep Learning, 11.6: positional encoding',
      'https://d2l.ai/chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.html',
    ],
  ],
  explain: {
    prompt: 'Which two details of the formula are easiest to get wrong?',
    model:
      'Pairing the dimensions (dimensions 2k and 2k+1 share one frequency, so the exponent uses 2k, not the ' +
      'dimension index) and alternating sin and cos between them.',
  },
  mount(host, { lab, onResult }) {
    const editor = h('textarea', {
      class: 'code',
      rows: 8,
      spellcheck: 'false',
      'aria-label': 'Your pe function',
      'data-answer': '',
    });
    editor.value = BLANK;
    const status = h('div', { class: 'feedback', 'aria-live': 'polite' });
    const vectors = h('div', { class: 'demo' });
    let result = null;
    let latestRun = 0; // id of the newest run; reset and "show solution" also advance it
    const expected = lab.sinusoidal({ positions: P, dModel: D });
    async function run() {
      const id = ++latestRun;
      const code = editor.value;
      // An untouched start is not an attempt (the first run is the one recorded).
      if (STARTS.includes(code.trim())) {
        status.replaceChildren(h('p', {}, 'Write the function first: this is the unchanged start.'));
        return;
      }
      status.replaceChildren(h('p', {}, 'Running…'));
      const answer = await runInWorker(code);
      // Runs can finish in any order: only the newest one, for the code still in the editor, may be
      // shown and recorded, or a slow earlier run would grade code that is no longer there.
      if (id !== latestRun) return;
      if (editor.value !== code) {
        status.replaceChildren(h('p', {}, 'The code changed while it ran, so this run was not graded. Run it again.'));
        return;
      }
      const verdict = grade(answer, expected);
      if (!verdict.graded) {
        status.replaceChildren(h('p', { class: 'verdict' }, `${verdict.message} Not graded: fix it and run again.`));
        vectors.replaceChildren();
        return;
      }
      result = { correct: verdict.correct, score: verdict.correct ? 1 : 0 };
      if (verdict.correct) setLearnerPe(code); // same-token can now add it to token embeddings
      status.replaceChildren(h('p', { class: verdict.correct ? 'verdict right' : 'verdict wrong' }, verdict.message));
      vectors.replaceChildren(
        ...(verdict.values
          ? [
              matrixTable({
                caption: 'Your vectors for positions 0–3 (compare how fast each column changes)',
                values: Float32Array.from(verdict.values.subarray(0, 4 * D)),
                rows: 4,
                cols: D,
                limit: 1,
                digits: 3,
              }),
            ]
          : []),
      );
      onResult?.({ correct: result.correct, score: result.score, maxScore: 1, answer: code });
    }
    // One button swaps between the two starts (it replaces what the editor holds).
    const startButton = h('button', { type: 'button', class: 'secondary' });
    const showStart = () => {
      startButton.textContent =
        editor.value === SCAFFOLD ? 'Start blank instead' : 'Start from a scaffold (gives the pairing away)';
    };
    startButton.addEventListener('click', () => {
      editor.value = editor.value === SCAFFOLD ? BLANK : SCAFFOLD;
      showStart();
    });
    editor.addEventListener('input', showStart);
    showStart();
    host.append(
      h(
        'p',
        {},
        `Write pe(position, i, dModel). It runs in a worker (stopped after ${LIMIT_MS / 1000} s) for ${P} ` +
          `positions at dModel ${D} and is compared with the core.`,
      ),
      h('div', { class: 'actions' }, startButton),
      editor,
      h(
        'div',
        { class: 'actions', 'data-answer': '' },
        h('button', { type: 'button', onclick: run }, 'Run and compare'),
        h('button', { type: 'button', class: 'secondary', onclick: () => controller.showSolutions() }, 'Show solution'),
      ),
      status,
      vectors,
    );
    const controller = {
      getMaxScore: () => 1,
      resetTask() {
        latestRun++;
        result = null;
        editor.value = BLANK;
        showStart();
        status.replaceChildren();
        vectors.replaceChildren();
      },
      showSolutions() {
        latestRun++;
        editor.value = SOLUTION;
        showStart();
        status.replaceChildren(h('p', {}, 'This is one correct version; run it to compare.'));
        onResult?.({ solutionViewed: true, maxScore: 1 });
      },
      run,
    };
    return controller;
  },
};

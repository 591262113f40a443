import { h, fmt } from '../widgets/dom.js';
import { matrixTable } from '../widgets/tables.js';
import { firstMismatch } from '../grading.js';

const P = 8, D = 8, LIMIT_MS = 2000, TOLERANCE = 1e-5;
const STARTER = `// Return PE(position, i) for the paper's convention.
function pe(position, i, dModel) {
  const k = Math.floor(i / 2);
  const omega = 0; // fill in: 10000^(-2k/dModel)
  return i % 2 === 0 ? Math.sin(position * omega) : Math.cos(position * omega);
}`;
const SOLUTION = `function pe(position, i, dModel) {
  const k = Math.floor(i / 2);
  const omega = Math.pow(10000, -2 * k / dModel);
  return i % 2 === 0 ? Math.sin(position * omega) : Math.cos(position * omega);
}`;

/** Runs code in a fresh worker with a time limit; resolves {values} or {error}. */
function runInWorker(code) {
  return new Promise((resolve) => {
    let worker;
    try {
      worker = new Worker(new URL('./implement-worker.js', import.meta.url), { type: 'module' });
    } catch (error) {
      resolve({ error: `The page could not start a worker: ${error.message}` });
      return;
    }
    const timer = setTimeout(() => {
      worker.terminate();
      resolve({ error: `Stopped after ${LIMIT_MS / 1000} s: the function did not finish (an endless loop?). The page is fine; edit and run again.` });
    }, LIMIT_MS);
    worker.onmessage = ({ data }) => { clearTimeout(timer); worker.terminate(); resolve(data); };
    worker.onerror = (e) => { clearTimeout(timer); worker.terminate(); resolve({ error: e.message || 'The code could not run here (a Content-Security-Policy may forbid it).' }); e.preventDefault(); };
    worker.postMessage({ code, positions: P, dModel: D });
  });
}

export default {
  id: 'implement-it',
  title: 'Implement it yourself',
  mount(host, { lab, onResult }) {
    const editor = h('textarea', { class: 'code', rows: 8, spellcheck: 'false', 'aria-label': 'Your pe function' });
    editor.value = STARTER;
    const status = h('div', { class: 'feedback', 'aria-live': 'polite' });
    const vectors = h('div', { class: 'demo' });
    let result = null;
    const expected = lab.sinusoidal({ positions: P, dModel: D });
    async function run() {
      status.replaceChildren(h('p', {}, 'Running…'));
      const answer = await runInWorker(editor.value);
      if (answer.error) {
        result = { correct: false, score: 0 };
        status.replaceChildren(h('p', { class: 'verdict wrong' }, answer.error));
      } else {
        const miss = firstMismatch(expected, answer.values, D, TOLERANCE);
        result = { correct: !miss, score: miss ? 0 : 1 };
        status.replaceChildren(h('p', { class: miss ? 'verdict wrong' : 'verdict right' }, miss
          ? `First mismatch at position ${miss.position}, dimension ${miss.dimension}: expected ${fmt(miss.expected, 6)}, got ${fmt(miss.got, 6)}.`
          : `All ${P * D} values match the core within ${TOLERANCE}.`));
        vectors.replaceChildren(matrixTable({ caption: 'Your vectors for positions 0–3 (compare how fast each column changes)',
          values: Float32Array.from(answer.values.subarray(0, 4 * D)), rows: 4, cols: D, limit: 1, digits: 3 }));
      }
      onResult?.({ correct: result.correct, score: result.score, maxScore: 1, answer: editor.value });
    }
    host.append(h('p', {}, `Write pe(position, i, dModel). It runs in a worker (stopped after ${LIMIT_MS / 1000} s) for ${P} positions at dModel ${D} and is compared with the core.`),
      editor, h('div', { class: 'actions' }, h('button', { type: 'button', onclick: run }, 'Run and compare'),
        h('button', { type: 'button', class: 'secondary', onclick: () => controller.showSolutions() }, 'Show solution')),
      status, vectors);
    const controller = {
      getScore: () => result?.score ?? 0, getMaxScore: () => 1, getAnswerGiven: () => result !== null,
      resetTask() { result = null; editor.value = STARTER; status.replaceChildren(); vectors.replaceChildren(); },
      showSolutions() { editor.value = SOLUTION; status.replaceChildren(h('p', {}, 'This is one correct version; run it to compare.')); },
      run,
    };
    return controller;
  },
};

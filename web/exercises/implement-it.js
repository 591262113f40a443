import { h } from '../widgets/dom.js';
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

/**
 * Runs code in a fresh worker with a time limit over positions × dModel; resolves {values} or {error}. `t`
 * says the errors: a translator whose namespace has the ids worker.start, worker.timeout, worker.missing and
 * worker.noPe (implement-it's, and same-token-different-position's, which runs the learner's pe() too).
 */
export function runInWorker(code, positions, dModel, t) {
  return new Promise((resolve) => {
    let worker;
    try {
      worker = new Worker(new URL('./implement-worker.js', import.meta.url), {
        type: 'module',
        name: 'implement-worker',
      });
    } catch (error) {
      resolve({ error: t('worker.start', { reason: error.message }) });
      return;
    }
    const timer = setTimeout(() => {
      worker.terminate();
      resolve({ error: t('worker.timeout', { seconds: t.decimal(LIMIT_MS / 1000) }) });
    }, LIMIT_MS);
    worker.onmessage = ({ data }) => {
      clearTimeout(timer);
      worker.terminate();
      // The worker has no words: it says that no pe was defined, and the page says it in the language.
      resolve(data?.noPe ? { error: t('worker.noPe') } : data);
    };
    worker.onerror = (e) => {
      clearTimeout(timer);
      worker.terminate();
      // An error event without a message is the worker's script failing to load, not the learner's code: a
      // missing file is the usual cause (a host that did not upload assets/ beside the script that starts the
      // worker); a page policy that forbids workers is the other. The browser console names the file.
      resolve({ error: e.message || t('worker.missing') });
      e.preventDefault();
    };
    worker.postMessage({ code, positions, dModel });
  });
}

/** The worker's answer → {graded, correct, message, values?}: one verdict for what is shown and what
 *  is recorded, so nothing the worker sends can be displayed as right and recorded otherwise. Code that
 *  did not run to the end (a syntax error, a throw, the time limit, no values) is not an answer yet:
 *  `graded: false`, nothing recorded. Values that disagree with the core are. */
function grade(answer, expected, t) {
  if (typeof answer?.error === 'string') return { graded: false, correct: false, message: answer.error };
  const values = answer?.values;
  if (!(values instanceof Float64Array) || values.length !== P * D) {
    const got = Object.prototype.toString.call(values).slice(8, -1);
    const sized = typeof values?.length === 'number';
    return {
      graded: false,
      correct: false,
      message: t('grade.notValues', {
        count: P * D,
        got,
        sized: sized ? 'yes' : 'no',
        length: sized ? values.length : '',
      }),
    };
  }
  const miss = firstMismatch(expected, values, D, TOLERANCE);
  return {
    graded: true,
    correct: !miss,
    values,
    message: miss
      ? t('grade.mismatch', {
          position: miss.position,
          dimension: miss.dimension,
          expected: t.number(miss.expected, 6),
          got: t.number(miss.got, 6),
        })
      : t('grade.match', { count: P * D, tolerance: t.decimal(TOLERANCE) }),
  };
}

// Its words: web/i18n/catalogs/<locale>/implement-it.json (title, why, and each sentence below by its id).
export default {
  id: 'implement-it',
  sources: [
    [
      'source.d2l.section',
      'https://d2l.ai/chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.html',
    ],
  ],
  mount(host, { lab, onResult, t }) {
    const editor = h('textarea', {
      class: 'code',
      rows: 8,
      spellcheck: 'false',
      'aria-label': t('editor.label'),
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
        status.replaceChildren(h('p', {}, t('status.unchanged')));
        return;
      }
      status.replaceChildren(h('p', {}, t('status.running')));
      const answer = await runInWorker(code, P, D, t);
      // Runs can finish in any order: only the newest one, for the code still in the editor, may be
      // shown and recorded, or a slow earlier run would grade code that is no longer there.
      if (id !== latestRun) return;
      if (editor.value !== code) {
        status.replaceChildren(h('p', {}, t('status.changed')));
        return;
      }
      const verdict = grade(answer, expected, t);
      if (!verdict.graded) {
        status.replaceChildren(h('p', { class: 'verdict' }, t('status.notGraded', { message: verdict.message })));
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
                caption: t('table.caption', { last: 3 }),
                values: Float32Array.from(verdict.values.subarray(0, 4 * D)),
                rows: 4,
                cols: D,
                limit: 1,
                digits: 3,
                t,
              }),
            ]
          : []),
      );
      onResult?.({ correct: result.correct, score: result.score, maxScore: 1, answer: code });
    }
    // One button swaps between the two starts (it replaces what the editor holds).
    const startButton = h('button', { type: 'button', class: 'secondary' });
    const showStart = () => {
      startButton.textContent = t(editor.value === SCAFFOLD ? 'start.blank' : 'start.scaffold');
    };
    startButton.addEventListener('click', () => {
      editor.value = editor.value === SCAFFOLD ? BLANK : SCAFFOLD;
      showStart();
    });
    editor.addEventListener('input', showStart);
    showStart();
    host.append(
      h('p', {}, t('intro', { seconds: t.decimal(LIMIT_MS / 1000), positions: P, d: D })),
      h('div', { class: 'actions' }, startButton),
      editor,
      h(
        'div',
        { class: 'actions', 'data-answer': '' },
        h('button', { type: 'button', onclick: run }, t('button.runCompare')),
        h(
          'button',
          { type: 'button', class: 'secondary', onclick: () => controller.showSolutions() },
          t('button.solution'),
        ),
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
        status.replaceChildren(h('p', {}, t('status.solution')));
        onResult?.({ solutionViewed: true, maxScore: 1 });
      },
      run,
    };
    return controller;
  },
};

// Longer than trained: how RoPE is stretched past a model's training length (position interpolation,
// NTK-aware scaling, YaRN). The frequencies and angles come from lab.ropeFrequencies on the page; the
// experiment (stretch-experiment.js) runs in the training worker, its panels are stretch-panels.js.
import { h } from '../widgets/dom.js';
import { richMessage } from '../course/localize.js';
import { formula } from '../widgets/math.js';
import { choiceQuestion } from '../widgets/question.js';
import { localQuestion } from '../i18n/exercise.js';
import { trainingSession } from './train-session.js';
import { FACTOR, METHODS, PARTS, SEED, STEPS, TRAINED, TRAIN_MIN } from './stretch-experiment.js';
import { stretched, frequencyPanel, anglePanel, accuracyPanel, methodName } from './stretch-panels.js';
import { NTK_BASE, YARN_FACTOR } from './scaling-formulas.js';

// The question, as data: which option is right. Its words: web/i18n/catalogs/<locale>/longer-than-trained.json
// (q.prompt, q.<id>.label, q.<id>.why), which write out the experiment's numbers (stretch-experiment.js: lengths
// 8–16, s = 4; at the last of s·L₀ positions an interpolated pair turns (s·L₀ − 1)/(s·(L₀ − 1)) = 1.05 times as
// far as in training). `order` is its English prompt, which keys each learner's option order.
const QUESTION = {
  key: 'q',
  prediction: true, // asked before the run that answers it: recorded, not graded
  order:
    `Predict first: the model trained on lengths ${TRAIN_MIN}–${TRAINED} reads sequences of ` +
    `${FACTOR * TRAINED} tokens, ${FACTOR} times its longest, with no fine-tuning. Which keeps the most accuracy?`,
  options: [
    { id: 'pi-and-yarn', correct: true },
    { id: 'keep-positions', correct: false },
    { id: 'ntk-only', correct: false },
    { id: 'all-alike', correct: false },
  ],
};

// Its words: web/i18n/catalogs/<locale>/longer-than-trained.json (title, why, and each sentence below by its id;
// the panels' too: stretch-panels.js).
export default {
  questions: [QUESTION],
  id: 'longer-than-trained',
  trains: true, // it trains models in the page's lab: the page loads the core with the trainer (catalog.js)
  formulas: { inline: [NTK_BASE, YARN_FACTOR] },
  sources: [
    ['source.chen', 'https://arxiv.org/abs/2306.15595'],
    ['source.peng', 'https://arxiv.org/abs/2309.00071'],
    [
      'source.transformers',
      'https://github.com/huggingface/transformers/blob/main/src/transformers/modeling_rope_utils.py',
    ],
  ],
  mount(host, { lab, onResult, answered = false, restored = null, heading, t }) {
    let done = 0; // parts of the run received
    const question = choiceQuestion({
      ...localQuestion(QUESTION, t),
      t,
      restored, // a prediction recorded on an earlier visit stays, and closed
      onResult: (result) => {
        unlock();
        onResult?.(result);
      },
    });
    const f = stretched(lab); // each method's frequencies, from the core: both panels draw from them
    const frequencies = frequencyPanel(f, heading, t);
    const angles = anglePanel(f, t);
    const accuracy = accuracyPanel(heading, t);

    const root = h('div', { class: 'stretch-lab', 'data-state': 'locked' });
    const lockNote = h('p', { class: 'hint' }, t('run.locked'));
    const runButton = h('button', { type: 'button', disabled: true, onclick: run }, t('run.button'));
    // Where focus waits while the button is disabled (the run) and once it is gone (done): not the page's body.
    const actions = h(
      'div',
      { class: 'actions', role: 'group', 'aria-label': t('run.group'), tabindex: '-1' },
      runButton,
    );
    const progress = h('progress', { max: PARTS, value: 0, hidden: true, 'aria-label': t('run.progress') });
    const status = h('p', { class: 'status', role: 'status' });
    const session = trainingSession(
      { stretch: part, stretched: finished, fail },
      {
        isLive: () => root.isConnected,
        wasmModule: lab.wasmModule,
        say: ({ code, ...args }) => t(`error.${code}`, args), // its catalog's error.<code>, as train-it's
      },
    );
    root.append(
      heading(1, t('run.heading')),
      h('p', {}, t('run.about', { steps: t.integer(STEPS), min: TRAIN_MIN, max: TRAINED, seed: SEED })),
      lockNote,
      actions,
      progress,
      status,
      accuracy.element,
    );
    // Each method's name in bold where its item starts (or wherever the language puts it), its formula inline.
    const item = (id, method, nodes = {}) =>
      h('li', {}, ...richMessage(t, `method.${id}.about`, { name: h('strong', {}, method), ...nodes }));
    const named = (id) =>
      methodName(
        t,
        METHODS.find((m) => m.id === id),
      );
    host.append(
      h('p', {}, t('intro')),
      h(
        'ul',
        {},
        item('linear', named('linear')),
        item('ntk', named('ntk'), { formula: formula(NTK_BASE) }),
        item('yarn', named('yarn'), { formula: formula(YARN_FACTOR) }),
      ),
      frequencies.element,
      angles.element,
      question.element,
      root,
    );

    function setState(name) {
      root.dataset.state = name;
      runButton.disabled = name !== 'ready';
    }
    function unlock() {
      if (root.dataset.state !== 'locked') return;
      lockNote.hidden = true;
      setState('ready');
    }
    function run() {
      if (root.dataset.state !== 'ready') return;
      if (!session.started && !session.start()) return;
      done = 0;
      progress.value = 0;
      progress.hidden = false;
      accuracy.clear();
      status.textContent = t('status.training', { steps: t.integer(STEPS) });
      if (runButton.getRootNode().activeElement === runButton) actions.focus(); // (a document, or a shadow root)
      setState('running');
      session.stretch(SEED);
    }
    const METHOD = Object.fromEntries(METHODS.map((m) => [m.id, methodName(t, m)]));
    function part({ part: p }) {
      if (root.dataset.state !== 'running') return; // started over meanwhile
      progress.value = ++done;
      if (p.stage === 'trained') status.textContent = t('status.trained');
      else if (p.stage === 'plain') {
        accuracy.add('plain', p.method, p.accuracy);
        if (p.method === METHODS[METHODS.length - 1].id) {
          question.showOutcome(); // the prediction asked about the run without fine-tuning: done
          status.textContent = t('status.tuning');
        }
      } else {
        accuracy.add('tuned', p.method, p.accuracy);
        status.textContent = t('status.tuned', { method: METHOD[p.method] });
      }
    }
    function finished() {
      if (root.dataset.state !== 'running') return;
      progress.hidden = true;
      status.textContent = t('status.done', { steps: t.integer(STEPS) });
      runButton.hidden = true; // the run is the same every time (its seed is fixed): nothing to run again
      setState('done');
    }
    function fail(message) {
      progress.hidden = true;
      status.textContent = message;
      status.classList.add('error');
      setState('error');
    }

    setState('locked');
    if (answered) unlock();
    return {
      getMaxScore: () => question.getMaxScore(),
      /** Clears the prediction; the results, which answer it, go until a new one is recorded. */
      resetTask() {
        question.resetTask();
        if (root.dataset.state === 'error') return;
        accuracy.clear();
        progress.hidden = true;
        status.textContent = '';
        lockNote.hidden = false;
        runButton.hidden = false;
        setState('locked');
      },
      showSolutions: () => question.showSolutions(),
    };
  },
};

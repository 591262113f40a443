// Train it yourself: seven copies of one small model, trained live in a worker, and what each learns.
// The exercise's data (the prediction) and the wiring; the experiment is train-arms.js, the worker's protocol
// train-session.js, the panels train-panels.js, the page's sentences train-words.js; its words, the train-it
// catalog's (web/i18n/catalogs/<locale>/train-it.json).
import { h } from '../widgets/dom.js';
import { choiceQuestion } from '../widgets/question.js';
import { localQuestion } from '../i18n/exercise.js';
import { ARMS, MODEL, TEST_LENGTHS, TEST_SAMPLES } from './train-arms.js';
import { TRAIN_MIN, TRAIN_MAX, armName, slopesText } from './train-words.js';
import { poolSize, trainingSession } from './train-session.js';
import { linkDemo } from '../widgets/link-state.js';
import { controlBar, statsPanel, curvesPanel, extrapolationPanel, attentionPanel } from './train-panels.js';

const CHUNK = 20; // steps per message to the workers: one curve point, ~50 ms of work for seven arms on one core
const DEPTH = 3; // chunks asked for ahead while playing
const DRAW_MS = 250; // while training, the table and the curves are redrawn at most this often
const BLOCK = 1000; // Play stops at each multiple of this (the length of the lab's measured runs)
const MAX_STEPS = 5000;
const EVAL_SEED = 7;
const SETTLE_MS = 250; // after training stops, wait this long before measuring, so a run of Step presses measures once

// The question, as data: which option is right. Its words: web/i18n/catalogs/<locale>/train-it.json (q.prompt,
// q.<id>.label, q.<id>.why). `order` is its English prompt, which keys each learner's option order.
const QUESTION = {
  key: 'q',
  prediction: true, // asked before the demo that answers it: recorded, not graded (web/widgets/question.js)
  order:
    'Predict first: after 1,000 training steps, which of the seven models will still be at chance (about half ' +
    'right) on new sequences of the training lengths?',
  options: [
    { id: 'none-alibi', correct: true },
    // not 'none': that is an arm's id, in the page (tests/browser/opaque.test.mjs); its feedback says what to
    // test, not which models fail it: that is the key
    { id: 'only-none', correct: false },
    { id: 'no-vectors', correct: false },
    { id: 'inside', correct: false },
  ],
};

/** The model and its seven arms, as the page introduces them (ALiBi's slopes arrive from the core). */
function introduction(t) {
  const about = (a, args) => t(`arm.${a.id}.about`, args);
  const alibi = ARMS.find((a) => a.slopes);
  const slopes = (known, values = []) =>
    about(alibi, { heads: MODEL.heads, known: known ? 'yes' : 'no', slopes: known ? slopesText(values, t) : '' });
  const slopesItem = h('span', {}, slopes(false));
  const items = ARMS.map((a) =>
    h(
      'li',
      {},
      h('strong', {}, t('arm.term', { name: armName(a.id, t) })),
      a.slopes ? slopesItem : about(a, { count: MODEL.maxLen, base: MODEL.base }),
    ),
  );
  const element = h(
    'div',
    {},
    h(
      'p',
      {},
      t('intro', {
        layers: MODEL.layers,
        heads: MODEL.heads,
        dModel: MODEL.dModel,
        min: TRAIN_MIN,
        max: TRAIN_MAX,
      }),
    ),
    h('ul', {}, ...items),
    h('p', { class: 'caveat' }, t('caveat')),
  );
  return { element, showSlopes: (values) => (slopesItem.textContent = slopes(true, values)) };
}

// Its words: web/i18n/catalogs/<locale>/train-it.json (title, why, and each sentence by its id; the panels'
// and the sentences of train-words.js too).
export default {
  questions: [QUESTION],
  id: 'train-it',
  trains: true, // it trains models in the page's lab: the page loads the core with the trainer (catalog.js)
  sources: [['source.kazemnejad', 'https://arxiv.org/abs/2305.19466']],
  mount(host, { lab, onResult, answered = false, restored = null, heading, link = false, t }) {
    let step = 0;
    let playing = false;
    let inFlight = 0; // chunks asked for and not yet answered (up to DEPTH while playing, one per Step)
    let sent = 0; // the step the models reach once those are answered
    let stopAt = BLOCK;
    let measuredStep = -1;
    let settleTimer = 0;

    const question = choiceQuestion({
      ...localQuestion(QUESTION, t),
      t,
      restored,
      onResult: (result) => {
        unlock();
        onResult?.(result);
      },
    });
    const intro = introduction(t);

    const root = h('div', { class: 'train-lab', 'data-state': 'locked', 'data-step': '0' });
    const lockNote = h('p', { class: 'hint' }, t('lab.locked'));
    const bar = controlBar({ play: () => (playing ? pause() : start()), step: stepOnce, reset }, CHUNK, t);
    // The arms train in a pool of workers, a core each (?trainWorkers=N in the address sets how many).
    const workers = poolSize(undefined, new URLSearchParams(globalThis.location?.search).get('trainWorkers'));
    const session = trainingSession(
      { reset: onReset, train: onTrain, measure, attention, fail },
      {
        isLive: () => root.isConnected,
        wasmModule: lab.wasmModule,
        size: workers,
        say: ({ code, ...args }) => t(`error.${code}`, args),
      },
    );
    root.dataset.workers = String(workers);
    const stats = statsPanel(CHUNK, t);
    const curves = curvesPanel(heading, CHUNK, t);
    const extrapolation = extrapolationPanel(heading, EVAL_SEED, t);
    const map = attentionPanel(heading, session.attention, t);
    const results = h(
      'div',
      { class: 'train-results', hidden: true },
      stats.element,
      curves.element,
      extrapolation.element,
      map.element,
    );
    // A link may name the seed and the model whose heads are shown (?seed=5&arm=rope).
    const linked = link ? linkDemo({ seed: bar.seedInput, arm: map.armInput }, root, t) : null;
    root.append(
      heading(1, t('lab.heading')),
      lockNote,
      bar.element,
      ...(linked ? [h('div', { class: 'actions' }, linked.button), linked.note] : []),
      bar.status,
      results,
    );
    host.append(intro.element, question.element, root);

    const at = (n) => t.integer(n);

    // While training, the table and the curves are drawn at most every DRAW_MS, at an animation frame, and at once
    // when it stops: with the table redrawn at every chunk (20 a second with two workers) and the layout, paint
    // and hover hit test that followed, the page's thread took a quarter of a core from the workers, on a machine
    // with none to spare.
    let latest = null; // the last answer not yet drawn
    let frame = 0,
      drawnAt = -Infinity;
    function draw() {
      clearTimeout(frame);
      frame = 0;
      if (!latest) return;
      drawnAt = performance.now();
      curves.draw(); // (first: its plots read their width, which a changed table would have to lay out first)
      stats.show(latest.step, latest.arms);
      latest = null;
    }
    function drawSoon() {
      if (frame) return;
      frame = setTimeout(() => requestAnimationFrame(draw), Math.max(0, drawnAt + DRAW_MS - performance.now()));
    }

    function setState(name) {
      root.dataset.state = name;
      const live = name !== 'locked' && name !== 'starting' && name !== 'error';
      bar.show({ live, playing, done: step >= MAX_STEPS });
      map.disabled = !live;
    }

    function unlock() {
      if (session.started || root.dataset.state === 'error') return;
      lockNote.hidden = true;
      if (!session.start()) return;
      session.reset(bar.seed() ?? 1); // the field's seed (1, or a link's)
      bar.status.textContent = t('status.starting');
      setState('starting');
    }

    function fail(message) {
      playing = false;
      inFlight = 0;
      bar.status.textContent = message;
      bar.status.classList.add('error');
      setState('error');
    }

    function sendChunk() {
      const steps = Math.min(CHUNK, MAX_STEPS - sent);
      inFlight += 1;
      sent += steps;
      clearTimeout(settleTimer);
      session.train(steps);
    }
    // While playing, DEPTH chunks are asked for ahead, so that a worker starts the next as soon as it has
    // answered one, never waiting for the page to hear every worker, join their answers and draw them.
    function keepAsking() {
      while (playing && inFlight < DEPTH && sent < stopAt) sendChunk();
    }

    function start() {
      if (step >= MAX_STEPS) return;
      playing = true;
      stopAt = Math.min(MAX_STEPS, (Math.floor(step / BLOCK) + 1) * BLOCK);
      bar.status.textContent = t('status.training', { step: at(stopAt) });
      setState('training');
      keepAsking();
    }

    // The chunks asked for ahead are still trained (at most DEPTH × CHUNK steps), then it stops.
    function pause() {
      playing = false;
      setState('pausing');
      if (!inFlight) stopped(t('status.paused', { step: at(step) }));
    }

    function stepOnce() {
      if (playing || inFlight || step >= MAX_STEPS) return;
      sendChunk();
    }

    // Training has stopped: say so, then measure the chart and refresh the heatmap once it settles.
    function stopped(message) {
      bar.status.textContent = message;
      setState('idle');
      clearTimeout(settleTimer);
      settleTimer = setTimeout(() => {
        if (playing || inFlight || step === 0 || measuredStep === step) return;
        extrapolation.measuring(step);
        session.measure({ lengths: TEST_LENGTHS, samples: TEST_SAMPLES, seed: EVAL_SEED });
        map.request();
      }, SETTLE_MS);
    }

    function reset() {
      const value = bar.seed();
      if (value === null) return; // the field says why
      playing = false;
      inFlight = 0; // (the old trainers' answers are dropped: train-session.js)
      clearTimeout(settleTimer);
      bar.status.textContent = t('status.resetting', { seed: value });
      setState('starting');
      session.reset(value);
    }

    function onReset({ slopes }) {
      latest = null;
      draw();
      step = 0;
      sent = 0;
      inFlight = 0;
      measuredStep = -1;
      root.dataset.step = '0';
      intro.showSlopes(slopes);
      extrapolation.clear();
      results.hidden = false;
      stats.show(0, null);
      curves.clear();
      bar.status.textContent = t('status.ready');
      setState('idle');
      map.request();
    }

    function onTrain(answer) {
      inFlight -= 1;
      step = answer.step;
      root.dataset.step = String(step); // where training is, for the page's tests and styles
      keepAsking(); // before drawing: the workers train on meanwhile
      if (step >= BLOCK) question.showOutcome(); // trained as far as the prediction asked
      latest = { step, arms: answer.arms };
      curves.add(step, answer.arms);
      if (inFlight > 0) return drawSoon(); // more answers on their way
      draw();
      const [wasPlaying, pausing] = [playing, root.dataset.state === 'pausing'];
      playing = false;
      if (step >= MAX_STEPS) stopped(t('status.limit', { step: at(step) }));
      else if (wasPlaying)
        stopped(t('status.stopped', { step: at(step), next: at(Math.min(MAX_STEPS, step + BLOCK)) }));
      else if (pausing) stopped(t('status.paused', { step: at(step) }));
      else stopped(t('status.at', { step: at(step) }));
    }

    function measure(answer) {
      measuredStep = answer.step;
      extrapolation.show(answer);
    }

    function attention(answer) {
      map.show(answer);
    }

    setState('locked');
    if (answered) unlock(); // predicted on an earlier visit: the training need not wait for a new check
    return {
      getMaxScore: () => question.getMaxScore(),
      /** Clears the prediction and pauses training; the trained models stay. */
      resetTask() {
        question.resetTask();
        if (playing) pause();
      },
      showSolutions: () => question.showSolutions(),
    };
  },
};

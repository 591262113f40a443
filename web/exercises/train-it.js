// Train it yourself: seven copies of one small model, trained live in a worker, and what each learns.
// The exercise's data (the prediction, the explain-back) and the wiring; the experiment is train-arms.js,
// the worker's protocol train-session.js, the panels train-panels.js, the page's sentences train-words.js.
import { h } from '../widgets/dom.js';
import { choiceQuestion } from '../widgets/question.js';
import { ARMS, MODEL, TEST_LENGTHS, TEST_SAMPLES } from './train-arms.js';
import { TRAIN_MIN, TRAIN_MAX, slopesText } from './train-words.js';
import { poolSize, trainingSession } from './train-session.js';
import { linkDemo } from '../widgets/link-state.js';
import { controlBar, statsPanel, curvesPanel, extrapolationPanel, attentionPanel } from './train-panels.js';

const CHUNK = 20; // steps per message to the worker: one curve point, ~100–170 ms of work for seven arms
const DEPTH = 2; // chunks asked for ahead while playing
const BLOCK = 1000; // Play stops at each multiple of this (the length of the lab's measured runs)
const MAX_STEPS = 5000;
const EVAL_SEED = 7;
const SETTLE_MS = 250; // after training stops, wait this long before measuring, so a run of Step presses measures once

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prediction: true, // asked before the demo that answers it: recorded, not graded (web/widgets/question.js)
  prompt:
    'Predict first: after 1,000 training steps, which of the seven models will still be at chance (about half ' +
    'right) on new sequences of the training lengths?',
  options: [
    {
      id: 'none-alibi',
      correct: true,
      label:
        'No encoding, and ALiBi with the mean readout; the other five, ALiBi with a CLS token among them, learn ' +
        'the task.',
      why:
        'Without an encoding, full attention is order-blind: permuting the tokens only permutes the outputs, and ' +
        'their mean does not change. ALiBi gives positions, but only as distances |i − j|, which do not change ' +
        'when the sequence is reversed; with the mean readout the model gives a sequence and its reverse exactly ' +
        'the same answer, and reversing swaps A and B. A CLS token stays at position 0 when the rest is reversed, ' +
        'so it breaks the symmetry. Train them, then type a sequence and its reverse below.',
    },
    {
      id: 'only-none', // not 'none': that is an arm's id, in the page (tests/browser/opaque.test.mjs)
      correct: false,
      label:
        'Only no encoding: every other model receives some signal of where its tokens are, and the task needs ' +
        'nothing more than that.',
      // Says what to test, not which models fail it: that is the key.
      why:
        'A signal of position is not always a signal of order. Reversing a sequence swaps whether A comes first: ' +
        'ask of each model whether anything it computes must change under that reversal. Train them and watch the ' +
        'curves, then type a sequence and its reverse below.',
    },
    {
      id: 'no-vectors',
      correct: false,
      label:
        'No encoding, with or without the causal mask: a model with nothing added to its token embeddings has no ' +
        'way to see order.',
      why:
        'The mask can carry order: with a causal mask a token attends only to itself and the tokens before it, so ' +
        'what the model computes at B depends on whether A came earlier. And RoPE adds nothing to the embeddings ' +
        'either, yet it learns: it turns queries and keys inside attention. Train them and compare.',
    },
    {
      id: 'inside',
      correct: false,
      label:
        'No encoding, ALiBi and RoPE: encodings inside attention see only how far apart two tokens are, never ' +
        'which one comes first.',
      why:
        'RoPE sees the signed offset: the score of a query at m and a key at n depends on m − n, and a key 3 ' +
        'before turns by the opposite angle to a key 3 after, so it can tell the order. Train them and compare the ' +
        'curves.',
    },
  ],
};

/** The model and its seven arms, as the page introduces them (ALiBi's slopes arrive from the core). */
function introduction() {
  const slopes = h('span', {}, '.');
  const items = ARMS.map((a) => h('li', {}, h('strong', {}, `${a.name}: `), a.about, ...(a.slopes ? [slopes] : [])));
  const element = h(
    'div',
    {},
    h(
      'p',
      {},
      `Seven copies of one small Transformer (${MODEL.layers === 1 ? 'one layer' : `${MODEL.layers} layers`}, ` +
        `${MODEL.heads} heads, width ${MODEL.dModel}) learn the same task from the same random batches. `,
      `Each sequence of ${TRAIN_MIN}–${TRAIN_MAX} tokens holds one A and one B among filler tokens; the answer ` +
        'is whether A comes before B. ',
      'Unless said otherwise, a model decides from the mean of its outputs at all positions (the mean readout), ',
      'and a mean does not depend on the order of what it averages. The copies differ in what can tell them ',
      'where a token is:',
    ),
    h('ul', {}, ...items),
    h(
      'p',
      { class: 'caveat' },
      'This is one small model on one toy task, trained for at most a few thousand steps: it shows what each ' +
        'way of giving position makes possible here, not how the encodings rank in large models on real text.',
    ),
  );
  return { element, showSlopes: (values) => (slopes.textContent = `: ${slopesText(values)}.`) };
}

export default {
  questions: [QUESTION],
  id: 'train-it',
  title: 'Train it yourself',
  why:
    'The capstone: train one small model with each way of giving position you have met, and see which can learn ' +
    'word order at all.',
  sources: [
    [
      'Kazemnejad et al. (2023), The Impact of Positional Encoding on Length Generalization in Transformers (NoPE)',
      'https://arxiv.org/abs/2305.19466',
    ],
  ],
  explain: {
    prompt:
      'Why does ALiBi with the mean readout stay at chance on this task, while the same model reading out a CLS ' +
      'token at position 0 learns it?',
    model:
      'ALiBi’s penalty −slope·|i − j| depends only on the distance between two positions, and reversing the ' +
      'sequence (position i becomes n − 1 − i) keeps every distance. Nothing else in the model knows positions, ' +
      'so the reversed sequence gives the same outputs in reverse order, and their mean is the same. But ' +
      'reversing swaps A and B, so the label flips: the model gives a sequence and its reverse the same answer, ' +
      'and so gets exactly one of the two right. A CLS token at position 0 stays first when the rest is reversed, ' +
      'so each token’s distance to it changes, and its output can tell a sequence from its reverse.',
  },
  mount(host, { lab, onResult, answered = false, restored = null, heading, link = false }) {
    let step = 0;
    let playing = false;
    let inFlight = 0; // chunks asked for and not yet answered (up to DEPTH while playing, one per Step)
    let sent = 0; // the step the models reach once those are answered
    let stopAt = BLOCK;
    let measuredStep = -1;
    let settleTimer = 0;

    const question = choiceQuestion({
      ...QUESTION,
      restored,
      onResult: (result) => {
        unlock();
        onResult?.(result);
      },
    });
    const intro = introduction();

    const root = h('div', { class: 'train-lab', 'data-state': 'locked', 'data-step': '0' });
    const lockNote = h(
      'p',
      { class: 'hint' },
      'Training unlocks once you have checked your prediction (or shown the solution).',
    );
    const bar = controlBar({ play: () => (playing ? pause() : start()), step: stepOnce, reset }, CHUNK);
    // The arms train in a pool of workers, a core each (?trainWorkers=N in the address sets how many).
    const workers = poolSize(undefined, new URLSearchParams(globalThis.location?.search).get('trainWorkers'));
    const session = trainingSession(
      { reset: onReset, train: onTrain, measure, attention, fail },
      { isLive: () => root.isConnected, wasmModule: lab.wasmModule, size: workers },
    );
    root.dataset.workers = String(workers);
    const stats = statsPanel(CHUNK);
    const curves = curvesPanel(heading, CHUNK);
    const extrapolation = extrapolationPanel(heading, EVAL_SEED);
    const map = attentionPanel(heading, session.attention);
    const results = h(
      'div',
      { class: 'train-results', hidden: true },
      stats.element,
      curves.element,
      extrapolation.element,
      map.element,
    );
    // A link may name the seed and the model whose heads are shown (?seed=5&arm=rope).
    const linked = link ? linkDemo({ seed: bar.seedInput, arm: map.armInput }, root) : null;
    root.append(
      heading(1, 'Train the seven models'),
      lockNote,
      bar.element,
      ...(linked ? [h('div', { class: 'actions' }, linked.button), linked.note] : []),
      bar.status,
      results,
    );
    host.append(intro.element, question.element, root);

    const at = (n) => n.toLocaleString('en');

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
      bar.status.textContent = 'Starting the trainer…';
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
      bar.status.textContent = `Training to step ${at(stopAt)}…`;
      setState('training');
      keepAsking();
    }

    // The chunks asked for ahead are still trained (at most DEPTH × CHUNK steps), then it stops.
    function pause() {
      playing = false;
      setState('pausing');
      if (!inFlight) stopped(`Paused at step ${at(step)}.`);
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
      bar.status.textContent = `Resetting with seed ${value}…`;
      setState('starting');
      session.reset(value);
    }

    function onReset({ slopes }) {
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
      bar.status.textContent = 'Ready: seven untrained models at step 0. Press Play, or Step.';
      setState('idle');
      map.request();
    }

    function onTrain(answer) {
      inFlight -= 1;
      step = answer.step;
      root.dataset.step = String(step); // where training is, for the page's tests and styles
      keepAsking(); // before drawing: the workers train on meanwhile
      if (step >= BLOCK) question.showOutcome(); // trained as far as the prediction asked
      stats.show(step, answer.arms);
      curves.add(step, answer.arms);
      if (inFlight > 0) return; // more answers on their way
      const [wasPlaying, pausing] = [playing, root.dataset.state === 'pausing'];
      playing = false;
      if (step >= MAX_STEPS) stopped(`Stopped at step ${at(step)}, this page’s limit. Reset to start again.`);
      else if (wasPlaying)
        stopped(`Stopped at step ${at(step)}. Play continues to ${at(Math.min(MAX_STEPS, step + BLOCK))}.`);
      else if (pausing) stopped(`Paused at step ${at(step)}.`);
      else stopped(`At step ${at(step)}.`);
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

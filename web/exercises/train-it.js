import { h, fmt, uid } from '../widgets/dom.js';
import { LinePlot } from '../widgets/lineplot.js';
import { Heatmap } from '../widgets/heatmap.js';
import { dataTable } from '../widgets/tables.js';
import { choiceQuestion } from '../widgets/question.js';
import { select } from './common.js';
import { ARMS, TEST_LENGTHS, TEST_SAMPLES } from './train-arms.js';

// What a worker error without a message most likely means.
const NOT_LOADED =
  "it did not load (its file or one it imports is missing on the server, or the page's Content-Security-Policy " +
  'forbids workers; the browser console names the file)';

const CHUNK = 20; // steps per message to the worker: one curve point, ~100–170 ms of work for seven arms
const BLOCK = 1000; // Play stops at each multiple of this (the length of the lab's measured runs)
const MAX_STEPS = 5000;
const EVAL_SEED = 7;
const TRAIN_MIN = 8,
  TRAIN_MAX = 16,
  MAX_TOKENS = 64; // lab.trainer's default maxEvalLength: the longest sequence the models take
const HEADS = 2; // lab.trainer's default, which train-arms.js keeps (and one layer: the heatmap shows layer 0)
const SEED_MAX = 4294967295;
const PAUSE_MS = 700; // a pause in typing this long counts as done

/** Filler letters, token ids 3–7; A is token 1 and B token 2 (0 is the CLS token, unused here). */
export const FILLERS = ['v', 'w', 'x', 'y', 'z'];
const LETTERS = ['CLS', 'A', 'B', ...FILLERS];

/**
 * A typed sequence → {tokens, letters} or {error}: letters A, B and the fillers, in any case, with or
 * without spaces or commas between them; exactly one A and one B (the task's sequences), at most
 * `maxLength` tokens.
 */
export function parseSequence(text, maxLength = MAX_TOKENS) {
  const chars = [...String(text)].filter((c) => !/[\s,]/u.test(c));
  if (chars.length === 0) return { error: 'Type a sequence, for example x x A x B x.' };
  const tokens = [];
  for (const c of chars) {
    const id = LETTERS.indexOf(c.length === 1 && /[ab]/i.test(c) ? c.toUpperCase() : c.toLowerCase());
    if (id < 1) return { error: `“${c}” is not a token here: use A, B and the fillers ${FILLERS.join(', ')}.` };
    tokens.push(id);
  }
  const a = tokens.filter((t) => t === 1).length,
    b = tokens.filter((t) => t === 2).length;
  if (a !== 1 || b !== 1)
    return {
      error: `The task’s sequences hold exactly one A and one B; this one has ${a} A and ${b} B.`,
    };
  if (tokens.length > maxLength)
    return { error: `At most ${maxLength} tokens (the longest the models take); this one has ${tokens.length}.` };
  return { tokens, letters: tokens.map((t) => LETTERS[t]) };
}

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

const armName = (id) => ARMS.find((a) => a.id === id).name;

/** How far from 0.5 a probability must be before the page calls the model's answer right or wrong. */
export const UNSURE = 0.1;

/** The end of the answer line: right or wrong, unless P is within UNSURE of a coin flip. */
export function verdict(probability, aFirst) {
  if (Math.abs(probability - 0.5) < UNSURE)
    return `but a P within ${UNSURE} of 0.5 is close to a coin flip: the model gives no clear answer here.`;
  return `so its answer is ${probability > 0.5 === aFirst ? 'right' : 'wrong'}.`;
}

/** With `samples` fair coin flips, the accuracy stays within this of 0.5 about 95% of the time (2 sd). */
export const chanceBand = (samples) => 2 * Math.sqrt(0.25 / samples);
const range = (values) => {
  const lo = Math.min(...values),
    hi = Math.max(...values);
  return fmt(lo, 2) === fmt(hi, 2) ? fmt(lo, 2) : `${fmt(lo, 2)}–${fmt(hi, 2)}`;
};

/** What the worker's count of trained rows ({total, trained}) means for the learned table. */
export const learnedRowsNote = ({ total, trained }) =>
  `The learned table has ${total} rows; training has reached ${trained} of them, so the rows for positions ` +
  `${trained} and up still hold their random initial values. One seed, one run: another seed gives other numbers.`;

/**
 * A sentence on the arms whose accuracy past the training lengths is further below 0.5 than chance explains
 * (more than chanceBand below), or '' when there are none.
 */
export function belowChance(lengths, samples, arms) {
  const band = chanceBand(samples);
  const low = ARMS.map((a) => ({
    name: a.name,
    points: lengths
      .map((length, i) => ({ length, accuracy: arms[a.id][i] }))
      .filter((p) => p.length > TRAIN_MAX && p.accuracy < 0.5 - band),
  })).filter((a) => a.points.length);
  if (!low.length) return '';
  const listed = low
    .map((a) => `${a.name} (${a.points.map((p) => `${fmt(p.accuracy, 3)} at length ${p.length}`).join(', ')})`)
    .join('; ');
  return (
    `Below chance: ${listed}. A model that guessed would stay within ${fmt(band, 3)} of 0.5 about 95% of the ` +
    `time with ${samples} sequences, so these are not bad luck: at those lengths each of these models answers ` +
    'more than half of the sequences the wrong way round. ' +
    `A rule that fits lengths ${TRAIN_MIN}–${TRAIN_MAX} need not hold past them, and can hold in reverse there; ` +
    'nothing in training rewarded it for the lengths it never saw.'
  );
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
  mount(host, { onResult, answered = false, restored = null, heading }) {
    const state = {
      worker: null,
      generation: 0, // the trainers' generation; answers for an older one are ignored
      step: 0,
      playing: false,
      busy: false, // a chunk is in flight
      stopAt: BLOCK,
      history: { x: [], arms: Object.fromEntries(ARMS.map((a) => [a.id, { loss: [], accuracy: [] }])) },
      latest: null,
      measuredStep: -1,
      attentionRequest: 0,
      settleTimer: 0,
      frame: 0,
    };

    // --- the prediction -------------------------------------------------------------------------
    const question = choiceQuestion({
      ...QUESTION,
      restored,
      onResult: (result) => {
        unlock();
        onResult?.(result);
      },
    });

    // --- the training panel ---------------------------------------------------------------------
    const root = h('div', { class: 'train-lab', 'data-state': 'locked', 'data-step': '0' });
    const lockNote = h(
      'p',
      { class: 'hint' },
      'Training unlocks once you have checked your prediction (or shown the solution).',
    );
    const status = h('p', { class: 'status', role: 'status' });
    const play = h(
      'button',
      { type: 'button', disabled: true, onclick: () => (state.playing ? pause() : start()) },
      'Play',
    );
    const stepButton = h(
      'button',
      { type: 'button', class: 'secondary', disabled: true, onclick: stepOnce },
      `Step +${CHUNK}`,
    );
    const resetButton = h('button', { type: 'button', class: 'secondary', disabled: true, onclick: reset }, 'Reset');
    const seedId = uid('seed'),
      seedHint = uid('seed-hint');
    const seed = h('input', {
      id: seedId,
      type: 'number',
      min: 0,
      max: SEED_MAX,
      step: 1,
      value: 1,
      disabled: true,
      inputmode: 'numeric',
      'aria-describedby': seedHint,
    });
    const seedMessage = h('p', { class: 'hint', id: seedHint }, 'A new seed takes effect when you press Reset.');
    const controls = h(
      'div',
      { class: 'train-controls' },
      h('div', { class: 'actions' }, play, stepButton, resetButton),
      h('div', { class: 'control seed' }, h('label', { for: seedId }, 'Seed'), seed),
      seedMessage,
    );

    const results = h('div', { class: 'train-results', hidden: true });
    const statsBody = h('tbody', {});
    const statsCaption = h('caption', {});
    const statsTable = h(
      'div',
      { class: 'table-scroll' },
      h(
        'table',
        { class: 'matrix train-stats' },
        statsCaption,
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, 'model'),
            h('th', { scope: 'col' }, 'loss'),
            h('th', { scope: 'col' }, 'accuracy'),
          ),
        ),
        statsBody,
      ),
    );
    const statRows = Object.fromEntries(
      ARMS.map((a, i) => {
        const loss = h('td', {}, '–'),
          accuracy = h('td', {}, '–');
        const tr = h('tr', { 'data-arm': a.id }, h('th', { scope: 'row', class: `arm s${i}` }, a.name), loss, accuracy);
        statsBody.append(tr);
        return [a.id, { tr, loss, accuracy }];
      }),
    );
    const curves = h('div', { class: 'side-by-side train-curves' });
    const lossHost = h('div', {}, heading(2, 'Loss'));
    const accuracyHost = h('div', {}, heading(2, 'Accuracy on each step’s fresh sequences'));
    curves.append(lossHost, accuracyHost);
    const lossPlot = new LinePlot(lossHost, {
      label: 'Training loss of the seven models against the training step',
      xLabel: 'step',
      yLabel: 'loss',
      yRange: [0, 1],
    });
    const accuracyPlot = new LinePlot(accuracyHost, {
      label: 'Accuracy of the seven models on their fresh training sequences, against the training step',
      xLabel: 'step',
      yLabel: 'accuracy',
      yRange: [0, 1],
    });
    const curveNote = h(
      'p',
      { class: 'hint' },
      `Each point is the mean over ${CHUNK} steps. Every step draws a fresh batch of 32 random sequences of ` +
        `${TRAIN_MIN}–${TRAIN_MAX} tokens, `,
      'so the accuracy is measured on sequences the model has not trained on yet (before that step’s update).',
    );

    // --- the extrapolation chart ----------------------------------------------------------------
    const extrapolation = h('div', { class: 'train-extrapolation', hidden: true });
    const extrapolationPlotHost = h('div', {});
    const extrapolationPlot = new LinePlot(extrapolationPlotHost, {
      label:
        `Accuracy of the seven models against the test length; training lengths ${TRAIN_MIN} to ${TRAIN_MAX} ` +
        'shaded',
      xLabel: 'test length (tokens)',
      yLabel: 'accuracy',
      yRange: [0, 1],
      points: true,
    });
    const measuredNote = h('p', { class: 'hint' });
    const summary = h('ul', { class: 'train-summary' });
    const belowNote = h('p', { class: 'train-below' });
    const learnedNote = h('p', {});
    const extrapolationTable = h('div', {});
    extrapolation.append(
      heading(1, 'Past the training lengths'),
      measuredNote,
      extrapolationPlotHost,
      summary,
      belowNote,
      learnedNote,
      extrapolationTable,
    );

    // --- the attention heatmap ------------------------------------------------------------------
    const attention = h('div', { class: 'train-attention' });
    const sequenceId = uid('sequence'),
      sequenceMessage = uid('sequence-message');
    const sequence = h('input', {
      id: sequenceId,
      type: 'text',
      value: 'x x A x B x',
      autocomplete: 'off',
      spellcheck: 'false',
      'aria-describedby': sequenceMessage,
    });
    const sequenceError = h('p', { class: 'hint', id: sequenceMessage, 'aria-live': 'polite' });
    const armSelect = select({
      label: 'Model',
      options: ARMS.map((a) => [a.id, a.name]),
      value: 'sinusoidal',
      onchange: requestAttention,
    });
    const headSelect = select({
      label: 'Head',
      options: Array.from({ length: HEADS }, (_, i) => [String(i), `${i + 1} of ${HEADS}`]),
      value: '0',
      onchange: requestAttention,
    });
    // Checked when the learner pauses or presses Enter, not at every key (a screen reader would read an error
    // for almost every letter of "x A x x B y").
    let typing = 0;
    sequence.addEventListener('input', () => {
      clearTimeout(typing);
      typing = setTimeout(requestAttention, PAUSE_MS);
    });
    sequence.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      clearTimeout(typing);
      requestAttention();
    });
    const mapHost = h('div', { class: 'attention-map' });
    const tokensLine = h('p', { class: 'hint' });
    const answerLine = h('p', { class: 'train-answer' });
    const reverseLine = h('p', { class: 'train-reverse' });
    let heatmap = null;
    attention.append(
      heading(1, 'Where a head looks'),
      h(
        'p',
        {},
        `Type a sequence with one A and one B among the fillers ${FILLERS.join(', ')} (spaces optional; it is ` +
          'read when you pause or press Enter), and choose a model and a head. ',
        'Row i shows how much position i attends to each position (each row sums to 1).',
      ),
      h('div', { class: 'control wide' }, h('label', { for: sequenceId }, 'Sequence'), sequence),
      sequenceError,
      h('div', { class: 'controls' }, armSelect.element, headSelect.element),
      answerLine,
      reverseLine,
      tokensLine,
      mapHost,
    );

    results.append(statsTable, curves, curveNote, extrapolation, attention);
    root.append(heading(1, 'Train the seven models'), lockNote, controls, status, results);
    const inputs = [play, stepButton, resetButton, seed, sequence, armSelect.input, headSelect.input];

    host.append(
      h(
        'p',
        {},
        'Seven copies of one small Transformer (one layer, two heads, width 16) learn the same task from the same ' +
          'random batches. ',
        `Each sequence of ${TRAIN_MIN}–${TRAIN_MAX} tokens holds one A and one B among filler tokens; the answer ` +
          'is whether A comes before B. ',
        'Unless said otherwise, a model decides from the mean of its outputs at all positions (the mean readout), ',
        'and a mean does not depend on the order of what it averages. The copies differ in what can tell them ',
        'where a token is:',
      ),
      h(
        'ul',
        {},
        h('li', {}, h('strong', {}, 'No encoding: '), 'token embeddings only; every token attends to every token.'),
        h('li', {}, h('strong', {}, 'Sinusoidal: '), 'the sinusoidal table added to the embeddings.'),
        h('li', {}, h('strong', {}, 'Learned: '), 'a trained table of 128 position vectors added instead.'),
        h(
          'li',
          {},
          h('strong', {}, 'RoPE: '),
          'queries and keys turned by their positions (base 10000, the halves layout).',
        ),
        h(
          'li',
          {},
          h('strong', {}, 'ALiBi: '),
          'the two-sided bias −slope·|i − j|, slopes 1/16 and 1/256 (the paper’s rule for two heads).',
        ),
        h(
          'li',
          {},
          h('strong', {}, 'No encoding + causal mask: '),
          'nothing added anywhere, but each token attends only to itself and the tokens before it (NoPE, as ',
          'Kazemnejad et al. call it).',
        ),
        h(
          'li',
          {},
          h('strong', {}, 'ALiBi + CLS token: '),
          'ALiBi again, with one more token, CLS, put first at position 0; its output alone decides.',
        ),
      ),
      h(
        'p',
        { class: 'caveat' },
        'This is one small model on one toy task, trained for at most a few thousand steps: it shows what each ' +
          'way of giving position makes possible here, not how the encodings rank in large models on real text.',
      ),
      question.element,
      root,
    );

    // --- state and rendering --------------------------------------------------------------------
    function setState(name) {
      root.dataset.state = name;
      play.textContent = state.playing ? 'Pause' : 'Play';
      const live = name !== 'locked' && name !== 'starting' && name !== 'error';
      play.disabled = !live || (!state.playing && state.step >= MAX_STEPS);
      stepButton.disabled = !live || state.playing || state.step >= MAX_STEPS;
      resetButton.disabled = !live;
      seed.disabled = !live;
      for (const input of [sequence, armSelect.input, headSelect.input]) input.disabled = !live;
    }

    function unlock() {
      if (state.worker || root.dataset.state === 'error') return;
      lockNote.hidden = true;
      let worker;
      try {
        worker = new Worker(new URL('./train-worker.js', import.meta.url), { type: 'module', name: 'train-worker' });
      } catch (error) {
        fail(`The page could not start its training worker: ${error.message}`);
        return;
      }
      state.worker = worker;
      worker.onmessage = ({ data }) => receive(data);
      worker.onerror = (event) => {
        event.preventDefault();
        fail('The training worker stopped: ' + `${event.message || NOT_LOADED}.`);
      };
      status.textContent = 'Starting the trainer…';
      setState('starting');
      send({ type: 'reset', seed: 1 });
    }

    function fail(message) {
      state.playing = false;
      state.busy = false;
      state.worker?.terminate();
      state.worker = null;
      status.textContent = message;
      status.classList.add('error');
      setState('error');
    }

    function send(message) {
      state.worker?.postMessage({ ...message, generation: state.generation });
    }

    function sendChunk() {
      state.busy = true;
      clearTimeout(state.settleTimer);
      send({ type: 'train', steps: Math.min(CHUNK, MAX_STEPS - state.step) });
    }

    function start() {
      if (state.step >= MAX_STEPS) return;
      state.playing = true;
      state.stopAt = Math.min(MAX_STEPS, (Math.floor(state.step / BLOCK) + 1) * BLOCK);
      status.textContent = `Training to step ${state.stopAt.toLocaleString('en')}…`;
      setState('training');
      if (!state.busy) sendChunk();
    }

    function pause() {
      state.playing = false;
      setState('pausing');
      if (!state.busy) stopped(`Paused at step ${state.step.toLocaleString('en')}.`);
    }

    function stepOnce() {
      if (state.playing || state.busy || state.step >= MAX_STEPS) return;
      sendChunk();
    }

    // Training has stopped: say so, then measure the chart and refresh the heatmap (after a short
    // wait, so that a run of Step presses measures once).
    function stopped(message) {
      if (message) status.textContent = message;
      setState('idle');
      clearTimeout(state.settleTimer);
      state.settleTimer = setTimeout(() => {
        if (state.playing || state.busy || state.step === 0 || state.measuredStep === state.step) return;
        measuredNote.textContent = `Measuring at step ${state.step.toLocaleString('en')}…`;
        send({ type: 'measure', lengths: TEST_LENGTHS, samples: TEST_SAMPLES, seed: EVAL_SEED });
        requestAttention();
      }, 250);
    }

    function reset() {
      const value = seed.value.trim() === '' ? NaN : Number(seed.value);
      if (!Number.isInteger(value) || value < 0 || value > SEED_MAX) {
        seed.setAttribute('aria-invalid', 'true');
        seedMessage.textContent = `The seed must be a whole number from 0 to ${SEED_MAX}.`;
        return;
      }
      seed.removeAttribute('aria-invalid');
      seedMessage.textContent = 'A new seed takes effect when you press Reset.';
      state.generation += 1;
      state.playing = false;
      state.busy = false;
      clearTimeout(state.settleTimer);
      status.textContent = `Resetting with seed ${value}…`;
      setState('starting');
      send({ type: 'reset', seed: value });
    }

    function receive(data) {
      if (!root.isConnected) {
        // The exercise left the page (a <pe-exercise> renamed, say): nothing is left to train for.
        state.playing = false;
        state.worker?.terminate();
        state.worker = null;
        return;
      }
      if (data?.type === 'ready') return;
      if (data?.type === 'error') {
        if (data.generation === undefined || data.generation === state.generation) fail(data.message);
        return;
      }
      if (data?.generation !== state.generation) return; // for trainers reset since
      if (data.type === 'reset') {
        state.step = 0;
        state.busy = false;
        state.latest = null;
        state.measuredStep = -1;
        state.history.x = [];
        for (const a of ARMS) state.history.arms[a.id] = { loss: [], accuracy: [] };
        root.dataset.step = '0';
        extrapolation.hidden = true;
        delete extrapolation.dataset.step;
        results.hidden = false;
        showStats();
        draw();
        status.textContent = 'Ready: seven untrained models at step 0. Press Play, or Step.';
        setState('idle');
        requestAttention();
      } else if (data.type === 'train') {
        state.busy = false;
        state.step = data.step;
        if (state.step >= BLOCK) question.showOutcome(); // trained as far as the prediction asked
        state.latest = data.arms;
        state.history.x.push(data.step);
        for (const a of ARMS) {
          state.history.arms[a.id].loss.push(data.arms[a.id].loss);
          state.history.arms[a.id].accuracy.push(data.arms[a.id].accuracy);
        }
        showStats();
        scheduleDraw();
        if (state.playing && state.step < state.stopAt) sendChunk();
        else if (state.playing) {
          state.playing = false;
          stopped(
            state.step >= MAX_STEPS
              ? `Stopped at step ${state.step.toLocaleString('en')}, this page’s limit. Reset to start again.`
              : `Stopped at step ${state.step.toLocaleString('en')}. ` +
                  `Play continues to ${Math.min(MAX_STEPS, state.step + BLOCK).toLocaleString('en')}.`,
          );
        } else if (root.dataset.state === 'pausing') stopped(`Paused at step ${state.step.toLocaleString('en')}.`);
        else stopped(`At step ${state.step.toLocaleString('en')}.`);
      } else if (data.type === 'measure') {
        showExtrapolation(data);
      } else if (data.type === 'attention') {
        if (data.request === state.attentionRequest) showAttention(data);
      }
    }

    function scheduleDraw() {
      if (state.frame) return;
      state.frame = requestAnimationFrame(() => {
        state.frame = 0;
        draw();
      });
    }

    // The numbers at once (the page's data-step and data-accuracy say where training is), the plots at
    // most once a frame.
    function showStats() {
      root.dataset.step = String(state.step);
      statsCaption.textContent =
        state.step === 0
          ? 'Step 0: nothing trained yet.'
          : `After step ${state.step.toLocaleString('en')}: mean loss and accuracy over the last ${CHUNK} steps, ` +
            'on fresh sequences';
      for (const a of ARMS) {
        const row = statRows[a.id],
          latest = state.latest?.[a.id];
        row.loss.textContent = latest ? latest.loss.toFixed(3) : '–';
        row.accuracy.textContent = latest ? latest.accuracy.toFixed(3) : '–';
        if (latest) {
          row.tr.dataset.loss = String(latest.loss);
          row.tr.dataset.accuracy = String(latest.accuracy);
        } else {
          delete row.tr.dataset.loss;
          delete row.tr.dataset.accuracy;
        }
      }
    }

    function draw() {
      const { x, arms } = state.history;
      curves.hidden = x.length === 0;
      curveNote.hidden = x.length === 0;
      if (x.length === 0) return;
      const series = (key) => ARMS.map((a) => ({ name: a.name, values: arms[a.id][key] }));
      const losses = ARMS.flatMap((a) => arms[a.id].loss);
      lossPlot.yRange = [0, Math.max(1, Math.ceil(Math.max(...losses) * 4) / 4)];
      lossPlot.update(x, series('loss'));
      accuracyPlot.update(x, series('accuracy'), { rules: [{ y: 0.5, label: 'chance' }] });
    }

    function showExtrapolation({ step, lengths, samples, arms, learnedRows }) {
      state.measuredStep = step;
      extrapolation.hidden = false;
      extrapolation.dataset.step = String(step);
      measuredNote.textContent =
        `Measured after step ${step.toLocaleString('en')}: accuracy on ${samples} fresh sequences per length ` +
        `(evaluation seed ${EVAL_SEED}). The models trained on lengths ${TRAIN_MIN}–${TRAIN_MAX} only (shaded).`;
      const series = ARMS.map((a) => ({ name: a.name, values: arms[a.id] }));
      extrapolationPlot.update(lengths, series, {
        bands: [{ from: TRAIN_MIN, to: TRAIN_MAX, label: 'trained' }],
        rules: [{ y: 0.5, label: 'chance' }],
        xTicks: lengths.filter((l) => l !== 12),
      });
      const inside = lengths.map((l, i) => (l <= TRAIN_MAX ? i : -1)).filter((i) => i >= 0);
      const longest = lengths.length - 1;
      summary.replaceChildren(
        ...ARMS.map((a) =>
          h(
            'li',
            { 'data-arm': a.id },
            `${a.name}: ${range(inside.map((i) => arms[a.id][i]))} at the training lengths, `,
            `${range(lengths.map((l, i) => (l > TRAIN_MAX ? arms[a.id][i] : NaN)).filter(Number.isFinite))} past them `,
            `(${fmt(arms[a.id][longest], 2)} at length ${lengths[longest]}).`,
          ),
        ),
      );
      belowNote.textContent = belowChance(lengths, samples, arms);
      learnedNote.textContent = learnedRows ? learnedRowsNote(learnedRows) : '';
      extrapolationTable.replaceChildren(dataTable('Data table of the accuracies', 'test length', lengths, series));
    }

    function requestAttention() {
      if (!state.worker || root.dataset.state === 'starting') return;
      const parsed = parseSequence(sequence.value);
      if (parsed.error) {
        // No answer for this sequence: the last one's answer and map go, so nothing stale is shown.
        sequence.setAttribute('aria-invalid', 'true');
        sequenceError.textContent = parsed.error;
        state.attentionRequest += 1; // an answer still in flight is for the old sequence
        answerLine.textContent = 'No answer: the models take only sequences like the ones they learn from (see above).';
        reverseLine.textContent = '';
        tokensLine.textContent = '';
        mapHost.hidden = true;
        return;
      }
      sequence.removeAttribute('aria-invalid');
      sequenceError.textContent = '';
      state.attentionRequest += 1;
      state.attentionLetters = parsed.letters;
      send({
        type: 'attention',
        request: state.attentionRequest,
        arm: armSelect.input.value,
        layer: 0,
        head: Number(headSelect.input.value),
        tokens: parsed.tokens,
      });
    }

    function showAttention({ step, arm, head, n, weights, probability, reversed }) {
      // A CLS arm's map has one more row and column, for the CLS token at position 0.
      const letters =
        n === state.attentionLetters.length + 1 ? ['CLS', ...state.attentionLetters] : state.attentionLetters;
      const label = (i) => `${i} (${letters[i]})`;
      if (!heatmap)
        heatmap = new Heatmap(mapHost, {
          label:
            'Attention weights of the chosen head: rows are the attending positions, columns the attended ones, ' +
            'colour from 0 (the background) to 1 (strongest)',
          rowName: 'query',
          columnName: 'key',
          limit: 1,
          signed: false,
          describe: (r, c, v) => `query ${label(r)} attends to key ${label(c)} with weight ${v.toFixed(4)}`,
        });
      mapHost.hidden = false;
      heatmap.update(weights, n, n);
      tokensLine.textContent = `Positions: ${letters.map((l, i) => `${i} ${l}`).join(' · ')}`;
      const aFirst = letters.indexOf('A') < letters.indexOf('B');
      answerLine.textContent =
        `${armName(arm)}, head ${head + 1}, at step ${step.toLocaleString('en')}: ` +
        `the model gives P(A before B) = ${fmt(probability, 4)}. Here A is ${aFirst ? 'before' : 'after'} B, ` +
        verdict(probability, aFirst);
      const same = fmt(reversed, 4) === fmt(probability, 4);
      reverseLine.textContent =
        `The same sequence reversed, where A is ${aFirst ? 'after' : 'before'} B: P(A before B) = ${fmt(reversed, 4)}` +
        (same ? ', the same to four decimals.' : '.');
      reverseLine.dataset.same = String(same);
    }

    setState('locked');
    if (answered) unlock(); // predicted on an earlier visit: the training need not wait for a new check
    return {
      getMaxScore: () => question.getMaxScore(),
      /** Clears the prediction and pauses training; the trained models stay. */
      resetTask() {
        question.resetTask();
        if (state.playing) pause();
      },
      showSolutions: () => question.showSolutions(),
    };
  },
};

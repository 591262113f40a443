// Longer than trained: how RoPE is stretched past a model's training length (position interpolation,
// NTK-aware scaling, YaRN). The frequencies and angles come from lab.ropeFrequencies on the page; the
// experiment (stretch-experiment.js) runs in the training worker, its panels are stretch-panels.js.
import { h, fmt } from '../widgets/dom.js';
import { formula } from '../widgets/math.js';
import { choiceQuestion } from '../widgets/question.js';
import { trainingSession } from './train-session.js';
import { FACTOR, METHODS, PARTS, SEED, STEPS, TRAINED, TRAIN_MIN } from './stretch-experiment.js';
import { stretched, frequencyPanel, anglePanel, accuracyPanel } from './stretch-panels.js';

/** NTK-aware scaling's base, as the page writes it (ntk-base.js asks for it). */
export const NTK_BASE = 'b \\to b\\,s^{r/(r-2)}';
const YARN_FACTOR = '0.1 \\ln s + 1';

// How much further than in training an interpolated pair turns at the last of s·L₀ positions: (s·L₀ − 1)/(s·(L₀ − 1)).
const BEYOND = fmt((FACTOR * TRAINED - 1) / (FACTOR * (TRAINED - 1)), 2);

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prediction: true, // asked before the run that answers it: recorded, not graded
  prompt:
    `Predict first: the model trained on lengths ${TRAIN_MIN}–${TRAINED} reads sequences of ` +
    `${FACTOR * TRAINED} tokens, ${FACTOR} times its longest, with no fine-tuning. Which keeps the most accuracy?`,
  options: [
    {
      id: 'pi-and-yarn',
      correct: true,
      label:
        'Position interpolation and YaRN, about alike: both divide by s each pair that made no full turn in training.',
      why:
        `At ${FACTOR} × L₀ those pairs turn barely further than at the end of training (${BEYOND} times as far), ` +
        'and the pair YaRN leaves alone turned more than once in training. NTK-aware divides the pairs between ' +
        'by less than s, so they reach angles training never gave them; without scaling, every slow pair does.',
    },
    {
      id: 'keep-positions',
      correct: false,
      label: 'No scaling: RoPE’s scores depend only on offsets, and its formula gives an angle for every one.',
      why:
        'The formula gives every angle, but this model trained on offsets up to 15 only: at 64 tokens its slow ' +
        'pairs turn further than anything it learned from.',
    },
    {
      id: 'ntk-only',
      correct: false,
      label: 'NTK-aware scaling: it leaves the fast pairs as trained and stretches the slow ones.',
      why:
        'It divides only the slowest pair by the full s; the pairs between are divided by less, so at 4 × L₀ they ' +
        'still turn further than in training.',
    },
    {
      id: 'all-alike',
      correct: false,
      label: 'All three alike: each brings the slowest pair back to its training angles.',
      why: 'They agree on the slowest pair (the angles above) but not on the pairs between it and the fastest.',
    },
  ],
};

export default {
  questions: [QUESTION],
  id: 'longer-than-trained',
  title: 'Longer than trained: stretching RoPE',
  formulas: { inline: [NTK_BASE, YARN_FACTOR] },
  why:
    'Models are read at lengths longer than those they trained on; these are the ways practitioners stretch ' +
    '[[RoPE|rope]] for it, tried on a model you train here.',
  sources: [
    [
      'Chen et al. (2023), Extending Context Window of Large Language Models via Positional Interpolation',
      'https://arxiv.org/abs/2306.15595',
    ],
    [
      'Peng et al. (2023), YaRN: Efficient Context Window Extension of Large Language Models',
      'https://arxiv.org/abs/2309.00071',
    ],
    [
      'Hugging Face transformers, modeling_rope_utils.py (the rope_scaling types)',
      'https://github.com/huggingface/transformers/blob/main/src/transformers/modeling_rope_utils.py',
    ],
  ],
  explain: {
    prompt:
      'Why does dividing a slow pair’s frequency by s help a model read sequences s times longer, and why can ' +
      'YaRN leave the fastest pair alone?',
    model:
      'A pair that never made a full turn in training met only some of its angles; divided by s, it turns no ' +
      'further over s·L₀ positions than it did over L₀. A pair that turned many times met every angle already, ' +
      'so it keeps its frequency, and the resolution between neighbours that interpolation takes away.',
  },
  mount(host, { lab, onResult, answered = false, restored = null, heading }) {
    let done = 0; // parts of the run received
    const question = choiceQuestion({
      ...QUESTION,
      restored, // a prediction recorded on an earlier visit stays, and closed
      onResult: (result) => {
        unlock();
        onResult?.(result);
      },
    });
    const f = stretched(lab); // each method's frequencies, from the core: both panels draw from them
    const frequencies = frequencyPanel(f, heading);
    const angles = anglePanel(f);
    const accuracy = accuracyPanel(heading);

    const root = h('div', { class: 'stretch-lab', 'data-state': 'locked' });
    const lockNote = h(
      'p',
      { class: 'hint' },
      'The run unlocks once you have recorded your prediction (or shown the solution).',
    );
    const runButton = h('button', { type: 'button', disabled: true, onclick: run }, 'Train and stretch');
    // Where focus waits while the button is disabled (the run) and once it is gone (done): not the page's body.
    const actions = h('div', { class: 'actions', role: 'group', 'aria-label': 'The run', tabindex: '-1' }, runButton);
    const progress = h('progress', { max: PARTS, value: 0, hidden: true, 'aria-label': 'Parts of the run done' });
    const status = h('p', { class: 'status', role: 'status' });
    const session = trainingSession(
      { stretch: part, stretched: finished, fail },
      { isLive: () => root.isConnected, wasmModule: lab.wasmModule },
    );
    root.append(
      heading(1, 'Train one, stretch it four ways'),
      h(
        'p',
        {},
        `The capstone’s RoPE model, trained ${STEPS.toLocaleString('en')} steps on ${TRAIN_MIN}–${TRAINED} ` +
          `tokens (is A before B?) from seed ${SEED}, tested longer under each method, then after a short ` +
          'fine-tune of a copy.',
      ),
      lockNote,
      actions,
      progress,
      status,
      accuracy.element,
    );
    host.append(
      h(
        'p',
        {},
        'A model trained on at most L₀ tokens never met the angles RoPE gives later positions. To read s times as ',
        'many, its pairs are slowed to turn through angles like those of training. Three ways (in quotes, their ',
        'rope_scaling type in Hugging Face transformers; r: a head’s rotated width, b: the base):',
      ),
      h(
        'ul',
        {},
        h(
          'li',
          {},
          h('strong', {}, 'Position interpolation'),
          ' (Chen et al. 2023, "linear"): every frequency divided by s. Position p turns as p/s did, and ',
          'neighbours are 1/s of a position apart.',
        ),
        h(
          'li',
          {},
          h('strong', {}, 'NTK-aware'),
          ' (2023, set out in the YaRN paper; "dynamic" grows it with the length read): the base changes, ',
          formula(NTK_BASE),
          '. The fastest pair keeps its frequency, the slowest is divided by exactly s, those between by less.',
        ),
        h(
          'li',
          {},
          h('strong', {}, 'YaRN'),
          ' (Peng et al. 2023, "yarn"): pairs turning more than 32 times over L₀ positions keep their ',
          'frequency, those turning less than once are divided by s, and a ramp over the pair index between them ',
          'blends the two (transformers rounds its ends to whole pairs); cos and sin are multiplied by ',
          formula(YARN_FACTOR),
          '.',
        ),
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
      status.textContent = `Training ${STEPS.toLocaleString('en')} steps…`;
      if (runButton.getRootNode().activeElement === runButton) actions.focus(); // (a document, or a shadow root)
      setState('running');
      session.stretch(SEED);
    }
    const METHOD = Object.fromEntries(METHODS.map((m) => [m.id, m.name]));
    function part({ part: p }) {
      if (root.dataset.state !== 'running') return; // started over meanwhile
      progress.value = ++done;
      if (p.stage === 'trained') status.textContent = 'Trained. Testing each method at every length…';
      else if (p.stage === 'plain') {
        accuracy.add('plain', p.method, p.accuracy);
        if (p.method === METHODS[METHODS.length - 1].id) {
          question.showOutcome(); // the prediction asked about the run without fine-tuning: done
          status.textContent = 'Fine-tuning a copy per method…';
        }
      } else {
        accuracy.add('tuned', p.method, p.accuracy);
        status.textContent = `Fine-tuned and tested: ${METHOD[p.method]}.`;
      }
    }
    function finished() {
      if (root.dataset.state !== 'running') return;
      progress.hidden = true;
      status.textContent =
        `Done: trained ${STEPS.toLocaleString('en')} steps, stretched four ways, ` + 'fine-tuned four copies.';
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

// The page's side of the training workers' protocol (train-worker.js lists the messages): a pool of workers,
// each training its share of the arms on a core of its own (an arm split between two of them moves from one to
// the other every chunk: plan), whose answers are joined into one per request, as if one worker had trained
// every arm: the models are the same, bit for bit, whatever the pool's size (a split arm's loss and accuracy
// over a chunk are its two parts' means weighted by their steps, equal but for rounding). It stamps every
// request with the trainers' generation and hands each joined answer of the current generation to the page's
// handler of that type. Nothing here knows the page's panels. A failure is a code with its details ({code,
// detail, name}); `say` puts it in words (train-it's error.<code> messages, in English unless the page gives its
// own `say`).
import { ARMS } from './train-arms.js';
import { english } from './train-words.js';

/** A failure in English: train-it's message error.<code>. */
const inEnglish = ({ code, ...args }) => english(`error.${code}`, args);

/**
 * How many workers train the arms: every core on a machine of two or fewer, one left for the page above that,
 * at most one per arm; `wanted` (a link's ?trainWorkers=N, 1 to the number of arms) overrides it.
 */
export function poolSize(cores = globalThis.navigator?.hardwareConcurrency, wanted = null) {
  const n = Number(wanted);
  if (Number.isInteger(n) && n >= 1 && n <= ARMS.length) return n;
  const c = Number.isInteger(cores) && cores > 0 ? cores : 1;
  return Math.min(ARMS.length, c <= 2 ? c : c - 1);
}

const sum = (values) => values.reduce((a, b) => a + b, 0);
// An arm's work per step: 1 / its steps per second (`rates` by id; the arms' own measured ones by default).
const RATES = Object.fromEntries(ARMS.map((a) => [a.id, a.stepsPerSecond]));
const workOf = (id, rates = RATES) => 1 / rates[id];

/**
 * How `n` workers share the arms so that each has the same work in a chunk (an arm's work per step is 1 / its
 * measured stepsPerSecond): McNaughton's wrap-around rule. The arms, in order, fill one worker after another up to
 * the even share; an arm that overflows a worker is split, `share` of each chunk's steps on that worker (`lower`)
 * and the rest on the next, and its trainer moves between the two once a chunk (saveState, loadState). A chunk
 * then lasts one even share, where dealing whole arms left the busiest worker 4/7 of the work with two workers.
 * A split that would leave under a tenth of the arm on either worker is not made (the arm goes whole to one, a
 * little past the even share), nor any when there is a worker for each arm.
 * Returns {fixed: the arms' ids each worker keeps, travellers: [{id, lower, share}]}.
 */
export function plan(n) {
  if (n >= ARMS.length)
    return { fixed: Array.from({ length: n }, (_, w) => (w < ARMS.length ? [ARMS[w].id] : [])), travellers: [] };
  const work = ARMS.map((a) => workOf(a.id));
  const even = Math.max(sum(work) / n, ...work);
  const tolerance = even * 1e-9;
  const fixed = Array.from({ length: n }, () => []),
    travellers = [];
  let w = 0,
    room = even;
  ARMS.forEach(({ id }, i) => {
    if (work[i] > room + tolerance && w < n - 1) {
      const share = room / work[i];
      if (share >= 0.1 && share <= 0.9) {
        travellers.push({ id, lower: w, share });
        room = even - (work[i] - room);
        w += 1;
        return;
      }
      // Under a tenth of the arm on either worker is not worth a move: it goes whole to this one (a little past
      // the even share) or to the next.
      if (share < 0.1) [w, room] = [w + 1, even];
    }
    fixed[w].push(id);
    room -= work[i];
    if (room <= tolerance && w < n - 1) [w, room] = [w + 1, even];
  });
  return { fixed, travellers };
}

/** Each worker's work in a chunk under plan(n), an arm's work per step being 1 / its rate (`rates`, by id). */
export function loads(n, rates = RATES) {
  const { fixed, travellers } = plan(n);
  const load = fixed.map((ids) => sum(ids.map((id) => workOf(id, rates))));
  for (const { id, lower, share } of travellers) {
    load[lower] += share * workOf(id, rates);
    load[lower + 1] += (1 - share) * workOf(id, rates);
  }
  return load;
}

/**
 * The travellers' shares that give every worker the same time in a chunk, given how fast each has been (`speeds`,
 * work per unit of time; all alike, plan's own shares): worker w should do speeds[w] × τ, τ = all the work ÷ all
 * the speed. Its own arms and its part of the traveller from below are fixed, so its part of the next traveller
 * makes up the rest, worker by worker from the first (each share kept within 0 to 1). A worker that shares its core
 * with the page, say, then trains less of a travelling arm, rather than the other waiting for it every chunk.
 */
export function balanced({ fixed, travellers }, speeds) {
  const own = fixed.map((ids) => sum(ids.map((id) => workOf(id))));
  const tau = (sum(own) + sum(travellers.map((t) => workOf(t.id)))) / sum(speeds);
  const below = new Array(fixed.length).fill(0); // the part of a traveller from below each worker does
  return travellers.map(({ id, lower }) => {
    const work = workOf(id);
    const share = Math.min(1, Math.max(0, (speeds[lower] * tau - own[lower] - below[lower]) / work));
    below[lower + 1] = (1 - share) * work;
    return share;
  });
}

// The time a worker's pieces take at the arms' rates (ms): a worker's speed is this ÷ the time they took, 1 when
// it trains as fast as the bench measured.
const workIn = (list) => 1000 * sum(list.map((p) => p.steps * workOf(p.arm)));

// One worker's pieces of a chunk of `steps` steps: [{arm, steps, to?, from?}] in order (`shares`: the travellers').
// A travelling arm goes on from where the last chunk left it: it starts the chunk on that worker (its steps there
// first, then its state sent `to` the other) and ends it on the other (`from`: the state awaited, then its steps
// there, last). The direction alternates, so each arm moves once a chunk, and a worker starts with one arm and ends
// with another.
function pieces({ fixed, travellers }, w, steps, chunk, shares) {
  const first = [],
    last = [];
  for (const [i, { id, lower }] of travellers.entries()) {
    const share = shares[i];
    if (w !== lower && w !== lower + 1) continue;
    const onLower = Math.round(steps * share);
    const here = w === lower ? onLower : steps - onLower;
    const other = w === lower ? lower + 1 : lower;
    if ((chunk % 2 === 0) === (w === lower)) first.push({ arm: id, steps: here, to: other });
    else last.push({ arm: id, steps: here, from: other });
  }
  return [...first, ...fixed[w].map((arm) => ({ arm, steps })), ...last];
}

const SMOOTHING = 0.2; // how far each chunk's timing moves a worker's speed

// The worker a travelling arm is on after `chunks` chunks: its lower one after an even number.
const holder = ({ lower }, chunks) => (chunks % 2 === 0 ? lower : lower + 1);

// Answers of these types come from every worker and are joined: their per-arm records merged (a travelling arm's
// two parts of a chunk as one, weighted by their steps), the step the furthest (every arm's, once all are in),
// the rest (lengths, slopes) alike in all; the learned table's rows from the worker that has it.
const JOINED = new Set(['reset', 'train', 'measure']);
function both(a, b) {
  const steps = a.steps + b.steps;
  const mean = (key) => (a[key] * a.steps + b[key] * b.steps) / steps;
  return { loss: mean('loss'), accuracy: mean('accuracy'), steps };
}
function join(answers) {
  const joined = { ...answers[0], arms: {} };
  for (const a of answers) {
    for (const [id, r] of Object.entries(a.arms ?? {}))
      joined.arms[id] = joined.arms[id] ? both(joined.arms[id], r) : r;
    if (a.learnedRows) joined.learnedRows = a.learnedRows;
    joined.step = Math.max(joined.step, a.step);
  }
  if (answers[0].type === 'reset') delete joined.arms;
  return joined;
}

/**
 * @param handlers {reset, train, measure, attention, stretch, stretched: (answer) => void (those the page asks
 *   for), fail: (message, failure) => void: the failure in words, and as {code, detail?, name?}}
 * @param isLive () => boolean: false once the exercise has left the page, which ends the workers
 * @param wasmModule the page's compiled core (lab.wasmModule): each worker starts its lab from it, fetching
 *   and compiling nothing
 * @param size how many workers (poolSize()); the longer-than-trained experiment needs one
 * @param say (failure) => the sentence handlers.fail is given: a worker that stopped ({code: 'stopped', detail}
 *   or {code: 'notLoaded'}: with no message, it most likely did not load), one the page could not start
 *   ('noWorker'), the core not starting in it ('core', 'noCore'), a request that threw ('failed', {name, detail})
 */
export function trainingSession(handlers, { isLive, wasmModule, size = 1, say = inEnglish }) {
  let pool = []; // the workers
  const planned = plan(size);
  let generation = 0; // answers for an older generation (trainers reset since) are ignored
  let chunks = 0; // chunks asked for since the trainers were made: where the travelling arms are
  let nextId = 0;
  const waiting = new Map(); // request id → the answers joined so far

  function end() {
    for (const worker of pool) worker.terminate();
    pool = [];
    waiting.clear();
  }
  function fail(failure) {
    end();
    handlers.fail(say(failure), failure);
  }
  // Each worker's speed, smoothed over its chunks: its pieces' work ÷ the time it spent training them (`ms`).
  // (Only their ratios matter.)
  const speeds = new Array(size).fill(1);
  const sent = new Map(); // train request id → the work each worker was given in it
  function timed(data, w) {
    const work = sent.get(data.id)?.[w];
    if (work > 0 && data.ms > 0) speeds[w] += SMOOTHING * (work / data.ms - speeds[w]);
  }
  function receive(data, w) {
    if (!isLive()) return end(); // the exercise left the page (a <pe-exercise> renamed, say)
    if (data?.type === 'ready') return;
    if (data?.type === 'error') {
      if (data.generation === undefined || data.generation === generation)
        fail({ code: data.code ?? 'failed', detail: data.detail ?? '', name: data.name ?? 'Error' });
      return;
    }
    if (data?.generation !== generation) return;
    if (JOINED.has(data.type)) {
      const got = waiting.get(data.id);
      if (!got) return;
      if (data.type === 'train') timed(data, w);
      got.push(data);
      if (got.length < pool.length) return;
      waiting.delete(data.id);
      sent.delete(data.id);
      return handlers[data.type]?.(join(got));
    }
    handlers[data.type]?.(data);
  }
  // To every worker, with what `own(w)` adds for worker w, answered once all have answered.
  function toAll(message, own) {
    const id = ++nextId;
    waiting.set(id, []);
    pool.forEach((worker, w) => worker.postMessage({ ...message, ...own(w), generation, id }));
    return id;
  }
  const toOne = (message, index = 0) => pool[index]?.postMessage({ ...message, generation, id: ++nextId });
  // The arms worker w trains (a travelling arm on both its workers), and those it holds now.
  const trains = (w) => [
    ...planned.fixed[w],
    ...planned.travellers.filter((t) => w === t.lower || w === t.lower + 1).map((t) => t.id),
  ];
  const holds = (w) => [
    ...planned.fixed[w],
    ...planned.travellers.filter((t) => holder(t, chunks) === w).map((t) => t.id),
  ];

  return {
    get started() {
      return pool.length > 0;
    },
    get size() {
      return pool.length;
    },
    /** Starts the workers; false (and handlers.fail called) when one cannot start. */
    start() {
      try {
        for (let i = 0; i < size; i++) {
          const worker = new Worker(new URL('./train-worker.js', import.meta.url), {
            type: 'module',
            name: 'train-worker',
          });
          worker.onmessage = ({ data }) => receive(data, i);
          worker.postMessage({ type: 'load', wasmModule });
          worker.onerror = (event) => {
            event.preventDefault();
            fail(event.message ? { code: 'stopped', detail: event.message } : { code: 'notLoaded' });
          };
          pool.push(worker);
        }
        // Neighbours pass their travelling arm's state to each other directly, not through this page.
        for (let i = 0; i + 1 < size; i++) {
          const { port1, port2 } = new MessageChannel();
          pool[i].postMessage({ type: 'link', to: i + 1, port: port1 }, [port1]);
          pool[i + 1].postMessage({ type: 'link', to: i, port: port2 }, [port2]);
        }
      } catch (error) {
        fail({ code: 'noWorker', detail: error.message });
        return false;
      }
      return true;
    },
    /** New trainers: answers still in flight for the old ones are dropped. */
    reset(seed) {
      generation += 1;
      chunks = 0;
      waiting.clear();
      sent.clear();
      toAll({ type: 'reset', seed }, (w) => ({ arms: trains(w) }));
    },
    train(steps) {
      const chunk = chunks++,
        shares = balanced(planned, speeds);
      const given = pool.map((_, w) => pieces(planned, w, steps, chunk, shares));
      sent.set(
        toAll({ type: 'train' }, (w) => ({ pieces: given[w] })),
        given.map(workIn),
      );
    },
    measure: (request) => toAll({ type: 'measure', ...request }, (w) => ({ arms: holds(w) })),
    /** A head of one arm: asked of the worker that trains it. */
    attention: (request) =>
      toOne(
        { type: 'attention', ...request },
        pool.findIndex((_, w) => holds(w).includes(request.arm)),
      ),
    /** The longer-than-trained experiment, run whole (stretch-experiment.js): its parts, then its results; the
     *  parts of a run asked for before are dropped. */
    stretch(seed) {
      generation += 1;
      toOne({ type: 'stretch', seed });
    },
    end,
  };
}

// The page's side of the training workers' protocol (train-worker.js lists the messages): a pool of workers,
// each training its share of the arms on a core of its own, whose answers are joined into one per request,
// as if one worker had trained every arm. It stamps every request with the trainers' generation and hands
// each joined answer of the current generation to the page's handler of that type. Nothing here knows the
// page's panels. A failure is a code with its details ({code, detail, name}); `say` puts it in words (train-it's
// error.<code> messages, in English unless the page gives its own `say`).
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

/**
 * The arms' ids in `n` shares whose busiest has the least work (an arm's work per step is 1 / its measured
 * stepsPerSecond), found by trying every way to deal them (seven arms: a few thousand ways at most, pruned). A
 * chunk takes as long as the busiest share, so seven arms on two workers train at most total ÷ busiest ≈ 1.8
 * times as fast as on one.
 */
export function shares(n) {
  const arms = [...ARMS].sort((a, b) => a.stepsPerSecond - b.stepsPerSecond); // the slowest first: prunes sooner
  const work = arms.map((a) => 1 / a.stepsPerSecond);
  const load = new Array(n).fill(0),
    owner = new Array(arms.length);
  let best = { busiest: Infinity, owner: null };
  (function deal(i) {
    const busiest = Math.max(...load);
    if (busiest >= best.busiest) return;
    if (i === arms.length) return void (best = { busiest, owner: [...owner] });
    // A worker still empty is like any other empty one: try only the first of them.
    for (let w = 0; w < n; w++) {
      owner[i] = w;
      load[w] += work[i];
      deal(i + 1);
      load[w] -= work[i];
      if (load[w] === 0) break;
    }
  })(0);
  return Array.from({ length: n }, (_, w) => arms.filter((_, i) => best.owner[i] === w).map((a) => a.id));
}

// Answers of these types come from every worker and are joined: their per-arm records merged, the rest
// (steps, lengths, slopes) alike in all; the learned table's rows from the worker that has it.
const JOINED = new Set(['reset', 'train', 'measure']);
function join(answers) {
  const joined = { ...answers[0], arms: {} };
  for (const a of answers) {
    Object.assign(joined.arms, a.arms);
    if (a.learnedRows) joined.learnedRows = a.learnedRows;
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
  let pool = []; // {worker, arms}
  let generation = 0; // answers for an older generation (trainers reset since) are ignored
  let nextId = 0;
  const waiting = new Map(); // request id → the answers joined so far

  function end() {
    for (const { worker } of pool) worker.terminate();
    pool = [];
    waiting.clear();
  }
  function fail(failure) {
    end();
    handlers.fail(say(failure), failure);
  }
  function receive(data) {
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
      got.push(data);
      if (got.length < pool.length) return;
      waiting.delete(data.id);
      return handlers[data.type]?.(join(got));
    }
    handlers[data.type]?.(data);
  }
  // To every worker (with its share of the arms for a reset), answered once all have answered.
  function toAll(message) {
    const id = ++nextId;
    waiting.set(id, []);
    for (const { worker, arms } of pool) worker.postMessage({ ...message, arms, generation, id });
  }
  const toOne = (message, index = 0) => pool[index]?.worker.postMessage({ ...message, generation, id: ++nextId });

  return {
    get started() {
      return pool.length > 0;
    },
    get size() {
      return pool.length;
    },
    /** Starts the workers; false (and handlers.fail called) when one cannot start. */
    start() {
      const dealt = shares(size);
      try {
        for (let i = 0; i < size; i++) {
          const worker = new Worker(new URL('./train-worker.js', import.meta.url), {
            type: 'module',
            name: 'train-worker',
          });
          worker.onmessage = ({ data }) => receive(data);
          worker.postMessage({ type: 'load', wasmModule });
          worker.onerror = (event) => {
            event.preventDefault();
            fail(event.message ? { code: 'stopped', detail: event.message } : { code: 'notLoaded' });
          };
          pool.push({ worker, arms: dealt[i] });
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
      waiting.clear();
      toAll({ type: 'reset', seed });
    },
    train: (steps) => toAll({ type: 'train', steps }),
    measure: (request) => toAll({ type: 'measure', ...request }),
    /** A head of one arm: asked of the worker that trains it. */
    attention: (request) =>
      toOne(
        { type: 'attention', ...request },
        pool.findIndex((w) => w.arms.includes(request.arm)),
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

// Trains some of the train-it exercise's arms (train-arms.js) off the main thread: the page runs a pool of these
// (train-session.js), each with its share of the arms, and an arm split between two workers moves from one to the
// other once a chunk, its state sent straight to the other worker over a MessagePort. The page drives them: it
// asks for a chunk of steps, and asks for the next only once every answer is back (or a few ahead), so pausing is
// simply not asking again and the page never waits on the core. Messages are worked through in order; a chunk
// whose next piece awaits an arm's state waits for it, and the messages behind it with it. A worker also runs the
// longer-than-trained experiment (stretch-experiment.js) whole, saying each part as it is done.
//
// In:  {type: 'load', wasmModule}                    first: the page's compiled core (lab.wasmModule)
//      {type: 'link', to, port}                      the port to worker `to` (travelling arms' states come and go)
//      {type: 'reset', generation, seed, arms}         new trainers for the arms named (ids; the old ones are
//                                                      deleted); the answer carries ALiBi's slopes for MODEL.heads
//      {type: 'train', generation, pieces}            in order, each {arm, steps, from?, to?}: the arm's state
//                                                      first taken `from` that worker, then `steps` steps
//                                                      (0: none), then its state sent `to` that one
//      {type: 'measure', generation, arms, lengths, samples, seed}   accuracy per arm named, per test length
//      {type: 'attention', generation, request, arm, layer, head, tokens}   (answers P for the reverse too)
//      {type: 'stretch', generation, seed}                 the whole experiment: a {type: 'stretch', part}
//                                                      per part, then {type: 'stretched', plain, tuned}
//      on a port: {generation, arm, step, fingerprint, state}   an arm's state (trainer.saveState()), for its
//                                                      next piece here
// Out: the same type with the results, every answer carrying its request's `generation` (the page
//      ignores answers for trainers it has reset since) and `id` (which request of the pool's it answers);
//      a train answer has {step, ms, arms: {id: {loss, accuracy, steps}}} for the pieces that stepped (ms: the
//      time they took, from which the page learns how fast this worker is);
//      {type: 'ready', build} (answering 'load'); {type: 'error', code, detail?, name?}: what failed, as a code
//      the page puts in words (train-session.js; the details are the core's or the browser's own words).
import { createLab } from 'positional-encoding-lab';
import { ARMS, MODEL } from './train-arms.js';
import { runExperiment } from './stretch-experiment.js';

let runs = null; // arm id → trainer (a travelling arm has one on each of its workers: the state moves)
const taken = {}; // arm id → the steps its trainer here has taken (a travelling arm's: when it was last here)
let newest = 0; // the newest generation asked for: messages and states of older ones are dropped
const queue = []; // messages not yet answered, in order
const links = new Map(); // worker index → the port to it
const arrived = new Map(); // arm id → {generation, step, fingerprint, state}: from another worker, for a piece here

// A train message's pieces from `done.next` on, as far as the states have come: true once all are done
// (`done` holds what they answered so far and the time they took, kept across waits).
function train(message, done) {
  const { pieces, generation } = message;
  for (; done.next < pieces.length; done.next++) {
    const { arm, steps, from, to } = pieces[done.next];
    const run = runs[arm];
    if (from !== undefined) {
      const got = arrived.get(arm); // (one of a generation still to come is left for it)
      if (got?.generation !== generation) return false;
      run.loadState({ step: got.step, fingerprint: got.fingerprint, state: got.state });
      taken[arm] = got.step;
      arrived.delete(arm);
    }
    if (steps > 0) {
      const start = performance.now();
      const stats = run.step(steps);
      done.ms += performance.now() - start;
      done.arms[arm] = { loss: stats.loss, accuracy: stats.accuracy, steps };
      taken[arm] = stats.step;
    }
    if (to !== undefined) {
      const saved = run.saveState();
      links.get(to).postMessage({ generation, arm, ...saved }, [saved.state.buffer]);
    }
  }
  return true;
}

function reset(lab, message) {
  for (const run of Object.values(runs ?? {})) run.delete();
  runs = null;
  const made = {}; // if one trainer cannot be made, the ones made before it are freed, not left to the GC
  try {
    for (const a of ARMS)
      if (message.arms.includes(a.id)) made[a.id] = lab.trainer({ ...MODEL, ...a.options, seed: message.seed });
  } catch (error) {
    for (const run of Object.values(made)) run.delete();
    throw error;
  }
  runs = made;
  for (const id of Object.keys(taken)) delete taken[id];
  for (const id of Object.keys(made)) taken[id] = 0;
  return { step: 0, slopes: Array.from(lab.alibiSlopes({ heads: MODEL.heads })) };
}

function measure(message) {
  const { lengths, samples, seed } = message;
  const arms = {};
  for (const id of message.arms)
    arms[id] = lengths.map((length) => runs[id].evaluate({ length, samples, seed }).accuracy);
  const rows = message.arms.includes('learned') ? runs.learned.learnedRowsTrained() : null;
  const learnedRows = rows ? { trained: rows.reduce((n, r) => n + r, 0), total: rows.length } : null;
  return { step: Math.max(0, ...message.arms.map((id) => taken[id])), lengths, samples, arms, learnedRows };
}

function attention(message) {
  const { request, arm, layer, head, tokens } = message;
  const run = runs[arm];
  const { n, weights, probability } = run.attentionWeights({ tokens, layer, head });
  // The same model on the sequence reversed (whose label is the other one): ALiBi's arm with the mean
  // readout answers both alike.
  const reversed = run.attentionWeights({ tokens: [...tokens].reverse(), layer, head }).probability;
  return { step: taken[arm], request, arm, layer, head, n, weights, probability, reversed };
}

// The answer to one message; null while a train message waits for a state. `post` sends an answer before the
// last (the stretch experiment's parts).
function handle(lab, message, post) {
  const { type, generation } = message;
  if (type === 'stretch') {
    const results = runExperiment(lab, message.seed, (part) => post({ type, generation, part }));
    return { type: 'stretched', generation, ...results };
  }
  if (type === 'reset') return { type, generation, ...reset(lab, message) };
  if (!runs) throw new Error('no trainers yet');
  if (type === 'train') {
    message.done ??= { next: 0, arms: {}, ms: 0 };
    if (!train(message, message.done)) return null;
    const step = Math.max(0, ...message.pieces.map((p) => taken[p.arm]));
    return { type, generation, step, arms: message.done.arms, ms: message.done.ms };
  }
  if (type === 'measure') return { type, generation, ...measure(message) };
  if (type === 'attention') return { type, generation, ...attention(message) };
  throw new Error(`unknown message type ${String(type)}`);
}

let failure = null; // {code, detail}: why the core did not start
let lab = null; // once the page's first message ('load') has come and the core has started
let ready = null; // its promise
// The page's compiled core, posted to the worker: the lab starts from it without fetching the .wasm again.
function load(wasmModule) {
  return createLab({ wasmModule }).then(
    (made) => {
      lab = made;
      self.postMessage({ type: 'ready', build: lab.build });
      drain();
    },
    (error) => {
      failure = { code: 'core', detail: error.message };
      self.postMessage({ type: 'error', ...failure });
      drain();
    },
  );
}

// Answers the queued messages in order, as far as it can (a train message may wait for a state).
function drain() {
  while (queue.length > 0) {
    const message = queue[0];
    if (!lab) {
      if (!failure) return; // still loading
      queue.shift();
      self.postMessage({ type: 'error', generation: message?.generation, ...failure });
      continue;
    }
    try {
      const answer = handle(lab, message, (part) => self.postMessage(part));
      if (answer === null) return;
      queue.shift();
      self.postMessage({ ...answer, id: message.id });
    } catch (error) {
      queue.shift();
      self.postMessage({
        type: 'error',
        generation: message.generation,
        code: 'failed',
        name: error.name,
        detail: error.message,
      });
    }
  }
}

// A newer generation makes every older message and state moot (the page ignores their answers): dropped, so a
// chunk waiting for a state that will never come does not hold up the new trainers.
function renew(generation) {
  if (!(generation > newest)) return;
  newest = generation;
  queue.length = 0;
  for (const [arm, state] of arrived) if (state.generation < newest) arrived.delete(arm);
}

function arrive(data) {
  if (data.generation < newest) return;
  arrived.set(data.arm, data);
  drain();
}

self.onmessage = ({ data }) => {
  if (data?.type === 'load') {
    ready = load(data.wasmModule);
    return;
  }
  if (data?.type === 'link') {
    links.set(data.to, data.port);
    data.port.onmessage = ({ data: state }) => arrive(state);
    return;
  }
  if (!ready) {
    self.postMessage({ type: 'error', generation: data?.generation, code: 'noCore' });
    return;
  }
  renew(data?.generation);
  queue.push(data);
  drain();
};

// Trains some of the train-it exercise's arms (train-arms.js) off the main thread, one message at a time, in
// order: the page runs a pool of these, each with its share of the arms (train-session.js). The page drives
// them: it asks for a chunk of steps, and asks for the next only once every answer is back, so pausing is
// simply not asking again and the page never waits on the core. A worker also runs the longer-than-trained
// experiment (stretch-experiment.js) whole, saying each part as it is done.
//
// In:  {type: 'load', wasmModule}                    first: the page's compiled core (lab.wasmModule)
//      {type: 'reset', generation, seed, arms}         new trainers for the arms named (ids; every arm if
//                                                      left out; the old ones are deleted); the answer
//                                                      carries ALiBi's slopes for MODEL.heads
//      {type: 'train', generation, steps}              `steps` steps of each of its arms
//      {type: 'measure', generation, lengths, samples, seed}   accuracy per arm of its and test length
//      {type: 'attention', generation, request, arm, layer, head, tokens}   (answers P for the reverse too)
//      {type: 'stretch', generation, seed}                 the whole experiment: a {type: 'stretch', part}
//                                                      per part, then {type: 'stretched', plain, tuned}
// Out: the same type with the results, every answer carrying its request's `generation` (the page
//      ignores answers for trainers it has reset since) and `id` (which request of the pool's it answers);
//      {type: 'ready', build} (answering 'load'); {type: 'error', code, detail?, name?}: what failed, as a code
//      the page puts in words (train-session.js; the details are the core's or the browser's own words).
import { createLab } from 'positional-encoding-lab';
import { ARMS, MODEL } from './train-arms.js';
import { runExperiment } from './stretch-experiment.js';

let runs = null; // arm id → trainer
let trained = 0; // steps each arm has taken

// `post` sends an answer before the last (the stretch experiment's parts).
function handle(lab, message, post) {
  const { type, generation } = message;
  if (type === 'stretch') {
    const results = runExperiment(lab, message.seed, (part) => post({ type, generation, part }));
    return { type: 'stretched', generation, ...results };
  }
  if (type === 'reset') {
    for (const run of Object.values(runs ?? {})) run.delete();
    runs = null;
    const made = {}; // if one trainer cannot be made, the ones made before it are freed, not left to the GC
    try {
      for (const a of ARMS)
        if (!message.arms || message.arms.includes(a.id))
          made[a.id] = lab.trainer({ ...MODEL, ...a.options, seed: message.seed });
    } catch (error) {
      for (const run of Object.values(made)) run.delete();
      throw error;
    }
    runs = made;
    trained = 0;
    return { type, generation, step: 0, slopes: Array.from(lab.alibiSlopes({ heads: MODEL.heads })) };
  }
  if (!runs) throw new Error('no trainers yet');
  if (type === 'train') {
    const arms = {};
    for (const [id, run] of Object.entries(runs)) {
      const stats = run.step(message.steps);
      arms[id] = { loss: stats.loss, accuracy: stats.accuracy };
      trained = stats.step;
    }
    return { type, generation, step: trained, steps: message.steps, arms };
  }
  if (type === 'measure') {
    const { lengths, samples, seed } = message;
    const arms = {};
    for (const [id, run] of Object.entries(runs))
      arms[id] = lengths.map((length) => run.evaluate({ length, samples, seed }).accuracy);
    const rows = runs.learned?.learnedRowsTrained();
    const learnedRows = rows ? { trained: rows.reduce((n, r) => n + r, 0), total: rows.length } : null;
    return { type, generation, step: trained, lengths, samples, arms, learnedRows };
  }
  if (type === 'attention') {
    const { request, arm, layer, head, tokens } = message;
    const { n, weights, probability } = runs[arm].attentionWeights({ tokens, layer, head });
    // The same model on the sequence reversed (whose label is the other one): ALiBi's arm with the mean
    // readout answers both alike.
    const reversed = runs[arm].attentionWeights({ tokens: [...tokens].reverse(), layer, head }).probability;
    return { type, generation, step: trained, request, arm, layer, head, n, weights, probability, reversed };
  }
  throw new Error(`unknown message type ${String(type)}`);
}

let failure = null; // {code, detail}: why the core did not start
let ready = null; // the lab, once the page's first message ('load') has come
// The page's compiled core, posted to the worker: the lab starts from it without fetching the .wasm again.
function load(wasmModule) {
  return createLab({ wasmModule }).then(
    (lab) => {
      self.postMessage({ type: 'ready', build: lab.build });
      return lab;
    },
    (error) => {
      failure = { code: 'core', detail: error.message };
      self.postMessage({ type: 'error', ...failure });
      return null;
    },
  );
}

self.onmessage = ({ data }) => {
  if (data?.type === 'load') {
    ready = load(data.wasmModule);
    return;
  }
  if (!ready) {
    self.postMessage({ type: 'error', generation: data?.generation, code: 'noCore' });
    return;
  }
  ready.then((lab) => {
    if (!lab) {
      self.postMessage({ type: 'error', generation: data?.generation, ...failure });
      return;
    }
    try {
      self.postMessage({ ...handle(lab, data, (answer) => self.postMessage(answer)), id: data?.id });
    } catch (error) {
      self.postMessage({
        type: 'error',
        generation: data?.generation,
        code: 'failed',
        name: error.name,
        detail: error.message,
      });
    }
  });
};

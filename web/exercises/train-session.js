// The page's side of the training worker's protocol (train-worker.js lists the messages): it starts the
// worker, stamps every request with the trainers' generation, and hands each answer of the current
// generation to the page's handler of that type. Nothing here knows the page's panels.

// What a worker error without a message most likely means.
const NOT_LOADED =
  "it did not load (its file or one it imports is missing on the server, or the page's Content-Security-Policy " +
  'forbids workers; the browser console names the file)';

/**
 * @param handlers {reset, train, measure, attention, stretch, stretched: (answer) => void (those the page asks
 *   for), fail: (message) => void}
 * @param isLive () => boolean: false once the exercise has left the page, which ends the worker
 */
export function trainingSession(handlers, isLive) {
  let worker = null;
  let generation = 0; // answers for an older generation (trainers reset since) are ignored

  function end() {
    worker?.terminate();
    worker = null;
  }
  function fail(message) {
    end();
    handlers.fail(message);
  }
  function receive(data) {
    if (!isLive()) return end(); // the exercise left the page (a <pe-exercise> renamed, say)
    if (data?.type === 'ready') return;
    if (data?.type === 'error') {
      if (data.generation === undefined || data.generation === generation) fail(data.message);
      return;
    }
    if (data?.generation !== generation) return;
    handlers[data.type]?.(data);
  }
  function send(message) {
    worker?.postMessage({ ...message, generation });
  }

  return {
    get started() {
      return worker !== null;
    },
    /** Starts the worker; false (and handlers.fail called) when it cannot start. */
    start() {
      try {
        worker = new Worker(new URL('./train-worker.js', import.meta.url), { type: 'module', name: 'train-worker' });
      } catch (error) {
        fail(`The page could not start its training worker: ${error.message}`);
        return false;
      }
      worker.onmessage = ({ data }) => receive(data);
      worker.onerror = (event) => {
        event.preventDefault();
        fail(`The training worker stopped: ${event.message || NOT_LOADED}.`);
      };
      return true;
    },
    /** New trainers: answers still in flight for the old ones are dropped. */
    reset(seed) {
      generation += 1;
      send({ type: 'reset', seed });
    },
    train: (steps) => send({ type: 'train', steps }),
    measure: (request) => send({ type: 'measure', ...request }),
    attention: (request) => send({ type: 'attention', ...request }),
    /** The longer-than-trained experiment, run whole (stretch-experiment.js): its parts, then its results; the
     *  parts of a run asked for before are dropped. */
    stretch(seed) {
      generation += 1;
      send({ type: 'stretch', seed });
    },
    end,
  };
}

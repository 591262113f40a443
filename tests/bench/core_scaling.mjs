// What two cores give this machine, without a browser: Train it yourself's seven arms (train-arms.js) trained for a
// few seconds in one Node worker thread, then in two at once, each with its own lab, in rounds; the ratio of the
// two threads' steps/s together to one thread's alone is the most the page's pool of two workers could reach here
// (the page's own thread, its compositor and the browser's share the same cores besides). This file is also the
// threads' script.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const CHUNK = 20; // steps per call, as the page's workers take them

// In a thread: make the arms, wait for 'go' (so that two threads train at the same time), train for `ms`, and
// answer the seven arms' steps/s together.
async function train({ ms }) {
  const { createLab } = await import('positional-encoding-lab');
  const { ARMS, MODEL } = await import('../../web/exercises/train-arms.js');
  const lab = await createLab();
  const runs = ARMS.map((a) => lab.trainer({ ...MODEL, ...a.options, seed: 1 }));
  for (let i = 0; i < 10; i++) for (const run of runs) run.step(CHUNK); // warm-up: wasm tiered up
  parentPort.postMessage('ready');
  await new Promise((resolve) => parentPort.once('message', resolve));
  const start = performance.now();
  let steps = 0;
  while (performance.now() - start < ms) {
    for (const run of runs) run.step(CHUNK);
    steps += CHUNK;
  }
  parentPort.postMessage((steps / (performance.now() - start)) * 1000);
  for (const run of runs) run.delete();
}

// `n` threads trained at once: each one's steps/s.
async function together(n, ms) {
  const threads = Array.from({ length: n }, () => new Worker(new URL(import.meta.url), { workerData: { ms } }));
  const next = (thread) => new Promise((resolve, reject) => thread.once('message', resolve).once('error', reject));
  await Promise.all(threads.map(next)); // every one ready
  const rates = threads.map(next);
  for (const thread of threads) thread.postMessage('go');
  const result = await Promise.all(rates);
  await Promise.all(threads.map((thread) => thread.terminate()));
  return result;
}

/** One thread alone and two at once, `rounds` times: their steps/s (medians) and the rounds' ratios. */
export async function coreScalingFigures({ rounds = 3, ms = 3000 } = {}) {
  const { median, range } = await import('./train_bench.mjs'); // (the threads need none of it)
  const one = [],
    two = [];
  for (let r = 0; r < rounds; r++) {
    one.push((await together(1, ms))[0]);
    two.push((await together(2, ms)).reduce((a, b) => a + b, 0));
  }
  const ratios = two.map((t, r) => t / one[r]);
  return {
    rounds,
    seconds: ms / 1000,
    oneStepsPerSecond: median(one),
    twoStepsPerSecond: median(two),
    ratio: median(ratios),
    ratioRange: range(ratios),
  };
}

if (!isMainThread) await train(workerData);

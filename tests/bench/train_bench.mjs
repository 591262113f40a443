// The training rows of `npm run bench` (issue #10), called from bench.mjs: steps per second of the
// trainer's default model (order task, sinusoidal, bidirectional, mean readout; dModel 16, 2 heads,
// 1 layer, MLP 16 → 32 → 16, batch 32, lengths 8–16, Adam lr 1e-2) — ours through the JS API on the
// wasm SIMD and scalar builds, ours natively (pelab_native_train_bench), and the same model written with
// TensorFlow.js (tfjs_model.mjs) on its WebAssembly (SIMD) and CPU backends — and the time our trainer
// needs to pass 95% on `order`. Everything in one process, every ratio within this run.
//
// Shapes: ours packs each batch's sequences without padding (lengths 8–16, 12 on average); tfjs pads
// every batch to 16 with a key mask (tfjs_model.mjs says why that is the same as padding to each
// batch's longest, nearly always). So ours is also timed at a fixed length of 16 (trainLength [16, 16]),
// which does exactly the rows tfjs does; both ratios are reported, the fixed-length one being the like
// for like. Rates: after a warm-up of 20 steps each, ours (SIMD and scalar, both shapes) and tfjs's
// wasm backend run in interleaved rounds (5, or 3 when bench.mjs is given fewer than 15 reps), so that
// they share the load of the moment; each rate is the median of its rounds. Ours steps 10 per call (its
// loss and accuracy come back from each call); tfjs reads its loss every 10 steps. tfjs's CPU backend
// runs after them (3 rounds), and the native figures come from pelab_native_train_bench, run first.
//
// Time to 95%: per seed a fresh trainer steps 10 at a time and is evaluated after each 10 on 256
// fresh samples of lengths 8–16 (evaluate's seed = steps so far, as the native bench does), until it
// scores ≥ 95%. The time is that of the step() calls alone; evaluation and creation are reported apart.
import { runProgram } from './programs.mjs';
import { loadTfjs, tfjsModel } from './tfjs_model.mjs';
import { ARMS as PAGE_ARMS, MODEL as PAGE_MODEL } from '../../web/exercises/train-arms.js';

const ARM = { task: 'order', encoding: 'sinusoidal', attention: 'bidirectional', readout: 'mean' };
const ARM_NAME = 'sinusoidal/bidirectional/mean';
const TRAIN = [8, 16],
  FIXED = [16, 16];
const SEEDS = [0, 1, 2, 3, 4];

/** [the least, the greatest] of a list of numbers. */
export const range = (values) => [Math.min(...values), Math.max(...values)];

/** The median of a list of numbers (of the middle two for an even count). */
export const median = (values) => {
  const v = [...values].sort((a, b) => a - b);
  return v.length % 2 ? v[v.length >> 1] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
const seconds = (start) => (performance.now() - start) / 1000;

// A timed series: warm() once, then run() once per round, returning steps/s. Ours steps 10 per call.
function oursSeries(lab, trainLength, steps) {
  const run = lab.trainer({ ...ARM, seed: 0, trainLength });
  return {
    warm: () => run.step(20),
    run() {
      const start = performance.now();
      for (let i = 0; i < steps; i += 10) run.step(10);
      return steps / seconds(start);
    },
    done: () => run.delete(),
  };
}

// The tfjs model as a series; it reads its loss every 10 steps, and counts the steps it has trained.
function tfjsSeries(tf, steps) {
  const model = tfjsModel(tf, { seed: 0 });
  const series = {
    model,
    trained: 0,
    loss: NaN,
    warm() {
      for (let i = 0; i < 20; i++) model.step().dispose();
      series.trained += 20;
    },
    run() {
      const start = performance.now();
      for (let i = 0; i < steps; i++) {
        const cost = model.step();
        if (i % 10 === 9 || i === steps - 1) series.loss = cost.dataSync()[0];
        cost.dispose();
      }
      series.trained += steps;
      return steps / seconds(start);
    },
    done: () => model.dispose(),
  };
  return series;
}

// Each of the train-it page's arms (web/exercises/train-arms.js: the five encodings, the causal mask,
// ALiBi with a CLS token) as a series of 300 steps on the SIMD build, for the per-arm rates and the rate
// at which the page can train all of them at once (one step of each: 1 / Σ 1/rate).
function pageArmSeries(simd) {
  return Object.fromEntries(
    PAGE_ARMS.map((a) => {
      const run = simd.trainer({ ...PAGE_MODEL, ...a.options, seed: 0 });
      return [
        a.id,
        {
          warm: () => run.step(20),
          run() {
            const start = performance.now();
            for (let i = 0; i < 300; i += 10) run.step(10);
            return 300 / seconds(start);
          },
          done: () => run.delete(),
        },
      ];
    }),
  );
}

function pageArmRates(simd, rounds) {
  const series = pageArmSeries(simd);
  try {
    const rates = interleaved(series, rounds);
    const allArms = 1 / Object.values(rates).reduce((sum, r) => sum + 1 / r, 0);
    return { arms: rates, allArmsStepsPerSecond: allArms };
  } finally {
    for (const s of Object.values(series)) s.done();
  }
}

// Every series warmed, then `rounds` rounds in which each runs once in turn, so that the series share
// the machine's moments (it is shared and its load moves); the median rate of each.
function interleaved(series, rounds) {
  for (const s of Object.values(series)) s.warm();
  const rates = Object.fromEntries(Object.keys(series).map((name) => [name, []]));
  for (let r = 0; r < rounds; r++) for (const [name, s] of Object.entries(series)) rates[name].push(s.run());
  return Object.fromEntries(Object.entries(rates).map(([name, values]) => [name, median(values)]));
}

// What a tfjs series tells beyond its rate: kernels per step (one profiled step), tensors leaked per
// timed step, and accuracy on 1,000 fresh samples after every step it trained.
async function tfjsFacts(tf, series) {
  const profile = await tf.profile(() => series.model.step().dispose());
  series.trained += 1;
  return { backend: tf.getBackend(), kernelsPerStep: profile.kernels.length };
}

// Our accuracy on 1,000 fresh samples of lengths 8–16 after `steps` steps (seed 0).
function oursAccuracyAfter(lab, steps) {
  const run = lab.trainer({ ...ARM, seed: 0 });
  try {
    for (let done = 0; done < steps; done += 10) run.step(Math.min(10, steps - done));
    return run.evaluate({ lengths: TRAIN, samples: 1000, seed: 777 }).accuracy;
  } finally {
    run.delete();
  }
}

// Steps and seconds until the first check ≥ 95%: `step(n)` trains n steps, `check(steps)` evaluates.
function untilNinetyFive(step, check, cap) {
  let steps = 0,
    train = 0,
    evaluation = 0,
    accuracy = 0;
  while (steps < cap) {
    let start = performance.now();
    step(10);
    train += seconds(start);
    steps += 10;
    start = performance.now();
    accuracy = check(steps);
    evaluation += seconds(start);
    if (accuracy >= 0.95) break;
  }
  return { steps, reached: accuracy >= 0.95, trainSeconds: train, evaluateSeconds: evaluation };
}

function oursTo95(lab, seed) {
  const start = performance.now();
  const run = lab.trainer({ ...ARM, seed });
  const createSeconds = seconds(start);
  try {
    const result = untilNinetyFive(
      (n) => run.step(n),
      (steps) => run.evaluate({ lengths: TRAIN, samples: 256, seed: steps }).accuracy,
      5000,
    );
    return { seed, ...result, createSeconds };
  } finally {
    run.delete();
  }
}

function summary(perSeed) {
  const train = perSeed.map((s) => s.trainSeconds);
  return {
    perSeed,
    medianSteps: median(perSeed.map((s) => s.steps)),
    medianTrainSeconds: median(train),
    maxTrainSeconds: Math.max(...train),
    allReached: perSeed.every((s) => s.reached),
  };
}

async function tfjsTo95(seed) {
  const tf = await loadTfjs('wasm');
  const model = tfjsModel(tf, { seed });
  try {
    const result = untilNinetyFive(
      (n) => {
        for (let i = 0; i < n; i++) model.step().dispose();
      },
      (steps) => model.evaluate(256, steps),
      2000,
    );
    return { seed, ...result };
  } finally {
    model.dispose();
  }
}

/**
 * The training figures. `simd`, `scalar`: our labs; `nativeTrainBench`: path of
 * pelab_native_train_bench; `reps`: bench.mjs's repetitions (15 or more give 5 timed rounds per rate,
 * fewer give 3; tfjs's CPU backend always 3).
 */
export async function trainingFigures({ simd, scalar, nativeTrainBench, reps = 15 }) {
  const native = runProgram(nativeTrainBench, ['0']);
  const rounds = reps >= 15 ? 5 : 3;

  // Ours (SIMD and scalar, both shapes) and tfjs on its wasm backend, interleaved round by round.
  let tf = await loadTfjs('wasm');
  const series = {
    simd8to16: oursSeries(simd, TRAIN, 300),
    simd16: oursSeries(simd, FIXED, 300),
    scalar8to16: oursSeries(scalar, TRAIN, 150),
    scalar16: oursSeries(scalar, FIXED, 150),
    tfjsWasm: tfjsSeries(tf, 100),
  };
  let tfjsWasm, rates;
  try {
    series.tfjsWasm.warm();
    const facts = await tfjsFacts(tf, series.tfjsWasm);
    const tensors = tf.memory().numTensors;
    series.tfjsWasm.warm = () => {};
    rates = interleaved(series, rounds);
    const timedSteps = rounds * 100;
    tfjsWasm = {
      ...facts,
      stepsPerSecond: rates.tfjsWasm,
      tensorsLeakedPerStep: (tf.memory().numTensors - tensors) / timedSteps,
      trainedSteps: series.tfjsWasm.trained,
      lastLoss: series.tfjsWasm.loss,
      accuracy: series.tfjsWasm.model.evaluate(1000, 777),
    };
  } finally {
    for (const s of Object.values(series)) s.done();
  }
  const ours = {
    simd: { lengths8to16: rates.simd8to16, fixed16: rates.simd16 },
    scalar: { lengths8to16: rates.scalar8to16, fixed16: rates.scalar16 },
    native: { lengths8to16: native.stepsPerSecond[ARM_NAME], fixed16: native.stepsPerSecondFixed16[ARM_NAME] },
  };

  // tfjs on its CPU backend alone (a backend switch would move the other series' tensors): 3 rounds of
  // 30 steps (of 10 when bench.mjs runs fewer than 15 reps, as its test does).
  const cpuSteps = reps >= 15 ? 30 : 10;
  tf = await loadTfjs('cpu');
  const cpu = tfjsSeries(tf, cpuSteps);
  let tfjsCpu;
  try {
    cpu.warm();
    const facts = await tfjsFacts(tf, cpu);
    const tensors = tf.memory().numTensors;
    cpu.warm = () => {};
    const stepsPerSecond = interleaved({ cpu }, 3).cpu;
    tfjsCpu = {
      ...facts,
      stepsPerSecond,
      tensorsLeakedPerStep: (tf.memory().numTensors - tensors) / (3 * cpuSteps),
      trainedSteps: cpu.trained,
      lastLoss: cpu.loss,
      accuracy: cpu.model.evaluate(1000, 777),
    };
  } finally {
    cpu.done();
  }
  const oursAccuracy = oursAccuracyAfter(simd, tfjsWasm.trainedSteps);
  const pageArms = pageArmRates(simd, rounds);

  const to95 = {
    arm: ARM_NAME,
    evaluateEvery: 10,
    samples: 256,
    timing: 'seconds inside step() calls only; evaluation (and trainer creation) reported apart',
    oursSimd: summary(SEEDS.map((seed) => oursTo95(simd, seed))),
    native: {
      perSeed: native.stepsTo95.seeds.map((steps, i) => ({
        seed: i,
        steps,
        trainSeconds: native.stepsTo95.trainSeconds[i],
      })),
      medianSteps: native.stepsTo95.median,
      medianTrainSeconds: native.stepsTo95.medianTrainSeconds,
      maxTrainSeconds: Math.max(...native.stepsTo95.trainSeconds),
    },
    tfjsWasm: null,
  };
  const tfjsPerSeed = [];
  for (const seed of SEEDS) tfjsPerSeed.push(await tfjsTo95(seed));
  to95.tfjsWasm = summary(tfjsPerSeed);

  const ratios = {
    simdOverTfjsWasm8to16: ours.simd.lengths8to16 / tfjsWasm.stepsPerSecond,
    simdOverTfjsWasmFixed16: ours.simd.fixed16 / tfjsWasm.stepsPerSecond,
    simdOverTfjsCpu8to16: ours.simd.lengths8to16 / tfjsCpu.stepsPerSecond,
    simdOverTfjsCpuFixed16: ours.simd.fixed16 / tfjsCpu.stepsPerSecond,
    scalarOverTfjsWasmFixed16: ours.scalar.fixed16 / tfjsWasm.stepsPerSecond,
    simdOverScalar8to16: ours.simd.lengths8to16 / ours.scalar.lengths8to16,
    nativeOverSimd8to16: ours.native.lengths8to16 / ours.simd.lengths8to16,
    nativeOverSimdFixed16: ours.native.fixed16 / ours.simd.fixed16,
    tfjsWasmOverCpu: tfjsWasm.stepsPerSecond / tfjsCpu.stepsPerSecond,
  };
  return {
    model: { ...native.model, ...ARM, optimizer: 'Adam lr 1e-2, β 0.9/0.999, eps 1e-8' },
    shapes:
      'ours: batches packed without padding (lengths 8–16) and, like for like, fixed length 16; ' +
      'tfjs: every batch padded to 16 with a key mask (the same rows as ours at fixed length 16)',
    stepsPerSecond: { ours, tfjsWasm, tfjsCpu },
    oursAccuracyAfterTfjsWasmSteps: oursAccuracy,
    pageArms,
    ratios,
    to95,
  };
}

/** The training rows, as Markdown tables. */
export function printTraining(t) {
  const f = (x, digits = 0) => (x == null ? '—' : x.toFixed(digits));
  const { ours, tfjsWasm, tfjsCpu } = t.stepsPerSecond;
  const r = t.ratios;
  console.log(
    `\n| training, default model (order, sinusoidal; ${(t.model.multiplyAddsPerStep / 1e6).toFixed(2)} M multiply-adds per step at length 16) ` +
      '| lengths 8–16 (steps/s) | fixed length 16 (steps/s) |\n|---|---|---|',
  );
  console.log(`| ours, wasm SIMD (JS API, Node) | ${f(ours.simd.lengths8to16)} | ${f(ours.simd.fixed16)} |`);
  console.log(`| ours, wasm scalar (JS API, Node) | ${f(ours.scalar.lengths8to16)} | ${f(ours.scalar.fixed16)} |`);
  console.log(`| ours, native (g++ -O3 -msse4.1) | ${f(ours.native.lengths8to16)} | ${f(ours.native.fixed16)} |`);
  console.log(
    `| TensorFlow.js 4.22, WebAssembly backend (SIMD, 1 thread; every batch padded to 16) | ${f(tfjsWasm.stepsPerSecond)} | ${f(tfjsWasm.stepsPerSecond)} |`,
  );
  console.log(
    `| TensorFlow.js 4.22, CPU backend (every batch padded to 16) | ${f(tfjsCpu.stepsPerSecond, 1)} | ${f(tfjsCpu.stepsPerSecond, 1)} |`,
  );
  console.log('\n| training ratio | lengths 8–16 | fixed length 16 |\n|---|---|---|');
  console.log(
    `| ours wasm SIMD ÷ tfjs wasm (goal ≥ 10×) | ${f(r.simdOverTfjsWasm8to16, 1)}× | ${f(r.simdOverTfjsWasmFixed16, 1)}× |`,
  );
  console.log(`| ours wasm SIMD ÷ tfjs CPU | ${f(r.simdOverTfjsCpu8to16)}× | ${f(r.simdOverTfjsCpuFixed16)}× |`);
  console.log(`| native ÷ ours wasm SIMD | ${f(r.nativeOverSimd8to16, 2)}× | ${f(r.nativeOverSimdFixed16, 2)}× |`);
  console.log(`| ours wasm SIMD ÷ ours wasm scalar | ${f(r.simdOverScalar8to16, 2)}× | — |`);
  console.log(
    `| tfjs: kernels per step (wasm / CPU); accuracy on 1,000 fresh samples after N steps | ${tfjsWasm.kernelsPerStep} / ${tfjsCpu.kernelsPerStep} | ` +
      `wasm ${f(tfjsWasm.accuracy, 3)} after ${tfjsWasm.trainedSteps}, CPU ${f(tfjsCpu.accuracy, 3)} after ${tfjsCpu.trainedSteps}; ` +
      `ours ${f(t.oursAccuracyAfterTfjsWasmSteps, 3)} after ${tfjsWasm.trainedSteps} |`,
  );
  const arms = Object.entries(t.pageArms.arms);
  console.log(
    `\n| Train it yourself: wasm SIMD steps/s per arm (JS API, Node) | ${arms.map(([id]) => id).join(' | ')} | all ${arms.length} at once |\n` +
      `|---|${arms.map(() => '---|').join('')}---|\n` +
      `| steps/s | ${arms.map(([, r]) => f(r)).join(' | ')} | ${f(t.pageArms.allArmsStepsPerSecond)} |`,
  );
  const seeds = (s, key, digits) => s.perSeed.map((x) => f(x[key], digits)).join(', ');
  const { oursSimd, native, tfjsWasm: tw } = t.to95;
  console.log(
    '\n| until 95% on order (sinusoidal arm; checked every 10 steps on 256 fresh samples; time in step() only) ' +
      '| seeds 0–4 | median | worst |\n|---|---|---|---|',
  );
  console.log(`| ours wasm SIMD: steps | ${seeds(oursSimd, 'steps', 0)} | ${f(oursSimd.medianSteps)} | — |`);
  console.log(
    `| ours wasm SIMD: seconds of training (targets: median ≤ 0.5 s, every seed ≤ 1 s) | ${seeds(oursSimd, 'trainSeconds', 3)} | ${f(oursSimd.medianTrainSeconds, 3)} | ${f(oursSimd.maxTrainSeconds, 3)} |`,
  );
  console.log(
    `| ours wasm SIMD: seconds of evaluation (not counted above) | ${seeds(oursSimd, 'evaluateSeconds', 3)} | — | — |`,
  );
  console.log(
    `| ours native: seconds of training (steps as above) | ${seeds(native, 'trainSeconds', 3)} | ${f(native.medianTrainSeconds, 3)} | ${f(native.maxTrainSeconds, 3)} |`,
  );
  console.log(`| tfjs wasm: steps | ${seeds(tw, 'steps', 0)} | ${f(tw.medianSteps)} | — |`);
  console.log(
    `| tfjs wasm: seconds of training | ${seeds(tw, 'trainSeconds', 2)} | ${f(tw.medianTrainSeconds, 2)} | ${f(tw.maxTrainSeconds, 2)} |`,
  );
}

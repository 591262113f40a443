// npm run bench (scripts/bench.sh builds what this needs, then runs it): one run, every figure a median
// of repetitions after a warm-up, every comparison a ratio measured in this same run. Prints a table and
// writes tests/bench/results.json.
//   node --expose-gc tests/bench/bench.mjs [--reps N] [--out FILE] [--no-browser] [--no-training]
// The training rows (steps/s of the trainer against TensorFlow.js, time to 95%) are train_bench.mjs's; the SGEMM
// rows (the step's GFLOP/s against a register-blocked SGEMM's at its shapes) sgemm.mjs's.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { createLab } from 'positional-encoding-lab';
import * as idiomatic from './idiomatic.mjs';
import { browserFigures } from './browser_bench.mjs';
import { PART_NAMES } from './first_screen.mjs';
import { longTaskFigures, printLongTasks } from './long_tasks.mjs';
import { pageByteFigures, printPageBytes } from './page_bytes.mjs';
import { bundleCostFigures, printBundleCost } from './bundle_cost.mjs';
import { contextExtensionFigures, printContextExtension } from './context_extension.mjs';
import { median as medianOf, trainingFigures, printTraining } from './train_bench.mjs';
import { sgemmFigures, printSgemm } from './sgemm.mjs';
import { built, program, runProgram } from './programs.mjs';
import { scalarLab } from '../js/own-module.mjs';
import { loads } from '../../web/exercises/train-session.js';
import { coreScalingFigures } from './core_scaling.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const reps = Math.max(5, Number(option('--reps', 15)));
const outFile = option('--out', fileURLToPath(new URL('results.json', import.meta.url)));
const root = new URL('../../', import.meta.url);

// Every series starts from the same heap: a full GC first (node --expose-gc, as `npm run bench` runs it),
// then warm-up calls for half a second, and at least five (JIT, caches, the allocator's first big arrays, and
// V8's optimising tier: wasm code starts in a baseline tier and is recompiled once it has run a while, which for
// attention took 30 calls of 10 ms, 4 ms a call after; five calls had left the figures in the baseline tier).
const WARM_MS = 500;
function median(fn, count = reps) {
  globalThis.gc?.();
  for (let i = 0, start = performance.now(); i < 5 || performance.now() - start < WARM_MS; i++) fn();
  const times = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

// The CPU's name, with its family, model and stepping where Linux says them (the name alone can be a brand only:
// "AMD EPYC").
function cpuName() {
  const name = os.cpus()[0]?.model ?? 'unknown CPU';
  let info = '';
  try {
    info = readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    return name;
  }
  const field = (key) => info.match(new RegExp(`^${key}\\s*:\\s*(.*)$`, 'm'))?.[1].trim();
  const [family, model, stepping] = ['cpu family', 'model', 'stepping'].map(field);
  return family === undefined ? name : `${name} (family ${family}, model ${model}, stepping ${stepping})`;
}

function maxError(table, reference) {
  let worst = 0;
  for (let i = 0; i < table.length; i++) worst = Math.max(worst, Math.abs(table[i] - reference[i]));
  return worst;
}

const simd = await createLab();
const scalar = await scalarLab();
const P = 2048,
  D = 512,
  size = P * D;
const table = { positions: P, dModel: D, variant: 'paper' };
const reference = simd.sinusoidalReference(table);
const core = program('core_bench'); // the core's workloads without the JS API, natively and as wasm
const nativeTrainBench = args.includes('--no-training') ? null : built(program('native_train_bench').native);
const native = runProgram(core.native, [String(reps)]);
built(core.wasm);

const rows = [];
function row(name, fresh, reused, error) {
  rows.push({ name, freshMs: fresh, reusedMs: reused, maxError: error });
}
for (const [name, lab] of [
  ['wasm SIMD (ours)', simd],
  ['wasm scalar (ours)', scalar],
]) {
  const out = new Float32Array(size);
  row(
    name,
    median(() => lab.sinusoidal(table)),
    median(() => lab.sinusoidal({ ...table, out })),
    maxError(lab.sinusoidal(table), reference),
  );
}
{
  const out = new Float32Array(size);
  row(
    'idiomatic JavaScript',
    median(() => idiomatic.sinusoidal(P, D)),
    median(() => idiomatic.sinusoidal(P, D, out)),
    maxError(idiomatic.sinusoidal(P, D), reference),
  );
}
row(
  'native (same core, g++ -O3 -msse4.1)',
  native.sinusoidalFreshMs,
  native.sinusoidalReusedMs,
  native.sinusoidalMaxError,
);
const wasmCore = runProgram(core.wasm, [String(reps)]); // the same workloads as the native row, in wasm
row(
  "wasm SIMD, the kernel alone (the native row's program, built by emcc: no JS API, no copy out)",
  wasmCore.sinusoidalFreshMs,
  wasmCore.sinusoidalReusedMs,
  wasmCore.sinusoidalMaxError,
);
{
  const out = new Float32Array(size);
  row(
    'store floor (Float32Array fill)',
    median(() => new Float32Array(size).fill(0.5)),
    median(() => out.fill(0.5)),
    null,
  );
}

const [ours, oursScalar, js, nat, kernel, floor] = rows;
// Ours ÷ native into a reused buffer, in turns: the native program, the same program as wasm, then ours here, five
// times, so that the three share the machine's speed of that moment (ours and native moved apart by up to 1.7×
// between one run and the next here). The rows above show each one's median over the turns; each ratio is the
// median of the turns' ratios. Ours ÷ native is the product of its two parts: the kernel in wasm ÷ native, and
// ours ÷ the kernel in wasm (what the JS API adds: checking the call, and copying the table into `out`).
const turns = [];
{
  const out = new Float32Array(size);
  for (let turn = 0; turn < 5; turn++) {
    const nativeMs = runProgram(core.native, [String(reps), 'table']).sinusoidalReusedMs;
    const kernelMs = runProgram(core.wasm, [String(reps), 'table']).sinusoidalReusedMs;
    turns.push({ nativeMs, kernelMs, oursMs: median(() => simd.sinusoidal({ ...table, out })) });
  }
}
ours.reusedMs = medianOf(turns.map((t) => t.oursMs));
nat.reusedMs = medianOf(turns.map((t) => t.nativeMs));
kernel.reusedMs = medianOf(turns.map((t) => t.kernelMs));
const ratio = (a, b) => a / b;
const turnRatios = (a, b) => turns.map((t) => t[a] / t[b]);
const tableRatios = {
  freshJsOverOurs: ratio(js.freshMs, ours.freshMs),
  reusedJsOverOurs: ratio(js.reusedMs, ours.reusedMs),
  freshOursOverNative: ratio(ours.freshMs, nat.freshMs),
  reusedOursOverNative: medianOf(turnRatios('oursMs', 'nativeMs')),
  reusedKernelOverNative: medianOf(turnRatios('kernelMs', 'nativeMs')),
  reusedOursOverKernel: medianOf(turnRatios('oursMs', 'kernelMs')),
  reusedOursOverNativeTurns: turns,
  // The fresh target: a fresh call against allocating and filling a fresh array plus a call into a reused one.
  freshOursOverFloorAndReused: ratio(ours.freshMs, floor.freshMs + ours.reusedMs),
  freshOursOverFloor: ratio(ours.freshMs, floor.freshMs),
  reusedOursOverFloor: ratio(ours.reusedMs, floor.reusedMs),
  reusedScalarOverSimd: ratio(oursScalar.reusedMs, ours.reusedMs),
};

// Attention n = 512, dK = 64, and the dot-product matrix of 1024 positions at dModel 512.
const n = 512,
  dK = 64;
// (core_bench.cpp computes the same inputs for the native and wasm kernels.)
const q = Float32Array.from({ length: n * dK }, (_, i) => Math.sin(i * 0.37));
const k = Float32Array.from({ length: n * dK }, (_, i) => Math.cos(i * 0.11));
const attention = {
  oursMs: median(() => simd.attention({ q, k, v: q, n, dK })),
  jsMs: median(() => idiomatic.attention(q, k, q, n, dK), Math.min(reps, 7)),
  nativeMs: native.attentionMs,
  kernelMs: wasmCore.attentionMs,
};
const dotTable = simd.sinusoidal({ positions: 1024, dModel: 512 });
const dots = {
  oursMs: median(() => simd.dotMatrix({ table: dotTable, rows: 1024, dModel: 512 }), Math.min(reps, 7)),
  jsMs: median(() => idiomatic.dotMatrix(dotTable, 1024, 512), 5),
  nativeMs: native.dotMatrixMs,
  kernelMs: wasmCore.dotMatrixMs,
};

const training = args.includes('--no-training')
  ? null
  : await trainingFigures({ simd, scalar, nativeTrainBench, reps });
const sgemm = sgemmFigures({ binaries: program('sgemm_bench'), reps });
const browser = args.includes('--no-browser') ? null : await browserFigures({ reps });
// How evenly the pool shares the arms (train-session.js's plan): the arms train in chunks of the same steps, so a
// chunk lasts as long as the busiest worker's part; with this run's per-arm rates (in Node), all arms' work ÷ the
// busiest worker's. What the workers could reach if their arms ran as fast as alone in Node, on cores of their
// own, and the moves cost nothing: the page's own thread and the machine move the measured figure below it.
if (browser && training)
  for (const row of browser.pool) {
    const load = loads(row.workers, training.pageArms.arms);
    row.shareBound = load.reduce((a, b) => a + b, 0) / Math.max(...load);
  }
// Beside the pool's figure, what two cores give the same arms here without a browser (core_scaling.mjs).
const coreScaling = args.includes('--no-training') ? null : await coreScalingFigures();
const longTasks = args.includes('--no-browser') ? null : await longTaskFigures();
const pageBytes = args.includes('--no-browser') ? null : await pageByteFigures();
const bundleCost = await bundleCostFigures();
const contextExtension = args.includes('--no-training') ? null : await contextExtensionFigures();
const sizes = Object.fromEntries(
  ['pelab.wasm', 'pelab-scalar.wasm', 'pelab-no-trainer.wasm'].map((f) => [
    f,
    statSync(fileURLToPath(new URL(`dist/${f}`, root))).size,
  ]),
);

const results = {
  date: new Date().toISOString(),
  machine: `${cpuName()}, ${os.cpus().length} cores, Node ${process.version}`,
  reps,
  table: { positions: P, dModel: D, variant: 'paper', rows },
  tableRatios,
  attention,
  dots,
  training,
  coreScaling,
  sgemm,
  browser,
  longTasks,
  pageBytes,
  bundleCost,
  contextExtension,
  wasmBytes: sizes,
};
// Laid out as Prettier lays out JSON (the format check covers the committed results.json).
const prettierOptions = (await prettier.resolveConfig(outFile)) ?? {};
writeFileSync(outFile, await prettier.format(JSON.stringify(results), { ...prettierOptions, parser: 'json' }));

const f = (x, digits = 2) => (x == null ? '—' : x.toFixed(digits));
const e = (x) => (x == null ? '—' : x.toExponential(1));
console.log(`Machine: ${results.machine}; medians of ${reps} runs after warm-up\n`);
console.log('| 2048 × 512 paper table | fresh (ms) | reused (ms) | max abs error vs float64 |');
console.log('|---|---|---|---|');
for (const r of rows) console.log(`| ${r.name} | ${f(r.freshMs, 3)} | ${f(r.reusedMs, 3)} | ${e(r.maxError)} |`);
console.log('\n| ratio | fresh | reused |\n|---|---|---|');
console.log(
  `| JS ÷ ours (target ≥ 20× reused) | ${f(tableRatios.freshJsOverOurs, 1)}× | ${f(tableRatios.reusedJsOverOurs, 1)}× |`,
);
{
  const spread = (a, b) => {
    const each = turnRatios(a, b);
    return `(${f(Math.min(...each))}–${f(Math.max(...each))}×)`;
  };
  console.log(
    `| ours ÷ native (reused: the median of 5 turns, their range) (target ≤ 1.5× reused) | ` +
      `${f(tableRatios.freshOursOverNative)}× | ${f(tableRatios.reusedOursOverNative)}× ${spread('oursMs', 'nativeMs')} |`,
  );
  console.log(
    `| its part in the kernel: the kernel alone in wasm ÷ native (same turns) | — | ` +
      `${f(tableRatios.reusedKernelOverNative)}× ${spread('kernelMs', 'nativeMs')} |`,
  );
  console.log(
    `| its part in the JS API (the call, the copy into \`out\`): ours ÷ the kernel alone in wasm (same turns) | — | ` +
      `${f(tableRatios.reusedOursOverKernel)}× ${spread('oursMs', 'kernelMs')} |`,
  );
}
console.log(
  `| ours fresh ÷ (store floor fresh + ours reused) (target ≤ 1.15×) | ${f(tableRatios.freshOursOverFloorAndReused)}× | — |`,
);
console.log(`| ours ÷ store floor | ${f(tableRatios.freshOursOverFloor)}× | ${f(tableRatios.reusedOursOverFloor)}× |`);
console.log(
  '\n| workload | ours wasm (ms) | idiomatic JS (ms) | JS ÷ ours | native (ms) | the kernel alone in wasm (ms) |\n' +
    '|---|---|---|---|---|---|',
);
for (const [name, w] of [
  ['attention n=512, dK=64', attention],
  ['dot matrix 1024 × 512', dots],
])
  console.log(
    `| ${name} | ${f(w.oursMs)} | ${f(w.jsMs)} | ${f(w.jsMs / w.oursMs, 1)}× | ${f(w.nativeMs)} | ${f(w.kernelMs)} |`,
  );
if (training) printTraining(training);
printSgemm(sgemm);
if (browser) {
  const { firstPaint: paint } = browser;
  console.log('\n| in headless Chromium | value |\n|---|---|');
  console.log(`| navigation → first heatmap pixels (median of ${paint.runs}) | ${f(paint.oursMs, 0)} ms |`);
  console.log(
    `| navigation → pixels of a trivial canvas page, same server (median of ${paint.runs}) | ${f(paint.floorMs, 0)} ms |`,
  );
  // The rounds' own ratios, their middle half (each round's navigation to the page ÷ to the trivial page).
  const middle = (p) => `the rounds' middle half ${f(p.ratioQuartiles[0])}–${f(p.ratioQuartiles[1])}×`;
  console.log(
    `| first-paint ratio, ours ÷ trivial page: the medians' ratio (target ≤ 2×) | ${f(paint.ratio)}× (${middle(paint)}) |`,
  );
  for (const [lang, p] of Object.entries(browser.firstPaintIn ?? {}))
    console.log(
      `| first-paint ratio in ${lang} (lesson-1.html?lang=${lang}) | ${f(p.ratio)}× (${f(p.oursMs, 0)} ms; ${middle(p)}) |`,
    );
  for (const [part, p] of Object.entries(browser.firstPaintParts ?? {}))
    console.log(`| what bounds it: ${PART_NAMES[part]} | ${f(p.ratio)}× (${f(p.oursMs, 0)} ms; ${middle(p)}) |`);
  console.log(
    `| navigation → the lesson page's first paint of anything (its text; median) | ${f(paint.oursContentfulMs, 0)} ms |`,
  );
  console.log(
    `| slider drag at 1024 × 512: re-render p50 / p95 | ${f(browser.rerenderP50Ms, 1)} / ${f(browser.rerenderP95Ms, 1)} ms |`,
  );
  console.log(
    `| slider drag at 1024 × 512: frame to frame p50 / p95 (target p95 ≤ 16.7 ms) | ${f(browser.frameToFrameP50Ms, 1)} / ${f(browser.frameToFrameP95Ms, 1)} ms ` +
      `(${browser.longFrames} of ${browser.frames} frames over 1.5 × the p50) |`,
  );
  console.log(
    `| lesson 3's RoPE slider swept: frame to frame p50 / p95 | ` +
      `${f(browser.ropeSlider.frameToFrameP50Ms, 1)} / ${f(browser.ropeSlider.frameToFrameP95Ms, 1)} ms |`,
  );
  console.log(
    `| the same sweep while Train it yourself's models all train in their workers: frame to frame p50 / p95 | ` +
      `${f(browser.whileTraining.frameToFrameP50Ms, 1)} / ${f(browser.whileTraining.frameToFrameP95Ms, 1)} ms ` +
      `(${browser.whileTraining.stepsDuring} training steps meanwhile) |`,
  );
  const [one, ...more] = browser.pool;
  for (const r of [one, ...more]) {
    const bound = r.shareBound
      ? `; its plan's balance, all arms' work ÷ the busiest worker's: ${f(r.shareBound)}×`
      : '';
    console.log(
      `| Train it yourself, all seven arms: steps/s with ${r.workers} training worker${r.workers > 1 ? 's' : ''} | ` +
        `${f(r.stepsPerSecond, 0)}${r === one ? '' : ` (${f(r.ratio)}× one worker, the median of ${r.rounds} rounds' ratios, ${f(r.ratioRange[0])}–${f(r.ratioRange[1])}×${bound})`}` +
        `${r.workers === 2 ? ' (target ≥ 1.8×)' : ''} |`,
    );
  }
  if (coreScaling)
    console.log(
      `| the machine without a browser: the seven arms in two Node threads at once ÷ in one alone (${coreScaling.rounds} rounds of ${coreScaling.seconds} s: the median ratio, the range) | ` +
        `${f(coreScaling.ratio)}× (${f(coreScaling.ratioRange[0])}–${f(coreScaling.ratioRange[1])}×; ${f(coreScaling.oneStepsPerSecond, 0)} steps/s alone) |`,
    );
  console.log(
    `| fresh 4 MB Float32Array (allocate + fill) vs refill an existing one | ${f(browser.fresh4MbMs)} vs ${f(browser.refill4MbMs)} ms |`,
  );
}
console.log(
  `| wasm sizes | SIMD ${(sizes['pelab.wasm'] / 1024).toFixed(0)} KB, scalar ${(sizes['pelab-scalar.wasm'] / 1024).toFixed(0)} KB, ` +
    `SIMD without the trainer ${(sizes['pelab-no-trainer.wasm'] / 1024).toFixed(0)} KB |`,
);
if (pageBytes) printPageBytes(pageBytes);
printBundleCost(bundleCost);
if (contextExtension) printContextExtension(contextExtension);
if (longTasks) printLongTasks(longTasks);
console.log(`\nwrote ${outFile}`);

// The SGEMM rows of `npm run bench` (issue #23): how near the attainable a training step runs. The attainable is
// a register-blocked SGEMM (sgemm_bench.cpp, one thread, built as wasm SIMD and natively) timed at the shapes of
// every matrix product of the default model's step, forward and backward; the step's own rate is its FLOPs
// (2·M·K·N summed over those products) times the steps/s train_bench.mjs measured, the same build's against the
// same build's. Lengths 8–16 vary from batch to batch: that column counts the expected FLOPs (384 rows, the
// mean of length²) and times the attention products at the mean length, 12 (the FLOPs a logged native run of
// 1,000 steps computed were 0.2% under the expectation).
//   node tests/bench/sgemm.mjs [--build DIR]: these rows alone, timing the step here (DIR holds native/ and
//   wasm/, default build/); bench.mjs calls sgemmFigures with the training rows it has measured.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SETS = { lengths8to16: [8, 16], fixed16: [16, 16] };
const ARM = { task: 'order', encoding: 'sinusoidal', attention: 'bidirectional', readout: 'mean' };
const BUILD = fileURLToPath(new URL('../../build', import.meta.url));

// A benchmark binary's JSON; `file` is the binary, or the wasm module's loader that node runs.
function run(file, args, command = file) {
  if (!existsSync(file)) throw new Error(`${file} is missing: \`npm run bench\` (scripts/bench.sh) builds it`);
  return JSON.parse(execFileSync(command, args, { encoding: 'utf8' }));
}

/** The binaries' paths under a build folder holding native/ and wasm/ (default: the repository's build/). */
export function sgemmBinaries(build = BUILD) {
  return { wasm: join(build, 'wasm/pelab_sgemm_bench.cjs'), native: join(build, 'native/pelab_sgemm_bench') };
}

// The rate the SGEMM would keep over all of a step's products: their FLOPs over the time it takes for them
// (a mean of the shapes' rates weighted by FLOPs, harmonically, as times add up).
const attainable = (shapes, key) =>
  shapes.reduce((sum, s) => sum + s.flopsPerStep, 0) / shapes.reduce((sum, s) => sum + s.flopsPerStep / s[key], 0);

function stepRate(flopsPerStep, stepsPerSecond, attainableGflops) {
  if (stepsPerSecond == null) return null;
  const gflops = (flopsPerStep * stepsPerSecond) / 1e9;
  return { stepsPerSecond, gflops, ofAttainable: gflops / attainableGflops };
}

// The model the SGEMM's shapes were written for must be the one the training rows timed.
function checkModel(shapesModel, model) {
  const same =
    model.layers === 1 &&
    ['batch', 'dModel', 'heads', 'hidden'].every((key) => model[key] === shapesModel[key]) &&
    model.trainLength.join() === shapesModel.trainLength.join();
  if (!same)
    throw new Error(
      `sgemm_bench.cpp's shapes are for ${JSON.stringify(shapesModel)}; the trainer's default is ${JSON.stringify(model)}`,
    );
}

/**
 * The SGEMM figures. `binaries`: sgemmBinaries(); `reps`: runs per shape (at least 15); `training`: train_bench.mjs's
 * figures (or { model, stepsPerSecond: { ours: { simd, native } } }), null for the SGEMM alone.
 */
export function sgemmFigures({ binaries, reps = 15, training = null }) {
  const wasm = run(binaries.wasm, [binaries.wasm, String(reps)], process.execPath);
  const native = run(binaries.native, [String(reps)]);
  if (training) checkModel(wasm.model, training.model);
  const rates = training?.stepsPerSecond.ours;
  const sets = Object.fromEntries(
    wasm.sets.map((set, i) => {
      const shapes = set.shapes.map(({ gflops, ...s }, j) => ({
        ...s,
        wasmGflops: gflops,
        nativeGflops: native.sets[i].shapes[j].gflops,
        maxError: Math.max(s.maxError, native.sets[i].shapes[j].maxError),
      }));
      const flopsPerStep = shapes.reduce((sum, s) => sum + s.flopsPerStep, 0);
      const wasmAttainable = attainable(shapes, 'wasmGflops'),
        nativeAttainable = attainable(shapes, 'nativeGflops');
      const figures = {
        rows: set.rows,
        length: set.length,
        trainLength: SETS[set.name],
        flopsPerStep,
        shapes,
        attainableGflops: { wasm: wasmAttainable, native: nativeAttainable },
        step: {
          wasm: stepRate(flopsPerStep, rates?.simd[set.name], wasmAttainable),
          native: stepRate(flopsPerStep, rates?.native[set.name], nativeAttainable),
        },
      };
      return [set.name, figures];
    }),
  );
  const square512 = {
    wasmGflops: wasm.square512.gflops,
    nativeGflops: native.square512.gflops,
    maxError: Math.max(wasm.square512.maxError, native.square512.maxError),
  };
  return { kernel: wasm.kernel, reps: wasm.reps, sets, square512 };
}

/** The SGEMM rows, as Markdown tables. */
export function printSgemm(s) {
  const f = (x, digits = 1) => (x == null ? '—' : x.toFixed(digits));
  const pct = (x) => (x == null ? '—' : `${(100 * x).toFixed(0)}%`);
  const { lengths8to16: a, fixed16: b } = s.sets;
  const dims = (x) => `${x.m} × ${x.k} × ${x.n}`;
  console.log(
    `\n| SGEMM GFLOP/s (${s.kernel}; one thread) at the default step's products | calls per step ` +
      '| lengths 8–16: M × K × N | wasm SIMD | native | fixed length 16: M × K × N | wasm SIMD | native | max abs error |\n' +
      '|---|---|---|---|---|---|---|---|---|',
  );
  a.shapes.forEach((x, i) => {
    const y = b.shapes[i];
    console.log(
      `| ${x.role} | ${x.callsPerStep} | ${dims(x)} | ${f(x.wasmGflops)} | ${f(x.nativeGflops)} | ` +
        `${dims(y)} | ${f(y.wasmGflops)} | ${f(y.nativeGflops)} | ${Math.max(x.maxError, y.maxError).toExponential(1)} |`,
    );
  });
  const q = s.square512;
  console.log(
    `| 512 × 512 × 512, for scale | — | — | ${f(q.wasmGflops)} | ${f(q.nativeGflops)} | — | — | — | ${q.maxError.toExponential(1)} |`,
  );
  console.log(
    '\n| training step, default model, against the SGEMM at its products | lengths 8–16 | fixed length 16 |\n|---|---|---|',
  );
  const both = (fn) => `| ${fn(a)} | ${fn(b)} |`;
  console.log(`| FLOPs per step (2·M·K·N over its products) ${both((x) => `${f(x.flopsPerStep / 1e6, 2)} M`)}`);
  for (const [build, name] of [
    ['wasm', 'wasm SIMD'],
    ['native', 'native'],
  ]) {
    console.log(
      `| attainable, ${name}: the SGEMM's FLOP-weighted rate at those products ` +
        `${both((x) => `${f(x.attainableGflops[build])} GFLOP/s`)}`,
    );
    const step = (x) => x.step[build];
    console.log(
      `| step, ${name}: steps/s × FLOPs per step ` +
        `${both((x) => (step(x) ? `${f(step(x).stepsPerSecond, 0)} steps/s: ${f(step(x).gflops)} GFLOP/s` : '—'))}`,
    );
    console.log(
      `| step ÷ attainable, ${name}${build === 'wasm' ? ' (target ≥ 50%)' : ''} ` +
        `${both((x) => pct(step(x)?.ofAttainable))}`,
    );
  }
}

// Alone: the default model's steps/s timed here as train_bench.mjs times ours (20 steps of warm-up, then the
// median of 5 rounds of 300 steps, 10 per call), the native rates from pelab_native_train_bench.
async function stepsPerSecondHere(build) {
  const { createLab } = await import('positional-encoding-lab');
  const lab = await createLab();
  const median = (v) => v.sort((x, y) => x - y)[v.length >> 1];
  const simd = {};
  for (const [name, trainLength] of Object.entries(SETS)) {
    const t = lab.trainer({ ...ARM, seed: 0, trainLength });
    t.step(20);
    const rates = [];
    for (let r = 0; r < 5; r++) {
      const start = performance.now();
      for (let i = 0; i < 300; i += 10) t.step(10);
      rates.push(300 / ((performance.now() - start) / 1000));
    }
    t.delete();
    simd[name] = median(rates);
  }
  const native = run(join(build, 'native/pelab_native_train_bench'), ['0']);
  const arm = `${ARM.encoding}/${ARM.attention}/${ARM.readout}`;
  return {
    model: native.model,
    stepsPerSecond: {
      ours: { simd, native: { lengths8to16: native.stepsPerSecond[arm], fixed16: native.stepsPerSecondFixed16[arm] } },
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const build = args.includes('--build') ? args[args.indexOf('--build') + 1] : BUILD;
  printSgemm(sgemmFigures({ binaries: sgemmBinaries(build), training: await stepsPerSecondHere(build) }));
}

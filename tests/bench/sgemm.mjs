// The SGEMM rows of `npm run bench` (issue #23): how near the attainable a training step runs. The attainable is
// a register-blocked SGEMM (sgemm_bench.cpp, one thread, built as wasm SIMD and natively) timed at the shapes of
// every matrix product of the default model's step, forward and backward; the step's own rate is its FLOPs
// (2·M·K·N summed over those products) times its steps/s, the same build's against the same build's. Each binary
// times both in turns, round by round (the SGEMM at every shape, then 300 steps of the core's trainer, for each
// set of shapes), so the two terms of a round share the machine's speed of that moment, which here moves by a
// third within a minute; each figure below is the median of its rounds, the ratio the median of the rounds'
// ratios. Lengths 8–16 vary from batch to batch: that column counts the expected FLOPs (384 rows, the mean of
// length²) and times the attention products at the mean length, 12 (the FLOPs a logged native run of 1,000
// steps computed were 0.2% under the expectation).
//   node tests/bench/sgemm.mjs [--build DIR]: these rows alone (DIR holds native/ and wasm/, default build/).
import { fileURLToPath } from 'node:url';
import { median } from './train_bench.mjs';
import { program, runProgram } from './programs.mjs';

const SETS = { lengths8to16: [8, 16], fixed16: [16, 16] };
// The rate the SGEMM would keep over all of a step's products in round r: their FLOPs over the time it takes
// for them (a mean of the shapes' rates weighted by FLOPs, harmonically, as times add up).
const attainableIn = (shapes, r) =>
  shapes.reduce((sum, s) => sum + s.flopsPerStep, 0) / shapes.reduce((sum, s) => sum + s.flopsPerStep / s.gflops[r], 0);

// One build's set: the shapes' median rates, and the attainable, the step and their ratio, round by round.
function setFigures(set) {
  const flopsPerStep = set.shapes.reduce((sum, s) => sum + s.flopsPerStep, 0);
  const rounds = set.stepsPerSecond.map((stepsPerSecond, r) => {
    const attainable = attainableIn(set.shapes, r),
      gflops = (flopsPerStep * stepsPerSecond) / 1e9;
    return { attainable, stepsPerSecond, gflops, ofAttainable: gflops / attainable };
  });
  const of = (key) => median(rounds.map((x) => x[key]));
  return {
    flopsPerStep,
    shapes: set.shapes.map(({ gflops, ...s }) => ({ ...s, gflops: median(gflops) })),
    attainableGflops: of('attainable'),
    step: { stepsPerSecond: of('stepsPerSecond'), gflops: of('gflops'), ofAttainable: of('ofAttainable') },
    rounds,
  };
}

/** The SGEMM figures. `binaries`: program('sgemm_bench'); `reps`: runs per shape and round (at least 15). */
export function sgemmFigures({ binaries, reps = 15 }) {
  const wasm = runProgram(binaries.wasm, [String(reps)]);
  const native = runProgram(binaries.native, [String(reps)]);
  const sets = Object.fromEntries(
    wasm.sets.map((set, i) => {
      const w = setFigures(set),
        n = setFigures(native.sets[i]);
      const figures = {
        rows: set.rows,
        length: set.length,
        trainLength: SETS[set.name],
        flopsPerStep: w.flopsPerStep,
        shapes: w.shapes.map((s, j) => ({
          role: s.role,
          m: s.m,
          k: s.k,
          n: s.n,
          callsPerStep: s.callsPerStep,
          flopsPerStep: s.flopsPerStep,
          wasmGflops: s.gflops,
          nativeGflops: n.shapes[j].gflops,
          maxError: Math.max(s.maxError, n.shapes[j].maxError),
        })),
        attainableGflops: { wasm: w.attainableGflops, native: n.attainableGflops },
        step: { wasm: w.step, native: n.step },
        rounds: { wasm: w.rounds, native: n.rounds },
      };
      return [set.name, figures];
    }),
  );
  const square512 = {
    wasmGflops: median(wasm.square512.gflops),
    nativeGflops: median(native.square512.gflops),
    maxError: Math.max(wasm.square512.maxError, native.square512.maxError),
  };
  return { kernel: wasm.kernel, reps: wasm.reps, rounds: wasm.rounds, model: wasm.model, sets, square512 };
}

/** The SGEMM rows, as Markdown tables. */
export function printSgemm(s) {
  const f = (x, digits = 1) => (x == null ? '—' : x.toFixed(digits));
  const pct = (x) => (x == null ? '—' : `${(100 * x).toFixed(0)}%`);
  const { lengths8to16: a, fixed16: b } = s.sets;
  const dims = (x) => `${x.m} × ${x.k} × ${x.n}`;
  console.log(
    `\n| SGEMM GFLOP/s (${s.kernel}; one thread; median of ${s.rounds} rounds) at the default step's products ` +
      '| calls per step ' +
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
    `\n| training step, default model, against the SGEMM at its products (timed in turns, ${s.rounds} rounds; ` +
      'medians) | lengths 8–16 | fixed length 16 |\n|---|---|---|',
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
      `| step, ${name}: the core's trainer in the same binary, steps/s × FLOPs per step ` +
        `${both((x) => `${f(step(x).stepsPerSecond, 0)} steps/s: ${f(step(x).gflops)} GFLOP/s`)}`,
    );
    const spread = (x) => {
      const r = x.rounds[build].map((y) => y.ofAttainable);
      return `${pct(Math.min(...r))}–${pct(Math.max(...r))}`;
    };
    console.log(
      `| step ÷ attainable, ${name}: the median of the rounds' ratios (their range)` +
        `${build === 'wasm' ? ' (target ≥ 50%)' : ''} ${both((x) => `${pct(step(x).ofAttainable)} (${spread(x)})`)}`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const build = args.includes('--build') ? args[args.indexOf('--build') + 1] : undefined;
  printSgemm(sgemmFigures({ binaries: program('sgemm_bench', build) }));
}

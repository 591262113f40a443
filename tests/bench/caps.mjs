// Every kernel at (or next to) its work cap, timed once after a warm-up call, and every trainer entry
// point at its cap: the caps in limits.hpp and training/limits.hpp promise about a second at most in
// wasm. Run alone: `node tests/bench/caps.mjs [--scalar] [--trainers]` (after `bash scripts/build.sh`):
// --scalar times the build without SIMD, --trainers only the trainer.
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { createLab, Lab } from 'positional-encoding-lab';

const wave = (n) => {
  const a = new Float32Array(n);
  for (let i = 0; i < n; i++) a[i] = Math.sin(i);
  return a;
};
const ones = (n) => new Array(n).fill(1);

// [label, method, options]: shapes chosen so that the counted work is within 10% of the cap.
export const AT_CAPS = [
  [
    'attention n 2048, dK = dV = 112',
    'attention',
    { q: wave(2048 * 112), k: wave(2048 * 112), v: wave(2048 * 112), n: 2048, dK: 112, dV: 112 },
  ],
  [
    'attention n 2048, dK 1, dV 223',
    'attention',
    { q: wave(2048), k: wave(2048), v: wave(2048 * 223), n: 2048, dK: 1, dV: 223 },
  ],
  [
    'attention n 2048, 2 heads, dK = dV = 96, rope and ALiBi',
    'attention',
    { q: wave(2048 * 96), k: wave(2048 * 96), v: wave(2048 * 96), n: 2048, dK: 96, heads: 2, rope: {}, alibi: true },
  ],
  [
    'attention n 1448, 4 heads, dK = dV = 192, rope',
    'attention',
    { q: wave(1448 * 192), k: wave(1448 * 192), v: wave(1448 * 192), n: 1448, dK: 192, heads: 4, rope: {} },
  ],
  ['rope 2^23 floats (n 2048, dHead 4096)', 'rope', { x: wave(2048 * 4096), n: 2048, dHead: 4096, start: 60000 }],
  ['alibiBias 2^23 floats (2 heads, n 2048)', 'alibiBias', { heads: 2, n: 2048, mask: 'causal' }],
  ['selfAttention n 2048, dModel 512, dK 64', 'selfAttention', { x: wave(2048 * 512), n: 2048, dModel: 512, dK: 64 }],
  ['selfAttention n 64, dModel 4096, dK 512', 'selfAttention', { x: wave(64 * 4096), n: 64, dModel: 4096, dK: 512 }],
  ['dotMatrix rows 2048, dModel 256', 'dotMatrix', { table: wave(2048 * 256), rows: 2048, dModel: 256 }],
  ['distanceMatrix rows 2048, dModel 256', 'distanceMatrix', { table: wave(2048 * 256), rows: 2048, dModel: 256 }],
  ['properties positions 2048, dModel 64', 'properties', { positions: 2048, dModel: 64 }],
  [
    'permutation n 512, dModel 512, dK 64',
    'permutation',
    { tokens: ones(512), vocabSize: 4, dModel: 512, dK: 64, swap: [0, 1] },
  ],
  [
    'permutation n 2048, dModel 4, dK 2',
    'permutation',
    { tokens: ones(2048), vocabSize: 4, dModel: 4, dK: 2, swap: [0, 1] },
  ],
  ['embed 2048 × 4096, sinusoidal', 'embed', { tokens: ones(2048), vocabSize: 4, dModel: 4096 }],
  [
    'embed 2048 × 2048, learned',
    'embed',
    { tokens: ones(2048), vocabSize: 4, dModel: 2048, encoding: 'learned', maxLen: 2048 },
  ],
  ['learnedTable 2^23 floats', 'learnedTable', { maxLen: 2048, dModel: 4096 }],
  ['sinusoidalReference 2^23 floats', 'sinusoidalReference', { positions: 2048, dModel: 4096 }],
];

// Trainer shapes that each stress one cost of training/work.hpp: [label, options, evaluate's length,
// attentionWeights' token count (or none)].
const tiny = { dModel: 2, heads: 1, hidden: 1, batch: 1, trainLength: [2, 2] };
export const TRAINERS = [
  ['default model', {}, 16, 64],
  ['learned table, maxLen 65536 (Adam over 1 M parameters)', { encoding: 'learned', maxLen: 65536 }, 16],
  [
    'largest: learned table 65536 × 56 (3.7 M parameters, 16 M floats)',
    { encoding: 'learned', maxLen: 65536, dModel: 56, heads: 2 },
    16,
  ],
  ['tiny (dModel 2, batch 1, length 2: fixed costs)', tiny, 2],
  ['tiny, 4 layers', { ...tiny, layers: 4 }, 2],
  ['dModel 2, batch 1024, length 2, 4 layers (per sequence)', { ...tiny, batch: 1024, layers: 4 }, 2],
  ['dModel 2, length 512 (attention scores)', { ...tiny, trainLength: [512, 512], maxEvalLength: 1024 }, 1024, 1024],
  ['dModel 16, 16 one-wide heads, length 128', { heads: 16, batch: 4, trainLength: [128, 128] }, 128],
  ['dModel 64, 4 heads, 4 layers, length 64', { dModel: 64, heads: 4, layers: 4, batch: 8, trainLength: [64, 64] }, 64],
  [
    'dModel 256, hidden 512, 4 layers (2 M parameters)',
    { dModel: 256, heads: 4, hidden: 512, layers: 4, batch: 4, trainLength: [16, 16] },
    64,
    64,
  ],
  [
    'dModel 64, 2 heads, 2 layers, maxEvalLength 1024',
    { dModel: 64, heads: 2, layers: 2, batch: 1, trainLength: [2, 2], maxEvalLength: 1024 },
    1024,
    1024,
  ],
  ['dModel 64, batch 1, maxEvalLength 1024 (clearing)', { ...tiny, dModel: 64, maxEvalLength: 1024 }, 8],
];

// The most a call may ask for, as its refusal of 10⁶ names it ("at most N steps|samples").
const mostOf = (call) => {
  try {
    call(1e6);
  } catch (error) {
    return Number(/at most (\d+) (steps|samples)/.exec(error.message)[1]);
  }
  return 1e6;
};
const timed = (call) => {
  const start = performance.now();
  call();
  return performance.now() - start;
};

// Per shape: creation, step and evaluate at their caps, attentionWeights on its longest tokens.
export function trainerCapFigures(lab) {
  const rows = [];
  for (const [label, options, length, probe] of TRAINERS) {
    lab.trainer(options).delete(); // warm-up: the memory it needs is grown once
    let run;
    const create = timed(() => (run = lab.trainer(options)));
    run.step(1);
    const steps = mostOf((n) => run.step(n));
    const step = timed(() => run.step(steps));
    const samples = mostOf((n) => run.evaluate({ length, samples: n }));
    const evaluate = timed(() => run.evaluate({ length, samples }));
    const tokens = Array.from({ length: probe ?? 0 }, (_, i) => 3 + (i % 5));
    const weights = probe ? timed(() => run.attentionWeights({ tokens })) : undefined;
    run.delete();
    rows.push({ label, create, steps, step, samples, length, evaluate, probe, weights });
  }
  return rows;
}

export async function capFigures(lab) {
  const rows = [];
  for (const [label, method, options] of AT_CAPS) {
    lab[method](options);
    const start = performance.now();
    lab[method](options);
    rows.push({ label, ms: performance.now() - start });
  }
  return rows;
}

// The scalar build, loaded as the JS API's fallback loads it.
async function scalarLab() {
  const { default: create } = await import('../../dist/pelab-scalar.mjs');
  const wasmBinary = await readFile(new URL('../../dist/pelab-scalar.wasm', import.meta.url));
  return new Lab(await create({ wasmBinary }), 'scalar');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lab = process.argv.includes('--scalar') ? await scalarLab() : await createLab();
  console.log(
    `${os.cpus()[0].model}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}; build ${lab.build}`,
  );
  if (!process.argv.includes('--trainers'))
    for (const { label, ms } of await capFigures(lab)) console.log(`${label.padEnd(44)} ${ms.toFixed(0)} ms`);
  const ms = (t) => `${t.toFixed(0)} ms`;
  for (const r of trainerCapFigures(lab)) {
    const probe = r.probe ? `, attentionWeights ${r.probe} tokens ${ms(r.weights)}` : '';
    console.log(
      `trainer ${r.label}: create ${ms(r.create)}, step(${r.steps}) ${ms(r.step)}, evaluate ${r.samples} × length ${r.length} ${ms(r.evaluate)}${probe}`,
    );
  }
  console.log(`load ${os.loadavg()[0].toFixed(1)} after`);
}

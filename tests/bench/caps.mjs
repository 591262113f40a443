// Every kernel at (or next to) its work cap, timed once after a warm-up call: the caps in limits.hpp
// promise about a second at most in wasm. Run alone (`node tests/bench/caps.mjs`) or from bench.mjs.
import { createLab } from 'positional-encoding-lab';

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

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const { label, ms } of await capFigures(await createLab()))
    console.log(`${label.padEnd(44)} ${ms.toFixed(0)} ms`);
}
